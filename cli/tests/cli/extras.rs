//! `peguri split`, `peguri extract` and `peguri check`, run as a user would.

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

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn split_arguments() {
    let out = peguri(
        &[
            "split",
            "http://www.ics.uci.edu/pub/ietf/uri/#Related",
            "1a:b?",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"input":"http://www.ics.uci.edu/pub/ietf/uri/#Related","scheme":"http","authority":"www.ics.uci.edu","path":"/pub/ietf/uri/","query":null,"fragment":"Related"}"#,
            "\n",
            r#"{"input":"1a:b?","scheme":"1a","authority":null,"path":"b","query":"","fragment":null}"#,
            "\n",
        )
    );
}

#[test]
fn split_stdin_lines() {
    let out = peguri(&["split"], "//h\r\n\nx y#z\n");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["authority"], "h");
    assert_eq!(lines[1]["path"], "");
    assert!(lines[1]["scheme"].is_null());
    assert_eq!(lines[2]["fragment"], "z");
}

const APPENDIX_C: &str = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.
";

#[test]
fn extract_json() {
    let out = peguri(&["extract"], APPENDIX_C);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"uri":"http://www.w3.org/Addressing/","valid":true,"start":28,"end":57,"line":1,"column":29}"#,
            "\n",
            r#"{"uri":"ftp://foo.example.com/rfc/","valid":true,"start":98,"end":125,"line":2,"column":39}"#,
            "\n",
            r#"{"uri":"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING","valid":true,"start":150,"end":210,"line":3,"column":34}"#,
            "\n",
        )
    );
    for line in json_lines(&out) {
        let (start, end) = (
            line["start"].as_u64().unwrap() as usize,
            line["end"].as_u64().unwrap() as usize,
        );
        let original: String = APPENDIX_C[start..end]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert_eq!(original, line["uri"]);
    }
}

#[test]
fn extract_plain() {
    let out = peguri(&["extract", "--plain"], APPENDIX_C);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://www.w3.org/Addressing/\nftp://foo.example.com/rfc/\nhttp://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n"
    );
}

