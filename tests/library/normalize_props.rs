//! Property tests: normalization is idempotent and keeps equivalence;
//! percent-encoding round-trips and always yields text the grammar accepts.

use std::borrow::Cow;

use peguri::grammar::parse_rule;
use peguri::pct::{EncodeSet, decode, decode_utf8, encode, normalize_triplets};
use peguri::{Normalizer, Uri, UriRef};
use proptest::prelude::*;

/// Path segments, with dot-segments (plain and encoded), case and
/// percent-encoding variants, empty segments and colons.
fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(".".to_owned()),
        Just("..".to_owned()),
        Just("%2E".to_owned()),
        Just("%2e%2E".to_owned()),
        Just(".%2e".to_owned()),
        "[a-zA-Z0-9._~-]{1,4}",
        "(%[0-9a-fA-F]{2}){1,2}",
        "[a-z]{0,2}[:@!$&'()*+,;=][a-z]{0,2}",
    ]
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9.-]{0,8}",
        "([a-zA-Z]|%[0-9a-fA-F]{2}){1,5}",
        "(25[0-5]|1[0-9]{2}|[1-9]?[0-9])(\\.(25[0-5]|1[0-9]{2}|[1-9]?[0-9])){3}",
        Just("[2001:0DB8::Ab:1]".to_owned()),
        Just("[::FFFF:1.2.3.4]".to_owned()),
        Just("[vF.Ab:C]".to_owned()),
        Just("127.0.0.%31".to_owned()),
    ]
}

fn authority() -> impl Strategy<Value = String> {
    (
        proptest::option::of("([a-zA-Z:]|%[0-9a-fA-F]{2}){0,4}"),
        host(),
        proptest::option::of(prop_oneof![Just(String::new()), "[0-9]{1,5}"]),
    )
        .prop_map(|(userinfo, host, port)| {
            let mut s = String::new();
            if let Some(u) = userinfo {
                s.push_str(&u);
                s.push('@');
            }
            s.push_str(&host);
            if let Some(p) = port {
                s.push(':');
                s.push_str(&p);
            }
            s
        })
}

fn query_text() -> impl Strategy<Value = String> {
    "([a-zA-Z0-9/?=&+]|%[0-9a-fA-F]{2}){0,6}"
}

