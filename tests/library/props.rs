//! Property tests: valid references built from random components parse back
//! into exactly those components and display as the input; arbitrary input
//! never panics.

use std::net::{Ipv4Addr, Ipv6Addr};

use peguri::{Host, UriRef, UriRefBuf};
use proptest::prelude::*;

const PCT: &str = "%[0-9A-Fa-f]{2}";

fn chars(class: &str, max: usize) -> impl Strategy<Value = String> + use<> {
    proptest::string::string_regex(&format!("([{class}]|{PCT}){{0,{max}}}")).unwrap()
}

fn non_empty(class: &str, max: usize) -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("([{class}]|{PCT}){{1,{max}}}")).unwrap()
}

const UNRESERVED_SUB: &str = r"a-zA-Z0-9._~!$&'()*+,;=-";
const PCHAR: &str = r"a-zA-Z0-9._~!$&'()*+,;=:@-";
const QUERY: &str = r"a-zA-Z0-9._~!$&'()*+,;=:@/?-";

/// The expected components of a generated reference.
#[derive(Clone, Debug)]
struct Parts {
    scheme: Option<String>,
    authority: Option<(Option<String>, String, &'static str, Option<String>)>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    fn text(&self) -> String {
        let mut s = String::new();
        if let Some(scheme) = &self.scheme {
            s += scheme;
            s.push(':');
        }
        if let Some((userinfo, host, _, port)) = &self.authority {
            s += "//";
            if let Some(u) = userinfo {
                s += u;
                s.push('@');
            }
            s += host;
            if let Some(p) = port {
                s.push(':');
                s += p;
            }
        }
        s += &self.path;
        if let Some(q) = &self.query {
            s.push('?');
            s += q;
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s += f;
        }
        s
    }
}

fn host() -> impl Strategy<Value = (String, &'static str)> {
    prop_oneof![
        chars(UNRESERVED_SUB, 12)
            // A reg-name that happens to be a dotted quad is an IPv4 host.
            .prop_filter("not an IPv4 address", |h| h.parse::<Ipv4Addr>().is_err())
            .prop_map(|h| (h, "reg-name")),
        any::<[u8; 4]>().prop_map(|o| (Ipv4Addr::from(o).to_string(), "ipv4")),
        any::<[u16; 8]>().prop_map(|g| (format!("[{}]", Ipv6Addr::from(g)), "ipv6")),
        (
            proptest::string::string_regex("[0-9a-fA-F]{1,3}").unwrap(),
            non_empty("a-z0-9:", 6)
        )
            .prop_map(|(v, a)| (format!("[v{v}.{}]", a.replace('%', "")), "ipvfuture"))
            .prop_filter("IPvFuture address is not empty", |(h, _)| !h
                .ends_with(".]")),
    ]
}

fn segments(first: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (first, prop::collection::vec(chars(PCHAR, 6), 0..4))
        .prop_map(|(first, rest)| rest.iter().fold(first, |acc, s| format!("{acc}/{s}")))
}

