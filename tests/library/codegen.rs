//! Tests of the generator (`build/codegen/`) on small grammars: what it
//! rejects, the shape of what it writes, and, for the sample grammar
//! `tests/codegen/sample.pest` that `build.rs` compiles, that the generated
//! recognizer matches exactly what pest_derive's parser matches, records
//! exactly the tokens pest produces, and fails where pest fails, expecting
//! what pest expects.

#[path = "../../build/codegen/mod.rs"]
mod generator;

#[allow(dead_code)]
#[path = "../../src/syntax/runtime.rs"]
mod runtime;

use generator::{Config, generate};
use pest::Parser as _;
use proptest::prelude::*;

fn generate_with(grammar: &str, record: &[&str], entries: &[&str]) -> Result<String, String> {
    let fields: Vec<(&str, [&str; 1])> = record.iter().map(|r| (*r, [*r])).collect();
    let record: Vec<(&str, &[&str])> = fields.iter().map(|(f, r)| (*f, &r[..])).collect();
    generate(
        grammar,
        &Config {
            record: &record,
            entries,
            ..Config::default()
        },
    )
}

#[track_caller]
fn assert_rejected(grammar: &str, needle: &str) {
    match generate_with(grammar, &[], &[]) {
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
fn rejects_unicode_properties() {
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
    let err = generate_with(r#"a = { "x" }"#, &["b"], &[]).unwrap_err();
    assert!(
        err.contains("rule `b` is named in the generator configuration"),
        "{err}"
    );
    let err = generate_with(r#"a = { "x" }"#, &[], &["c"]).unwrap_err();
    assert!(err.contains("rule `c`"), "{err}");
}

#[test]
fn classes_become_tables_and_loops() {
    let code = generate_with(
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
    assert!(code.contains("Some(scan(s, p, &T"), "{code}");
    assert!(!code.contains("r_d(s"), "{code}");
    assert!(
        code.contains("pub(crate) fn match_ds(s: &[u8], rec: &mut Rec)"),
        "{code}"
    );
}

#[test]
fn classes_merge_across_disjoint_alternatives_only() {
    // "%" HEX HEX cannot start with ':' so ':' joins the first class.
    let code = generate_with(
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
fn bounded_repetitions_shared_by_alternatives_run_once() {
    // `(d ~ ":")` is repeated by three alternatives: one run serves them.
    // `"b"{2}` appears once, and a class body (`"c"{1,2}`) is a scan.
    let shared = r#"g = @{ (d ~ ":"){3} ~ "x" | (d ~ ":"){1,2} ~ "y" | ":" ~ (d ~ ":"){2} | "b"{2} | "c"{1,2} } d = { "0" | "1" ~ "1" }"#;
    let code = generate_with(shared, &[], &["g"]).unwrap();
    assert_eq!(code.matches("Runs::<4>::new()").count(), 1, "{code}");
    assert_eq!(code.matches(".take(").count(), 3, "{code}");
    let single = r#"g = @{ (d ~ ":"){3} ~ "x" | "y" } d = { "0" | "1" ~ "1" }"#;
    let code = generate_with(single, &[], &["g"]).unwrap();
    assert!(!code.contains("Runs::<"), "{code}");
}

#[test]
fn runs_of_wide_classes_scan_whole_lead_bytes() {
    // U+0400..U+07FF is every character of the lead bytes 0xD0..0xDF; 'é'
    // is one character of 0xC3.
    let code = generate_with(
        r#"w = @{ ('\u{0400}'..'\u{07FF}' | "é" | "a")* }"#,
        &[],
        &["w"],
    )
    .unwrap();
    assert!(code.contains("runs of"), "{code}");
    assert!(code.contains("(128u8, 191u8), (208u8, 223u8)"), "{code}");
    assert!(!code.contains("195u8"), "{code}");
}

#[test]
fn sequences_of_single_bytes_test_one_window() {
    let code = generate_with(
        r#"esc = @{ "%" ~ hex ~ hex } hex = { '0'..'9' | 'a'..'f' } top = { esc* ~ EOI }"#,
        &[],
        &["top"],
    )
    .unwrap();
    // The first byte, then the other two in one slice pattern.
    assert!(code.contains("Some(&b0) if (b0 == b'%')"), "{code}");
    assert!(code.contains("Some(&[b1, b2]) if T"), "{code}");
}

#[test]
fn choices_save_only_what_a_failure_can_leave() {
    let code = generate_with(
        r#"top = { (x ~ "!" | y ~ "+"* | "z") ~ EOI } x = { "x" } y = { "y" }"#,
        &["x", "y"],
        &["top"],
    )
    .unwrap();
    // `x ~ "!"` can fail after `x` recorded; `y ~ "+"*` cannot after `y`.
    assert!(code.contains("= rec.x;"), "{code}");
    assert!(!code.contains("= rec.y;"), "{code}");
}

#[test]
fn records_only_where_pest_makes_tokens() {
    let code = generate_with(
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

#[test]
fn non_ascii_ranges_become_byte_patterns() {
    let code = generate_with("a = @{ ('α'..'ω' | \"-\")+ }", &[], &["a"]).unwrap();
    // α is CE B1, ω is CF 89.
    assert!(
        code.contains("[0xce, 0xb1..=0xbf, ..] => Some(p + 2)"),
        "{code}"
    );
    assert!(
        code.contains("[0xcf, 0x80..=0x89, ..] => Some(p + 2)"),
        "{code}"
    );
}

#[test]
fn classes_are_tabulated_by_interpreting_the_grammar() {
    let code = generate(
        r#"d = @{ '0'..'9' } w = @{ "x" ~ (d | "_")* }"#,
        &Config {
            classes: &[("tail", "w", "x"), ("digit", "d", "")],
            ..Config::default()
        },
    )
    .unwrap();
    let table = |name: &str| -> Vec<u8> {
        let start = code
            .find(&format!("CLASS_{name}: [bool; 128] = ["))
            .unwrap();
        let list = &code[start..];
        let list = &list[list.find('[').unwrap() + 1..list.find("];").unwrap()];
        let list = &list[list.find('[').unwrap() + 1..];
        list.split(", ")
            .enumerate()
            .filter(|(_, v)| v.trim() == "true")
            .map(|(i, _)| i as u8)
            .collect()
    };
    assert_eq!(table("digit"), (b'0'..=b'9').collect::<Vec<_>>());
    let mut tail: Vec<u8> = (b'0'..=b'9').collect();
    tail.push(b'_');
    assert_eq!(table("tail"), tail);
}

#[allow(
    clippy::all,
    unused,
    non_snake_case,
    non_upper_case_globals,
    unused_parens,
    unused_comparisons
)]
mod sample {
    use super::runtime::{
        Failure, Look, Runs, Slot, Tracker, char_len, put, run_upto, scan, table,
    };

    include!(concat!(env!("OUT_DIR"), "/sample_grammar.rs"));
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
        Rule::wide_entry => sample::match_wide_entry(s, &mut rec),
        Rule::groups_entry => sample::match_groups_entry(s, &mut rec),
        Rule::script_entry => sample::match_script_entry(s, &mut rec),
        Rule::undo_entry => sample::match_undo_entry(s, &mut rec),
        _ => unreachable!("not an entry of the sample"),
    }?;
    Some(
        rec.fields()
            .iter()
            .map(|(n, s)| ((*n).to_owned(), *s))
            .collect(),
    )
}

const ENTRIES: [Rule; 9] = [
    Rule::top,
    Rule::list_entry,
    Rule::look_entry,
    Rule::counted_entry,
    Rule::runs_entry,
    Rule::wide_entry,
    Rule::groups_entry,
    Rule::script_entry,
    Rule::undo_entry,
];

/// Where a parse failed and what was expected, by rule name, as pest
/// reports it: position, positives, negatives.
type Failure = (usize, Vec<String>, Vec<String>);

fn pest_failure(rule: Rule, input: &str) -> Option<Failure> {
    let e = SampleParser::parse(rule, input).err()?;
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((p, _)) => p,
    };
    let names = |rules: &[Rule]| rules.iter().map(|r| format!("{r:?}")).collect();
    match &e.variant {
        pest::error::ErrorVariant::ParsingError {
            positives,
            negatives,
        } => Some((pos, names(positives), names(negatives))),
        pest::error::ErrorVariant::CustomError { .. } => Some((pos, vec![], vec![])),
    }
}

fn compiled_failure(rule: Rule, input: &str) -> Option<Failure> {
    let s = input.as_bytes();
    let failure = match rule {
        Rule::top => sample::fail_top(s),
        Rule::list_entry => sample::fail_list_entry(s),
        Rule::look_entry => sample::fail_look_entry(s),
        Rule::counted_entry => sample::fail_counted_entry(s),
        Rule::runs_entry => sample::fail_runs_entry(s),
        Rule::wide_entry => sample::fail_wide_entry(s),
        Rule::groups_entry => sample::fail_groups_entry(s),
        Rule::script_entry => sample::fail_script_entry(s),
        Rule::undo_entry => sample::fail_undo_entry(s),
        _ => unreachable!("not an entry of the sample"),
    }?;
    assert!(!failure.overflowed);
    let names = |set: runtime::RuleSet<{ sample::RULE_WORDS }>| {
        set.iter()
            .map(|id| sample::RULE_NAMES[usize::from(id)].to_owned())
            .collect()
    };
    Some((
        failure.pos,
        names(failure.positives),
        names(failure.negatives),
    ))
}

#[test]
fn rule_names_follow_pests_enum() {
    assert_eq!(sample::RULE_NAMES[0], "EOI");
    for &rule in Rule::all_rules() {
        assert_eq!(sample::RULE_NAMES[rule as usize], format!("{rule:?}"));
    }
}

#[track_caller]
fn assert_same(input: &str) {
    for rule in ENTRIES {
        assert_eq!(
            fast_records(rule, input),
            pest_records(rule, input),
            "{input:?} as {rule:?}"
        );
        assert_eq!(
            compiled_failure(rule, input),
            pest_failure(rule, input),
            "failure of {input:?} as {rule:?}"
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
        "αβ",
        "aé😀x,b;",
        "ω€,",
        "a,",
        "αß",
        "é,éé,ccc;",
        "d",
        "😀😀 x",
        "1:2:3:4",
        "::1:2:3",
        "1::2:3",
        "1:2::3",
        "12:34:5::",
        "1::",
        "::",
        "1:2:3:4:5",
        "1:2:x",
        "1:2:3:x,::4",
        "1:::2",
        "1:2::3:4:5",
        "Жa߿,ကx",
        "αЖω῿",
        "Ж΄Ж",
        "ЖࠀЖ,a",
        "က\u{0080}",
        "ab",
        "ab!",
        "12++",
        "12+x",
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
    // Groups: the alternatives that share runs match where pest does.
    for (input, end) in [("1:2:3:4", 7), ("12::3:4", 7), ("1:2:3::", 7), ("1:2:x", 5)] {
        let records = fast_records(Rule::groups_entry, input).unwrap();
        let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
        assert_eq!(get("groups"), Some((0, end)), "{input}");
    }
    // A run crosses whole lead bytes of its class in the byte loop, and
    // stops at a character it does not hold ('΄' shares α's lead byte).
    let records = fast_records(Rule::script_entry, "Жαကé,῿a").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(get("script"), Some((0, 9)));
    for rejected in ["Ж΄", "က\u{0080}", "Жࠀ", "αß"] {
        assert!(
            fast_records(Rule::script_entry, rejected).is_none(),
            "{rejected}"
        );
    }
    // A record made by an alternative that then failed is undone.
    let records = fast_records(Rule::undo_entry, "ab").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(get("word"), None);
    let records = fast_records(Rule::undo_entry, "12++").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(get("num"), Some((0, 2)));
    // Non-ASCII classes match whole characters.
    let records = fast_records(Rule::wide_entry, "αé😀b x,c").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(get("wide"), Some((0, 11)));
    assert!(fast_records(Rule::wide_entry, "ß").is_none());
    // And failures are pest's.
    assert_eq!(
        compiled_failure(Rule::top, "abc=1234"),
        Some((4, vec!["num".to_owned()], vec![]))
    );
}

/// Whether a pattern of `utf8::sequences` matches these bytes.
fn pattern_matches(pattern: &[(u8, u8)], bytes: &[u8]) -> bool {
    pattern.len() == bytes.len()
        && pattern
            .iter()
            .zip(bytes)
            .all(|(&(lo, hi), &b)| (lo..=hi).contains(&b))
}

fn regex_syntax_sequences(lo: char, hi: char) -> Vec<Vec<(u8, u8)>> {
    regex_syntax::utf8::Utf8Sequences::new(lo, hi)
        .map(|seq| seq.as_slice().iter().map(|r| (r.start, r.end)).collect())
        .collect()
}

#[test]
fn utf8_patterns_match_each_character_of_the_range_once() {
    use generator::utf8::sequences;
    let ranges = [
        ('\u{80}', '\u{10FFFF}'),
        ('\u{A0}', '\u{D7FF}'),
        ('\u{D7FF}', '\u{E000}'),
        ('\u{7F}', '\u{800}'),
        ('\u{FFFF}', '\u{10000}'),
        ('\u{E000}', '\u{F8FF}'),
        ('\u{F0000}', '\u{FFFFD}'),
        ('\u{1F600}', '\u{1F64F}'),
        ('é', 'é'),
    ];
    // Characters at and around every six-bit group boundary.
    let probes: Vec<char> = (0..=0x10FFFFu32)
        .filter(|c| matches!(c & 0x3F, 0 | 1 | 0x3E | 0x3F) || c & 0xFFF < 3)
        .filter_map(char::from_u32)
        .collect();
    for (lo, hi) in ranges {
        let patterns = sequences(lo, hi);
        for &c in &probes {
            let mut buf = [0; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            let hits = patterns
                .iter()
                .filter(|p| pattern_matches(p, bytes))
                .count();
            let want = usize::from((lo..=hi).contains(&c));
            assert_eq!(hits, want, "{c:?} in {lo:?}..={hi:?}: {patterns:?}");
        }
        assert_eq!(patterns, regex_syntax_sequences(lo, hi), "{lo:?}..={hi:?}");
    }
    assert!(sequences('b', 'a').is_empty());
}

const TOKENS: &[&str] = &[
    "a", "b", "c", "d", "e", "x", "_", "%", "4", "f", "12", "1234", "-", "=", ",", ";", ":", "!",
    "#", ".", "tag", "TAG", "é", " ", "/", "|", "α", "ω", "😀", "ß", "€", "::", "Ж", "߿", "ࠀ", "က",
    "῿", "\u{0080}", "΄", "+",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn sample_agrees_with_pest(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..10)) {
        let input = tokens.concat();
        for rule in ENTRIES {
            prop_assert_eq!(fast_records(rule, &input), pest_records(rule, &input), "{:?} as {:?}", input, rule);
            prop_assert_eq!(compiled_failure(rule, &input), pest_failure(rule, &input), "failure of {:?} as {:?}", input, rule);
        }
    }

    #[test]
    fn utf8_patterns_agree_with_regex_syntax(a in any::<char>(), b in any::<char>()) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        prop_assert_eq!(generator::utf8::sequences(lo, hi), regex_syntax_sequences(lo, hi));
    }
}
