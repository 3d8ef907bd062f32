//! Helpers of the CLI tests: the library tests' helpers for `../shared`,
//! and running the binary.

#![allow(dead_code)]

#[path = "../../../tests/library/common.rs"]
mod vectors;

pub use vectors::*;

/// Runs the `peguri` binary with `args`, writes `stdin` to it from another
/// thread (a large input would otherwise fill the pipes both ways and
/// deadlock), and collects its output.
pub fn run_peguri(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_peguri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("peguri runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // peguri may exit before reading everything (usage errors).
        let _ = input.write_all(&bytes);
    });
    let output = child.wait_with_output().expect("peguri finishes");
    writer.join().expect("the stdin writer finishes");
    output
}
