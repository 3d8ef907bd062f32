//! Normalization never panics, is idempotent, and a reference is
//! equivalent to its normal form. IRI normalization is idempotent too, and
//! (for US-ASCII hosts, whose case it folds) maps to the URI normalization
//! of the mapped URI.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{IriRef, Normalizer, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(iri) = IriRef::parse(input) {
        check_iri(&iri, input);
    }
    let Ok(uri) = UriRef::parse(input) else {
        return;
    };
    let once = uri.normalize();
    let twice = once.normalize();
    assert_eq!(once, twice, "normalize is idempotent on {input:?}");
    let syntax = Normalizer::syntax().normalize(&uri);
    assert_eq!(syntax, Normalizer::syntax().normalize(&syntax), "syntax normalization on {input:?}");
    assert!(uri.equivalent(&once), "{input:?} ~ {once}");
});

fn check_iri(iri: &IriRef<'_>, input: &str) {
    for normalizer in [Normalizer::new(), Normalizer::syntax()] {
        let once = normalizer.normalize(iri);
        let twice = normalizer.normalize(&once);
        assert_eq!(once, twice, "IRI normalization is idempotent on {input:?}");
        if once.authority().is_none_or(|a| a.host_str().is_ascii()) {
            let via_uri = normalizer.normalize(&iri.to_uri());
            assert_eq!(once.to_uri().as_str(), via_uri.as_str(), "{input:?}");
        }
    }
}
