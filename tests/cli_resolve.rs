//! `peguri resolve` and `peguri relative`, run as a user would.

mod common;

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
        "invalid URI-reference: invalid character ' ' in path at byte 1 (column 2)\n  a b\n   ^\n"
    );
}

#[test]
fn resolve_relative_base_fails() {
    let o = peguri(&["resolve", "a/b", "c"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "cannot resolve against a relative reference: a base URI must start with a scheme \
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
        stderr(&o).starts_with("no reference resolves to this target"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).ends_with("\n  http://h/a/../b\n             ^\n"),
        "{}",
        stderr(&o)
    );
}
