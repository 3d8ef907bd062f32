//! Resolution never panics, and its result re-parses as an absolute URI with
//! the same components (the library checks this itself and reports a
//! `Recomposition` error; here it must never happen).
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{ResolveErrorKind, Resolver, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The first line is the base, the rest the reference.
    let (base, reference) = text.split_once('\n').unwrap_or((text, ""));
    let (Ok(base), Ok(reference)) = (UriRef::parse(base), UriRef::parse(reference)) else {
        return;
    };
    for resolver in [Resolver::new(), Resolver::new().non_strict(true)] {
        match resolver.resolve(&base, &reference) {
            Ok(uri) => {
                let again = UriRef::parse(uri.as_str()).expect("the result parses");
                assert!(again.is_absolute());
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
