//! Every reference whose layout peguri builds by hand, alongside its text
//! (the IRI-to-URI mapping, normalization, resolution, relative references,
//! the setters and the builder), has the components a parse of the same
//! text gives, zone identifiers included; and none of them panics.

use peguri::{Authority, Host, Iri, IriRef, ParseOptions, Uri, UriBuilder, UriRef, UriRefBuf};
use proptest::prelude::*;

const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);
const PCT: &str = "%[0-9A-Fa-f]{2}";
const UNRESERVED_SUB: &str = r"a-zA-Z0-9._~!$&'()*+,;=\-";
const PCHAR: &str = r"a-zA-Z0-9._~!$&'()*+,;=:@\-";
const QUERY: &str = r"a-zA-Z0-9._~!$&'()*+,;=:@/?\-";
/// A few non-ASCII characters of `ucschar`, for the IRIs.
const UCS: &str = r"äöüßé日本語λ";

fn chars(class: &str, max: usize) -> impl Strategy<Value = String> + use<> {
    proptest::string::string_regex(&format!("([{class}]|{PCT}){{0,{max}}}")).unwrap()
}

/// A host of every kind: a registered name, an IPv4 address, an IPv6
/// address with or without an RFC 6874 zone, an IPvFuture.
fn host(iri: bool) -> impl Strategy<Value = String> {
    let name_class = if iri {
        format!("{UNRESERVED_SUB}{UCS}")
    } else {
        UNRESERVED_SUB.to_owned()
    };
    let zone = proptest::string::string_regex(&format!("([a-zA-Z0-9._~-]|{PCT}){{1,6}}")).unwrap();
    prop_oneof![
        chars(&name_class, 8),
        Just("192.0.2.1".to_owned()),
        prop_oneof![
            Just("::1"),
            Just("FE80::A"),
            Just("2001:db8::7:8"),
            Just("::ffff:1.2.3.4")
        ]
        .prop_map(|a| format!("[{a}]")),
        (
            prop_oneof![Just("fe80::1"), Just("FE80::A:B"), Just("::1")],
            zone
        )
            .prop_map(|(a, z)| format!("[{a}%25{z}]")),
        Just("[v1.x:y]".to_owned()),
    ]
}

/// The text of a reference: a scheme, an authority with any host, a path,
/// a query and a fragment, each present or not, with non-ASCII characters
/// when `iri`.
fn reference(iri: bool) -> impl Strategy<Value = String> {
    let extra = if iri { UCS } else { "" };
    let scheme = proptest::option::of(
        proptest::string::string_regex("[a-zA-Z][a-zA-Z0-9+.-]{0,4}").unwrap(),
    );
    let authority = proptest::option::of((
        proptest::option::of(chars(&format!("{UNRESERVED_SUB}:{extra}"), 5)),
        host(iri),
        proptest::option::of(proptest::string::string_regex("[0-9]{0,5}").unwrap()),
    ));
    let segments = proptest::collection::vec(chars(&format!("{PCHAR}{extra}"), 5), 0..4);
    let query = proptest::option::of(chars(&format!("{QUERY}{extra}"), 8));
    let fragment = proptest::option::of(chars(&format!("{QUERY}{extra}"), 8));
    (scheme, authority, segments, query, fragment).prop_map(
        |(scheme, authority, segments, query, fragment)| {
            let mut s = String::new();
            if let Some(scheme) = &scheme {
                s += scheme;
                s.push(':');
            }
            let has_authority = authority.is_some();
            if let Some((userinfo, host, port)) = authority {
                s += "//";
                if let Some(u) = userinfo {
                    s += &u;
                    s.push('@');
                }
                s += &host;
                if let Some(p) = port {
                    s.push(':');
                    s += &p;
                }
            }
            // An absolute path: it fits after an authority or none, and
            // never reads as one ("/" then a non-empty first segment).
            if !segments.is_empty() || has_authority {
                for (i, segment) in segments.iter().enumerate() {
                    s.push('/');
                    if i == 0 && segment.is_empty() && !has_authority {
                        s.push('x');
                    }
                    s += segment;
                }
            }
            if let Some(q) = query {
                s.push('?');
                s += &q;
            }
            if let Some(f) = fragment {
                s.push('#');
                s += &f;
            }
            s
        },
    )
}

