//! The generator (`peguri-codegen`) on the sample grammar
//! `tests/codegen/sample.pest`, which uses every construct it supports and
//! which `build.rs` compiles with it: the generated recognizer matches
//! exactly what pest_derive's parser matches, records exactly the tokens
//! pest produces, and fails where pest fails, expecting what pest expects;
//! and the code compiles without a warning but for the rule names it
//! carries. (The generator's own tests, on the shape of the code it
//! writes, are in `codegen/`.)

use peguri::__engines::runtime::{self, Slot, put};
use pest::Parser as _;
use proptest::prelude::*;

// Every warning rustc gives on the generated code fails this build, but
// `non_snake_case` (the functions carry the rules' names, `match_top`,
// `r_list_entry__t`) and clippy's style advice, which generated code
// conventionally gets allowed.
#[deny(warnings)]
#[allow(non_snake_case, clippy::all)]
mod sample {
    include!(concat!(env!("OUT_DIR"), "/sample_grammar.rs"));
}

mod reference {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../tests/codegen/sample.pest"]
    pub struct SampleParser;
}

use reference::{Rule, SampleParser};

/// A field of the sample's record.
type Field = fn(&sample::Rec) -> Slot;

/// The sample's record fields, each filled by the rule of its name (as
/// `build.rs` configures it).
const FIELDS: [(&str, Field); 14] = [
    ("word", |r| r.word),
    ("num", |r| r.num),
    ("pair", |r| r.pair),
    ("tagged", |r| r.tagged),
    ("hex", |r| r.hex),
    ("runs", |r| r.runs),
    ("runs1", |r| r.runs1),
    ("wide", |r| r.wide),
    ("groups", |r| r.groups),
    ("script", |r| r.script),
    ("user", |r| r.user),
    ("user1", |r| r.user1),
    ("place", |r| r.place),
    ("octet", |r| r.octet),
];

/// Each recorded rule's name and span.
type Records = Vec<(String, Option<(usize, usize)>)>;

/// What pest says: matched or not, and the first run of each recorded
/// rule's tokens (a later token that starts where the run ends extends it).
fn pest_records(rule: Rule, input: &str) -> Option<Records> {
    let pairs = SampleParser::parse(rule, input).ok()?;
    let mut out: Records = FIELDS
        .iter()
        .map(|(name, _)| ((*name).to_owned(), None))
        .collect();
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
        Rule::login_entry => sample::match_login_entry(s, &mut rec),
        Rule::peek_entry => sample::match_peek_entry(s, &mut rec),
        Rule::login1_entry => sample::match_login1_entry(s, &mut rec),
        Rule::octet_entry => sample::match_octet_entry(s, &mut rec),
        _ => unreachable!("not an entry of the sample"),
    }?;
    Some(
        FIELDS
            .iter()
            .map(|(name, field)| ((*name).to_owned(), field(&rec).get()))
            .collect(),
    )
}

const ENTRIES: [Rule; 13] = [
    Rule::top,
    Rule::list_entry,
    Rule::look_entry,
    Rule::counted_entry,
    Rule::runs_entry,
    Rule::wide_entry,
    Rule::groups_entry,
    Rule::script_entry,
    Rule::undo_entry,
    Rule::login_entry,
    Rule::peek_entry,
    Rule::login1_entry,
    Rule::octet_entry,
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
        Rule::login_entry => sample::fail_login_entry(s),
        Rule::peek_entry => sample::fail_peek_entry(s),
        Rule::login1_entry => sample::fail_login1_entry(s),
        Rule::octet_entry => sample::fail_octet_entry(s),
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
        let name = format!("{rule:?}");
        assert_eq!(sample::RULE_NAMES[rule as usize], name);
        assert_eq!(sample::RULE_LABELS[rule as usize], name.replace('_', "-"));
    }
}

#[test]
fn each_recorded_rule_fills_its_field_by_its_index() {
    for &rule in Rule::all_rules() {
        let name = format!("{rule:?}");
        let mut rec = sample::Rec::default();
        match rec.slot(rule as u16) {
            Some(slot) => put(slot, 1, 2),
            None => continue,
        }
        for (field, get) in FIELDS {
            let want = (field == name).then_some((1, 2));
            assert_eq!(get(&rec).get(), want, "{name} filled {field}");
        }
    }
    let recorded = Rule::all_rules()
        .iter()
        .filter(|&&rule| sample::Rec::default().slot(rule as u16).is_some())
        .count();
    assert_eq!(recorded, FIELDS.len());
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
        "ab.c",
        "u:p@ab.c:80",
        "a:b:c",
        "a!b",
        "a!b@c",
        "%41b:c.d",
        "a%3A:b",
        "a%3",
        "[12]:8",
        "u@[12]",
        "[12",
        "a.b:1,c@d:,e!",
        "@",
        ":",
        "ab@",
        "0",
        "9.10.199.200",
        "249.250.255.256",
        "25",
        "2",
        "260",
        "01",
        "1.",
        "255.25",
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
    // One scan for `(user ~ "@")? ~ place`: with no '@', `name` (all of
    // `place` here) ends at the first ':' or '!' of the run `user` read,
    // and `user` is undone.
    for (input, user, place) in [
        ("ab.c:80", None, (0, 4)),
        ("a!b@c", Some((0, 3)), (4, 5)),
        ("%41b:7", None, (0, 4)),
        ("u:p@h.x:1", Some((0, 3)), (4, 7)),
        ("a%3A", None, (0, 4)),
    ] {
        let records = fast_records(Rule::login_entry, input);
        let records = records.unwrap_or_else(|| panic!("{input} is a login"));
        let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
        assert_eq!((get("user"), get("place")), (user, Some(place)), "{input}");
    }
    assert!(fast_records(Rule::login_entry, "a!b").is_none());
    assert!(fast_records(Rule::login1_entry, "ab:c").is_none());
    let records = fast_records(Rule::login1_entry, "a:b@cd").unwrap();
    let get = |name: &str| records.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!((get("user1"), get("place")), (Some((0, 3)), Some((4, 6))));
    // Fixed-width alternatives: the first that matches, as pest takes it.
    for (input, end) in [
        ("255", 3),
        ("256", 2),
        ("249", 3),
        ("25", 2),
        ("199", 3),
        ("7", 1),
    ] {
        let s = input.as_bytes();
        let mut rec = sample::Rec::default();
        sample::match_octet_entry(s, &mut rec);
        assert_eq!(rec.octet.get(), Some((0, end)), "{input}");
    }
    // And failures are pest's.
    assert_eq!(
        compiled_failure(Rule::top, "abc=1234"),
        Some((4, vec!["num".to_owned()], vec![]))
    );
}

