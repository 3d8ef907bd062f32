//! `make_relative` inverts `resolve`: for absolute base and target, the
//! reference it returns resolves back to the target, and is never longer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::{make_relative, resolve, UriRef};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (base, target) = text.split_once('\n').unwrap_or((text, ""));
    let (Ok(base), Ok(target)) = (UriRef::parse(base), UriRef::parse(target)) else {
        return;
    };
    if base.is_relative() || target.is_relative() {
        return;
    }
    if let Ok(reference) = make_relative(&base, &target) {
        assert!(reference.as_str().len() <= target.as_str().len());
        let back = resolve(&base, &reference.as_uri_ref()).expect("resolves");
        assert_eq!(back.as_str(), target.as_str(), "base {base}, reference {reference}");
    }
});
