//! Building references from components (`UriBuilder`), the setters of the
//! owned types, and query editing: what is accepted, what is refused and
//! with which message, and (property tests) that whatever is built parses
//! back into the components it was given.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use peguri::error::{BuildError, BuildErrorKind};
use peguri::pct::{self, EncodeSet};
use peguri::query::Separator;
use peguri::{Component, Host, UriBuf, UriBuilder, UriRef, UriRefBuf};
use proptest::prelude::*;

#[track_caller]
fn built(builder: UriBuilder<'_>) -> UriRefBuf {
    builder.build().expect("builds")
}

#[track_caller]
fn refused(builder: UriBuilder<'_>) -> BuildError {
    builder.build().expect_err("is refused")
}

#[test]
fn every_component_raw() {
    let uri = built(
        UriBuilder::new()
            .scheme("foo")
            .userinfo("user:pw")
            .host("example.com")
            .port_str("8042")
            .path("/over/there")
            .query("name=ferret")
            .fragment("nose"),
    );
    assert_eq!(
        uri,
        "foo://user:pw@example.com:8042/over/there?name=ferret#nose"
    );
    let authority = uri.authority().unwrap();
    assert_eq!(authority.userinfo(), Some("user:pw"));
    assert_eq!(authority.port_u16(), Some(8042));
}

#[test]
fn rfc_3986_section_1_1_2_examples_rebuilt() {
    // Each example of section 1.1.2, taken apart and built again.
    for text in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "http://www.ietf.org/rfc/rfc2396.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "news:comp.infosystems.www.servers.unix",
        "tel:+1-816-555-1212",
        "telnet://192.0.2.16:80/",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    ] {
        let uri = UriRef::parse(text).unwrap();
        let mut builder = UriBuilder::new().path(uri.path());
        if let Some(scheme) = uri.scheme() {
            builder = builder.scheme(scheme);
        }
        if let Some(authority) = uri.authority() {
            builder = builder.authority(authority.as_str());
        }
        if let Some(query) = uri.query() {
            builder = builder.query(query);
        }
        assert_eq!(built(builder), text);
    }
}

#[test]
fn empty_and_absent_differ() {
    assert_eq!(built(UriBuilder::new()), "");
    assert_eq!(built(UriBuilder::new().query("").fragment("")), "?#");
    assert_eq!(built(UriBuilder::new().host("")), "//");
    assert_eq!(built(UriBuilder::new().host("h").port_str("")), "//h:");
    assert_eq!(built(UriBuilder::new().userinfo("").host("h")), "//@h");
}

#[test]
fn hosts_of_every_kind() {
    let host = |b: UriBuilder<'_>| built(b).authority().unwrap().host().kind();
    assert_eq!(host(UriBuilder::new().host("example.com")), "reg-name");
    // The grammar decides: a name that matches IPv4address is an address.
    assert_eq!(host(UriBuilder::new().host("1.2.3.4")), "ipv4");
    assert_eq!(host(UriBuilder::new().host("1.2.3.4.5")), "reg-name");
    assert_eq!(host(UriBuilder::new().host("[::ffff:1.2.3.4]")), "ipv6");
    assert_eq!(host(UriBuilder::new().host("[v7.a:b]")), "ipvfuture");
    assert_eq!(
        host(UriBuilder::new().host_ip(Ipv4Addr::new(10, 0, 0, 1))),
        "ipv4"
    );
    let v6 = built(
        UriBuilder::new().host_ip(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1))),
    );
    assert_eq!(v6, "//[2001:db8::1]");
    assert_eq!(
        v6.authority().unwrap().host(),
        Host::Ipv6 {
            addr: "2001:db8::1".parse().unwrap(),
            text: "[2001:db8::1]",
            zone: None
        }
    );
    assert_eq!(
        built(UriBuilder::new().host_unencoded("a b:c@d")),
        "//a%20b%3Ac%40d"
    );
}

#[test]
fn authority_is_split_where_the_grammar_splits_it() {
    let uri = built(UriBuilder::new().authority("u:p@[v1.x:y]:99999"));
    let authority = uri.authority().unwrap();
    assert_eq!(authority.userinfo(), Some("u:p"));
    assert_eq!(authority.host_str(), "[v1.x:y]");
    assert_eq!(authority.port(), Some("99999"));
    // Given after the authority, a port replaces the authority's.
    let uri = built(UriBuilder::new().authority("h:1").port(2));
    assert_eq!(uri, "//h:2");
    let err = refused(UriBuilder::new().authority("a@b@c"));
    assert_eq!(
        err.to_string(),
        "invalid character '@' in authority at byte 3"
    );
}

