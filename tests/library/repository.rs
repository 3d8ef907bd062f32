//! Rules over the repository's files rather than the library's code: no
//! Rust source of the workspace is over 1,200 lines.

use std::path::{Path, PathBuf};

/// The longest a Rust source file of the workspace may be.
const MAX_LINES: usize = 1200;

/// The repository's root, where the library's manifest is.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Folders that hold no source of the workspace: build output, other
/// tools' files, hidden folders, and tests.
fn skipped(name: &str) -> bool {
    name.starts_with('.') || matches!(name, "target" | "node_modules" | "tests")
}

/// Every `.rs` file under `dir`, but those in skipped folders.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if !skipped(&name.to_string_lossy()) {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
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
    let mut files = Vec::new();
    rust_files(root(), &mut files);
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