#[test]
fn extract_nothing_found() {
    let out = peguri(&["extract"], "no links here: just words.\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
}

#[test]
fn check_warnings_exit_1() {
    let input = "http://0177.0.0.1:25/";
    let out = peguri(&["check", input], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://0177.0.0.1:25/: warning[ambiguous-ipv4], warning[foreign-port]\n"
    );
    let text = stderr(&out);
    assert!(
        text.starts_with("warning[ambiguous-ipv4]: reg-name \"0177.0.0.1\""),
        "{text}"
    );
    assert!(
        text.contains("\n  http://0177.0.0.1:25/\n         ^^^^^^^^^^\n"),
        "{text}"
    );
    assert!(text.contains("warning[foreign-port]"), "{text}");
    assert!(text.contains("(RFC 3986 section 7.2)"), "{text}");
}

#[test]
fn check_clean_exit_0() {
    let out = peguri(
        &["check", "https://example.com/", "mailto:a@example.com"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "https://example.com/: no findings\nmailto:a@example.com: no findings\n"
    );
}

#[test]
fn check_info_only_exit_0() {
    let out = peguri(&["check", "ftp://anonymous:@ftp.example.com/"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("info[empty-password]"));
}

#[test]
fn check_json() {
    let out = peguri(
        &[
            "check",
            "--json",
            "ftp://user:secret@example.com/",
            "https://e.example/",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], true);
    let finding = &lines[0]["findings"][0];
    assert_eq!(finding["code"], "password-in-userinfo");
    assert_eq!(finding["severity"], "warning");
    assert_eq!(finding["section"], "7.5");
    assert_eq!(
        (finding["start"].as_u64(), finding["end"].as_u64()),
        (Some(11), Some(17))
    );
    assert_eq!(lines[1]["findings"], serde_json::json!([]));
}

#[test]
fn check_invalid_uri() {
    let out = peguri(&["check", "http://a b/", "https://example.com/"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(
            "invalid character ' ' in host at byte 8 (column 9)\n  http://a b/\n          ^"
        ),
        "{err}"
    );
    // The other inputs are still checked, each on its own line.
    assert_eq!(
        stdout(&out),
        "<invalid>\nhttps://example.com/: no findings\n"
    );

    let out = peguri(&["check", "--json", "http://a b/"], "");
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["error"]["offset"], 8);
}

#[test]
fn check_reads_stdin_without_arguments() {
    let out = peguri(&["check"], "https://example.com/\r\nhttp://u:p@h/\n");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("https://example.com/: no findings\n"),
        "{text}"
    );
    assert!(
        text.contains("http://u:p@h/: warning[password-in-userinfo]"),
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["check", "--bogus", "a:b"][..],
        &["extract", "stray-argument"][..],
        &["split", "--plain"][..],
    ] {
        let out = peguri(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn help_has_examples() {
    for sub in ["split", "extract", "check"] {
        let out = peguri(&[sub, "--help"], "");
        assert_eq!(out.status.code(), Some(0));
        let text = stdout(&out);
        assert!(
            text.contains(&format!("Example:\n  peguri {sub}")),
            "{text}"
        );
    }
}

/// `check` writes one line per input (findings, no findings, or
/// the `<invalid>` marker), so its output lines up with its input.
#[test]
fn check_writes_one_line_per_input() {
    let input = "http://u:p@h/\nbad ref\n\nhttps://example.com/\nhttp://0x7f.1:25/\n";
    let out = peguri(&["check"], input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://u:p@h/: warning[password-in-userinfo]\n\
         <invalid>\n\
         : no findings\n\
         https://example.com/: no findings\n\
         http://0x7f.1:25/: warning[ambiguous-ipv4], warning[foreign-port]\n"
    );
    let err = stderr(&out);
    assert!(
        err.contains("invalid character ' ' in path at byte 3 (column 4)\n  bad ref\n     ^\n"),
        "{err}"
    );
    assert!(
        err.starts_with("warning[password-in-userinfo]: a password in userinfo is deprecated"),
        "{err}"
    );
    assert!(err.contains("\n  http://u:p@h/\n           ^\n"), "{err}");

    let out = peguri(&["check", "--json"], input);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[1]["input"], "bad ref");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["offset"], 3);
}

/// `check --json` writes findings only to stdout; stderr carries
/// nothing but the errors of invalid inputs.
#[test]
fn check_json_writes_nothing_to_stderr_for_findings() {
    let out = peguri(
        &[
            "check",
            "--json",
            "http://www.bank.example@0x7f.1:25/",
            "ftp://u:p@h/",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "");
    assert_eq!(json_lines(&out).len(), 2);
}

/// `check` warns about bidirectional formatting characters
/// (RFC 3987 section 4.1), percent-encoded in a URI; with `--iri`, a raw
/// one makes the IRI invalid, and an encoded one is warned about too.
#[test]
fn check_warns_about_bidi_formatting_characters() {
    let out = peguri(&["check", "--json", "http://h/a%E2%80%AEb"], "");
    assert_eq!(out.status.code(), Some(1), "a warning");
    let lines = json_lines(&out);
    let finding = &lines[0]["findings"][0];
    assert_eq!(finding["code"], "encoded-bidi");
    assert_eq!(finding["severity"], "warning");
    assert_eq!(
        (finding["start"].as_u64(), finding["end"].as_u64()),
        (Some(10), Some(19))
    );

    let out = peguri(&["check", "--iri", "http://h/\u{E9}%E2%80%8F"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://h/\u{E9}%E2%80%8F: warning[encoded-bidi]\n"
    );

    let out = peguri(&["check", "--iri", "http://h/\u{202E}"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "<invalid>\n");
    assert!(stderr(&out).contains("U+202E"), "{}", stderr(&out));
}

/// `extract` reads its input as bytes and reports byte offsets
/// into it as given, past bytes that are not UTF-8 (each one column).
#[test]
fn extract_offsets_are_bytes() {
    let out = common::run_peguri(&["extract"], b"x http://a/ \xff\xff\xff http://b/\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "{\"uri\":\"http://a/\",\"valid\":true,\"start\":2,\"end\":11,\"line\":1,\"column\":3}\n\
         {\"uri\":\"http://b/\",\"valid\":true,\"start\":16,\"end\":25,\"line\":1,\"column\":17}\n"
    );
    // A bad byte ends a bare URI as a space would, and is a space in
    // angle brackets, whose candidate is then rejected.
    let out = common::run_peguri(&["extract", "--plain"], b"see http://a/b\xc3(x");
    assert_eq!(stdout(&out), "http://a/b\n");
    let out = common::run_peguri(&["extract", "--rejected"], b"<http://a/b\xc3(>");
    assert_eq!(json_lines(&out)[0]["uri"], "http://a/b (");
}

/// `extract` never cuts an IRI at its first non-ASCII character into
/// another URI (`http://b` twice here, `http://example.com/na` for
/// `.../naïve.html`). Without `--iri` they are left out whole, and stderr
/// says so; with `--iri` they are found.
#[test]
fn extract_never_cuts_an_iri_into_another_uri() {
    let text = "a \"http://bücher.example/x\" b <http://bücher.example/y>\n\
                see http://example.com/naïve.html and http://a.example/\n";
    let out = peguri(&["extract", "--plain"], text);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://a.example/\n");
    assert_eq!(
        stderr(&out),
        "peguri: 3 IRIs with non-ASCII characters were left out: they are not URIs; --iri extracts them\n"
    );
    let one = peguri(&["extract", "--plain"], "see http://bücher.example/\n");
    assert_eq!(
        stderr(&one),
        "peguri: 1 IRI with non-ASCII characters was left out: it is not a URI; --iri extracts it\n"
    );
    let out = peguri(&["extract", "--iri"], text);
    assert_eq!(out.status.code(), Some(0));
    let found: Vec<String> = json_lines(&out)
        .iter()
        .map(|f| f["uri"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        found,
        [
            "http://bücher.example/x",
            "http://bücher.example/y",
            "http://example.com/naïve.html",
            "http://a.example/",
        ]
    );
    assert_eq!(json_lines(&out)[0]["start"], 3);
    assert!(out.stderr.is_empty());
}

/// `extract FILE...` reads files (`-` for stdin); each object names its
/// file. A file that cannot be read is an error after the others.
#[test]
fn extract_reads_files() {
    let dir = std::env::temp_dir().join(format!("peguri-extract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = dir.join("a.txt");
    std::fs::write(&a, "see <http://a.example/>\n").unwrap();
    let a = a.to_str().unwrap();
    let out = peguri(&["extract", a, "-"], "and http://b.example/\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!(
            "{{\"file\":\"{a}\",\"uri\":\"http://a.example/\",\"valid\":true,\"start\":5,\"end\":22,\"line\":1,\"column\":6}}\n\
             {{\"file\":\"-\",\"uri\":\"http://b.example/\",\"valid\":true,\"start\":4,\"end\":21,\"line\":1,\"column\":5}}\n"
        )
    );
    let missing = dir.join("missing.txt");
    let out = peguri(&["extract", "--plain", missing.to_str().unwrap(), a], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "http://a.example/\n");
    assert!(
        stderr(&out).starts_with("peguri: cannot read "),
        "{}",
        stderr(&out)
    );
}

/// Issue: a punycode homograph was found written in Unicode or
/// percent-encoded, not in its IDNA form (RFC 3987 section 8).
#[test]
fn check_decodes_idna_labels() {
    let out = peguri(&["check", "http://xn--pypal-4ve.example/"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "http://xn--pypal-4ve.example/: warning[mixed-script-host]\n"
    );
    assert!(
        stderr(&out).contains("\"pаypal\" in Unicode"),
        "{}",
        stderr(&out)
    );
}

/// `port = *DIGIT` allows `http://h:70000/`, which names no TCP port.
#[test]
fn check_finds_a_port_above_65535() {
    let out = peguri(&["check", "--json", "http://h:70000/"], "");
    assert_eq!(out.status.code(), Some(1));
    let finding = &json_lines(&out)[0]["findings"][0];
    assert_eq!(finding["code"], "port-out-of-range");
    assert_eq!(
        (finding["start"].as_u64(), finding["end"].as_u64()),
        (Some(9), Some(14))
    );
}