#[test]
fn stock_grammar_unencoded_components_are_encoded_for_their_place() {
    let uri = built(
        UriBuilder::new()
            .scheme("http")
            .userinfo_unencoded("a:b@c d")
            .host_unencoded("ex ample")
            .path_unencoded("/a b/c?d#e/100%")
            .query_unencoded("x=1&y=#2 %")
            .fragment_unencoded("frag ment#?/"),
    );
    assert_eq!(
        uri,
        "http://a:b%40c%20d@ex%20ample/a%20b/c%3Fd%23e/100%25?x=1&y=%232%20%25#frag%20ment%23?/"
    );
}

#[test]
fn segments_and_pairs() {
    let uri = built(
        UriBuilder::new()
            .scheme("https")
            .host("api.example.com")
            .push_segment("users")
            .push_segment("jo/ann")
            .push_segment("")
            .append_pair("fields", "name,email")
            .append_pair("q", "a=b&c"),
    );
    assert_eq!(
        uri,
        "https://api.example.com/users/jo%2Fann/?fields=name,email&q=a%3Db%26c"
    );
    assert_eq!(
        uri.segments().collect::<Vec<_>>(),
        ["users", "jo%2Fann", ""]
    );
    // A raw path, then segments after it.
    assert_eq!(built(UriBuilder::new().path("a").push_segment("b")), "a/b");
    // A raw query, then pairs after it.
    assert_eq!(
        built(UriBuilder::new().query("x").append_pair("y", "1")),
        "?x&y=1"
    );
    assert_eq!(
        built(UriBuilder::new().query("").append_pair("y", "1")),
        "?y=1"
    );
}

#[test]
fn stock_grammar_a_component_given_again_replaces_the_first() {
    let uri = built(
        UriBuilder::new()
            .scheme("a")
            .scheme("b")
            .path("/x")
            .path("/y"),
    );
    assert_eq!(uri, "b:/y");
    // Even an invalid first value: the error stays, though.
    let err = refused(UriBuilder::new().query("a b").query("ok"));
    assert_eq!(err.to_string(), "invalid character ' ' in query at byte 1");
}

#[test]
fn stock_grammar_raw_text_errors_name_the_component_the_character_and_the_spot() {
    let cases: Vec<(UriBuilder<'_>, &str)> = vec![
        (
            UriBuilder::new().scheme("ht tp"),
            "invalid character ' ' in scheme at byte 2",
        ),
        (
            UriBuilder::new().scheme("1a"),
            "invalid character '1' in scheme at byte 0",
        ),
        (UriBuilder::new().scheme(""), "empty scheme"),
        (
            UriBuilder::new().userinfo("a@b").host("h"),
            "invalid character '@' in userinfo at byte 1",
        ),
        (
            UriBuilder::new().host("a/b"),
            "invalid character '/' in host at byte 1",
        ),
        (
            UriBuilder::new().host("é"),
            "invalid character 'é' in host at byte 0",
        ),
        (
            UriBuilder::new().host("[::1"),
            "incomplete host: it ends at byte 4",
        ),
        (
            UriBuilder::new().host("[1::2::3]"),
            "invalid character ':' in host at byte 5",
        ),
        (
            UriBuilder::new().host("[v1.]"),
            "invalid character ']' in host at byte 4",
        ),
        (
            UriBuilder::new().host("[::1]:80"),
            "invalid character ':' in host at byte 5",
        ),
        (
            UriBuilder::new().host("h").port_str("-1"),
            "invalid character '-' in port at byte 0",
        ),
        (
            UriBuilder::new().path("/a/b c"),
            "invalid character ' ' in path at byte 4",
        ),
        (
            UriBuilder::new().path("/a?b"),
            "invalid character '?' in path at byte 2",
        ),
        (
            UriBuilder::new().path("/ok/%zz"),
            "invalid percent-encoding in path at byte 4: '%' must be followed by two hex digits",
        ),
        (
            UriBuilder::new().query("a=%4"),
            "invalid percent-encoding in query at byte 2: '%' must be followed by two hex digits",
        ),
        (
            UriBuilder::new().query("a#b"),
            "invalid character '#' in query at byte 1",
        ),
        (
            UriBuilder::new().fragment("{x}"),
            "invalid character '{' in fragment at byte 0",
        ),
    ];
    for (builder, message) in cases {
        assert_eq!(refused(builder).to_string(), message);
    }
}

