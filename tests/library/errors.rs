//! Error messages people understand: each pins the text, the offset and the
//! column; hostile input gets an error, never a panic.

use peguri::error::Hint;
use peguri::{ParseError, Uri, UriRef};

#[track_caller]
fn err(input: &str) -> ParseError {
    match UriRef::parse(input) {
        Ok(_) => panic!("{input:?} should be invalid"),
        Err(e) => e,
    }
}

#[track_caller]
fn pins(input: &str, offset: usize, column: usize, message: &str) {
    let e = err(input);
    assert_eq!(e.message(), message, "message for {input:?}");
    assert_eq!(
        (e.offset(), e.column()),
        (offset, column),
        "spot for {input:?}"
    );
}

#[test]
fn space_in_path() {
    pins("http://h/a b", 10, 11, "invalid character ' ' in path");
}

#[test]
fn bad_percent_encoding() {
    pins("http://h/%zz", 10, 11, "expected a hex digit after '%'");
    pins(
        "http://h/%4",
        11,
        12,
        "expected a hex digit after '%', found the end of input",
    );
    pins("?%4g", 3, 4, "expected a hex digit after '%'");
    assert_eq!(err("/%").expected(), ["hex digit"]);
}

#[test]
fn colon_in_first_relative_segment() {
    pins(
        "1a:b",
        2,
        3,
        "':' in the first segment of a relative path; a scheme must start with a letter, \
         and a relative path containing ':' must start with './'",
    );
}

#[test]
fn host_and_port_errors() {
    pins("http://h:80x/", 11, 12, "invalid character 'x' in port");
    pins("http://exa mple/", 10, 11, "invalid character ' ' in host");
    pins(
        "http://é/",
        7,
        8,
        "invalid character 'é' in host (non-ASCII characters must be percent-encoded)",
    );
}

#[test]
fn ip_literal_errors() {
    pins(
        "http://[1::2::3]/",
        12,
        13,
        "a second '::' in the IPv6 address; '::' may appear only once",
    );
    pins(
        "http://[::1",
        11,
        12,
        "expected ']' to close the IP literal",
    );
    pins(
        "http://[g::1]/",
        8,
        9,
        "invalid character 'g' in IPv6 address",
    );
    pins(
        "http://[v1x]/",
        10,
        11,
        "invalid character 'x' in IPvFuture",
    );
}

/// IPv6 errors name what is wrong with the address, at the spot: a group
/// of more than four digits, too few or too many groups, a second `::`, an
/// embedded IPv4 address that is not last or not valid. (They used to blame
/// the first character of the literal, a valid digit.)
#[test]
fn ipv6_errors_name_the_real_problem() {
    pins(
        "http://[1:12345::]/",
        14,
        15,
        "group 2 of the IPv6 address has 5 hex digits; a group has at most four",
    );
    pins(
        "http://[1:2:3:4:5:6:7]/",
        21,
        22,
        "the IPv6 address has 7 groups; it needs eight, or '::' in place of the zero groups",
    );
    pins(
        "http://[1:2:3:4:5:6:7:8:9]/",
        24,
        25,
        "the IPv6 address has more than eight groups",
    );
    pins(
        "http://[1:2:3:4::5:6:7:8]/",
        23,
        24,
        "the IPv6 address has eight groups besides '::', which stands for at least one",
    );
    pins(
        "http://[::1.2.3.4:5]/",
        17,
        18,
        "an IPv4 address may only end an IPv6 address",
    );
    pins(
        "http://[::1.2.3.256]/",
        10,
        11,
        "invalid IPv4 address at the end of the IPv6 address",
    );
    pins(
        "http://[:1::]/",
        8,
        9,
        "an IPv6 address cannot start with a single ':'",
    );
    pins(
        "http://[1::2:]/",
        12,
        13,
        "an IPv6 address cannot end with a single ':'",
    );
    // The same in IRI mode, where an IP literal is read as in a URI.
    let e = peguri::IriRef::parse("http://[::g]/").unwrap_err();
    assert_eq!(e.message(), "invalid character 'g' in IPv6 address");
    assert_eq!(e.offset(), 10);
    let e = peguri::IriRef::parse("http://[1:12345::]/").unwrap_err();
    assert_eq!(e.offset(), 14);
}

