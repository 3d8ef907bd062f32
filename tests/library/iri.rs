//! IRIs (RFC 3987): the grammar of section 2.2, the component API, the
//! IRI-to-URI mapping of section 3.1 and the URI-to-IRI display of
//! section 3.2, with the RFC's own examples as tables.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::net::{Ipv4Addr, Ipv6Addr};

use peguri::grammar::{IRI_GRAMMAR, RFC3987_RULES, entry_rule, parse_rule};
use peguri::{Host, Iri, IriRef, IriRefBuf, Uri, UriRef, UriRefBuf};

/// Parses `input` as an IRI reference, failing the test with the error.
#[track_caller]
fn iri(input: &str) -> IriRef<'_> {
    match IriRef::parse(input) {
        Ok(iri) => iri,
        Err(e) => panic!("{input:?} should be an IRI reference:\n{e}"),
    }
}

#[track_caller]
fn check_to_uri(input: &str, expected: &str) {
    let uri = iri(input).to_uri();
    assert_eq!(uri.as_str(), expected, "to_uri of {input:?}");
    assert!(
        UriRef::parse(uri.as_str()).is_ok(),
        "{expected:?} is a URI reference"
    );
}

#[track_caller]
fn check_display(uri: &str, expected: &str) {
    let parsed = UriRef::parse(uri).unwrap();
    let shown = parsed.to_iri();
    assert_eq!(shown, expected, "to_iri of {uri:?}");
    assert_eq!(
        IriRef::parse(shown.as_str()).map(|i| i.to_owned()),
        Ok(shown.clone()),
        "{shown:?} is an IRI reference with the same components"
    );
}

// ---------------------------------------------------------------------------
// RFC 3987's examples
// ---------------------------------------------------------------------------

#[test]
fn rfc3987_section_3_1_examples() {
    // Section 3.1, the examples after step 2 (the host is percent-encoded,
    // the alternative the section allows to IDNA).
    let table = [
        (
            "http://r\u{E9}sum\u{E9}.example.org",
            "http://r%C3%A9sum%C3%A9.example.org",
        ),
        (
            "http://www.example.org/red%09ros\u{E9}#red",
            "http://www.example.org/red%09ros%C3%A9#red",
        ),
    ];
    for (input, expected) in table {
        check_to_uri(input, expected);
    }
}

#[test]
fn rfc3987_section_3_2_example_both_ways() {
    let iri_text = "http://example.com/\u{10300}\u{10301}\u{10302}";
    let uri_text = "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82";
    check_display(uri_text, iri_text);
    check_to_uri(iri_text, uri_text);
}

#[test]
fn rfc3987_section_3_2_1_examples() {
    let table = [
        (
            "http://www.example.org/r%C3%A9sum%C3%A9.html",
            "http://www.example.org/r\u{E9}sum\u{E9}.html",
        ),
        // Kept: %E9 alone is not UTF-8 (it is Latin-1 for é).
        (
            "http://www.example.org/r%E9sum%E9.html",
            "http://www.example.org/r%E9sum%E9.html",
        ),
        (
            "http://www.example.org/D%C3%BCrst",
            "http://www.example.org/D\u{FC}rst",
        ),
        (
            "http://www.example.org/D%FCrst",
            "http://www.example.org/D%FCrst",
        ),
        // Kept: U+202E RIGHT-TO-LEFT OVERRIDE (sections 3.2.1 and 4.1). The
        // host stays punycode: peguri does no IDNA.
        (
            "http://xn--99zt52a.example.org/%e2%80%ae",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ),
    ];
    for (uri, expected) in table {
        check_display(uri, expected);
    }
}

#[test]
fn rfc3987_section_2_2_sample_iris() {
    // Scripts, a host, userinfo, query and fragment with non-ASCII text.
    for input in [
        "http://\u{4F60}\u{597D}.example.com/",
        "r\u{E9}f/rel",
        "http://usER:passWORD@\u{3B1}.CoM/",
        "urn:\u{540D}\u{524D}:\u{30C6}\u{30B9}\u{30C8}",
        "mailto:\u{7528}\u{6237}@\u{4F8B}\u{5B50}.\u{5E7F}\u{544A}",
        "ftp://\u{441}\u{435}\u{440}\u{432}\u{435}\u{440}/\u{444}\u{430}\u{439}\u{43B}?\u{432}#\u{43E}",
    ] {
        iri(input);
        assert!(UriRef::parse(input).is_err(), "{input:?} is not a URI");
    }
}

// ---------------------------------------------------------------------------
// Validity: the ucschar and iprivate ranges, where each is allowed
// ---------------------------------------------------------------------------

