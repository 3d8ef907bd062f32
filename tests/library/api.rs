//! The ecosystem's conventions: FromStr, TryFrom, AsRef, Display, Eq/Hash/Ord
//! on the string, owned and borrowed forms, serde.

use crate::common;

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashSet};
use std::hash::{Hash, Hasher};

use peguri::reference::Segments;
use peguri::{Authority, Host, ParseError, Uri, UriBuf, UriRef, UriRefBuf};

fn hash_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

#[test]
fn types_are_send_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<UriRef<'static>>();
    assert_send_sync::<Uri<'static>>();
    assert_send_sync::<UriRefBuf>();
    assert_send_sync::<UriBuf>();
    assert_send_sync::<Authority<'static>>();
    assert_send_sync::<Host<'static>>();
    assert_send_sync::<Segments<'static>>();
    assert_send_sync::<ParseError>();
}

#[test]
fn from_str_and_try_from() {
    let owned: UriRefBuf = "a/b".parse().unwrap();
    assert_eq!(owned.path(), "a/b");
    let uri: UriBuf = "s:x".parse().unwrap();
    assert_eq!(uri.scheme(), "s");
    assert!("x".parse::<UriBuf>().is_err());
    assert!(UriRef::try_from("a b").is_err());
    assert!(Uri::try_from("s:x").is_ok());
    assert!(UriRefBuf::try_from(String::from("?q")).is_ok());
    assert!(UriBuf::try_from("rel").is_err());
    let as_ref: &str = owned.as_ref();
    assert_eq!(as_ref, "a/b");
}

#[test]
fn equality_hash_and_order_follow_the_string() {
    let a = UriRef::parse("http://h/a").unwrap();
    let b = UriRef::parse("http://h/a").unwrap();
    let upper = UriRef::parse("HTTP://h/a").unwrap();
    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    assert_eq!(hash_of(&a), hash_of("http://h/a"));
    // Simple string comparison (RFC 3986 6.2.1): no normalization here.
    assert_ne!(a, upper);
    assert_eq!(a, "http://h/a");
    let owned = a.to_owned();
    assert_eq!(hash_of(&owned), hash_of(&a));
    let set: HashSet<UriRefBuf> = ["b", "a", "b"].iter().map(|s| s.parse().unwrap()).collect();
    assert_eq!(set.len(), 2);
    let sorted: BTreeSet<UriRefBuf> = ["b", "a", "c"].iter().map(|s| s.parse().unwrap()).collect();
    let order: Vec<&str> = sorted.iter().map(|u| u.as_str()).collect();
    assert_eq!(order, ["a", "b", "c"]);
}

#[test]
fn owned_and_borrowed_convert_cheaply() {
    let text = String::from("http://u@h:1/p?q#f");
    let borrowed = UriRef::parse(&text).unwrap();
    let owned: UriRefBuf = borrowed.into();
    assert_eq!(owned.borrow(), borrowed);
    assert_eq!(owned.authority().unwrap().port(), Some("1"));
    let uri: UriBuf = UriBuf::try_from(owned.clone()).unwrap();
    assert_eq!(uri.borrow().scheme(), "http");
    let back: UriRefBuf = uri.into();
    assert_eq!(back, owned);
    let relative = UriRefBuf::parse("rel").unwrap();
    assert!(UriBuf::try_from(relative).is_err());
    let string: String = back.into();
    assert_eq!(string, text);
}

#[test]
fn uri_and_uri_ref_interconvert() {
    let uri = Uri::parse("s:p").unwrap();
    let r: UriRef<'_> = uri.into();
    assert_eq!(Uri::try_from(r).unwrap(), uri);
    let rel = UriRef::parse("p").unwrap();
    assert_eq!(Uri::try_from(rel).unwrap_err(), rel);
}

#[test]
fn debug_shows_components() {
    let uri = UriRef::parse("s://h/p").unwrap();
    let debug = format!("{uri:?}");
    assert!(debug.contains("scheme: Some(\"s\")"), "{debug}");
    assert!(debug.contains("path: \"/p\""), "{debug}");
}

