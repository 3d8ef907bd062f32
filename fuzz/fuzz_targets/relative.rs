//! `make_relative` inverts resolution: for base and target with a scheme,
//! the reference it returns resolves back to the target, and is never
//! longer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::Uri;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (base, target) = text.split_once('\n').unwrap_or((text, ""));
    let (Ok(base), Ok(target)) = (Uri::parse(base), Uri::parse(target)) else {
        return;
    };
    if let Ok(reference) = base.make_relative(&target) {
        assert!(reference.as_str().len() <= target.as_str().len());
        let back = reference.resolve_against(&base);
        assert_eq!(back.as_str(), target.as_str(), "base {base}, reference {reference}");
    }
});
