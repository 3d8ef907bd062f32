//! Records that reach a pipe as they are made (`--line-buffered`), stderr
//! that stays quiet on dirty input (nothing per input with JSON, one line
//! with `--quiet`), and `--exit-zero`.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

/// Runs `peguri args` with its stdin and stdout as pipes, writes `first`,
/// and reads the first line of output while stdin stays open: it must
/// come before `second` is written (within the timeout), then after it
/// the rest.
#[track_caller]
fn first_line_before_the_second_input(args: &[&str], first: &str, second: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_peguri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("peguri runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let output = child.stdout.take().expect("stdout is piped");
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            if lines.send(line.expect("a line of output")).is_err() {
                break;
            }
        }
    });
    writeln!(input, "{first}").expect("the first line is written");
    input.flush().expect("the first line is sent");
    let record = received.recv_timeout(Duration::from_secs(20));
    // Whatever came, end the child before judging.
    let _ = writeln!(input, "{second}");
    drop(input);
    let status = child.wait().expect("peguri ends");
    reader.join().expect("the reader ends");
    let record = record
        .unwrap_or_else(|_| panic!("{args:?}: no record before the second input line was written"));
    assert!(status.code().is_some(), "{args:?} ended by a signal");
    let rest: Vec<String> = received.try_iter().collect();
    assert!(!rest.is_empty(), "{args:?}: nothing for the second line");
    record
}

/// Every command that writes a record per input line flushes it with
/// `--line-buffered`: its reader gets it while the next input line is
/// still to come (`tail -f log | peguri parse --line-buffered`).
#[test]
fn line_buffered_records_reach_a_pipe_before_the_next_input() {
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["parse"],
            "http://a/",
            r#"{"input":"http://a/","valid":true"#,
        ),
        (
            &["parse", "--format", "tsv", "--fields", "host"],
            "http://a/",
            "a",
        ),
        (
            &["parse", "--only-invalid"],
            "a b",
            r#"{"input":"a b","valid":false"#,
        ),
        (
            &["parse", "--rule", "host"],
            "a",
            r#"{"input":"a","valid":true"#,
        ),
        (&["normalize"], "HTTP://A/", "http://a/"),
        (
            &["normalize", "--json"],
            "a b",
            r#"{"input":"a b","valid":false"#,
        ),
        (&["resolve", "http://a/b/c"], "../g", "http://a/g"),
        (&["relative", "http://a/b/c"], "http://a/b/d", "d"),
        (&["check"], "http://a/", "http://a/: no findings"),
        (
            &["check", "--json"],
            "javascript:x",
            r#"{"input":"javascript:x""#,
        ),
        (&["split"], "a:b", r#"{"input":"a:b","scheme":"a""#),
        (&["whatwg", "--format", "tsv"], "https://a/", "https://a/"),
        (
            &["match", "-t", "/u/{id}"],
            "/u/7",
            r#"{"uri":"/u/7","matched":true"#,
        ),
        (&["template", "--var", "x=1"], "/{x}", "/1"),
        (&["explain", "--ascii"], "a:b", "hierarchical part"),
    ];
    for (args, first, expected) in cases {
        let mut args = args.to_vec();
        args.push("--line-buffered");
        let record = first_line_before_the_second_input(&args, first, "b c");
        assert!(
            record.starts_with(expected),
            "{args:?}: {record:?} should start with {expected:?}"
        );
    }
}

/// With JSON records, stderr says nothing about each input: the record
/// holds the error.
#[test]
fn json_records_hold_the_errors_and_stderr_stays_empty() {
    let dirty = "http://a/\nbad ref\nhttp://b/c d\n\u{00e9}\n";
    for args in [
        &["normalize", "--json"][..],
        &["check", "--json"],
        &["resolve", "--json", "http://a/"],
        &["relative", "--json", "http://a/"],
        &["parse"],
        &["match", "-t", "/{x}"],
    ] {
        let out = common::run_peguri(args, dirty.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let records: Vec<serde_json::Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        assert_eq!(records.len(), 4, "{args:?}");
        assert_eq!(records[1]["error"]["kind"], "invalid_char", "{args:?}");
        assert_eq!(records[1]["error"]["component"], "path", "{args:?}");
        // The once-per-run hint about --iri is all there is.
        let said = stderr(&out);
        assert!(
            said.is_empty() || said.starts_with("hint: ") && said.lines().count() == 1,
            "{args:?}: {said}"
        );
    }
}

/// In text, each error keeps its caret display on stderr; when stdout
/// and stderr are one pipe (`2>&1`), each follows its input's line.
#[test]
fn text_output_keeps_each_error_after_its_line() {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "printf 'HTTP://A/\\nbad ref\\nhttp://b/\\n' | '{}' normalize 2>&1",
            env!("CARGO_BIN_EXE_peguri")
        ))
        .output()
        .expect("sh runs");
    assert_eq!(
        stdout(&out),
        "http://a/\n<invalid>\npeguri: invalid URI-reference: invalid character ' ' in path at \
         byte 3 (column 4)\n  bad ref\n     ^\nhttp://b/\n"
    );
    // Apart, stderr has the same, and stdout the lines alone.
    let out = common::run_peguri(&["normalize"], b"HTTP://A/\nbad ref\n");
    assert_eq!(stdout(&out), "http://a/\n<invalid>\n");
    assert_eq!(
        stderr(&out),
        "peguri: invalid URI-reference: invalid character ' ' in path at byte 3 (column 4)\n  \
         bad ref\n     ^\n"
    );
}