#[test]
fn delimiters_out_of_place() {
    pins(
        "a:b#c#d",
        5,
        6,
        "a second '#' in the fragment (it must be percent-encoded)",
    );
    pins(
        "/a[b]",
        2,
        3,
        "invalid character '[': brackets are only allowed around an IP literal host",
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    // Byte 4 is the second non-ASCII character's first byte; the column
    // counts characters.
    let e = err("/ab\u{e9}");
    assert_eq!((e.offset(), e.column()), (3, 4));
}

#[test]
fn uri_rule_errors() {
    // A relative reference is named as one: the scheme is missing.
    for input in ["//example.com/", "/relative", "?q", "../a", "#f"] {
        let e = Uri::parse(input).unwrap_err();
        assert_eq!(e.rule(), "URI");
        assert_eq!(e.offset(), 0);
        assert_eq!(e.kind(), peguri::ParseErrorKind::RelativeReference);
        assert_eq!(
            e.message(),
            "a URI starts with a scheme, and this is a relative reference (RFC 3986 section \
             4.2); UriRef::parse reads it",
            "{input:?}"
        );
        let e = Uri::parse_absolute(input).unwrap_err();
        assert_eq!(
            e.kind(),
            peguri::ParseErrorKind::RelativeReference,
            "{input:?}"
        );
    }
    let e = peguri::Iri::parse("/ä").unwrap_err();
    assert_eq!(
        e.message(),
        "an IRI starts with a scheme, and this is a relative reference (RFC 3987 section 2.2); \
         IriRef::parse reads it"
    );
    // The hint is structured, for each front end to name its own way in.
    let e = Uri::parse("/a").unwrap_err();
    assert_eq!(e.hint(), Some(Hint::ReadAsReference { iri: false }));
    let python = e.clone().with_hint_words("peguri.parse reads it");
    assert!(
        python
            .message()
            .to_string()
            .ends_with("(RFC 3986 section 4.2); peguri.parse reads it")
    );
    assert_ne!(python, e);
    assert_eq!(python.offset(), e.offset());
    // What is no relative reference either keeps the first character's error.
    let e = Uri::parse("1ab:c d").unwrap_err();
    assert_eq!(
        e.message(),
        "invalid character '1' at the start of the scheme; a scheme starts with a letter"
    );
    let e = Uri::parse("abc").unwrap_err();
    assert_eq!(
        (e.offset(), e.message().to_string().as_str()),
        (3, "expected ':' after the scheme")
    );
    let e = Uri::parse("ht tp://h").unwrap_err();
    assert_eq!(
        (e.offset(), e.message().to_string().as_str()),
        (
            2,
            "invalid character ' ' in scheme; expected ':' after the scheme"
        )
    );
    let e = Uri::parse_absolute("a:b#c").unwrap_err();
    assert_eq!(e.rule(), "absolute-URI");
    assert_eq!(e.offset(), 3);
}

#[test]
fn display_shows_the_input_and_a_caret() {
    let e = err("http://example.com/a b");
    assert_eq!(
        e.to_string(),
        "invalid URI-reference: invalid character ' ' in path at byte 20 (column 21)\n  \
         http://example.com/a b\n                      ^"
    );
}

#[test]
fn display_of_long_input_is_a_window() {
    let input = format!("http://h/{}^{}", "a".repeat(200), "b".repeat(200));
    let e = err(&input);
    assert_eq!(e.offset(), 209);
    let shown = e.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].starts_with("  …") && lines[1].ends_with('…'),
        "{shown}"
    );
    let caret_col = lines[2].chars().count() - 1;
    assert_eq!(lines[1].chars().nth(caret_col), Some('^'), "{shown}");
}

#[test]
fn control_characters_keep_the_caret_aligned() {
    let e = err("/a\tb\nc");
    assert_eq!(e.offset(), 2);
    let shown = e.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3, "{shown:?}");
    assert_eq!(lines[1], "  /a\u{FFFD}b\u{FFFD}c");
    assert_eq!(lines[2], "    ^");
}

