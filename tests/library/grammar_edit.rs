//! An edited `uri.pest`, built: the library is copied to a temporary
//! directory with its grammar edited, and built there.
//!
//! - An edit that breaks what the library relies on (`pchar` widened
//!   alone) fails the build, naming the invariant, the rule and the fix.
//! - An edit that keeps it (`pchar` and the rules that must follow it
//!   widened with `' '` and `'{'`), together with one whose rules no
//!   longer fit together (`hier_part` without `path_empty`, so `s:` is no
//!   URI though each of its components is valid), builds; the program
//!   `tests/grammar_edit/main.rs` then calls the builder, the setters,
//!   normalization, resolution, percent-encoding and the conversions on
//!   many inputs and finds no panic, the new characters accepted, and
//!   the builder's and the setters' disagreement with the grammar
//!   reported as a `BuildError`.
//!
//! The builds (pest_meta, the generator and the library, debug, under the
//! test target's temporary directory, offline with the workspace's
//! `Cargo.lock`) take about 5 s the first time on the 2-core VM of
//! `benches/README.md`, and 1 s after. A packaged crate has no generator
//! beside it to build with: there the test is skipped with a notice.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const PCHAR: &str = r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" }"#;
const PCHAR_WIDE: &str =
    r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" | " " | "{" }"#;
const SEGMENT_NZ_NC: &str =
    r#"segment_nz_nc = @{ (unreserved | pct_encoded | sub_delims | "@")+ }"#;
const SEGMENT_NZ_NC_WIDE: &str =
    r#"segment_nz_nc = @{ (unreserved | pct_encoded | sub_delims | "@" | " " | "{")+ }"#;
const IPCHAR: &str = r#"ipchar = @{ iunreserved | pct_encoded | sub_delims | ":" | "@" }"#;
const IPCHAR_WIDE: &str =
    r#"ipchar = @{ iunreserved | pct_encoded | sub_delims | ":" | "@" | " " | "{" }"#;
const ISEGMENT_NZ_NC: &str =
    r#"isegment_nz_nc = @{ (iunreserved | pct_encoded | sub_delims | "@")+ }"#;
const ISEGMENT_NZ_NC_WIDE: &str =
    r#"isegment_nz_nc = @{ (iunreserved | pct_encoded | sub_delims | "@" | " " | "{")+ }"#;
const HIER_PART_END: &str = "  | path_rootless\n  | path_empty\n}";
const HIER_PART_END_CUT: &str = "  | path_rootless\n}";

/// Copies `from` (a file or a directory) to `to`.
fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            copy(&entry.path(), &to.join(entry.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    }
}

/// The library's manifest without what a build of the library alone does
/// not need (tests, benchmarks, examples, the workspace), as a crate of
/// its own.
fn library_manifest(root: &Path) -> String {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut out = String::new();
    let mut keep = true;
    for line in manifest.lines() {
        if line.starts_with('[') {
            keep = !(line.starts_with("[dev-dependencies")
                || line.starts_with("[[")
                || line.starts_with("[workspace")
                || line.starts_with("[profile"));
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("\n[workspace]\n");
    out
}

/// The library copied into `dir/peguri`, and the program into
/// `dir/program`, which depends on it.
fn set_up(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let library = dir.join("peguri");
    std::fs::create_dir_all(library.join("codegen")).unwrap();
    for file in [
        "build.rs",
        "README.md",
        "uri.pest",
        "iri.pest",
        "rfc6874.pest",
    ] {
        copy(&root.join(file), &library.join(file));
    }
    for file in [
        "split.pest",
        "rfc6570.pest",
        "src",
        "schemes",
        "codegen/src",
        "codegen/Cargo.toml",
        "codegen/README.md",
    ] {
        copy(&root.join(file), &library.join(file));
    }
    std::fs::write(library.join("Cargo.toml"), library_manifest(root)).unwrap();
    let program = dir.join("program");
    std::fs::create_dir_all(program.join("src")).unwrap();
    copy(
        &root.join("tests/grammar_edit/main.rs"),
        &program.join("src/main.rs"),
    );
    std::fs::write(
        program.join("Cargo.toml"),
        "[package]\nname = \"grammar-edit\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
         publish = false\n\n[dependencies]\npeguri = { path = \"../peguri\" }\n\n[workspace]\n",
    )
    .unwrap();
    // The versions the workspace builds with, so that nothing is fetched.
    copy(&root.join("Cargo.lock"), &program.join("Cargo.lock"));
    library.join("uri.pest")
}

/// `uri.pest` with each `(old, new)` edit made.
fn edit(grammar: &Path, stock: &str, edits: &[(&str, &str)]) {
    let mut text = stock.to_owned();
    for (old, new) in edits {
        assert!(text.contains(old), "uri.pest has no {old:?}");
        text = text.replacen(old, new, 1);
    }
    std::fs::write(grammar, text).unwrap();
}

/// Runs the program (building the library first): its status and output.
fn run(dir: &Path) -> (bool, String) {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("grammar-edit");
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args(["run", "--offline", "--quiet", "--manifest-path"])
        .arg(dir.join("program/Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

#[test]
fn stock_grammar_edits_build_and_nothing_panics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join("codegen/Cargo.toml").exists() || !root.join("Cargo.lock").exists() {
        eprintln!(
            "skipped: {} has no generator (codegen/) or Cargo.lock to build an edited \
             grammar with (a packaged crate)",
            root.display()
        );
        return;
    }
    let started = Instant::now();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("grammar-edit-crate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let grammar = set_up(&dir);
    let stock = peguri::grammar::GRAMMAR;

    // `pchar` widened alone: `segment_nz_nc` would no longer be `pchar`
    // without ':', which the builder's section 4.2 check relies on.
    edit(&grammar, stock, &[(PCHAR, PCHAR_WIDE)]);
    let (ok, output) = run(&dir);
    assert!(!ok, "the build did not fail:\n{output}");
    for needle in [
        "breaks what the library relies on",
        "invariant \"segment-nz-nc is pchar without ':'\" does not hold: only `pchar` accepts ' ', '{'",
        "To fix it: edit `segment_nz_nc` with `pchar`",
        "Editing uri.pest",
    ] {
        assert!(output.contains(needle), "{needle:?} not in:\n{output}");
    }

    // The classes widened alike, and `hier_part` cut.
    edit(
        &grammar,
        stock,
        &[
            (PCHAR, PCHAR_WIDE),
            (SEGMENT_NZ_NC, SEGMENT_NZ_NC_WIDE),
            (HIER_PART_END, HIER_PART_END_CUT),
        ],
    );
    std::fs::write(
        grammar.with_file_name("iri.pest"),
        peguri::grammar::IRI_GRAMMAR
            .replacen(IPCHAR, IPCHAR_WIDE, 1)
            .replacen(ISEGMENT_NZ_NC, ISEGMENT_NZ_NC_WIDE, 1),
    )
    .unwrap();
    let (ok, output) = run(&dir);
    assert!(ok, "{output}");
    assert!(output.contains(" calls, 0 problems"), "{output}");
    eprintln!(
        "the edited grammar: {} ({:.0} s with the builds)",
        output.trim(),
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
