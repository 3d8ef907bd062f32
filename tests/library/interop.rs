//! Interop: where RFC 3986, the `http` crate and the WHATWG URL standard
//! (`url` crate) disagree, the conversions between the types (features
//! `http` and `url`), and socket addresses from authorities.

use std::net::SocketAddr;

use peguri::UriRef;
use peguri::error::{SocketAddrError, SocketAddrErrorKind};

/// What each standard makes of a text: `None` when it refuses it,
/// otherwise its serialization.
struct Readings {
    rfc3986: bool,
    http: Option<String>,
    url: Option<String>,
}

fn readings(text: &str) -> Readings {
    Readings {
        rfc3986: UriRef::parse(text).is_ok(),
        http: text.parse::<http::Uri>().ok().map(|u| u.to_string()),
        url: url::Url::parse(text).ok().map(String::from),
    }
}

/// docs/interop.md's table, row by row: `(text, RFC 3986 accepts,
/// http's reading, url's reading)`.
#[test]
fn where_the_standards_disagree() {
    let rows: &[(&str, bool, Option<&str>, Option<&str>)] = &[
        // http drops the fragment; url keeps it.
        (
            "http://h/p#f",
            true,
            Some("http://h/p"),
            Some("http://h/p#f"),
        ),
        // An empty path after an authority: "/" for both peers.
        ("http://h", true, Some("http://h/"), Some("http://h/")),
        // Relative references: only RFC 3986 has them on their own.
        ("a/b", true, None, None),
        ("?q", true, None, None),
        ("#f", true, None, None),
        ("", true, None, None),
        // A network-path reference is an origin-form path for http.
        ("//h/p", true, Some("//h/p"), None),
        // A scheme and a path: http reads the authority-form.
        ("mailto:a@b", true, Some("mailto:a@b"), Some("mailto:a@b")),
        ("h:80", true, Some("h:80"), Some("h:80")),
        ("urn:a:b", true, None, Some("urn:a:b")),
        ("file:///a", true, None, Some("file:///a")),
        // Hosts and ports RFC 3986 allows and WHATWG refuses.
        ("http://[v1.x]/", true, Some("http://[v1.x]/"), None),
        ("http://h:99999/", true, Some("http://h:99999/"), None),
        ("http://1.2.3.256/", true, Some("http://1.2.3.256/"), None),
        ("http:", true, Some("http:"), None),
        ("http://", true, None, None),
        // Characters RFC 3986 refuses and the peers accept.
        (
            "http://h/{a}",
            false,
            Some("http://h/{a}"),
            Some("http://h/%7Ba%7D"),
        ),
        (
            "http://h/a|b",
            false,
            Some("http://h/a|b"),
            Some("http://h/a|b"),
        ),
        (
            "http://h/a^b",
            false,
            Some("http://h/a^b"),
            Some("http://h/a^b"),
        ),
        (
            "http://h/%zz",
            false,
            Some("http://h/%zz"),
            Some("http://h/%zz"),
        ),
        (
            "http://h/p?a[]=1",
            false,
            Some("http://h/p?a[]=1"),
            Some("http://h/p?a[]=1"),
        ),
        (
            "http://h/é",
            false,
            Some("http://h/é"),
            Some("http://h/%C3%A9"),
        ),
        ("http://h/a b", false, None, Some("http://h/a%20b")),
        ("http://h/a`b", false, None, Some("http://h/a%60b")),
        (
            "http://h/a\\b",
            false,
            Some("http://h/a\\b"),
            Some("http://h/a/b"),
        ),
        // Case: kept, partly lowered, lowered.
        ("HTTP://H/", true, Some("http://H/"), Some("http://h/")),
    ];
    for &(text, rfc3986, http, url) in rows {
        let got = readings(text);
        assert_eq!(got.rfc3986, rfc3986, "RFC 3986 on {text:?}");
        assert_eq!(got.http.as_deref(), http, "http on {text:?}");
        assert_eq!(got.url.as_deref(), url, "url on {text:?}");
    }
}

