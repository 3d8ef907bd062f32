//! The compiled engine and pest_derive's parser agree, for every typed entry
//! of the grammars (RFC 3986's URIs and RFC 3987's IRIs, each with and
//! without RFC 6874's zones): on validity, on every component (host values included), on the
//! longest valid prefix, and on rejected input, on pest's failure (position,
//! expected rules, rules that must not match) and the error built from it.
//! Appendix B's split agrees as well.
//!
//! The first byte picks the entry (one of `RULES`), the rest is the input:
//! one pest_derive run per execution instead of twelve, so the fuzzer
//! explores twelve times as many inputs in the same time.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peguri::__engines::{
    compiled_error, compiled_failure, parse_fast, parse_prefix, parse_with_pest, pest_error,
    pest_failure, split_with_pest, RULES,
};
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
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(input) = std::str::from_utf8(rest) else {
        return;
    };
    let rule = RULES[usize::from(pick) % RULES.len()];
    let fast = parse_fast(input, rule);
    let pest = parse_with_pest(input, rule).expect("known rule");
    match (fast, pest) {
        (Some(f), Ok(p)) => assert_eq!(parts(&f), parts(&p), "{rule} {input:?}"),
        (None, Err(_)) => {
            assert_eq!(
                compiled_failure(input, rule),
                pest_failure(input, rule),
                "failure of {rule} {input:?}"
            );
            assert_eq!(
                compiled_error(input, rule),
                pest_error(input, rule),
                "error of {rule} {input:?}"
            );
        }
        (f, p) => panic!(
            "{rule} {input:?}: fast {:?}, pest {:?}",
            f.is_some(),
            p.is_ok()
        ),
    }
    let prefixes = (
        parse_prefix(input, rule, true).map(|u| format!("{:?}", parts(&u))),
        parse_prefix(input, rule, false).map(|u| format!("{:?}", parts(&u))),
    );
    assert_eq!(prefixes.0, prefixes.1, "prefix of {rule} {input:?}");
    let split = |p: peguri::split::SplitComponents<'_>| {
        format!(
            "{:?}",
            (p.scheme(), p.authority(), p.path(), p.query(), p.fragment())
        )
    };
    assert_eq!(
        split(peguri::split::split_lenient(input)),
        split(split_with_pest(input)),
        "split {input:?}"
    );
});
