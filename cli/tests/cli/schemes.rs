//! Each scheme's own syntax on the command line, run as a user would:
//! `parse --scheme-syntax` (the `"scheme_syntax"` member), `check
//! --scheme-syntax` (the `scheme-syntax` warning), `explain
//! --scheme-parts` and `peguri schemes`; without the flags, the output
//! is what it is without them.

use std::process::Output;

use serde_json::{Value, json};

use crate::common::run_peguri;

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

/// The issue's table: each input is a valid URI whose scheme's syntax
/// refuses it, at this offset, citing this RFC.
const REFUSED: [(&str, &str, &str, usize); 8] = [
    ("http://", "http", "RFC 9110", 7),
    ("mailto:joe", "mailto", "RFC 6068", 10),
    ("urn:a:b", "urn", "RFC 8141", 5),
    ("data:text/plain", "data", "RFC 2397", 15),
    ("tel:7042", "tel", "RFC 3966", 8),
    ("geo:91,0", "geo", "RFC 5870", 4),
    ("ws://h/chat#x", "ws", "RFC 6455", 11),
    ("file:etc/fstab", "file", "RFC 8089", 5),
];

#[test]
fn parse_scheme_syntax_refuses_the_issues_examples_with_offset_and_rfc() {
    let inputs: Vec<&str> = REFUSED.iter().map(|r| r.0).collect();
    let mut args = vec!["parse", "--scheme-syntax"];
    args.extend(&inputs);
    let out = run_peguri(&args, b"");
    // Every input is a valid URI: the exit code is RFC 3986's.
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), REFUSED.len());
    for (line, (input, scheme, spec, offset)) in lines.iter().zip(REFUSED) {
        assert_eq!(line["input"], input);
        assert_eq!(line["valid"], true, "{input}");
        let syntax = &line["scheme_syntax"];
        assert_eq!(syntax["scheme"], scheme, "{input}");
        assert_eq!(syntax["spec"], spec, "{input}");
        assert_eq!(syntax["valid"], false, "{input}");
        assert_eq!(syntax["error"]["offset"], offset, "{input}");
        let message = syntax["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("({spec} section")),
            "{input}: {message}"
        );
        assert_eq!(syntax["parts"], Value::Null, "{input}");
        let keys: Vec<&String> = syntax.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 5, "{input}: {keys:?}");
    }
}

#[test]
fn parse_scheme_syntax_parts_of_each_scheme() {
    let cases = [
        (
            "mailto:joe@example.com?to=bob@example.com&Subject=hi%20there",
            json!({"to": ["joe@example.com", "bob@example.com"],
                   "headers": [["to", "bob@example.com"], ["Subject", "hi there"]]}),
        ),
        (
            "URN:Example:a?+r?=q#f",
            json!({"nid": "Example", "nss": "a", "r_component": "r", "q_component": "q"}),
        ),
        (
            "data:text/plain;charset=US-ASCII;base64,SGVsbG8=",
            json!({"media_type": "text/plain;charset=US-ASCII", "base64": true, "data_length": 5}),
        ),
        (
            "data:,A%20brief%20note",
            json!({"media_type": null, "base64": false, "data_length": 12}),
        ),
        (
            "tel:7042;phone-context=example.com",
            json!({"number": "7042", "global": false}),
        ),
        (
            "geo:48.2010,16.3695,183;CRS=WGS84;u=40",
            json!({"coordinates": [48.201, 16.3695, 183.0], "crs": "wgs84", "uncertainty": 40.0}),
        ),
        (
            "geo:-48.2,16",
            json!({"coordinates": [-48.2, 16.0], "crs": "wgs84", "uncertainty": null}),
        ),
        ("HTTPS://example.com/", json!({})),
        ("file:///etc/fstab", json!({})),
    ];
    for (input, parts) in cases {
        let out = run_peguri(&["parse", "--scheme-syntax", input], b"");
        assert_eq!(out.status.code(), Some(0), "{input}");
        let line = &json_lines(&out)[0];
        let syntax = &line["scheme_syntax"];
        assert_eq!(syntax["valid"], true, "{input}: {syntax}");
        assert_eq!(syntax["error"], Value::Null, "{input}");
        assert_eq!(syntax["parts"], parts, "{input}");
        // The scheme lowercase, whatever its case in the input.
        let scheme = input.split(':').next().unwrap().to_ascii_lowercase();
        assert_eq!(syntax["scheme"], scheme.as_str(), "{input}");
    }
}

