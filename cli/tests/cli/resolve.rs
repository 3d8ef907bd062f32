//! `peguri resolve` and `peguri relative`, run as a user would.

use crate::common;

use std::process::Output;

fn peguri(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_peguri(args, stdin.unwrap_or_default().as_bytes())
}

fn stdout(o: &Output) -> &str {
    std::str::from_utf8(&o.stdout).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> &str {
    std::str::from_utf8(&o.stderr).expect("stderr is UTF-8")
}

#[test]
fn resolve_arguments() {
    let o = peguri(
        &[
            "resolve",
            "http://a/b/c/d;p?q",
            "g",
            "../../../g",
            "?y",
            "#s",
            "http:g",
            "m:x",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "http://a/b/c/g\nhttp://a/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp:g\nm:x\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn resolve_non_strict() {
    let o = peguri(
        &["resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "http://a/b/c/g\n");
}

#[test]
fn resolve_reads_stdin_without_references() {
    let o = peguri(
        &["resolve", "http://h/a/b"],
        Some("\u{FEFF}x\r\n../y\n.//z\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "http://h/a/x\nhttp://h/y\nhttp://h/a//z\n");
}

#[test]
fn resolve_dot_prefix_without_authority() {
    let o = peguri(&["resolve", "m:/", ".//p"], None);
    assert_eq!(stdout(&o), "m:/.//p\n");
}

#[test]
fn resolve_invalid_reference_is_reported_and_the_rest_continue() {
    let o = peguri(&["resolve", "http://a/b", "a b", "c"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "<invalid>\nhttp://a/c\n");
    assert_eq!(
        stderr(&o),
        "peguri: invalid URI-reference: invalid character ' ' in path at byte 1 (column 2)\n  a b\n   ^\n"
    );
}

#[test]
fn resolve_relative_base_fails() {
    let o = peguri(&["resolve", "a/b", "c"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "peguri: cannot resolve against a relative reference: a base URI must start with a scheme \
         (RFC 3986 section 5.2.1)\n  a/b\n  ^\n"
    );
}

#[test]
fn resolve_invalid_base_fails_with_a_caret() {
    let o = peguri(&["resolve", "http://a/%zz", "c"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("expected a hex digit after '%'"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).ends_with("\n  http://a/%zz\n            ^\n"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn resolve_without_base_is_a_usage_error() {
    let o = peguri(&["resolve"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn relative_arguments() {
    let o = peguri(
        &[
            "relative",
            "http://example.com/a/b/c",
            "http://example.com/a/b/d",
            "http://example.com/a/x/y",
            "http://example.com/a/b/k:v",
            "http://example.com/a/b/c#f",
            "http://other.example/",
            "https://example.com/",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "d\n../x/y\n./k:v\n#f\n//other.example/\nhttps://example.com/\n"
    );
}

#[test]
fn relative_reads_stdin_without_targets() {
    let o = peguri(
        &["relative", "http://h/a/"],
        Some("http://h/a/b\nhttp://h//x\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "b\n..//x\n");
}

#[test]
fn relative_unreachable_target_exits_1() {
    let o = peguri(
        &["relative", "http://h/s", "http://h/a/../b", "http://h/t"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "<invalid>\nt\n");
    assert!(
        stderr(&o).starts_with("peguri: no reference resolves to this target"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).ends_with("\n  http://h/a/../b\n             ^\n"),
        "{}",
        stderr(&o)
    );
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// `printf '../g\n\nbad ref\n#f\n' | peguri resolve http://a/b/c`
/// printed 3 lines for 4 inputs. Now each input has its line, `<invalid>`
/// for one without a result, and the error with its caret on stderr.
#[test]
fn resolve_writes_one_line_per_input() {
    let o = peguri(&["resolve", "http://a/b/c"], Some("../g\n\nbad ref\n#f\n"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "http://a/g\nhttp://a/b/c\n<invalid>\nhttp://a/b/c#f\n"
    );
    assert_eq!(
        stderr(&o),
        "peguri: invalid URI-reference: invalid character ' ' in path at byte 3 (column 4)\n  bad ref\n     ^\n"
    );
}

/// `--json` gives one object per input, the error object inline.
#[test]
fn resolve_json_gives_the_error_inline() {
    let o = peguri(
        &["resolve", "--json", "http://a/b/c"],
        Some("../g\nbad ref\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let lines = json_lines(&o);
    assert_eq!(
        lines[0],
        serde_json::json!({"input": "../g", "valid": true, "resolved": "http://a/g", "same_document": false})
    );
    assert_eq!(lines[1]["input"], "bad ref");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["offset"], 3);
    assert_eq!(
        lines[1]["error"]["message"],
        "invalid character ' ' in path"
    );
    assert_eq!(lines.len(), 2);
    // The record holds the error: stderr says nothing about it.
    assert_eq!(stderr(&o), "");
}

/// `relative` writes one line per target too: `<invalid>` for an
/// invalid target, for one that no reference reaches and for a relative
/// one (the empty line); `--json` names the error of each.
#[test]
fn relative_writes_one_line_per_input() {
    let targets = "http://h/a/b\nbad ref\nhttp://h/a/../b\n\nhttp://h/t\n";
    let o = peguri(&["relative", "http://h/s"], Some(targets));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "a/b\n<invalid>\n<invalid>\n<invalid>\nt\n");
    assert!(
        stderr(&o).contains("no reference resolves to this target"),
        "{}",
        stderr(&o)
    );

    let o = peguri(&["relative", "--json", "http://h/s"], Some(targets));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[0],
        serde_json::json!({"input": "http://h/a/b", "valid": true, "relative": "a/b"})
    );
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[2]["valid"], false);
    assert!(lines[2]["error"]["message"].is_string(), "{}", lines[2]);
    assert_eq!(lines[3]["input"], "");
    assert_eq!(lines[3]["valid"], false);
}

/// Input is read as bytes; a line that is not UTF-8 is named as
/// such, at its byte offset, and keeps its output line.
#[test]
fn resolve_names_invalid_utf8() {
    let o = common::run_peguri(
        &["resolve", "--json", "http://a/b/c"],
        b"g\n\xC3\xA9x\xFF\nh\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["offset"], 3, "the byte offset of 0xFF");
    let message = lines[1]["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("invalid UTF-8"), "{message}");
    assert_eq!(lines[2]["resolved"], "http://a/b/h");
}

/// Gap: `resolve --json` with a relative (or invalid) base printed
/// nothing on stdout; it prints one object that says why.
#[test]
fn resolve_json_reports_a_refused_base() {
    let o = peguri(&["resolve", "--json", "a/b", "c"], None);
    assert_eq!(o.status.code(), Some(1));
    let refused: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    assert_eq!(refused["base"], "a/b");
    assert_eq!(refused["valid"], false);
    assert_eq!(refused["error"]["offset"], 0);
    assert_eq!(stdout(&o).lines().count(), 1);
    let o = peguri(&["relative", "--json", "http://a/%zz", "http://a/b"], None);
    assert_eq!(o.status.code(), Some(1));
    let refused: serde_json::Value = serde_json::from_str(stdout(&o).trim_end()).unwrap();
    assert_eq!(
        refused["error"]["message"],
        "expected a hex digit after '%'"
    );
}

/// `resolve --json` tells each same-document reference (RFC 3986 section
/// 4.4): the result is the base, fragments aside.
#[test]
fn resolve_json_tells_same_document_references() {
    let out = peguri(
        &["resolve", "--json", "http://a/b?q#x", "#f", "c", "?q", ""],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let same: Vec<bool> = stdout(&out)
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["same_document"]
                .as_bool()
                .unwrap()
        })
        .collect();
    assert_eq!(same, [true, false, true, true]);
}

/// `relative` refuses a relative base in its own words, not resolution's.
#[test]
fn relative_refuses_a_relative_base_in_its_own_words() {
    let out = peguri(&["relative", "rel", "http://h/"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .starts_with("peguri: cannot make a reference relative to a relative reference"),
        "{}",
        stderr(&out)
    );
}

/// `parse --suffix` reads what people type as RFC 3986 section 4.5 says.
#[test]
fn parse_suffix_reads_suffix_references() {
    let out = peguri(
        &[
            "parse",
            "--suffix",
            "www.w3.org/Addressing/",
            "example.com/x",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines[0]["input"], "http://www.w3.org/Addressing/");
    assert_eq!(lines[0]["authority"]["host"], "www.w3.org");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["offset"], 0);
}
