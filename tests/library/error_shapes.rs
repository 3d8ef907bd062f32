//! Every public error has one shape: a struct whose `kind()` is a
//! `#[non_exhaustive]`, `Copy`, `Eq` enum with a stable snake_case name
//! (what it serializes to), a `Display` without final punctuation, and a
//! `source()` when another error caused it.

use std::error::Error;
use std::fmt::Debug;
use std::hash::Hash;

use peguri::error::{
    BuildErrorKind, DecodeErrorKind, FilePathErrorKind, ResolveErrorKind, SocketAddrErrorKind,
};
use peguri::{ParseErrorKind, Uri, UriBuf, UriBuilder, UriRef};

/// What every kind enum is.
fn is_a_kind<K: Copy + Eq + Hash + Debug + serde::Serialize>(kind: K, name: &str) {
    let json = serde_json::to_string(&kind).unwrap();
    assert_eq!(json, format!("{name:?}"), "{kind:?} serializes as its name");
    assert!(
        name.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
        "{name} is snake_case"
    );
}

/// What every error is: a message of its own without final punctuation.
#[track_caller]
fn is_an_error(error: &(dyn Error + 'static)) {
    let shown = error.to_string();
    let last_line = shown.lines().next().unwrap_or_default();
    assert!(!last_line.is_empty(), "{error:?} says something");
    assert!(
        !last_line.ends_with(['.', ',', ';', ':', ' ', '!']),
        "{shown:?} ends without punctuation"
    );
    if let Some(source) = error.source() {
        assert!(
            !shown.contains(&source.to_string()),
            "{shown:?} does not repeat its source {source}"
        );
    }
}

#[test]
fn parse_errors() {
    let err = UriRef::parse("http://h/a b").unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), err.kind().as_str());
    for kind in ParseErrorKind::ALL {
        is_a_kind(kind, kind.as_str());
    }
}

#[test]
fn build_and_resolve_errors() {
    let err = UriBuilder::new().path("/a b").build().unwrap_err();
    is_an_error(&err);
    assert_eq!(err.kind().as_str(), "invalid_char");
    is_a_kind(err.kind(), err.kind().as_str());
    is_a_kind(BuildErrorKind::NoScheme, "no_scheme");

    let base = Uri::parse("http://h/s").unwrap();
    let err = base
        .make_relative(&Uri::parse("http://h/a/../b").unwrap())
        .unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "unreachable_target");
    assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget);
}

#[test]
fn file_path_socket_and_decode_errors() {
    let err = Uri::parse("http://h/").unwrap().to_file_path().unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "not_file_scheme");
    is_a_kind(
        FilePathErrorKind::ParentSegment { offset: 3 },
        "parent_segment",
    );

    let err = UriRef::parse("http://example.com/")
        .unwrap()
        .socket_addr()
        .unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "not_an_ip_address");
    is_a_kind(SocketAddrErrorKind::ZoneNotNumeric, "zone_not_numeric");

    let err = peguri::pct::decode_utf8("%FF").unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "not_utf8");
    assert_eq!(err.kind(), DecodeErrorKind::NotUtf8);

    let mut uri = UriBuf::parse("s:p").unwrap();
    let err = uri.set_port(Some(1)).unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "no_host");
}

#[cfg(feature = "idna")]
#[test]
fn idna_errors() {
    let err = peguri::IriRef::parse("http://a_b.ü/")
        .unwrap()
        .to_uri_idna()
        .unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "std3_character");
}

#[cfg(feature = "psl")]
#[test]
fn public_suffix_list_errors() {
    let err = peguri::PublicSuffixList::parse("com\n").unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "no_section");
}

#[cfg(all(feature = "http", feature = "url"))]
#[test]
fn conversion_errors_are_one_type_both_ways() {
    use peguri::error::{ConversionError, ConversionErrorKind};

    let http: http::Uri = "http://h/{x}".parse().unwrap();
    let from_http: ConversionError = peguri::UriRefBuf::from_http_uri(&http).unwrap_err();
    let url = url::Url::parse("http://h/a|b").unwrap();
    let from_url: ConversionError = UriBuf::from_url(&url).unwrap_err();
    for err in [&from_http, &from_url] {
        is_an_error(err);
        assert_eq!(err.kind(), ConversionErrorKind::NotRfc3986);
        assert!(err.source().is_some(), "{err:?} names its cause");
    }
    is_a_kind(from_http.kind(), "not_rfc3986");
    let to_url = UriRef::parse("a").unwrap().to_url().unwrap_err();
    is_an_error(&to_url);
    is_a_kind(to_url.kind(), "relative_reference");
    let to_http = UriRef::parse("file:///a")
        .unwrap()
        .to_http_uri()
        .unwrap_err();
    is_an_error(&to_http);
    is_a_kind(to_http.kind(), "refused");
}

#[cfg(feature = "template")]
#[test]
fn template_errors() {
    let err = peguri::template::UriTemplate::parse("{a b}").unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "invalid_expression");
}

#[cfg(feature = "schemes")]
#[test]
fn scheme_errors() {
    let uri = UriRef::parse("geo:91,0").unwrap();
    let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
    is_an_error(&err);
    is_a_kind(err.kind(), "out_of_range");
}
