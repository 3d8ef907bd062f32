//! Traces (`grammar::trace`, `RuntimeGrammar`): the tracing interpreter
//! accepts and rejects what pest_vm does and builds the same tree, on the
//! built-in grammar over the shared vectors and corpus and on a grammar
//! that uses every kind of rule and expression pest has; the farthest
//! failure names the rules that reached it; the partial tree is what the
//! parse had built; every bound stops a parse with its reason.

use crate::common;

use std::time::Duration;

use peguri::grammar::{self, RuntimeGrammar, Trace, TraceNode, TraceOptions, TraceStop};
use pest::iterators::Pair;
use proptest::prelude::*;

/// A node as both sides give it: rule, span, children.
#[derive(Debug, PartialEq, Eq)]
struct Node {
    rule: String,
    start: usize,
    end: usize,
    children: Vec<Node>,
}

fn from_pair(pair: Pair<'_, &str>) -> Node {
    let span = pair.as_span();
    Node {
        rule: pair.as_rule().to_owned(),
        start: span.start(),
        end: span.end(),
        children: pair.into_inner().map(from_pair).collect(),
    }
}

fn from_trace(node: &TraceNode<'_>) -> Node {
    assert!(node.complete, "a valid parse's tree has no open node");
    Node {
        rule: node.rule.to_owned(),
        start: node.start,
        end: node.end,
        children: node.children.iter().map(from_trace).collect(),
    }
}

/// pest_vm with `text` and an anchored entry rule for each of `rules`.
fn vm(text: &str, rules: &[&str]) -> pest_vm::Vm {
    let entries: String = rules
        .iter()
        .map(|r| format!("__entry_{r} = {{ SOI ~ {r} ~ EOI }}\n"))
        .collect();
    let (_, optimized) = pest_meta::parse_and_optimize(&format!("{text}\n{entries}"))
        .unwrap_or_else(|e| panic!("the grammar compiles: {e:?}"));
    pest_vm::Vm::new(optimized)
}

/// The trace agrees with pest_vm on `input`: both accept it with the same
/// tree, or both reject it.
#[track_caller]
fn agrees(vm: &pest_vm::Vm, grammar: &RuntimeGrammar, rule: &str, input: &str) {
    let trace = grammar
        .trace(rule, input, &TraceOptions::default())
        .unwrap_or_else(|e| panic!("rule {rule}: {e}"));
    assert!(trace.stopped.is_none(), "{rule} on {input:?}: stopped");
    match vm.parse(&format!("__entry_{rule}"), input) {
        Ok(pairs) => {
            assert!(
                trace.valid,
                "pest_vm accepts {input:?} with {rule}, the trace rejects it"
            );
            let expected: Vec<Node> = pairs
                .flat_map(|entry| entry.into_inner())
                .filter(|p| p.as_rule() != "EOI")
                .map(from_pair)
                .collect();
            let traced: Vec<Node> = trace.tree.iter().map(from_trace).collect();
            assert_eq!(traced, expected, "{rule} on {input:?}");
        }
        Err(_) => {
            assert!(
                !trace.valid,
                "pest_vm rejects {input:?} with {rule}, the trace accepts it"
            );
            let failure = trace
                .failure
                .as_ref()
                .expect("a rejected input has a failure");
            assert!(failure.offset <= input.len());
        }
    }
}

fn built_in_text() -> String {
    format!(
        "{}\n{}\n{}\n",
        grammar::GRAMMAR,
        grammar::IRI_GRAMMAR,
        grammar::RFC6874_GRAMMAR
    )
}

/// Inputs of the shared vectors and the first lines of each corpus file.
fn shared_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for file in ["testdata/valid.json", "testdata/invalid.json"] {
        let Some(records) = common::shared_records(file) else {
            continue;
        };
        for record in records {
            for field in ["input", "uri", "reference"] {
                if let Some(text) = common::str_field(&record, field) {
                    inputs.push(text.to_owned());
                }
            }
        }
    }
    let Some(corpus) = common::shared_file("corpus") else {
        return inputs;
    };
    let mut files: Vec<_> = std::fs::read_dir(corpus)
        .expect("the corpus directory reads")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a corpus file reads");
        inputs.extend(text.lines().take(1_500).map(str::to_owned));
    }
    inputs
}

#[test]
fn the_built_in_grammar_traces_as_pest_vm_parses_it() {
    let rules = [
        "URI_reference",
        "IRI_reference",
        "URI_reference_6874",
        "host",
        "path",
    ];
    let vm = vm(&built_in_text(), &rules);
    let grammar = RuntimeGrammar::built_in();
    let inputs = shared_inputs();
    for input in &inputs {
        for rule in rules {
            agrees(&vm, grammar, rule, input);
        }
    }
    common::notice(&format!(
        "trace: {} shared inputs traced as pest_vm parses them",
        inputs.len()
    ));
    for input in [
        "http://[fe80::1%25en0]/",
        "http://a b/",
        "",
        "//[v1.x]:8/?#",
        "a:b:c",
    ] {
        for rule in rules {
            agrees(&vm, grammar, rule, input);
        }
    }
}

