//! Tests of the recognizer generator (`build/codegen.rs`) on small grammars:
//! what it rejects, the shape of what it writes, and, for the sample grammar
//! `tests/codegen/sample.pest` that `build.rs` compiles, that the generated
//! recognizer matches exactly what pest_derive's parser matches and records
//! exactly the tokens pest produces.

#[path = "../build/codegen.rs"]
mod codegen;

use codegen::{generate, Config};
use pest::Parser as _;
use proptest::prelude::*;

fn gen(grammar: &str, record: &[&str], entries: &[&str]) -> Result<String, String> {
    generate(grammar, &Config { record, entries })
}

#[track_caller]
fn assert_rejected(grammar: &str, needle: &str) {
    match gen(grammar, &[], &[]) {
        Ok(_) => panic!("accepted {grammar:?}"),
        Err(message) => assert!(
            message.contains(needle),
            "message {message:?} does not mention {needle:?}"
        ),
    }
}

#[test]
fn rejects_the_stack() {
    assert_rejected(
        r#"a = { PUSH("x") ~ POP }"#,
        "rule `a`: the stack operation `PUSH`",
    );
    assert_rejected(
        r#"a = { "x" ~ PEEK }"#,
        "rule `a`: the stack operation `PEEK`",
    );
    assert_rejected(
        r#"a = { "x" ~ DROP }"#,
        "rule `a`: the stack operation `DROP`",
    );
    assert_rejected(
        r#"a = { PUSH("x") ~ PEEK[..] }"#,
        "rule `a`: the stack operation",
    );
}

#[test]
fn rejects_unicode() {
    assert_rejected(
        "a = { 'a'..'é' }",
        "rule `a`: the non-ASCII character range",
    );
    assert_rejected("a = { LETTER+ }", "rule `a`: the built-in rule `LETTER`");
    assert_rejected("a = { NEWLINE }", "rule `a`: the built-in rule `NEWLINE`");
}

#[test]
fn rejects_implicit_whitespace() {
    assert_rejected(
        r#"WHITESPACE = _{ " " } a = { "x" ~ "y" }"#,
        "rule `WHITESPACE`: implicit whitespace",
    );
}

