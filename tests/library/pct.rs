//! Percent-encoding (RFC 3986 sections 2.1 to 2.4).

use std::borrow::Cow;

use peguri::grammar::parse_rule;
use peguri::pct::{self, EncodeSet, decode, decode_utf8, encode, normalize_triplets, validate};

const COMPONENTS: [EncodeSet; 5] = [
    EncodeSet::PathSegment,
    EncodeSet::Query,
    EncodeSet::Fragment,
    EncodeSet::Userinfo,
    EncodeSet::RegName,
];

#[test]
fn unreserved_never_encoded() {
    let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
    for c in COMPONENTS {
        assert!(matches!(encode(unreserved, c), Cow::Borrowed(_)), "{c:?}");
    }
}

#[test]
fn percent_sign_always_encoded() {
    for c in COMPONENTS {
        assert_eq!(encode("%", c), "%25", "{c:?}");
    }
}

#[test]
fn component_specific_sets_follow_the_grammar() {
    // 3.3: a segment keeps ":" and "@" and sub-delims, not "/" or "?".
    assert_eq!(
        encode(":@!$&'()*+,;=/?#", EncodeSet::PathSegment),
        ":@!$&'()*+,;=%2F%3F%23"
    );
    // 3.4: a query keeps "/" and "?", not "#".
    assert_eq!(encode("/?#", EncodeSet::Query), "/?%23");
    assert_eq!(encode("/?#", EncodeSet::Fragment), "/?%23");
    // 3.2.1: userinfo keeps ":" but not "@".
    assert_eq!(encode("a:b@c", EncodeSet::Userinfo), "a:b%40c");
    // 3.2.2: a reg-name keeps neither ":" nor "@".
    assert_eq!(encode("a:b@c", EncodeSet::RegName), "a%3Ab%40c");
    // Brackets are gen-delims allowed nowhere here.
    for c in COMPONENTS {
        assert_eq!(encode("[]", c), "%5B%5D", "{c:?}");
    }
}

#[test]
fn encoding_uses_uppercase_hex_and_utf8() {
    assert_eq!(encode("é ", EncodeSet::PathSegment), "%C3%A9%20");
    assert_eq!(
        encode(&[0x00u8, 0x7F, 0xFF][..], EncodeSet::Query),
        "%00%7F%FF"
    );
}

#[test]
fn every_ascii_byte_is_encoded_as_its_component_rule_says() {
    for c in COMPONENTS {
        for b in 0u8..128 {
            let one = char::from(b).to_string();
            let literal = parse_rule(c.rule(), &one).is_ok();
            let encoded = encode(&one, c);
            assert_eq!(encoded == one, literal, "{c:?} byte {b:#04x}");
        }
    }
}

#[test]
fn decode_borrows_when_nothing_to_decode() {
    assert!(matches!(decode("abc"), Cow::Borrowed(b"abc")));
    assert!(matches!(decode_utf8("abc"), Ok(Cow::Borrowed("abc"))));
}

#[test]
fn decode_gives_octets() {
    assert_eq!(decode("%41%2f%C3%a9"), "A/é".as_bytes());
    assert_eq!(decode("%ff%00"), &[0xFF, 0x00][..]);
}

#[test]
fn decode_keeps_malformed_percent() {
    assert_eq!(decode("%"), "%".as_bytes());
    assert_eq!(decode("%4"), "%4".as_bytes());
    assert_eq!(decode("%zz%41"), "%zzA".as_bytes());
}

#[test]
fn decode_utf8_reports_invalid_utf8_with_its_offset() {
    let err = decode_utf8("ok%C3%28").unwrap_err();
    assert_eq!(err.offset(), 2);
    assert_eq!(
        err.to_string(),
        "percent-decoded text is not UTF-8: invalid octet at byte 2 of the input"
    );
    let err = decode_utf8("a%E2%82").unwrap_err();
    assert_eq!(err.offset(), 1);
}

#[test]
fn decode_error_is_send_sync_error() {
    fn assert_traits<T: std::error::Error + Send + Sync + 'static>() {}
    assert_traits::<peguri::error::DecodeError>();
}

#[test]
fn validate_accepts_and_rejects_with_the_grammar() {
    assert!(validate("a%20b:c@d", EncodeSet::PathSegment).is_ok());
    assert!(validate("", EncodeSet::RegName).is_ok());
    let err = validate("ab/c", EncodeSet::PathSegment).unwrap_err();
    assert_eq!(err.offset(), 2);
    let err = validate("a%g1", EncodeSet::Fragment).unwrap_err();
    assert_eq!(err.offset(), 2);
    assert_eq!(err.message(), "expected a hex digit after '%'");
    assert!(validate("a:b", EncodeSet::RegName).is_err());
    assert!(validate("a:b", EncodeSet::Userinfo).is_ok());
}

#[test]
fn normalize_triplets_uppercases_and_decodes_unreserved_only() {
    assert_eq!(normalize_triplets("%7e%2f%41%3a%c3%a9"), "~%2FA%3A%C3%A9");
    // Reserved characters stay encoded (2.2): %2F is not "/".
    assert_eq!(normalize_triplets("%2F"), "%2F");
    assert!(matches!(normalize_triplets("a%2Fb"), Cow::Borrowed(_)));
}

#[test]
fn is_unreserved_matches_the_grammar() {
    for b in 0u8..=255 {
        let grammar = b < 128 && parse_rule("unreserved", &char::from(b).to_string()).is_ok();
        assert_eq!(pct::is_unreserved(b), grammar, "byte {b:#04x}");
    }
}
