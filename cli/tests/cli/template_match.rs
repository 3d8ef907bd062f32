//! `peguri match`, run as a user would.

use crate::common;

use std::process::Output;

fn peguri(args: &[&str], stdin: &str) -> Output {
    common::run_peguri(args, stdin.as_bytes())
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn mcp_templates_one_object_per_uri() {
    let out = peguri(
        &[
            "match",
            "-t",
            "file:///{+path}",
            "-t",
            "search://emails{?query,start,end}",
            "search://emails?start=1&query=pest%20grammar",
            "file:///docs/a.md",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"uri":"search://emails?start=1&query=pest%20grammar","matched":true,"template":"search://emails{?query,start,end}","variables":{"query":"pest grammar","start":"1"}}"#,
            "\n",
            r#"{"uri":"file:///docs/a.md","matched":true,"template":"file:///{+path}","variables":{"path":"docs/a.md"}}"#,
            "\n",
        )
    );
}

#[test]
fn lists_and_maps_are_json_arrays_and_objects() {
    let out = peguri(
        &["match", "-t", "/api{/path*}{?keys*}", "/api/a/b?x=1&y=2"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"uri\":\"/api/a/b?x=1&y=2\",\"matched\":true,\"template\":\"/api{/path*}{?keys*}\",\"variables\":{\"path\":[\"a\",\"b\"],\"keys\":{\"x\":\"1\",\"y\":\"2\"}}}\n"
    );
}

#[test]
fn routes_from_stdin_best_match_and_exit_1_when_one_does_not_match() {
    let out = peguri(
        &[
            "match",
            "-t",
            "/users/{id}",
            "-t",
            "/users/me",
            "-t",
            "/users/{id}/repos{/path*}",
        ],
        "/users/me\n/users/42\r\n/users/42/repos/a/b\n/teams\n",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"uri":"/users/me","matched":true,"template":"/users/me","variables":{}}"#,
            "\n",
            r#"{"uri":"/users/42","matched":true,"template":"/users/{id}","variables":{"id":"42"}}"#,
            "\n",
            r#"{"uri":"/users/42/repos/a/b","matched":true,"template":"/users/{id}/repos{/path*}","variables":{"id":"42","path":["a","b"]}}"#,
            "\n",
            r#"{"uri":"/teams","matched":false}"#,
            "\n",
        )
    );
    assert_eq!(stderr(&out), "");
}

#[test]
fn an_ambiguous_template_is_a_usage_error_with_the_reason() {
    let out = peguri(&["match", "-t", "/a", "-t", "/files/{name}.{ext}"], "/a\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "peguri: ambiguous URI Template: where `{name}` ends is not known: `.` after it \
         holds only characters `{name}` may hold, and more variable text follows\n  \
         /files/{name}.{ext}\n         ^\n"
    );
}

#[test]
fn an_invalid_template_is_a_usage_error_with_a_caret() {
    let out = peguri(&["match", "-t", "/x/{a b}", "/x/1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "peguri: invalid URI Template: invalid character ' ' in expression at byte 5\n  \
         /x/{a b}\n       ^\n"
    );
}

#[test]
fn a_template_is_required() {
    let out = peguri(&["match", "/x"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--template <TEMPLATE>"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn help_has_examples() {
    let out = peguri(&["match", "--help"], "");
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    assert!(help.contains("Examples:"), "{help}");
    assert!(help.contains("search://emails{?query,start,end}"), "{help}");
}

/// An input that is no URI reference is reported as every command
/// reports an invalid input, not taken for one that no route matches
/// (`{"matched":false}` with nothing on stderr).
#[test]
fn an_invalid_uri_is_reported_not_taken_for_no_match() {
    let out = peguri(
        &["match", "-t", "/users/{id}", "/users/a b", "/users/7"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["matched"], false);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["error"]["offset"], 8);
    assert_eq!(lines[1]["variables"]["id"], "7");
    assert_eq!(lines[1].get("valid"), None);
    assert_eq!(lines[0]["error"]["kind"], "invalid_char");
    // The JSON holds the error: nothing on stderr.
    assert_eq!(stderr(&out), "");
}