#[test]
fn stock_grammar_error_kinds_and_offsets() {
    let err = refused(UriBuilder::new().path("/a b"));
    assert_eq!(err.component(), Component::Path);
    assert_eq!(
        err.kind(),
        BuildErrorKind::InvalidChar { ch: ' ', offset: 2 }
    );
    assert_eq!(err.offset(), Some(2));
    let err = refused(UriBuilder::new().fragment("%%41"));
    assert_eq!(
        err.kind(),
        BuildErrorKind::InvalidPercentEncoding { offset: 0 }
    );
    let err = refused(UriBuilder::new().fragment("a%41%"));
    assert_eq!(
        err.kind(),
        BuildErrorKind::InvalidPercentEncoding { offset: 4 }
    );
    let err = refused(UriBuilder::new().scheme(""));
    assert_eq!((err.kind(), err.offset()), (BuildErrorKind::Empty, None));
}

#[test]
fn forbidden_combinations_are_refused() {
    // Section 3.3: without an authority, a path cannot start with "//".
    for builder in [
        UriBuilder::new().path("//a"),
        UriBuilder::new().scheme("s").path("//a"),
        UriBuilder::new().path("/").push_segment(""),
    ] {
        let err = refused(builder);
        assert_eq!(err.kind(), BuildErrorKind::PathStartsWithDoubleSlash);
        assert_eq!(
            err.to_string(),
            "invalid path: without an authority a path cannot start with \"//\" (RFC 3986 section 3.3)"
        );
    }
    // With one it can.
    assert_eq!(built(UriBuilder::new().host("h").path("//a")), "//h//a");

    // Section 4.2: no colon in the first segment of a relative reference.
    let err = refused(UriBuilder::new().path("a/b:c").path("b:c/d"));
    assert_eq!(
        err.kind(),
        BuildErrorKind::ColonInFirstSegment { offset: 1 }
    );
    assert_eq!(
        err.to_string(),
        "invalid path: ':' at byte 1 is in the first segment of a relative reference, where it would read as a scheme (RFC 3986 section 4.2); start the path with \"./\""
    );
    assert_eq!(built(UriBuilder::new().path("./b:c")), "./b:c");
    assert_eq!(built(UriBuilder::new().path("a/b:c")), "a/b:c");
    assert_eq!(built(UriBuilder::new().path("/b:c")), "/b:c");
    assert_eq!(built(UriBuilder::new().scheme("s").path("b:c")), "s:b:c");
    assert_eq!(
        built(
            UriBuilder::new()
                .path_unencoded("b:c")
                .host("h")
                .path("/b:c")
        ),
        "//h/b:c"
    );

    // Section 3.3: after an authority, the path is empty or starts with "/".
    let err = refused(UriBuilder::new().host("h").path("p"));
    assert_eq!(err.kind(), BuildErrorKind::RelativePathAfterAuthority);
    assert_eq!(built(UriBuilder::new().host("h").path("")), "//h");

    // A userinfo or port needs a host.
    let err = refused(UriBuilder::new().port(80));
    assert_eq!(
        err.to_string(),
        "a port needs a host, and there is no authority"
    );
    let err = refused(UriBuilder::new().scheme("s").userinfo("u"));
    assert_eq!(
        err.to_string(),
        "a userinfo needs a host, and there is no authority"
    );
    assert_eq!(built(UriBuilder::new().port(80).host("")), "//:80");

    // A URI needs a scheme.
    let err = UriBuilder::new().host("h").build_uri().unwrap_err();
    assert_eq!(err.kind(), BuildErrorKind::NoScheme);
    assert_eq!(err.component(), Component::Scheme);
}

#[test]
fn stock_grammar_the_first_invalid_component_is_reported() {
    let err = refused(UriBuilder::new().query("a b").path("c d").scheme("1"));
    assert_eq!(err.component(), Component::Query);
    // Before the structure is looked at, and before the missing scheme.
    let err = UriBuilder::new().path("//x y").build_uri().unwrap_err();
    assert_eq!(
        err.kind(),
        BuildErrorKind::InvalidChar { ch: ' ', offset: 3 }
    );
}

#[test]
fn error_type_is_small_and_standard() {
    fn assert_traits<T: Copy + Send + Sync + std::error::Error + 'static>() {}
    assert_traits::<BuildError>();
    assert!(std::mem::size_of::<BuildError>() <= 32);
}

// ---------------------------------------------------------------------------
// Setters
// ---------------------------------------------------------------------------

