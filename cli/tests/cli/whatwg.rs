//! `peguri whatwg` and `peguri check --whatwg`, run as a user would: the
//! JSON object per input (its `rfc3986` exactly `peguri parse`'s), TSV,
//! stdin, exit codes, and the `whatwg-differs` warning.

use std::process::Output;

use crate::common::run_peguri;

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

/// The `rfc3986` object is, byte for byte, the line `peguri parse` prints
/// for the same input: valid, invalid, and not UTF-8.
#[test]
fn rfc3986_is_what_parse_prints() {
    let stdin: &[u8] =
        b"http://u@0x7f.1:8080/a?q#f\nhttp://h/a b\n//h\nhttp://h/\xFF\nHTTP://H:80/a/./b\n";
    let compared = stdout(&run_peguri(&["whatwg"], stdin));
    let parsed = stdout(&run_peguri(&["parse"], stdin));
    assert_eq!(compared.lines().count(), 5);
    for (object, line) in compared.lines().zip(parsed.lines()) {
        assert!(
            object.contains(&format!(",\"rfc3986\":{line},\"whatwg\":")),
            "{object}\nholds no {line}"
        );
    }
}

#[test]
fn one_object_per_input_and_exit_1_when_any_differs() {
    let out = run_peguri(&["whatwg", "http://0x7f.1/", "HTTP://H:80/a/./b"], b"");
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["input"], "http://0x7f.1/");
    assert_eq!(lines[0]["rfc3986"]["authority"]["host_kind"], "reg-name");
    assert_eq!(
        lines[0]["whatwg"],
        serde_json::json!({
            "href": "http://127.0.0.1/",
            "scheme": "http",
            "authority": {"userinfo": null, "host": "127.0.0.1", "host_kind": "ipv4", "port": null},
            "path": "/",
            "query": null,
            "fragment": null,
        })
    );
    assert_eq!(lines[0]["differs"], serde_json::json!(["host"]));
    assert_eq!(lines[0]["causes"][0]["code"], "ipv4-number-forms");
    assert!(
        lines[0]["causes"][0]["message"]
            .as_str()
            .unwrap()
            .contains("127.0.0.1")
    );
    assert_eq!(lines[1]["differs"], serde_json::json!([]));
    assert_eq!(lines[1]["causes"], serde_json::json!([]));
    assert_eq!(lines[1]["whatwg"]["href"], "http://h/a/b");
}

#[test]
fn exit_0_when_nothing_differs() {
    let out = run_peguri(
        &["whatwg", "https://example.com", "file://localhost/x"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out).len(), 2);
    // Both standards reject it: no difference either.
    let out = run_peguri(&["whatwg", "http://a b/"], b"");
    assert_eq!(out.status.code(), Some(0));
    let line = &json_lines(&out)[0];
    assert_eq!(
        line["whatwg"],
        serde_json::json!({"error": "invalid international domain name"})
    );
    assert_eq!(line["rfc3986"]["valid"], false);
}

/// TSV cells are escaped as `parse --format tsv` escapes them: the
/// message's `'\\'` becomes `'\\\\'`, and an absent value is `\N`.
#[test]
fn stdin_lines_and_tsv() {
    let stdin = b"\xEF\xBB\xBFhttp://evil.example\\@good.example/\r\nhttps://example.com/\n//h\n";
    let out = run_peguri(&["whatwg", "--format", "tsv", "--header"], stdin);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "input\tdiffers\tcauses\trfc3986_error\twhatwg_href\twhatwg_error\n\
         http://evil.example\\\\@good.example/\tvalidity\tbackslash\tinvalid character '\\\\\\\\' in host\thttp://evil.example/@good.example/\t\\N\n\
         https://example.com/\t\t\t\\N\thttps://example.com/\t\\N\n\
         //h\tvalidity\tscheme-relative\t\\N\t\\N\trelative URL without a base\n"
    );
}

#[test]
fn only_differing() {
    let out = run_peguri(
        &["whatwg", "--only-differing"],
        b"https://a.example/\nhttp:///b.example/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["input"], "http:///b.example/");
    assert_eq!(lines[0]["differs"], serde_json::json!(["host", "path"]));
    assert_eq!(lines[0]["causes"][0]["code"], "extra-slashes");
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["whatwg", "--header", "a:b"][..],
        &["whatwg", "--format", "xml", "a:b"],
        &["whatwg", "--bogus"],
        &["check", "--whatwg", "--iri", "a:b"],
        &["check", "--whatwg", "--allow-zone-id", "a:b"],
    ] {
        let out = run_peguri(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn help_shows_examples() {
    let out = run_peguri(&["whatwg", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    assert!(help.contains("peguri whatwg 'http://0x7f.1/'"), "{help}");
    assert!(help.contains("--format tsv"), "{help}");
}

/// `check --whatwg` adds the warning after the section 7 findings; its
/// message names the components.
#[test]
fn check_whatwg_adds_a_warning() {
    let out = run_peguri(
        &[
            "check",
            "--whatwg",
            "http:///evil.example/",
            "https://example.com/",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http:///evil.example/: warning[whatwg-differs]\nhttps://example.com/: no findings\n"
    );
    let text = stderr(&out);
    assert!(
        text.starts_with(
            "warning[whatwg-differs]: the WHATWG URL Standard reads the host and path \
             differently (extra-slashes: "
        ),
        "{text}"
    );
    assert!(
        text.contains("\n  http:///evil.example/\n         ^^^^^^^^^^^^^^\n"),
        "{text}"
    );
    // Without the flag, no such warning.
    let out = run_peguri(&["check", "http:///evil.example/"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http:///evil.example/: no findings\n");
}

#[test]
fn check_whatwg_json() {
    let out = run_peguri(
        &["check", "--json", "--whatwg", "http://user@0x7f.1:8080/"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let line = &json_lines(&out)[0];
    let codes: Vec<&str> = line["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["ambiguous-ipv4", "whatwg-differs"]);
    let finding = &line["findings"][1];
    assert_eq!(finding["severity"], "warning");
    assert_eq!(finding["section"], "7");
    assert_eq!(
        (finding["start"].as_u64(), finding["end"].as_u64()),
        (Some(12), Some(18))
    );
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .starts_with("the WHATWG URL Standard reads the host differently")
    );
    // WHATWG rejects it: the whole reference, "rejects" in the message.
    let out = run_peguri(&["check", "--json", "--whatwg", "http://h:65536/"], b"");
    let findings = &json_lines(&out)[0]["findings"];
    let finding = findings
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["code"] == "whatwg-differs")
        .unwrap();
    assert_eq!(
        (finding["start"].as_u64(), finding["end"].as_u64()),
        (Some(0), Some(15))
    );
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .starts_with("the WHATWG URL Standard rejects this reference (port-out-of-range")
    );
}

#[test]
fn check_help_shows_the_whatwg_example() {
    let out = run_peguri(&["check", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    assert!(
        help.contains("peguri check --whatwg 'http:///evil.example/'"),
        "{help}"
    );
}