/// The edges of every `ucschar` range, and the code points just outside.
const UCSCHAR_IN: &[char] = &[
    '\u{A0}',
    '\u{D7FF}',
    '\u{F900}',
    '\u{FDCF}',
    '\u{FDF0}',
    '\u{FFEF}',
    '\u{10000}',
    '\u{1FFFD}',
    '\u{20000}',
    '\u{2FFFD}',
    '\u{30000}',
    '\u{3FFFD}',
    '\u{40000}',
    '\u{4FFFD}',
    '\u{50000}',
    '\u{5FFFD}',
    '\u{60000}',
    '\u{6FFFD}',
    '\u{70000}',
    '\u{7FFFD}',
    '\u{80000}',
    '\u{8FFFD}',
    '\u{90000}',
    '\u{9FFFD}',
    '\u{A0000}',
    '\u{AFFFD}',
    '\u{B0000}',
    '\u{BFFFD}',
    '\u{C0000}',
    '\u{CFFFD}',
    '\u{D0000}',
    '\u{DFFFD}',
    '\u{E1000}',
    '\u{EFFFD}',
];

const IPRIVATE: &[char] = &[
    '\u{E000}',
    '\u{F8FF}',
    '\u{F0000}',
    '\u{FFFFD}',
    '\u{100000}',
    '\u{10FFFD}',
];

/// Neither ucschar nor iprivate: controls, non-characters, tags.
const NEITHER: &[char] = &[
    '\u{7F}',
    '\u{80}',
    '\u{9F}',
    '\u{FDD0}',
    '\u{FDEF}',
    '\u{FFF0}',
    '\u{FFFE}',
    '\u{FFFF}',
    '\u{1FFFE}',
    '\u{1FFFF}',
    '\u{2FFFE}',
    '\u{DFFFF}',
    '\u{E0000}',
    '\u{E0FFF}',
    '\u{EFFFE}',
    '\u{EFFFF}',
    '\u{FFFFE}',
    '\u{10FFFE}',
    '\u{10FFFF}',
];

#[test]
fn ucschar_is_allowed_in_every_component_that_allows_unreserved() {
    for &c in UCSCHAR_IN {
        for template in [
            "s://u{c}@h/p",
            "s://h{c}/p",
            "s:/p{c}",
            "s:p{c}",
            "{c}/p",
            "?{c}",
            "#{c}",
        ] {
            let input = template.replace("{c}", &c.to_string());
            assert!(IriRef::parse(&input).is_ok(), "{input:?} ({:X})", c as u32);
        }
        assert!(parse_rule("ucschar", &c.to_string()).is_ok());
        assert!(parse_rule("iprivate", &c.to_string()).is_err());
    }
}

#[test]
fn iprivate_is_allowed_in_the_query_only() {
    for &c in IPRIVATE {
        assert!(
            IriRef::parse(&format!("s://h/p?{c}")).is_ok(),
            "{:X}",
            c as u32
        );
        for template in ["s://u{c}@h/", "s://h{c}/", "s:/p{c}", "{c}", "#{c}"] {
            let input = template.replace("{c}", &c.to_string());
            assert!(IriRef::parse(&input).is_err(), "{input:?} ({:X})", c as u32);
        }
        assert!(parse_rule("iprivate", &c.to_string()).is_ok());
        assert!(parse_rule("ucschar", &c.to_string()).is_err());
    }
}

#[test]
fn other_characters_are_rejected_everywhere() {
    for &c in NEITHER {
        for template in ["s://h{c}/", "s:/p{c}", "?{c}", "#{c}"] {
            let input = template.replace("{c}", &c.to_string());
            let err = IriRef::parse(&input).unwrap_err();
            assert_eq!(
                err.offset(),
                input.find(c).unwrap(),
                "{input:?} ({:X})",
                c as u32
            );
        }
    }
    // ASCII outside the URI grammar stays invalid in IRIs too.
    for input in ["a b", "a\"b", "<a>", "a\\b", "a{b}", "a^b", "a`b", "a|b"] {
        assert!(IriRef::parse(input).is_err(), "{input:?}");
    }
}

#[test]
fn ascii_only_rules_stay_ascii() {
    // scheme, port and IP literals are RFC 3986's.
    // A scheme starts with an ASCII letter and holds ASCII only, and a
    // relative path cannot have a colon in its first segment.
    assert_eq!(IriRef::parse("\u{E9}:x").unwrap_err().offset(), 2);
    assert_eq!(Iri::parse("h\u{E9}:x").unwrap_err().offset(), 1);
    assert!(IriRef::parse("h\u{E9}:x").is_err());
    assert!(IriRef::parse("//h:8\u{E9}/").is_err());
    assert!(IriRef::parse("//[v1.\u{582}]").is_err());
    assert!(IriRef::parse("//[::\u{E9}]").is_err());
}