/// A grammar with every kind of rule (normal, silent, atomic, compound
/// atomic, non-atomic, WHITESPACE and COMMENT), and of expression
/// (lookaheads, the stack, ranges, case-insensitive strings, bounded
/// repetitions, built-ins and a Unicode property).
const EVERY_KIND: &str = r##"
WHITESPACE = _{ " " | "\t" }
COMMENT = _{ "#" ~ (!NEWLINE ~ ANY)* }
list = { "[" ~ (item ~ ("," ~ item)*)? ~ "]" }
item = _{ boolean | number | word | quoted | group | raw }
boolean = { ^"true" | ^"false" }
number = @{ "-"? ~ ASCII_DIGIT+ ~ ("." ~ ASCII_DIGIT{1,3})? ~ !ASCII_ALPHA }
word = ${ letter ~ (letter | "_" | '0'..'9')* }
letter = { LETTER }
quoted = ${ PUSH("'" | "\"") ~ inner ~ POP }
inner = @{ (!PEEK ~ ANY)* }
group = !{ "(" ~ (word | number)* ~ ")" }
raw = { "r" ~ PUSH("="*) ~ "<" ~ (!(">" ~ PEEK_ALL) ~ ANY)* ~ ">" ~ POP }
"##;

const EVERY_KIND_INPUTS: &[&str] = &[
    "[]",
    "[ 1 , -2.5 ,TRUE, false ]",
    "[abc_1, 'x y', \"q\"]",
    "[ (a b 1) ]",
    "[r==<a>b>==]",
    "[1 # a comment\n, 2]",
    "[1.2345]",
    "[12a]",
    "['unclosed]",
    "[(a (b))]",
    "[é_ü]",
    "",
    "[,]",
];

#[test]
fn a_grammar_of_every_kind_of_rule_traces_as_pest_vm_parses_it() {
    let vm = vm(EVERY_KIND, &["list", "item", "word"]);
    let grammar = RuntimeGrammar::compile(EVERY_KIND).expect("the grammar compiles");
    for input in EVERY_KIND_INPUTS {
        for rule in ["list", "item", "word"] {
            agrees(&vm, &grammar, rule, input);
        }
    }
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(300, "tests/proptest-regressions/library/trace.txt"))]

    #[test]
    fn traces_agree_with_pest_vm_on_generated_input(input in "[\\[\\], 0-9a-zé_'\"()#.=<>r\\-\\n]{0,24}") {
        let vm = vm(EVERY_KIND, &["list"]);
        let grammar = RuntimeGrammar::compile(EVERY_KIND).expect("the grammar compiles");
        agrees(&vm, &grammar, "list", &input);
    }

    #[test]
    fn uri_traces_agree_with_pest_vm_on_generated_input(input in "[a-z0-9:/?#\\[\\]@!$&'()*+,;=%._~ \\-]{0,30}") {
        let vm = vm(&built_in_text(), &["URI_reference"]);
        agrees(&vm, RuntimeGrammar::built_in(), "URI_reference", &input);
    }
}

#[test]
fn every_attempt_has_its_depth_start_and_end() {
    let trace = grammar::trace("authority", "u@h:80").unwrap();
    let shown: Vec<(&str, usize, usize, Option<usize>)> = trace
        .attempts
        .iter()
        .filter(|a| ["authority", "userinfo", "host", "reg_name", "port", "EOI"].contains(&a.rule))
        .map(|a| (a.rule, a.depth, a.start, a.end))
        .collect();
    assert_eq!(
        shown,
        [
            ("authority", 0, 0, Some(6)),
            ("userinfo", 1, 0, Some(1)),
            ("host", 1, 2, Some(3)),
            ("reg_name", 2, 2, Some(3)),
            ("port", 1, 4, Some(6)),
            ("EOI", 0, 6, Some(6)),
        ]
    );
    // Inside atomic rules attempts are recorded too: `unreserved` under
    // `reg_name`, which leaves no token.
    assert!(
        trace
            .attempts
            .iter()
            .any(|a| a.rule == "unreserved" && a.depth == 3)
    );
    assert!(!trace.attempts.iter().any(|a| a.in_lookahead));
    assert_eq!(trace.attempts_total, trace.attempts.len());
    // And inside lookaheads: host's, after an IPv4 address.
    let ipv4 = grammar::trace("host", "1.2.3.4").unwrap();
    let looked: Vec<(&str, usize)> = ipv4
        .attempts
        .iter()
        .filter(|a| a.in_lookahead && a.depth == 1)
        .map(|a| (a.rule, a.start))
        .collect();
    assert_eq!(
        looked,
        [("unreserved", 7), ("pct_encoded", 7), ("sub_delims", 7)]
    );
    // A failed attempt has no end.
    let failed = trace
        .attempts
        .iter()
        .find(|a| a.rule == "IP_literal")
        .unwrap();
    assert_eq!((failed.start, failed.end), (2, None));
}