#[test]
fn hostile_inputs_never_panic() {
    let inputs = [
        "\0".to_owned(),
        "%".repeat(1000),
        "[".repeat(10_000),
        "::::::::".repeat(1000),
        format!("http://[{}]", "1:".repeat(5000)),
        format!("http://{}", "@".repeat(5000)),
        "\u{FEFF}http://h".to_owned(),
        String::from_utf8_lossy(&[0xff, 0xfe, 0x80]).into_owned(),
    ];
    for input in &inputs {
        let _ = UriRef::parse(input);
        let _ = Uri::parse(input);
        let _ = UriRef::parse_relative(input);
    }
}

#[test]
fn ten_megabyte_uri_parses_without_overflow() {
    let segment = "abcdefgh/";
    let path: String = segment.repeat(10 * 1024 * 1024 / segment.len());
    let input = format!("http://example.com/{path}?q#f");
    let uri = UriRef::parse(&input).unwrap();
    assert_eq!(uri.path().len(), path.len() + 1);
    let bad = format!("{input} ");
    let e = UriRef::parse(&bad).unwrap_err();
    assert_eq!(e.offset(), input.len());
}

#[test]
fn error_is_send_sync_and_std_error() {
    fn assert_traits<T: Send + Sync + std::error::Error + 'static>() {}
    assert_traits::<ParseError>();
    let boxed: Box<dyn std::error::Error> = Box::new(err("a b"));
    assert!(boxed.to_string().contains("invalid character ' '"));
}

/// `ParseError::kind` and `component`: one input per kind a parse can
/// give, with the component it names.
#[test]
fn every_kind_is_reported_with_its_component() {
    use peguri::{Component as C, IriRef, ParseErrorKind as K, ParseOptions};
    #[track_caller]
    fn check(err: ParseError, kind: K, component: Option<C>) {
        assert_eq!((err.kind(), err.component()), (kind, component), "{err}");
    }
    let zones = ParseOptions::new().allow_zone_id(true);
    check(err("http://h/a b"), K::InvalidChar, Some(C::Path));
    check(err("http://h/?a b"), K::InvalidChar, Some(C::Query));
    check(err("http://h/#a#b"), K::InvalidChar, Some(C::Fragment));
    check(err("http://h:8x/"), K::InvalidChar, Some(C::Port));
    check(err("http://h^/"), K::InvalidChar, Some(C::Host));
    check(err("http://h/é"), K::InvalidChar, Some(C::Path));
    check(
        Uri::parse("1a:b").unwrap_err(),
        K::InvalidChar,
        Some(C::Scheme),
    );
    check(
        Uri::parse_absolute("a:b#f").unwrap_err(),
        K::InvalidChar,
        Some(C::Path),
    );
    check(err("/a%2x"), K::InvalidPercentEncoding, Some(C::Path));
    check(err("?%"), K::InvalidPercentEncoding, Some(C::Query));
    check(err("//[1:2:3]"), K::InvalidIpv6Address, Some(C::Host));
    check(err("//[::1::2]"), K::InvalidIpv6Address, Some(C::Host));
    check(err("//[12345::]"), K::InvalidIpv6Address, Some(C::Host));
    check(err("//[vz.1]"), K::InvalidIpvFuture, Some(C::Host));
    check(err("//[fe80::1%25en0]"), K::InvalidZoneId, Some(C::Host));
    check(
        peguri::UriRef::parse_with("//[fe80::1%en0]", &zones).unwrap_err(),
        K::InvalidZoneId,
        Some(C::Host),
    );
    check(
        peguri::UriRef::parse_with("//[fe80::1%25]", &zones).unwrap_err(),
        K::InvalidZoneId,
        Some(C::Host),
    );
    let colon = UriRef::parse_relative("a:b").unwrap_err();
    check(colon, K::ColonInFirstSegment, Some(C::Path));
    check(
        IriRef::parse("/\u{202E}").unwrap_err(),
        K::BidiFormatting,
        Some(C::Path),
    );
    check(
        IriRef::parse("?\u{200F}").unwrap_err(),
        K::BidiFormatting,
        Some(C::Query),
    );
    check(
        UriRef::parse_bytes(b"/\xff").unwrap_err(),
        K::InvalidUtf8,
        None,
    );
    check(
        Uri::parse("").unwrap_err(),
        K::UnexpectedEnd,
        Some(C::Scheme),
    );
    check(
        Uri::parse("http").unwrap_err(),
        K::UnexpectedEnd,
        Some(C::Scheme),
    );
    check(err("//[::1"), K::UnexpectedEnd, Some(C::Host));
    let unknown = peguri::grammar::parse_rule("no-such-rule", "x").unwrap_err();
    check(unknown, K::UnknownRule, None);
    check(
        UriRef::from_suffix("example.com/a").unwrap_err(),
        K::NotASuffixReference,
        Some(C::Host),
    );
    check(
        UriRef::from_suffix("mailto:x").unwrap_err(),
        K::NotASuffixReference,
        Some(C::Scheme),
    );
}

