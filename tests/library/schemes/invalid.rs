//! URIs that RFC 3986 accepts and their scheme's RFC does not: the
//! issue's table and more, one named test each, pinning the offset into
//! the whole URI, the RFC and section cited, the kind, and the message.

use peguri::UriRef;
use peguri::scheme::{self, SchemeErrorKind};

/// `input` is a valid URI reference that its scheme's syntax refuses at
/// `offset`, citing `citation`, with `message` (which ends with the
/// citation).
#[track_caller]
fn refused(input: &str, offset: usize, citation: &str, kind: SchemeErrorKind, message: &str) {
    let uri = UriRef::parse(input).unwrap_or_else(|e| panic!("{input} is no URI reference: {e}"));
    let err = match scheme::validate(&uri) {
        Some(Err(err)) => err,
        other => panic!("{input}: expected a scheme error, got {other:?}"),
    };
    assert_eq!(
        (
            err.offset(),
            err.citation().to_string().as_str(),
            err.kind()
        ),
        (offset, citation, kind),
        "{input}: {err}"
    );
    assert_eq!(err.message().to_string(), message, "{input}");
    assert!(message.ends_with(&format!("({citation})")), "{input}");
}

macro_rules! refused {
    ($($name:ident: $input:literal => $offset:literal, $citation:literal, $kind:ident, $message:literal;)*) => {
        $(
            #[test]
            fn $name() {
                refused($input, $offset, $citation, SchemeErrorKind::$kind, $message);
            }
        )*
    };
}

