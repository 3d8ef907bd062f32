//! Every scheme with a grammar reaches every command that reads scheme
//! syntax: `parse --scheme-syntax` reports it valid or not under its own
//! RFC, `check --scheme-syntax` warns about the invalid example only, and
//! `explain --scheme-parts` draws the parts its typed view reads. The
//! table names each scheme `peguri schemes` marks as having a grammar, so
//! a grammar added without an example here fails the test.

use std::collections::BTreeSet;
use std::process::Output;

use serde_json::Value;

use crate::common::run_peguri;

/// Each scheme with a grammar: a valid example, an example its grammar
/// refuses (valid under RFC 3986), and whether `explain --scheme-parts`
/// draws parts of it beyond RFC 3986's components.
const SCHEMES: [(&str, &str, &str, bool); 33] = [
    ("about", "about:blank", "about:a/b", true),
    (
        "acct",
        "acct:foobar@status.example.net",
        "acct:foobar",
        true,
    ),
    ("cid", "cid:foo4*foo1@bar.net", "cid:a..b@c", true),
    (
        "coap",
        "coap://example.net/.well-known/core",
        "coap:///x",
        false,
    ),
    (
        "coap+tcp",
        "coap+tcp://example.net/x",
        "coap+tcp://u@h/x",
        false,
    ),
    (
        "coap+ws",
        "coap+ws://example.org/s?u=Cel",
        "coap+ws://u@h/",
        false,
    ),
    ("coaps", "coaps://h:5684/a", "coaps://", false),
    ("coaps+tcp", "coaps+tcp://h", "coaps+tcp:///x", false),
    ("coaps+ws", "coaps+ws:///x", "coaps+ws:x", false),
    ("data", "data:text/plain,x", "data:text/plain", true),
    ("file", "file:///etc/fstab", "file:etc/fstab", false),
    (
        "ftp",
        "ftp://anne@ftp.example.com/a.txt;type=i",
        "ftp://h/a?b",
        true,
    ),
    ("geo", "geo:1,2", "geo:91,0", false),
    ("http", "http://example.com/", "http://", false),
    ("https", "https://example.com/", "https://", false),
    (
        "ldap",
        "ldap://h/o=example?cn?sub?(cn=*)",
        "ldap://h/cn=a,,b",
        true,
    ),
    ("mailto", "mailto:joe@example.com", "mailto:joe", false),
    (
        "mid",
        "mid:960830.1639@XIson.com/partA@XIson.com",
        "mid:a@b/c",
        true,
    ),
    ("news", "news:comp.lang.c", "news:a@", true),
    ("ni", "ni:///sha-256-32;f4OxZQ", "ni:///sha-256;f4OxZ", true),
    (
        "nih",
        "nih:sha-256-32;53269057;b",
        "nih:sha-256-32;53269057;c",
        true,
    ),
    (
        "nntp",
        "nntp://h/example.group/1",
        "nntp://h/example.group/0",
        true,
    ),
    (
        "rtsp",
        "rtsp://media.example.com:554/twister",
        "rtsp:/twister",
        false,
    ),
    (
        "rtsps",
        "rtsps://media.example.com/twister",
        "rtsps:x",
        false,
    ),
    (
        "sip",
        "sip:alice@atlanta.com",
        "sip:alice@atlanta.com;ttl=256",
        true,
    ),
    (
        "sips",
        "sips:alice@atlanta.com:5061",
        "sips:a@b?subject",
        true,
    ),
    ("sms", "sms:+15105550101?body=hi", "sms:7042", true),
    (
        "tag",
        "tag:yaml.org,2002:int",
        "tag:example.com,2001-02-29:x",
        true,
    ),
    ("tel", "tel:+1-201-555-0123", "tel:7042", true),
    ("urn", "urn:example:a", "urn:a:b", true),
    ("ws", "ws://h/chat", "ws://h/chat#x", false),
    ("wss", "wss://h/", "wss://u@h/", false),
    ("xmpp", "xmpp:node@example.com/res", "xmpp:a@b/c/d", true),
];

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

/// `peguri schemes --json`: each scheme with a grammar and the document
/// it cites.
fn schemes_with_a_grammar() -> Vec<(String, String)> {
    let out = run_peguri(&["schemes", "--json"], b"");
    assert_eq!(out.status.code(), Some(0));
    json_lines(&out)
        .iter()
        .filter(|line| line["grammar"] == true)
        .map(|line| {
            let text = |key: &str| line[key].as_str().unwrap_or_default().to_owned();
            (text("name"), text("document"))
        })
        .collect()
}

