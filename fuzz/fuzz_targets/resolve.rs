//! Resolution never panics, and its result re-parses as an absolute URI with
//! the same components (the library checks this itself and reports a
//! `Recomposition` error; here it must never happen). IRIs likewise, and
//! resolving two IRIs gives what resolving the URIs they map to gives.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{IriRef, Resolver, UriRef};
use peguri::error::ResolveErrorKind;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line is the base, the rest the reference.
    let (base, reference) = text.split_once('\n').unwrap_or((text, ""));
    if let (Ok(base), Ok(reference)) = (IriRef::parse(base), IriRef::parse(reference)) {
        check_iri(&base, &reference);
    }
    let (Ok(base), Ok(reference)) = (UriRef::parse(base), UriRef::parse(reference)) else {
        return;
    };
    for resolver in [Resolver::new(), Resolver::new().non_strict(true)] {
        match resolver.resolve(&base, &reference) {
            Ok(uri) => {
                let again = UriRef::parse(uri.as_str()).expect("the result parses");
                assert!(again.has_scheme());
                assert_eq!(again.path(), uri.path());
                assert_eq!(again.query(), uri.query());
                assert_eq!(again.fragment(), uri.fragment());
            }
            Err(e) => {
                assert!(base.is_relative(), "{e}");
                assert_ne!(e.kind(), ResolveErrorKind::Recomposition, "{e}");
            }
        }
    }
});

fn check_iri(base: &IriRef<'_>, reference: &IriRef<'_>) {
    match Resolver::new().resolve(base, reference) {
        Ok(iri) => {
            let again = IriRef::parse(iri.as_str()).expect("the result parses");
            assert!(again.has_scheme());
            assert_eq!(again.path(), iri.path());
            assert_eq!(again.query(), iri.query());
            assert_eq!(again.fragment(), iri.fragment());
            let (base, reference) = (base.to_uri(), reference.to_uri());
            let via_uris = Resolver::new()
                .resolve(&base.as_uri_ref(), &reference.as_uri_ref())
                .expect("the mapped base is absolute too");
            assert_eq!(iri.to_uri().as_str(), via_uris.as_str());
        }
        Err(e) => {
            assert!(base.is_relative(), "{e}");
            assert_ne!(e.kind(), ResolveErrorKind::Recomposition, "{e}");
        }
    }
}