#[cfg(feature = "http")]
mod http_conversions {
    use peguri::error::{BuildError, BuildErrorKind, ConversionError, ConversionErrorKind};
    use peguri::{Component, UriBuf, UriRef, UriRefBuf};
    use proptest::prelude::*;
    use std::error::Error as _;

    #[track_caller]
    fn to_http(text: &str) -> Result<String, ConversionError> {
        UriRef::parse(text)
            .unwrap()
            .to_http_uri()
            .map(|u| u.to_string())
    }

    /// The reference an `http::Uri` stands for, or the builder's error
    /// that says why it is not one (the conversion error's source).
    #[track_caller]
    fn from_http(text: &str) -> Result<String, BuildError> {
        UriRefBuf::from_http_uri(&text.parse().unwrap())
            .map(String::from)
            .map_err(|e| {
                assert_eq!(e.kind(), ConversionErrorKind::NotRfc3986);
                assert_eq!(e.to_string(), "the http::Uri is not an RFC 3986 reference");
                *e.source()
                    .and_then(|s| s.downcast_ref::<BuildError>())
                    .expect("a builder's error as the source")
            })
    }

    #[test]
    fn request_target_forms() {
        assert_eq!(to_http("https://u@h:8/p?q#f").unwrap(), "https://u@h:8/p?q");
        assert_eq!(to_http("/p?q#f").unwrap(), "/p?q");
        assert_eq!(to_http("//h:443").unwrap(), "h:443");
        assert_eq!(to_http("*").unwrap(), "*");
        let kind = |text| to_http(text).unwrap_err().kind();
        assert_eq!(
            kind("mailto:a@b"),
            ConversionErrorKind::SchemeWithoutAuthority
        );
        assert_eq!(kind("h:80"), ConversionErrorKind::SchemeWithoutAuthority);
        for not_a_target in ["a/b", "?q", "#f", "", "//h/p", "//h?q", "*?q"] {
            assert_eq!(
                kind(not_a_target),
                ConversionErrorKind::NotRequestTarget,
                "{not_a_target:?}"
            );
        }
        let err = to_http("file:///a").unwrap_err();
        assert_eq!(err.kind(), ConversionErrorKind::Refused);
        assert_eq!(err.to_string(), "http::Uri refuses the text");
        assert_eq!(err.source().unwrap().to_string(), "invalid format");
    }

    #[test]
    fn from_http_keeps_meaning() {
        assert_eq!(from_http("http://h/p?q").unwrap(), "http://h/p?q");
        assert_eq!(from_http("http://h").unwrap(), "http://h/");
        assert_eq!(from_http("/p?q").unwrap(), "/p?q");
        assert_eq!(from_http("*").unwrap(), "*");
        // The authority-form keeps its authority.
        let authority_form = UriRefBuf::from_http_uri(&"example.com:443".parse().unwrap()).unwrap();
        assert_eq!(authority_form, "//example.com:443");
        assert_eq!(authority_form.authority().unwrap().port(), Some("443"));
        // http's `mailto:a@b` is an authority: it stays one.
        assert_eq!(from_http("mailto:a@b").unwrap(), "//mailto:a@b");
        // An origin-form path starting with "//" would read as an authority.
        let err = from_http("//h/p").unwrap_err();
        assert_eq!(err.kind(), BuildErrorKind::PathStartsWithDoubleSlash);
        // What http accepts and RFC 3986 does not, named and placed.
        let err = from_http("http://h/a|b").unwrap_err();
        assert_eq!(err.to_string(), "invalid character '|' in path at byte 2");
        let err = from_http("http://h/p?a[]=1").unwrap_err();
        assert_eq!((err.component(), err.offset()), (Component::Query, Some(1)));
        let err = from_http("http://a@b@c/").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid character '@' in authority at byte 3"
        );
        let err = UriBuf::from_http_uri(&"/p".parse().unwrap()).unwrap_err();
        assert_eq!(err.kind(), ConversionErrorKind::NoScheme);
        assert!(err.source().is_none());
        let via_try: UriRefBuf = (&"http://h/x".parse::<http::Uri>().unwrap())
            .try_into()
            .unwrap();
        assert_eq!(via_try, "http://h/x");
        let back: http::Uri = (&UriBuf::parse("http://h/x").unwrap()).try_into().unwrap();
        assert_eq!(back, "http://h/x");
    }

    proptest! {
        #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/interop.txt"))]

        /// URIs both sides read alike go there and back unchanged.
        #[test]
        fn http_uris_round_trip(
            scheme in "https?",
            host in "[a-z0-9-]{1,8}(\\.[a-z0-9-]{1,8}){0,2}",
            port in proptest::option::of(any::<u16>()),
            path in "(/[a-zA-Z0-9._~!$&'()*+,;=:@-]{0,6}){1,3}",
            query in proptest::option::of("[a-zA-Z0-9._~!$&'()*+,;=:@/?-]{0,8}"),
        ) {
            let mut text = format!("{scheme}://{host}");
            if let Some(port) = port {
                text.push_str(&format!(":{port}"));
            }
            text.push_str(&path);
            if let Some(query) = &query {
                text.push('?');
                text.push_str(query);
            }
            let uri = UriRef::parse(&text).unwrap();
            let http = uri.to_http_uri().unwrap();
            let back = UriRefBuf::from_http_uri(&http).unwrap();
            prop_assert_eq!(back.as_str(), text.as_str());
        }
    }
}