const TOKENS: &[&str] = &[
    "a", "b", "c", "d", "e", "x", "_", "%", "4", "f", "12", "1234", "-", "=", ",", ";", ":", "!",
    "#", ".", "tag", "TAG", "é", " ", "/", "|", "α", "ω", "😀", "ß", "€", "::", "Ж", "߿", "ࠀ", "က",
    "῿", "\u{0080}", "΄", "+", "@", "[", "]", "%3A", "%4", "@x:1", "25", "9", "0", "2", "1", ".",
];

proptest! {
    #![proptest_config(crate::seeds::proptest_config(2000, "tests/proptest-regressions/library/codegen.txt"))]

    #[test]
    fn sample_agrees_with_pest(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..10)) {
        let input = tokens.concat();
        for rule in ENTRIES {
            prop_assert_eq!(fast_records(rule, &input), pest_records(rule, &input), "{:?} as {:?}", input, rule);
            prop_assert_eq!(compiled_failure(rule, &input), pest_failure(rule, &input), "failure of {:?} as {:?}", input, rule);
        }
    }
}

// --- the tables build.rs writes from its configuration ------------------------

/// Where each component is, in every grammar: the first match of any of
/// the component's rules in pest's parse tree (as `peguri lab diff` reads
/// it) is the component the compiled engine gives.
#[test]
fn component_rules_find_each_component_in_every_grammar() {
    use peguri::grammar::{COMPONENT_RULES, parse_rule, rule_name, rule_names};

    let names: Vec<&str> = COMPONENT_RULES.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        [
            "scheme",
            "authority",
            "userinfo",
            "host",
            "port",
            "path",
            "query",
            "fragment"
        ]
    );
    for (_, rules) in COMPONENT_RULES {
        for rule in *rules {
            assert!(rule_names().any(|name| name == *rule), "{rule}");
        }
    }
    // The pest rule, the engines' name of the same entry, and inputs.
    let cases: [(&str, &str, &[&str]); 4] = [
        (
            "URI_reference",
            "URI-reference",
            &["http://u@h:1/p?q#f", "//[v1.x]/p", "p/q?", "/a", "a:", "#f"],
        ),
        (
            "URI_reference_6874",
            "URI-reference+zones",
            &["http://u@[fe80::1%25en0]:8/p?q#f", "rel/p"],
        ),
        (
            "IRI_reference",
            "IRI-reference",
            &[
                "http://\u{FC}@b\u{FC}cher.example:2/\u{E9}?\u{E000}#\u{E9}",
                "\u{E9}/p",
            ],
        ),
        (
            "IRI_reference_6874",
            "IRI-reference+zones",
            &["x://\u{FC}@[::1%25lo]:3/\u{E9}?q#f", "//h\u{E9}"],
        ),
    ];
    for (rule, engine_rule, inputs) in cases {
        for &input in inputs {
            let parsed = peguri::__engines::parse_fast(input, engine_rule).unwrap();
            let authority = parsed.authority();
            let compiled = [
                parsed.scheme(),
                authority.as_ref().map(|a| a.as_str()),
                authority.as_ref().and_then(|a| a.userinfo()),
                authority.as_ref().map(|a| a.host_str()),
                authority.as_ref().and_then(|a| a.port()),
                Some(parsed.path()),
                parsed.query(),
                parsed.fragment(),
            ];
            // Every grammar's authority and host rules are in the table.
            assert_eq!(compiled[1].is_some(), input.contains("//"), "{input:?}");
            assert_eq!(compiled[3].is_some(), input.contains("//"), "{input:?}");
            let pairs = parse_rule(rule, input).unwrap();
            for ((component, rules), want) in COMPONENT_RULES.iter().zip(compiled) {
                let found = pairs
                    .clone()
                    .flatten()
                    .find(|pair| rules.contains(&rule_name(pair.as_rule()).as_str()))
                    .map(|pair| pair.as_str());
                assert_eq!(found, want, "{component} of {input:?} as {rule}");
            }
        }
    }
}