/// Seven groups and an IPv4 tail are nine 16-bit pieces: the error points
/// at the tail and counts it, instead of at the start of the input.
#[test]
fn ipv6_with_an_ipv4_tail_over_eight_pieces_points_at_the_tail() {
    pins(
        "http://[1:2:3:4:5:6:7:1.2.3.4]/",
        22,
        23,
        "the IPv6 address has 7 groups and an IPv4 address, which counts as two: 9 16-bit \
         pieces, more than eight",
    );
    pins(
        "http://[1:2:3:4:5:6::1.2.3.4]/",
        21,
        22,
        "the IPv6 address has 6 groups and an IPv4 address, which counts as two: 8 16-bit \
         pieces besides '::', which stands for at least one",
    );
    // Without an IPv4 tail, as before.
    pins(
        "http://[1:2:3:4:5:6:7:8:9]/",
        24,
        25,
        "the IPv6 address has more than eight groups",
    );
}

/// A reference whose text before its first `:` starts with a letter was
/// meant to have a scheme: the error names the character no scheme holds,
/// where it is (RFC 3986 section 3.1), not the colon.
#[test]
fn scheme_errors_name_the_character_a_scheme_cannot_hold() {
    let message = |c: char| {
        format!(
            "invalid character {c:?} in scheme; a scheme holds letters, digits, '+', '-' and '.' \
             (RFC 3986 section 3.1)"
        )
    };
    pins("a_b:c", 1, 2, &message('_'));
    pins("my_app://x", 2, 3, &message('_'));
    pins("ht~tp://h", 2, 3, &message('~'));
    pins("x%41:y", 1, 2, &message('%'));
    assert_eq!(err("a_b:c").component(), Some(peguri::Component::Scheme));
    // What cannot be a scheme is a relative path with a colon, as before.
    let colon = "':' in the first segment of a relative path; a scheme must start with a letter, \
                 and a relative path containing ':' must start with './'";
    pins("1a:b", 2, 3, colon);
    pins("_x:y", 2, 3, colon);
    // A relative reference asked for: the colon is the error.
    let relative = UriRef::parse_relative("a_b:c").unwrap_err();
    assert_eq!(
        (relative.offset(), relative.message().to_string()),
        (3, colon.to_owned())
    );
    // IRIs read the same.
    let iri = peguri::IriRef::parse("a_ü:x").unwrap_err();
    assert_eq!((iri.offset(), iri.message().to_string()), (1, message('_')));
}

/// The words of what was expected, as a message lists them.
#[test]
fn expected_displays_as_the_message_lists_it() {
    let err = err("http://h:1x");
    assert_eq!(
        err.expected().to_string(),
        "digit, '/', '?', '#' or end of input"
    );
    let err = peguri::UriRef::parse_bytes(b"\xff").unwrap_err();
    assert_eq!(err.expected().to_string(), "something else");
}

