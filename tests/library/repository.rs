//! Rules over the repository's files rather than the library's code: no
//! Rust source of the workspace is over 1,200 lines, proptest's seeds are
//! in one folder, each file read by the property tests it belongs to, and
//! no code names a tracker issue.

use std::path::{Path, PathBuf};

/// The longest a Rust source file of the workspace may be.
const MAX_LINES: usize = 1200;

/// The repository's root, where the library's manifest is.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Folders that hold no file of the repository's own: build output, other
/// tools' files and hidden folders.
fn foreign(name: &str) -> bool {
    name.starts_with('.') || matches!(name, "target" | "node_modules")
}

/// Every file and folder under `dir` but foreign ones, and those in folders
/// `skip` names.
fn walk(dir: &Path, skip: &dyn Fn(&str) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() && (foreign(&name) || skip(&name)) {
            continue;
        }
        out.push(path.clone());
        if path.is_dir() {
            walk(&path, skip, out);
        }
    }
}

/// Every `.rs` file under `dir`, but those in foreign folders and those in
/// folders `skip` names.
fn rust_files(dir: &Path, skip: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut all = Vec::new();
    walk(dir, skip, &mut all);
    all.retain(|path| path.is_file() && path.extension().is_some_and(|e| e == "rs"));
    all
}