#[test]
fn stock_grammar_setters_change_one_component_and_keep_the_others() {
    let mut uri = UriBuf::parse("http://u@h:1/p?q#f").unwrap();
    uri.set_scheme("https").unwrap();
    assert_eq!(uri, "https://u@h:1/p?q#f");
    uri.set_userinfo(Some("v:w")).unwrap();
    assert_eq!(uri, "https://v:w@h:1/p?q#f");
    uri.set_userinfo(None).unwrap();
    assert_eq!(uri, "https://h:1/p?q#f");
    uri.set_host("[::1]").unwrap();
    assert_eq!(uri, "https://[::1]:1/p?q#f");
    uri.set_port(None).unwrap();
    assert_eq!(uri, "https://[::1]/p?q#f");
    uri.set_port_str(Some("")).unwrap();
    assert_eq!(uri, "https://[::1]:/p?q#f");
    uri.set_path("/a/b").unwrap();
    assert_eq!(uri, "https://[::1]:/a/b?q#f");
    uri.set_path_unencoded("").unwrap();
    assert_eq!(uri, "https://[::1]:?q#f");
    uri.push_segment("x y").unwrap();
    assert_eq!(uri, "https://[::1]:/x%20y?q#f");
    uri.set_query(None).unwrap();
    uri.set_fragment(Some("")).unwrap();
    assert_eq!(uri, "https://[::1]:/x%20y#");
    uri.set_authority(None).unwrap();
    assert_eq!(uri, "https:/x%20y#");
    uri.set_host_unencoded("h").unwrap();
    assert_eq!(uri, "https://h/x%20y#");
    assert_eq!(uri.authority().unwrap().host(), Host::RegName("h"));
}

#[test]
fn stock_grammar_setters_refuse_and_leave_the_reference_unchanged() {
    let mut uri = UriBuf::parse("mailto:a@example.com").unwrap();
    // An authority cannot precede a rootless path.
    let err = uri.set_host("h").unwrap_err();
    assert_eq!(err.kind(), BuildErrorKind::RelativePathAfterAuthority);
    assert_eq!(uri, "mailto:a@example.com");
    // No authority to hold a port or userinfo.
    let err = uri.set_port(Some(25)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a port needs a host, and there is no authority"
    );
    let err = uri.set_userinfo_unencoded("x").unwrap_err();
    assert_eq!(err.kind(), BuildErrorKind::NoHost);
    // Removing what is not there is fine.
    uri.set_port(None).unwrap();
    uri.set_userinfo(None).unwrap();
    assert_eq!(uri, "mailto:a@example.com");

    // Removing the authority under a path starting with "//".
    let mut uri = UriBuf::parse("http://h//x").unwrap();
    let err = uri.set_authority(None).unwrap_err();
    assert_eq!(err.kind(), BuildErrorKind::PathStartsWithDoubleSlash);
    assert_eq!(uri, "http://h//x");

    // Removing the scheme in front of a colon.
    let mut uri = UriRefBuf::parse("a:b:c").unwrap();
    let err = uri.set_scheme(None).unwrap_err();
    assert_eq!(
        err.kind(),
        BuildErrorKind::ColonInFirstSegment { offset: 1 }
    );
    uri.set_path("./b:c").unwrap();
    uri.set_scheme(None).unwrap();
    assert_eq!(uri, "./b:c");
    assert!(uri.is_relative());

    // Raw text errors.
    let mut uri = UriRefBuf::parse("//h/p").unwrap();
    assert_eq!(
        uri.set_query(Some("a b")).unwrap_err().to_string(),
        "invalid character ' ' in query at byte 1"
    );
    assert_eq!(
        uri.set_authority(Some("h:x")).unwrap_err().to_string(),
        "invalid character 'x' in authority at byte 2"
    );
    assert_eq!(uri, "//h/p");
}

#[test]
fn setting_a_host_adds_an_authority() {
    let mut uri = UriRefBuf::parse("/p?q").unwrap();
    uri.set_host("example.com").unwrap();
    assert_eq!(uri, "//example.com/p?q");
    uri.set_port(Some(8080)).unwrap();
    uri.set_userinfo_unencoded("me@home").unwrap();
    assert_eq!(uri, "//me%40home@example.com:8080/p?q");
    uri.set_scheme(Some("http")).unwrap();
    assert_eq!(uri, "http://me%40home@example.com:8080/p?q");
    assert_eq!(uri.authority().unwrap().port_u16(), Some(8080));
}

