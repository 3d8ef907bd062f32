//! The two engines agree: the code generated from the grammars at build time
//! and pest_derive's parser with the pairs walker must accept the same
//! inputs and find the same components, for every typed entry rule of the
//! grammars (RFC 3986 and RFC 3987, each with and without RFC 6874's zones); and on
//! input they reject, the compiled error pass must find pest's own failure
//! (position, expected rules, rules that must not match) and so the same
//! error.

use crate::common;
use crate::support;

use peguri::__engines::{RULES, parse_fast, parse_with_pest};
use peguri::{Authority, UriRef};
use proptest::prelude::*;

/// The corpus is large and pest_derive slow in a debug build: every line is
/// checked as a URI reference, every line that RFC 3986 rejects in every
/// entry rule of every grammar (the errors), and a fixed sample of the rest
/// (one line in `SAMPLE`) in every entry rule of every grammar too.
const SAMPLE: usize = 16;

type Components<'a> = (
    Option<&'a str>,
    Option<Authority<'a>>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn components<'a>(uri: &UriRef<'a>) -> Components<'a> {
    (
        uri.scheme(),
        uri.authority(),
        uri.path(),
        uri.query(),
        uri.fragment(),
    )
}

/// The engines' disagreement on `input` as `rule`, if any: on the whole
/// input, and on the longest prefix the rule matches (which error reports
/// use).
fn disagreement(input: &str, rule: &str) -> Option<String> {
    if let Some(problem) = whole_disagreement(input, rule) {
        return Some(problem);
    }
    // A rule matches in one way only (PEG is deterministic): on input both
    // engines accept whole, the longest prefix is the whole input, already
    // compared.
    if parse_fast(input, rule).is_some() {
        return None;
    }
    let fast = peguri::__engines::parse_prefix(input, rule, true);
    let pest = peguri::__engines::parse_prefix(input, rule, false);
    let (f, p) = (fast.as_ref().map(components), pest.as_ref().map(components));
    if f != p {
        return Some(format!(
            "{input:?} as {rule}: the longest prefixes differ\n  fast: {f:?}\n  pest: {p:?}"
        ));
    }
    error_disagreement(input, rule)
}

/// On rejected input, the compiled error pass must find pest's failure, and
/// the error must be exactly the one the pest route reports: same offset,
/// column, message, expected.
fn error_disagreement(input: &str, rule: &str) -> Option<String> {
    let pest_failure = peguri::__engines::pest_failure(input, rule);
    let compiled_failure = peguri::__engines::compiled_failure(input, rule);
    if compiled_failure != pest_failure {
        return Some(format!(
            "{input:?} as {rule}: the failures differ\n  compiled: {compiled_failure:?}\n  pest:     {pest_failure:?}"
        ));
    }
    let compiled = peguri::__engines::compiled_error(input, rule);
    let pest = peguri::__engines::pest_error(input, rule);
    if compiled != pest {
        return Some(format!(
            "{input:?} as {rule}: the errors differ\n  compiled: {compiled:?}\n  pest:     {pest:?}"
        ));
    }
    None
}

fn whole_disagreement(input: &str, rule: &str) -> Option<String> {
    let fast = parse_fast(input, rule);
    let pest = parse_with_pest(input, rule).expect("a known rule");
    match (fast, pest) {
        (None, Err(_)) => None,
        (Some(fast), Ok(pest)) => {
            let (f, p) = (components(&fast), components(&pest));
            if f == p {
                // Equal authorities compare host values and spans too; check
                // the host views as well, which include IP values.
                let hosts = (
                    fast.authority().map(|a| a.host()),
                    pest.authority().map(|a| a.host()),
                );
                if hosts.0 == hosts.1 {
                    return None;
                }
            }
            Some(format!(
                "{input:?} as {rule}: components differ\n  fast: {f:?}\n  pest: {p:?}"
            ))
        }
        (Some(fast), Err(e)) => Some(format!(
            "{input:?} as {rule}: only the fast engine accepts it ({:?}); pest: {}",
            components(&fast),
            e.message()
        )),
        (None, Ok(pest)) => Some(format!(
            "{input:?} as {rule}: only pest accepts it ({:?})",
            components(&pest)
        )),
    }
}

#[track_caller]
fn assert_agree(inputs: impl IntoIterator<Item = String>, what: &str) {
    assert_agree_on(inputs, what, &RULES);
}

#[track_caller]
fn assert_agree_on(inputs: impl IntoIterator<Item = String>, what: &str, rules: &[&str]) {
    let mut checked = 0;
    let mut problems = Vec::new();
    for input in inputs {
        for &rule in rules {
            checked += 1;
            if let Some(problem) = disagreement(&input, rule) {
                problems.push(problem);
            }
        }
    }
    eprintln!("{what}: {checked} parses compared");
    assert!(
        problems.is_empty(),
        "{} disagreements in {what}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

fn record_inputs(file: &str) -> Option<Vec<String>> {
    let records = common::shared_records(file)?;
    Some(
        records
            .iter()
            .filter_map(|r| common::str_field(r, "input"))
            .map(str::to_owned)
            .collect(),
    )
}

#[test]
fn agree_on_valid_vectors() {
    if let Some(inputs) = record_inputs("testdata/valid.json") {
        assert_agree(inputs, "valid.json");
    }
}

#[test]
fn agree_on_invalid_vectors() {
    if let Some(inputs) = record_inputs("testdata/invalid.json") {
        assert_agree(inputs, "invalid.json");
    }
}

#[test]
fn agree_on_ip_literal_vectors() {
    if let Some(inputs) = record_inputs("testdata/ipv6.json") {
        // Each literal on its own, and as the host of a URI and of a
        // network-path reference (bracketed when it is not already).
        let mut all = Vec::new();
        for input in inputs {
            let literal = if input.starts_with('[') {
                input.clone()
            } else {
                format!("[{input}]")
            };
            all.push(format!("http://{literal}/p?q#f"));
            all.push(format!("//u@{literal}:80"));
            all.push(input);
        }
        assert_agree(all, "ipv6.json");
    }
}

#[test]
fn agree_on_corpus() {
    let Some(dir) = common::shared_file("corpus") else {
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("readable corpus directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus files in {}", dir.display());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable corpus file");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let lines = text
            .lines()
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>();
        let what = file.display().to_string();
        let mut everywhere = Vec::new();
        let mut rest = Vec::new();
        for (i, line) in lines.into_iter().enumerate() {
            if i % SAMPLE == 0 || peguri::UriRef::parse(&line).is_err() {
                everywhere.push(line);
            } else {
                rest.push(line);
            }
        }
        assert_agree_on(everywhere, &what, &RULES);
        assert_agree_on(rest, &what, &["URI-reference"]);
    }
}

#[test]
fn agree_on_iri_vectors() {
    if let Some(records) = common::shared_records("testdata/iri.json") {
        let mut inputs = Vec::new();
        for record in &records {
            for field in ["input", "iri", "uri", "base", "expected"] {
                if let Some(text) = common::str_field(record, field) {
                    inputs.push(text.to_owned());
                }
            }
        }
        assert_agree(inputs, "iri.json");
    }
}

/// The compiled error pass numbers rules as pest_derive's `Rule` enum does,
/// so a set of expected rules means the same on both sides.
#[test]
fn rule_numbers_follow_pests_enum() {
    let names = peguri::__engines::rule_names();
    assert_eq!(names[0], "EOI");
    for &rule in peguri::grammar::Rule::all_rules() {
        assert_eq!(names[rule as usize], format!("{rule:?}"));
    }
}

#[test]
fn agree_on_generated_corpus() {
    // The benchmarks' generated corpus, and long inputs: checked even where
    // ../shared is missing.
    let mut inputs = support::generated(3_000);
    inputs.extend([1_000, 100_000].map(support::long_uri));
    assert_agree(inputs, "generated corpus");
}

#[test]
fn agree_on_edge_cases() {
    let cases = [
        "",
        ":",
        "a:",
        "1a:b",
        "//",
        "///",
        "//@",
        "//:",
        "//h:",
        "//h:80x",
        "//[::1]",
        "//[::1",
        "//[v1.x]",
        "//[V1F.a:b]",
        "//[v.x]",
        "//[v1.]",
        "//[1:2:3:4:5:6:7:8]",
        "//[1:2:3:4:5:6:1.2.3.4]",
        "//[::ffff:1.2.3.4]",
        "//[1::2::3]",
        "//1.2.3.4",
        "//1.2.3.4.5",
        "//1.2.3.256",
        "//1.2.3.4%41",
        "//01.2.3.4",
        "//u:p@h:1/p?q#f",
        "a:/b",
        "a://b@c@d",
        "./a:b",
        "a%2",
        "a%zz",
        "?",
        "#",
        "#?#",
        "é",
        "/é",
        "//[fe80::1%25en0]",
        "//[fe80::1%25]",
        "//[fe80::1%en0]",
        "//[fe80::1%25en0",
        "//[fe80::1%25e%]",
        "http://[1:12345::]/",
        "http://[::g]/",
        "//[%",
        "http://[%41]/",
        // A failed IP literal is described without the error pass unless
        // a `%` follows its `[`.
        "http://[1::2::3]/%41",
        "http://[1::2::3]/%zz",
        "//[v1.x%zz]/",
        "//[v1.x]%zz",
        "//[::1%zz]/%41",
        "//[g::1]]%",
        "//[1:2:3%",
        "http://ü/ä?\u{E000}#\u{E000}",
        "ü:x",
        "//ü@ö:8/ß",
        "/\u{FFFF}",
        "a\u{202E}b",
    ];
    assert_agree(cases.iter().map(|s| (*s).to_owned()), "edge cases");
}

const TOKENS: &[&str] = &[
    "http", "a", "Z", "1", "0", "25", "255", "256", "09", ":", "::", "//", "/", "?", "#", "@", "[",
    "]", ".", "%", "%4", "%41", "%g", "v", "V", "v1.", "ffff", "1.2.3.4", "-", "_", "~", "!", "$",
    "'", "(", "*", "+", ",", ";", "=", " ", "é", "\"", "{", "\\", "%25", "en0", "ü", "\u{E000}",
    "\u{FFFE}", "日本",
];

proptest! {
    #![proptest_config(crate::seeds::proptest_config(2000, "tests/proptest-regressions/library/engines.txt"))]

    #[test]
    fn agree_on_token_strings(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..14)) {
        let input = tokens.concat();
        for rule in RULES {
            let problem = disagreement(&input, rule);
            prop_assert!(problem.is_none(), "{}", problem.unwrap_or_default());
        }
    }

    #[test]
    fn agree_on_uri_characters(input in "[a-zA-Z0-9:/?#\\[\\]@!$&'()*+,;=%._~ -]{0,32}") {
        for rule in RULES {
            let problem = disagreement(&input, rule);
            prop_assert!(problem.is_none(), "{}", problem.unwrap_or_default());
        }
    }
}
