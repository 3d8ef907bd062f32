//! Normalization never panics, is idempotent, and a reference is
//! equivalent to its normal form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{equivalent, normalize, normalize_syntax, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(uri) = UriRef::parse(input) else {
        return;
    };
    let once = normalize(&uri);
    let twice = normalize(&once.as_uri_ref());
    assert_eq!(once, twice, "normalize is idempotent on {input:?}");
    let syntax = normalize_syntax(&uri);
    assert_eq!(syntax, normalize_syntax(&syntax.as_uri_ref()), "normalize_syntax on {input:?}");
    assert!(equivalent(&uri, &once.as_uri_ref()), "{input:?} ~ {once}");
});