#[test]
fn set_authority_splits_and_replaces() {
    let mut uri = UriBuf::parse("http://old/p").unwrap();
    uri.set_authority(Some("u@[::1]:8")).unwrap();
    let authority = uri.authority().unwrap();
    assert_eq!(
        (authority.userinfo(), authority.host_str(), authority.port()),
        (Some("u"), "[::1]", Some("8"))
    );
    uri.set_authority(Some("")).unwrap();
    assert_eq!(uri, "http:///p");
}

// ---------------------------------------------------------------------------
// Query editing
// ---------------------------------------------------------------------------

#[track_caller]
fn edited(uri: &str, edit: impl FnOnce(&mut UriRefBuf)) -> String {
    let mut uri = UriRefBuf::parse(uri).unwrap();
    edit(&mut uri);
    // Whatever the edit, the result parses as it is.
    assert_eq!(UriRef::parse(uri.as_str()).unwrap(), uri.borrow());
    uri.into_string()
}

#[test]
fn stock_grammar_query_append() {
    assert_eq!(
        edited("/p", |u| {
            u.edit_query().append("a", "1");
        }),
        "/p?a=1"
    );
    assert_eq!(
        edited("/p?", |u| {
            u.edit_query().append("a", "1");
        }),
        "/p?a=1"
    );
    assert_eq!(
        edited("/p?x", |u| {
            u.edit_query().append("a", "1");
        }),
        "/p?x&a=1"
    );
    // No doubled separator after a trailing one.
    assert_eq!(
        edited("/p?x&", |u| {
            u.edit_query().append("a", "1");
        }),
        "/p?x&a=1"
    );
    assert_eq!(
        edited("/p#f", |u| {
            u.edit_query().append("k&=+;", "v #%").append_key("flag");
        }),
        "/p?k%26%3D%2B%3B=v%20%23%25&flag#f"
    );
}

#[test]
fn query_set() {
    // The first pair with the key is rewritten, later ones removed.
    assert_eq!(
        edited("?a=1&b=2&a=3&c=4&a", |u| {
            u.edit_query().set("a", "x");
        }),
        "?a=x&b=2&c=4"
    );
    // Keys compare decoded; the first key keeps its text.
    assert_eq!(
        edited("?%61=1", |u| {
            u.edit_query().set("a", "2");
        }),
        "?%61=2"
    );
    // A key without `=` gets one.
    assert_eq!(
        edited("?a&b", |u| {
            u.edit_query().set("a", "");
        }),
        "?a=&b"
    );
    // No pair with the key: appended.
    assert_eq!(
        edited("?b=2", |u| {
            u.edit_query().set("a", "1");
        }),
        "?b=2&a=1"
    );
    assert_eq!(
        edited("", |u| {
            u.edit_query().set("a", "1");
        }),
        "?a=1"
    );
}

#[test]
fn query_remove_keeps_the_rest_as_written() {
    assert_eq!(
        edited("?a=1&b=2&c=3", |u| {
            u.edit_query().remove("b");
        }),
        "?a=1&c=3"
    );
    assert_eq!(
        edited("?a=1&b=2&c=3", |u| {
            u.edit_query().remove("a");
        }),
        "?b=2&c=3"
    );
    assert_eq!(
        edited("?a=1&b=2&c=3", |u| {
            u.edit_query().remove("c");
        }),
        "?a=1&b=2"
    );
    assert_eq!(
        edited("?a=1&b=2", |u| {
            u.edit_query().remove("zz");
        }),
        "?a=1&b=2"
    );
    // Untouched pairs keep their encoding, empty pieces stay.
    assert_eq!(
        edited("?x=%7e+1&&a=1&y=%41", |u| {
            u.edit_query().remove("a");
        }),
        "?x=%7e+1&&y=%41"
    );
    // The last pair gone, the query goes; an empty query stays if nothing
    // was removed.
    assert_eq!(
        edited("/p?a=1&a=2#f", |u| {
            u.edit_query().remove("a");
        }),
        "/p#f"
    );
    assert_eq!(
        edited("/p?#f", |u| {
            u.edit_query().remove("a");
        }),
        "/p?#f"
    );
    assert_eq!(
        edited("/p", |u| {
            u.edit_query().remove("a");
        }),
        "/p"
    );
}