#[test]
fn the_farthest_failure_names_the_rules_that_reached_it() {
    let trace = grammar::trace("URI-reference", "http://a b/").unwrap();
    assert!(!trace.valid);
    let failure = trace.failure.as_ref().unwrap();
    assert_eq!(failure.offset, 8);
    let shown: Vec<(&str, Vec<&str>)> = failure
        .expected
        .iter()
        .map(|e| (e.expected.as_str(), e.chain.clone()))
        .collect();
    let uri = ["URI", "URI_reference"];
    let authority = ["authority", "hier_part", "URI", "URI_reference"];
    let in_reg_name = [
        "reg_name",
        "host",
        "authority",
        "hier_part",
        "URI",
        "URI_reference",
    ];
    assert_eq!(
        shown,
        [
            ("unreserved", in_reg_name.to_vec()),
            ("pct_encoded", in_reg_name.to_vec()),
            ("sub_delims", in_reg_name.to_vec()),
            ("\":\"", authority.to_vec()),
            (
                "\"/\"",
                ["path_abempty", "hier_part", "URI", "URI_reference"].to_vec()
            ),
            ("\"?\"", uri.to_vec()),
            ("\"#\"", uri.to_vec()),
            ("EOI", vec![]),
        ]
    );
    assert_eq!(failure.chain(), in_reg_name);
    let error = trace.error().unwrap();
    assert_eq!(
        error.message(),
        "unexpected character ' '; expected unreserved, percent-encoded octet, sub-delims, ':', '/', '?', '#' or end of input"
    );
}

#[test]
fn an_atomic_user_rule_fails_where_it_failed_not_where_it_started() {
    // pest itself reports "expected mirror_path" at byte 0: it tracks no
    // attempt inside an atomic rule.
    let text = r#"
        mirror = { "mirror:" ~ mirror_path }
        mirror_path = @{ ("/" ~ segment)+ ~ ".git" }
        segment = @{ ASCII_ALPHANUMERIC+ }
    "#;
    let grammar = RuntimeGrammar::compile(text).unwrap();
    let input = "/a/b//c.git";
    let trace = grammar
        .trace("mirror-path", input, &TraceOptions::default())
        .unwrap();
    let failure = trace.failure.as_ref().unwrap();
    assert_eq!(failure.offset, 5);
    assert_eq!(failure.chain(), ["mirror_path"]);
    assert_eq!(failure.expected[0].expected, "segment");
    let error = trace.error().unwrap();
    assert_eq!(error.offset(), 5);
    assert_eq!(
        error.message(),
        "unexpected character '/'; expected segment"
    );
    let pest_error = pest_vm_error(text, "mirror_path", input);
    assert_eq!(pest_error, 0, "pest reports the start of the atomic rule");
}

fn pest_vm_error(text: &str, rule: &str, input: &str) -> usize {
    match vm(text, &[rule]).parse(&format!("__entry_{rule}"), input) {
        Ok(_) => panic!("{input:?} parses"),
        Err(e) => match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((p, _)) => p,
        },
    }
}