/// `--quiet`: one line at the end, counting the invalid inputs (with
/// thousands separators) and naming the first; nothing when all are
/// valid. The records are as without it.
#[test]
fn quiet_says_one_line_at_the_end() {
    let mut input = String::new();
    for i in 1..=2000 {
        input.push_str(if i % 2 == 0 {
            "bad ref\n"
        } else {
            "http://a/\n"
        });
    }
    for args in [
        &["normalize", "--quiet"][..],
        &["normalize", "-q", "--json"],
        &["resolve", "--quiet", "http://a/"],
    ] {
        let out = common::run_peguri(args, input.as_bytes());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stdout(&out).lines().count(), 2000, "{args:?}");
        assert_eq!(
            stderr(&out),
            "peguri: 1,000 invalid of 2,000; first at line 2\n",
            "{args:?}"
        );
    }
    let out = common::run_peguri(&["normalize", "--quiet", "http://a/", "a b"], b"");
    assert_eq!(
        stderr(&out),
        "peguri: 1 invalid of 2; first at argument 2\n"
    );
    let out = common::run_peguri(&["normalize", "--quiet"], b"http://a/\n");
    assert_eq!((out.status.code(), stderr(&out)), (Some(0), String::new()));
    // `check` counts the inputs with a warning too, and not its findings'
    // messages.
    let out = common::run_peguri(
        &["check", "--quiet"],
        b"http://a/\nhttp://u:pw@h/\nbad ref\njavascript:x\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://a/: no findings\nhttp://u:pw@h/: warning[password-in-userinfo]\n<invalid>\n\
         javascript:x: warning[dangerous-scheme]\n"
    );
    assert_eq!(
        stderr(&out),
        "peguri: 1 invalid of 4; first at line 3; 2 with a warning, the first at line 2\n"
    );
}

/// `--exit-zero`: 0 whatever the inputs; 2 still for a usage error.
#[test]
fn exit_zero_keeps_the_output_and_exits_0() {
    let dirty = b"http://a/\nbad ref\njavascript:x\n";
    for args in [
        &["parse"][..],
        &["normalize"],
        &["check"],
        &["check", "--json", "--quiet"],
    ] {
        let without = common::run_peguri(args, dirty);
        assert_eq!(without.status.code(), Some(1), "{args:?}");
        let mut with = args.to_vec();
        with.push("--exit-zero");
        let out = common::run_peguri(&with, dirty);
        assert_eq!(out.status.code(), Some(0), "{with:?}");
        assert_eq!(out.stdout, without.stdout, "{with:?}");
        assert_eq!(out.stderr, without.stderr, "{with:?}");
    }
    // `extract` exits 2 for a file it cannot read, 0 with --exit-zero.
    let missing = std::env::temp_dir().join("peguri-no-such-file-for-exit-zero.txt");
    let missing = missing.to_str().unwrap();
    let out = common::run_peguri(&["extract", missing], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = common::run_peguri(&["extract", "--exit-zero", missing], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
    // Usage errors are not inputs.
    for args in [
        &["parse", "--exit-zero", "--header", "a:b"][..],
        &["normalize", "--exit-zero", "--nfc", "a:b"],
        &["check", "--exit-zero", "--base", "http://a/", "a:b"],
        &[
            "check",
            "--exit-zero",
            "--whatwg",
            "--base",
            "rel/ative",
            "a:b",
        ],
        &["extract", "--exit-zero", "--no-such-flag"],
    ] {
        let out = common::run_peguri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
}

/// An argument that names a readable file is still a reference (the
/// contract: arguments are references), and stderr says how to read the
/// file instead.
#[test]
fn an_argument_that_names_a_file_gets_a_note() {
    let dir = std::env::temp_dir().join(format!("peguri-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("urls.txt"), "http://a/\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_peguri"))
        .args(["parse", "urls.txt", "other.txt"])
        .current_dir(&dir)
        .output()
        .expect("peguri runs");
    assert_eq!(out.status.code(), Some(0));
    let records: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(records.len(), 2);
    assert!(records[0].starts_with(r#"{"input":"urls.txt","valid":true,"rule":"relative-ref""#));
    assert_eq!(
        stderr(&out),
        "peguri: note: \"urls.txt\" is read as a URI reference, and it also names a file; to \
         read the file's lines, give it on stdin: peguri parse < urls.txt\n"
    );
    for command in ["normalize", "check", "explain"] {
        let out = Command::new(env!("CARGO_BIN_EXE_peguri"))
            .args([command, "urls.txt"])
            .current_dir(&dir)
            .output()
            .expect("peguri runs");
        assert!(
            stderr(&out).ends_with(&format!("peguri {command} < urls.txt\n")),
            "{command}: {}",
            stderr(&out)
        );
    }
    // No note for a name that is no file, nor for lines of stdin.
    let out = common::run_peguri(&["parse", "no-such-file.txt"], b"");
    assert_eq!(stderr(&out), "");
    let _ = std::fs::remove_dir_all(&dir);
}