#[cfg(feature = "url")]
mod url_conversions {
    use peguri::error::ConversionErrorKind;
    use peguri::{ParseError, Uri, UriBuf, UriRef};
    use std::error::Error as _;

    /// Why the reference has no `url::Url`: the kind, and the source's
    /// text.
    #[track_caller]
    fn refused(text: &str) -> (ConversionErrorKind, Option<String>) {
        let err = UriRef::parse(text).unwrap().to_url().unwrap_err();
        (err.kind(), err.source().map(|s| s.to_string()))
    }

    #[test]
    fn to_url_is_whatwg_parsing_of_the_same_text() {
        let url = UriRef::parse("HTTPS://Example.COM:443/a/./b/../c?q#f")
            .unwrap()
            .to_url()
            .unwrap();
        assert_eq!(url.as_str(), "https://example.com/a/c?q#f");
        let url = Uri::parse("urn:isbn:0451450523").unwrap().to_url().unwrap();
        assert_eq!(url.path(), "isbn:0451450523");
        assert_eq!(
            refused("/relative"),
            (ConversionErrorKind::RelativeReference, None)
        );
        let port = url::ParseError::InvalidPort.to_string();
        assert_eq!(
            refused("http://h:99999/"),
            (ConversionErrorKind::Refused, Some(port))
        );
        let ipv4 = url::ParseError::InvalidIpv4Address.to_string();
        assert_eq!(
            refused("http://1.2.3.256/"),
            (ConversionErrorKind::Refused, Some(ipv4))
        );
        let err = UriRef::parse("http://").unwrap().to_url().unwrap_err();
        assert_eq!(err.to_string(), "url::Url refuses the text");
        assert_eq!(err.source().unwrap().to_string(), "empty host");
    }

    #[test]
    fn from_url_checks_the_serialization() {
        let url = url::Url::parse("http://h/a b?c d#e f").unwrap();
        assert_eq!(
            UriBuf::from_url(&url).unwrap(),
            "http://h/a%20b?c%20d#e%20f"
        );
        for kept in [
            "http://h/a|b",
            "http://h/a^b",
            "http://h/?a[]=1",
            "http://h/%zz",
        ] {
            let url = url::Url::parse(kept).unwrap();
            assert!(UriBuf::from_url(&url).is_err(), "{kept}");
        }
        let err = UriBuf::from_url(&url::Url::parse("http://h/?a[]=1").unwrap()).unwrap_err();
        assert_eq!(err.kind(), ConversionErrorKind::NotRfc3986);
        let cause = err.source().and_then(|s| s.downcast_ref::<ParseError>());
        assert_eq!(cause.map(ParseError::offset), Some(11));
        let via_try: UriBuf = (&url::Url::parse("http://h/x").unwrap())
            .try_into()
            .unwrap();
        assert_eq!(via_try, "http://h/x");
        let back: url::Url = (&via_try).try_into().unwrap();
        assert_eq!(back.as_str(), "http://h/x");
    }
}