/// An IPv6 address written as the host without its brackets reads as a
/// host and a port that cannot hold the rest: the error says to bracket
/// it, and names the address the grammar's `IPv6address` rule matches.
#[test]
fn unbracketed_ipv6_hosts_get_a_hint_to_bracket_them() {
    use peguri::{Component, IriRef, ParseErrorKind};
    let hint = |address: &str| {
        format!(
            "; an IPv6 address as the host goes in brackets: [{address}] (RFC 3986 section 3.2.2)"
        )
    };
    pins(
        "http://2001:db8::1/",
        12,
        13,
        &format!("invalid character 'd' in port{}", hint("2001:db8::1")),
    );
    let e = err("http://2001:db8::1/");
    assert_eq!(e.kind(), ParseErrorKind::InvalidChar);
    assert_eq!(e.component(), Some(Component::Port));
    pins(
        "http://::1",
        8,
        9,
        &format!("invalid character ':' in port{}", hint("::1")),
    );
    pins(
        "//u@fe80::1:8080/p?q",
        9,
        10,
        &format!("invalid character ':' in port{}", hint("fe80::1:8080")),
    );
    pins(
        "http://1:2:3:4:5:6:1.2.3.4/",
        10,
        11,
        &format!(
            "invalid character ':' in port{}",
            hint("1:2:3:4:5:6:1.2.3.4")
        ),
    );
    // The first problem is the brackets, whatever comes later.
    let later = err("http://2001:db8::1/a b");
    assert!(later.message().to_string().ends_with(&hint("2001:db8::1")));
    // IRIs get it too, and the bracketed host is the hint's.
    let iri = IriRef::parse("http://2001:db8::1/é").unwrap_err();
    assert!(iri.message().to_string().ends_with(&hint("2001:db8::1")));
    assert_eq!(
        iri.hint(),
        Some(Hint::BracketIpv6 {
            bracketed: "[2001:db8::1]"
        })
    );
    // The longest address fits.
    let longest = "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255";
    let e = err(&format!("http://{longest}/"));
    assert_eq!(
        e.hint(),
        Some(Hint::BracketIpv6 {
            bracketed: &format!("[{longest}]")
        })
    );
    // A port that is no address, or an address whose bracketed form would
    // not parse either, keeps the plain message.
    pins("http://h:8x/", 10, 11, "invalid character 'x' in port");
    pins("http://ab:cd/", 10, 11, "invalid character 'c' in port");
    pins("http://1:2:3/", 10, 11, "invalid character ':' in port");
    pins("http://1::2:3x/", 9, 10, "invalid character ':' in port");
}

/// The names of the error kinds are the strings Python's
/// `ParseError.kind` holds (`python/peguri/_peguri.pyi` lists them), and
/// serialize as such; a component serializes as its name.
#[test]
fn kind_names_are_pythons_and_serialize_as_such() {
    use peguri::{Component, ParseErrorKind as K};
    let pinned = [
        (K::InvalidChar, "invalid_char"),
        (K::InvalidPercentEncoding, "invalid_percent_encoding"),
        (K::InvalidIpv6Address, "invalid_ipv6_address"),
        (K::InvalidIpvFuture, "invalid_ipvfuture"),
        (K::InvalidZoneId, "invalid_zone_id"),
        (K::ColonInFirstSegment, "colon_in_first_segment"),
        (K::BidiFormatting, "bidi_formatting"),
        (K::InvalidUtf8, "invalid_utf8"),
        (K::UnexpectedEnd, "unexpected_end"),
        (K::TooLong, "too_long"),
        (K::UnknownRule, "unknown_rule"),
        (K::NotASuffixReference, "not_a_suffix_reference"),
        (K::RelativeReference, "relative_reference"),
    ];
    assert_eq!(K::ALL.map(|k| (k, k.as_str())), pinned);
    for (kind, name) in pinned {
        assert_eq!(serde_json::to_value(kind).unwrap(), name);
        assert_eq!(kind.to_string(), name);
    }
    for component in Component::ALL {
        assert_eq!(serde_json::to_value(component).unwrap(), component.as_str());
    }
    // Python's declared kinds: every kind a Python parse can raise (it has
    // no rule names and no suffix references), and "other". The stub is in
    // the repository, not in the packaged crate.
    let stub_path = concat!(env!("CARGO_MANIFEST_DIR"), "/python/peguri/_peguri.pyi");
    let Ok(stub) = std::fs::read_to_string(stub_path) else {
        crate::common::notice(
            "python/peguri/_peguri.pyi is not here (a packaged crate): the Python names are not compared",
        );
        return;
    };
    let start = stub
        .find("    kind: Literal[")
        .expect("the stub declares kind");
    let block = &stub[start..];
    let block = &block[..block.find("    ]").expect("the Literal closes")];
    let python: Vec<&str> = block.split('"').skip(1).step_by(2).collect();
    let raised: Vec<&str> = K::ALL
        .into_iter()
        .filter(|k| !matches!(k, K::UnknownRule | K::NotASuffixReference))
        .map(K::as_str)
        .chain(["other"])
        .collect();
    assert_eq!(python, raised);
}