/// The components of a reference, as the public API shows them: what its
/// layout determines, the host's kind and zone included.
fn components<'a>(
    scheme: Option<&'a str>,
    authority: Option<Authority<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
) -> impl PartialEq + std::fmt::Debug + 'a {
    // The host's value is read from the text where the layout says, so a
    // stale span shows as a different address or zone.
    let authority = authority.map(|a| (a.as_str(), a.userinfo(), a.host(), a.port()));
    (scheme, authority, path, query, fragment)
}

/// Asserts that `built` has the components a parse of its text with zone
/// identifiers allowed gives: `$parse` (`UriRef` or `IriRef`) is the
/// reference type its borrowed form converts to, and parses its text.
macro_rules! reparses {
    ($built:expr, $parse:ident) => {{
        let owned = &$built;
        let built = peguri::$parse::from(owned.borrow());
        let parsed = peguri::$parse::parse_with(built.as_str(), &ZONES)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(
            components(
                built.scheme(),
                built.authority(),
                built.path(),
                built.query(),
                built.fragment()
            ),
            components(
                parsed.scheme(),
                parsed.authority(),
                parsed.path(),
                parsed.query(),
                parsed.fragment()
            ),
            "{}",
            built
        );
    }};
}

/// [`reparses`] for any URI type.
macro_rules! reparses_as_uri {
    ($built:expr) => {
        reparses!($built, UriRef)
    };
}