refused! {
    // The table.
    http_with_an_empty_host: "http://" => 7, "RFC 9110 section 4.2.1", Syntax,
        "unexpected end of input; expected a host (it is not empty) (RFC 9110 section 4.2.1)";
    mailto_recipient_without_at_and_domain: "mailto:joe" => 10, "RFC 6068 section 2", Syntax,
        "unexpected end of input; expected '@' or an atom character (atext) (RFC 6068 section 2)";
    urn_nid_of_one_character: "urn:a:b" => 5, "RFC 8141 section 2", Syntax,
        "unexpected character ':'; expected a letter, digit or '-' (an NID has 2 to 32 characters) (RFC 8141 section 2)";
    data_without_the_comma_before_the_data: "data:text/plain" => 15, "RFC 2397 section 3", Syntax,
        "unexpected end of input; expected ';base64' or ',' (RFC 2397 section 3)";
    tel_local_number_without_a_context: "tel:7042" => 8, "RFC 3966 section 3", Syntax,
        "unexpected end of input; expected a parameter, ';phone-context=' (a local number needs one, section 5.1.5) or a hex digit, '*', '%23' ('#') or visual separator (RFC 3966 section 3)";
    geo_latitude_above_90: "geo:91,0" => 4, "RFC 5870 section 3.4.2", OutOfRange,
        "latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2)";
    ws_with_a_fragment: "ws://h/chat#x" => 11, "RFC 6455 section 3", Syntax,
        "unexpected character '#'; expected end of input (a WebSocket URI has no userinfo and no fragment) (RFC 6455 section 3)";
    file_with_a_relative_path: "file:etc/fstab" => 5, "RFC 8089 section 2", Syntax,
        "unexpected character 'e'; expected an absolute path (RFC 8089 section 2)";

    // http and https.
    https_with_userinfo_and_an_empty_host: "https://user@:443/" => 13, "RFC 9110 section 4.2.1", Syntax,
        "unexpected character ':'; expected a host (it is not empty) (RFC 9110 section 4.2.1)";
    http_without_an_authority: "http:/path" => 0, "RFC 9110 section 4.2.1", Syntax,
        "unexpected character 'h'; expected an http URI, \"http://\" authority path [ \"?\" query ] (RFC 9110 section 4.2.1)";

    // ws and wss.
    wss_with_userinfo: "wss://user@h/" => 10, "RFC 6455 section 3", Syntax,
        "unexpected character '@'; expected end of input (a WebSocket URI has no userinfo and no fragment) (RFC 6455 section 3)";

    // file.
    file_authority_without_a_path: "file://host" => 11, "RFC 8089 section 2", Syntax,
        "unexpected end of input; expected an absolute path (RFC 8089 section 2)";
    file_with_a_query: "file:///etc/fstab?x" => 17, "RFC 8089 section 2", Syntax,
        "unexpected character '?'; expected end of input (RFC 8089 section 2)";

    // mailto.
    mailto_space_in_a_local_part: "mailto:a%20b@example.com" => 8, "RFC 6068 section 2", Syntax,
        "unexpected character ' ' (percent-encoded); expected '@' or an atom character (atext) (RFC 6068 section 2)";
    mailto_header_field_without_equals: "mailto:a@b?subject" => 11, "RFC 6068 section 2", Syntax,
        "unexpected character 's'; expected a header field, hfname \"=\" hfvalue (RFC 6068 section 2)";
    mailto_local_part_not_utf8: "mailto:%FF@example.com" => 7, "RFC 6068 section 2", NotUtf8,
        "percent-encoded octets that are not UTF-8 in an address; non-ASCII characters are percent-encoded UTF-8 (RFC 6068 section 2)";
    // A `to` header field's value is an RFC 5322 address-list: `joe` could
    // go on as a display name's word or as an address's local part.
    mailto_to_header_field_that_is_no_address: "mailto:?to=joe" => 14, "RFC 5322 section 3.2.5", Syntax,
        "unexpected end of input; expected a word, whitespace or a comment, '@' or an atom character (atext) (RFC 5322 section 3.2.5)";
    mailto_two_dots_in_a_domain: "mailto:a@example..com" => 17, "RFC 5322 section 3.2.3", Syntax,
        "unexpected character '.'; expected an atom character (atext) (RFC 5322 section 3.2.3)";

    // RFC 6068 section 2, item 1: ';' within an address MUST be
    // percent-encoded, in the path and in a header field that holds
    // addresses.
    mailto_raw_semicolon_in_a_quoted_local_part: "mailto:%22a;b%22@example.org" => 11, "RFC 6068 section 2", Syntax,
        "unexpected character ';': ';' is percent-encoded (%3B) in an address, as item 1 requires (RFC 6068 section 2)";
    mailto_raw_semicolon_between_addresses: "mailto:a@example.org;b@example.org" => 20, "RFC 6068 section 2", Syntax,
        "unexpected character ';': ';' is percent-encoded (%3B) in an address, as item 1 requires (RFC 6068 section 2)";
    mailto_raw_semicolon_in_a_cc_header_field: "mailto:?cc=a;b@example.org" => 12, "RFC 6068 section 2", Syntax,
        "unexpected character ';': ';' is percent-encoded (%3B) in an address, as item 1 requires (RFC 6068 section 2)";
    // Only a literal ',' separates the path's addresses (RFC 3986 section
    // 2.2): `%2C` is a comma within the domain, which no domain holds.
    mailto_encoded_comma_is_no_separator: "mailto:a@example.org%2Cb@example.org" => 20, "RFC 5322 section 3.2.3", Syntax,
        "unexpected character ',' (percent-encoded); expected end of input or an atom character (atext) (RFC 5322 section 3.2.3)";
    // A `cc` header field holds addresses as `to` does.
    mailto_cc_header_field_that_is_no_address: "mailto:?cc=joe" => 14, "RFC 5322 section 3.2.5", Syntax,
        "unexpected end of input; expected a word, whitespace or a comment, '@' or an atom character (atext) (RFC 5322 section 3.2.5)";

    // urn.
    urn_nid_of_33_characters: "urn:abcdefghijabcdefghijabcdefghijabc:x" => 36, "RFC 8141 section 2", Syntax,
        "unexpected character 'c': an NID has at most 32 characters (RFC 8141 section 2)";
    urn_nid_ending_with_a_hyphen: "urn:ex-:x" => 7, "RFC 8141 section 2", Syntax,
        "unexpected character ':'; expected a letter or digit (RFC 8141 section 2)";
    // `pchar` is RFC 3986's (uri.pest cites no section); the error cites
    // the rule of the scheme's RFC that calls it.
    urn_without_an_nss: "urn:example:" => 12, "RFC 8141 section 2", Syntax,
        "unexpected end of input; expected pchar (RFC 8141 section 2)";
    urn_empty_r_component: "urn:example:a?+" => 15, "RFC 8141 section 2", Syntax,
        "unexpected end of input; expected pchar (RFC 8141 section 2)";
    urn_query_that_is_no_r_or_q_component: "urn:example:a?b" => 13, "RFC 8141 section 2", Syntax,
        "unexpected character '?'; expected end of input or pchar (RFC 8141 section 2)";

    // data.
    data_base64_without_padding: "data:;base64,SGk" => 13, "RFC 4648 section 4", Syntax,
        "unexpected character 'S'; expected base 64 text (groups of four characters, the last one padded with '=') (RFC 4648 section 4)";
    data_base64_octet_beyond_ascii: "data:;base64,SGk%FF" => 16, "RFC 4648 section 4", Syntax,
        "unexpected octet 0xFF (percent-encoded); expected a base 64 character (RFC 4648 section 4)";
    // A type, subtype or parameter name decodes to RFC 2045 token
    // characters: no space, control or tspecial, escaped or not.
    data_escaped_space_in_a_type: "data:te%20xt/plain,x" => 7, "RFC 2397 section 3", Syntax,
        "unexpected character '%'; expected '/' (RFC 2397 section 3)";
    data_escaped_tspecial_in_a_parameter_name: "data:text/plain;a%3Db=c,x" => 17, "RFC 2397 section 3", Syntax,
        "unexpected character '%'; expected '=' (RFC 2397 section 3)";
    data_escaped_octet_beyond_ascii_in_a_subtype: "data:text/pl%C3%A9in,x" => 12, "RFC 2397 section 3", Syntax,
        "unexpected character '%'; expected ';base64' or ',' (RFC 2397 section 3)";
    data_media_type_without_subtype: "data:text,x" => 9, "RFC 2397 section 3", Syntax,
        "unexpected character ','; expected '/' (RFC 2397 section 3)";

    // tel.
    tel_global_number_with_a_context: "tel:+1;phone-context=+1" => 7, "RFC 3966 section 3", Syntax,
        "unexpected character 'p': isub, ext and phone-context are not other parameters; each comes once, before them (RFC 3966 section 3)";
    tel_extension_that_is_no_number: "tel:+1;ext=x" => 11, "RFC 3966 section 3", Syntax,
        "unexpected character 'x'; expected a digit or visual separator (RFC 3966 section 3)";
    // In a URI, '#' begins the fragment (RFC 3986 section 3.5): a local
    // number's '#' is written `%23`.
    tel_raw_number_sign_begins_the_fragment: "tel:7042#;phone-context=example.com" => 8, "RFC 3966 section 3", Syntax,
        "unexpected character '#'; expected a parameter, ';phone-context=' (a local number needs one, section 5.1.5) or a hex digit, '*', '%23' ('#') or visual separator (RFC 3966 section 3)";
    tel_parameter_given_twice: "tel:+1;a=1;a=2" => 11, "RFC 3966 section 3", Repeated,
        "the parameter \"a\" appears twice (RFC 3966 section 3)";
    tel_parameters_out_of_order: "tel:+1;b=1;a=2" => 11, "RFC 3966 section 3", Order,
        "\"a\" is out of order: isub or ext first, then phone-context, then the other parameters in lexicographical order (RFC 3966 section 3)";
    tel_context_before_an_extension: "tel:7042;phone-context=example.com;ext=1" => 35, "RFC 3966 section 3", Order,
        "\"ext\" is out of order: isub or ext first, then phone-context, then the other parameters in lexicographical order (RFC 3966 section 3)";

    // geo.
    geo_longitude_below_minus_180: "geo:0,-180.5" => 6, "RFC 5870 section 3.4.2", OutOfRange,
        "longitude -180.5 is outside -180 to 180 (RFC 5870 section 3.4.2)";
    geo_latitude_with_three_integer_digits: "geo:045.5,0" => 6, "RFC 5870 section 3.4.2", Syntax,
        "unexpected character '5'; expected a latitude, [ \"-\" ] 1*2DIGIT [ \".\" 1*DIGIT ] (RFC 5870 section 3.4.2)";
    geo_crs_after_the_uncertainty: "geo:1,2;u=5;crs=foo" => 12, "RFC 5870 section 3.3", Syntax,
        "unexpected character 'c': crs and u come once each, before the other parameters (RFC 5870 section 3.3)";
    geo_one_coordinate: "geo:1" => 4, "RFC 5870 section 3.3", Syntax,
        "unexpected character '1'; expected two or three coordinates (RFC 5870 section 3.3)";
    // Section 3.4.2's ranges are exact and `num` takes any number of
    // decimals: past the bound by less than a binary number can hold is
    // past it.
    geo_latitude_just_above_90: "geo:90.00000000000000001,0" => 4, "RFC 5870 section 3.4.2", OutOfRange,
        "latitude 90.00000000000000001 is outside -90 to 90 (RFC 5870 section 3.4.2)";
    geo_latitude_just_below_minus_90: "geo:-90.00000000000000001,0" => 4, "RFC 5870 section 3.4.2", OutOfRange,
        "latitude -90.00000000000000001 is outside -90 to 90 (RFC 5870 section 3.4.2)";
    geo_longitude_just_above_180: "geo:0,180.000000000000000001" => 6, "RFC 5870 section 3.4.2", OutOfRange,
        "longitude 180.000000000000000001 is outside -180 to 180 (RFC 5870 section 3.4.2)";
    geo_latitude_above_90_by_less_than_a_double_holds: "geo:90.000000000000001,0" => 4, "RFC 5870 section 3.4.2", OutOfRange,
        "latitude 90.000000000000001 is outside -90 to 90 (RFC 5870 section 3.4.2)";

    // sip and sips.
    sip_ttl_above_255: "sip:alice@atlanta.com;ttl=256" => 26, "RFC 3261 section 25.1", OutOfRange,
        "ttl 256 is outside 0 to 255 (RFC 3261 section 25.1)";
    sip_ttl_that_is_no_number: "sip:alice@atlanta.com;ttl=x" => 26, "RFC 3261 section 25.1", Syntax,
        "unexpected character 'x'; expected a ttl (one to three digits) (RFC 3261 section 25.1)";
    // `lr` is a name alone (section 25.1); the `lr=on` of drafts before
    // RFC 3261 is no other-param, whose names are not the named ones'.
    sip_lr_with_a_value: "sip:alice@atlanta.com;lr=on" => 22, "RFC 3261 section 25.1", Syntax,
        "unexpected character 'l'; expected a parameter (RFC 3261 section 25.1)";
    sip_empty_host: "sip:alice@:5060" => 10, "RFC 3261 section 25.1", Syntax,
        "unexpected character ':'; expected a host (RFC 3261 section 25.1)";
    sip_empty_port: "sip:alice@atlanta.com:" => 22, "RFC 3261 section 25.1", Syntax,
        "unexpected end of input; expected a port (digits) (RFC 3261 section 25.1)";
    sips_header_without_equals: "sips:a@b?subject" => 9, "RFC 3261 section 25.1", Syntax,
        "unexpected character 's'; expected a header field, hname \"=\" hvalue (RFC 3261 section 25.1)";

    // tag.
    tag_month_13: "tag:example.com,2001-13:x" => 21, "RFC 4151 section 2.1", OutOfRange,
        "month 13 is outside 01 to 12 (RFC 4151 section 2.1)";
    tag_february_29_of_a_common_year: "tag:example.com,2001-02-29:x" => 24, "RFC 4151 section 2.1", OutOfRange,
        "day 29 is outside 01 to 28 (RFC 4151 section 2.1)";
    tag_year_of_two_digits: "tag:example.com,01:x" => 16, "RFC 4151 section 2.1", Syntax,
        "unexpected character '0'; expected a year (four digits) (RFC 4151 section 2.1)";
    tag_without_a_date: "tag:example.com:x" => 15, "RFC 4151 section 2.1", Syntax,
        "unexpected character ':'; expected ',' (RFC 4151 section 2.1)";

    // acct.
    acct_without_a_host: "acct:foobar" => 11, "RFC 7565 section 7", Syntax,
        "unexpected end of input; expected '@' (RFC 7565 section 7)";
    acct_userpart_starting_percent_encoded: "acct:%41bc@example.com" => 5, "RFC 7565 section 7", Syntax,
        "unexpected character '%'; expected a user part (its first character is not percent-encoded) (RFC 7565 section 7)";

    // xmpp.
    xmpp_resource_with_a_slash: "xmpp:node@example.com/a/b" => 23, "RFC 5122 section 2.2", Syntax,
        "unexpected character '/'; expected end of input (RFC 5122 section 2.2)";
    xmpp_authority_without_a_node: "xmpp://example.com" => 7, "RFC 5122 section 2.2", Syntax,
        "unexpected character 'e'; expected an account, node \"@\" host (RFC 5122 section 2.2)";
    xmpp_key_without_a_value: "xmpp:a@b?message;subject" => 16, "RFC 5122 section 2.2", Syntax,
        "unexpected character ';'; expected end of input or a pair, \";\" key \"=\" value (RFC 5122 section 2.2)";

    // sms.
    sms_body_twice: "sms:+15105550101?body=a&body=b" => 24, "RFC 5724 section 2.2", Repeated,
        "the field \"body\" appears twice (RFC 5724 section 2.2)";
    sms_body_twice_in_another_case: "sms:+1?BODY=a&body=b" => 14, "RFC 5724 section 2.2", Repeated,
        "the field \"body\" appears twice (RFC 5724 section 2.2)";
    sms_body_not_utf8: "sms:+1?body=%FF" => 12, "RFC 5724 section 2.2", NotUtf8,
        "percent-encoded octets that are not UTF-8 in the body; non-ASCII characters are percent-encoded UTF-8 (RFC 5724 section 2.2)";
    sms_local_number_without_a_context: "sms:7042" => 8, "RFC 3966 section 3", Syntax,
        "unexpected end of input; expected a parameter, ';phone-context=' (a local number needs one, RFC 3966 section 5.1.5) or a hex digit, '*', '#' or visual separator (RFC 3966 section 3)";
    sms_field_without_equals: "sms:+1?x" => 7, "RFC 5724 section 2.2", Syntax,
        "unexpected character 'x'; expected a field, sms-field-name \"=\" escaped-value (RFC 5724 section 2.2)";

    // about.
    about_token_with_a_slash: "about:a/b" => 7, "RFC 6694 section 2", Syntax,
        "unexpected character '/'; expected end of input, '?' and a query or '#' and a fragment (RFC 6694 section 2)";

    // cid and mid.
    cid_without_a_domain: "cid:foo4%25foo1" => 15, "RFC 822 section 6.1", Syntax,
        "unexpected end of input; expected '@' (RFC 822 section 6.1)";
    cid_two_dots_in_a_local_part: "cid:a..b@c" => 6, "RFC 822 section 3.3", Syntax,
        "unexpected character '.'; expected a word (an atom or a quoted string) (RFC 822 section 3.3)";
    mid_content_id_without_a_domain: "mid:a@b/c" => 9, "RFC 822 section 6.1", Syntax,
        "unexpected end of input; expected '@' (RFC 822 section 6.1)";
}

