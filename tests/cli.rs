//! The `peguri parse` command: its JSON contract, exit codes and stdin mode.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn peguri() -> Command {
    Command::new(env!("CARGO_BIN_EXE_peguri"))
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    common::run_peguri(args, stdin.unwrap_or_default())
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn parse_prints_the_json_contract() {
    let out = run(&["parse", "http://user@example.com:8080/p?q#f"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_lines(&out),
        [
            r#"{"input":"http://user@example.com:8080/p?q#f","valid":true,"rule":"URI","scheme":"http","authority":{"userinfo":"user","host":"example.com","host_kind":"reg-name","port":"8080"},"path":"/p","query":"q","fragment":"f"}"#
        ]
    );
}

#[test]
fn parse_reports_invalid_input_with_exit_1() {
    let out = run(&["parse", "a:b", "http://h/a b"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[1],
        r#"{"input":"http://h/a b","valid":false,"error":{"offset":10,"column":11,"expected":["path character","'/'","'?'","'#'","end of input"],"message":"invalid character ' ' in path"}}"#
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = run(&["parse", "--no-such-flag"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["no-such-command"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn stdin_handles_bom_crlf_and_empty_lines() {
    let out = run(&["parse"], Some(b"\xEF\xBB\xBFhttp://a/\r\n\r\n//h\n"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3);
    let values: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values[0]["input"], "http://a/");
    assert_eq!(values[1]["input"], "");
    assert_eq!(values[1]["rule"], "relative-ref");
    assert_eq!(values[2]["authority"]["host"], "h");
}

#[test]
fn invalid_utf8_on_stdin_is_an_invalid_line() {
    let out = run(&["parse"], Some(b"http://h/\xff\n"));
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout_lines(&out)[0]).unwrap();
    assert_eq!(value["valid"], false);
}

#[test]
fn closed_pipe_ends_quietly() {
    let mut child = peguri()
        .arg("parse")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Enough lines to overflow any pipe buffer; stop when peguri is gone.
        for i in 0..200_000 {
            if writeln!(stdin, "http://example.com/{i}").is_err() {
                break;
            }
        }
    });
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.contains("http://example.com/0"));
    drop(reader); // like `| head -1`
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn help_shows_an_example() {
    let out = run(&["parse", "--help"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Example"));
}
