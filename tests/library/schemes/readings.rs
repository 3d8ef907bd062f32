//! How the grammars read what their RFCs say only in prose, or leave
//! open: each reading as `docs/schemes.md` states it, with the RFC and
//! section it rests on (or the choice made where the RFC is silent).

use peguri::UriRef;
use peguri::scheme::{self, DataUrl, Mailto, Parts, Scheme, SchemeErrorKind, Tel, Urn};

#[track_caller]
fn uri(text: &str) -> UriRef<'_> {
    UriRef::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `text` is valid under its scheme's syntax.
#[track_caller]
fn valid(text: &str) {
    match scheme::validate(&uri(text)) {
        Some(Ok(_)) => {}
        Some(Err(e)) => panic!("{text} is refused:\n{e}"),
        None => panic!("{text} has no grammar"),
    }
}

/// `text` is refused at byte `offset` with an error of `kind`.
#[track_caller]
fn refused(text: &str, offset: usize, kind: SchemeErrorKind) {
    match scheme::validate(&uri(text)) {
        Some(Err(e)) => assert_eq!((e.offset(), e.kind()), (offset, kind), "{text}: {e}"),
        other => panic!("{text}: expected a scheme error, got {other:?}"),
    }
}

/// The recipients of a mailto URI, decoded.
#[track_caller]
fn recipients(text: &str) -> Vec<String> {
    let parsed = uri(text);
    let mailto = Mailto::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
    mailto.to().iter().map(|a| a.as_str().to_owned()).collect()
}

/// RFC 5870 section 3.4.2's ranges are exact and `num` takes any number
/// of decimals: the decimal text is compared, and at a bound every further
/// digit must be 0.
#[test]
fn rfc5870_3_4_2_coordinates_compare_as_written() {
    for text in [
        "geo:90.0000000000000000000,180.00000000000000000000000",
        "geo:-90,-179.99999999999999999999999999",
        "geo:89.999999999999999999999999,0",
    ] {
        valid(text);
    }
    for (text, offset) in [
        ("geo:90.00000000000000001,0", 4),
        ("geo:-90.00000000000000001,0", 4),
        ("geo:0,180.000000000000000001", 6),
        ("geo:90.000000000000001,0", 4),
        ("geo:0,-180.0000000000000000000000000001", 6),
    ] {
        refused(text, offset, SchemeErrorKind::OutOfRange);
    }
    // The coordinates read as numbers are the nearest doubles.
    let parsed = uri("geo:89.999999999999999999999999,0");
    let Some(Ok(Parts::Geo(geo))) = scheme::parts(&parsed) else {
        panic!("not a geo URI")
    };
    assert_eq!(geo.coordinates(), [90.0, 0.0]);
}

/// RFC 2045 section 5.1 takes quoted-string from RFC 822 section 3.3,
/// whose quoted-pair ("\" CHAR) quotes any character: in a data URL both
/// are percent-encoded, `%5C%22` a double quote within the value.
#[test]
fn rfc2397_3_a_quoted_value_holds_quoted_pairs() {
    for (text, value) in [
        ("data:text/plain;a=%22x%5C%22y%22,z", "%22x%5C%22y%22"),
        ("data:text/plain;a=%22x%5C%5C%22,z", "%22x%5C%5C%22"),
        ("data:text/plain;a=%22%5C;%22;b=c,z", "%22%5C;%22"),
    ] {
        let parsed = uri(text);
        let data = DataUrl::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        let parameters: Vec<_> = data.parameters().collect();
        assert_eq!(parameters[0], ("a", value), "{text}");
        assert_eq!(data.data(), b"z", "{text}");
    }
}

/// RFC 2397 section 3: "type", "subtype", "attribute" and "value" are
/// RFC 2045 tokens "represented using URL escaped encoding ... as
/// necessary". A type, subtype or parameter name decodes to token
/// characters (RFC 2045 section 5.1: no space, control or tspecial); a
/// value's escapes may stand for any character.
#[test]
fn rfc2397_3_names_decode_to_token_characters_values_to_anything() {
    let parsed = uri("data:te%78t/pl%2Ain;b%7E=b%3Dc,x");
    let data = DataUrl::parse(&parsed).unwrap();
    assert_eq!(data.mime_type(), Some("te%78t/pl%2Ain"));
    assert_eq!(data.parameters().collect::<Vec<_>>(), [("b%7E", "b%3Dc")]);
    valid("data:text/plain;a=b%3Dc,x");
    valid("data:text/plain;a=b%20c%C3%A9,x");
    for (text, offset) in [
        ("data:te%20xt/plain,x", 7),
        ("data:te%2Fxt/plain,x", 7),
        ("data:text/pl%3Bain,x", 12),
        ("data:text/plain;a%3Db=c,x", 17),
        ("data:text/plain;a%00=c,x", 17),
        ("data:text/plain;a%C3%A9=c,x", 17),
    ] {
        refused(text, offset, SchemeErrorKind::Syntax);
    }
}

