//! Property tests for IRIs: generated IRI references parse back into their
//! components; every IRI maps to a URI reference with the same components;
//! displaying that URI gives an IRI again; on ASCII input the IRI and URI
//! parsers agree; arbitrary input never panics; IRI resolution and
//! normalization commute with the mapping to URIs.

use peguri::{Iri, IriRef, Normalizer, Uri, UriRef};
use proptest::prelude::*;

const PCT: &str = "%[0-9A-Fa-f]{2}";

/// Some of each `ucschar` range kind: the BMP below the surrogates, the
/// compatibility block, astral planes and the last plane's tail; without
/// the bidirectional formatting characters, which RFC 3987 section 4.1
/// forbids in IRIs (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
const UCS: &str = r"\x{A0}-\x{200D}\x{2010}-\x{2029}\x{202F}-\x{2065}\x{206A}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}\x{10000}-\x{1FFFD}\x{E1000}-\x{EFFFD}";
/// `iprivate`.
const PRIVATE: &str = r"\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FFFD}";

const UNRESERVED_SUB: &str = r"a-zA-Z0-9._~!$&'()*+,;=\-";
const PCHAR: &str = r"a-zA-Z0-9._~!$&'()*+,;=:@\-";
const QUERY: &str = r"a-zA-Z0-9._~!$&'()*+,;=:@/?\-";

fn chars(class: &str, min: usize, max: usize) -> impl Strategy<Value = String> + use<> {
    proptest::string::string_regex(&format!("([{class}]|{PCT}){{{min},{max}}}")).unwrap()
}

#[derive(Clone, Debug)]
struct Parts {
    scheme: Option<String>,
    authority: Option<(Option<String>, String, Option<String>)>,
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
        if let Some((userinfo, host, port)) = &self.authority {
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

fn segments(first_min: usize) -> impl Strategy<Value = String> {
    let class = format!("{PCHAR}{UCS}");
    (
        chars(&class, first_min, 6),
        proptest::collection::vec(chars(&class, 0, 6), 0..3),
    )
        .prop_map(|(first, rest)| {
            let mut s = format!("/{first}");
            for seg in rest {
                s.push('/');
                s += &seg;
            }
            s
        })
}

fn iri_parts() -> impl Strategy<Value = Parts> {
    let scheme = proptest::option::of(
        proptest::string::string_regex("[a-zA-Z][a-zA-Z0-9+.-]{0,5}").unwrap(),
    );
    let authority = proptest::option::of((
        proptest::option::of(chars(&format!("{UNRESERVED_SUB}:{UCS}"), 0, 6)),
        chars(&format!("{UNRESERVED_SUB}{UCS}"), 0, 8),
        proptest::option::of(proptest::string::string_regex("[0-9]{0,5}").unwrap()),
    ));
    let noscheme_first = chars(&format!("{UNRESERVED_SUB}@{UCS}"), 1, 6);
    let query = proptest::option::of(chars(&format!("{QUERY}{UCS}{PRIVATE}"), 0, 8));
    let fragment = proptest::option::of(chars(&format!("{QUERY}{UCS}"), 0, 8));
    (
        scheme,
        authority,
        prop_oneof![Just(String::new()), segments(0), segments(1)],
        noscheme_first,
        query,
        fragment,
    )
        .prop_map(|(scheme, authority, path, first, query, fragment)| {
            let path = match (&authority, path.as_str()) {
                // After an authority: path-abempty, anything goes.
                (Some(_), _) => path,
                // No authority: the path must not start with "//".
                (None, p) if p.starts_with("//") => String::new(),
                // A relative reference may also start with a segment
                // without a colon.
                (None, "") if scheme.is_none() => first,
                (None, _) => path,
            };
            Parts {
                scheme,
                authority,
                path,
                query,
                fragment,
            }
        })
}

/// ASCII text made of URI characters and a few that are not.
fn ascii_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r"[a-c0-9:/?#@\[\]%.!$&'()*+,;=_~ \-]{0,16}").unwrap()
}