#[test]
fn sip_ttl_bounds_and_leap_days_are_in_range() {
    for text in [
        "sip:h.example;ttl=0",
        "sip:h.example;ttl=255",
        "tag:example.com,2004-02-29:leap",
        "tag:example.com,2000-02-29:x",
        "tag:example.com,2001-12-31:x",
    ] {
        let uri = UriRef::parse(text).unwrap();
        assert!(
            matches!(scheme::validate(&uri), Some(Ok(_))),
            "{text}: {:?}",
            scheme::validate(&uri)
        );
    }
    let uri = UriRef::parse("tag:example.com,1900-02-29:x").unwrap();
    assert!(scheme::validate(&uri).unwrap().is_err());
}

/// PEG readings of ambiguous ABNF, pinned: a sip URI without `@` is a host
/// with parameters (the user part gives way), an other-param may not take
/// a named parameter's name, and an XMPP path's node gives way where no
/// `@` follows.
#[test]
fn ambiguities_are_read_as_the_grammars_say() {
    use peguri::scheme::{Parts, Sip, Xmpp};
    let uri = UriRef::parse("sip:biloxi.com;transport=tcp;method=REGISTER?to=sip:bob%40biloxi.com")
        .unwrap();
    let sip = Sip::parse(&uri).unwrap();
    assert_eq!((sip.user(), sip.host()), (None, "biloxi.com"));
    assert_eq!(sip.parameters().count(), 2);
    let uri = UriRef::parse("sip:h.example;transport").unwrap();
    assert!(scheme::validate(&uri).unwrap().is_err());
    let uri = UriRef::parse("sip:h.example;transports=x;lrx").unwrap();
    assert_eq!(Sip::parse(&uri).unwrap().parameters().count(), 2);
    let uri = UriRef::parse("xmpp:example.com/res").unwrap();
    let xmpp = Xmpp::parse(&uri).unwrap();
    assert_eq!(
        (xmpp.node(), xmpp.domain(), xmpp.resource()),
        (None, "example.com", Some("res"))
    );
    // A tag's authority name is an email address only with its `@`.
    let uri = UriRef::parse("tag:a.b_c@example.com,2001:x").unwrap();
    let Some(Ok(Parts::Tag(tag))) = scheme::parts(&uri) else {
        panic!()
    };
    assert_eq!(tag.authority_name(), "a.b_c@example.com");
}