/// `null` for a scheme without a grammar, a relative reference, and an
/// input that is no URI reference (its line keeps its error).
#[test]
fn parse_scheme_syntax_is_null_without_a_grammar_or_a_scheme() {
    let out = run_peguri(
        &["parse", "--scheme-syntax"],
        b"foo:bar\n/a/b\nhttp://h/a b\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 3);
    for line in text.lines() {
        assert!(line.ends_with(",\"scheme_syntax\":null}"), "{line}");
    }
    let lines = json_lines(&out);
    assert_eq!(lines[2]["valid"], false);
    assert_eq!(lines[2]["error"]["offset"], 10);
}

/// The member is added, last, to what `parse` prints without the flag:
/// the same object, compact or pretty, or the fields asked for.
#[test]
fn parse_scheme_syntax_extends_the_object_without_changing_it() {
    for input in [
        "urn:example:x",
        "mailto:joe",
        "http://u@h:1/p?q#f",
        "/rel",
        "%zz",
    ] {
        for extra in [
            &[][..],
            &["--pretty"],
            &["--fields", "input,valid,host"],
            &["--iri"],
        ] {
            let mut plain_args = vec!["parse"];
            plain_args.extend(extra);
            plain_args.push(input);
            let plain = stdout(&run_peguri(&plain_args, b""));
            let mut args = vec!["parse", "--scheme-syntax"];
            args.extend(extra);
            args.push(input);
            let with = stdout(&run_peguri(&args, b""));
            assert!(!plain.contains("scheme_syntax"), "{plain}");
            let plain: Value = serde_json::from_str(&plain).unwrap();
            let mut with: Value = serde_json::from_str(&with).unwrap_or_else(|e| {
                panic!("{input} {extra:?}: not one JSON object ({e}):\n{with}")
            });
            let syntax = with.as_object_mut().unwrap().remove("scheme_syntax");
            assert!(syntax.is_some(), "{input} {extra:?}");
            assert_eq!(with, plain, "{input} {extra:?}");
        }
    }
    // The members keep their order: the new one is last.
    let pretty = stdout(&run_peguri(
        &["parse", "--scheme-syntax", "--pretty", "urn:ab:c"],
        b"",
    ));
    assert!(
        pretty.starts_with("{\n  \"input\": \"urn:ab:c\",\n"),
        "{pretty}"
    );
    assert!(
        pretty.contains(
            "\n  \"fragment\": null,\n  \"scheme_syntax\": {\n    \"scheme\": \"urn\",\n"
        ),
        "{pretty}"
    );
    assert!(pretty.ends_with("\n  }\n}\n"), "{pretty}");
}

#[test]
fn parse_scheme_syntax_is_json_only() {
    let out = run_peguri(
        &["parse", "--scheme-syntax", "--format", "tsv", "urn:ab:c"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--scheme-syntax adds a JSON object; it cannot go with --format tsv"),
        "{err}"
    );
}

#[test]
fn check_scheme_syntax_warns_with_the_rfc_section() {
    let out = run_peguri(&["check", "--scheme-syntax", "geo:91,0", "http://h/"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "geo:91,0: warning[scheme-syntax]\nhttp://h/: no findings\n"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning[scheme-syntax]: latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2)\n  geo:91,0\n      ^"),
        "{err}"
    );
    let out = run_peguri(
        &["check", "--json", "--scheme-syntax"],
        b"urn:a:b\nurn:ab:c\n",
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["findings"][0]["code"], "scheme-syntax");
    assert_eq!(lines[0]["findings"][0]["section"], "2");
    assert_eq!(lines[0]["findings"][0]["start"], 5);
    assert_eq!(lines[1]["findings"], json!([]));
}

/// Without the flag, `check` says what it says without the feature: a
/// URI that breaks its scheme's syntax has no findings.
#[test]
fn check_without_scheme_syntax_is_unchanged() {
    let inputs: Vec<&str> = REFUSED
        .iter()
        .map(|r| r.0)
        .filter(|i| *i != "http://")
        .collect();
    let mut args = vec!["check"];
    args.extend(&inputs);
    let out = run_peguri(&args, b"");
    assert_eq!(out.status.code(), Some(0));
    for line in stdout(&out).lines() {
        assert!(line.ends_with(": no findings"), "{line}");
    }
}

#[test]
fn explain_scheme_parts_draws_nid_and_nss() {
    let uri = "urn:example:animal:ferret:nose";
    let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", uri], b""));
    assert!(
        drawn.ends_with("     └┬┘ └──┬──┘ └───────┬────────┘\nscheme name NID         NSS\n"),
        "{drawn}"
    );
    let plain = stdout(&run_peguri(&["explain", uri], b""));
    assert!(!plain.contains("NID"), "{plain}");
    // A URN that breaks RFC 8141 is drawn without them.
    let broken = stdout(&run_peguri(&["explain", "--scheme-parts", "urn:a:b"], b""));
    assert_eq!(broken, stdout(&run_peguri(&["explain", "urn:a:b"], b"")));
}

#[test]
fn explain_scheme_parts_draws_data_and_tel_parts() {
    let data = "data:text/plain;charset=utf-8,hi";
    let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", data], b""));
    let last: Vec<&str> = drawn.lines().rev().take(2).collect();
    assert_eq!(last[1], "    └┬─┘ └──────────┬───────────┘ ┬┘");
    assert!(
        last[0].contains("media type") && last[0].ends_with("data"),
        "{drawn}"
    );
    let tel = "tel:863-1234;phone-context=+1-914-555";
    let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", tel], b""));
    assert!(
        drawn.contains("number") && drawn.contains("parameter"),
        "{drawn}"
    );
    // Without a media type, only the data is drawn.
    let bare = stdout(&run_peguri(&["explain", "--scheme-parts", "data:,x"], b""));
    assert!(
        bare.contains("data") && !bare.contains("media type"),
        "{bare}"
    );
}

#[test]
fn schemes_lists_names_documents_grammars_and_ports() {
    let out = run_peguri(&["schemes", "--json"], b"");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    let names: Vec<&str> = lines.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    let find = |name: &str| lines.iter().find(|l| l["name"] == name).unwrap();
    for scheme in [
        "http",
        "https",
        "ws",
        "wss",
        "file",
        "mailto",
        "urn",
        "data",
        "tel",
        "geo",
        "ftp",
        "ldap",
        "ni",
        "nih",
        "coap",
        "coaps",
        "coap+tcp",
        "coaps+tcp",
        "coap+ws",
        "coaps+ws",
        "rtsp",
        "rtsps",
        "news",
        "nntp",
    ] {
        let line = find(scheme);
        assert_eq!(line["grammar"], true, "{line}");
        assert!(
            line["document"].as_str().unwrap().starts_with("RFC "),
            "{line}"
        );
    }
    assert_eq!(find("https")["default_port"], 443);
    assert_eq!(find("mailto")["default_port"], Value::Null);
    assert_eq!(find("gopher")["grammar"], false);
    assert_eq!(find("gopher")["default_port"], 70);
    // The ports of the schemes' RFCs (RFC 7252 section 6, RFC 8323
    // section 8, RFC 7826 section 4.2, RFC 1738 section 3.2, RFC 4516
    // section 3, RFC 5538 section 2).
    for (scheme, port) in [
        ("ftp", Value::from(21)),
        ("ldap", Value::from(389)),
        ("coap", Value::from(5683)),
        ("coaps", Value::from(5684)),
        ("coap+tcp", Value::from(5683)),
        ("coaps+tcp", Value::from(5684)),
        ("coap+ws", Value::from(80)),
        ("coaps+ws", Value::from(443)),
        ("rtsp", Value::from(554)),
        ("rtsps", Value::from(322)),
        ("news", Value::from(119)),
        ("nntp", Value::from(119)),
        ("ni", Value::Null),
        ("nih", Value::Null),
    ] {
        assert_eq!(find(scheme)["default_port"], port, "{scheme}");
    }
    // The table: a header, then one line per scheme, columns aligned.
    let table = stdout(&run_peguri(&["schemes"], b""));
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), lines.len() + 1);
    assert!(rows[0].starts_with("NAME "), "{}", rows[0]);
    let grammar_column = rows[0].find("GRAMMAR").unwrap();
    let urn = rows.iter().find(|r| r.starts_with("urn ")).unwrap();
    assert!(
        urn.starts_with("urn") && urn.contains("RFC 8141 section 2"),
        "{urn}"
    );
    assert_eq!(&urn[grammar_column..grammar_column + 3], "yes", "{urn}");
}

