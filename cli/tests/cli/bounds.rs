//! What no input can make a command do: write more than in proportion to
//! the input, run a user's grammar without bounds, or echo a control
//! character to the terminal.

use crate::common::run_peguri;

use std::path::PathBuf;
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peguri-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// Where each path that runs a user's grammar takes it, with `input` as
/// its input.
fn grammar_paths(name: &str, grammar: &str, input: &str) -> Vec<(&'static str, Output)> {
    let file = temp_file(name, grammar);
    let file = file.to_str().unwrap();
    let stdin = format!("{input}\n");
    vec![
        (
            "parse --rule --grammar",
            run_peguri(
                &["parse", "--rule", "a", "--grammar", file],
                stdin.as_bytes(),
            ),
        ),
        (
            "tree --grammar",
            run_peguri(
                &["tree", "--rule", "a", "--grammar", file],
                stdin.as_bytes(),
            ),
        ),
        (
            "tree --grammar --format json",
            run_peguri(
                &["tree", "--rule", "a", "--grammar", file, "--format", "json"],
                stdin.as_bytes(),
            ),
        ),
        (
            "grammar diff",
            run_peguri(
                &["grammar", "diff", "--rule", "a", file, file],
                stdin.as_bytes(),
            ),
        ),
        (
            "grammar coverage",
            // Its length limit, which comes first, out of the way.
            run_peguri(
                &[
                    "grammar",
                    "coverage",
                    "--rule",
                    "a",
                    "--grammar",
                    file,
                    "--max-input-bytes",
                    "10000000",
                ],
                stdin.as_bytes(),
            ),
        ),
    ]
}

#[test]
fn every_path_that_runs_a_grammar_stops_an_exponential_one() {
    // 2^26 ways to fail: 8.6 s and 528 MB on this input without a bound.
    let grammar = "a = { (\"x\" ~ a ~ \"z\" | \"x\" ~ a ~ \"y\" | \"x\") }\n";
    for (path, out) in grammar_paths("exponential.pest", grammar, &"x".repeat(26)) {
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(
            all.contains("stopped at pest's call limit (26000 calls for this input): the grammar backtracks too much for it"),
            "{path}: {all}"
        );
        assert_ne!(out.status.code(), Some(101), "{path}: {all}");
    }
}

#[test]
fn every_path_that_runs_a_grammar_stops_a_deep_one() {
    // Nesting as deep as the input: it overflowed the main thread's stack
    // and aborted.
    let grammar = "a = { \"(\" ~ a ~ \")\" | \"\" }\n";
    // Deeper than the stack budget allows in any build (a release build
    // has smaller frames than a debug one).
    let input = format!("{}{}", "(".repeat(1_000_000), ")".repeat(1_000_000));
    for (path, out) in grammar_paths("deep.pest", grammar, &input) {
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(
            all.contains(
                "stopped at the stack budget (128 MiB): the grammar recurses too deeply for this input"
            ),
            "{path}: {}",
            &all[..all.len().min(2_000)]
        );
        assert_ne!(out.status.code(), Some(101), "{path}");
    }
}