/// URI references built from parts; the few combinations the grammar
/// rejects (a colon in the first segment of a relative path) are skipped.
fn uri_ref() -> impl Strategy<Value = String> {
    (
        proptest::option::of(prop_oneof![
            Just("http".to_owned()),
            Just("HTTPS".to_owned()),
            Just("Ftp".to_owned()),
            "[a-zA-Z][a-zA-Z0-9+.-]{0,4}",
        ]),
        proptest::option::of(authority()),
        any::<bool>(),
        proptest::collection::vec(segment(), 0..6),
        proptest::option::of(query_text()),
        proptest::option::of(query_text()),
    )
        .prop_map(|(scheme, authority, rooted, segments, query, fragment)| {
            let mut s = String::new();
            if let Some(scheme) = scheme {
                s.push_str(&scheme);
                s.push(':');
            }
            if let Some(a) = &authority {
                s.push_str("//");
                s.push_str(a);
            }
            if (rooted || authority.is_some()) && !segments.is_empty() {
                s.push('/');
            }
            s.push_str(&segments.join("/"));
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

fn component() -> impl Strategy<Value = EncodeSet> {
    prop_oneof![
        Just(EncodeSet::PathSegment),
        Just(EncodeSet::Query),
        Just(EncodeSet::Fragment),
        Just(EncodeSet::Userinfo),
        Just(EncodeSet::RegName),
    ]
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/normalize_props.txt"))]

    #[test]
    fn normalization_is_idempotent(input in uri_ref()) {
        let Ok(uri) = UriRef::parse(&input) else { return Ok(()) };
        let once = uri.normalize();
        let twice = once.normalize();
        prop_assert_eq!(twice.as_str(), once.as_str());
        let once = Normalizer::syntax().normalize(&uri);
        let twice = Normalizer::syntax().normalize(&once.borrow());
        prop_assert_eq!(twice.as_str(), once.as_str());
    }

    #[test]
    fn uri_is_equivalent_to_its_normal_form(input in uri_ref()) {
        let Ok(uri) = UriRef::parse(&input) else { return Ok(()) };
        let normal = uri.normalize();
        prop_assert!(uri.equivalent(&normal));
        let normal = Normalizer::syntax().normalize(&uri);
        prop_assert!(uri.equivalent(&normal));
    }

    #[test]
    fn normal_form_is_really_normalized(input in uri_ref()) {
        // The normal form was built, not returned unchanged as a fallback:
        // its scheme is lowercase and its triplets are uppercase.
        let Ok(uri) = UriRef::parse(&input) else { return Ok(()) };
        let normal = uri.normalize();
        let lower = uri.scheme().map(str::to_ascii_lowercase);
        prop_assert_eq!(normal.scheme(), lower.as_deref());
        prop_assert_eq!(normal.borrow().components_eq_kind(), uri.components_eq_kind());
        prop_assert_eq!(normalize_triplets(normal.as_str()).into_owned(), normal.as_str());
    }

    #[test]
    fn encode_then_decode_gives_the_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..32), c in component()) {
        let encoded = encode(&bytes, c);
        prop_assert_eq!(decode(&encoded).into_owned(), bytes);
    }

    #[test]
    fn decode_reads_every_triplet_and_keeps_the_rest(text in "([%4aAfFz2é]|%[0-9a-fA-F]{2}|%[0-9a-fA-F]){0,12}") {
        // Byte by byte: a `%` and two hex digits are one octet.
        let bytes = text.as_bytes();
        let hex = |b: u8| char::from(b).to_digit(16);
        let mut expected = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match (bytes[i], bytes.get(i + 1).and_then(|&b| hex(b)), bytes.get(i + 2).and_then(|&b| hex(b))) {
                (b'%', Some(hi), Some(lo)) => {
                    expected.push((hi * 16 + lo) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    expected.push(b);
                    i += 1;
                }
            }
        }
        let decoded = decode(&text);
        prop_assert_eq!(decoded.as_ref(), &expected[..]);
        prop_assert_eq!(decode_utf8(&text).ok().map(Cow::into_owned), String::from_utf8(expected).ok());
    }

    #[test]
    fn encode_then_decode_utf8_gives_the_text(text in "\\PC{0,16}", c in component()) {
        let encoded = encode(&text, c);
        prop_assert_eq!(decode_utf8(&encoded).unwrap().into_owned(), text);
    }

    #[test]
    fn encoded_text_is_accepted_by_the_component_rule(text in "\\PC{0,16}|[ -~]{0,16}", c in component()) {
        let encoded = encode(&text, c);
        prop_assert!(parse_rule(c.rule(), &encoded).is_ok(), "{:?} for {:?}", encoded, c);
    }

    #[test]
    fn normalize_triplets_keeps_the_decoded_octets(text in "([a-zA-Z0-9/:]|%[0-9a-fA-F]{2}){0,10}") {
        let normal = normalize_triplets(&text);
        prop_assert_eq!(decode(&normal).into_owned(), decode(&text).into_owned());
        prop_assert_eq!(normalize_triplets(&normal).into_owned(), normal.into_owned());
    }
}

/// Which components are present: normalization never adds or removes a
/// query, fragment, scheme or userinfo.
trait ComponentsKind {
    fn components_eq_kind(&self) -> (bool, bool, bool, bool, bool);
}

impl ComponentsKind for UriRef<'_> {
    fn components_eq_kind(&self) -> (bool, bool, bool, bool, bool) {
        let authority = self.authority();
        (
            self.scheme().is_some(),
            authority.is_some(),
            authority.and_then(|a| a.userinfo()).is_some(),
            self.query().is_some(),
            self.fragment().is_some(),
        )
    }
}

/// RFC 3986 section 5.2.4, written out again for the test's own resolver.
fn remove_dots(path: &str) -> String {
    let mut input = path.to_owned();
    let mut output = String::new();
    let pop = |output: &mut String| match output.rfind('/') {
        Some(i) => output.truncate(i),
        None => output.clear(),
    };
    while !input.is_empty() {
        if input.starts_with("../") {
            input.drain(..3);
        } else if input.starts_with("./") || input.starts_with("/./") {
            input.drain(..2);
        } else if input == "/." {
            input = "/".to_owned();
        } else if input.starts_with("/../") {
            input.drain(..3);
            pop(&mut output);
        } else if input == "/.." {
            input = "/".to_owned();
            pop(&mut output);
        } else if input == "." || input == ".." {
            input.clear();
        } else {
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input.drain(..end);
        }
    }
    output
}

/// RFC 3986 section 5.2.2 (strict) and 5.3, for the test: the target's
/// components, recomposed.
fn resolve(base: &UriRef<'_>, r: &UriRef<'_>) -> String {
    let auth = |u: &UriRef<'_>| u.authority().map(|a| a.as_str().to_owned());
    let (scheme, authority, path, query);
    if r.scheme().is_some() {
        (scheme, authority, path, query) = (r.scheme(), auth(r), remove_dots(r.path()), r.query());
    } else if r.authority().is_some() {
        (scheme, authority, path, query) =
            (base.scheme(), auth(r), remove_dots(r.path()), r.query());
    } else if r.path().is_empty() {
        let q = r.query().or(base.query());
        (scheme, authority, path, query) = (base.scheme(), auth(base), base.path().to_owned(), q);
    } else if r.path().starts_with('/') {
        (scheme, authority, path, query) =
            (base.scheme(), auth(base), remove_dots(r.path()), r.query());
    } else {
        let merged = if base.authority().is_some() && base.path().is_empty() {
            format!("/{}", r.path())
        } else {
            let dir = base.path().rfind('/').map_or("", |i| &base.path()[..=i]);
            format!("{dir}{}", r.path())
        };
        (scheme, authority, path, query) =
            (base.scheme(), auth(base), remove_dots(&merged), r.query());
    }
    let mut t = String::new();
    if let Some(s) = scheme {
        t.push_str(s);
        t.push(':');
    }
    let has_authority = authority.is_some();
    if let Some(a) = authority {
        t.push_str("//");
        t.push_str(&a);
    }
    if !has_authority && path.starts_with("//") {
        // 5.3 would write an authority here; "/." keeps it a path.
        t.push_str("/.");
    }
    t.push_str(&path);
    if let Some(q) = query {
        t.push('?');
        t.push_str(q);
    }
    if let Some(f) = r.fragment() {
        t.push('#');
        t.push_str(f);
    }
    t
}

