//! Section 7 lints: a positive and a negative case for every code, the
//! password mask, and robustness over the shared vectors.

use crate::common;

use std::borrow::Cow;

use common::{shared_records, str_field};
use peguri::UriRef;
use peguri::lint::{CODES, Finding, Severity, lint, mask_password};
use proptest::prelude::*;

#[track_caller]
fn findings(input: &str) -> Vec<Finding> {
    let uri = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?} must parse: {e}"));
    let found = lint(&uri);
    for f in &found {
        assert!(
            input.get(f.span.clone()).is_some() && f.span.start < f.span.end,
            "bad span {:?} for {input:?}",
            f.span
        );
        assert!(
            f.message.contains("(RFC 3986 section") && f.message.contains(f.section),
            "message must cite the section: {}",
            f.message
        );
    }
    found.into_vec()
}

#[track_caller]
fn codes(input: &str) -> Vec<&'static str> {
    findings(input).iter().map(|f| f.code.as_str()).collect()
}

/// (code, inputs that must produce it, inputs that must not)
const CASES: &[(&str, &[&str], &[&str])] = &[
    (
        "foreign-port",
        &[
            "http://victim.example.com:25/",
            "https://h:80/",
            "ftp://h:443/",
            "HTTP://h:22",
            "ws://h:110/",
        ],
        &[
            "http://h:80/",
            "https://h:443/",
            "http://h:8080/",
            "ssh://h:22",
            "foo://h:25/",
            "http://h:/",
            "http://h:99999/",
            "wss://h:443",
        ],
    ),
    (
        "port-out-of-range",
        &[
            "http://h:65536/",
            "//h:99999",
            "http://h:0000070000/",
            "http://h:123456789012345678901234567890/",
        ],
        &["http://h:65535/", "http://h:000080/", "http://h:/", "//h:0"],
    ),
    (
        "encoded-nul",
        &[
            "http://h/file%00.txt",
            "http://h/?q=%00",
            "//%00@h",
            "a:#%00",
        ],
        &["http://h/file%2500.txt", "http://h/%01"],
    ),
    (
        "encoded-line-break",
        &[
            "http://h/a%0d%0aSet-Cookie:x",
            "telnet://h/%0A",
            "http://h/?%0D",
        ],
        &["http://h/a%20b", "http://h/%250A"],
    ),
    (
        "encoded-control",
        &["http://h/%01", "http://h/?%1F", "http://h/#%7f"],
        &["http://h/%20", "http://h/%80", "http://h/%00"],
    ),
    (
        "encoded-slash",
        &[
            "http://h/a%2Fb",
            "http://h/a%2fb",
            "http://h/..%5C..%5Cwindows",
            "a:%2F",
        ],
        &[
            "http://h/a/b",
            "http://h/?a=%2F",
            "http://h/#%2F",
            "http://%2F@h/",
        ],
    ),
    (
        "encoded-dot-segment",
        &[
            "http://h/%2e%2e/etc/passwd",
            "http://h/a/%2E/b",
            "http://h/.%2e/",
            "%2e%2e/x",
        ],
        &[
            "http://h/../x",
            "http://h/%2e%2e%2e/",
            "http://h/a%2eb/",
            "http://h/?%2e%2e",
        ],
    ),
    (
        "ambiguous-ipv4",
        &[
            "http://0177.0.0.1/",
            "http://0x7f.1/",
            "http://2130706433/",
            "http://127.1/",
            "http://127.0.0.1./",
            "http://%31%32%37.1/",
            "http://0x7F000001/",
            "http://1.2.3/",
        ],
        &[
            "http://127.0.0.1/",
            "http://example.com/",
            "http://1.2.3.4.5/",
            "http://256.1/",
            "http://4294967296/",
            "http://[::1]/",
            "http://08.1/",
        ],
    ),
    (
        "password-in-userinfo",
        &["ftp://user:secret@h/", "//:x@h", "http://a:b:c@h/"],
        &["ftp://user@h/", "ftp://user:@h/", "http://h/user:pass@x"],
    ),
    (
        "empty-password",
        &["ftp://user:@h/", "//:@h"],
        &["ftp://user@h/", "ftp://user:x@h/"],
    ),
    (
        "deceptive-userinfo",
        &[
            "http://www.bank.example@evil.example/",
            "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
            "http://bank.com:443@evil.example/",
            "http://http%3A%2F%2Fbank.example@evil.example/",
            "http://10.0.0.1@evil.example/",
            "http://WWW.Bank@evil.example/",
        ],
        &[
            "http://first.last@example.com/",
            "http://user@example.com/",
            "http://john.doe:pw@example.com/",
            "http://a.b@example.com/",
        ],
    ),
    (
        "mixed-script-host",
        &[
            // Cyrillic "а" in a Latin name.
            "http://%D0%B0pple.com/",
            // Greek omicron among Latin letters.
            "http://g%CE%BFogle.example/",
        ],
        &[
            "http://apple.com/",
            // All Cyrillic in one label, Latin in another.
            "http://%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.com/",
            "http://caf%C3%A9.example/",
            "http://%FF%FE.example/",
            // IDNA labels of one script, and one that is not punycode.
            "http://xn--caf-dma.example/",
            "http://xn--e1afmkfd.xn--p1ai/",
            "http://xn--a.example/",
        ],
    ),
    (
        "encoded-bidi",
        &["http://h/%E2%80%AE", "http://h/?q=%e2%80%8f", "#%E2%81%A6"],
        &[
            "http://h/%E2%80%8D",
            "http://h/%E2%80%AF",
            "http://h/%E2%80",
        ],
    ),
    (
        "dangerous-scheme",
        &[
            "javascript:alert(1)",
            "JavaScript:void(0)",
            "vbscript:msgbox(1)",
            "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
            "data:TEXT/HTML;charset=utf-8;base64,PHNjcmlwdD4=",
            "data:image/svg+xml;base64,PHN2Zz4=",
            "data:application/xhtml+xml,x",
            "data:text/xml,x",
            "data:application/xml,x",
            "data:application/javascript,alert(1)",
            "data:text/javascript1.5,x",
            "data:text/vbscript,x",
            "data:text/html,x#frag",
        ],
        &[
            "http://h/javascript:alert(1)",
            "./javascript:x",
            "javascripts:x",
            "data:,text/html",
            "data:text/plain,%3Chtml%3E",
            "data:image/png;base64,iVBORw0KGgo=",
            "data:text/html",
            "data:text%2Fhtml,x",
            "data:;base64,PHNjcmlwdD4=",
            "data:text/htmlx,x",
            "data:text/plain,x#text/html,y",
            "http://h/?data:text/html,x",
        ],
    ),
];