fn parts() -> impl Strategy<Value = Parts> {
    let scheme =
        prop::option::of(proptest::string::string_regex("[a-zA-Z][a-zA-Z0-9+.-]{0,6}").unwrap());
    let authority = prop::option::of((
        prop::option::of(chars(r"a-zA-Z0-9._~!$&'()*+,;=:-", 8)),
        host(),
        prop::option::of(proptest::string::string_regex("[0-9]{0,6}").unwrap()),
    ));
    let query = prop::option::of(chars(QUERY, 10));
    let fragment = prop::option::of(chars(QUERY, 10));
    (scheme, authority, 0..4u8, query, fragment)
        .prop_flat_map(|(scheme, authority, path_kind, query, fragment)| {
            let has_scheme = scheme.is_some();
            let path: BoxedStrategy<String> = match (&authority, path_kind) {
                // path-abempty after an authority.
                (Some(_), _) => prop::collection::vec(chars(PCHAR, 6), 0..4)
                    .prop_map(|segs| segs.iter().map(|s| format!("/{s}")).collect())
                    .boxed(),
                // path-absolute.
                (None, 0) => prop::option::of(segments(non_empty(PCHAR, 6)))
                    .prop_map(|p| format!("/{}", p.unwrap_or_default()))
                    .boxed(),
                // path-rootless, or path-noscheme without a scheme.
                (None, 1) if has_scheme => segments(non_empty(PCHAR, 6)).boxed(),
                (None, 1) => segments(non_empty(r"a-zA-Z0-9._~!$&'()*+,;=@-", 6)).boxed(),
                // path-empty.
                _ => Just(String::new()).boxed(),
            };
            (
                Just(scheme),
                Just(authority),
                path,
                Just(query),
                Just(fragment),
            )
        })
        .prop_map(|(scheme, authority, path, query, fragment)| Parts {
            scheme,
            authority: authority.map(|(u, (h, kind), p)| (u, h, kind, p)),
            path,
            query,
            fragment,
        })
}

fn concat(uri: &UriRef<'_>) -> String {
    let mut s = String::new();
    if let Some(scheme) = uri.scheme() {
        s = format!("{scheme}:");
    }
    if let Some(a) = uri.authority() {
        s += "//";
        if let Some(u) = a.userinfo() {
            s += &format!("{u}@");
        }
        s += a.host_str();
        if let Some(p) = a.port() {
            s += &format!(":{p}");
        }
    }
    s += uri.path();
    if let Some(q) = uri.query() {
        s += &format!("?{q}");
    }
    if let Some(f) = uri.fragment() {
        s += &format!("#{f}");
    }
    s
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/props.txt"))]

    #[test]
    fn generated_references_parse_into_their_components(parts in parts()) {
        let text = parts.text();
        let uri = UriRef::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(uri.to_string(), text.clone());
        prop_assert_eq!(concat(&uri), text.clone());
        prop_assert_eq!(uri.scheme(), parts.scheme.as_deref());
        prop_assert_eq!(uri.path(), parts.path.as_str());
        prop_assert_eq!(uri.query(), parts.query.as_deref());
        prop_assert_eq!(uri.fragment(), parts.fragment.as_deref());
        match (&parts.authority, uri.authority()) {
            (None, None) => {}
            (Some((userinfo, host, kind, port)), Some(a)) => {
                prop_assert_eq!(a.userinfo(), userinfo.as_deref());
                prop_assert_eq!(a.host_str(), host.as_str());
                prop_assert_eq!(a.host().kind(), *kind);
                prop_assert_eq!(a.port(), port.as_deref());
                if let Host::Ipv6 { addr, .. } = a.host() {
                    prop_assert_eq!(format!("[{addr}]"), host.clone());
                }
            }
            (want, got) => prop_assert!(false, "authority: want {:?}, got {:?}", want, got),
        }
        // Owned and borrowed agree.
        let owned = UriRefBuf::parse(text.clone()).unwrap();
        prop_assert_eq!(owned.borrow(), uri);
    }

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        match UriRef::parse(&input) {
            Ok(uri) => prop_assert_eq!(concat(&uri), input),
            Err(e) => {
                prop_assert!(e.offset() <= input.len());
                prop_assert!(input.is_char_boundary(e.offset()));
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn uri_like_strings_never_panic(input in "[a-z0-9:/?#\\[\\]@%.!$&'()*+,;= \\-~_vV]{0,40}") {
        for result in [UriRef::parse(&input), UriRef::parse_relative(&input)] {
            match result {
                Ok(uri) => prop_assert_eq!(concat(&uri), input.clone()),
                Err(e) => prop_assert!(e.offset() <= input.len()),
            }
        }
        let _ = peguri::Uri::parse(&input);
        let _ = peguri::Uri::parse_absolute(&input);
    }
}