#[test]
fn query_separators() {
    // `&` by default: a `;` is part of a value.
    assert_eq!(
        edited("?a=1;b=2&c=3", |u| {
            u.edit_query().remove("b");
        }),
        "?a=1;b=2&c=3"
    );
    assert_eq!(
        edited("?a=1;b=2&c=3", |u| {
            u.edit_query().remove("c");
        }),
        "?a=1;b=2"
    );
    // Both: each pair keeps the separator written before it.
    assert_eq!(
        edited("?a=1;b=2&c=3;d=4", |u| {
            u.edit_query().separator(Separator::Both).remove("b");
        }),
        "?a=1&c=3;d=4"
    );
    assert_eq!(
        edited("?a=1;b=2&c=3", |u| {
            u.edit_query().separator(Separator::Both).remove("a");
        }),
        "?b=2&c=3"
    );
    assert_eq!(
        edited("?a=1;b=2", |u| {
            u.edit_query()
                .separator(Separator::Semicolon)
                .append("c", "x;y");
        }),
        "?a=1;b=2;c=x%3By"
    );
}

#[test]
fn query_plus_as_space() {
    assert_eq!(
        edited("?a+b=1&a%20b=2&c=3", |u| {
            u.edit_query().plus_as_space(true).remove("a b");
        }),
        "?c=3"
    );
    assert_eq!(
        edited("?a+b=1", |u| {
            u.edit_query().remove("a b");
        }),
        "?a+b=1"
    );
    assert_eq!(
        edited("?q=1", |u| {
            u.edit_query().plus_as_space(true).set("q", "x y+z");
        }),
        "?q=x+y%2Bz"
    );
}

#[test]
fn query_retain_sees_decoded_pairs() {
    assert_eq!(
        edited("?id=1&utm_source=x&keep=%E2%9C%93&utm_medium=y", |u| {
            u.edit_query().retain(|p| !p.key().starts_with("utm_"));
        }),
        "?id=1&keep=%E2%9C%93"
    );
    assert_eq!(
        edited("?a=1&b&c=", |u| {
            u.edit_query()
                .retain(|p| p.value().is_some_and(|v| !v.is_empty()));
        }),
        "?a=1"
    );
}

#[test]
fn query_editing_on_a_uri_buf() {
    let mut uri = UriBuf::parse("https://h/p?a=1#top").unwrap();
    uri.edit_query().append("b", "2").set("a", "0").remove("b");
    assert_eq!(uri, "https://h/p?a=0#top");
    assert_eq!(uri.scheme(), "https");
}

// ---------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------

/// Unencoded text: printable ASCII with every delimiter, some non-ASCII.
fn text(max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("[ -~éß€\u{1F600}]{{0,{max}}}")).unwrap()
}

fn scheme() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-zA-Z][a-zA-Z0-9+.-]{0,6}").unwrap()
}

#[derive(Clone, Debug)]
enum HostKind {
    Name(String),
    Ip(IpAddr),
}

fn host() -> impl Strategy<Value = HostKind> {
    prop_oneof![
        text(12).prop_map(HostKind::Name),
        any::<Ipv4Addr>().prop_map(|a| HostKind::Ip(a.into())),
        any::<Ipv6Addr>().prop_map(|a| HostKind::Ip(a.into())),
    ]
}

#[derive(Clone, Debug)]
struct Given {
    scheme: Option<String>,
    authority: Option<(Option<String>, HostKind, Option<u16>)>,
    segments: Option<Vec<String>>,
    query: Option<String>,
    fragment: Option<String>,
}

fn given() -> impl Strategy<Value = Given> {
    (
        proptest::option::of(scheme()),
        proptest::option::of((
            proptest::option::of(text(8)),
            host(),
            proptest::option::of(any::<u16>()),
        )),
        proptest::option::of(proptest::collection::vec(text(6), 0..4)),
        proptest::option::of(text(12)),
        proptest::option::of(text(12)),
    )
        .prop_map(|(scheme, authority, segments, query, fragment)| Given {
            scheme,
            authority,
            segments,
            query,
            fragment,
        })
}