#[test]
fn ranges_apply_to_wgs84_only() {
    // Section 3.4.2 restricts WGS-84 coordinates; another reference
    // system's are not known.
    let uri = UriRef::parse("geo:91,200;crs=other").unwrap();
    assert_eq!(scheme::validate(&uri), Some(Ok(scheme::Scheme::Geo)));
    let uri = UriRef::parse("geo:91,200;crs=WGS84").unwrap();
    assert!(scheme::validate(&uri).unwrap().is_err());
}

#[test]
fn the_bounds_themselves_are_in_range() {
    for text in [
        "geo:90,180",
        "geo:-90,-180",
        "geo:-0,0",
        "geo:90.000,-180.0",
        "geo:90.000000000000000000000,180.00000000000000000000",
        "geo:-90.0000000000000000000000,-180.000000000000000000000",
        "geo:89.99999999999999999999999,179.999999999999999999999999",
    ] {
        let uri = UriRef::parse(text).unwrap();
        assert_eq!(
            scheme::validate(&uri),
            Some(Ok(scheme::Scheme::Geo)),
            "{text}"
        );
    }
}

#[test]
fn no_grammar_no_scheme_no_answer() {
    for text in ["gopher://h/", "foo:bar", "/relative", "//h/p", "?q"] {
        let uri = UriRef::parse(text).unwrap();
        assert!(scheme::validate(&uri).is_none(), "{text}");
    }
}

