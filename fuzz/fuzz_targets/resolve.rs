//! Resolution never panics, and its result re-parses as a URI with the
//! components the algorithm computed. IRIs likewise, and resolving two
//! IRIs gives what resolving the URIs they map to gives.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{Iri, IriRef, Resolver, Uri, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line is the base, the rest the reference.
    let (base, reference) = text.split_once('\n').unwrap_or((text, ""));
    if let (Ok(base), Ok(reference)) = (Iri::parse(base), IriRef::parse(reference)) {
        check_iri(&base, &reference);
    }
    let (Ok(base), Ok(reference)) = (Uri::parse(base), UriRef::parse(reference)) else {
        return;
    };
    for resolver in [Resolver::new(), Resolver::new().non_strict(true)] {
        let uri = resolver.resolve(&base, &reference);
        let again = Uri::parse(uri.as_str()).expect("the result parses");
        assert_eq!(again.authority(), uri.authority());
        assert_eq!(again.path(), uri.path());
        assert_eq!(again.query(), uri.query());
        assert_eq!(again.fragment(), uri.fragment());
    }
});

fn check_iri(base: &Iri<'_>, reference: &IriRef<'_>) {
    let iri = Resolver::new().resolve(base, reference);
    let again = Iri::parse(iri.as_str()).expect("the result parses");
    assert_eq!(again.path(), iri.path());
    assert_eq!(again.query(), iri.query());
    assert_eq!(again.fragment(), iri.fragment());
    let via_uris = reference.to_uri().resolve_against(&base.to_uri());
    assert_eq!(iri.to_uri().as_str(), via_uris.as_str());
}
