//! Tests of peguri-abnf: the Earley recognizer against an oracle that
//! tries every alternative by brute force, the reader and the deltas on
//! the RFCs' ABNF, and the generator's coverage, bounds and determinism.

use std::collections::BTreeSet;

use peguri_abnf::{Choices, Expr, Generator, Grammar, Options, Plan, Recognizer, Seeded, Verdict};

fn grammar(text: &str) -> Grammar {
    Grammar::from_abnf(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether `rule` of the ABNF `text` derives each of `inputs`.
fn outcomes(text: &str, rule: &str, inputs: &[&str]) -> Vec<bool> {
    let grammar = grammar(text);
    let recognizer = Recognizer::new(&grammar).unwrap();
    let rule = grammar.find_rule(rule).unwrap();
    inputs
        .iter()
        .map(|i| recognizer.recognize(rule, i))
        .collect()
}

#[test]
fn empty_derivations_through_chains_of_nullable_rules() {
    // Aycock and Horspool's example: each A may be empty.
    let text = "S = A A A A\nA = \"a\" / E\nE = \"\"\n";
    assert_eq!(
        outcomes(text, "S", &["", "a", "aa", "aaa", "aaaa", "aaaaa", "b"]),
        [true, true, true, true, true, false, false]
    );
    let text = "a = b c\nb = *\"x\"\nc = [ \"y\" ]\n";
    assert_eq!(
        outcomes(text, "a", &["", "x", "xxy", "y", "yx", "yy"]),
        [true, true, true, true, false, false]
    );
}

#[test]
fn left_right_and_ambiguous_recursion() {
    let left = "e = e \"+\" t / t\nt = DIGIT\n";
    assert_eq!(
        outcomes(left, "e", &["1", "1+2+3", "1+", "+1", ""]),
        [true, true, false, false, false]
    );
    let right = "r = \"a\" r / \"b\"\n";
    assert_eq!(
        outcomes(right, "r", &["b", "aaab", "aaa", ""]),
        [true, true, false, false]
    );
    let ambiguous = "s = s s / \"a\" / \"\"\n";
    assert_eq!(
        outcomes(ambiguous, "s", &["", "a", "aaaaaa", "ab"]),
        [true, true, true, false]
    );
    let nested = "p = \"(\" p \")\" p / \"\"\n";
    assert_eq!(
        outcomes(nested, "p", &["", "()", "(()())()", "(()", ")("]),
        [true, true, true, false, false]
    );
}

#[test]
fn repetitions_strings_and_values() {
    let h16 = "h16 = 1*4HEXDIG\n";
    assert_eq!(
        outcomes(h16, "h16", &["", "a", "fFfF", "12345", "g"]),
        [false, true, true, false, false]
    );
    assert_eq!(
        outcomes("a = 3\"x\"\n", "a", &["xx", "xxx", "xXx", "xxxx"]),
        [false, true, true, false]
    );
    assert_eq!(
        outcomes(
            "a = 2*3( \"a\" / \"bc\" )\n",
            "a",
            &["a", "ab", "abc", "bcbc", "aaaa", "aabca"]
        ),
        [false, false, true, true, false, false]
    );
    // Quoted strings are case-insensitive, %s strings are not (RFC 7405).
    assert_eq!(
        outcomes("a = \"Ab\"\n", "a", &["ab", "AB", "aB", "Ab", "ac"]),
        [true, true, true, true, false]
    );
    assert_eq!(
        outcomes("a = %s\"Ab\"\n", "a", &["ab", "Ab"]),
        [false, true]
    );
    // Values and ranges, beyond ASCII and beyond the BMP.
    let ranges = "a = %xA0-D7FF / %x10000-1FFFD / %x61.62 / %d48\n";
    assert_eq!(
        outcomes(ranges, "a", &["é", "😀", "ab", "0", "a", "\u{E000}"]),
        [true, true, true, true, false, false]
    );
    // A prose value matches nothing; a zero repetition of one matches "".
    assert_eq!(
        outcomes(
            "a = <anything> / \"x\"\nb = 0<anything>\n",
            "a",
            &["x", "anything", ""]
        ),
        [true, false, false]
    );
    assert_eq!(
        outcomes("b = 0<anything>\n", "b", &["", "x"]),
        [true, false]
    );
}

/// Every end position `expr` can reach from `at` in `input`, trying every
/// alternative and every repetition count: the definition of ABNF's
/// meaning, for grammars without recursion.
fn ends(grammar: &Grammar, expr: &Expr, input: &[char], at: usize) -> BTreeSet<usize> {
    match expr {
        Expr::Alt(items) => items
            .iter()
            .flat_map(|e| ends(grammar, e, input, at))
            .collect(),
        Expr::Seq(items) => items.iter().fold(BTreeSet::from([at]), |starts, e| {
            starts
                .iter()
                .flat_map(|&s| ends(grammar, e, input, s))
                .collect()
        }),
        Expr::Repeat { min, max, expr } => {
            let mut out = BTreeSet::new();
            let mut here = BTreeSet::from([at]);
            let mut rounds = 0;
            loop {
                if rounds >= *min {
                    out.extend(here.iter().copied());
                }
                if max.is_some_and(|m| rounds >= m)
                    || here.is_empty()
                    || rounds as usize > input.len() + 1
                {
                    break;
                }
                here = here
                    .iter()
                    .flat_map(|&s| ends(grammar, expr, input, s))
                    .collect();
                rounds += 1;
            }
            out
        }
        Expr::Optional(expr) => {
            let mut out = ends(grammar, expr, input, at);
            out.insert(at);
            out
        }
        Expr::Rule(name) => {
            let rule = grammar.find_rule(name).unwrap();
            ends(grammar, &grammar.rule(rule).expr, input, at)
        }
        Expr::Chars(set) => match input.get(at) {
            Some(&c) if set.contains(c) => BTreeSet::from([at + 1]),
            _ => BTreeSet::new(),
        },
        Expr::Text {
            text,
            case_sensitive,
        } => {
            let wanted: Vec<char> = text.chars().collect();
            let same = |a: char, b: char| {
                if *case_sensitive {
                    a == b
                } else {
                    a.eq_ignore_ascii_case(&b)
                }
            };
            let fits = input.len() >= at + wanted.len()
                && wanted.iter().zip(&input[at..]).all(|(&w, &c)| same(w, c));
            if fits {
                BTreeSet::from([at + wanted.len()])
            } else {
                BTreeSet::new()
            }
        }
        Expr::Prose(_) => BTreeSet::new(),
    }
}

/// A random expression over `a`, `b`, `c`, calling rules numbered below
/// `rule` (so the grammar has no recursion).
fn random_expr(choices: &mut Seeded, rule: usize, depth: u32) -> String {
    let leaf = |choices: &mut Seeded| match choices.below(6) {
        0 => "\"a\"".to_owned(),
        1 => "%x62-63".to_owned(),
        2 => "\"\"".to_owned(),
        3 => "%s\"B\"".to_owned(),
        _ if rule > 0 => format!("r{}", choices.below(rule)),
        _ => "\"c\"".to_owned(),
    };
    if depth == 0 {
        return leaf(choices);
    }
    match choices.below(5) {
        0 => format!(
            "( {} / {} )",
            random_expr(choices, rule, depth - 1),
            random_expr(choices, rule, depth - 1)
        ),
        1 => format!(
            "( {} {} )",
            random_expr(choices, rule, depth - 1),
            random_expr(choices, rule, depth - 1)
        ),
        2 => {
            let min = choices.below(3);
            let max = if choices.below(3) == 0 {
                String::new()
            } else {
                (min + choices.below(3)).to_string()
            };
            format!("{min}*{max}( {} )", random_expr(choices, rule, depth - 1))
        }
        3 => format!("[ {} ]", random_expr(choices, rule, depth - 1)),
        _ => leaf(choices),
    }
}

#[test]
fn earley_agrees_with_brute_force_on_random_grammars() {
    let mut choices = Seeded::new(20_240_601);
    let mut compared = 0;
    for _ in 0..150 {
        let rules = 1 + choices.below(4);
        let text: String = (0..rules)
            .map(|r| format!("r{r} = {}\n", random_expr(&mut choices, r, 3)))
            .collect();
        let grammar = grammar(&text);
        let recognizer = Recognizer::new(&grammar).unwrap();
        for rule in 0..rules {
            for _ in 0..20 {
                let len = choices.below(6);
                let input: String = (0..len)
                    .map(|_| ['a', 'b', 'c', 'B', 'A'][choices.below(5)])
                    .collect();
                let chars: Vec<char> = input.chars().collect();
                let expected =
                    ends(&grammar, &grammar.rule(rule).expr, &chars, 0).contains(&chars.len());
                assert_eq!(
                    recognizer.recognize(rule, &input),
                    expected,
                    "r{rule} on {input:?} in\n{text}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 3000);
}

#[test]
fn alternatives_one_at_a_time() {
    let grammar = Grammar::rfc3986();
    let recognizer = Recognizer::new(&grammar).unwrap();
    let path = grammar.find_rule("path").unwrap();
    let which = |input: &str| -> Vec<usize> {
        (0..5)
            .filter(|&k| recognizer.recognize_alternative(path, k, input))
            .map(|k| k + 1)
            .collect()
    };
    // path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
    assert_eq!(which(""), [1, 5]);
    assert_eq!(which("/a"), [1, 2]);
    assert_eq!(which("//a"), [1]);
    assert_eq!(which("a/b"), [3, 4]);
    assert_eq!(which("a:b"), [4]);
    assert!(!recognizer.recognize_alternative(path, 5, ""));
}

/// `../shared` beside the repository, present in development and CI only.
const SHARED_SPEC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/spec");

/// A file of `../shared/spec`: its text, or `None` (with a notice) when
/// `../shared` is missing outside CI; under `CI=true` a missing file fails.
fn shared_spec(name: &str) -> Option<String> {
    let path = format!("{SHARED_SPEC}/{name}");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("{path}: {e} (../shared is required under CI=true)")
        }
        Err(_) => {
            eprintln!("skipped: {path} is missing (../shared is not beside the repository)");
            None
        }
    }
}

/// The repository's copy without the lines naming its source (the first
/// comment block, up to the first blank comment line).
fn without_source_header(text: &str) -> &str {
    let at = text.find(";\n").map_or(0, |i| i + 2);
    &text[at..]
}

#[test]
fn the_repository_keeps_the_shared_spec_files_as_they_are() {
    for (name, kept) in [
        ("rfc3986-appendix-a.abnf", peguri_abnf::RFC3986_APPENDIX_A),
        (
            "rfc3987-6874-deltas.abnf",
            peguri_abnf::RFC3987_RFC6874_DELTAS,
        ),
    ] {
        assert!(
            kept.starts_with("; Source: RFC 398"),
            "{name} names its source first"
        );
        if let Some(shared) = shared_spec(name) {
            assert_eq!(without_source_header(kept), shared, "{name}");
        }
    }
}

/// The rules a grammar has beyond `base`'s, sorted.
fn added(grammar: &Grammar, base: &Grammar) -> Vec<String> {
    let mut names: Vec<String> = grammar
        .rule_names()
        .filter(|n| base.find_rule(n).is_none())
        .map(str::to_owned)
        .collect();
    names.sort();
    names
}

#[test]
fn appendix_a_reads_with_its_core_rules() {
    let grammar = Grammar::rfc3986();
    let names: Vec<&str> = grammar.rule_names().collect();
    assert_eq!(names.len(), 39);
    assert_eq!(names[0], "URI");
    assert_eq!(&names[36..], ["ALPHA", "DIGIT", "HEXDIG"]);
    let six = grammar.find_rule("IPv6address").unwrap();
    assert_eq!(grammar.alternatives(six).len(), 9);
    assert_eq!(
        grammar.alternatives(six)[3].to_string(),
        "[ *1( h16 \":\" ) h16 ] \"::\" 3( h16 \":\" ) ls32"
    );
}

#[test]
fn the_deltas_derive_rfc_3987s_rules_and_rfc_6874s_literal() {
    let uri = Grammar::rfc3986();
    let iri = Grammar::rfc3987();
    // RFC 3987 section 2.2's rules, and no others: IP-literal and what only
    // it reaches (IPvFuture) stay ASCII-only.
    let mut expected = vec![
        "IRI",
        "ihier-part",
        "IRI-reference",
        "absolute-IRI",
        "irelative-ref",
        "irelative-part",
        "iauthority",
        "iuserinfo",
        "ihost",
        "ireg-name",
        "ipath",
        "ipath-abempty",
        "ipath-absolute",
        "ipath-noscheme",
        "ipath-rootless",
        "ipath-empty",
        "isegment",
        "isegment-nz",
        "isegment-nz-nc",
        "ipchar",
        "iquery",
        "ifragment",
        "iunreserved",
        "ucschar",
        "iprivate",
    ];
    expected.sort();
    assert_eq!(added(&iri, &uri), expected);
    let show = |g: &Grammar, name: &str| g.rule(g.find_rule(name).unwrap()).expr.to_string();
    assert_eq!(show(&iri, "ihost"), "IP-literal / IPv4address / ireg-name");
    assert_eq!(show(&iri, "ipath-empty"), "0<ipchar>");
    assert_eq!(show(&iri, "IRI-reference"), "IRI / irelative-ref");
    assert_eq!(show(&iri, "IP-literal"), show(&uri, "IP-literal"));

    let both = Grammar::rfc3987_6874();
    assert_eq!(added(&both, &iri), ["IPv6addrz", "ZoneID"]);
    assert_eq!(show(&both, "IPv6addrz"), "IPv6address \"%25\" ZoneID");
    let recognizer = Recognizer::new(&both).unwrap();
    let iri_reference = both.find_rule("IRI-reference").unwrap();
    assert!(recognizer.recognize(iri_reference, "http://[fe80::1%25en0]/ä?\u{E000}"));
    assert!(!recognizer.recognize(iri_reference, "http://[fe80::1%25en0]/\u{E000}"));
}

#[test]
fn reading_errors_say_what_and_where() {
    let error = |text: &str| Grammar::from_abnf(text).unwrap_err().to_string();
    assert_eq!(
        error("a = b\n"),
        "the rule \"a\" calls \"b\", which no rule defines"
    );
    assert_eq!(
        error("a = \"x\"\nA = \"y\"\n"),
        "the rule \"A\" is defined twice in (ABNF text)"
    );
    assert_eq!(
        error("a =/ \"x\"\n"),
        "(ABNF text) adds alternatives to the rule \"a\" (=/), which is not defined before"
    );
    assert!(
        error("a = \"x\"\n b = \"y\"\n").starts_with("the ABNF file (ABNF text) does not parse")
    );
    assert!(
        error("a = = b\n").contains("line"),
        "{}",
        error("a = = b\n")
    );
    let deep = format!("a = {}\"x\"{}\n", "(".repeat(300), ")".repeat(300));
    assert_eq!(
        error(&deep),
        "the ABNF file (ABNF text) nests ( ) and [ ] 300 deep; at most 256 is read"
    );
    assert_eq!(
        error("a = 3*2\"x\"\n"),
        "the rule \"a\" repeats \"x\" at least 3 times and at most 2 times"
    );
    assert_eq!(
        error("; a comment alone\n"),
        "the ABNF file (ABNF text) defines no rule"
    );
    let one = grammar("a = \"x\"\n");
    let error = Generator::new(&one, 1, None, Options::default())
        .err()
        .unwrap();
    assert_eq!(
        error.message(),
        "the grammar has 1 rules; there is no rule number 1"
    );
    // `=/` adds alternatives; core rules come only where called.
    let grammar = grammar("a = \"x\"\na =/ \"y\" / \"z\"\n");
    assert_eq!(grammar.rule(0).expr.to_string(), "\"x\" / \"y\" / \"z\"");
    assert_eq!(grammar.rule_names().count(), 1);
}

/// Strings of `rule` that `plan` asks for, checked with the recognizer,
/// and the generator's coverage after them.
fn generate(
    grammar: &Grammar,
    rule: &str,
    alternative: Option<usize>,
    plan: Plan,
    options: Options,
    seed: u64,
) -> (Vec<String>, peguri_abnf::Coverage) {
    let recognizer = Recognizer::new(grammar).unwrap();
    let rule = grammar.find_rule(rule).unwrap();
    let mut generator = Generator::new(grammar, rule, alternative, options).unwrap();
    let mut lines = Vec::new();
    let check = &mut |s: &str| {
        if recognizer.recognize(rule, s) {
            Verdict::Accepted
        } else {
            Verdict::Refused
        }
    };
    generator
        .run(plan, &mut Seeded::new(seed), check, &mut |line: &str| {
            lines.push(line.to_owned());
            Ok::<(), ()>(())
        })
        .unwrap();
    (lines, generator.coverage())
}

#[test]
fn generation_covers_every_alternative_of_appendix_a() {
    let grammar = Grammar::rfc3986();
    let recognizer = Recognizer::new(&grammar).unwrap();
    for rule in ["URI-reference", "path", "absolute-URI", "reserved"] {
        let (lines, coverage) =
            generate(&grammar, rule, None, Plan::default(), Options::default(), 0);
        assert_eq!(
            coverage.covered, coverage.reachable,
            "{rule}: {:?}",
            coverage.missing
        );
        assert!(coverage.missing.is_empty());
        let index = grammar.find_rule(rule).unwrap();
        assert!(
            lines.iter().all(|l| recognizer.recognize(index, l)),
            "{rule}"
        );
        // Each line covers something new, so there are no more lines
        // than alternatives.
        assert!(lines.len() <= coverage.reachable, "{rule}: {}", lines.len());
    }
    let (lines, coverage) = generate(
        &grammar,
        "URI-reference",
        None,
        Plan::default(),
        Options::default(),
        0,
    );
    assert_eq!(coverage.reachable, 87);
    assert!(lines.iter().any(|l| l.contains("::")), "an IPv6 literal");
    assert!(
        lines.iter().any(|l| l.to_ascii_lowercase().contains("[v")),
        "an IPvFuture"
    );
}

#[test]
fn generation_is_deterministic_for_a_seed() {
    let grammar = Grammar::rfc3987_6874();
    let plan = Plan {
        count: Some(50),
        ..Plan::default()
    };
    let run = |seed| {
        generate(
            &grammar,
            "IRI-reference",
            None,
            plan,
            Options::default(),
            seed,
        )
        .0
    };
    let first = run(7);
    assert_eq!(first.len(), 50);
    assert_eq!(first, run(7));
    assert_ne!(first, run(8));
}

#[test]
fn one_alternative_alone() {
    let grammar = Grammar::rfc3986();
    let plan = Plan {
        count: Some(20),
        ..Plan::default()
    };
    // dec-octet's fifth alternative: "25" %x30-35.
    let (lines, coverage) = generate(&grammar, "dec-octet", Some(4), plan, Options::default(), 1);
    assert!(!lines.is_empty());
    assert!(
        lines.iter().all(|l| l.len() == 3 && l.starts_with("25")),
        "{lines:?}"
    );
    assert_eq!(coverage.reachable, 1);
    let rule = grammar.find_rule("dec-octet").unwrap();
    let error = Generator::new(&grammar, rule, Some(5), Options::default())
        .err()
        .unwrap();
    assert_eq!(
        error.message(),
        "the rule \"dec-octet\" has 5 alternatives; there is no alternative 6"
    );
}

#[test]
fn near_valid_strings_are_one_edit_from_valid_and_refused() {
    let grammar = Grammar::rfc3986();
    let recognizer = Recognizer::new(&grammar).unwrap();
    let rule = grammar.find_rule("URI-reference").unwrap();
    let plan = Plan {
        count: Some(300),
        invalid: true,
        max_attempts: None,
    };
    let (lines, _) = generate(&grammar, "URI-reference", None, plan, Options::default(), 3);
    assert_eq!(lines.len(), 300);
    for line in &lines {
        assert!(!recognizer.recognize(rule, line), "{line:?}");
        assert!(!line.contains(['\n', '\r']));
    }
    // A mutation deletes, inserts or replaces one character.
    let port = grammar.find_rule("port").unwrap();
    let generator = Generator::new(&grammar, port, None, Options::default()).unwrap();
    let mut choices = Seeded::new(0);
    let lengths: BTreeSet<usize> = (0..100)
        .map(|_| generator.mutate("1234", &mut choices).chars().count())
        .collect();
    assert_eq!(lengths, BTreeSet::from([3, 4, 5]));
}

#[test]
fn bounds_on_depth_length_and_line_breaks() {
    let nested = grammar("e = \"(\" e \")\" / \"x\"\n");
    let plan = Plan {
        count: Some(40),
        ..Plan::default()
    };
    let options = Options {
        max_depth: 5,
        ..Options::default()
    };
    let (lines, _) = generate(&nested, "e", None, plan, options, 0);
    assert!(!lines.is_empty());
    assert!(
        lines.iter().all(|l| l.matches('(').count() <= 4),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.matches('(').count() == 4));

    let long = grammar("a = 1*\"x\"\n");
    let options = Options {
        max_repeat: 100,
        max_length: 10,
        ..Options::default()
    };
    let (lines, _) = generate(&long, "a", None, plan, options, 0);
    assert!(lines.iter().all(|l| l.len() <= 10));

    let breaks = grammar("a = \"x\" LF \"y\" / \"z\" / %x0D / %xFEFF\n");
    let (lines, coverage) = generate(&breaks, "a", None, Plan::default(), Options::default(), 0);
    assert_eq!(lines.len(), 1);
    assert!(lines[0].eq_ignore_ascii_case("z"));
    let unwritable: Vec<(usize, bool)> = coverage
        .missing
        .iter()
        .map(|m| (m.alternative, m.writable))
        .collect();
    assert_eq!(unwritable, [(1, false), (3, false), (4, false)]);

    let deep = grammar("a = b\nb = c\nc = \"x\"\n");
    let options = Options {
        max_depth: 2,
        ..Options::default()
    };
    let error = Generator::new(&deep, 0, None, options).err().unwrap();
    assert_eq!(
        error.message(),
        "the rule \"a\" needs 3 nested rule calls, more than the depth limit of 2"
    );
    let never = grammar("a = LF\n");
    let error = Generator::new(&never, 0, None, Options::default())
        .err()
        .unwrap();
    assert!(
        error
            .message()
            .contains("derives no string that can be written on a line")
    );
}