fn same_components(a: &IriRef<'_>, b: &UriRef<'_>) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.scheme(), b.scheme());
    prop_assert_eq!(a.authority(), b.authority());
    prop_assert_eq!(a.path(), b.path());
    prop_assert_eq!(a.query(), b.query());
    prop_assert_eq!(a.fragment(), b.fragment());
    Ok(())
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(256, "tests/proptest-regressions/library/iri_props.txt"))]

    #[test]
    fn generated_iris_parse_into_their_components(parts in iri_parts()) {
        let text = parts.text();
        let iri = IriRef::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(iri.as_str(), text.as_str());
        prop_assert_eq!(iri.scheme(), parts.scheme.as_deref());
        let authority = iri.authority();
        prop_assert_eq!(authority.is_some(), parts.authority.is_some());
        if let (Some(a), Some((userinfo, host, port))) = (authority, &parts.authority) {
            prop_assert_eq!(a.userinfo(), userinfo.as_deref());
            prop_assert_eq!(a.host_str(), host.as_str());
            prop_assert_eq!(a.port(), port.as_deref());
        }
        prop_assert_eq!(iri.path(), parts.path.as_str());
        prop_assert_eq!(iri.query(), parts.query.as_deref());
        prop_assert_eq!(iri.fragment(), parts.fragment.as_deref());
    }

    #[test]
    fn every_iri_maps_to_a_uri_reference_with_the_same_components(parts in iri_parts()) {
        let text = parts.text();
        let iri = IriRef::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let uri = iri.to_uri();
        prop_assert!(uri.as_str().is_ascii());
        let reparsed = UriRef::parse(uri.as_str())
            .map_err(|e| TestCaseError::fail(format!("{text:?} mapped to {uri}: {e}")))?;
        // The mapped component positions are those a parse finds.
        let mapped = uri.borrow();
        prop_assert_eq!(mapped.scheme(), reparsed.scheme());
        prop_assert_eq!(mapped.authority(), reparsed.authority());
        prop_assert_eq!(mapped.path(), reparsed.path());
        prop_assert_eq!(mapped.query(), reparsed.query());
        prop_assert_eq!(mapped.fragment(), reparsed.fragment());
        // And they are the IRI's components, each mapped.
        prop_assert_eq!(mapped.scheme(), iri.scheme());
        prop_assert_eq!(mapped.authority().is_some(), iri.authority().is_some());
        prop_assert_eq!(mapped.query().is_some(), iri.query().is_some());
        prop_assert_eq!(mapped.fragment().is_some(), iri.fragment().is_some());
        prop_assert_eq!(mapped.segments().count(), iri.segments().count());
    }

    #[test]
    fn displaying_the_mapped_uri_gives_an_iri_that_maps_back(parts in iri_parts()) {
        let text = parts.text();
        let iri = IriRef::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let uri = iri.to_uri();
        let shown = uri.to_iri();
        let again = IriRef::parse(shown.as_str())
            .map_err(|e| TestCaseError::fail(format!("{uri} displayed as {shown:?}: {e}")))?;
        // Only the hex digits of decoded octets may change case.
        let back = again.to_uri();
        prop_assert!(back.as_str().eq_ignore_ascii_case(uri.as_str()), "{} vs {}", back, uri);
        prop_assert_eq!(back.as_str().len(), uri.as_str().len());
        // Displaying is idempotent.
        prop_assert_eq!(back.to_iri(), shown.clone());
    }

    #[test]
    fn on_ascii_input_iri_and_uri_parsers_agree(text in ascii_text()) {
        let iri = IriRef::parse(&text);
        let uri = UriRef::parse(&text);
        prop_assert_eq!(iri.is_ok(), uri.is_ok(), "{:?}", text);
        match (&iri, &uri) {
            (Ok(iri), Ok(uri)) => {
                same_components(iri, uri)?;
                prop_assert_eq!(iri.to_uri().into_string(), text.clone());
            }
            (Err(a), Err(b)) => prop_assert_eq!(a.offset(), b.offset(), "{:?}", text),
            _ => {}
        }
        prop_assert_eq!(Iri::parse(&text).is_ok(), Uri::parse(&text).is_ok());
        prop_assert_eq!(Iri::parse_absolute(&text).is_ok(), Uri::parse_absolute(&text).is_ok());
        prop_assert_eq!(IriRef::parse_relative(&text).is_ok(), UriRef::parse_relative(&text).is_ok());
    }

    #[test]
    fn arbitrary_input_never_panics(text in any::<String>()) {
        if let Ok(iri) = IriRef::parse(&text) {
            prop_assert!(UriRef::parse(iri.to_uri().as_str()).is_ok());
        }
        if let Ok(uri) = UriRef::parse(&text) {
            prop_assert!(IriRef::parse(uri.to_iri().as_str()).is_ok());
        }
    }

    #[test]
    fn percent_encoded_text_displays_as_an_iri(text in any::<String>()) {
        // Any text, percent-encoded as UTF-8, is a relative path or query
        // whose display decodes exactly the ucschar characters.
        let mut encoded = String::from("?");
        for byte in text.bytes() {
            encoded += &format!("%{byte:02X}");
        }
        let uri = UriRef::parse(&encoded).unwrap();
        let shown = uri.to_iri();
        let iri = IriRef::parse(shown.as_str()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(iri.to_uri().into_string(), encoded.clone());
    }

    #[test]
    fn iri_resolution_is_uri_resolution_of_the_mapped_uris(
        base in iri_parts().prop_filter("a base has a scheme", |p| p.scheme.is_some()),
        reference in iri_parts(),
    ) {
        let base_text = base.text();
        let base = Iri::parse(&base_text).unwrap();
        let reference_text = reference.text();
        let reference = IriRef::parse(&reference_text).unwrap();
        let resolved = reference.resolve_against(&base);
        let (base_uri, reference_uri) = (base.to_uri(), reference.to_uri());
        let via_uris = reference_uri.resolve_against(&base_uri);
        prop_assert_eq!(resolved.to_uri().into_string(), via_uris.into_string());
        // The result's components are where its layout says (it parses
        // back to the same ones).
        let again = IriRef::parse(resolved.as_str()).unwrap();
        prop_assert_eq!(again.path(), resolved.path());
        prop_assert_eq!(again.authority(), resolved.authority());
    }

    /// IRI normalization commutes with the mapping to URIs,
    /// `normalize_iri(x).to_uri() == normalize(x.to_uri())`, for every
    /// preset and step (NFC aside, which URIs do not have), hosts that are
    /// not US-ASCII included; and it is idempotent. (Decoding the triplets
    /// of a `ucschar` without case normalization is the one combination
    /// that does not commute: the mapping back writes upper-case hex.)
    #[test]
    fn iri_normalization_commutes_with_mapping_to_uris(parts in iri_parts()) {
        let text = parts.text();
        let iri = IriRef::parse(&text).unwrap();
        for normalizer in [
            Normalizer::new(),
            Normalizer::syntax(),
            Normalizer::none().case(true),
            Normalizer::none().case(true).percent_encoding(true),
            Normalizer::none().path_segments(true),
            Normalizer::new().ipv6_canonical(true),
        ] {
            let normal = normalizer.normalize(&iri);
            prop_assert_eq!(normalizer.normalize(&normal.borrow()), normal.clone(), "{}", text);
            let via_uri = normalizer.normalize(&iri.to_uri().borrow());
            prop_assert_eq!(normal.to_uri().into_string(), via_uri.into_string(), "{}", text);
        }
        prop_assert_eq!(iri.normalize(), Normalizer::new().normalize(&iri));
    }
}
