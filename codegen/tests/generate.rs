//! The generator on small grammars: what it rejects, and the shape of the
//! code it writes. (That the code matches as pest_derive's parser does is
//! tested in peguri, which compiles a sample grammar with it against its
//! runtime: `tests/library/codegen.rs`.)

use peguri_codegen::{Config, Grammar, Import, generate, invariants};

fn generate_with(grammar: &str, record: &[&str], entries: &[&str]) -> Result<String, String> {
    let fields: Vec<(&str, [&str; 1])> = record.iter().map(|r| (*r, [*r])).collect();
    let record: Vec<(&str, &[&str])> = fields.iter().map(|(f, r)| (*f, &r[..])).collect();
    generate(
        grammar,
        &Config {
            record: &record,
            entries,
            runtime: "crate::runtime",
            ..Config::default()
        },
    )
}

/// Generates `grammar` with its rule `a` as the one entry, and checks
/// that the generator refuses it with a message that holds `needle`, says
/// that the generated code matches the rule, and where the construct can
/// be tried.
#[track_caller]
fn assert_rejected(grammar: &str, needle: &str) {
    match generate_with(grammar, &[], &["a"]) {
        Ok(_) => panic!("accepted {grammar:?}"),
        Err(message) => {
            for expected in [
                needle,
                "is itself matched by the generated code",
                "peguri tree --grammar FILE",
            ] {
                assert!(
                    message.contains(expected),
                    "message {message:?} does not mention {expected:?}"
                );
            }
        }
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
fn names_the_route_from_the_entry_to_the_rule() {
    let err = generate_with(
        r#"a = { "x" ~ b } b = @{ "y" | c } c = @{ LETTER }"#,
        &[],
        &["a"],
    )
    .unwrap_err();
    assert!(
        err.starts_with("rule `c`: the built-in rule `LETTER`"),
        "{err}"
    );
    assert!(err.contains("(a > b > c)"), "{err}");
    assert!(err.contains("pest_vm"), "{err}");
    assert!(err.contains("peguri grammar diff"), "{err}");
    assert!(err.contains("peguri serve"), "{err}");
}

#[test]
fn rules_no_generated_function_reaches_may_use_anything() {
    // `stack` and `word` are rules of the grammar that no entry, quiet
    // function, error pass or class table reaches: pest_derive and pest_vm
    // run them, the generated code never does.
    let grammar = r#"
        a = { "x" ~ b } b = @{ "y"+ }
        stack = { PUSH("'" | "`") ~ (!PEEK ~ ANY)* ~ POP }
        word = { LETTER+ }
    "#;
    let code = generate_with(grammar, &["b"], &["a"]).unwrap();
    assert!(code.contains("fn match_a("), "{code}");
    // Reached through another configured function, the same rule is refused.
    let err = generate(
        grammar,
        &Config {
            entries: &["a"],
            quiet: &["stack"],
            ..Config::default()
        },
    )
    .unwrap_err();
    assert!(err.contains("rule `stack`: the stack operation"), "{err}");
}

#[test]
fn rejects_implicit_whitespace_only_where_pest_would_skip_it() {
    assert_rejected(
        r#"WHITESPACE = _{ " " } a = { "x" ~ "y" }"#,
        "rule `WHITESPACE`: implicit whitespace",
    );
    let err = generate_with(
        r##"COMMENT = _{ "#" ~ (!"\n" ~ ANY)* } a = { "x" ~ b } b = { "y"* }"##,
        &[],
        &["a"],
    )
    .unwrap_err();
    assert!(err.contains("between the items of rule `"), "{err}");
    // Atomic rules never skip it, and a rule without a sequence or a
    // repetition has nowhere to.
    for grammar in [
        r#"WHITESPACE = _{ " " } a = @{ "x" ~ b } b = { "y"* }"#,
        r#"WHITESPACE = _{ " " } a = { "x" | b } b = @{ "y" ~ "z" }"#,
        r#"WHITESPACE = _{ " " } a = { "x" } other = { "x" ~ "y" }"#,
    ] {
        generate_with(grammar, &[], &["a"]).unwrap_or_else(|e| panic!("{grammar}: {e}"));
    }
}

#[test]
fn rejects_bad_grammars_and_configurations() {
    for (grammar, needle) in [("a = { ", "does not parse"), ("a = { b }", "invalid")] {
        let err = generate_with(grammar, &[], &["a"]).unwrap_err();
        assert!(err.contains(needle), "{err}");
    }
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
    // No rule is recorded, so the entry leaves its records alone.
    assert!(
        code.contains("pub(crate) fn match_ds(s: &[u8], _: &mut Rec)"),
        "{code}"
    );
}

#[test]
fn an_entry_that_records_takes_the_records() {
    let code = generate_with(r#"d = @{ '0'..'9' } ds = { d ~ d* }"#, &["d"], &["ds"]).unwrap();
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
            classes: &[("TAIL", "w", "x"), ("DIGIT", "d", "")],
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
    assert_eq!(table("DIGIT"), (b'0'..=b'9').collect::<Vec<_>>());
    let mut tail: Vec<u8> = (b'0'..=b'9').collect();
    tail.push(b'_');
    assert_eq!(table("TAIL"), tail);
}

/// A grammar that exercises every kind of repetition, lookahead, choice
/// and sequence the generator writes differently.
const EVERYTHING: &str = r#"
top = { SOI ~ item ~ ("," ~ item)* ~ ";"? ~ EOI }
item = { pair | tagged | word | num | empty }
pair = { word ~ "=" ~ num }
tagged = ${ ^"tag" ~ hex+ ~ "." ~ (ASCII_ALPHA | "-")+ }
word = @{ (ASCII_ALPHA | "_") ~ (ASCII_ALPHANUMERIC | "_" | esc)* }
esc = @{ "%" ~ hex ~ hex }
num = @{ "-"? ~ ASCII_DIGIT{1, 3} ~ !ASCII_DIGIT }
hex = { '0'..'9' | 'a'..'f' }
empty = { "" }
counts = { SOI ~ ("a"{2} | "b"{2,} | "c"{,2} ~ "d" | "e"{1,2} ~ "e") ~ "f"{,20} ~ ("g" ~ "h"?){0, 3} ~ (word ~ ":")* ~ &"x" ~ ANY ~ EOI }
runs = @{ ("/" ~ seg)* ~ ("|" ~ seg)+ }
seg = @{ (ASCII_ALPHA | esc | "é")* }
groups = @{ (ASCII_DIGIT+ ~ ":"){3} ~ ASCII_DIGIT+ | "::" ~ (ASCII_DIGIT+ ~ ":"){2} ~ ASCII_DIGIT+ | ((ASCII_DIGIT+ ~ ":" ~ !":"){0,2} ~ ASCII_DIGIT+)? ~ "::" }
"#;

fn everything(config: Config<'_>) -> String {
    generate(
        EVERYTHING,
        &Config {
            record: &[("word", &["word"]), ("num", &["num"]), ("hex", &["hex"])],
            entries: &["top", "counts", "groups"],
            quiet: &["runs", "empty"],
            tracked: &["top", "counts"],
            runtime: "crate::runtime",
            ..config
        },
    )
    .unwrap()
}

/// The names that `code` defines with `fn` or `static`.
fn defined(code: &str) -> Vec<&str> {
    code.split(['\n', ' '])
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|w| w[0] == "fn" || w[0] == "static")
        .map(|w| w[1].split(['(', ':']).next().unwrap_or(""))
        .collect()
}

#[test]
fn writes_only_what_the_configured_functions_reach() {
    let code = everything(Config::default());
    for name in defined(&code) {
        // What the including module reads.
        let public = ["match_", "quiet_", "fail_", "RULE_", "CLASS_"]
            .iter()
            .any(|p| name.starts_with(p));
        if public || name == "default" {
            continue;
        }
        // Defined once, and used at least once besides.
        let ident = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
        let uses = code
            .match_indices(name)
            .filter(|&(at, _)| {
                let after = code[at + name.len()..].bytes().next();
                let before = code[..at].bytes().last();
                !ident(after) && !ident(before)
            })
            .count();
        assert!(uses >= 2, "{name} is written but never used:\n{code}");
    }
}

#[test]
fn imports_from_the_runtime_what_it_uses() {
    let code = everything(Config::default());
    assert!(
        code.contains(
            "use crate::runtime::{Failure, Look, Runs, Slot, Tracker, put, run_upto, scan, table};"
        ),
        "{code}"
    );
    // Quiet rules alone record nothing and track nothing.
    let quiet = generate(
        r#"d = @{ ('0'..'9' | "_")* }"#,
        &Config {
            quiet: &["d"],
            runtime: "crate::rt",
            ..Config::default()
        },
    )
    .unwrap();
    assert!(quiet.contains("use crate::rt::{scan, table};\n"), "{quiet}");
    assert!(!quiet.contains("struct Rec"), "{quiet}");
    assert!(!quiet.contains("RULE_NAMES"), "{quiet}");
    // Without a runtime path, a comment says what must be in scope.
    let in_scope = generate(
        r#"d = @{ "x" }"#,
        &Config {
            quiet: &["d"],
            ..Config::default()
        },
    )
    .unwrap();
    assert!(!in_scope.contains("\nuse "), "{in_scope}");
}

#[test]
fn writes_no_redundant_code() {
    let code = everything(Config::default());
    // No rebinding of a position to itself, no count nothing reads, no
    // comparison that always holds.
    assert!(!code.contains("let p = p;"), "{code}");
    assert!(!code.contains(">= 0 "), "{code}");
    let counters = code.matches("let mut n = 0u32;").count();
    let reads = code.matches("if n == ").count() + code.matches("if n >= ").count();
    assert!(counters > 0 && counters <= reads, "{code}");
    // Every label is broken to.
    let mut labels = 0;
    for (at, _) in code.match_indices(": {") {
        let start = code[..at].rfind('\'').unwrap_or(at);
        let label = &code[start..at];
        if label.len() > 1 && label[1..].bytes().all(|b| b.is_ascii_alphanumeric()) {
            labels += 1;
            assert!(
                code.contains(&format!("break {label} ")),
                "{label} is never broken to:\n{code}"
            );
        }
    }
    assert!(labels > 10, "{labels} labels:\n{code}");
    // A parameter the body does not use is not named.
    assert!(
        code.contains("fn r_empty(_: &[u8], p: usize) -> Option<usize>"),
        "{code}"
    );
}

#[test]
fn slots_by_rule_follow_the_rule_enum() {
    let code = everything(Config {
        rule_slots: true,
        ..Config::default()
    });
    // pest's `Rule` enum: `EOI` first, then the rules in grammar order.
    assert!(
        code.contains("            5 => Some(&mut self.word),"),
        "{code}"
    );
    assert!(
        code.contains("            7 => Some(&mut self.num),"),
        "{code}"
    );
    assert!(
        code.contains("            8 => Some(&mut self.hex),"),
        "{code}"
    );
    assert!(!everything(Config::default()).contains("fn slot("));
}

#[test]
fn a_run_given_back_is_read_once() {
    // `(user ~ "@")? ~ host`: with no '@', `name` (`user`'s class but ':')
    // is found in the run `user` read, by one byte.
    let grammar = r#"
        auth = { SOI ~ (user ~ "@")? ~ host ~ EOI }
        user = @{ (ASCII_ALPHA | "%" ~ ASCII_HEX_DIGIT{2} | ":")* }
        host = { "[" ~ ASCII_DIGIT+ ~ "]" | name }
        name = @{ (ASCII_ALPHA | "%" ~ ASCII_HEX_DIGIT{2})* }
    "#;
    let code = generate_with(grammar, &["user", "host"], &["auth"]).unwrap();
    assert!(code.contains("fn r_host__t__within_name("), "{code}");
    assert!(code.contains("Some(find_byte(s, p, known, 58))"), "{code}");
    // Two bytes of difference: a table.
    let two = grammar.replace(r#"| ":")*"#, r#"| ":" | "!")*"#);
    let code = generate_with(&two, &["user", "host"], &["auth"]).unwrap();
    assert!(code.contains("Some(find_in(s, p, known, &T"), "{code}");
    // Not when the smaller run is not a subset, when it records, or when
    // an escape can hold a byte of the difference.
    for changed in [
        grammar.replace(
            r#"name = @{ (ASCII_ALPHA"#,
            r#"name = @{ (ASCII_ALPHA | "!""#,
        ),
        grammar.replace(
            r#"ASCII_HEX_DIGIT{2})* }"#,
            r#"ASCII_HEX_DIGIT{2} | "%:")* }"#,
        ),
    ] {
        let code = generate_with(&changed, &["user", "host"], &["auth"]).unwrap();
        assert!(!code.contains("__within_"), "{changed}");
    }
    let code = generate_with(grammar, &["user", "host", "name"], &["auth"]).unwrap();
    assert!(!code.contains("__within_"));
}

#[test]
fn alternatives_that_call_rules_test_their_first_byte() {
    let grammar = r#"
        top = { SOI ~ (bracketed | word) ~ EOI }
        bracketed = { "[" ~ word ~ "]" }
        word = @{ ASCII_ALPHA* }
    "#;
    let code = generate_with(grammar, &["bracketed"], &["top"]).unwrap();
    assert!(
        code.contains("Some(&b) if T0[usize::from(b)] => r_bracketed__t(s, p, rec)"),
        "{code}"
    );
}

#[test]
fn fixed_width_alternatives_that_share_first_bytes_are_tested_together() {
    let octet = r#"o = @{ "25" ~ '0'..'5' | "2" ~ '0'..'4' ~ ASCII_DIGIT | "1" ~ ASCII_DIGIT{2} | '1'..'9' ~ ASCII_DIGIT | ASCII_DIGIT }"#;
    let code = generate_with(octet, &[], &["o"]).unwrap();
    assert!(
        code.contains("let b2 = s.get(p + 2).copied().unwrap_or(0xFF);"),
        "{code}"
    );
    assert_eq!(code.matches("else { n };").count(), 5, "{code}");
    // Alternatives the first byte tells apart keep their tests.
    let apart = r#"o = @{ "a" ~ ASCII_DIGIT | "%" ~ ASCII_HEX_DIGIT{2} }"#;
    let code = generate_with(apart, &[], &["o"]).unwrap();
    assert!(!code.contains("unwrap_or(0xFF)"), "{code}");
}

#[test]
fn short_counted_runs_test_their_first_byte_alone() {
    let code = generate_with("h = @{ ASCII_HEX_DIGIT{1, 4} }", &[], &["h"]).unwrap();
    assert!(
        code.contains("Some(&b) if T0[usize::from(b)] => { let n = run_upto::<4>(s, p, &T0);"),
        "{code}"
    );
    // Nothing to test where the run may be empty.
    let code = generate_with("h = @{ ASCII_HEX_DIGIT{0, 4} }", &[], &["h"]).unwrap();
    assert!(
        code.contains("Some(p + run_upto::<4>(s, p, &T0))"),
        "{code}"
    );
}

/// peguri's URI grammar as its build script reads it (`uri.pest`,
/// `iri.pest`, `rfc6874.pest` joined), with each `(old, new)` edit made to
/// it; each `old` must occur in it.
fn uri_grammar(edits: &[(&str, &str)]) -> Grammar {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut text = String::new();
    for file in ["uri.pest", "iri.pest", "rfc6874.pest"] {
        let path = format!("{root}/{file}");
        text.push_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")));
        text.push('\n');
    }
    for (old, new) in edits {
        assert!(text.contains(old), "the grammar has no {old:?}");
        text = text.replacen(old, new, 1);
    }
    Grammar::parse(&text).unwrap()
}

const PCHAR: &str = r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" }"#;
const PCHAR_WIDE: &str =
    r#"pchar = @{ unreserved | pct_encoded | sub_delims | ":" | "@" | " " | "{" }"#;
const SEGMENT_NZ_NC: &str =
    r#"segment_nz_nc = @{ (unreserved | pct_encoded | sub_delims | "@")+ }"#;
const SEGMENT_NZ_NC_WIDE: &str =
    r#"segment_nz_nc = @{ (unreserved | pct_encoded | sub_delims | "@" | " " | "{")+ }"#;
const IPCHAR: &str = r#"ipchar = @{ iunreserved | pct_encoded | sub_delims | ":" | "@" }"#;
const IPCHAR_WIDE: &str =
    r#"ipchar = @{ iunreserved | pct_encoded | sub_delims | ":" | "@" | " " | "{" }"#;
const ISEGMENT_NZ_NC: &str =
    r#"isegment_nz_nc = @{ (iunreserved | pct_encoded | sub_delims | "@")+ }"#;
const ISEGMENT_NZ_NC_WIDE: &str =
    r#"isegment_nz_nc = @{ (iunreserved | pct_encoded | sub_delims | "@" | " " | "{")+ }"#;

/// Checks peguri's invariants on the URI grammar with `edits`, and that
/// `name` is among those that fail, with each of `details` in the
/// message.
#[track_caller]
fn assert_breaks(edits: &[(&str, &str)], name: &str, details: &[&str]) {
    let err = uri_grammar(edits)
        .check_invariants(invariants::URI)
        .unwrap_err();
    for needle in [
        &format!("invariant \"{name}\" does not hold"),
        "To fix it: ",
    ]
    .into_iter()
    .chain(details.iter().copied())
    {
        assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    }
}

#[test]
fn the_uri_grammar_keeps_every_invariant_the_library_relies_on() {
    uri_grammar(&[])
        .check_invariants(invariants::URI)
        .unwrap_or_else(|e| panic!("{e}"));
    // An edit that keeps them: the path characters of URIs and IRIs
    // relaxed alike.
    uri_grammar(&[
        (PCHAR, PCHAR_WIDE),
        (SEGMENT_NZ_NC, SEGMENT_NZ_NC_WIDE),
        (IPCHAR, IPCHAR_WIDE),
        (ISEGMENT_NZ_NC, ISEGMENT_NZ_NC_WIDE),
    ])
    .check_invariants(invariants::URI)
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn an_edit_that_breaks_an_invariant_is_named_with_the_rule_and_the_fix() {
    // `pchar` relaxed alone: the builder would check segments with
    // `segment` and the parse read the first one with `segment_nz_nc`.
    assert_breaks(
        &[(PCHAR, PCHAR_WIDE)],
        "segment-nz-nc is pchar without ':'",
        &[
            "only `pchar` accepts ' ', '{'",
            "edit `segment_nz_nc` with `pchar`",
            "section 4.2",
        ],
    );
    // `reg_name` relaxed without `host`'s lookahead: `1.2.3.4{` would read
    // as an IPv4 address and a stray `{`.
    assert_breaks(
        &[(
            "reg_name = @{ (unreserved | pct_encoded | sub_delims)* }",
            r#"reg_name = @{ (unreserved | pct_encoded | sub_delims | "{")* }"#,
        )],
        "host reads an IPv4 address followed by a reg-name character as a reg-name",
        &["`host` does not accept \"192.0.2.1{\" whole", "lookahead"],
    );
    assert_breaks(
        &[(
            r#"query = @{ (pchar | "/" | "?")* }"#,
            r##"query = @{ (pchar | "/" | "?" | "#")* }"##,
        )],
        "a query holds no '#'",
        &["`query` accepts '#'"],
    );
    assert_breaks(
        &[(r#"  | '1'..'9' ~ DIGIT"#, r#"  | DIGIT{2}"#)],
        "IPv4address accepts only what the standard library reads",
        &["`IPv4address` accepts \"00.1.1.1\""],
    );
    assert_breaks(
        &[(
            r#"HEXDIG = @{ DIGIT | ^"A" | ^"B" | ^"C" | ^"D" | ^"E" | ^"F" }"#,
            r#"HEXDIG = @{ DIGIT | 'a'..'f' }"#,
        )],
        "HEXDIG is the hexadecimal digits",
        &["`HEXDIG` does not accept 'A'"],
    );
    assert_breaks(
        &[(
            "unreserved = @{ ALPHA | DIGIT | \"-\" | \".\" | \"_\" | \"~\" }",
            "unreserved = @{ ALPHA | DIGIT | \"-\" | \".\" | \"_\" | \"~\" | \"é\" }",
        )],
        "RFC 3986's rules match ASCII only",
        &["`unreserved` accepts 'é'", "`ucschar`"],
    );
    // The URI and the IRI rules relaxed apart.
    assert_breaks(
        &[(PCHAR, PCHAR_WIDE), (SEGMENT_NZ_NC, SEGMENT_NZ_NC_WIDE)],
        "a URI segment is an IRI segment",
        &[
            "`segment` accepts ' ', '{', which `isegment` does not",
            "`ipchar`",
        ],
    );
    // A grammar without the rules the library needs.
    let err = Grammar::parse(r#"a = { "x" }"#)
        .unwrap()
        .check_invariants(invariants::URI)
        .unwrap_err();
    assert!(
        err.contains("the grammar has no rule `segment_nz_nc`"),
        "{err}"
    );
}

/// The functions `code` defines, by name.
fn defined_functions(code: &str) -> Vec<&str> {
    code.lines()
        .filter_map(|line| {
            let rest = line
                .strip_prefix("pub(crate) fn ")
                .or_else(|| line.strip_prefix("fn "))?;
            rest.split_once('(').map(|(name, _)| name)
        })
        .collect()
}

/// The rule a generated rule function is for: `r_host__t` and
/// `t_host__nn` are `host`'s.
fn rule_of(function: &str) -> Option<&str> {
    let rest = function
        .strip_prefix("r_")
        .or_else(|| function.strip_prefix("t_"))?;
    Some(rest.split_once("__").map_or(rest, |(rule, _)| rule))
}

const PROVIDER: &str = r#"
    digit = @{ ASCII_DIGIT }
    number = @{ digit+ ~ ("." ~ digit+)? }
    pair = { number ~ "," ~ number }
    list = { pair ~ (";" ~ pair)* }
    top = { SOI ~ list ~ EOI }
"#;

#[test]
fn imported_rules_are_called_in_the_other_module_not_compiled_again() {
    let provider = Grammar::parse(PROVIDER).unwrap();
    // The importer takes `digit`, `number`, `pair` and `list` unchanged
    // and adds its own rules after them.
    let importer = Grammar::parse(&format!(
        "{PROVIDER}\nentry = {{ SOI ~ \"geo:\" ~ list ~ (\"#\" ~ number)? ~ EOI }}"
    ))
    .unwrap();
    let generated = importer
        .compile(&Config {
            entries: &["entry"],
            tracked: &["entry"],
            import: Some(Import {
                grammar: &provider,
                module: "crate::base",
            }),
            runtime: "crate::runtime",
            ..Config::default()
        })
        .unwrap();
    let code = &generated.code;
    assert!(code.contains("crate::base::r_list(s, "), "{code}");
    assert!(code.contains("crate::base::t_list__nn(s, "), "{code}");
    for function in defined_functions(code) {
        assert!(
            !matches!(
                rule_of(function),
                Some("digit" | "number" | "pair" | "list")
            ),
            "{function} is compiled again:\n{code}"
        );
    }
    // The names of the rules at the same indices (`EOI` and the five
    // rules) are read from the provider's tables.
    assert!(
        code.contains(
            "pub(crate) static RULE_NAMES: Names = Names { imported: &crate::base::RULE_NAMES, shared: 6, own: \"entry\", ends: &[5] };"
        ),
        "{code}"
    );
    let imports: Vec<String> = generated.imports.iter().map(|e| e.function()).collect();
    assert!(imports.contains(&"r_list".to_owned()), "{imports:?}");
    assert!(imports.contains(&"t_number__nn".to_owned()), "{imports:?}");
    // The provider's code defines each of them, for the importer to call.
    let provided = provider
        .compile(&Config {
            entries: &["top"],
            exports: &generated.imports,
            runtime: "crate::runtime",
            ..Config::default()
        })
        .unwrap()
        .code;
    for function in &imports {
        let declaration = format!("\npub(crate) fn {function}(");
        assert_eq!(
            provided.matches(&declaration).count(),
            1,
            "{function}:\n{provided}"
        );
    }
    // Without an import, the same grammar compiles the rules itself.
    let alone = importer
        .generate(&Config {
            entries: &["entry"],
            tracked: &["entry"],
            runtime: "crate::runtime",
            ..Config::default()
        })
        .unwrap();
    assert!(alone.contains("\nfn r_list("), "{alone}");
}

#[test]
fn a_rule_is_shared_only_if_it_and_what_it_calls_are_the_same_in_both() {
    let provider = Grammar::parse(PROVIDER).unwrap();
    // `number` differs, so `pair` and `list`, which call it, are the
    // importer's own; `digit` is still shared.
    let importer = Grammar::parse(&PROVIDER.replace(
        r#"number = @{ digit+ ~ ("." ~ digit+)? }"#,
        r#"number = @{ "-"? ~ digit+ ~ ("." ~ digit+)? }"#,
    ))
    .unwrap();
    let generated = importer
        .compile(&Config {
            entries: &["top"],
            tracked: &["top"],
            import: Some(Import {
                grammar: &provider,
                module: "crate::base",
            }),
            runtime: "crate::runtime",
            ..Config::default()
        })
        .unwrap();
    let rules: Vec<&str> = generated.imports.iter().map(|e| e.rule()).collect();
    assert!(
        rules.iter().all(|rule| *rule == "digit"),
        "{rules:?}:\n{}",
        generated.code
    );
    assert!(
        generated.code.contains("\nfn r_list("),
        "{}",
        generated.code
    );
    // The same rules at other indices in pest's `Rule` enum are not
    // shared: the error pass would track other rules.
    let shifted = Grammar::parse(&format!("first = {{ \"x\" }}\n{PROVIDER}")).unwrap();
    let generated = shifted
        .compile(&Config {
            entries: &["top"],
            tracked: &["top"],
            import: Some(Import {
                grammar: &provider,
                module: "crate::base",
            }),
            runtime: "crate::runtime",
            ..Config::default()
        })
        .unwrap();
    assert!(generated.imports.is_empty(), "{:?}", generated.imports);
}

#[test]
fn a_rule_recorded_by_the_importer_is_compiled_where_it_records() {
    let provider = Grammar::parse(PROVIDER).unwrap();
    let importer = Grammar::parse(PROVIDER).unwrap();
    let generated = importer
        .compile(&Config {
            record: &[("pair", &["pair"])],
            entries: &["top"],
            import: Some(Import {
                grammar: &provider,
                module: "crate::base",
            }),
            runtime: "crate::runtime",
            ..Config::default()
        })
        .unwrap();
    let code = &generated.code;
    // `list` and `pair` write the importer's record; `number` does not.
    assert!(code.contains("fn r_list__t("), "{code}");
    assert!(code.contains("fn r_pair__t("), "{code}");
    assert!(code.contains("crate::base::r_number(s, "), "{code}");
}

#[test]
fn exports_name_rules_of_the_grammar() {
    let provider = Grammar::parse(PROVIDER).unwrap();
    let other = Grammar::parse("x = { \"x\" } entry = { SOI ~ x ~ EOI }").unwrap();
    let imports = Grammar::parse("x = { \"x\" } entry = { SOI ~ x ~ EOI } y = { x }")
        .unwrap()
        .compile(&Config {
            entries: &["entry"],
            import: Some(Import {
                grammar: &other,
                module: "crate::other",
            }),
            ..Config::default()
        })
        .unwrap()
        .imports;
    assert!(!imports.is_empty());
    let err = provider
        .compile(&Config {
            exports: &imports,
            ..Config::default()
        })
        .unwrap_err();
    assert!(
        err.contains("is exported in the generator configuration but the grammar has no such rule"),
        "{err}"
    );
}

/// The scheme grammars of `schemes/`, each read after `uri.pest` as
/// peguri's build script reads them, compile no rule of `uri.pest` again:
/// each is compiled once, in the URI grammar's code, which exports what
/// the schemes call.
#[test]
fn the_scheme_grammars_compile_no_rule_of_the_uri_grammar_again() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let uri = uri_grammar(&[]);
    let uri_pest = std::fs::read_to_string(format!("{root}/uri.pest")).unwrap();
    let uri_rules: Vec<&str> = uri_pest
        .lines()
        .filter_map(|line| line.split_once(" = ").map(|(name, _)| name.trim()))
        .filter(|name| !name.is_empty() && !name.contains(char::is_whitespace))
        .collect();
    assert!(uri_rules.contains(&"IPv6address"), "{uri_rules:?}");
    let mut schemes: Vec<String> = std::fs::read_dir(format!("{root}/schemes"))
        .unwrap()
        .map(|entry| entry.unwrap().path().display().to_string())
        .filter(|path| path.ends_with(".pest"))
        .collect();
    schemes.sort();
    assert!(schemes.len() >= 8, "{schemes:?}");
    let mut exports = Vec::new();
    let mut codes = Vec::new();
    for path in &schemes {
        let own = std::fs::read_to_string(path).unwrap();
        let grammar = Grammar::parse(&format!("{uri_pest}\n{own}")).unwrap();
        let entries: Vec<&str> = own
            .lines()
            .filter_map(|line| line.split_once(" = ").map(|(name, _)| name.trim()))
            .filter(|name| name.ends_with("_entry"))
            .collect();
        let generated = grammar
            .compile(&Config {
                entries: &entries,
                tracked: &entries,
                import: Some(Import {
                    grammar: &uri,
                    module: "crate::syntax::compiled::uri",
                }),
                runtime: "crate::syntax::runtime",
                ..Config::default()
            })
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        // `EOI` and uri.pest's rules come first in both grammars: their
        // names are the URI grammar's table's.
        let names = format!(
            "static RULE_NAMES: Names = Names {{ imported: &crate::syntax::compiled::uri::RULE_NAMES, shared: {}, own: \"",
            uri_rules.len() + 1
        );
        assert!(generated.code.contains(&names), "{path}: no {names}");
        for function in defined_functions(&generated.code) {
            if let Some(rule) = rule_of(function) {
                assert!(
                    !uri_rules.contains(&rule),
                    "{path} compiles `{function}` of uri.pest's `{rule}` again"
                );
            }
        }
        exports.extend(generated.imports);
        codes.push(generated.code);
    }
    // The schemes with hosts (http, ws, file) call the URI grammar's
    // `host`, or its alternatives where the call is inlined.
    let with_hosts = codes
        .iter()
        .filter(|code| {
            code.contains("crate::syntax::compiled::uri::r_host(s, ")
                || code.contains("crate::syntax::compiled::uri::r_IP_literal(s, ")
        })
        .count();
    assert!(with_hosts >= 3, "{with_hosts}");
    exports.sort();
    exports.dedup();
    let provided = uri
        .compile(&Config {
            entries: &["URI_reference"],
            exports: &exports,
            runtime: "crate::syntax::runtime",
            ..Config::default()
        })
        .unwrap()
        .code;
    let all: Vec<&str> = codes
        .iter()
        .chain(std::iter::once(&provided))
        .flat_map(|code| defined_functions(code))
        .collect();
    for export in &exports {
        let function = export.function();
        assert_eq!(
            all.iter().filter(|f| **f == function).count(),
            1,
            "{function} is not defined exactly once"
        );
    }
    for function in ["r_host", "r_IPv6address", "t_host__nn"] {
        assert!(
            all.iter().filter(|f| **f == function).count() <= 1,
            "{function} is defined more than once"
        );
    }
}