// ---------------------------------------------------------------------------
// Socket addresses
// ---------------------------------------------------------------------------

#[track_caller]
fn socket(text: &str) -> Result<SocketAddr, SocketAddrErrorKind> {
    UriRef::parse(text)
        .unwrap()
        .socket_addr()
        .map_err(|e| e.kind())
}

#[test]
fn socket_addresses_with_default_ports_from_the_scheme_table() {
    assert_eq!(
        socket("http://127.0.0.1/").unwrap(),
        "127.0.0.1:80".parse().unwrap()
    );
    assert_eq!(
        socket("HTTPS://[::1]/").unwrap(),
        "[::1]:443".parse().unwrap()
    );
    assert_eq!(
        socket("ws://10.0.0.1:/").unwrap(),
        "10.0.0.1:80".parse().unwrap()
    );
    assert_eq!(
        socket("redis://10.0.0.1:7000").unwrap(),
        "10.0.0.1:7000".parse().unwrap()
    );
    assert_eq!(
        socket("mqtt://[2001:db8::2]").unwrap(),
        "[2001:db8::2]:1883".parse().unwrap()
    );
    assert_eq!(
        socket("//10.0.0.1:22").unwrap(),
        "10.0.0.1:22".parse().unwrap()
    );
    assert_eq!(socket("//10.0.0.1"), Err(SocketAddrErrorKind::NoPort));
    assert_eq!(socket("foo://10.0.0.1/"), Err(SocketAddrErrorKind::NoPort));
    assert_eq!(
        socket("http://example.com/"),
        Err(SocketAddrErrorKind::NotAnIpAddress)
    );
    assert_eq!(
        socket("http://[v1.x]/"),
        Err(SocketAddrErrorKind::IpvFuture)
    );
    assert_eq!(
        socket("http://1.2.3.4:65536/"),
        Err(SocketAddrErrorKind::PortOutOfRange)
    );
    assert_eq!(socket("mailto:a@b"), Err(SocketAddrErrorKind::NoAuthority));
    assert_eq!(
        SocketAddrError::from(SocketAddrErrorKind::NotAnIpAddress).to_string(),
        "the host is a registered name, not an IP address (it needs a name lookup)"
    );
}

/// An IPvFuture literal is no registered name: the error says what it is.
#[test]
fn socket_addr_of_an_ipvfuture_host_names_it() {
    let err = peguri::UriRef::parse("http://[v1.x]/")
        .unwrap()
        .socket_addr()
        .unwrap_err();
    assert_eq!(err.kind(), SocketAddrErrorKind::IpvFuture);
    assert_eq!(
        err.to_string(),
        "the host is an IPvFuture literal, whose address no socket address holds"
    );
}

#[test]
fn zone_identifiers_become_scope_ids_when_numeric() {
    let options = peguri::ParseOptions::new().allow_zone_id(true);
    let uri = peguri::UriRef::parse_with("http://[fe80::1%254]:8080/", &options).unwrap();
    let SocketAddr::V6(v6) = uri.socket_addr().unwrap() else {
        panic!("IPv6");
    };
    assert_eq!((v6.scope_id(), v6.port()), (4, 8080));
    let uri = peguri::UriRef::parse_with("http://[fe80::1%25eth0]/", &options).unwrap();
    assert_eq!(
        uri.socket_addr().map_err(|e| e.kind()),
        Err(SocketAddrErrorKind::ZoneNotNumeric)
    );
}

#[test]
fn port_or_known_default() {
    let port = |t: &str| UriRef::parse(t).unwrap().port_or_known_default();
    assert_eq!(port("ftp://h/"), Some(21));
    assert_eq!(port("ftp://h:2121/"), Some(2121));
    assert_eq!(port("ftp://h:99999/"), None);
    assert_eq!(port("ftp:/no/authority"), None);
    assert_eq!(port("//h/"), None);
}