/// [`reparses`] for any IRI type.
macro_rules! reparses_as_iri {
    ($built:expr) => {
        reparses!($built, IriRef)
    };
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/layouts.txt"))]

    /// Section 3.1's mapping keeps every span, the zone's too.
    #[test]
    fn iri_to_uri_keeps_every_component(text in reference(true)) {
        let Ok(iri) = peguri::IriRef::parse_with(&text, &ZONES) else { return Ok(()) };
        reparses_as_uri!(iri.to_uri());
        reparses_as_uri!(iri.to_owned().to_uri());
        if let Ok(absolute) = peguri::Iri::try_from(iri) {
            reparses_as_uri!(absolute.to_uri());
        }
        #[cfg(feature = "idna")]
        if let Ok(mapped) = iri.to_uri_idna() {
            reparses_as_uri!(mapped);
        }
    }

    #[test]
    fn normal_forms_keep_their_layouts(text in reference(false), iri_text in reference(true)) {
        if let Ok(uri) = peguri::UriRef::parse_with(&text, &ZONES) {
            reparses_as_uri!(uri.normalize());
            reparses_as_uri!(uri.to_owned().normalize());
            reparses_as_uri!(peguri::Normalizer::new().ipv6_canonical(true).normalize(&uri));
        }
        if let Ok(iri) = peguri::IriRef::parse_with(&iri_text, &ZONES) {
            reparses_as_iri!(iri.normalize());
        }
    }

    #[test]
    fn resolved_and_relative_references_keep_their_layouts(
        base in reference(false),
        reference in reference(false),
        iri_base in reference(true),
        iri_reference in reference(true),
    ) {
        if let (Ok(base), Ok(r)) = (peguri::Uri::parse_with(&base, &ZONES), peguri::UriRef::parse_with(&reference, &ZONES)) {
            let resolved = r.resolve_against(&base);
            reparses_as_uri!(resolved);
            if let Ok(relative) = base.make_relative(&resolved) {
                reparses_as_uri!(relative);
            }
        }
        if let (Ok(base), Ok(r)) = (peguri::Iri::parse_with(&iri_base, &ZONES), peguri::IriRef::parse_with(&iri_reference, &ZONES)) {
            let resolved = r.resolve_against(&base);
            reparses_as_iri!(resolved);
            if let Ok(relative) = base.make_relative(&resolved) {
                reparses_as_iri!(relative);
            }
        }
    }

    /// Every setter on a reference parsed with zone identifiers keeps them.
    #[test]
    fn setters_keep_the_layout_and_the_grammar(
        text in reference(false),
        port in proptest::option::of(any::<u16>()),
        path in chars(PCHAR, 6),
        query in proptest::option::of(chars(QUERY, 6)),
        fragment in proptest::option::of(chars(QUERY, 6)),
        segment in "[ -~]{0,6}",
    ) {
        let Ok(uri) = peguri::UriRef::parse_with(&text, &ZONES) else { return Ok(()) };
        let mut edited: UriRefBuf = uri.to_owned();
        if edited.set_port(port).is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.set_path(&format!("/{path}")).is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.set_query(query.as_deref()).is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.set_fragment(fragment.as_deref()).is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.set_userinfo(Some("u")).is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.push_segment(&segment).is_ok() {
            reparses_as_uri!(edited);
        }
        edited.edit_query().append("k", &segment);
        reparses_as_uri!(edited);
        // A host with a zone identifier, which the grammar the reference
        // was parsed with allows.
        if edited.set_host("[fe80::1%25en0]").is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.set_authority(Some("u@[::1%25lo]:80")).is_ok() {
            reparses_as_uri!(edited);
        }
        if edited.set_scheme(Some("s")).is_ok() {
            reparses_as_uri!(edited);
        }
        if let Ok(absolute) = peguri::Uri::try_from(uri) {
            let mut edited = absolute.to_owned();
            if edited.set_scheme("t").is_ok() {
                reparses_as_uri!(edited);
            }
        }
    }

    /// The setters of the IRI types keep the layout and the grammar, and
    /// take the IRI rules' characters.
    #[test]
    fn iri_setters_keep_the_layout_and_the_grammar(
        text in reference(true),
        path in chars(&format!("{PCHAR}{UCS}"), 6),
        query in proptest::option::of(chars(&format!("{QUERY}{UCS}"), 6)),
        segment in "[ -~äλ]{0,6}",
    ) {
        let Ok(iri) = peguri::IriRef::parse_with(&text, &ZONES) else { return Ok(()) };
        let mut edited = iri.to_owned();
        if edited.set_path(&format!("/{path}")).is_ok() {
            reparses_as_iri!(edited);
        }
        if edited.set_query(query.as_deref()).is_ok() {
            reparses_as_iri!(edited);
        }
        if edited.set_host("bücher.example").is_ok() {
            reparses_as_iri!(edited);
        }
        if edited.set_host("[fe80::1%25en0]").is_ok() {
            reparses_as_iri!(edited);
        }
        if edited.push_segment(&segment).is_ok() {
            reparses_as_iri!(edited);
        }
        edited.edit_query().append("k", &segment);
        reparses_as_iri!(edited);
    }

    /// The builder's reference parses back into what it was given.
    #[test]
    fn built_references_keep_their_layouts(text in reference(false)) {
        let Ok(uri) = UriRef::parse(&text) else { return Ok(()) };
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
        if let Some(fragment) = uri.fragment() {
            builder = builder.fragment(fragment);
        }
        let built = builder.build().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(built.as_str(), uri.as_str());
        reparses_as_uri!(built);
    }

    /// With zone identifiers allowed, the builder takes any generated host,
    /// zoned ones included, and its result keeps the option.
    #[test]
    fn built_references_with_zones_keep_their_layouts(text in reference(false)) {
        let Ok(uri) = peguri::UriRef::parse_with(&text, &ZONES) else { return Ok(()) };
        let mut builder = UriBuilder::with_options(ZONES).path(uri.path());
        if let Some(scheme) = uri.scheme() {
            builder = builder.scheme(scheme);
        }
        if let Some(authority) = uri.authority() {
            builder = builder.authority(authority.as_str());
        }
        let built = builder.build().map_err(|e| TestCaseError::fail(e.to_string()))?;
        reparses_as_uri!(built);
        let mut edited = built.clone();
        if edited.set_port(Some(1)).is_ok() {
            reparses_as_uri!(edited);
        }
    }
}

/// The zone bug of the old hand-written mapping: the zone's span was not
/// moved with the rest, so the host read from stale offsets.
#[test]
fn an_iri_with_a_zone_maps_to_a_uri_with_the_same_zone() {
    for input in [
        "http://ü@[fe80::1%25eth0]/",
        "http://üüüü@[fe80::1%25eth0]:8080/ä",
    ] {
        let iri = peguri::IriRef::parse_with(input, &ZONES).unwrap();
        let uri = iri.to_uri();
        let Host::Ipv6 { addr, zone, .. } = uri.authority().unwrap().host() else {
            panic!("{uri}: not an IPv6 host");
        };
        assert_eq!(addr, "fe80::1".parse::<std::net::Ipv6Addr>().unwrap());
        assert_eq!(zone.unwrap().as_str(), "eth0");
        // Already normal: the mapping writes upper-case triplets.
        assert_eq!(uri.normalize(), uri);
        let _ = uri.socket_addr();
        let absolute = Iri::try_from(iri).unwrap();
        assert_eq!(absolute.to_uri(), uri);
        assert!(Uri::try_from(uri.borrow()).is_ok());
        assert_eq!(IriRef::from(uri.borrow()), uri.as_str());
    }
}
