//! `peguri normalize` and `peguri equivalent`.

mod common;

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
        "invalid URI-reference: invalid character ' ' in path at byte 1 (column 2)\n  a b\n   ^\n"
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
        stderr(&o).starts_with("invalid URI-reference: expected a hex digit after '%'"),
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