#[test]
fn parse_scheme_syntax_parts_of_the_protocol_schemes() {
    let cases = [
        (
            "ftp://anne@ftp.example.com:2121/pub/a.txt;type=i",
            json!({"user": "anne", "password": null, "host": "ftp.example.com", "port": 2121,
                   "path_segments": ["pub", "a.txt"], "type": "i"}),
        ),
        (
            "ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
            json!({"host": "ldap1.example.net", "port": 6666, "dn": "o=University of Michigan,c=US",
                   "attributes": [], "scope": "sub", "filter": "(cn=Babs Jensen)", "extensions": []}),
        ),
        (
            "ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com",
            json!({"host": null, "port": null, "dn": "", "attributes": [], "scope": "sub",
                   "filter": null, "extensions": [{"critical": true, "type": "e-bindname",
                                                   "value": "cn=Manager,dc=example,dc=com"}]}),
        ),
        (
            "ni:///sha-256-32;f4OxZQ?ct=text/plain",
            json!({"authority": null, "algorithm": "sha-256-32", "value": "f4OxZQ",
                   "digest": "7f83b165", "query": "ct=text/plain", "check_digit": null}),
        ),
        (
            "nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f",
            json!({"authority": null, "algorithm": "3", "value": "532690-57e12f-e2b74b-a07c89-2560a2",
                   "digest": "53269057e12fe2b74ba07c892560a2", "query": null, "check_digit": "f"}),
        ),
        (
            "news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            json!({"server": null, "message_id": "p0624081dc30b8699bf9b@[10.20.30.108]",
                   "newsgroups": null, "group": null, "article_number": null}),
        ),
        (
            "nntp://news.server.example/example.group.this/12345",
            json!({"server": "news.server.example", "message_id": null, "newsgroups": null,
                   "group": "example.group.this", "article_number": 12345}),
        ),
        ("coap+tcp://example.net/.well-known/core", json!({})),
        ("RTSP://media.example.com:554/twister", json!({})),
    ];
    for (input, parts) in cases {
        let out = run_peguri(&["parse", "--scheme-syntax", input], b"");
        assert_eq!(out.status.code(), Some(0), "{input}");
        let syntax = &json_lines(&out)[0]["scheme_syntax"];
        assert_eq!(syntax["valid"], true, "{input}: {syntax}");
        assert_eq!(syntax["parts"], parts, "{input}");
        let scheme = input.split(':').next().unwrap().to_ascii_lowercase();
        assert_eq!(syntax["scheme"], scheme.as_str(), "{input}");
    }
}