/// `dangerous-scheme` spans the scheme of a script reference and the
/// media type of a `data:` URL, and names the type.
#[test]
fn dangerous_schemes_point_at_what_runs() {
    let f = findings("javascript:alert(1)");
    assert_eq!((f.len(), f[0].span.clone()), (1, 0..10));
    assert_eq!(f[0].severity, Severity::Warning);
    assert_eq!(f[0].section, "7");
    assert!(
        f[0].message
            .starts_with("a javascript: reference runs its text as JavaScript")
    );
    let f = findings("data:Image/SVG+xml;base64,PHN2Zz4=");
    assert_eq!(f[0].span, 5..18);
    assert!(
        f[0].message
            .starts_with("a data: URL of media type image/svg+xml is a document")
    );
    assert!(
        f[0].message
            .contains("OWASP Cross Site Scripting Prevention Cheat Sheet")
    );
}

/// `check` warns about bidirectional formatting characters in
/// URIs as well (percent-encoded, the only way a URI can hold them).
#[test]
fn check_warns_about_encoded_bidi() {
    let f = findings("http://h/a%E2%80%AEb");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "encoded-bidi");
    assert_eq!(f[0].severity, Severity::Warning);
    assert_eq!(f[0].span, 10..19);
    assert_eq!(
        f[0].message,
        "%E2%80%AE is the percent-encoded bidirectional formatting character U+202E, which \
         IRIs must not contain (RFC 3987 section 4.1): decoded for display, it can make the \
         text read in another order than it is resolved (RFC 3986 section 7.6)"
    );
}

#[test]
fn every_code_has_a_positive_and_a_negative_case() {
    let covered: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    assert_eq!(covered, CODES, "CASES must follow peguri::lint::CODES");
    for (code, positives, negatives) in CASES {
        assert!(!positives.is_empty() && !negatives.is_empty(), "{code}");
        for input in *positives {
            assert!(
                codes(input).contains(code),
                "{input:?} should give {code}, gave {:?}",
                codes(input)
            );
        }
        for input in *negatives {
            assert!(
                !codes(input).contains(code),
                "{input:?} should not give {code}, gave {:?}",
                findings(input)
            );
        }
    }
}