#[test]
fn display_shows_the_uri_with_a_caret_under_the_spot() {
    let uri = UriRef::parse("mailto:a%20b@example.com").unwrap();
    let err = scheme::validate(&uri).unwrap().unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid mailto URI: unexpected character ' ' (percent-encoded); expected '@' or an atom \
         character (atext) (RFC 6068 section 2) at byte 8 (column 9)\n  \
         mailto:a%20b@example.com\n          ^^^"
    );
}

#[test]
fn an_error_is_thread_safe() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<scheme::SchemeError>();
}

/// The finding `peguri check --scheme-syntax` reports is the error's:
/// code `scheme-syntax`, the section of the scheme's RFC, a span at the
/// error's offset, the error's message; none for a valid URI, an
/// unknown scheme or a relative reference.
#[test]
fn a_scheme_error_as_a_check_finding() {
    use peguri::lint::{Code, Severity};
    for (input, section, span) in [
        ("http://", "4.2.1", 7..7),
        ("mailto:joe", "2", 10..10),
        ("urn:a:b", "2", 5..6),
        ("tel:7042", "3", 8..8),
        ("ws://h/chat#x", "3", 11..12),
    ] {
        let uri = UriRef::parse(input).unwrap();
        let finding = scheme::finding(&uri).unwrap_or_else(|| panic!("{input}: no finding"));
        let err = scheme::validate(&uri).unwrap().unwrap_err();
        assert_eq!(finding.code, Code::SchemeSyntax, "{input}");
        assert_eq!(finding.severity, Severity::Warning, "{input}");
        assert_eq!((finding.section, finding.span), (section, span), "{input}");
        assert_eq!(finding.message, err.message().to_string(), "{input}");
        assert_eq!(Code::from_name("scheme-syntax"), Some(Code::SchemeSyntax));
    }
    for input in ["http://h/", "x:joe", "/a"] {
        assert!(
            scheme::finding(&UriRef::parse(input).unwrap()).is_none(),
            "{input}"
        );
    }
}