/// No Rust source of the workspace is over 1,200 lines: a concern that
/// needs more is split into modules of its own. This covers every crate's
/// sources (`src/`, `cli/src`, `arrow/src`, `datafusion/src`, `python/src`,
/// `codegen/src`), the benchmarks and their tools (`benches/`,
/// `cli/benches`, ...), `build.rs` and the fuzz targets: every `.rs` file
/// of the repository outside `target`, hidden folders and `node_modules`.
/// Tests (any `tests/` folder) are excepted: they are not built into
/// anything a user runs.
#[test]
fn no_source_file_is_over_1200_lines() {
    let files = rust_files(root(), &|folder| folder == "tests");
    // The walk reaches every source folder present (the published crate
    // holds only the library's).
    for folder in [
        "src",
        "benches",
        "cli/src",
        "cli/benches",
        "arrow/src",
        "datafusion/src",
        "python/src",
        "codegen/src",
        "fuzz/fuzz_targets",
    ] {
        let dir = root().join(folder);
        if dir.is_dir() {
            assert!(
                files.iter().any(|f| f.starts_with(&dir)),
                "no Rust file found under {folder}"
            );
        }
    }
    assert!(
        files.contains(&root().join("build.rs")),
        "build.rs not found"
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            let shown = path.strip_prefix(root()).unwrap_or(path).display();
            (lines > MAX_LINES).then(|| format!("{shown} ({lines} lines)"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines (split them by concern): {long:#?}"
    );
}

/// The folder of proptest's seeds.
const SEEDS: &str = "tests/proptest-regressions";

/// The seed file of the property tests in `source` (a path from the
/// repository's root): the same path without `.rs` and without a leading
/// `tests/`, under [`SEEDS`] (`tests/library/builder.rs` has
/// `tests/proptest-regressions/library/builder.txt`).
fn seed_file(source: &Path) -> PathBuf {
    let source = source.strip_prefix("tests").unwrap_or(source);
    Path::new(SEEDS).join(source).with_extension("txt")
}

/// proptest keeps the seeds of past failures in one folder,
/// `tests/proptest-regressions/`: nothing else in the repository is named
/// like a folder or file of seeds, every `proptest!` block names its
/// file there (`seeds::proptest_config` in this binary), and every seed
/// file belongs to a source that has property tests, so that no seed sits
/// where nothing reads it.
#[test]
fn proptest_seeds_are_in_one_folder_and_read() {
    let mut everything = Vec::new();
    walk(root(), &|_| false, &mut everything);
    let mut problems: Vec<String> = everything
        .iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(root()).ok()?;
            let name = relative.file_name()?.to_string_lossy();
            let seeds = name == "proptest-regressions" || name.ends_with(".proptest-regressions");
            (seeds && relative != Path::new(SEEDS))
                .then(|| format!("{}: seeds outside {SEEDS}", relative.display()))
        })
        .collect();
    let mut with_properties = Vec::new();
    for path in rust_files(root(), &|_| false) {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let blocks = text.matches("proptest! {").count();
        if blocks == 0 || path.ends_with("tests/library/repository.rs") {
            continue;
        }
        let relative = path.strip_prefix(root()).unwrap_or(&path).to_path_buf();
        let seeds = seed_file(&relative);
        let named = text.matches(&*seeds.to_string_lossy()).count();
        if named != blocks {
            problems.push(format!(
                "{}: {blocks} proptest! blocks, {named} naming {}",
                relative.display(),
                seeds.display()
            ));
        }
        with_properties.push(seeds);
    }
    assert!(
        with_properties.len() > 10,
        "only {} files with property tests found",
        with_properties.len()
    );

    let mut files = Vec::new();
    walk(&root().join(SEEDS), &|_| false, &mut files);
    for file in files.iter().filter(|f| f.is_file()) {
        let relative = file.strip_prefix(root()).unwrap_or(file);
        // The published crate holds the seeds of every crate but only the
        // library's sources: the seeds of the library's tests (`library/`)
        // and sources (`src/`) are always checked, another crate's
        // (`codegen/`) where that crate is present.
        let first = relative
            .strip_prefix(SEEDS)
            .ok()
            .and_then(|r| r.components().next())
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .unwrap_or_default();
        let present = first == "library" || first == "src" || root().join(&first).is_dir();
        if present && !with_properties.iter().any(|seeds| seeds == relative) {
            problems.push(format!(
                "{} belongs to no source with property tests",
                relative.display()
            ));
        }
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let mut seeds = 0;
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let seed = line.strip_prefix("cc ").unwrap_or_default();
            if seed.len() == 64 && seed.bytes().all(|b| b.is_ascii_hexdigit()) {
                seeds += 1;
            } else {
                problems.push(format!("{}: not a seed: {line:?}", relative.display()));
            }
        }
        if seeds == 0 {
            problems.push(format!("{} holds no seed", relative.display()));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Where a line of code names a tracker issue: the word `issue` in any
/// case, a space and a number, but not after a possessive (`tiny_http's`
/// names another project's tracker, which a reader can find).
fn names_an_issue(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.match_indices("issue ").any(|(at, word)| {
        let after = lower[at + word.len()..].bytes().next();
        let before = lower[..at].trim_end();
        after.is_some_and(|b| b.is_ascii_digit()) && !before.ends_with("'s")
    })
}

/// Code and tests say which property they hold, never which tracker issue
/// asked for it: the tracker is no part of the repository, and its numbers
/// tell a reader nothing. Every Rust file of the workspace and the Python
/// package's own files are read.
#[test]
fn no_code_names_a_tracker_issue() {
    let mut files = rust_files(root(), &|_| false);
    for folder in [
        "python/peguri",
        "python/tests",
        "python/benches",
        "python/examples",
    ] {
        let mut python = Vec::new();
        walk(&root().join(folder), &|_| false, &mut python);
        files.extend(
            python
                .into_iter()
                .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "py" || e == "pyi")),
        );
    }
    assert!(
        files.contains(&root().join("tests/library/repository.rs")),
        "the walk found no test file"
    );
    let mut problems = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if names_an_issue(line) {
                let shown = path.strip_prefix(root()).unwrap_or(path).display();
                problems.push(format!("{shown}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "name the property instead of the issue: {problems:#?}"
    );
}

#[test]
fn an_issue_number_is_seen_and_another_projects_is_not() {
    // Written in two pieces, so that this file does not name one itself.
    assert!(names_an_issue(concat!(
        "/// Issue",
        " 38: a worker was killed"
    )));
    assert!(names_an_issue(concat!("// the cases of issue", " 42.")));
    assert!(!names_an_issue("(tiny_http's issue 56, open since 2015)"));
    assert!(!names_an_issue("an issue with 3 parts"));
    assert!(!names_an_issue("issue"));
}