/// Bases of every shape resolution treats differently: with an authority
/// (empty path, absolute path), and without (empty path, a rootless path
/// with and without `/`, an absolute path).
const BASES: [&str; 11] = [
    "http://a/b/c/d;p?q",
    "http://a",
    "http://a/",
    "s:/x/y/z",
    "foo://h/%7Ea/b/?k",
    "s:",
    "mailto:joe",
    "s:a/b",
    "s:a/b/",
    "s:?q",
    "s:/",
];

/// A base URI: a scheme, with or without an authority, and an empty,
/// rootless or absolute path (a rootless path only without an authority).
fn base() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        0..3u8,
        proptest::collection::vec("[a-z]{1,2}|\\.\\.?|", 0..4),
        proptest::option::of("[a-z]{0,2}"),
    )
        .prop_map(|(authority, shape, segments, query)| {
            let mut s = String::from("s:");
            if authority {
                s.push_str("//h");
            }
            let path = segments.join("/");
            match shape {
                // Empty.
                0 => {}
                // Rootless (needs a first segment, and no authority).
                1 if !authority && !path.is_empty() && !path.starts_with('/') => s.push_str(&path),
                _ => {
                    s.push('/');
                    s.push_str(&path);
                }
            }
            if s.starts_with("s://") && !authority {
                // "s:" + "//x" would read x as an authority.
                s.insert_str(2, "/.");
            }
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            s
        })
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/normalize_props.txt"))]

    /// A relative reference and its normal form resolve to equivalent URIs
    /// against every base: normalization keeps a reference's meaning.
    /// The reference is compared with its encoded dots decoded: strict 5.2
    /// resolution does not see `%2E` as a dot-segment, while 6.2.2.2 makes
    /// `%2E` and `.` the same character (the choice is documented on
    /// `normalize`).
    #[test]
    fn relative_reference_keeps_its_meaning(input in uri_ref()) {
        let Ok(r) = UriRef::parse(&input) else { return Ok(()) };
        prop_assume!(r.is_relative());
        let normal = Normalizer::syntax().normalize(&r);
        let decoded = Normalizer::none().percent_encoding(true).normalize(&r);
        for base in BASES {
            let base = UriRef::parse(base).unwrap();
            let t1 = resolve(&base, &decoded.borrow());
            let t2 = resolve(&base, &normal.borrow());
            let n1 = Normalizer::syntax().normalize(&UriRef::parse(&t1).unwrap());
            let n2 = Normalizer::syntax().normalize(&UriRef::parse(&t2).unwrap());
            prop_assert_eq!(n1.as_str(), n2.as_str(), "{} and its normal form {} against {}", input, normal.as_str(), base.as_str());
        }
    }

    /// A normalized relative reference resolves to an equivalent
    /// URI against every base, with and without authority, with empty,
    /// rootless and absolute paths; resolved by peguri's own resolver and
    /// by the test's transcription of RFC 3986 section 5.2.
    #[test]
    fn normalized_relative_reference_resolves_the_same_against_every_base(
        input in uri_ref(),
        base_text in base(),
    ) {
        let Ok(r) = UriRef::parse(&input) else { return Ok(()) };
        prop_assume!(r.is_relative());
        let Ok(base) = UriRef::parse(&base_text) else { return Ok(()) };
        let Ok(base_uri) = Uri::try_from(base) else { return Ok(()) };
        for normalizer in [Normalizer::syntax(), Normalizer::new()] {
            let normal = normalizer.normalize(&r);
            let decoded = Normalizer::none().percent_encoding(true).normalize(&r);
            let ours = |r: &UriRef<'_>| {
                r.resolve_against(&base_uri).normalize().into_string()
            };
            let theirs = |r: &UriRef<'_>| {
                UriRef::parse(&resolve(&base, r)).unwrap().normalize().into_string()
            };
            let expected = ours(&decoded.borrow());
            prop_assert_eq!(&ours(&normal.borrow()), &expected, "{} and its normal form {} against {}", input, normal.as_str(), base_text);
            prop_assert_eq!(&theirs(&normal.borrow()), &expected, "{} (test resolver) against {}", input, base_text);
            // The normal form is normal.
            prop_assert_eq!(normalizer.normalize(&normal.borrow()), normal.clone());
        }
    }
}
