//! Compiles `uri.pest` into the fast recognizer (`$OUT_DIR/recognizer.rs`),
//! next to the pest_derive parser that pest generates from the same file.
//! See `build/codegen.rs` for the generator.

#[path = "build/codegen.rs"]
mod codegen;

use std::path::Path;

/// The rules whose spans the component layout needs.
const RECORD: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "IP_literal",
    "IPv6address",
    "IPvFuture",
    "HEXDIG",
    "IPv4address",
    "reg_name",
    "port",
    "path_abempty",
    "path_absolute",
    "path_noscheme",
    "path_rootless",
    "path_empty",
    "query",
    "fragment",
];

/// The anchored rules the typed parse functions start from, and the same
/// rules unanchored (error reports read the longest valid prefix).
const ENTRIES: &[&str] = &[
    "URI_reference_entry",
    "URI_entry",
    "absolute_URI_entry",
    "relative_ref_entry",
    "URI_reference",
    "URI",
    "absolute_URI",
    "relative_ref",
];

/// The sample grammar `tests/codegen.rs` checks the generator on.
const SAMPLE_RECORD: &[&str] = &["word", "num", "pair", "tagged", "hex", "runs", "runs1"];
const SAMPLE_ENTRIES: &[&str] = &[
    "top",
    "list_entry",
    "look_entry",
    "counted_entry",
    "runs_entry",
];

fn generate(grammar: &str, out: &str, config: codegen::Config<'_>) {
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    println!("cargo:rerun-if-changed={grammar}");
    let text =
        std::fs::read_to_string(grammar).unwrap_or_else(|e| panic!("cannot read {grammar}: {e}"));
    match codegen::generate(&text, &config) {
        Ok(code) => {
            let path = Path::new(&dir).join(out);
            std::fs::write(&path, code)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
        Err(message) => {
            eprintln!("error: cannot generate the recognizer from {grammar}:\n{message}");
            std::process::exit(1);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/codegen.rs");
    generate(
        "uri.pest",
        "recognizer.rs",
        codegen::Config {
            record: RECORD,
            entries: ENTRIES,
        },
    );
    generate(
        "tests/codegen/sample.pest",
        "sample_recognizer.rs",
        codegen::Config {
            record: SAMPLE_RECORD,
            entries: SAMPLE_ENTRIES,
        },
    );
}
