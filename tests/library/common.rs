//! Helpers shared by the data-driven tests: finding `../shared`, loading its
//! JSON vectors, and checking results against an expected-failures file.
//!
//! `../shared` exists in the development checkout and in CI, not on a user's
//! machine. Under `CI=true` a missing file fails the test; elsewhere the test
//! prints a notice and passes without checking anything.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Writes a line to stderr past the test harness's output capture (which
/// only takes `print!`/`eprint!`), so summaries and skip notices show in a
/// plain `cargo test` run.
pub fn notice(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The path of `../shared/<rel>` beside the crate, if it exists. Panics when
/// it is missing under `CI=true`; prints a notice otherwise.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    let path = Path::new(crate::SHARED_DIR).join(rel);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("{} is missing, and CI=true requires it", path.display());
    }
    notice(&format!(
        "notice: skipping the checks over ../shared/{rel}: {} not found",
        path.display()
    ));
    None
}

/// The records of a JSON array file under `../shared`, if present.
pub fn shared_records(rel: &str) -> Option<Vec<serde_json::Value>> {
    let path = shared_file(rel)?;
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let value: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    match value {
        serde_json::Value::Array(records) => Some(records),
        serde_json::Value::Object(mut map) => {
            // Tolerate `{"records": [...]}`-style wrappers.
            let records = map
                .values_mut()
                .find_map(|v| v.as_array_mut().map(std::mem::take));
            Some(records.unwrap_or_else(|| panic!("{} holds no array", path.display())))
        }
        _ => panic!("{} holds no array", path.display()),
    }
}

/// A checked-in list of known disagreements: one per line, the key as a
/// JSON string, then the reason. Lines starting with `#` are comments.
pub struct ExpectedFailures {
    name: String,
    entries: BTreeMap<String, String>,
}

impl ExpectedFailures {
    /// Loads `tests/expected_failures/<name>.txt` (missing means empty).
    pub fn load(name: &str) -> Self {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/expected_failures")
            .join(format!("{name}.txt"));
        let mut entries = BTreeMap::new();
        if let Ok(text) = std::fs::read_to_string(&path) {
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let mut stream = serde_json::Deserializer::from_str(line).into_iter::<String>();
                let key = match stream.next() {
                    Some(Ok(key)) => key,
                    _ => panic!(
                        "{}:{}: a line must start with a JSON string",
                        path.display(),
                        n + 1
                    ),
                };
                let reason = line[stream.byte_offset()..].trim().to_owned();
                assert!(
                    !reason.is_empty(),
                    "{}:{}: every expected failure needs a reason",
                    path.display(),
                    n + 1
                );
                entries.insert(key, reason);
            }
        }
        ExpectedFailures {
            name: name.to_owned(),
            entries,
        }
    }
}

/// Tallies the outcome of each record and, at the end, fails on any
/// unexpected failure or on an expected failure that now passes (so the
/// list only shrinks).
pub struct Tally {
    file: String,
    expected: ExpectedFailures,
    passed: usize,
    left_out: usize,
    known: usize,
    unexpected: Vec<String>,
    fixed: Vec<String>,
}

impl Tally {
    pub fn new(file: &str, expected: ExpectedFailures) -> Self {
        Tally {
            file: file.to_owned(),
            expected,
            passed: 0,
            left_out: 0,
            known: 0,
            unexpected: Vec::new(),
            fixed: Vec::new(),
        }
    }

    /// A record the test leaves out on purpose (for example one marked
    /// `"rfc3986_conformant": false`).
    pub fn leave_out(&mut self) {
        self.left_out += 1;
    }

    /// Records one check: `Ok(())` passed, `Err(why)` failed.
    pub fn record(&mut self, key: &str, outcome: Result<(), String>) {
        let known = self.expected.entries.contains_key(key);
        match (outcome, known) {
            (Ok(()), false) => self.passed += 1,
            (Ok(()), true) => self.fixed.push(key.to_owned()),
            (Err(_), true) => self.known += 1,
            (Err(why), false) => self.unexpected.push(format!("{key:?}: {why}")),
        }
    }

    /// Prints the summary and panics if anything unexpected happened.
    pub fn finish(self) {
        notice(&format!(
            "{}: {} passed, {} failed, {} expected failures, {} left out",
            self.file,
            self.passed,
            self.unexpected.len(),
            self.known,
            self.left_out
        ));
        self.write_summary();
        let mut problems = Vec::new();
        if !self.unexpected.is_empty() {
            problems.push(format!(
                "{} unexpected failures in {} (add to tests/expected_failures/{}.txt with a reason, or fix):\n  {}",
                self.unexpected.len(),
                self.file,
                self.expected.name,
                self.unexpected.join("\n  ")
            ));
        }
        if !self.fixed.is_empty() {
            problems.push(format!(
                "{} expected failures now pass; remove them from tests/expected_failures/{}.txt:\n  {}",
                self.fixed.len(),
                self.expected.name,
                self.fixed.join("\n  ")
            ));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}

impl Tally {
    /// Leaves this check's counts and known disagreements where the
    /// conformance report (`cargo run --example conformance`) reads them:
    /// `target/tmp/conformance/<check>.json`.
    fn write_summary(&self) {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("conformance");
        let disagreements: Vec<serde_json::Value> = self
            .expected
            .entries
            .iter()
            .map(|(key, reason)| serde_json::json!({"key": key, "reason": reason}))
            .collect();
        let summary = serde_json::json!({
            "check": self.expected.name,
            "file": self.file,
            "passed": self.passed,
            "failed": self.unexpected.len(),
            "expected_failures": self.known,
            "left_out": self.left_out,
            "disagreements": disagreements,
        });
        let written = std::fs::create_dir_all(&dir).and_then(|()| {
            let name = format!("{}--{}.json", self.expected.name, self.file);
            std::fs::write(dir.join(name), summary.to_string())
        });
        if let Err(e) = written {
            notice(&format!("notice: conformance summary not written: {e}"));
        }
    }
}

/// The string value of `record[field]`, if it is a string.
pub fn str_field<'a>(record: &'a serde_json::Value, field: &str) -> Option<&'a str> {
    record.get(field).and_then(|v| v.as_str())
}

/// Whether `record[field]` is the boolean `false`.
pub fn is_false(record: &serde_json::Value, field: &str) -> bool {
    record.get(field).and_then(|v| v.as_bool()) == Some(false)
}