fn decoded(text: &str) -> String {
    pct::decode_utf8(text).unwrap().into_owned()
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/builder.txt"))]

    /// Components given unencoded come back, decoded, from a parse of the
    /// built text; whatever is refused is a combination RFC 3986 forbids.
    #[test]
    fn built_references_parse_back_into_their_components(given in given()) {
        let mut builder = UriBuilder::new();
        if let Some(scheme) = &given.scheme {
            builder = builder.scheme(scheme);
        }
        if let Some((userinfo, host, port)) = &given.authority {
            if let Some(userinfo) = userinfo {
                builder = builder.userinfo_unencoded(userinfo);
            }
            builder = match host {
                HostKind::Name(name) => builder.host_unencoded(name),
                HostKind::Ip(ip) => builder.host_ip(*ip),
            };
            if let Some(port) = port {
                builder = builder.port(*port);
            }
        }
        if let Some(segments) = &given.segments {
            for segment in segments {
                builder = builder.push_segment(segment);
            }
        }
        if let Some(query) = &given.query {
            builder = builder.query_unencoded(query);
        }
        if let Some(fragment) = &given.fragment {
            builder = builder.fragment_unencoded(fragment);
        }
        let built = match builder.build() {
            Ok(built) => built,
            Err(e) => {
                // A dot segment is refused; otherwise pushed segments make a
                // path that starts with "/": only an empty first segment
                // without an authority is refused.
                let segments = given.segments.as_deref().unwrap_or_default();
                if segments.iter().any(|s| s == "." || s == "..") {
                    prop_assert_eq!(e.kind(), BuildErrorKind::DotSegment);
                    return Ok(());
                }
                prop_assert_eq!(e.kind(), BuildErrorKind::PathStartsWithDoubleSlash);
                prop_assert!(given.authority.is_none());
                return Ok(());
            }
        };
        let parsed = UriRef::parse(built.as_str()).unwrap();
        prop_assert_eq!(parsed, built.borrow());
        prop_assert_eq!(parsed.scheme(), given.scheme.as_deref());
        match (&given.authority, parsed.authority()) {
            (None, None) => {}
            (Some((userinfo, host, port)), Some(authority)) => {
                prop_assert_eq!(authority.userinfo().map(decoded), userinfo.clone());
                match host {
                    HostKind::Name(name) => prop_assert_eq!(decoded(authority.host_str()), name.clone()),
                    HostKind::Ip(IpAddr::V4(v4)) => prop_assert_eq!(
                        authority.host(),
                        Host::Ipv4 { addr: *v4, text: authority.host_str() }
                    ),
                    HostKind::Ip(IpAddr::V6(v6)) => {
                        let same = matches!(authority.host(), Host::Ipv6 { addr, .. } if addr == *v6);
                        prop_assert!(same);
                    }
                }
                prop_assert_eq!(authority.port_u16(), *port);
            }
            _ => prop_assert!(false, "authority mismatch"),
        }
        let segments: Vec<String> = parsed.segments().map(decoded).collect();
        prop_assert_eq!(segments, given.segments.clone().unwrap_or_default());
        prop_assert_eq!(parsed.query().map(decoded), given.query.clone());
        prop_assert_eq!(parsed.fragment().map(decoded), given.fragment.clone());
    }

    /// Raw text is accepted exactly when the component's grammar rule
    /// accepts it, and then kept as it is.
    #[test]
    fn raw_text_is_accepted_exactly_when_the_grammar_accepts_it(
        raw in proptest::string::string_regex("([ -~é]|%[0-9a-fA-F]{2}){0,10}").unwrap(),
        which in 0..5usize,
    ) {
        let (component, rule, builder) = match which {
            0 => (Component::Query, "query", UriBuilder::new().query(&raw)),
            1 => (Component::Fragment, "fragment", UriBuilder::new().fragment(&raw)),
            2 => (Component::Userinfo, "userinfo", UriBuilder::new().userinfo(&raw).host("h")),
            3 => (Component::Host, "host", UriBuilder::new().host(&raw)),
            _ => (Component::Port, "port", UriBuilder::new().host("h").port_str(&raw)),
        };
        let grammar_accepts = peguri::grammar::parse_rule(rule, &raw).is_ok();
        match builder.build() {
            Ok(built) => {
                prop_assert!(grammar_accepts);
                let uri = built.borrow();
                let got = match component {
                    Component::Query => uri.query(),
                    Component::Fragment => uri.fragment(),
                    Component::Userinfo => uri.authority().and_then(|a| a.userinfo()),
                    Component::Host => uri.authority().map(|a| a.host_str()),
                    _ => uri.authority().and_then(|a| a.port()),
                };
                prop_assert_eq!(got, Some(raw.as_str()));
            }
            Err(e) => {
                prop_assert!(!grammar_accepts);
                prop_assert_eq!(e.component(), component);
                // The spot is a character of the text, or its end.
                let offset = e.offset().unwrap();
                prop_assert!(offset <= raw.len() && raw.is_char_boundary(offset));
            }
        }
    }

    /// A path given raw is accepted exactly when, with the other
    /// components, it makes a reference the grammar accepts.
    #[test]
    fn raw_paths_follow_the_grammar(
        path in proptest::string::string_regex("([/:a@ ?]|%41){0,6}").unwrap(),
        scheme in proptest::option::of(Just("s")),
        host in proptest::option::of(Just("h")),
    ) {
        let mut text = String::new();
        let mut builder = UriBuilder::new().path(&path);
        if let Some(scheme) = scheme {
            text.push_str("s:");
            builder = builder.scheme(scheme);
        }
        if let Some(host) = host {
            text.push_str("//h");
            builder = builder.host(host);
        }
        text.push_str(&path);
        // The text parses with the same components only when the path is
        // where it was put (`s:` + `//x` would move it into an authority).
        let expected = UriRef::parse(&text)
            .ok()
            .filter(|r| r.path() == path && r.authority().is_some() == host.is_some());
        match builder.build() {
            Ok(built) => prop_assert_eq!(Some(built.borrow()), expected),
            Err(_) => prop_assert!(expected.is_none()),
        }
    }

    /// Setters change their component only.
    #[test]
    fn setters_keep_the_other_components(
        query in text(10),
        fragment in text(10),
        segment in text(6).prop_filter("not a dot segment", |s| s != "." && s != ".."),
    ) {
        let mut uri = UriBuf::parse("http://u@h:8/a/b?x=1#y").unwrap();
        uri.set_query_unencoded(&query);
        prop_assert_eq!(uri.query().map(decoded), Some(query.clone()));
        uri.set_fragment_unencoded(&fragment);
        uri.push_segment(&segment).unwrap();
        prop_assert_eq!(uri.segments().next_back().map(decoded), Some(segment.clone()));
        prop_assert_eq!(uri.authority().unwrap().as_str(), "u@h:8");
        prop_assert_eq!(uri.fragment().map(decoded), Some(fragment.clone()));
        prop_assert_eq!(UriBuf::parse(uri.as_str()).unwrap(), uri);
    }

    /// Query edits keep every other pair's text and order.
    #[test]
    fn query_edits_keep_untouched_pairs(
        pairs in proptest::collection::vec(("[abc]", "[a-z0-9%]{0,3}"), 0..6),
        key in "[abcd]",
        value in text(4),
    ) {
        let query: Vec<String> = pairs
            .iter()
            .map(|(k, v)| format!("{k}={}", pct::encode(v, EncodeSet::PathSegment)))
            .collect();
        let text = format!("s:x?{}", query.join("&"));
        let others: Vec<&String> = query.iter().filter(|p| !p.starts_with(&format!("{key}="))).collect();

        let mut removed = UriBuf::parse(&text).unwrap();
        removed.edit_query().remove(&key);
        let kept: Vec<&str> = removed
            .query()
            .map(|q| q.split('&').filter(|p| !p.is_empty()).collect())
            .unwrap_or_default();
        prop_assert_eq!(kept, others.iter().map(|s| s.as_str()).collect::<Vec<_>>());

        let mut set = UriBuf::parse(&text).unwrap();
        set.edit_query().set(&key, &value);
        let after: Vec<String> = set
            .query()
            .unwrap()
            .split('&')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect();
        let with_key: Vec<&String> = after.iter().filter(|p| p.starts_with(&format!("{key}="))).collect();
        prop_assert_eq!(with_key.len(), 1);
        let without: Vec<&String> = after.iter().filter(|p| !p.starts_with(&format!("{key}="))).collect();
        prop_assert_eq!(without, others);
    }
}

