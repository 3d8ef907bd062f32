//! The generated recognizer and pest_derive's parser agree on validity and
//! on every component, for all four entry rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::__engines::{parse_fast, parse_with_pest};
use peguri::UriRef;

fn parts<'a>(u: &UriRef<'a>) -> impl PartialEq + std::fmt::Debug + 'a {
    let a = u.authority();
    (
        u.scheme(),
        a.map(|a| (a.userinfo(), a.host(), a.port())),
        u.path(),
        u.query(),
        u.fragment(),
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for rule in ["URI-reference", "URI", "absolute-URI", "relative-ref"] {
        let fast = parse_fast(input, rule);
        let pest = parse_with_pest(input, rule).expect("known rule");
        match (fast, pest) {
            (Some(f), Ok(p)) => assert_eq!(parts(&f), parts(&p), "{rule} {input:?}"),
            (None, Err(_)) => {}
            (f, p) => panic!("{rule} {input:?}: fast {:?}, pest {:?}", f.is_some(), p.is_ok()),
        }
    }
});