#[test]
fn clean_uris_have_no_findings() {
    for input in [
        "https://example.com/a/b?c=d#e",
        "mailto:John.Doe@example.com",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "http://192.0.2.16:8080/a%20b",
        "../g;x?y#s",
        "file:///etc/hosts",
        "http://h./",
        "",
    ] {
        assert_eq!(findings(input), [], "{input:?}");
    }
}

#[test]
fn spans_and_messages_are_pinned() {
    let f = findings("http://0177.0.0.1/");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].span, 7..17);
    assert_eq!(f[0].severity, Severity::Warning);
    assert_eq!(
        f[0].message,
        "reg-name \"0177.0.0.1\" may be read as the IPv4 address 127.0.0.1 by resolvers that \
         accept numeric, octal, hexadecimal or shortened forms (RFC 3986 section 7.4)"
    );

    let f = findings("ftp://user:secret@h/");
    assert_eq!(f[0].code, "password-in-userinfo");
    assert_eq!(&"ftp://user:secret@h/"[f[0].span.clone()], "secret");

    let input = "http://www.bank.example@evil.example/";
    let f = findings(input);
    assert_eq!(&input[f[0].span.clone()], "www.bank.example");
    assert_eq!(
        f[0].to_string(),
        "warning[deceptive-userinfo]: userinfo \"www.bank.example\" looks like a host name, \
         but the host is \"evil.example\" (RFC 3986 section 7.6)"
    );

    let input = "http://h/a%2Fb/%2e%2e/?%0A";
    let f = findings(input);
    let got: Vec<(&str, &str)> = f
        .iter()
        .map(|f| (f.code.as_str(), &input[f.span.clone()]))
        .collect();
    assert_eq!(
        got,
        [
            ("encoded-slash", "%2F"),
            ("encoded-dot-segment", "%2e%2e"),
            ("encoded-line-break", "%0A"),
        ]
    );

    let f = findings("http://h:25/");
    assert_eq!(
        f[0].message,
        "port 25 is the well-known port of SMTP (RFC 5321), not of http: a crafted URI can \
         make a client talk to another protocol (RFC 3986 section 7.2)"
    );
    assert_eq!(f[0].span, 9..11);
}

#[test]
fn severities() {
    assert_eq!(findings("//u:@h")[0].severity, Severity::Info);
    assert_eq!(findings("/%01")[0].severity, Severity::Info);
    assert_eq!(findings("/%00")[0].severity, Severity::Warning);
}

#[test]
fn owned_references_lint_the_same() {
    let owned = peguri::UriRefBuf::parse("http://u:p@0x7f.1/").unwrap();
    let borrowed = UriRef::parse("http://u:p@0x7f.1/").unwrap();
    assert_eq!(lint(&owned.borrow()), lint(&borrowed));
}

#[test]
fn mask_password_for_logging() {
    let mask = |s: &str| mask_password(&UriRef::parse(s).unwrap()).into_owned();
    assert_eq!(mask("http://user:pass@host/p"), "http://user:***@host/p");
    assert_eq!(mask("http://user:a:b@host"), "http://user:***@host");
    assert_eq!(mask("//:x@h"), "//:***@h");
    assert_eq!(mask("http://user@host/p:q@r"), "http://user@host/p:q@r");
    assert_eq!(mask("http://user:@host"), "http://user:@host");
    assert_eq!(mask("http://host/?user:pass@x"), "http://host/?user:pass@x");
    assert_eq!(mask("a:b"), "a:b");
    let uri = UriRef::parse("http://host/").unwrap();
    assert!(matches!(mask_password(&uri), Cow::Borrowed(_)));
}

#[test]
fn lint_never_panics_on_shared_vectors() {
    let Some(records) = shared_records("testdata/valid.json") else {
        return;
    };
    let mut linted = 0;
    for record in &records {
        let Some(input) = str_field(record, "input") else {
            continue;
        };
        if let Ok(uri) = UriRef::parse(input) {
            for f in lint(&uri) {
                assert!(input.get(f.span.clone()).is_some(), "{input:?}: {f:?}");
                assert!(CODES.contains(&f.code));
            }
            let _ = mask_password(&uri);
            linted += 1;
        }
    }
    assert!(linted > 600, "only {linted} linted");
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(1024, "tests/proptest-regressions/library/lint.txt"))]

    #[test]
    fn lint_spans_are_in_bounds(input in "([a-z]{1,3}:)?(//([a-z0-9.:%]{0,8}@)?[a-z0-9.%]{0,10}(:[0-9]{0,3})?)?(/([a-z.%]|%[02][0-9a-fA-F]){0,6}){0,3}(\\?[a-z%0-9]{0,4})?") {
        if let Ok(uri) = UriRef::parse(&input) {
            for f in lint(&uri) {
                prop_assert!(input.get(f.span.clone()).is_some());
                prop_assert!(f.span.start < f.span.end);
            }
            let masked = mask_password(&uri);
            prop_assert!(UriRef::parse(&masked).is_ok());
        }
    }
}