#[test]
fn rejects_bad_grammars_and_configurations() {
    assert_rejected("a = { ", "does not parse");
    assert_rejected("a = { b }", "invalid");
    let err = gen(r#"a = { "x" }"#, &["b"], &[]).unwrap_err();
    assert!(
        err.contains("rule `b` is named in the generator configuration"),
        "{err}"
    );
    let err = gen(r#"a = { "x" }"#, &[], &["c"]).unwrap_err();
    assert!(err.contains("rule `c`"), "{err}");
}

#[test]
fn classes_become_tables_and_loops() {
    let code = gen(
        r#"d = @{ '0'..'9' | "a" | "_" } ds = @{ d* } one = @{ ^"x" }"#,
        &[],
        &["ds", "one"],
    )
    .unwrap();
    assert!(
        code.contains("table(&[(b'0', b'9'), (b'_', b'_'), (b'a', b'a')])"),
        "{code}"
    );
    // `d*` is a scan over the table, not a call per character.
    assert!(code.contains("while let Some(&b) = s.get(p)"), "{code}");
    assert!(!code.contains("r_d(s"), "{code}");
    assert!(
        code.contains("pub(crate) fn match_ds(s: &[u8], rec: &mut Rec)"),
        "{code}"
    );
}

#[test]
fn classes_merge_across_disjoint_alternatives_only() {
    // "%" HEX HEX cannot start with ':' so ':' joins the first class.
    let code = gen(
        r#"c = @{ "a" | "%" ~ "1" ~ "2" | ":" } e = @{ "a" | "b" ~ "c" | "b" }"#,
        &[],
        &["c", "e"],
    )
    .unwrap();
    assert!(
        code.contains("table(&[(b':', b':'), (b'a', b'a')])"),
        "{code}"
    );
    // In `e`, "b" ~ "c" starts with 'b': the last "b" must stay last.
    assert!(!code.contains("/// \"a\" | \"b\"\n"), "{code}");
    // A choice that cannot match empty first checks the next byte against
    // the bytes its alternatives can start with.
    assert!(code.contains("first bytes of"), "{code}");
}

#[test]
fn records_only_where_pest_makes_tokens() {
    let code = gen(
        r#"top = { x ~ y ~ !x } x = { "x" ~ "-"? } y = @{ x } "#,
        &["x"],
        &["top"],
    )
    .unwrap();
    // `x` is recorded when `top` calls it, not inside the atomic `y`, not in
    // the lookahead.
    assert!(code.contains("fn r_x__t("), "{code}");
    assert_eq!(code.matches("put(&mut rec.x, p, end)").count(), 1, "{code}");
    assert!(
        code.contains("fn r_y(s: &[u8], p: usize) -> Option<usize>"),
        "{code}"
    );
}

// --- the sample grammar, against pest_derive --------------------------------

#[allow(clippy::all, unused, non_snake_case, unused_parens, unused_comparisons)]
mod sample {
    include!(concat!(env!("OUT_DIR"), "/sample_recognizer.rs"));
}

mod reference {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../tests/codegen/sample.pest"]
    pub struct SampleParser;
}

use reference::{Rule, SampleParser};

/// Each recorded rule's name and span.
type Records = Vec<(String, Option<(usize, usize)>)>;

/// What pest says: matched or not, and the first run of each recorded
/// rule's tokens (a later token that starts where the run ends extends it).
fn pest_records(rule: Rule, input: &str) -> Option<Records> {
    let pairs = SampleParser::parse(rule, input).ok()?;
    let names = sample::Rec::default().fields().map(|(n, _)| n);
    let mut out: Vec<(String, Option<(usize, usize)>)> =
        names.iter().map(|n| ((*n).to_owned(), None)).collect();
    for pair in pairs.flatten() {
        let name = format!("{:?}", pair.as_rule());
        let span = pair.as_span();
        if let Some((_, slot)) = out.iter_mut().find(|(n, _)| *n == name) {
            match slot {
                None => *slot = Some((span.start(), span.end())),
                Some((_, end)) if *end == span.start() => *end = span.end(),
                Some(_) => {}
            }
        }
    }
    Some(out)
}

fn fast_records(rule: Rule, input: &str) -> Option<Records> {
    let s = input.as_bytes();
    let mut rec = sample::Rec::default();
    match rule {
        Rule::top => sample::match_top(s, &mut rec),
        Rule::list_entry => sample::match_list_entry(s, &mut rec),
        Rule::look_entry => sample::match_look_entry(s, &mut rec),
        Rule::counted_entry => sample::match_counted_entry(s, &mut rec),
        Rule::runs_entry => sample::match_runs_entry(s, &mut rec),
        _ => unreachable!("not an entry of the sample"),
    }?;
    Some(
        rec.fields()
            .iter()
            .map(|(n, s)| ((*n).to_owned(), *s))
            .collect(),
    )
}

const ENTRIES: [Rule; 5] = [
    Rule::top,
    Rule::list_entry,
    Rule::look_entry,
    Rule::counted_entry,
    Rule::runs_entry,
];

#[track_caller]
fn assert_same(input: &str) {
    for rule in ENTRIES {
        assert_eq!(
            fast_records(rule, input),
            pest_records(rule, input),
            "{input:?} as {rule:?}"
        );
    }
}

#[test]
fn sample_matches_like_pest() {
    let cases = [
        "",
        "abc",
        "abc=12",
        "abc=1234",
        "abc=",
        "_a%4f=-1,x",
        "a%4",
        "tag0f.a-b",
        "TAG0F.a-b,TaG1.z;",
        "tag.x",
        "x=1,,y;",
        "12,34,567",
        "a:b:x",
        "a:b:xy",
        "xé",
        "a=1",
        "1!",
        "aa",
        "aaa",
        "bb",
        "bbbb#12",
        "b",
        "d",
        "ccd",
        "cccd",
        "ee",
        "eee",
        "e",
        "/",
        "//a%41b/",
        "/a|",
        "/a|/",
        "|/a",
        "/%4|/x",
    ];
    for input in cases {
        assert_same(input);
    }
    // The cases do exercise matches and records, not only failures.
    let records = fast_records(Rule::top, "abc=12,tag0f.x").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(get("pair"), Some((0, 6)));
    assert_eq!(get("word"), Some((0, 3)));
    assert_eq!(get("num"), Some((4, 6)));
    assert_eq!(get("tagged"), Some((7, 14)));
    // `hex+` inside the compound-atomic `tagged`: one run of two tokens.
    assert_eq!(get("hex"), Some((10, 12)));
    assert!(fast_records(Rule::top, "abc=1234").is_none());
    let records = fast_records(Rule::runs_entry, "/ab/c|/d").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!((get("runs"), get("runs1")), (Some((0, 5)), Some((6, 8))));
}

const TOKENS: &[&str] = &[
    "a", "b", "c", "d", "e", "x", "_", "%", "4", "f", "12", "1234", "-", "=", ",", ";", ":", "!",
    "#", ".", "tag", "TAG", "é", " ", "/", "|",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn sample_agrees_with_pest(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..10)) {
        let input = tokens.concat();
        for rule in ENTRIES {
            prop_assert_eq!(fast_records(rule, &input), pest_records(rule, &input), "{:?} as {:?}", input, rule);
        }
    }
}
