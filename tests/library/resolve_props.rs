//! Property tests for resolution and `make_relative`, over references built
//! from components: schemes, authorities, paths with dot segments, empty
//! segments (`//` paths), colons in first segments, queries and fragments.

use std::borrow::Cow;

use peguri::error::ResolveErrorKind;
use peguri::{ParseErrorKind, Resolver, Uri, UriRef, remove_dot_segments};
use proptest::prelude::*;

fn scheme() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["http", "HTTP", "s", "foo+bar.baz-1"])
}

fn authority() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::weighted(
        0.5,
        prop::sample::select(vec!["a", "b", "", "u:p@h:80", "[::1]", "1.2.3.4", "h:"]),
    )
}

fn segment() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "", ".", "..", "a", "b", "c:d", "%2E", "%2e%2E", "e=f;g", "@", "...", ".x",
    ])
}

/// A path: segments joined by `/`, with or without a leading `/`.
fn path() -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(segment(), 0..5)).prop_map(|(rooted, segments)| {
        let joined = segments.join("/");
        if rooted { format!("/{joined}") } else { joined }
    })
}

fn query() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec!["", "q", "a=b", "/./x", "?"]))
}

fn fragment() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec!["", "f", "s/../t"]))
}

/// Joins components with their delimiters (RFC 3986 section 5.3).
fn compose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut s = String::new();
    if let Some(scheme) = scheme {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = authority {
        s.push_str("//");
        s.push_str(authority);
    }
    s.push_str(path);
    if let Some(q) = query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

/// References built from components; combinations the grammar rejects (a
/// rootless path after an authority, `a:b` as a relative path...) are
/// filtered out by parsing, and the parsed components are checked to be
/// the ones it was built from.
fn reference(with_scheme: Option<bool>) -> impl Strategy<Value = String> {
    let has_scheme = match with_scheme {
        Some(b) => Just(b).boxed(),
        None => any::<bool>().boxed(),
    };
    (
        has_scheme,
        scheme(),
        authority(),
        path(),
        query(),
        fragment(),
    )
        .prop_filter_map(
            "not a URI reference",
            |(has_scheme, scheme, authority, path, query, fragment)| {
                let scheme = has_scheme.then_some(scheme);
                let text = compose(scheme, authority, &path, query, fragment);
                let parsed = UriRef::parse(&text).ok()?;
                let same = parsed.scheme() == scheme
                    && parsed.authority().map(|a| a.as_str()) == authority
                    && parsed.path() == path
                    && parsed.query() == query
                    && parsed.fragment() == fragment;
                same.then_some(text)
            },
        )
}

/// RFC 3986 section 5.2.2 transcribed as a test oracle, with the `/.`
/// prefix for an authority-less path starting with `//`. Returns the
/// components (scheme, authority, path, query, fragment).
type Parts = (
    String,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
);

fn oracle(base: &UriRef<'_>, r: &UriRef<'_>, non_strict: bool) -> Parts {
    let own = |s: Option<&str>| s.map(str::to_owned);
    let b_scheme = base.scheme().unwrap();
    let b_auth = base.authority().map(|a| a.as_str());
    let r_auth = r.authority().map(|a| a.as_str());
    let r_scheme = r
        .scheme()
        .filter(|s| !(non_strict && s.eq_ignore_ascii_case(b_scheme)));
    let (scheme, authority, path, query);
    if let Some(s) = r_scheme {
        (scheme, authority, path, query) = (s, r_auth, remove_dot_segments(r.path()), r.query());
    } else if r_auth.is_some() {
        (scheme, authority, path, query) =
            (b_scheme, r_auth, remove_dot_segments(r.path()), r.query());
    } else if r.path().is_empty() {
        (scheme, authority, path, query) = (
            b_scheme,
            b_auth,
            base.path().to_owned(),
            r.query().or(base.query()),
        );
    } else if r.path().starts_with('/') {
        (scheme, authority, path, query) =
            (b_scheme, b_auth, remove_dot_segments(r.path()), r.query());
    } else {
        let merged = if b_auth.is_some() && base.path().is_empty() {
            format!("/{}", r.path())
        } else {
            let segments: Vec<&str> = base.path().split('/').collect();
            let dir = segments[..segments.len() - 1].join("/");
            if segments.len() > 1 {
                format!("{dir}/{}", r.path())
            } else {
                r.path().to_owned()
            }
        };
        (scheme, authority, path, query) =
            (b_scheme, b_auth, remove_dot_segments(&merged), r.query());
    }
    let path = if authority.is_none() && path.starts_with("//") {
        format!("/.{path}")
    } else {
        path
    };
    (
        scheme.to_owned(),
        own(authority),
        path,
        own(query),
        own(r.fragment()),
    )
}

fn parts_of(u: &UriRef<'_>) -> Parts {
    (
        u.scheme().unwrap_or_default().to_owned(),
        u.authority().map(|a| a.as_str().to_owned()),
        u.path().to_owned(),
        u.query().map(str::to_owned),
        u.fragment().map(str::to_owned),
    )
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/resolve_props.txt"))]

    /// The result parses again, and its components are the ones section
    /// 5.2.2 computes; resolving the result again changes nothing.
    #[test]
    fn resolve_output_reparses_with_the_computed_components(
        base in reference(Some(true)),
        r in reference(None),
        non_strict in any::<bool>(),
    ) {
        let b = UriRef::parse(&base).unwrap();
        let base = Uri::try_from(b).unwrap();
        let r = UriRef::parse(&r).unwrap();
        let resolver = Resolver::new().non_strict(non_strict);
        let resolved = resolver.resolve(&base, &r);
        let reparsed = UriRef::parse(resolved.as_str()).unwrap();
        prop_assert!(reparsed.has_scheme());
        prop_assert_eq!(parts_of(&reparsed), oracle(&b, &r, non_strict));
        // Unless the base path was copied as is (a reference with no path,
        // authority or scheme of its own), the path went through
        // remove_dot_segments: the result is then already resolved, and as
        // a reference (strictly) it stands for itself.
        let keeps_base_path = r.path().is_empty()
            && r.authority().is_none()
            && r.scheme().is_none_or(|s| non_strict && s.eq_ignore_ascii_case(b.scheme().unwrap()));
        if !keeps_base_path {
            let again = reparsed.resolve_against(&base);
            prop_assert_eq!(again.as_str(), resolved.as_str());
            let path = reparsed.path();
            let without_prefix: Cow<'_, str> =
                if reparsed.authority().is_none() && path.starts_with("/.//") {
                    Cow::Owned(path[2..].to_owned())
                } else {
                    Cow::Borrowed(path)
                };
            prop_assert_eq!(remove_dot_segments(path), without_prefix.as_ref());
        }
    }

    /// A relative reference never becomes a base: it is no `Uri`, and
    /// parsing it as one fails, saying so when it starts as a relative
    /// reference can.
    #[test]
    fn relative_base_is_no_uri(base in reference(Some(false))) {
        let b = UriRef::parse(&base).unwrap();
        prop_assert!(Uri::try_from(b).is_err());
        let err = Uri::parse(&base).unwrap_err();
        if base.starts_with(['/', '.']) {
            prop_assert_eq!(err.kind(), ParseErrorKind::RelativeReference, "{:?}", base);
        }
    }

    /// make_relative's answer resolves back to the target and is never
    /// longer than it. It fails only when no reference can work: never for
    /// a target resolved from the base (the reference is a witness), and
    /// only when the target itself does not resolve to the target.
    #[test]
    fn make_relative_round_trips(
        base in reference(Some(true)),
        other in reference(Some(true)),
        r in reference(None),
        derived in any::<bool>(),
    ) {
        let b = Uri::parse(&base).unwrap();
        // Half the targets are resolved from the base, so that they share
        // its scheme, authority and part of its path.
        let target = if derived {
            UriRef::parse(&r).unwrap().resolve_against(&b).into_string()
        } else {
            other
        };
        let t = Uri::parse(&target).unwrap();
        match b.make_relative(&t) {
            Ok(rel) => {
                let back = rel.resolve_against(&b);
                prop_assert_eq!(back.as_str(), target.as_str(), "via {:?}", rel.as_str());
                prop_assert!(rel.as_str().len() <= target.len(), "{:?}", rel.as_str());
            }
            Err(e) => {
                prop_assert_eq!(e.kind(), ResolveErrorKind::UnreachableTarget);
                prop_assert!(!derived, "{:?} resolves to it", r);
                let itself = t.resolve_against(&b);
                prop_assert_ne!(itself.as_str(), target.as_str());
            }
        }
    }
}