#[test]
fn iri_pest_states_only_the_rfc3987_rules_each_under_its_abnf() {
    let defined: Vec<&str> = IRI_GRAMMAR
        .lines()
        .filter_map(|line| line.split_once(" = "))
        .map(|(name, _)| name)
        .filter(|name| !name.starts_with("//") && !name.contains(' '))
        .collect();
    let rules: Vec<&str> = defined
        .iter()
        .copied()
        .filter(|name| !name.ends_with("_entry"))
        .collect();
    assert_eq!(rules, RFC3987_RULES, "the RFC's rules, in its order");
    for name in RFC3987_RULES {
        assert!(
            defined.contains(&format!("{name}_entry").as_str()),
            "{name} has an entry rule"
        );
        let abnf_name = name.replace('_', "-");
        let abnf = IRI_GRAMMAR.lines().position(|line| {
            line.strip_prefix("// ")
                .and_then(|rest| rest.strip_prefix(abnf_name.as_str()))
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        });
        let rule = IRI_GRAMMAR
            .lines()
            .position(|line| line.starts_with(&format!("{name} = ")));
        match (abnf, rule) {
            (Some(a), Some(r)) => assert!(a < r, "{name}: the ABNF comes first"),
            _ => panic!("{name}: ABNF comment {abnf:?}, rule {rule:?}"),
        }
    }
}