/// `.` and `..` pushed as a segment would be dot segments, which
/// normalization removes (`http://h/.././` normalizes to `http://h/`): they
/// are refused, by the builder and the setter alike.
#[test]
fn pushing_a_dot_segment_is_refused() {
    for segment in [".", ".."] {
        let err = UriBuilder::new()
            .scheme("http")
            .host("h")
            .push_segment(segment)
            .build()
            .unwrap_err();
        assert_eq!(err.kind(), BuildErrorKind::DotSegment, "{segment}");
        assert_eq!(err.component(), Component::Path);
        assert_eq!(
            err.to_string(),
            "invalid path: a segment \".\" or \"..\" is a dot segment, which resolution and \
             normalization remove (RFC 3986 section 5.2.4); it would change what the path names"
        );
        let mut uri = peguri::UriBuf::parse("http://h/a").unwrap();
        assert_eq!(
            uri.push_segment(segment).unwrap_err().kind(),
            BuildErrorKind::DotSegment
        );
        assert_eq!(uri, "http://h/a", "left unchanged");
    }
    // Dots inside a segment are ordinary characters.
    let uri = UriBuilder::new()
        .path("/a")
        .push_segment("..b")
        .push_segment(".c.")
        .build()
        .unwrap();
    assert_eq!(uri, "/a/..b/.c.");
}