/// The new schemes' refusals, as the CLI reports them: the offset into the
/// whole input and the RFC of the rule broken (a check digit, a DN, a
/// filter, an article number).
#[test]
fn parse_scheme_syntax_refuses_with_the_rule_of_the_rfc_broken() {
    let cases = [
        ("nih:sha-256-32;53269057;c", 24, "RFC 6920 section 7"),
        ("ldap://h/cn=a,,b", 14, "RFC 4514 section 3"),
        ("ldap://h/???(cn=*x", 18, "RFC 4512 section 1.4"),
        ("nntp://h/example.group/0", 23, "RFC 3977 section 6"),
        ("coap:///x", 7, "RFC 7252 section 6.1"),
        ("ftp://h/a?b", 9, "RFC 1738 section 3.2"),
    ];
    for (input, offset, citation) in cases {
        let out = run_peguri(&["parse", "--scheme-syntax", input], b"");
        assert_eq!(out.status.code(), Some(0), "{input}");
        let syntax = &json_lines(&out)[0]["scheme_syntax"];
        assert_eq!(syntax["valid"], false, "{input}");
        assert_eq!(syntax["error"]["offset"], offset, "{input}");
        let message = syntax["error"]["message"].as_str().unwrap();
        assert!(
            message.ends_with(&format!("({citation})")),
            "{input}: {message}"
        );
    }
}