refused! {
    // ftp.
    ftp_without_a_host: "ftp://" => 6, "RFC 1738 section 5", Syntax,
        "unexpected end of input; expected a host (it is not empty) (RFC 1738 section 5)";
    ftp_with_a_query: "ftp://h/a?b" => 9, "RFC 1738 section 3.2", Syntax,
        "unexpected character '?'; expected end of input (an ftp URL has no query, and a path segment holds ';' percent-encoded) (RFC 1738 section 3.2)";
    ftp_semicolon_that_is_no_type: "ftp://h/a;b" => 9, "RFC 1738 section 3.2", Syntax,
        "unexpected character ';'; expected end of input (an ftp URL has no query, and a path segment holds ';' percent-encoded) (RFC 1738 section 3.2)";
    ftp_unknown_transfer_type: "ftp://ftp.example.com/file;type=x" => 32, "RFC 1738 section 5", Syntax,
        "unexpected character 'x'; expected a transfer type ('a', 'i' or 'd') (RFC 1738 section 5)";
    ftp_colon_without_a_port: "ftp://h:/x" => 8, "RFC 1738 section 5", Syntax,
        "unexpected character '/'; expected a port (digits) (RFC 1738 section 5)";
    ftp_port_beyond_16_bits: "ftp://h:70000/x" => 8, "RFC 9293 section 3.1", OutOfRange,
        "port 70000 is outside 0 to 65535 (RFC 9293 section 3.1)";
    ftp_without_an_authority: "ftp:/pub" => 0, "RFC 1738 section 5", Syntax,
        "unexpected character 'f'; expected an ftp URL, \"ftp://\" login [ \"/\" fpath [ \";type=\" ftptype ] ] (RFC 1738 section 5)";

    // ldap.
    ldap_with_userinfo: "ldap://u@h/" => 8, "RFC 4516 section 2", Syntax,
        "unexpected character '@'; expected end of input (RFC 4516 section 2)";
    ldap_unknown_scope: "ldap://h/o?cn?subtree" => 17, "RFC 4516 section 2", Syntax,
        "unexpected character 't'; expected end of input (RFC 4516 section 2)";
    ldap_dn_with_an_empty_rdn: "ldap://h/cn=a,,b" => 14, "RFC 4514 section 3", Syntax,
        "unexpected character ','; expected an attribute type (RFC 4514 section 3)";
    ldap_dn_not_utf8: "ldap://h/cn=a%FF" => 13, "RFC 4514 section 3", NotUtf8,
        "percent-encoded octets that are not UTF-8 in the DN; non-ASCII characters are percent-encoded UTF-8 (RFC 4514 section 3)";
    ldap_filter_without_parentheses: "ldap://h/o=x?cn?sub?cn=x" => 20, "RFC 4512 section 1.4", Syntax,
        "unexpected character 'c'; expected '(' (RFC 4512 section 1.4)";
    ldap_filter_without_its_closing_parenthesis: "ldap://h/???(cn=*x" => 18, "RFC 4512 section 1.4", Syntax,
        "unexpected end of input; expected ')' (RFC 4512 section 1.4)";
    ldap_filter_item_without_a_comparison: "ldap://h/???(cn)" => 15, "RFC 4515 section 3", Syntax,
        "unexpected character ')'; expected '=', '~=', '>=' or '<=', ':dn' or ':' and a matching rule (RFC 4515 section 3)";
    ldap_two_filters: "ldap://h/???(cn=a)(cn=b)" => 18, "RFC 4515 section 3", Syntax,
        "unexpected character '('; expected end of input (RFC 4515 section 3)";
    ldap_parenthesis_unescaped_in_a_value: "ldap://h/???(cn=a(b)" => 17, "RFC 4512 section 1.4", Syntax,
        "unexpected character '('; expected ')' or '*' (RFC 4512 section 1.4)";
    ldap_extension_type_that_is_no_oid: "ldap://h/????1x" => 13, "RFC 4516 section 2", Syntax,
        "unexpected character '1'; expected an extension (RFC 4516 section 2)";
    ldap_extension_value_not_utf8: "ldap://h/????x-ext=%C3" => 19, "RFC 4511 section 4.1.2", NotUtf8,
        "percent-encoded octets that are not UTF-8 in an extension value; non-ASCII characters are percent-encoded UTF-8 (RFC 4511 section 4.1.2)";
    ldap_port_beyond_16_bits: "ldap://h:65536/" => 9, "RFC 9293 section 3.1", OutOfRange,
        "port 65536 is outside 0 to 65535 (RFC 9293 section 3.1)";

    // ni and nih.
    ni_value_of_4n_plus_1_characters: "ni:///sha-256;f4OxZ" => 19, "RFC 4648 section 5", Syntax,
        "unexpected end of input; expected a base64url character (A-Z, a-z, 0-9, '-', '_'; unpadded, the text never has 4n+1 characters) (RFC 4648 section 5)";
    ni_value_with_a_character_outside_base64url: "ni:///sha-256;f4Ox.Q" => 18, "RFC 4648 section 5", Syntax,
        "unexpected character '.'; expected end of input or a base64url character (A-Z, a-z, 0-9, '-', '_'; unpadded, the text never has 4n+1 characters) (RFC 4648 section 5)";
    ni_value_with_padding: "ni:///sha-256-32;f4OxZQ%3D%3D" => 23, "RFC 6920 section 3", Syntax,
        "unexpected character '%'; expected end of input (RFC 6920 section 3)";
    ni_without_the_slashes: "ni:sha-256;x" => 3, "RFC 6920 section 3", Syntax,
        "unexpected character 's'; expected \"//\" [ authority ] \"/\" alg \";\" val (RFC 6920 section 3)";
    nih_wrong_check_digit: "nih:sha-256-32;53269057;c" => 24, "RFC 6920 section 7", CheckDigit,
        "check digit 'c' does not match the hash value, whose check digit is 'b' (RFC 6920 section 7)";
    nih_value_that_is_no_hex: "nih:sha-256-32;5326g" => 19, "RFC 6920 section 7", Syntax,
        "unexpected character 'g'; expected end of input (RFC 6920 section 7)";

    // coap and its variants.
    coap_with_an_empty_host: "coap:///x" => 7, "RFC 7252 section 6.1", Syntax,
        "unexpected character '/'; expected a host (it is not empty) (RFC 7252 section 6.1)";
    coaps_without_a_host: "coaps://" => 8, "RFC 7252 section 6.1", Syntax,
        "unexpected end of input; expected a host (it is not empty) (RFC 7252 section 6.1)";
    coap_tcp_with_userinfo: "coap+tcp://u@h/x" => 12, "RFC 8323 section 8.1", Syntax,
        "unexpected character '@'; expected end of input (a CoAP URI has no userinfo) (RFC 8323 section 8.1)";
    coap_without_an_authority: "coap:/x" => 0, "RFC 7252 section 6.1", Syntax,
        "unexpected character 'c'; expected a coap URI, \"coap://\" host [ \":\" port ] path [ \"?\" query ] (RFC 7252 section 6.1)";

    // rtsp.
    rtsp_without_an_authority: "rtsp:/twister" => 5, "RFC 7826 section 20.2.1", Syntax,
        "unexpected character '/'; expected \"//\" authority path (RFC 7826 section 20.2.1)";

    // news and nntp.
    news_article_without_a_right_part: "news:a@" => 7, "RFC 5538 section 2.1", Syntax,
        "unexpected end of input; expected a character of a message identifier (RFC 5538 section 2.1)";
    news_unencoded_slash: "news:a/b" => 6, "RFC 5538 section 2.1", Syntax,
        "unexpected character '/'; expected end of input or a character of a message identifier (RFC 5538 section 2.1)";
    news_empty_wildmat_pattern: "news:a,,b" => 7, "RFC 3977 section 4.1", Syntax,
        "unexpected character ','; expected a newsgroup name or pattern (RFC 3977 section 4.1)";
    news_message_identifier_with_two_dots: "news:a@b..c" => 8, "RFC 5322 section 3.6.4", Syntax,
        "unexpected character '.'; expected end of input (RFC 5322 section 3.6.4)";
    nntp_article_number_zero: "nntp://h/example.group/0" => 23, "RFC 3977 section 6", OutOfRange,
        "article number 0 is outside 1 to 2147483647 (RFC 3977 section 6)";
    nntp_article_number_beyond_31_bits: "nntp://h/example.group/2147483648" => 23, "RFC 3977 section 6", OutOfRange,
        "article number 2147483648 is outside 1 to 2147483647 (RFC 3977 section 6)";
    nntp_article_number_of_17_digits: "nntp://h/g/12345678901234567" => 27, "RFC 5538 section 2.2", Syntax,
        "unexpected character '7'; expected end of input (RFC 5538 section 2.2)";
    nntp_without_a_group: "nntp://h/" => 9, "RFC 5538 section 2.2", Syntax,
        "unexpected end of input; expected a newsgroup name (RFC 5538 section 2.2)";
    nntp_group_with_a_comma: "nntp://h/a%2Cb" => 10, "RFC 3977 section 9.8", Syntax,
        "unexpected character ',' (percent-encoded); expected end of input (RFC 3977 section 9.8)";
}

