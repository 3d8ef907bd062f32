//! `peguri template`, run as a user would.

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
fn strings_lists_and_maps_from_options() {
    let out = peguri(
        &[
            "template",
            "https://api.example.com/users/{id}{/path*}{?fields,keys*}",
            "--var",
            "id=jo ann",
            "--list",
            "path=repos",
            "--list",
            "path=a/b",
            "--var",
            "fields=name,email",
            "--map",
            "keys=semi=;",
            "--map",
            "keys=eq==",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "https://api.example.com/users/jo%20ann/repos/a%2Fb?fields=name%2Cemail&semi=%3B&eq=%3D\n"
    );
}

#[test]
fn variables_from_json_and_templates_from_stdin() {
    let out = peguri(
        &[
            "template",
            "--json",
            r#"{"list": ["red", "green", "blue"], "keys": {"semi": ";", "dot": ".", "comma": ","}, "x": 1024, "undef": null}"#,
        ],
        "{list*}\n{?keys*}\n{x}{undef}\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "red,green,blue\n?semi=%3B&dot=.&comma=%2C\n1024\n"
    );
}

#[test]
fn options_replace_json_names() {
    let out = peguri(
        &["template", "{x}", "--json", r#"{"x": "a"}"#, "--var", "x=b"],
        "",
    );
    assert_eq!(stdout(&out), "b\n");
}

#[test]
fn invalid_template_is_shown_with_a_caret() {
    let out = peguri(&["template", "/ok/{x}", "/users/{id", "--var", "x=1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "/ok/1\n<invalid>\n");
    assert_eq!(
        stderr(&out),
        "invalid URI Template: expression opened at byte 7 is not closed with '}'\n  /users/{id\n         ^\n"
    );
}

#[test]
fn usage_errors() {
    for (args, message) in [
        (
            vec!["template", "{x}", "--var", "x"],
            "peguri: --var \"x\": expected NAME=...\n",
        ),
        (
            vec!["template", "{x}", "--map", "x=k"],
            "peguri: --map \"x=k\": expected NAME=KEY=VALUE\n",
        ),
        (
            vec!["template", "{x}", "--var", "x=1", "--list", "x=2"],
            "peguri: variable \"x\" is given by both --var and --list\n",
        ),
        (
            vec!["template", "{x}", "--var", "x=1", "--var", "x=2"],
            "peguri: variable \"x\" is given twice by --var\n",
        ),
    ] {
        let out = peguri(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message);
    }
    let out = peguri(&["template", "{x}", "--json", "[1]"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("peguri: --json: "));
}

/// `template` writes one line per template: an empty line is the
/// expansion of an empty template, `<invalid>` marks an invalid one.
#[test]
fn template_writes_one_line_per_input() {
    let out = peguri(&["template", "--var", "x=1"], "{x}\n\n/{x\n{x}/\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "1\n\n<invalid>\n1/\n");
    assert!(
        stderr(&out).starts_with("invalid URI Template: "),
        "{}",
        stderr(&out)
    );
}

/// `--json` takes numbers as their text, as `--help` says: not read as
/// floating point, `12345678901234567890123` stays whole and `1.50` keeps
/// its zero.
#[test]
fn json_numbers_keep_their_text() {
    let out = peguri(
        &[
            "template",
            "--json",
            r#"{"big": 12345678901234567890123, "price": 1.50, "e": 1E3, "neg": -0,
                "list": [1.50, true], "map": {"k": 2.0}}"#,
            "{big}/{price}/{e}/{neg}{/list*}{?map*}",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "12345678901234567890123/1.50/1E3/-0/1.50/true?k=2.0\n"
    );
    // A list of lists is no variable.
    let out = peguri(&["template", "{x}", "--json", r#"{"x": [[1]]}"#], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "peguri: --json: variable \"x\": expected a string, a number or a boolean, not [1]\n"
    );
}

/// A template holds at most `peguri::template::MAX_VARIABLES` variables:
/// `{vN}/` x 80,000 is invalid, and said to be at once.
#[test]
fn a_template_with_too_many_variables_is_invalid() {
    let template: String = (0..80_000).map(|i| format!("{{v{i}}}/")).collect();
    let out = peguri(&["template", "--var", "v0=x"], &format!("{template}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "<invalid>\n");
    let limit = peguri::template::MAX_VARIABLES;
    let offset = template.match_indices('{').nth(limit).unwrap().0 + 1;
    assert!(
        stderr(&out).starts_with(&format!(
            "invalid URI Template: the variable at byte {offset} is one more than a template may hold: at most {limit}\n"
        )),
        "{}",
        stderr(&out)
    );
}