#[test]
fn check_scheme_syntax_warns_about_an_nih_check_digit() {
    let out = run_peguri(
        &["check", "--json", "--scheme-syntax"],
        b"nih:sha-256-32;53269057;c\nnih:sha-256-32;53269057;b\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let finding = &lines[0]["findings"][0];
    assert_eq!(finding["code"], "scheme-syntax");
    assert_eq!(finding["section"], "7");
    assert_eq!(finding["start"], 24);
    assert!(
        finding["message"]
            .as_str()
            .unwrap()
            .starts_with("check digit 'c' does not match the hash value, whose check digit is 'b'"),
        "{finding}"
    );
    assert_eq!(lines[1]["findings"], json!([]));
}

#[test]
fn explain_scheme_parts_draws_ftp_ldap_ni_and_news_parts() {
    let cases: [(&str, &[&str]); 4] = [
        (
            "ftp://anne@ftp.example.com:2121/pub;type=d",
            &["user", "host", "port", "path", "type"],
        ),
        (
            "ldap://h:389/o=x?cn,sn?sub?(cn=a)?!x-ext",
            &[
                "host",
                "port",
                "DN",
                "attributes",
                "scope",
                "filter",
                "extension",
            ],
        ),
        (
            "nih:sha-256-32;53269057;b",
            &["algorithm", "value", "check digit"],
        ),
        (
            "nntp://news.example/comp.lang.c/42",
            &["server", "group", "article number"],
        ),
    ];
    for (input, labels) in cases {
        let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", input], b""));
        let plain = stdout(&run_peguri(&["explain", input], b""));
        // Each part's label is drawn once more than without the flag
        // (`host`, `port` and `path` label components too).
        for label in labels {
            assert_eq!(
                drawn.matches(label).count(),
                plain.matches(label).count() + 1,
                "{input}: {label}\n{drawn}"
            );
        }
    }
    // An nih URI with a wrong check digit is drawn without its parts.
    let input = "nih:sha-256-32;53269057;c";
    let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", input], b""));
    assert_eq!(drawn, stdout(&run_peguri(&["explain", input], b"")));
}

/// The schemes with grammars from RFC 3261, RFC 4151, RFC 7565, RFC 5122,
/// RFC 5724, RFC 6694 and RFC 2392: their parts, as the JSON contract
/// names them.
#[test]
fn parse_scheme_syntax_parts_of_sip_tag_acct_xmpp_sms_about_cid() {
    let cases = [
        (
            "sip:alice:secretword@atlanta.com:5060;transport=tcp;lr?subject=project%20x",
            json!({"user": "alice", "password": "secretword", "host": "atlanta.com",
                   "port": "5060", "parameters": [["transport", "tcp"], ["lr", null]],
                   "headers": [["subject", "project%20x"]]}),
        ),
        (
            "sips:atlanta.com",
            json!({"user": null, "password": null, "host": "atlanta.com", "port": null,
                   "parameters": [], "headers": []}),
        ),
        (
            "tag:sandro@w3.org,2004-05:Sandro",
            json!({"authority_name": "sandro@w3.org", "date": "2004-05", "specific": "Sandro"}),
        ),
        (
            "acct:juliet%40capulet.example@shoppingsite.example",
            json!({"userpart": "juliet%40capulet.example", "host": "shoppingsite.example"}),
        ),
        (
            "xmpp://guest@example.com/support@example.com/desk?message;subject=Hi",
            json!({"account": "guest@example.com", "node": "support", "domain": "example.com",
                   "resource": "desk", "query_type": "message", "pairs": [["subject", "Hi"]]}),
        ),
        (
            "sms:+15105550101,+15105550102?body=hello%20there",
            json!({"recipients": ["+15105550101", "+15105550102"], "body": "hello there"}),
        ),
        ("about:blank", json!({"token": "blank"})),
        (
            "mid:960830.1639@XIson.com/partA.960830.1639@XIson.com",
            json!({"message_id": "960830.1639@XIson.com",
                   "content_id": "partA.960830.1639@XIson.com"}),
        ),
    ];
    for (input, parts) in cases {
        let out = run_peguri(&["parse", "--scheme-syntax", input], b"");
        assert_eq!(out.status.code(), Some(0), "{input}");
        let syntax = &json_lines(&out)[0]["scheme_syntax"];
        assert_eq!(syntax["valid"], true, "{input}: {syntax}");
        assert_eq!(syntax["parts"], parts, "{input}");
    }
}

#[test]
fn parse_and_check_scheme_syntax_refuse_a_sip_ttl_and_a_tag_date() {
    let out = run_peguri(
        &[
            "parse",
            "--scheme-syntax",
            "sip:alice@atlanta.com;ttl=256",
            "tag:example.com,2001-02-29:x",
        ],
        b"",
    );
    let lines = json_lines(&out);
    for (line, (scheme, spec, offset, message)) in lines.iter().zip([
        (
            "sip",
            "RFC 3261",
            26,
            "ttl 256 is outside 0 to 255 (RFC 3261 section 25.1)",
        ),
        (
            "tag",
            "RFC 4151",
            24,
            "day 29 is outside 01 to 28 (RFC 4151 section 2.1)",
        ),
    ]) {
        let syntax = &line["scheme_syntax"];
        assert_eq!(
            (&syntax["scheme"], &syntax["spec"], &syntax["valid"]),
            (&json!(scheme), &json!(spec), &json!(false)),
            "{line}"
        );
        assert_eq!(syntax["error"]["offset"], offset, "{line}");
        assert_eq!(syntax["error"]["message"], message, "{line}");
    }
    let out = run_peguri(&["check", "--scheme-syntax", "sms:+1?body=a&body=b"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "warning[scheme-syntax]: the field \"body\" appears twice (RFC 5724 section 2.2)"
        ),
        "{err}"
    );
}

#[test]
fn explain_scheme_parts_draws_sip_and_tag_parts() {
    let sip = "sip:alice@atlanta.com:5060";
    let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", sip], b""));
    let last = drawn.lines().last().unwrap_or_default();
    assert!(
        last.contains("user") && last.contains("host") && last.ends_with("port"),
        "{drawn}"
    );
    let tag = "tag:yaml.org,2002:int";
    let drawn = stdout(&run_peguri(&["explain", "--scheme-parts", tag], b""));
    assert!(
        drawn.contains("authority name") && drawn.contains("date") && drawn.contains("specific"),
        "{drawn}"
    );
    let plain = stdout(&run_peguri(&["explain", tag], b""));
    assert!(!plain.contains("authority name"), "{plain}");
}

#[test]
fn schemes_lists_the_new_grammars() {
    let out = run_peguri(&["schemes", "--json"], b"");
    let lines = json_lines(&out);
    let find = |name: &str| lines.iter().find(|l| l["name"] == name).unwrap();
    for (scheme, document) in [
        ("sip", "RFC 3261 section 25.1"),
        ("sips", "RFC 3261 section 25.1"),
        ("tag", "RFC 4151 section 2.1"),
        ("acct", "RFC 7565 section 7"),
        ("xmpp", "RFC 5122 section 2.2"),
        ("sms", "RFC 5724 section 2.2"),
        ("about", "RFC 6694 section 2"),
        ("cid", "RFC 2392 section 2"),
        ("mid", "RFC 2392 section 2"),
    ] {
        let line = find(scheme);
        assert_eq!(
            (&line["grammar"], &line["document"]),
            (&json!(true), &json!(document)),
            "{line}"
        );
    }
    assert_eq!(find("sip")["default_port"], 5060);
    assert_eq!(find("tag")["default_port"], Value::Null);
}

/// `grammar coverage --scheme sip`: the built-in uri.pest and sip grammar,
/// from `sip_entry`, over RFC 3261's examples and a refused one.
#[test]
fn coverage_of_the_sip_grammar() {
    let inputs = "sip:alice@atlanta.com\n\
                  sip:alice:secretword@atlanta.com;transport=tcp\n\
                  sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com\n\
                  sip:alice@atlanta.com;lr=on\n";
    let out = run_peguri(
        &["grammar", "coverage", "--json", "--scheme", "sip"],
        inputs.as_bytes(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(report["rule"], "sip_entry");
    assert_eq!(
        report["grammar"],
        json!(["uri.pest (built in)", "schemes/sip.pest (built in)"])
    );
    assert_eq!(
        (report["valid"].as_u64(), report["invalid"].as_u64()),
        (Some(3), Some(1))
    );
    // How many inputs each rule matched in.
    let inputs_of = |rule: &str| {
        report["rules"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["rule"] == rule)
            .and_then(|r| r["inputs"].as_u64())
            .unwrap_or_else(|| panic!("no rule {rule}"))
    };
    assert_eq!(inputs_of("transport_param"), 1);
    assert_eq!(inputs_of("method_param"), 1);
    assert_eq!(inputs_of("password"), 1);
    assert_eq!(inputs_of("headers"), 1);
}