#[test]
fn the_largest_nntp_article_number_is_accepted() {
    let uri = UriRef::parse("nntp://h/example.group/2147483647").unwrap();
    assert_eq!(scheme::validate(&uri), Some(Ok(scheme::Scheme::Nntp)));
}

#[test]
fn the_largest_tcp_port_is_accepted() {
    for text in ["ftp://h:65535/", "ldap://h:65535/"] {
        let uri = UriRef::parse(text).unwrap();
        assert!(matches!(scheme::validate(&uri), Some(Ok(_))), "{text}");
    }
}

/// An nih check digit is verified for every hex digit it could be: only
/// the one the Luhn mod 16 algorithm gives is accepted.
#[test]
fn exactly_one_nih_check_digit_is_accepted() {
    for value in [
        "53269057",
        "5326-9057-e12f-e2b7-4ba0-7c89-2560-a2",
        "0",
        "f",
    ] {
        let accepted: Vec<char> = "0123456789abcdef"
            .chars()
            .filter(|c| {
                let text = format!("nih:sha-256;{value};{c}");
                matches!(
                    scheme::validate(&UriRef::parse(&text).unwrap()),
                    Some(Ok(_))
                )
            })
            .collect();
        assert_eq!(accepted.len(), 1, "{value}: {accepted:?}");
    }
}