#[test]
fn the_partial_tree_is_what_the_parse_had_built() {
    // A grammar whose host takes an IPv4 address without the lookahead
    // that lets a longer name fall through to reg-name.
    let text = built_in_text().replace(
        "  | IPv4address ~ !(unreserved | pct_encoded | sub_delims)\n  | reg_name\n}\n\n// port",
        "  | IPv4address\n  | reg_name\n}\n\n// port",
    );
    assert_ne!(text, built_in_text(), "the edit applies");
    let grammar = RuntimeGrammar::compile(&text).unwrap();
    let input = "http://192.168.0.1.example.com/";
    let trace = grammar
        .trace("URI_reference", input, &TraceOptions::default())
        .unwrap();
    assert!(!trace.valid);
    let failure = trace.failure.as_ref().unwrap();
    assert_eq!(failure.offset, 18);
    let shape = |node: &TraceNode<'_>| {
        format!(
            "{} {}..{} {}",
            node.rule, node.start, node.end, node.complete
        )
    };
    fn walk<'a>(node: &'a TraceNode<'a>, out: &mut Vec<&'a TraceNode<'a>>) {
        out.push(node);
        for child in &node.children {
            walk(child, out);
        }
    }
    let mut nodes = Vec::new();
    for node in &trace.tree {
        walk(node, &mut nodes);
    }
    let shown: Vec<String> = nodes.iter().map(|n| shape(n)).collect();
    assert_eq!(
        shown,
        [
            "URI_reference 0..18 true",
            "URI 0..18 true",
            "scheme 0..4 true",
            "hier_part 5..18 true",
            "authority 7..18 true",
            "host 7..18 true",
            "IPv4address 7..18 true",
            "path_abempty 18..18 true",
        ]
    );
    // Midway, when the parse fails inside an open rule, the open rules
    // have no end yet: `complete` is false, `end` is where it got.
    let grammar = RuntimeGrammar::built_in();
    let trace = grammar
        .trace("URI", "http://[::1/", &TraceOptions::default())
        .unwrap();
    let open: Vec<String> = {
        let mut nodes = Vec::new();
        for node in &trace.tree {
            walk(node, &mut nodes);
        }
        nodes.iter().map(|n| shape(n)).collect()
    };
    assert!(
        open.contains(&"IP_literal 7..11 false".to_owned()),
        "the open literal in {open:?}"
    );
    // Without the partial tree, the trace runs once.
    let mut options = TraceOptions::default();
    options.partial_tree = false;
    assert!(
        grammar
            .trace("URI", "http://[::1/", &options)
            .unwrap()
            .tree
            .is_empty()
    );
}

#[test]
fn every_bound_stops_a_parse_with_its_reason() {
    let exponential = r#"a = { ("x" ~ a ~ "z" | "x" ~ a ~ "y" | "x") }"#;
    let grammar = RuntimeGrammar::compile(exponential).unwrap();
    let thirty = "x".repeat(30);
    let trace = grammar
        .trace("a", &thirty, &TraceOptions::default())
        .unwrap();
    assert_eq!(trace.stopped, Some(TraceStop::CallLimit(30_000)));
    assert!(!trace.valid && trace.failure.is_none());

    let mut options = TraceOptions::default();
    options.deadline = Some(Duration::from_millis(50));
    options.calls_per_byte = usize::MAX;
    let started = std::time::Instant::now();
    let forty = "x".repeat(40);
    let trace = grammar.trace("a", &forty, &options).unwrap();
    assert_eq!(
        trace.stopped,
        Some(TraceStop::Time(Duration::from_millis(50)))
    );
    assert!(started.elapsed() < Duration::from_secs(5));

    // As deep as the input nests: stopped by the stack budget on this
    // test's thread, before the thread's stack runs out.
    let nested = RuntimeGrammar::compile(r#"a = { "(" ~ a ~ ")" | "" }"#).unwrap();
    let input = format!("{}{}", "(".repeat(100_000), ")".repeat(100_000));
    let trace = nested.trace("a", &input, &TraceOptions::default()).unwrap();
    assert_eq!(trace.stopped, Some(TraceStop::Stack(1 << 20)));
    let shallow = format!("{}{}", "(".repeat(20), ")".repeat(20));
    assert!(
        nested
            .trace("a", &shallow, &TraceOptions::default())
            .unwrap()
            .valid
    );
    assert!(TraceStop::Stack(1 << 20).to_string().contains("1024 KiB"));
}

#[test]
fn attempts_are_recorded_up_to_the_limit_and_counted_past_it() {
    let mut options = TraceOptions::default();
    options.max_attempts = 10;
    let line = "https://example.com/a/b/c?d=e#f";
    let trace: Trace<'_, '_> = RuntimeGrammar::built_in()
        .trace("URI", line, &options)
        .unwrap();
    assert_eq!(trace.attempts.len(), 10);
    let all = grammar::trace("URI", line).unwrap();
    assert_eq!(trace.attempts_total, all.attempts_total);
    assert_eq!(all.attempts.len(), all.attempts_total);
    assert_eq!(trace.attempts[..], all.attempts[..10]);
}

#[test]
fn unknown_rules_and_grammar_problems() {
    let err = grammar::trace("ipv6adress", "::1").unwrap_err();
    assert_eq!(err.kind(), peguri::ParseErrorKind::UnknownRule);
    assert_eq!(err.expected(), ["IPv6address"]);
    let problems = RuntimeGrammar::compile("a = { \"x\" \nb = { a }")
        .err()
        .unwrap();
    assert!(!problems.is_empty());
    assert!(problems[0].offset > 0);
    let problems = RuntimeGrammar::compile("a = { a ~ \"x\" }").err().unwrap();
    assert!(
        problems[0].message.contains("left-recursive"),
        "{problems:?}"
    );
}
