//! The `peguri parse` command: its JSON contract, exit codes and stdin mode.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn peguri() -> Command {
    Command::new(env!("CARGO_BIN_EXE_peguri"))
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    common::run_peguri(args, stdin.unwrap_or_default())
}

fn stdout_lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn parse_prints_the_json_contract() {
    let out = run(&["parse", "http://user@example.com:8080/p?q#f"], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_lines(&out),
        [
            r#"{"input":"http://user@example.com:8080/p?q#f","valid":true,"rule":"URI","scheme":"http","authority":{"userinfo":"user","host":"example.com","host_kind":"reg-name","port":"8080"},"path":"/p","query":"q","fragment":"f"}"#
        ]
    );
}

#[test]
fn parse_reports_invalid_input_with_exit_1() {
    let out = run(&["parse", "a:b", "http://h/a b"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[1],
        r#"{"input":"http://h/a b","valid":false,"error":{"offset":10,"column":11,"expected":["path character","'/'","'?'","'#'","end of input"],"message":"invalid character ' ' in path","kind":"invalid_char","component":"path"}}"#
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = run(&["parse", "--no-such-flag"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["no-such-command"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn stdin_handles_bom_crlf_and_empty_lines() {
    let out = run(&["parse"], Some(b"\xEF\xBB\xBFhttp://a/\r\n\r\n//h\n"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 3);
    let values: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values[0]["input"], "http://a/");
    assert_eq!(values[1]["input"], "");
    assert_eq!(values[1]["rule"], "relative-ref");
    assert_eq!(values[2]["authority"]["host"], "h");
}

#[test]
fn invalid_utf8_on_stdin_is_an_invalid_line() {
    let out = run(&["parse"], Some(b"http://h/\xff\n"));
    assert_eq!(out.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(&stdout_lines(&out)[0]).unwrap();
    assert_eq!(value["valid"], false);
}

#[test]
fn closed_pipe_ends_quietly() {
    let mut child = peguri()
        .arg("parse")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Enough lines to overflow any pipe buffer; stop when peguri is gone.
        for i in 0..200_000 {
            if writeln!(stdin, "http://example.com/{i}").is_err() {
                break;
            }
        }
    });
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.contains("http://example.com/0"));
    drop(reader); // like `| head -1`
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn help_shows_an_example() {
    let out = run(&["parse", "--help"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Example"));
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout_lines(out)
        .iter()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// `parse` showed an invalid byte as U+FFFD and blamed that. It
/// reads bytes and names invalid UTF-8 as such, at the byte's offset in the
/// input as given, for URIs and IRIs alike.
#[test]
fn parse_names_invalid_utf8() {
    for iri in [&[][..], &["--iri"]] {
        let args = [&["parse"], iri].concat();
        let out = run(&args, Some(b"http://h/\xC3\xA9\xFF\nh\n"));
        assert_eq!(out.status.code(), Some(1));
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 2, "{iri:?}");
        assert_eq!(lines[0]["valid"], false);
        assert_eq!(
            lines[0]["error"]["offset"], 11,
            "{iri:?}: the offset of 0xFF"
        );
        let message = lines[0]["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("invalid UTF-8: byte 0xFF"),
            "{iri:?}: {message}"
        );
        assert_eq!(lines[1]["valid"], true);
    }
}

/// IPv6 errors say what is wrong and where: a group of more than
/// four digits, too few groups, two `::`, a bad character; with `--iri`
/// too, where `[::g]` was blamed on the `[`.
#[test]
fn parse_error_messages_name_the_real_problem() {
    let cases = [
        (
            "http://[1:12345::]/",
            "group 2 of the IPv6 address has 5 hex digits; a group has at most four",
        ),
        (
            "http://[1:2:3]/",
            "the IPv6 address has 3 groups; it needs eight, or '::' in place of the zero groups",
        ),
        (
            "http://[1::2::3]/",
            "a second '::' in the IPv6 address; '::' may appear only once",
        ),
        ("http://[::g]/", "invalid character 'g' in IPv6 address"),
    ];
    for iri in [&[][..], &["--iri"]] {
        for (input, message) in cases {
            let args = [&["parse", "--fields", "error,offset"], iri, &[input]].concat();
            let out = run(&args, None);
            assert_eq!(out.status.code(), Some(1));
            let lines = json_lines(&out);
            assert_eq!(lines[0]["error"], message, "{iri:?} {input}");
        }
    }
    // The digit that makes a group too long, not the group's first one.
    let out = run(
        &["parse", "--fields", "offset", "http://[1:12345::]/"],
        None,
    );
    assert_eq!(json_lines(&out)[0]["offset"], 14);
}

/// `--iri --allow-zone-id` dropped the zone flag; it is honoured,
/// and without it a zone identifier is refused with a hint.
#[test]
fn iri_allow_zone_id_honours_the_zone_flag() {
    let input = "http://[fe80::1%25en0]/\u{E9}";
    let out = run(&["parse", "--iri", "--allow-zone-id", input], None);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["authority"]["host"], "[fe80::1%25en0]");
    assert_eq!(lines[0]["authority"]["host_kind"], "ipv6");
    assert_eq!(lines[0]["uri"], "http://[fe80::1%25en0]/%C3%A9");
    let out = run(&["parse", "--iri", input], None);
    assert_eq!(out.status.code(), Some(1));
    let message = json_lines(&out)[0]["error"]["message"].clone();
    assert!(
        message.as_str().unwrap().contains("--allow-zone-id"),
        "{message}"
    );
    assert!(
        message.as_str().unwrap().contains("RFC 3987"),
        "an IRI is refused by RFC 3987, not only 3986: {message}"
    );
}

/// `peguri parse --iri --idna` maps a non-ASCII host with UTS 46
/// ToASCII in "uri"; when ToASCII rejects it, "uri" is null, "uri_error"
/// says why and the exit code is 1. `--idna` needs `--iri`.
#[test]
fn parse_iri_idna() {
    let out = run(&["parse", "--iri", "--idna", "http://例え.jp/文書"], None);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["uri"], "http://xn--r8jz45g.jp/%E6%96%87%E6%9B%B8");
    let out = run(&["parse", "--iri", "http://例え.jp/"], None);
    assert_eq!(
        json_lines(&out)[0]["uri"],
        "http://%E4%BE%8B%E3%81%88.jp/",
        "without --idna: percent-encoding"
    );
    let out = run(&["parse", "--iri", "--idna", "http://xn--a.例.jp/"], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], true);
    assert!(lines[0]["uri"].is_null());
    assert!(lines[0]["uri_error"].as_str().unwrap().contains("ToASCII"));
    let out = run(&["parse", "--idna", "http://h/"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// `--iri` combines with `--fields`, `--format` and `--stats`.
#[test]
fn iri_combines_with_fields_format_and_stats() {
    let input = "http://u@例え.jp:8/ä\nbad ref\n".as_bytes();
    let out = run(
        &["parse", "--iri", "--fields", "input,host,uri"],
        Some(input),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_lines(&out),
        [
            r#"{"input":"http://u@例え.jp:8/ä","host":"例え.jp","uri":"http://u@%E4%BE%8B%E3%81%88.jp:8/%C3%A4"}"#,
            r#"{"input":"bad ref","host":null,"uri":null}"#,
        ]
    );
    let out = run(
        &["parse", "--iri", "--format", "tsv", "--fields", "host,rule"],
        Some(input),
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "例え.jp\tIRI\n\\N\t\\N\n"
    );
    let out = run(
        &["parse", "--iri", "--stats", "--only-invalid"],
        Some(input),
    );
    assert_eq!(stdout_lines(&out).len(), 1);
    let summary = stderr(&out);
    assert!(
        summary.contains("lines: 2 (1 valid, 1 invalid)"),
        "{summary}"
    );
    assert!(summary.contains("schemes: http 1"), "{summary}");
}

/// Every `--fields` name, in the order the usage error lists them, and
/// each one's TSV column: a contract that other tools read.
#[test]
fn every_field_keeps_its_name_order_and_column() {
    let all = "input,valid,rule,scheme,authority,userinfo,host,host_kind,port,path,query,\
               fragment,uri,uri_error,error,offset,column,kind,component,public_suffix,\
               registrable_domain,query_param:q";
    let out = run(&["parse", "--fields", "nope", "a:b"], None);
    assert_eq!(out.status.code(), Some(2));
    let known = all.replace(',', ", ").replace(":q", ":KEY");
    assert!(
        stderr(&out).contains(&format!("unknown field \"nope\" (known: {known})\n")),
        "{}",
        stderr(&out)
    );
    let out = run(
        &[
            "parse",
            "--iri",
            "--format",
            "tsv",
            "--header",
            "--fields",
            all,
            "http://u@[::1]:8/p?q#f",
            "a b",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout_lines(&out),
        [
            all.replace(',', "\t"),
            "http://u@[::1]:8/p?q#f\ttrue\tIRI\thttp\tu@[::1]:8\tu\t[::1]\tipv6\t8\t/p\tq\tf\t\
             http://u@[::1]:8/p?q#f\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t"
                .to_owned(),
            "a b\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\
             invalid character ' ' in path\t1\t2\tinvalid_char\tpath\t\\N\t\\N\t\\N"
                .to_owned(),
        ]
    );
}

/// `--fields` refuses a field named twice (exit 2).
#[test]
fn fields_refuse_duplicates() {
    let out = run(&["parse", "--fields", "host,scheme,host", "a:b"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(stderr(&out), "peguri: --fields names \"host\" twice\n");
}

/// `--fields authority` keeps the authority the object it is in
/// the full output; TSV writes its text.
#[test]
fn fields_keep_the_authority_an_object() {
    let out = run(
        &["parse", "--fields", "authority", "http://u@h:8/", "a:b"],
        None,
    );
    assert_eq!(
        stdout_lines(&out),
        [
            r#"{"authority":{"userinfo":"u","host":"h","host_kind":"reg-name","port":"8"}}"#,
            r#"{"authority":null}"#,
        ]
    );
    let out = run(
        &[
            "parse",
            "--format",
            "tsv",
            "--fields",
            "authority",
            "http://u@h:8/",
        ],
        None,
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "u@h:8\n");
}

/// TSV gets an optional header line (`--header`), and `rule` and
/// `error` columns (after the ten it always had).
#[test]
fn tsv_header_and_rule_and_error_columns() {
    let out = run(
        &["parse", "--format", "tsv", "--header"],
        Some(b"http://h/p\nbad ref\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "input\tvalid\tscheme\tuserinfo\thost\thost_kind\tport\tpath\tquery\tfragment\trule\terror\n\
         http://h/p\ttrue\thttp\t\\N\th\treg-name\t\\N\t/p\t\\N\t\\N\tURI\t\\N\n\
         bad ref\tfalse\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\tinvalid character ' ' in path\n"
    );
    let out = run(
        &[
            "parse",
            "--iri",
            "--format",
            "tsv",
            "--header",
            "--fields",
            "input,error",
        ],
        Some(b""),
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "input\terror\n",
        "the header even for no input"
    );
}

/// Flags that contradict each other are a usage error (exit 2),
/// not one silently winning.
#[test]
fn contradictory_flags_are_usage_errors() {
    for args in [
        &["parse", "--pretty", "--format", "tsv", "a:b"][..],
        &["parse", "--json", "--format", "tsv", "a:b"],
        &["parse", "--header", "a:b"],
        &["parse", "--only-valid", "--only-invalid", "a:b"],
        &["parse", "--iri", "--rule", "scheme", "a"],
    ] {
        let out = run(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = run(&["parse", "--json", "a:b"], None);
    assert_eq!(out.status.code(), Some(0), "--json alone is the default");
}

/// `--allow-zone-id` turns on RFC 6874 zone identifiers; without it the
/// error suggests the flag.
#[test]
fn parse_allow_zone_id_accepts_a_zone() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_peguri"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["parse", "http://[fe80::1%25en0]/"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("--allow-zone-id"));
    let out = run(&["parse", "--allow-zone-id", "http://[fe80::1%25en0]/"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains(r#""host":"[fe80::1%25en0]","host_kind":"ipv6""#)
    );
}

/// `--format tsv` writes an absent component as `\N` (PostgreSQL's and
/// MySQL's null), so that `http://h?` (an empty query) and `http://h`
/// (none), or `http://@h:/` and `http://h/`, give different rows.
#[test]
fn tsv_tells_absent_from_empty() {
    let out = run(
        &[
            "parse",
            "--format",
            "tsv",
            "--fields",
            "userinfo,port,query",
        ],
        Some(b"http://h?\nhttp://h\nhttp://@h:/\nhttp://h/\n"),
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "\\N\t\\N\t\n\\N\t\\N\t\\N\n\t\t\\N\n\\N\t\\N\t\\N\n"
    );
    // A backslash in text is escaped, so `\N` is never text.
    let out = run(
        &["parse", "--format", "tsv", "--fields", "input,query"],
        Some(b"a\\N b\n"),
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "a\\\\N b\t\\N\n");
}

/// `--fields uri_error` is the field `--idna` writes when a valid IRI's
/// host has no ASCII form.
#[test]
fn fields_take_uri_error() {
    let out = run(
        &[
            "parse",
            "--iri",
            "--idna",
            "--fields",
            "input,uri,uri_error",
        ],
        Some("http://xn--a.例.jp/\nhttp://例.jp/\n".as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert!(lines[0]["uri"].is_null());
    assert!(
        lines[0]["uri_error"].as_str().unwrap().contains("ToASCII"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["uri"], "http://xn--fsq.jp/");
    assert!(lines[1]["uri_error"].is_null());
}