/// Lint codes are an enum, written as their stable names.
#[test]
fn lint_codes_are_an_enum() {
    use peguri::lint::Code;
    let f = findings("http://user:pw@h/");
    assert_eq!(f[0].code, Code::PasswordInUserinfo);
    assert_eq!(f[0].code, "password-in-userinfo");
    assert_eq!(f[0].code.to_string(), "password-in-userinfo");
    for code in Code::ALL {
        assert_eq!(Code::from_name(code.as_str()), Some(code));
    }
    let json = serde_json::to_value(&f[0]).unwrap();
    assert_eq!(json["code"], "password-in-userinfo");
}

/// An IDNA label is read as a browser shows it (ToUnicode, RFC 3987
/// section 8): `xn--pypal-4ve` is `pаypal` with a Cyrillic `а`, which was
/// found only written in Unicode or percent-encoded.
#[cfg(feature = "idna")]
#[test]
fn punycode_homographs_are_mixed_script_hosts() {
    let found = findings("http://xn--pypal-4ve.example/");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, "mixed-script-host");
    assert_eq!(found[0].span, 7..28);
    assert_eq!(
        found[0].message,
        "host label \"xn--pypal-4ve\" is \"pаypal\" in Unicode (IDNA ToUnicode, RFC 3987 \
         section 8), which mixes Latin and Cyrillic letters, a way to imitate another name \
         (RFC 3986 section 7.6)"
    );
    // The same host as an IRI, and percent-encoded: the same code.
    let iri = peguri::IriRef::parse("http://pаypal.example/").unwrap();
    assert_eq!(peguri::lint::lint(&iri)[0].code, "mixed-script-host");
    assert_eq!(codes("http://p%D0%B0ypal.example/"), ["mixed-script-host"]);
    assert_eq!(
        codes("http://www.XN--PYPAL-4VE.example/"),
        ["mixed-script-host"]
    );
}

/// `port = *DIGIT` allows any number; one above 65535 names no port.
#[test]
fn ports_above_65535_are_found() {
    let found = findings("http://h:70000/");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].code, "port-out-of-range");
    assert_eq!(found[0].severity, Severity::Warning);
    assert_eq!(found[0].span, 9..14);
    assert_eq!(
        found[0].message,
        "port 70000 is above 65535, the largest TCP or UDP port: a client may refuse it, or \
         keep its low 16 bits and connect to port 4464 instead (RFC 3986 sections 3.2.3 and \
         7.2)"
    );
    let long = format!("http://h:{}/", "9".repeat(1_000));
    assert!(
        findings(&long)[0]
            .message
            .starts_with("port 99999999999999999999... (1000 digits) is above 65535")
    );
}

/// A repeated problem is reported a bounded number of times: the first
/// findings of each code, and a count of the rest, so that what a caller
/// prints stays in proportion to the problems, not to the input.
#[test]
fn findings_are_capped_per_code_with_a_count_of_the_rest() {
    use peguri::lint::{Code, MAX_FINDINGS_PER_CODE};
    let text = format!("http://a/{}{}", "%00".repeat(100_000), "%0A".repeat(3));
    let uri = UriRef::parse(&text).unwrap();
    let found = lint(&uri);
    assert_eq!(found.len(), MAX_FINDINGS_PER_CODE + 3);
    assert_eq!(
        found.omitted(),
        [(Code::EncodedNul, 100_000 - MAX_FINDINGS_PER_CODE)]
    );
    assert_eq!(found.count(Code::EncodedNul), 100_000);
    assert_eq!(found.count(Code::EncodedLineBreak), 3);
    // The first ones are kept, in order.
    assert_eq!(found[0].span, 9..12);
    assert_eq!(found[MAX_FINDINGS_PER_CODE - 1].span.start, 9 + 3 * 99);
    // Input quoted in a message is bounded, whatever the input's length.
    let deceptive = format!("http://www.bank.example{}@h/", "a".repeat(1_000_000));
    let found = lint(&UriRef::parse(&deceptive).unwrap());
    assert_eq!(found[0].code, Code::DeceptiveUserinfo);
    assert!(
        found[0].message.len() < 400,
        "{} bytes",
        found[0].message.len()
    );
}
