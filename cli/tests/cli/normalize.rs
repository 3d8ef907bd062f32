//! `peguri normalize` and `peguri equivalent`.

use crate::common;

use std::process::Output;

fn peguri(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_peguri(args, stdin.unwrap_or_default().as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

#[test]
fn normalize_arguments_one_per_line() {
    let o = peguri(
        &[
            "normalize",
            "HTTP://Example.COM:80/a/./%7Eb",
            "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "http://example.com/a/~b\nexample://a/b/c/%7Bfoo%7D\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn normalize_syntax_only_keeps_default_port() {
    let o = peguri(
        &["normalize", "--syntax-only", "HTTP://Example.COM:80"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "http://example.com:80\n");
}

#[test]
fn normalize_reads_stdin_without_arguments() {
    let o = peguri(&["normalize"], Some("\u{FEFF}HTTP://H\r\n/a/../b\n"));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "http://h/\n/b\n");
}

#[test]
fn normalize_invalid_input_gets_marker_caret_error_and_exit_1() {
    let o = peguri(&["normalize", "http://h/", "a b", "/x"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://h/\n<invalid>\n/x\n");
    assert_eq!(
        stderr(&o),
        "peguri: invalid URI-reference: invalid character ' ' in path at byte 1 (column 2)\n  a b\n   ^\n"
    );
}

#[test]
fn equivalent_exits_0_and_says_so() {
    let o = peguri(
        &["equivalent", "http://example.com", "HTTP://EXAMPLE.COM:80/"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "equivalent: both normalize to http://example.com/\n"
    );
}

#[test]
fn not_equivalent_exits_1_and_says_so() {
    let o = peguri(
        &["equivalent", "http://example.com/?", "http://example.com/"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "not equivalent: http://example.com/? normalizes to http://example.com/?, \
         http://example.com/ normalizes to http://example.com/\n"
    );
}

#[test]
fn equivalent_invalid_input_gets_caret_error_and_exit_2() {
    let o = peguri(&["equivalent", "http://h/", "%zz"], None);
    assert_eq!(o.status.code(), Some(2), "as cmp exits for trouble");
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).starts_with("peguri: invalid URI-reference: expected a hex digit after '%'"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("\n  %zz\n"), "{}", stderr(&o));
}

#[test]
fn equivalent_needs_two_arguments() {
    let o = peguri(&["equivalent", "http://h/"], None);
    assert_eq!(o.status.code(), Some(2));
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// `normalize` printed an empty line for an invalid input, which
/// is also what the valid empty reference prints. Now one line per input,
/// `<invalid>` for an invalid one, its error with the caret on stderr.
#[test]
fn normalize_writes_one_line_per_input() {
    let o = peguri(&["normalize"], Some("HTTP://H/a/../b\n\nbad ref\n./x\n"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "http://h/b\n\n<invalid>\nx\n");
    assert_eq!(
        stderr(&o),
        "peguri: invalid URI-reference: invalid character ' ' in path at byte 3 (column 4)\n  bad ref\n     ^\n"
    );
}

/// `normalize --json` gives the error object inline.
#[test]
fn normalize_json_gives_the_error_inline() {
    let o = peguri(&["normalize", "--json"], Some("HTTP://H/\n\nbad ref\n"));
    assert_eq!(o.status.code(), Some(1));
    let lines = json_lines(&o);
    assert_eq!(
        lines[0],
        serde_json::json!({"input": "HTTP://H/", "valid": true, "normalized": "http://h/"})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"input": "", "valid": true, "normalized": ""})
    );
    assert_eq!(lines[2]["valid"], false);
    assert_eq!(lines[2]["error"]["offset"], 3);
    assert_eq!(lines.len(), 3);
}

/// `equivalent` exits as `cmp` does: 0 when equivalent, 1 when
/// not, 2 when an input is invalid or the usage is wrong.
#[test]
fn equivalent_exit_codes_like_cmp() {
    let code = |args: &[&str]| peguri(args, None).status.code();
    assert_eq!(code(&["equivalent", "http://h", "HTTP://H:80/"]), Some(0));
    assert_eq!(code(&["equivalent", "http://h/a", "http://h/b"]), Some(1));
    assert_eq!(code(&["equivalent", "http://h/", "a b"]), Some(2));
    assert_eq!(code(&["equivalent", "a b", "a b"]), Some(2));
    assert_eq!(code(&["equivalent", "http://h/"]), Some(2));
    assert_eq!(code(&["equivalent", "--bogus", "a", "a"]), Some(2));
    assert_eq!(code(&["equivalent", "--json", "a", "b c"]), Some(2));
    assert_eq!(code(&["equivalent", "--json", "a", "b"]), Some(1));
}

/// `equivalent --json` answers with one object: `equivalent`
/// (null when an input is invalid) and each side's normal form or error.
#[test]
fn equivalent_json_answers_with_both_sides() {
    let o = peguri(&["equivalent", "--json", "HTTP://H", "a b"], None);
    assert_eq!(o.status.code(), Some(2));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["equivalent"], serde_json::Value::Null);
    assert_eq!(
        lines[0]["a"],
        serde_json::json!({"input": "HTTP://H", "valid": true, "normalized": "http://h/"})
    );
    assert_eq!(lines[0]["b"]["valid"], false);
    assert_eq!(lines[0]["b"]["error"]["offset"], 1);
    assert!(stderr(&o).contains("\n  a b\n   ^\n"), "{}", stderr(&o));

    let o = peguri(&["equivalent", "--json", "http://h/", "HTTP://h:80"], None);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json_lines(&o)[0]["equivalent"], true);
}

/// `http://[::1]` and `http://[0::1]` are the same address; the
/// opt-in RFC 5952 step lets `equivalent` see it.
#[test]
fn equivalent_sees_ipv6_with_ipv6_canonical() {
    let args = ["equivalent", "http://[::1]/", "http://[0::1]/"];
    assert_eq!(peguri(&args, None).status.code(), Some(1));
    let o = peguri(
        &[&args[..1], &["--ipv6-canonical"], &args[1..]].concat(),
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "equivalent: both normalize to http://[::1]/\n");
    let o = peguri(&["normalize", "--ipv6-canonical", "http://[0:0::1]/"], None);
    assert_eq!(stdout(&o), "http://[::1]/\n");
}