#[test]
fn serde_round_trip_and_validation() {
    let owned: UriRefBuf = serde_json::from_str(r#""http://h/p?q""#).unwrap();
    assert_eq!(owned.query(), Some("q"));
    assert_eq!(serde_json::to_string(&owned).unwrap(), r#""http://h/p?q""#);
    let err = serde_json::from_str::<UriRefBuf>(r#""a b""#).unwrap_err();
    assert!(err.to_string().contains("invalid character ' '"), "{err}");
    assert!(serde_json::from_str::<UriBuf>(r#""relative""#).is_err());
    let json = String::from(r#""s:x""#);
    let borrowed: UriRef<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(borrowed.scheme(), Some("s"));
    let uri: Uri<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&uri).unwrap(), json);
}

/// `Components::write_json` writes URI text without escaping: no character
/// the grammar admits anywhere in a URI reference needs it.
#[test]
fn no_uri_character_needs_json_escaping() {
    let templates = [
        "{c}",
        "a:{c}",
        "?{c}",
        "#{c}",
        "/{c}",
        "//{c}",
        "//{c}@h",
        "//h:{c}",
        "//[v1.{c}]",
        "a{c}:b",
    ];
    let mut admitted = 0;
    for byte in 0u8..128 {
        let c = char::from(byte);
        for template in templates {
            let text = template.replace("{c}", &c.to_string());
            if UriRef::parse(&text).is_ok() {
                admitted += 1;
                assert!(
                    c != '"' && c != '\\' && !c.is_control(),
                    "{c:?} is admitted in {text:?} and would need escaping"
                );
            }
        }
    }
    assert!(
        admitted > 80 * 3,
        "the templates admit characters ({admitted})"
    );
}

#[test]
fn write_json_equals_serde_json() {
    let mut inputs: Vec<String> = [
        "http://user@[::1]:8080/p?#f",
        "a",
        "//[v7.x:y]",
        "mailto:John.Doe@example.com",
        "",
        "?%41",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if let Some(path) = common::shared_file("corpus/userbait.txt") {
        inputs.extend(
            std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .map(str::to_owned),
        );
    }
    for input in &inputs {
        let Ok(uri) = UriRef::parse(input) else {
            continue;
        };
        let mut fast = Vec::new();
        uri.components().write_json(&mut fast).unwrap();
        let serde = serde_json::to_vec(&uri.components()).unwrap();
        assert_eq!(
            String::from_utf8(fast).unwrap(),
            String::from_utf8(serde).unwrap()
        );
    }
}

#[test]
fn components_view_matches_the_json_contract() {
    let uri = UriRef::parse("http://user@[::1]:8080/p?#f").unwrap();
    let value = serde_json::to_value(uri.components()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "input": "http://user@[::1]:8080/p?#f",
            "valid": true,
            "rule": "URI",
            "scheme": "http",
            "authority": {"userinfo": "user", "host": "[::1]", "host_kind": "ipv6", "port": "8080"},
            "path": "/p",
            "query": "",
            "fragment": "f"
        })
    );
    let rel = serde_json::to_value(UriRef::parse("a").unwrap().components()).unwrap();
    assert_eq!(rel["rule"], "relative-ref");
    assert_eq!(rel["scheme"], serde_json::Value::Null);
    assert_eq!(rel["authority"], serde_json::Value::Null);
    let invalid = serde_json::to_value(peguri::report::Report::parse("a b")).unwrap();
    assert_eq!(
        invalid,
        serde_json::json!({
            "input": "a b",
            "valid": false,
            "error": {
                "offset": 1,
                "column": 2,
                "expected": ["path character", "'/'", "'?'", "'#'", "end of input"],
                "message": "invalid character ' ' in path",
                "kind": "invalid_char",
                "component": "path"
            }
        })
    );
}

/// `==` across `UriRef`, `UriRefBuf`, `Uri`, `UriBuf`, `str` and
/// `String`, and `Borrow<str>` where the hash agrees, so that
/// `HashMap<UriBuf, _>::get("...")` works.
#[test]
// Both `a == b` and `b == a` are asserted: they are two different impls.
#[allow(clippy::nonminimal_bool)]
fn equality_across_uri_types_and_strings() {
    use std::collections::HashMap;
    let text = "http://h/p?q";
    let r = UriRef::parse(text).unwrap();
    let u = Uri::parse(text).unwrap();
    let rb = UriRefBuf::parse(text).unwrap();
    let ub = UriBuf::parse(text).unwrap();
    let s = String::from(text);
    assert!(r == u && u == r && r == rb && rb == r && r == ub && ub == r);
    assert!(u == rb && rb == u && u == ub && ub == u && rb == ub && ub == rb);
    assert!(r == s && s == r && u == s && s == u && rb == s && s == rb && ub == s && s == ub);
    assert!(text == r && text == u && text == rb && text == ub);
    assert!(*text == r && *text == ub);
    assert!(r != UriRef::parse("http://h/p").unwrap());
    let mut map: HashMap<UriBuf, u32> = HashMap::new();
    map.insert(ub.clone(), 7);
    assert_eq!(map.get(text), Some(&7));
    assert_eq!(map.get("http://h/"), None);
    let set: HashSet<UriRefBuf> = [rb.clone()].into_iter().collect();
    assert!(set.contains(text));
    let borrowed: HashSet<UriRef<'_>> = [r].into_iter().collect();
    assert!(borrowed.contains(text));
    for hash in [hash_of(&u), hash_of(&rb), hash_of(&ub)] {
        assert_eq!(hash, hash_of(text));
    }
    let iri = peguri::IriRef::parse("ä").unwrap();
    let mut iris: HashMap<peguri::IriRefBuf, ()> = HashMap::new();
    iris.insert(iri.to_owned(), ());
    assert!(iris.contains_key("ä") && iri == iri.to_owned() && "ä" == iri);
}

/// Decoded views of segments, host and query values.
#[test]
fn decoded_views_of_segments_host_and_query() {
    use std::borrow::Cow;
    let uri = UriRef::parse("http://b%C3%BCcher.example/a%20b/c%2Fd/%FF?k%20=v%26w&x#f").unwrap();
    let segments: Vec<Cow<'_, str>> = uri.segments().decoded().collect();
    assert_eq!(segments, ["a b", "c/d", "\u{FFFD}"]);
    assert!(matches!(
        UriRef::parse("/plain").unwrap().segments().decoded().next(),
        Some(Cow::Borrowed("plain"))
    ));
    assert_eq!(uri.authority().unwrap().host().decoded(), "bücher.example");
    let pairs: Vec<(String, Option<String>)> = uri
        .query_pairs()
        .raw()
        .map(|p| (p.key().into_owned(), p.value().map(Cow::into_owned)))
        .collect();
    assert_eq!(
        pairs,
        [
            ("k ".to_owned(), Some("v&w".to_owned())),
            ("x".to_owned(), None)
        ]
    );
    let owned = uri.to_owned();
    assert_eq!(owned.query_pairs().count(), 2);
    assert_eq!(owned.segments().decoded().count(), 3);
}

/// A helper that makes a safe relative reference from a path:
/// `./` is added when the first segment holds `:`.
#[test]
fn safe_relative_reference_from_a_path() {
    for (path, reference) in [
        ("a:b", "./a:b"),
        ("a:b/c:d", "./a:b/c:d"),
        ("c/a:b", "c/a:b"),
        ("/a:b", "/a:b"),
        ("//x/y", "/.//x/y"),
        ("", ""),
        ("%41:", "./%41:"),
    ] {
        let r = UriRefBuf::from_path(path).unwrap();
        assert_eq!(r, reference, "{path}");
        assert!(r.is_relative() && r.authority().is_none());
        // It resolves to the path it was made from (dot segments aside).
        let base = Uri::parse("s://h/d/").unwrap();
        let resolved = r.resolve_against(&base);
        if !path.starts_with('/') && !path.is_empty() {
            assert_eq!(resolved, format!("s://h/d/{path}"), "{path}");
        }
    }
    for bad in ["a b", "a?b", "a#b", "%zz"] {
        assert!(UriRefBuf::from_path(bad).is_err(), "{bad}");
    }
}

/// A deserializer adds where the string is in its document; the parse
/// error comes as one line before it, without the caret display.
#[test]
fn serde_errors_are_one_line() {
    let err = serde_json::from_str::<UriRefBuf>(r#"  "http://h/a b""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid URI-reference: invalid character ' ' in path at byte 10 of the string at line 1 \
         column 16"
    );
    let err = serde_json::from_str::<Uri<'_>>(r#""a b""#).unwrap_err();
    assert!(!err.to_string().contains('\n'), "{err}");
}
