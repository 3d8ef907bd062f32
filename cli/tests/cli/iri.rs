//! `peguri parse --iri`: the same JSON objects as for URI references, with
//! the mapped URI as `"uri"`, from arguments or stdin. `peguri resolve --iri`
//! and `peguri normalize --iri`: RFC 3987 sections 6.5 and 5.3.2.

use crate::common;

use std::process::Output;

use serde_json::{Value, json};

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_peguri(args, stdin.unwrap_or_default().as_bytes())
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn a_valid_iri_prints_its_components_and_uri() {
    let out = run(
        &[
            "parse",
            "--iri",
            "http://\u{FC}@b\u{FC}cher.example:8080/\u{E4}?\u{3B1}#\u{F6}",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    // Field order is that of the URI objects, then "uri".
    assert_eq!(
        text,
        "{\"input\":\"http://\u{FC}@b\u{FC}cher.example:8080/\u{E4}?\u{3B1}#\u{F6}\",\"valid\":true,\
         \"rule\":\"IRI\",\"scheme\":\"http\",\"authority\":{\"userinfo\":\"\u{FC}\",\
         \"host\":\"b\u{FC}cher.example\",\"host_kind\":\"reg-name\",\"port\":\"8080\"},\
         \"path\":\"/\u{E4}\",\"query\":\"\u{3B1}\",\"fragment\":\"\u{F6}\",\
         \"uri\":\"http://%C3%BC@b%C3%BCcher.example:8080/%C3%A4?%CE%B1#%C3%B6\"}\n"
    );
}

#[test]
fn for_ascii_input_only_the_rule_name_and_uri_differ() {
    for (input, uri_rule, iri_rule) in [
        ("http://u@h:1/p?q#f", "URI", "IRI"),
        ("//[::1]/a?", "relative-ref", "irelative-ref"),
    ] {
        let mut plain = json_lines(&run(&["parse", input], None));
        let mut iri = json_lines(&run(&["parse", "--iri", input], None));
        assert_eq!(iri[0]["uri"], json!(input));
        assert_eq!(iri[0]["rule"], json!(iri_rule));
        assert_eq!(plain[0]["rule"], json!(uri_rule));
        iri[0].as_object_mut().unwrap().remove("uri");
        iri[0].as_object_mut().unwrap().remove("rule");
        plain[0].as_object_mut().unwrap().remove("rule");
        assert_eq!(iri, plain);
    }
}

#[test]
fn invalid_iris_report_errors_and_exit_1() {
    let out = run(&["parse", "--iri", "/\u{E000}", "?\u{E000}"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], json!(false));
    assert_eq!(lines[0]["error"]["offset"], json!(1));
    assert_eq!(
        lines[0]["error"]["message"],
        json!(
            "invalid character '\\u{e000}' in path (private-use characters are only allowed in the query)"
        )
    );
    assert_eq!(lines[1]["valid"], json!(true));
    assert_eq!(lines[1]["rule"], json!("irelative-ref"));
    assert_eq!(lines[1]["uri"], json!("?%EE%80%80"));
}

#[test]
fn without_iri_non_ascii_is_invalid() {
    let out = run(&["parse", "r\u{E9}f"], None);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["parse", "--iri", "r\u{E9}f"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out)[0]["uri"], json!("r%C3%A9f"));
}

#[test]
fn stdin_lines_are_read_when_no_argument_is_given() {
    let out = run(
        &["parse", "--iri"],
        Some("\u{FEFF}a:\u{E9}\r\n//\u{3B1}\nb c\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["input"], json!("a:\u{E9}"));
    assert_eq!(lines[0]["uri"], json!("a:%C3%A9"));
    assert_eq!(lines[1]["authority"]["host"], json!("\u{3B1}"));
    assert_eq!(lines[2]["valid"], json!(false));
}

#[test]
fn resolve_iri_keeps_characters_and_reports_bad_references() {
    let out = run(
        &[
            "resolve",
            "--iri",
            "http://例え.jp/文書/目次",
            "../画像/ロゴ.png",
            "?é",
            "%zz",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "one reference is invalid");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://例え.jp/画像/ロゴ.png\nhttp://例え.jp/文書/目次?é\n<invalid>\n"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("%zz") && stderr.contains('^'), "{stderr}");

    // Without --iri the same base is not a URI.
    let out = run(&["resolve", "http://例え.jp/", "a"], None);
    assert_eq!(out.status.code(), Some(1));

    // A relative base is refused, with the library's reason.
    let out = run(&["resolve", "--iri", "文書/", "a"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("base URI must start with a scheme")
    );
}

#[test]
fn normalize_iri_reads_stdin_and_keeps_lines_aligned() {
    let out = run(
        &["normalize", "--iri"],
        Some("HTTP://Example.ORG:80/a/./caf%C3%A9\nhttp://Bücher.Example/%7e\n%\n"),
    );
    assert_eq!(out.status.code(), Some(1), "the last line is invalid");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://example.org/a/café\nhttp://bücher.example/~\n<invalid>\n"
    );
    let out = run(
        &[
            "normalize",
            "--iri",
            "--syntax-only",
            "HTTP://Example.ORG:80/",
        ],
        None,
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://example.org:80/\n"
    );
}

/// `--iri`, `--allow-zone-id` and `--json` are one set of
/// options: parse, resolve, relative, normalize, equivalent and check take
/// all three, and `--allow-zone-id` works with `--iri`.
#[test]
fn iri_allow_zone_id_and_json_on_every_command() {
    let zone = "http://[fe80::1%25en0]/\u{E9}";
    let options = ["--iri", "--allow-zone-id", "--json"];
    let commands: [&[&str]; 6] = [
        &["parse", zone],
        &["resolve", zone, "x"],
        &["relative", zone, "http://[fe80::1%25en0]/x"],
        &["normalize", zone],
        &["equivalent", zone, "HTTP://[FE80::1%25en0]/\u{E9}"],
        &["check", zone],
    ];
    for command in commands {
        let args = [&command[..1], &options, &command[1..]].concat();
        let out = run(&args, None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 1, "{args:?}");
        // equivalent's one object has no "valid"; its sides do.
        let object = if command[0] == "equivalent" {
            &lines[0]["a"]
        } else {
            &lines[0]
        };
        assert_eq!(object["valid"], true, "{args:?}: {}", lines[0]);
        // Without --allow-zone-id the zone is refused, by every command.
        let args: Vec<&str> = args
            .into_iter()
            .filter(|a| *a != "--allow-zone-id")
            .collect();
        let out = run(&args, None);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
    }
}

/// NFC in IRI normalization (RFC 3987 section 5.3.2.2) is an
/// opt-in step on the command line too; it needs `--iri`.
#[test]
fn normalize_iri_nfc() {
    let decomposed = "http://h/cafe\u{301}";
    let out = run(&["normalize", "--iri", "--nfc", decomposed], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://h/caf\u{E9}\n"
    );
    let out = run(&["normalize", "--iri", decomposed], None);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{decomposed}\n")
    );
    let out = run(&["normalize", "--nfc", "http://h/"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// Issue: non-ASCII input without `--iri` got no hint to try it. The hint
/// comes once, on stderr, when a refused input is an IRI reference.
#[test]
fn non_ascii_input_gets_a_hint_to_try_iri() {
    let hint = "hint: this input is an IRI reference (RFC 3987), which may hold non-ASCII \
                characters; --iri reads IRIs\n";
    for command in [
        &["normalize"][..],
        &["check"],
        &["explain"],
        &["resolve", "http://a/"],
        &["relative", "http://a/"],
    ] {
        let out = run(command, Some("http://ü.example/\nhttp://ä.example/\nb c\n"));
        assert_eq!(out.status.code(), Some(1), "{command:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.matches(hint).count(), 1, "{command:?}: {stderr}");
    }
    let out = run(&["equivalent", "http://ü/", "http://ü/"], None);
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().matches(hint).count(),
        1
    );
    // `parse` writes its errors in JSON: the hint comes last, with a count.
    let out = run(&["parse"], Some("http://ü/\nhttp://ä/\nb c\n"));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "hint: 2 invalid inputs are IRI references (RFC 3987), which may hold non-ASCII \
         characters; --iri reads IRIs\n"
    );
    // No hint for what --iri would not read either, or with --iri.
    let out = run(&["normalize"], Some("http://ü/ x\n"));
    assert!(!String::from_utf8(out.stderr).unwrap().contains("hint"));
    let out = run(&["normalize", "--iri"], Some("http://ü/ x\n"));
    assert!(!String::from_utf8(out.stderr).unwrap().contains("hint"));
}