#[test]
fn every_rfc3987_rule_has_an_entry_rule() {
    for name in RFC3987_RULES {
        assert!(entry_rule(name).is_some(), "{name}");
    }
    // (rule, accepted, (rejected, byte offset of the failure))
    let table: &[(&str, &[&str], (&str, usize))] = &[
        ("IRI", &["a:\u{E9}"], ("\u{E9}", 0)),
        ("IRI-reference", &["\u{E9}", "a:b"], ("a b", 1)),
        ("absolute-IRI", &["a:\u{E9}?\u{E000}"], ("a:b#c", 3)),
        ("irelative-ref", &["\u{E9}#\u{E9}"], ("a:b", 1)),
        ("ihier-part", &["//\u{E9}/p"], ("?", 0)),
        ("irelative-part", &["\u{E9}/p"], ("\u{E9}:", 2)),
        ("iauthority", &["\u{E9}@\u{E9}:1"], ("\u{E9}/", 2)),
        ("iuserinfo", &["\u{E9}:x"], ("\u{E9}@", 2)),
        ("ihost", &["\u{E9}", "[::1]", "1.2.3.4"], ("\u{E9}:", 2)),
        ("ireg-name", &["b\u{FC}cher.example", ""], ("a:b", 1)),
        ("ipath", &["/\u{E9}", "\u{E9}:"], ("\u{E9}?", 2)),
        ("ipath-abempty", &["", "/\u{E9}/"], ("\u{E9}", 0)),
        ("ipath-absolute", &["/", "/\u{E9}"], ("//\u{E9}", 1)),
        ("ipath-noscheme", &["\u{E9}/:"], ("\u{E9}:", 2)),
        ("ipath-rootless", &["\u{E9}:"], ("/\u{E9}", 0)),
        ("ipath-empty", &[""], ("\u{E9}", 0)),
        ("isegment", &["", "\u{E9}:@"], ("\u{E9}/", 2)),
        ("isegment-nz", &["\u{E9}"], ("", 0)),
        ("isegment-nz-nc", &["\u{E9}@"], ("\u{E9}:", 2)),
        ("ipchar", &["\u{E9}", "%20", ":"], ("\u{E000}", 0)),
        ("iquery", &["\u{E000}\u{E9}/?"], ("#", 0)),
        ("ifragment", &["\u{E9}/?"], ("\u{E000}", 0)),
        ("iunreserved", &["a", "\u{E9}"], ("!", 0)),
        ("ucschar", &["\u{E9}"], ("a", 0)),
        ("iprivate", &["\u{E000}"], ("\u{E9}", 0)),
    ];
    assert_eq!(table.len(), RFC3987_RULES.len(), "one row per rule");
    let mut wrong = Vec::new();
    for (rule, good, (bad, offset)) in table {
        for input in *good {
            if let Err(e) = parse_rule(rule, input) {
                wrong.push(format!("{rule} rejected {input:?}: {e}"));
            }
        }
        match parse_rule(rule, bad) {
            Ok(_) => wrong.push(format!("{rule} accepted {bad:?}")),
            Err(e) if e.offset() != *offset => wrong.push(format!(
                "{rule} on {bad:?} failed at {}, not {offset}",
                e.offset()
            )),
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------

#[test]
fn components_of_an_iri() {
    let i = iri("http://usER:passWORD@\u{3B1}.CoM:8080/\u{E4}/b%20c?\u{3BB}=1#\u{F6}");
    assert_eq!(i.scheme(), Some("http"));
    let a = i.authority().unwrap();
    assert_eq!(a.as_str(), "usER:passWORD@\u{3B1}.CoM:8080");
    assert_eq!(a.userinfo(), Some("usER:passWORD"));
    assert_eq!(a.host(), Host::RegName("\u{3B1}.CoM"));
    assert_eq!(a.port(), Some("8080"));
    assert_eq!(i.path(), "/\u{E4}/b%20c");
    assert_eq!(i.segments().collect::<Vec<_>>(), ["\u{E4}", "b%20c"]);
    assert_eq!(i.query(), Some("\u{3BB}=1"));
    assert_eq!(i.fragment(), Some("\u{F6}"));
    assert!(i.has_scheme());
    assert_eq!(i.rule(), "IRI");

    let rel = iri("//\u{E9}");
    assert_eq!(rel.scheme(), None);
    assert_eq!(rel.path(), "");
    assert_eq!(rel.query(), None);
    assert_eq!(rel.fragment(), None);
    assert!(rel.is_relative());
    assert_eq!(rel.rule(), "irelative-ref");
}

#[test]
fn hosts_are_typed_as_in_uris() {
    let host = |s: &'static str| iri(s).authority().unwrap().host();
    assert_eq!(
        host("//1.2.3.4/\u{E9}"),
        Host::Ipv4 {
            addr: Ipv4Addr::new(1, 2, 3, 4),
            text: "1.2.3.4"
        }
    );
    // PEG: the IPv4 lookahead now includes ucschar.
    assert_eq!(host("//1.2.3.4\u{E9}/"), Host::RegName("1.2.3.4\u{E9}"));
    assert_eq!(host("//1.2.3.4.5"), Host::RegName("1.2.3.4.5"));
    assert_eq!(
        host("//\u{FC}@[::1]:80"),
        Host::Ipv6 {
            addr: Ipv6Addr::LOCALHOST,
            text: "[::1]",
            zone: None
        }
    );
    assert_eq!(
        host("//\u{FC}@[v1F.x:y]"),
        Host::IpvFuture {
            version: "1F",
            address: "x:y",
            text: "[v1F.x:y]"
        }
    );
    assert_eq!(host("//"), Host::RegName(""));
}

#[test]
fn entry_points() {
    assert!(Iri::parse("a:\u{E9}#f").is_ok());
    assert!(Iri::parse("\u{E9}").is_err());
    assert!(Iri::parse_absolute("a:\u{E9}?q").is_ok());
    assert!(Iri::parse_absolute("a:\u{E9}#f").is_err());
    assert!(IriRef::parse_relative("./\u{E9}:b").is_ok());
    assert!(IriRef::parse_relative("a:\u{E9}").is_err());
    // path-noscheme: a colon in the first segment makes a scheme or fails.
    assert!(IriRef::parse("\u{E9}:b").is_err());
    assert_eq!(IriRef::parse("./\u{E9}:b").unwrap().path(), "./\u{E9}:b");
    assert_eq!(IriRef::parse("a:\u{E9}:b").unwrap().path(), "\u{E9}:b");
}

#[test]
fn every_uri_is_an_iri_with_the_same_components() {
    for input in [
        "http://u@h:1/p/q?x#y",
        "//[v1.x]",
        "a:b",
        "../a",
        "",
        "?",
        "#",
    ] {
        let uri = UriRef::parse(input).unwrap();
        let from: IriRef<'_> = uri.into();
        let parsed = iri(input);
        assert_eq!(from, parsed);
        assert_eq!(from.scheme(), uri.scheme());
        assert_eq!(from.authority(), uri.authority());
        assert_eq!(from.path(), uri.path());
        assert_eq!(from.query(), uri.query());
        assert_eq!(from.fragment(), uri.fragment());
        assert_eq!(parsed.authority(), uri.authority());
        let owned = IriRefBuf::from(UriRefBuf::parse(input).unwrap());
        assert_eq!(owned.borrow(), parsed);
    }
}

// ---------------------------------------------------------------------------
// Section 3.1: IRI to URI
// ---------------------------------------------------------------------------

#[test]
fn to_uri_encodes_ucschar_and_iprivate_as_utf8() {
    check_to_uri("?alpha=\u{3B1}", "?alpha=%CE%B1");
    check_to_uri(
        "?katakana-letter-i=\u{30A4}",
        "?katakana-letter-i=%E3%82%A4",
    );
    check_to_uri("?sushi=\u{1F363}", "?sushi=%F0%9F%8D%A3");
    check_to_uri("?\u{E000}", "?%EE%80%80");
    check_to_uri("?\u{10FFFD}", "?%F4%8F%BF%BD");
    check_to_uri("\u{A0}", "%C2%A0");
    // Already a URI: unchanged, existing encodings (any case) kept.
    check_to_uri(
        "foo://user@example.com:8042/over/there?name=ferret#nose",
        "foo://user@example.com:8042/over/there?name=ferret#nose",
    );
    check_to_uri("/%c3%a9%41", "/%c3%a9%41");
}

#[test]
fn to_uri_keeps_the_components() {
    let i = iri("s://\u{FC}:\u{DF}@\u{3B1}.example:81/\u{E4}/b?\u{E000}#\u{F6}");
    let uri = i.to_uri();
    assert_eq!(
        uri.as_str(),
        "s://%C3%BC:%C3%9F@%CE%B1.example:81/%C3%A4/b?%EE%80%80#%C3%B6"
    );
    let reparsed = UriRef::parse(uri.as_str()).unwrap();
    assert_eq!(uri.borrow().scheme(), reparsed.scheme());
    assert_eq!(uri.authority(), reparsed.authority());
    assert_eq!(uri.path(), reparsed.path());
    assert_eq!(uri.segments().collect::<Vec<_>>(), ["%C3%A4", "b"]);
    assert_eq!(uri.query(), reparsed.query());
    assert_eq!(uri.fragment(), reparsed.fragment());
    assert_eq!(uri.authority().unwrap().userinfo(), Some("%C3%BC:%C3%9F"));
    assert_eq!(uri.authority().unwrap().port(), Some("81"));

    // The IPvFuture version keeps pointing at the version digits.
    let future = iri("//\u{FC}@[v7.a]/\u{E9}").to_uri();
    assert_eq!(
        future.authority().unwrap().host(),
        Host::IpvFuture {
            version: "7",
            address: "a",
            text: "[v7.a]"
        }
    );
}

#[test]
fn to_uri_does_no_idna() {
    // RFC 3987 section 3.1 allows percent-encoding the host; punycode is
    // not produced.
    check_to_uri("http://B\u{FC}cher.de", "http://B%C3%BCcher.de");
    check_to_uri("http://\u{2665}.net", "http://%E2%99%A5.net");
}

// ---------------------------------------------------------------------------
// Section 3.2: URI to IRI, for display
// ---------------------------------------------------------------------------

#[test]
fn display_decodes_utf8_of_ucschar_only() {
    check_display("?a=%CE%B1", "?a=\u{3B1}");
    check_display("?a=%ce%b1", "?a=\u{3B1}");
    check_display("//%E4%BE%8B:1/", "//\u{4F8B}:1/");
    check_display("//%C3%BC@h/", "//\u{FC}@h/");
    check_display("#%F0%9F%8D%A3", "#\u{1F363}");
    // Encoded ASCII is never decoded, even unreserved.
    check_display("/%41%2F%20%7E", "/%41%2F%20%7E");
    // Invalid or partial UTF-8 is kept, valid neighbours decoded.
    check_display("?a=%CE%B1&b=%CE%CE%B1%B1", "?a=\u{3B1}&b=%CE\u{3B1}%B1");
    check_display("/%E3%82%E3%82%A4", "/%E3%82\u{30A4}");
    check_display("/%F0%9F%F0%9F%8D%A3", "/%F0%9F\u{1F363}");
    check_display("/%C0%AF", "/%C0%AF"); // overlong '/'
    check_display("/%ED%A0%80", "/%ED%A0%80"); // a surrogate
    check_display("a:%F9%A8%8E%80", "a:%F9%A8%8E%80");
    // Not ucschar: controls, non-characters, private use.
    check_display("/%C2%80%C2%9F", "/%C2%80%C2%9F");
    check_display("/%EF%BF%BF%EF%B7%90", "/%EF%BF%BF%EF%B7%90");
    check_display("?%EE%80%80", "?%EE%80%80");
    check_display("?%F4%8F%BF%BD", "?%F4%8F%BF%BD");
}

#[test]
fn display_never_decodes_bidi_formatting_characters() {
    let bidi = [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
        '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ];
    for c in bidi {
        // They are ucschar, so the grammar alone would allow them ...
        assert!(parse_rule("ucschar", &c.to_string()).is_ok());
        // ... but section 4.1 forbids them.
        let encoded =
            peguri::pct::encode(&c.to_string(), peguri::pct::EncodeSet::PathSegment).into_owned();
        let uri = UriRef::parse(&format!("/a{encoded}b")).unwrap().to_owned();
        let shown = uri.to_iri();
        assert_eq!(shown, uri.as_str(), "U+{:04X} stays encoded", c as u32);
    }
    // Neighbours of the list are decoded.
    for c in [
        '\u{200D}', '\u{2010}', '\u{2029}', '\u{202F}', '\u{2065}', '\u{206A}',
    ] {
        let uri = iri(&format!("/a{c}b")).to_uri();
        assert_eq!(
            uri.to_iri(),
            format!("/a{c}b"),
            "U+{:04X} is decoded",
            c as u32
        );
    }
}

/// RFC 3987 section 4.1 forbids the bidirectional formatting
/// characters in IRIs; `IriRef::parse("http://h/\u{202E}")` accepted one.
#[test]
fn iri_rejects_bidi_formatting_characters() {
    let bidi = [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
        '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ];
    for c in bidi {
        for (input, offset, part) in [
            (format!("http://h/{c}"), 9, "path"),
            (format!("http://h/?q={c}"), 12, "query"),
            (format!("#{c}"), 1, "fragment"),
            (format!("//u{c}@h"), 3, "userinfo"),
            (format!("//h{c}.example"), 3, "host"),
        ] {
            let err = IriRef::parse(&input).unwrap_err();
            assert_eq!(err.offset(), offset, "{input:?}");
            let message = err.message().to_string();
            assert!(
                message.starts_with(&format!(
                    "bidirectional formatting character U+{:04X} in {part}: IRIs must not contain it (RFC 3987 section 4.1); percent-encode it as %E2%",
                    c as u32
                )),
                "{message}"
            );
            assert!(IriRefBuf::parse(input.clone()).is_err());
            assert!(input.parse::<IriRefBuf>().is_err());
        }
    }
    let err = IriRef::parse("http://h/\u{202E}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid IRI-reference: bidirectional formatting character U+202E in path: IRIs must \
         not contain it (RFC 3987 section 4.1); percent-encode it as %E2%80%AE at byte 9 \
         (column 10)\n  http://h/\u{FFFD}\n           ^"
    );
    // Encoded, they are allowed (and never decoded for display).
    assert!(IriRef::parse("http://h/%E2%80%AE").is_ok());
    // Neighbours that are not formatting characters are allowed.
    assert!(IriRef::parse("http://h/\u{200D}\u{2010}").is_ok());
}

/// The IRI keeps the kind of the URI it shows: a URI's IRI is an IRI,
/// with its components where the decoded text puts them.
#[test]
fn display_keeps_the_kind_and_the_components() {
    let uri = Uri::parse("http://u%C3%A4@h/%C3%BC?%C3%B6#%C3%9F").unwrap();
    let iri: peguri::IriBuf = uri.to_iri();
    assert_eq!(iri.scheme(), "http");
    assert_eq!(iri.authority().unwrap().userinfo(), Some("uä"));
    assert_eq!(
        (iri.path(), iri.query(), iri.fragment()),
        ("/ü", Some("ö"), Some("ß"))
    );
    let unchanged = UriRef::parse("http://h/%41%FC?x").unwrap();
    assert_eq!(unchanged.to_iri(), unchanged.as_str());
}

#[test]
fn display_then_to_uri_round_trips() {
    for input in [
        "http://%E4%BE%8B.example/%C3%A4/%CE%CE%B1?%EE%80%80#%F0%9F%8D%A3",
        "/%E2%80%AE%C3%BC",
        "mailto:%E7%94%A8@x",
    ] {
        let uri = UriRef::parse(input).unwrap();
        let shown = uri.to_iri();
        let back = shown.to_uri();
        assert_eq!(back.as_str(), input);
    }
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

#[test]
fn errors_name_the_component_and_the_spot() {
    let table = [
        ("/a b", 2, "invalid character ' ' in path"),
        (
            "/\u{E000}",
            1,
            "invalid character '\\u{e000}' in path (private-use characters are only allowed in the query)",
        ),
        ("/\u{FFFF}", 1, "invalid character '\\u{ffff}' in path"),
        ("?\u{FDD0}", 1, "invalid character '\\u{fdd0}' in query"),
        (
            "#\u{E000}",
            1,
            "invalid character '\\u{e000}' in fragment (private-use characters are only allowed in the query)",
        ),
        (
            "http://h\u{FFFF}/",
            8,
            "invalid character '\\u{ffff}' in host",
        ),
        (
            "http://h:1\u{E9}/",
            10,
            "invalid character '\u{E9}' in port",
        ),
        (
            "x#a#b",
            3,
            "a second '#' in the fragment (it must be percent-encoded)",
        ),
        (
            "1\u{E9}:b",
            3,
            "':' in the first segment of a relative path; a scheme must start with a letter, \
             and a relative path containing ':' must start with './'",
        ),
        ("/\u{E9}%g1", 4, "expected a hex digit after '%'"),
    ];
    for (input, offset, message) in table {
        let err = IriRef::parse(input).unwrap_err();
        assert_eq!(err.rule(), "IRI-reference", "{input:?}");
        assert_eq!(err.offset(), offset, "{input:?}: {err}");
        assert_eq!(err.message(), message, "{input:?}");
    }
}

#[test]
fn error_display_counts_columns_in_characters() {
    let err = IriRef::parse("http://\u{E9}\u{E9}/a b").unwrap_err();
    assert_eq!((err.offset(), err.column()), (13, 12));
    assert_eq!(
        err.to_string(),
        "invalid IRI-reference: invalid character ' ' in path at byte 13 (column 12)\n  \
         http://\u{E9}\u{E9}/a b\n             ^"
    );
    assert_eq!(Iri::parse("\u{E9}").unwrap_err().rule(), "IRI");
    let scheme_errors = [
        ("", 0, "empty input; expected a scheme"),
        (
            "1a:b",
            0,
            "invalid character '1' at the start of the scheme; a scheme starts with a letter",
        ),
        (
            "\u{E9}:b",
            0,
            "invalid character '\u{e9}' at the start of the scheme; a scheme starts with a letter",
        ),
        ("abc", 3, "expected ':' after the scheme"),
        (
            "h\u{E9}:x",
            1,
            "invalid character '\u{e9}' in scheme; expected ':' after the scheme",
        ),
    ];
    for (input, offset, message) in scheme_errors {
        for err in [
            Iri::parse(input).unwrap_err(),
            Iri::parse_absolute(input).unwrap_err(),
        ] {
            assert_eq!(
                (err.offset(), err.message().to_string().as_str()),
                (offset, message),
                "{input:?}"
            );
        }
    }
    assert_eq!(
        Iri::parse_absolute("a:b#").unwrap_err().rule(),
        "absolute-IRI"
    );
    assert_eq!(
        IriRef::parse_relative("a:b").unwrap_err().rule(),
        "irelative-ref"
    );
}

#[test]
fn hostile_inputs_never_panic() {
    let inputs = [
        "%".repeat(1000),
        "[".repeat(10_000),
        "\u{E9}".repeat(100_000),
        format!("//{}", "\u{E000}".repeat(1000)),
        format!("http://[{}]", "\u{E9}:".repeat(1000)),
        format!("?{}", "%C3".repeat(1000)),
        "\u{10FFFF}".repeat(1000),
    ];
    for input in &inputs {
        if let Ok(iri) = IriRef::parse(input) {
            assert!(UriRef::parse(iri.to_uri().as_str()).is_ok());
        }
    }
}

#[test]
fn long_references_map_and_display_in_linear_time() {
    // 100 kB of alternating decodable and kept octets: quadratic work here
    // would take minutes.
    let path = "/%C3%A9a%FF".repeat(10_000);
    let uri = UriRef::parse(&path).unwrap();
    let shown = uri.to_iri();
    assert_eq!(shown, "/\u{E9}a%FF".repeat(10_000));
    let back = shown.to_uri();
    assert_eq!(back.as_str(), path);
}

// ---------------------------------------------------------------------------
// Traits
// ---------------------------------------------------------------------------

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

#[test]
fn string_traits() {
    let a = iri("http://\u{E9}/");
    let owned: IriRefBuf = "http://\u{E9}/".parse().unwrap();
    assert_eq!(a, owned.borrow());
    assert_eq!(a, "http://\u{E9}/");
    assert_eq!(hash_of(&a), hash_of(&"http://\u{E9}/"));
    assert_eq!(hash_of(&owned), hash_of(&a));
    assert_eq!(a.to_string(), "http://\u{E9}/");
    assert_eq!(format!("{owned}"), "http://\u{E9}/");
    assert!(iri("a") < iri("b"));
    assert_ne!(iri("%C3%A9"), iri("\u{E9}"), "no normalization in equality");
    assert!(format!("{a:?}").contains("\u{E9}"));
    assert_eq!(IriRefBuf::from(a), owned);
    assert_eq!(String::from(owned.clone()), "http://\u{E9}/");
    assert_eq!(IriRefBuf::try_from("\u{E9}").unwrap().path(), "\u{E9}");
    assert_eq!(
        IriRefBuf::try_from(String::from("\u{E9}")).unwrap().path(),
        "\u{E9}"
    );
    assert!(IriRefBuf::try_from("a b").is_err());
    assert_eq!(IriRef::try_from("?\u{E9}").unwrap().query(), Some("\u{E9}"));
    assert_eq!(a.to_owned(), owned);
    assert_eq!(owned.to_uri(), a.to_uri());
    assert_eq!(owned.into_string(), "http://\u{E9}/");
}

#[test]
fn types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<IriRef<'static>>();
    check::<IriRefBuf>();
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_string() {
    let owned = IriRefBuf::parse("http://\u{E9}/?\u{E000}").unwrap();
    let json = serde_json::to_string(&owned).unwrap();
    assert_eq!(json, "\"http://\u{E9}/?\u{E000}\"");
    let back: IriRefBuf = serde_json::from_str(&json).unwrap();
    assert_eq!(back, owned);
    let borrowed: IriRef<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(borrowed, owned.borrow());
    let err = serde_json::from_str::<IriRefBuf>("\"/\u{E000}\"").unwrap_err();
    assert!(err.to_string().contains("private-use"), "{err}");
}

/// Host case normalization depended on whether the host was
/// decoded first: `http://%C3%BC.COM/` and `http://%c3%bc.com/` got
/// different IRI normal forms although their URI normal forms are equal.
#[test]
fn iri_normalization_commutes_with_mapping_to_uris() {
    let a = IriRef::parse("http://%C3%BC.COM/").unwrap();
    let b = IriRef::parse("http://%c3%bc.com/").unwrap();
    assert_eq!(a.normalize(), "http://ü.com/");
    assert_eq!(a.normalize(), b.normalize());
    for iri in [a, b, IriRef::parse("HTTP://Bücher.DE/Ä/%7e?ß#Ö").unwrap()] {
        assert_eq!(iri.normalize().to_uri(), iri.to_uri().normalize(), "{iri}");
    }
}

/// `IriRef::to_uri` turned `例え.jp` into percent-encoding, which
/// most HTTP stacks cannot resolve; RFC 3987 section 3.1 maps a registered
/// name with ToASCII (UTS 46) instead, and section 3.2 shows one with
/// ToUnicode.
#[cfg(feature = "idna")]
#[test]
fn idna_maps_registered_names() {
    let iri = IriRef::parse("http://例え.jp/パス").unwrap();
    let uri = iri.to_uri_idna().unwrap();
    assert_eq!(uri, "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
    assert_eq!(uri.authority().unwrap().host_str(), "xn--r8jz45g.jp");
    assert_eq!(uri.to_iri_idna(), iri.as_str());
    // Zones, IP literals and ASCII hosts are left alone.
    let zones = peguri::ParseOptions::new().allow_zone_id(true);
    let zoned = peguri::IriRef::parse_with("http://[fe80::1%25en0]/ä", &zones).unwrap();
    assert_eq!(
        zoned.to_uri_idna().unwrap(),
        "http://[fe80::1%25en0]/%C3%A4"
    );
    assert_eq!(
        IriRef::parse("//User@Example.COM:8/")
            .unwrap()
            .to_uri_idna()
            .unwrap(),
        "//User@Example.COM:8/"
    );
    // Userinfo, path, query and fragment are percent-encoded as before.
    assert_eq!(
        IriRef::parse("http://Bü:ẞ@gOoGle.com")
            .unwrap()
            .to_uri_idna()
            .unwrap(),
        "http://B%C3%BC:%E1%BA%9E@gOoGle.com"
    );
    // ToASCII fails: the error says which host.
    let err = IriRef::parse("http://x.\u{378}.net/")
        .unwrap()
        .to_uri_idna()
        .unwrap_err();
    assert_eq!((err.host(), err.offset()), ("x.\u{378}.net", 7));
    // Display: an xn-- label becomes Unicode; other hosts as to_iri.
    for (uri, shown) in [
        (
            "http://xn--bcher-kva.de/B%C3%BCcher",
            "http://bücher.de/Bücher",
        ),
        (
            "http://u%C3%A4@xn--bcher-kva.de:80/",
            "http://uä@bücher.de:80/",
        ),
        (
            "http://example.com/%E2%80%AE",
            "http://example.com/%E2%80%AE",
        ),
        ("http://xn--zz/", "http://xn--zz/"),
        ("//[::1]/", "//[::1]/"),
    ] {
        assert_eq!(UriRef::parse(uri).unwrap().to_iri_idna(), shown, "{uri}");
    }
}

/// IRI normalization may apply NFC (RFC 3987 section 5.3.2.2).
#[cfg(feature = "nfc")]
#[test]
fn iri_normalization_with_nfc() {
    const NFC: peguri::Normalizer = peguri::Normalizer::new().nfc(true);
    let iri = IriRef::parse("HTTP://Cafe\u{301}.example/re\u{301}sume\u{301}?q=A\u{30A}#\u{212B}")
        .unwrap();
    let normal = NFC.normalize(&iri);
    assert_eq!(normal, "http://café.example/résumé?q=Å#Å");
    assert_eq!(NFC.normalize(&normal.borrow()), normal);
    // KELVIN SIGN is K in NFC: a host is lowercased after NFC.
    let kelvin = IriRef::parse("http://\u{212A}.example/").unwrap();
    assert_eq!(NFC.normalize(&kelvin), "http://k.example/");
    // NFC never turns a character into a delimiter, nor joins one.
    for input in ["?a=\u{338}b", "/a\u{37E}b", "/\u{1FEF}"] {
        let iri = IriRef::parse(input).unwrap();
        assert_eq!(NFC.normalize(&iri), input, "{input:?}");
    }
    // Off by default.
    assert_eq!(
        peguri::Normalizer::new().normalize(&IriRef::parse("/e\u{301}").unwrap()),
        "/e\u{301}"
    );
}

/// An IDNA failure says which rule of UTS 46 ToASCII the host breaks.
#[cfg(feature = "idna")]
#[test]
fn idna_errors_name_the_rule() {
    let rule = |input: &str| {
        IriRef::parse(input)
            .unwrap()
            .to_uri_idna()
            .unwrap_err()
            .rule()
            .to_owned()
    };
    assert_eq!(
        rule("http://a_b.例え/"),
        "UseSTD3ASCIIRules allows letters, digits and '-' in a label, not '_'"
    );
    assert_eq!(
        rule("http://-x.ü/"),
        "CheckHyphens: the label \"-x\" starts with '-'"
    );
    assert_eq!(
        rule("http://x-.ü/"),
        "CheckHyphens: the label \"x-\" ends with '-'"
    );
    assert_eq!(rule("http://ü..x/"), "VerifyDnsLength: an empty label");
    let long = format!("http://{}ü/", "a".repeat(70));
    assert!(
        rule(&long).starts_with("VerifyDnsLength: the label"),
        "{}",
        rule(&long)
    );
    assert!(rule("http://\u{0308}a.ü/").contains("a character IDNA does not allow"));
    let err = IriRef::parse("http://a_b.ü/")
        .unwrap()
        .to_uri_idna()
        .unwrap_err();
    assert!(err.to_string().ends_with("(RFC 3987 section 3.1): UseSTD3ASCIIRules allows letters, digits and '-' in a label, not '_'"));
}
