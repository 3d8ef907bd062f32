//! The examples of RFC 3986 sections 1.1.2 and 3, one test each, with every
//! component pinned.

use peguri::{Host, UriRef};

type Authority<'a> = Option<(Option<&'a str>, &'a str, Option<&'a str>)>;

#[track_caller]
fn check<'i>(
    input: &'i str,
    scheme: Option<&str>,
    authority: Authority<'_>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> UriRef<'i> {
    let uri = UriRef::parse(input).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(uri.scheme(), scheme, "scheme");
    let got = uri
        .authority()
        .map(|a| (a.userinfo(), a.host_str(), a.port()));
    assert_eq!(got, authority, "authority");
    assert_eq!(uri.path(), path, "path");
    assert_eq!(uri.query(), query, "query");
    assert_eq!(uri.fragment(), fragment, "fragment");
    assert_eq!(uri.to_string(), input, "Display gives back the input");
    uri
}

macro_rules! examples {
    ($($name:ident: $input:expr => ($scheme:expr, $authority:expr, $path:expr, $query:expr, $fragment:expr);)*) => {$(
        #[test]
        fn $name() {
            check($input, $scheme, $authority, $path, $query, $fragment);
        }
    )*};
}

// Section 1.1.2.
examples! {
    s1_1_2_ftp: "ftp://ftp.is.co.za/rfc/rfc1808.txt"
        => (Some("ftp"), Some((None, "ftp.is.co.za", None)), "/rfc/rfc1808.txt", None, None);
    s1_1_2_http: "http://www.ietf.org/rfc/rfc2396.txt"
        => (Some("http"), Some((None, "www.ietf.org", None)), "/rfc/rfc2396.txt", None, None);
    s1_1_2_ldap: "ldap://[2001:db8::7]/c=GB?objectClass?one"
        => (Some("ldap"), Some((None, "[2001:db8::7]", None)), "/c=GB", Some("objectClass?one"), None);
    s1_1_2_mailto: "mailto:John.Doe@example.com"
        => (Some("mailto"), None, "John.Doe@example.com", None, None);
    s1_1_2_news: "news:comp.infosystems.www.servers.unix"
        => (Some("news"), None, "comp.infosystems.www.servers.unix", None, None);
    s1_1_2_tel: "tel:+1-816-555-1212"
        => (Some("tel"), None, "+1-816-555-1212", None, None);
    s1_1_2_telnet: "telnet://192.0.2.16:80/"
        => (Some("telnet"), Some((None, "192.0.2.16", Some("80"))), "/", None, None);
    s1_1_2_urn: "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"
        => (Some("urn"), None, "oasis:names:specification:docbook:dtd:xml:4.1.2", None, None);
}

// Section 3: the two examples of the component diagram.
examples! {
    s3_foo: "foo://example.com:8042/over/there?name=ferret#nose"
        => (Some("foo"), Some((None, "example.com", Some("8042"))), "/over/there", Some("name=ferret"), Some("nose"));
    s3_urn: "urn:example:animal:ferret:nose"
        => (Some("urn"), None, "example:animal:ferret:nose", None, None);
}

// Examples and statements of sections 3.1 to 3.5.
examples! {
    s3_2_1_userinfo: "ftp://anonymous:secret@ftp.example.com/"
        => (Some("ftp"), Some((Some("anonymous:secret"), "ftp.example.com", None)), "/", None, None);
    s3_2_2_reg_name_percent: "http://%65xample.com/"
        => (Some("http"), Some((None, "%65xample.com", None)), "/", None, None);
    s3_2_2_empty_host_file: "file:///etc/hosts"
        => (Some("file"), Some((None, "", None)), "/etc/hosts", None, None);
    s3_2_3_empty_port: "http://example.com:/"
        => (Some("http"), Some((None, "example.com", Some(""))), "/", None, None);
    s3_3_path_rootless_colon: "mailto:fred@example.com"
        => (Some("mailto"), None, "fred@example.com", None, None);
    s3_3_relative_dot_colon: "./this:that"
        => (None, None, "./this:that", None, None);
    s3_4_query_with_slash_and_question: "http://h/p?a/b?c"
        => (Some("http"), Some((None, "h", None)), "/p", Some("a/b?c"), None);
    s3_5_fragment: "http://h/#frag/x?y"
        => (Some("http"), Some((None, "h", None)), "/", None, Some("frag/x?y"));
    s4_2_network_path: "//example.com/p"
        => (None, Some((None, "example.com", None)), "/p", None, None);
    s4_2_absolute_path: "/p/q"
        => (None, None, "/p/q", None, None);
    s4_2_empty: ""
        => (None, None, "", None, None);
}

#[test]
fn s3_1_scheme_is_case_kept() {
    let uri = check(
        "HTTP://h",
        Some("HTTP"),
        Some((None, "h", None)),
        "",
        None,
        None,
    );
    assert!(uri.has_scheme());
}

#[test]
fn s3_2_2_host_kinds() {
    let kind = |s: &str| UriRef::parse(s).unwrap().authority().unwrap().host().kind();
    assert_eq!(kind("//192.0.2.16"), "ipv4");
    assert_eq!(kind("//[2001:db8::7]"), "ipv6");
    assert_eq!(kind("//[v7.fe80::a+en1]"), "ipvfuture");
    assert_eq!(kind("//www.example.com"), "reg-name");
    let uri = UriRef::parse("//[v7.fe80::a+en1]").unwrap();
    assert_eq!(
        uri.authority().unwrap().host(),
        Host::IpvFuture {
            version: "7",
            address: "fe80::a+en1",
            text: "[v7.fe80::a+en1]"
        }
    );
}

#[test]
fn s3_absent_and_empty_differ() {
    let none = UriRef::parse("http://h").unwrap();
    let empty = UriRef::parse("http://h?#").unwrap();
    assert_eq!((none.query(), none.fragment()), (None, None));
    assert_eq!((empty.query(), empty.fragment()), (Some(""), Some("")));
    let no_userinfo = UriRef::parse("//h").unwrap();
    let empty_userinfo = UriRef::parse("//@h").unwrap();
    assert_eq!(no_userinfo.authority().unwrap().userinfo(), None);
    assert_eq!(empty_userinfo.authority().unwrap().userinfo(), Some(""));
}