#[test]
fn the_table_names_every_scheme_with_a_grammar() {
    let listed: BTreeSet<String> = schemes_with_a_grammar().into_iter().map(|s| s.0).collect();
    let tested: BTreeSet<String> = SCHEMES.iter().map(|s| s.0.to_owned()).collect();
    assert_eq!(listed, tested);
}

#[test]
fn parse_scheme_syntax_reads_every_scheme_under_its_rfc() {
    let documents = schemes_with_a_grammar();
    let mut args = vec!["parse", "--scheme-syntax"];
    args.extend(SCHEMES.iter().flat_map(|s| [s.1, s.2]));
    let out = run_peguri(&args, b"");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2 * SCHEMES.len());
    for (pair, (scheme, valid, invalid, _)) in lines.chunks(2).zip(SCHEMES) {
        let document = &documents.iter().find(|d| d.0 == scheme).expect("listed").1;
        for (line, input, is_valid) in [(&pair[0], valid, true), (&pair[1], invalid, false)] {
            let syntax = &line["scheme_syntax"];
            assert_eq!(line["input"], input);
            assert_eq!(syntax["scheme"], scheme, "{input}: {syntax}");
            assert_eq!(syntax["valid"], is_valid, "{input}: {syntax}");
            let spec = syntax["spec"].as_str().unwrap_or_default();
            assert!(
                !spec.is_empty() && document.starts_with(spec),
                "{input}: {spec} is not the spec of {document}"
            );
            if is_valid {
                assert!(syntax["parts"].is_object(), "{input}: {syntax}");
            } else {
                let message = syntax["error"]["message"].as_str().unwrap_or_default();
                assert!(message.ends_with(')'), "{input}: {message}");
                assert!(message.contains("(RFC "), "{input}: {message}");
                assert!(syntax["parts"].is_null(), "{input}: {syntax}");
            }
        }
    }
}

#[test]
fn check_scheme_syntax_warns_about_the_refused_examples_only() {
    let input: String = SCHEMES
        .iter()
        .flat_map(|s| [s.1, s.2])
        .map(|text| format!("{text}\n"))
        .collect();
    let out = run_peguri(&["check", "--json", "--scheme-syntax"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2 * SCHEMES.len());
    for (line, text) in lines.iter().zip(input.lines()) {
        let warned = line["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .any(|f| f["code"] == "scheme-syntax");
        let refused = SCHEMES.iter().any(|s| s.2 == text);
        assert_eq!(warned, refused, "{text}: {line}");
    }
}

#[test]
fn explain_scheme_parts_draws_the_parts_of_every_scheme_with_a_view() {
    for (scheme, valid, invalid, drawn) in SCHEMES {
        let plain = run_peguri(&["explain", valid], b"");
        let parts = run_peguri(&["explain", "--scheme-parts", valid], b"");
        assert_eq!(parts.status.code(), Some(0), "{valid}");
        assert_eq!(
            stdout(&parts) != stdout(&plain),
            drawn,
            "{scheme}: {}",
            stdout(&parts)
        );
        // A reference its scheme refuses is drawn as without the flag.
        let plain = run_peguri(&["explain", invalid], b"");
        let parts = run_peguri(&["explain", "--scheme-parts", invalid], b"");
        assert_eq!(stdout(&parts), stdout(&plain), "{invalid}");
    }
}

/// docs/schemes.md has a row for each scheme with a grammar, in the
/// order of `peguri schemes`, each citing the document `peguri schemes`
/// names (the RFC, at least).
#[test]
fn the_schemes_document_has_a_row_per_scheme() {
    let page = include_str!("../../../docs/schemes.md");
    let rows: Vec<(&str, &str)> = page
        .lines()
        .skip_while(|line| !line.starts_with("| scheme | RFC | grammar"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| {
            let mut cells = line.split(" | ");
            let name = cells.next()?.trim_start_matches("| ").trim_matches('`');
            Some((name, cells.next()?))
        })
        .collect();
    let mut names: Vec<&str> = rows.iter().map(|row| row.0).collect();
    names.sort_unstable();
    let listed = schemes_with_a_grammar();
    let listed_names: Vec<&str> = listed.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(names, listed_names);
    for (name, rfc) in rows {
        let document = &listed.iter().find(|s| s.0 == name).expect("listed").1;
        let spec = document.split(" section ").next().unwrap_or_default();
        assert!(rfc.starts_with(spec), "{name}: {rfc} against {document}");
    }
}
