//! The transcription agrees with the ABNF it transcribes: every rule of
//! `uri.pest`, `iri.pest` and `rfc6874.pest` (pest_derive's parser) accepts
//! exactly what RFC 3986 Appendix A, with the RFC 3987 and RFC 6874
//! deltas, derives when run as written (peguri-abnf's Earley recognizer,
//! every alternative at once).
//!
//! The first byte picks the rule (one of every pair of a pest rule and its
//! ABNF rule, over the three grammars), the second how the string is made:
//! derived from the ABNF rule with the rest of the bytes as the
//! generator's choices (a valid string), the same with one mutation (most
//! often a near-valid one), or the rest of the bytes as the string itself.
//! One string is compared per execution. No PEG/ABNF difference in
//! acceptance is documented (docs/grammar.md), so every disagreement fails.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use peguri_abnf::{FromBytes, Generator, Grammar, Options, Recognizer};

struct Side {
    grammar: Grammar,
    recognizer: Recognizer,
}

/// A pest rule, its side and ABNF rule, and a generator of its strings.
struct Pair {
    pest: &'static str,
    side: usize,
    rule: usize,
    generator: Generator<'static>,
}

/// RFC 3986; with RFC 3987; with RFC 3987 and RFC 6874.
fn sides() -> &'static [Side] {
    static SIDES: OnceLock<Vec<Side>> = OnceLock::new();
    SIDES.get_or_init(|| {
        [
            Grammar::rfc3986(),
            Grammar::rfc3987(),
            Grammar::rfc3987_6874(),
        ]
        .into_iter()
        .map(|grammar| Side {
            recognizer: Recognizer::new(&grammar).expect("the built-in ABNF compiles"),
            grammar,
        })
        .collect()
    })
}

fn pairs() -> &'static [Pair] {
    static PAIRS: OnceLock<Vec<Pair>> = OnceLock::new();
    let sides = sides();
    PAIRS.get_or_init(|| {
        let rfc6874: Vec<&'static str> = peguri::grammar::rule_names()
            .filter(|n| {
                (n.ends_with("_6874") && !n.ends_with("_entry"))
                    || ["ZoneID", "IPv6addrz"].contains(n)
            })
            .collect();
        let lists: [Vec<&'static str>; 3] = [
            peguri::grammar::APPENDIX_A_RULES.to_vec(),
            peguri::grammar::RFC3987_RULES.to_vec(),
            rfc6874,
        ];
        let mut pairs = Vec::new();
        for (side, names) in lists.iter().enumerate() {
            let grammar = &sides[side].grammar;
            for &pest in names {
                let abnf = pest.trim_end_matches("_6874").replace('_', "-");
                let rule = grammar
                    .find_rule(&abnf)
                    .expect("every pest rule has its ABNF rule");
                let generator = Generator::new(grammar, rule, None, Options::default())
                    .expect("every rule generates");
                pairs.push(Pair {
                    pest,
                    side,
                    rule,
                    generator,
                });
            }
        }
        pairs
    })
}

fuzz_target!(|data: &[u8]| {
    let [pick, how, rest @ ..] = data else {
        return;
    };
    let pairs = pairs();
    let pair = &pairs[usize::from(*pick) % pairs.len()];
    let input = match how % 3 {
        0 | 1 => {
            let mut choices = FromBytes::new(rest);
            let Some(candidate) = pair.generator.candidate(&mut choices) else {
                return;
            };
            if how % 3 == 0 {
                candidate.text
            } else {
                pair.generator.mutate(&candidate.text, &mut choices)
            }
        }
        _ => match std::str::from_utf8(rest) {
            Ok(text) => text.to_owned(),
            Err(_) => return,
        },
    };
    let side = &sides()[pair.side];
    let abnf = side.recognizer.recognize(pair.rule, &input);
    let pest = peguri::grammar::parse_rule(pair.pest, &input).is_ok();
    assert_eq!(
        abnf, pest,
        "{} on {input:?}: the ABNF says {abnf}, pest says {pest}",
        pair.pest
    );
});
