//! End-to-end JSON Lines throughput of `peguri parse`: the CLI's own loop
//! (its `parse::records` module, compiled in here) over the shared corpus, side by
//! side with a minimal program that parses with fluent-uri and writes the
//! same JSON objects with serde_json.
//!
//! `cargo bench --bench jsonl`

use std::io::{self, Write};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde::ser::{Serialize, SerializeStruct, Serializer};

#[allow(dead_code)]
#[path = "../src/parse/records.rs"]
mod cli_parse;

#[allow(dead_code)]
#[path = "../src/input.rs"]
mod cli_input;

/// The JSON helpers `parse::records` writes with.
#[allow(dead_code)]
#[path = "../src/json.rs"]
mod json;

/// The corpus as one newline-separated buffer: the shared corpus when
/// present, a generated one otherwise.
fn corpus() -> (Vec<u8>, u64) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus");
    let mut text = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut paths: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for path in paths {
            let mut bytes = std::fs::read(path).unwrap_or_default();
            if !bytes.ends_with(b"\n") {
                bytes.push(b'\n');
            }
            text.extend_from_slice(&bytes);
        }
    }
    if text.is_empty() {
        for i in 0..50_000 {
            writeln!(
                text,
                "https://host{}.example.com/path/{i}/page.html?q={i}#s",
                i % 97
            )
            .unwrap();
        }
    }
    let lines = text.iter().filter(|&&b| b == b'\n').count() as u64;
    (text, lines)
}

fn peguri_jsonl(input: &[u8], out: impl Write) -> io::Result<bool> {
    let mut parser = cli_parse::Parser::new(out, cli_parse::ParseOptions::default());
    cli_input::for_each_line_bytes(input, |line| parser.line(line))?;
    Ok(parser.finish()?.0)
}

/// The same JSON object as peguri's, from fluent-uri's parse.
struct FluentReport<'a>(
    &'a str,
    Result<fluent_uri::UriRef<&'a str>, fluent_uri::ParseError>,
);

struct FluentAuthority<'a>(fluent_uri::component::Authority<'a>);

impl Serialize for FluentAuthority<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use fluent_uri::component::Host;
        let a = &self.0;
        let mut st = s.serialize_struct("Authority", 4)?;
        st.serialize_field("userinfo", &a.userinfo().map(|u| u.as_str()))?;
        st.serialize_field("host", a.host())?;
        let kind = match a.host_parsed() {
            Host::Ipv4 { .. } => "ipv4",
            Host::Ipv6 { .. } => "ipv6",
            Host::IpvFuture { .. } => "ipvfuture",
            _ => "reg-name",
        };
        st.serialize_field("host_kind", kind)?;
        st.serialize_field("port", &a.port().map(|p| p.as_str()))?;
        st.end()
    }
}

struct FluentError {
    offset: usize,
    message: String,
}

impl Serialize for FluentError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Error", 2)?;
        st.serialize_field("offset", &self.offset)?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

impl Serialize for FluentReport<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.1 {
            Ok(u) => {
                let mut st = s.serialize_struct("Components", 8)?;
                st.serialize_field("input", self.0)?;
                st.serialize_field("valid", &true)?;
                st.serialize_field(
                    "rule",
                    if u.scheme().is_some() {
                        "URI"
                    } else {
                        "relative-ref"
                    },
                )?;
                st.serialize_field("scheme", &u.scheme().map(|x| x.as_str()))?;
                st.serialize_field("authority", &u.authority().map(FluentAuthority))?;
                st.serialize_field("path", u.path().as_str())?;
                st.serialize_field("query", &u.query().map(|q| q.as_str()))?;
                st.serialize_field("fragment", &u.fragment().map(|f| f.as_str()))?;
                st.end()
            }
            Err(e) => {
                let mut st = s.serialize_struct("Invalid", 3)?;
                st.serialize_field("input", self.0)?;
                st.serialize_field("valid", &false)?;
                st.serialize_field(
                    "error",
                    &FluentError {
                        offset: e.index(),
                        message: e.to_string(),
                    },
                )?;
                st.end()
            }
        }
    }
}

fn fluent_jsonl(input: &[u8], mut out: impl Write) -> io::Result<bool> {
    let mut all_valid = true;
    // The same line reader as the CLI's, so only parsing and writing differ.
    cli_input::for_each_line(input, |line| {
        let report = FluentReport(line, fluent_uri::UriRef::parse(line));
        all_valid &= report.1.is_ok();
        serde_json::to_writer(&mut out, &report)?;
        out.write_all(b"\n")
    })?;
    out.flush()?;
    Ok(all_valid)
}

fn bench(c: &mut Criterion) {
    let (input, lines) = corpus();
    // Both write the same objects for valid lines.
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    peguri_jsonl(&input, &mut ours).unwrap();
    fluent_jsonl(&input, &mut theirs).unwrap();
    let same = ours
        .split(|&b| b == b'\n')
        .zip(theirs.split(|&b| b == b'\n'))
        .filter(|(a, b)| a == b)
        .count();
    eprintln!("jsonl: {lines} lines, {same} identical output lines");

    let mut group = c.benchmark_group("jsonl");
    group.throughput(Throughput::Elements(lines));
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(5));
    group.bench_function("peguri parse", |b| {
        b.iter(|| peguri_jsonl(&input, io::sink()).unwrap())
    });
    group.bench_function("fluent-uri + serde_json", |b| {
        b.iter(|| fluent_jsonl(&input, io::sink()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
