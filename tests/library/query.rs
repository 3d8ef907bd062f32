//! Query key/value pairs and the query builder.

use std::borrow::Cow;

use peguri::UriRef;
use peguri::query::{QueryBuilder, QueryPairs, Separator};

fn pairs(query: &str, separator: Separator, plus: bool) -> Vec<(String, Option<String>)> {
    QueryPairs::new(query)
        .separator(separator)
        .plus_as_space(plus)
        .raw()
        .map(|p| (p.key().into_owned(), p.value().map(|v| v.into_owned())))
        .collect()
}

/// The pairs as tuples, as `url`'s `query_pairs` gives them: decoded, a
/// missing value `""`, `+` kept unless asked, the same pairs as `raw`.
#[test]
fn decoded_pairs_are_tuples_with_an_empty_missing_value() {
    let uri = UriRef::parse("http://h/?a=1&flag&c=x+y%2Bz&&d=").unwrap();
    let mut tuples = Vec::new();
    for (key, value) in uri.query_pairs() {
        tuples.push((key.into_owned(), value.into_owned()));
    }
    assert_eq!(
        tuples,
        [
            ("a".to_owned(), "1".to_owned()),
            ("flag".to_owned(), String::new()),
            ("c".to_owned(), "x+y+z".to_owned()),
            ("d".to_owned(), String::new()),
        ]
    );
    let spaced: Vec<_> = uri
        .query_pairs()
        .plus_as_space(true)
        .map(|(_, v)| v)
        .collect();
    assert_eq!(spaced[2], "x y+z");
    // The same pairs, as written, in the same order.
    assert_eq!(uri.query_pairs().count(), uri.query_pairs().raw().count());
    let raw: Vec<_> = uri.query_pairs().raw().map(|p| p.raw_value()).collect();
    assert_eq!(raw, [Some("1"), None, Some("x+y%2Bz"), Some("")]);
    // Nothing to decode: the text is borrowed.
    let (key, value) = uri.query_pairs().next().unwrap();
    assert!(matches!(
        (key, value),
        (Cow::Borrowed("a"), Cow::Borrowed("1"))
    ));
}

fn kv(k: &str, v: Option<&str>) -> (String, Option<String>) {
    (k.to_owned(), v.map(str::to_owned))
}

#[test]
fn ampersand_is_the_default_separator() {
    assert_eq!(
        pairs("a=1&b=2;c=3", Separator::Ampersand, false),
        [kv("a", Some("1")), kv("b", Some("2;c=3"))]
    );
}

#[test]
fn semicolon_separator() {
    assert_eq!(
        pairs("a=1;b=2&c=3", Separator::Semicolon, false),
        [kv("a", Some("1")), kv("b", Some("2&c=3"))]
    );
}

#[test]
fn both_separators() {
    assert_eq!(
        pairs("a=1;b=2&c=3", Separator::Both, false),
        [kv("a", Some("1")), kv("b", Some("2")), kv("c", Some("3"))]
    );
}

#[test]
fn missing_value_empty_value_and_empty_pieces() {
    assert_eq!(
        pairs("&a&&b=&=c&", Separator::Ampersand, false),
        [kv("a", None), kv("b", Some("")), kv("", Some("c"))]
    );
    assert!(pairs("", Separator::Both, false).is_empty());
}

#[test]
fn value_keeps_later_equals_signs() {
    assert_eq!(
        pairs("k=a=b", Separator::Ampersand, false),
        [kv("k", Some("a=b"))]
    );
}

#[test]
fn raw_and_decoded() {
    let p = QueryPairs::new("na%6De=a%20b%2Bc").raw().next().unwrap();
    assert_eq!(p.raw_key(), "na%6De");
    assert_eq!(p.raw_value(), Some("a%20b%2Bc"));
    assert_eq!(p.key(), "name");
    assert_eq!(p.value().as_deref(), Some("a b+c"));
}

#[test]
fn plus_as_space_is_an_option() {
    assert_eq!(
        pairs("q=a+b%2B", Separator::Ampersand, false),
        [kv("q", Some("a+b+"))]
    );
    assert_eq!(
        pairs("q=a+b%2B", Separator::Ampersand, true),
        [kv("q", Some("a b+"))]
    );
}

#[test]
fn invalid_utf8_is_replaced_in_text_and_kept_in_bytes() {
    let p = QueryPairs::new("k=%FF").raw().next().unwrap();
    assert_eq!(p.value().as_deref(), Some("\u{FFFD}"));
    assert_eq!(p.value_bytes().as_deref(), Some(&[0xFF][..]));
}

#[test]
fn pairs_of_a_parsed_uri() {
    let uri = UriRef::parse("http://h/p?x=1&y=%C3%A9#f&z=3").unwrap();
    let got = pairs(uri.query().unwrap(), Separator::Ampersand, false);
    assert_eq!(got, [kv("x", Some("1")), kv("y", Some("é"))]);
}

#[test]
fn builder_encodes_pair_delimiters_and_invalid_characters() {
    let mut q = QueryBuilder::new();
    q.append_pair("a&b", "c=d;e+f#g h");
    assert_eq!(q.as_str(), "a%26b=c%3Dd%3Be%2Bf%23g%20h");
}

#[test]
fn builder_keeps_query_characters_literal() {
    let mut q = QueryBuilder::new();
    q.append_pair("path", "/a/b?c:d@e!$'()*,");
    assert_eq!(q.as_str(), "path=/a/b?c:d@e!$'()*,");
}

#[test]
fn builder_separators_and_space_as_plus() {
    let mut q = QueryBuilder::new()
        .separator(Separator::Semicolon)
        .space_as_plus(true);
    q.append_pair("a", "x y")
        .append_key("flag")
        .append_pair("b", "+");
    assert_eq!(q.as_str(), "a=x+y;flag;b=%2B");
    assert_eq!(
        pairs(q.as_str(), Separator::Semicolon, true),
        [kv("a", Some("x y")), kv("flag", None), kv("b", Some("+"))]
    );
}

#[test]
fn built_query_round_trips_and_parses() {
    let input = [
        ("ключ", "значение & more"),
        ("a=b", "1+1=2"),
        ("", "empty key"),
        ("x", ""),
    ];
    for (plus, sep) in [
        (false, Separator::Ampersand),
        (true, Separator::Semicolon),
        (false, Separator::Both),
    ] {
        let mut q = QueryBuilder::new().separator(sep).space_as_plus(plus);
        for (k, v) in input {
            q.append_pair(k, v);
        }
        let uri = format!("http://h/?{}", q.as_str());
        let parsed = UriRef::parse(&uri).unwrap();
        let back = pairs(parsed.query().unwrap(), sep, plus);
        let want: Vec<_> = input.iter().map(|(k, v)| kv(k, Some(v))).collect();
        assert_eq!(back, want);
    }
}