/// RFC 7252 section 6.1's rule that the host is not empty holds for coap,
/// coaps, coap+tcp and coaps+tcp; RFC 8323 section 8.3 and 8.4 do not apply
/// it to coap+ws and coaps+ws.
#[test]
fn only_the_websocket_coap_schemes_allow_an_empty_host() {
    for (scheme, empty_host_allowed) in [
        ("coap", false),
        ("coaps", false),
        ("coap+tcp", false),
        ("coaps+tcp", false),
        ("coap+ws", true),
        ("coaps+ws", true),
    ] {
        let text = format!("{scheme}:///x");
        let uri = UriRef::parse(&text).unwrap();
        let valid = matches!(scheme::validate(&uri), Some(Ok(_)));
        assert_eq!(valid, empty_host_allowed, "{text}");
    }
}

/// An attribute selector or extension type is matched as written: its
/// characters never need percent-encoding (docs/schemes.md says so).
#[test]
fn ldap_percent_encoded_attribute_selector_is_refused() {
    refused(
        "ldap://h/o=x?c%6E",
        14,
        "RFC 4516 section 2",
        SchemeErrorKind::Syntax,
        "unexpected character '%'; expected end of input (RFC 4516 section 2)",
    );
}

/// A view parses a reference of its own scheme, in any case, and refuses
/// another scheme's.
#[test]
fn a_view_reads_its_own_scheme_and_refuses_another() {
    use peguri::scheme::{MessageUrl, Sip};
    let uri = UriRef::parse("SIPS:bob@biloxi.com").unwrap();
    assert!(Sip::parse(&uri).unwrap().is_secure());
    let uri = UriRef::parse("MID:a@b/c@d").unwrap();
    assert!(MessageUrl::parse(&uri).unwrap().is_mid());
    for text in ["http://h/", "tel:+1"] {
        let uri = UriRef::parse(text).unwrap();
        assert_eq!(Sip::parse(&uri).unwrap_err().offset(), 0, "{text}");
        assert_eq!(MessageUrl::parse(&uri).unwrap_err().offset(), 0, "{text}");
    }
}