/// RFC 6068 section 2: "<addr-spec> is a mail address as specified in
/// [RFC5322] ... 1. A number of characters that can appear in <addr-spec>
/// MUST be percent-encoded. ... all the characters in gen-delims except
/// "@" and ":" ... Of the characters in sub-delims, at least the
/// following also have to be percent-encoded: "&", ";", and "="." Only a
/// literal ',' separates the path's addresses (RFC 3986 section 2.2).
#[test]
fn rfc6068_2_an_address_holds_delimiters_percent_encoded() {
    assert_eq!(
        recipients("mailto:%22a%2Cb%22@example.org,%22c%3Bd%22@example.org"),
        [r#""a,b"@example.org"#, r#""c;d"@example.org"#]
    );
    assert_eq!(
        recipients("mailto:%22a%26b%3Dc%2F%5B%5D%22@example.org"),
        [r#""a&b=c/[]"@example.org"#]
    );
    for c in [';', '&', '=', '/', '[', ']'] {
        let text = format!("mailto:a{c}b@example.org");
        if UriRef::parse(&text).is_ok() {
            refused(&text, 8, SchemeErrorKind::Syntax);
        }
    }
}

/// RFC 6068 section 2 says percent-encoding is needed in <hfname> and
/// <hfvalue> "for the same characters as listed above for <addr-spec>",
/// while its ABNF's `qchar` admits ';' there. Outside addresses the ABNF
/// is followed (our choice): a ';' in a subject stands.
#[test]
fn rfc6068_2_a_semicolon_outside_addresses_follows_the_abnf() {
    let parsed = uri("mailto:a@example.org?subject=a;b&x;y=z");
    let mailto = Mailto::parse(&parsed).unwrap();
    assert_eq!(mailto.header("subject"), Some("a;b"));
    assert_eq!(mailto.header("x;y"), Some("z"));
}

/// RFC 6068 section 2: "<hfname> and <hfvalue> are encodings of an
/// [RFC5322] header field name and value", and RFC 5322 section 3.6.3
/// makes To:, Cc: and Bcc: address lists (section 3.4): display names and
/// groups included. The three are checked alike; the recipients are the
/// path's and the `to` fields' addresses.
#[test]
fn rfc6068_2_to_cc_and_bcc_hold_rfc5322_address_lists() {
    assert_eq!(
        recipients("mailto:?to=Joe%20%3Cjoe@example.com%3E"),
        ["joe@example.com"]
    );
    assert_eq!(
        recipients(
            "mailto:a@example.org?to=%22J.%20Q.%22%20%3Cj@x.example%3E,%20Team:%20b@y.example,%20(boss)%20c@z.example%3B,d@w.example"
        ),
        [
            "a@example.org",
            "j@x.example",
            "b@y.example",
            "c@z.example",
            "d@w.example"
        ]
    );
    assert_eq!(
        recipients("mailto:?to=undisclosed-recipients:%3B"),
        Vec::<String>::new()
    );
    let parsed = uri("mailto:a@example.org?cc=Bob%20%3Cbob@example.org%3E&bcc=c@example.org");
    let mailto = Mailto::parse(&parsed).unwrap();
    assert_eq!(mailto.to().len(), 1);
    assert_eq!(mailto.header("cc"), Some("Bob <bob@example.org>"));
    // A display name with an unquoted '.' is RFC 5322's obsolete phrase.
    refused(
        "mailto:?bcc=J.%20Q.%20%3Cj@x%3E",
        14,
        SchemeErrorKind::Syntax,
    );
    refused("mailto:?cc=bob", 14, SchemeErrorKind::Syntax);
    // An empty field names no one.
    valid("mailto:a@example.org?cc=&bcc=");
}

/// RFC 6068 section 2 gives two ways to carry non-ASCII characters in an
/// <hfvalue>: MIME encoded words, and "Non-ASCII characters can be encoded
/// according to UTF-8 [STD63], and then each octet of the corresponding
/// UTF-8 sequence is percent-encoded". An octet that is neither is
/// refused (our reading: the RFC does not say so of header values in
/// those words; item 5 does of the local part).
#[test]
fn rfc6068_2_header_values_carry_utf8() {
    refused(
        "mailto:a@example.org?subject=caf%E9",
        32,
        SchemeErrorKind::NotUtf8,
    );
    valid("mailto:a@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D");
}

/// A tel URI is read as RFC 3986 splits it: '#' begins the fragment
/// (RFC 3986 section 3.5), so the '#' of RFC 3966 section 3's
/// local-number-digits is written `%23`.
#[test]
fn rfc3966_3_a_local_numbers_number_sign_is_percent_encoded() {
    let parsed = uri("tel:*21%23;phone-context=example.com");
    let tel = Tel::parse(&parsed).unwrap();
    assert_eq!((tel.number(), tel.digits()), ("*21%23", "*21#".to_owned()));
    assert_eq!(tel.phone_context(), Some("example.com"));
    let other = uri("tel:*2-1%23;phone-context=EXAMPLE.com");
    assert!(tel.equivalent(&Tel::parse(&other).unwrap()));
    // The fragment after a '#' is not read as parameters.
    refused(
        "tel:7042#;phone-context=example.com",
        8,
        SchemeErrorKind::Syntax,
    );
    valid("tel:7042;phone-context=example.com#;x");
}

/// RFC 3966 section 3 and RFC 5870 section 3.3 name some parameters apart
/// (`isub`, `ext`, `phone-context`; `crs`, `u`), each with its own syntax
/// and place; their ABNF's generic `parameter` would also take those
/// names. A generic parameter does not take them (our choice): `;ext=x` is
/// an extension that is no number, not a parameter named `ext`.
#[test]
fn named_parameters_are_not_generic_ones() {
    refused("tel:+1;ext=abc", 11, SchemeErrorKind::Syntax);
    refused("tel:+1;phone-context=+1", 7, SchemeErrorKind::Syntax);
    refused("tel:+1;isub", 7, SchemeErrorKind::Syntax);
    refused("geo:1,2;foo=1;crs=x", 14, SchemeErrorKind::Syntax);
    refused("geo:1,2;u=1;U=2", 12, SchemeErrorKind::Syntax);
    valid("tel:+1;extension=1;isubaddress=2");
    valid("geo:1,2;crsx=1;ux=2");
}

/// RFC 8141 section 2: `r-component = pchar *( pchar / "/" / "?" )` may
/// hold `?=`. The grammar accepts what the ABNF accepts; where the ABNF
/// reads a string two ways, a `?=` that a q-component follows starts the
/// q-component (our choice).
#[test]
fn rfc8141_2_the_r_component_ends_where_a_q_component_starts() {
    for (text, r, q) in [
        ("urn:example:x?+a?=", Some("a?="), None),
        ("urn:example:x?+a?=?", Some("a?=?"), None),
        ("urn:example:x?+a?=b", Some("a"), Some("b")),
        ("urn:example:x?+a?=b?=c", Some("a"), Some("b?=c")),
        ("urn:example:x?=b?+c", None, Some("b?+c")),
    ] {
        let parsed = uri(text);
        let urn = Urn::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        assert_eq!((urn.r_component(), urn.q_component()), (r, q), "{text}");
    }
    valid("urn:example:x?+a?=#f");
    assert_eq!(
        scheme::validate(&uri("urn:example:x?+a?=")),
        Some(Ok(Scheme::Urn))
    );
}

/// RFC 1738 section 5's `fsegment` holds `?`; RFC 3986 ends the path at
/// the first `?`, and an ftp URL has no query: one with a query is
/// refused (our choice), and a `?` in a name is written `%3F`.
#[test]
fn rfc1738_5_an_ftp_url_has_no_query() {
    refused("ftp://h/a?b", 9, SchemeErrorKind::Syntax);
    refused("ftp://h/?", 8, SchemeErrorKind::Syntax);
    let parsed = uri("ftp://h/a%3Fb");
    let ftp = scheme::Ftp::parse(&parsed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ftp.path_segments().collect::<Vec<_>>(), ["a%3Fb"]);
    // The fragment is RFC 3986's, after the path.
    valid("ftp://h/a#b?c");
}

/// RFC 6920 section 7 states the nih format in prose: the check digit,
/// when there is one, is computed over the value's hex digits alone, its
/// `-` separators left out.
#[test]
fn rfc6920_7_the_check_digit_reads_the_hex_digits_alone() {
    for text in [
        "nih:sha-256-32;53269057;b",
        "nih:sha-256-32;5326-9057;b",
        "nih:sha-256-32;-5-3-2-6-9-0-5-7-;b",
        "nih:sha-256-32;53269057",
    ] {
        valid(text);
    }
    refused(
        "nih:sha-256-32;5326-9057;c",
        25,
        SchemeErrorKind::CheckDigit,
    );
}

/// RFC 5538 section 2 says in prose what a URI holds unencoded; the
/// grammar percent-decodes a message identifier, a wildmat and a group to
/// match them with RFC 5322's and RFC 3977's rules. An article has an
/// `@`, newsgroups do not.
#[test]
fn rfc5538_2_identifiers_and_groups_are_read_decoded() {
    let read = |text: &str| {
        let parsed = uri(text);
        let news = scheme::News::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        (
            news.message_id().map(str::to_owned),
            news.newsgroups().map(str::to_owned),
        )
    };
    assert_eq!(
        read("news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D"),
        (
            Some("p0624081dc30b8699bf9b@[10.20.30.108]".to_owned()),
            None
        )
    );
    assert_eq!(read("news:a@b"), (Some("a@b".to_owned()), None));
    assert_eq!(
        read("news:comp.lang.c"),
        (None, Some("comp.lang.c".to_owned()))
    );
    // A bracket the URI cannot hold unencoded is refused as written.
    assert!(UriRef::parse("news:a@[10.20.30.108]").is_err());
}
