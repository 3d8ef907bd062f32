//! `peguri grammar generate --rule R`: strings that exercise every
//! alternative of every rule reachable from R (abnfgen's idea), or
//! near-valid strings one mutation away from them, from the pest grammar
//! (the built-in one, `--grammar FILE`, `--scheme NAME`) or from ABNF
//! (`--abnf FILE`).
//!
//! Both go through `peguri_abnf::Generator`: an ABNF grammar directly, a
//! pest grammar as pest_meta's AST converted rule by rule (ordered choice
//! becomes a choice, `?`, `*`, `+` and `{m, n}` repetitions, `^"..."`
//! case-insensitive text, `'a'..'z'` a character range; a lookahead
//! generates nothing, and pest's own parse of each string decides). A
//! string counts only when the grammar accepts it (pest_vm under the
//! usual bounds, or the ABNF Earley recognizer); a near-valid one only
//! when the grammar refuses it.

use std::collections::HashSet;
use std::io::{self, Read, Write};

use clap::Args;
use peguri::error::Quoted;
use peguri::grammar::RuleLookup;
use peguri::scheme::Scheme;
use peguri_abnf::{
    CharSet, Coverage, Expr, Generator, Grammar, Names, Options, Plan, Recognizer, Rule, Seeded,
    Summary, Verdict,
};
use pest_meta::ast::{Expr as PestExpr, Rule as PestRule};

use super::parse_scheme;
use crate::bounds::{BoundedVm, GrammarLimits, Parsed};
use crate::common::{quoted, stdout};
use crate::grammar::{ENTRY, GrammarText, grammar_files, resolve_rule};
use crate::outcome::Outcome;

/// Write strings that exercise every alternative of a rule, or near-valid
/// strings the grammar refuses.
///
/// Strings are derived from the rule top-down, each choice preferring an
/// alternative not covered yet, and kept only when the grammar accepts
/// them: pest's parse for a pest grammar (the built-in one by default),
/// the ABNF run as written (an Earley recognizer, every alternative at
/// once) with --abnf. Without --count, strings are written until every
/// alternative of every rule reachable from the rule is covered, each
/// covering one more; stderr says what was covered. With --invalid each
/// string is a valid one with one character deleted, inserted or
/// replaced, that the grammar refuses. One string per line: LF, CR and
/// U+FEFF are never generated. The same seed gives the same strings.
/// Exit code: 0, 2 for usage errors.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri grammar generate --rule host\n  \
    peguri grammar generate --rule IPv6address --alternative 3 --count 5\n  \
    peguri grammar generate --count 1000 --seed 7 --invalid\n  \
    peguri grammar generate --grammar my-uri.pest --rule URI\n  \
    peguri grammar generate --abnf abnf/rfc3986-appendix-a.abnf --rule URI-reference\n  \
    peguri grammar generate --abnf abnf/rfc3986-appendix-a.abnf --abnf abnf/rfc3987-6874-deltas.abnf --rule IRI")]
pub struct GenerateArgs {
    /// The rule (any spelling: `URI-reference`, `uri_reference`); by
    /// default `URI-reference`, with --scheme the scheme's entry rule,
    /// with --abnf the first rule of the first file.
    #[arg(long, value_name = "RULE")]
    rule: Option<String>,
    /// Only the rule's N-th top-level alternative (from 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    alternative: Option<u32>,
    /// Write N strings (after covering what they can); by default, as
    /// many as it takes to cover every alternative reachable from the rule.
    #[arg(long, value_name = "N")]
    count: Option<usize>,
    /// The seed of the choices.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Near-valid strings: a valid string with one mutation that the
    /// grammar refuses.
    #[arg(long)]
    invalid: bool,
    /// The pest grammar file instead of the built-in grammar; more than
    /// once (or FILE+FILE) for a grammar in several files. With --scheme,
    /// the scheme grammar's file, read after the built-in uri.pest.
    #[arg(long, value_name = "FILE", conflicts_with = "abnf")]
    grammar: Vec<String>,
    /// Generate from an ABNF file (RFC 5234) instead of a pest grammar;
    /// more than once, each later file is applied to the first as a delta
    /// (a rule replaces the rule of its name, `iX` derives RFC 3987's IRI
    /// rules).
    #[arg(long, value_name = "FILE")]
    abnf: Vec<String>,
    /// Work on the grammar of a scheme's own syntax (`peguri schemes`
    /// lists those with a grammar): the built-in uri.pest, then the scheme
    /// grammar.
    #[arg(long, value_name = "NAME", value_parser = parse_scheme, conflicts_with = "abnf")]
    scheme: Option<Scheme>,
    /// The most nested rule calls in a derivation (1 to 1000); an
    /// alternative that needs more to finish is not taken there.
    #[arg(long, value_name = "N", default_value_t = Options::default().max_depth,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(peguri_abnf::MAX_DEPTH)))]
    max_depth: u32,
    /// The most rounds past its minimum of a repetition without an upper
    /// bound (`*x` takes 0 to N rounds; `1*4x` takes 1 to 4 in any case,
    /// and so does any bound at most 16 past the minimum).
    #[arg(long, value_name = "N", default_value_t = Options::default().max_repeat)]
    max_repeat: u32,
    /// The longest string, in bytes; longer derivations are dropped.
    #[arg(long, value_name = "BYTES", default_value_t = Options::default().max_length)]
    max_length: usize,
    #[command(flatten)]
    limits: GrammarLimits,
}

/// Runs `peguri grammar generate`.
pub fn run(args: &GenerateArgs) -> io::Result<Outcome> {
    let options = Options {
        max_depth: args.max_depth,
        max_repeat: args.max_repeat,
        max_length: args.max_length,
    };
    let plan = Plan {
        count: args.count,
        invalid: args.invalid,
        max_attempts: None,
    };
    let alternative = args.alternative.map(|n| n as usize - 1);
    if args.abnf.is_empty() {
        run_pest(args, options, plan, alternative)
    } else {
        run_abnf(args, options, plan, alternative)
    }
}

/// From a pest grammar, each string checked with pest_vm.
fn run_pest(
    args: &GenerateArgs,
    options: Options,
    plan: Plan,
    alternative: Option<usize>,
) -> io::Result<Outcome> {
    let files = grammar_files(&args.grammar);
    let text = match args.scheme {
        Some(scheme) => GrammarText::read_scheme(scheme, &files, &args.limits),
        None => GrammarText::read(&files, &args.limits),
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => return Ok(Outcome::Usage(e.0)),
    };
    let described = if files.is_empty() && args.scheme.is_none() {
        "the built-in grammar".to_owned()
    } else {
        format!("the grammar {}", text.name())
    };
    let names = match text.compile() {
        Ok((names, _)) => names,
        Err(e) => return Ok(Outcome::Usage(e.0)),
    };
    let wanted = match (&args.rule, args.scheme) {
        (Some(rule), _) => rule.as_str(),
        (None, Some(scheme)) => scheme.entry_rule(),
        (None, None) => "URI-reference",
    };
    let rule = match resolve_rule(&names, wanted, &described) {
        Ok(rule) => rule,
        Err(message) => return Ok(Outcome::Usage(message)),
    };
    let ast = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, text.text())
        .map_err(|e| text.error(&[e]))
        .and_then(|pairs| pest_meta::parser::consume_rules(pairs).map_err(|e| text.error(&e)));
    let ast = match ast {
        Ok(ast) => ast,
        Err(e) => return Ok(Outcome::Usage(e.0)),
    };
    let grammar = match from_pest(&ast) {
        Ok(grammar) => grammar,
        Err(message) => return Ok(Outcome::Usage(format!("{described}: {message}"))),
    };
    let rules = match text.compile() {
        Ok((_, mut rules)) => {
            rules.push(crate::grammar::entry_rule(&rule));
            rules
        }
        Err(e) => return Ok(Outcome::Usage(e.0)),
    };
    // A mutation adds one character, four bytes at most.
    let vm = BoundedVm::new(rules, args.limits.bounds(options.max_length + 4));
    let check = &mut |s: &str| match vm.parse(ENTRY, s) {
        Parsed::Valid(_) => Verdict::Accepted,
        Parsed::Invalid(_) => Verdict::Refused,
        Parsed::Stopped(_) => Verdict::Unknown,
    };
    let Some(index) = grammar.find_rule(&rule) else {
        return Ok(Outcome::Usage(format!(
            "{described} has no rule {}",
            quoted(&rule)
        )));
    };
    generate(
        &grammar,
        index,
        alternative,
        options,
        plan,
        args.seed,
        &described,
        check,
    )
}

/// From ABNF files, each string checked with the Earley recognizer.
fn run_abnf(
    args: &GenerateArgs,
    options: Options,
    plan: Plan,
    alternative: Option<usize>,
) -> io::Result<Outcome> {
    let mut texts = Vec::new();
    let mut room = args.limits.max_grammar_bytes;
    for file in &args.abnf {
        let name = Quoted::new(file).to_string();
        let mut bytes = Vec::new();
        let read =
            std::fs::File::open(file).and_then(|f| f.take(room as u64 + 1).read_to_end(&mut bytes));
        if let Err(e) = read {
            return Ok(Outcome::Usage(format!("cannot read ABNF file {name}: {e}")));
        }
        if bytes.len() > room {
            return Ok(Outcome::Usage(format!(
                "the ABNF files are larger than {} bytes, the limit on a grammar's size \
                 (--max-grammar-bytes raises it)",
                args.limits.max_grammar_bytes
            )));
        }
        room -= bytes.len();
        match String::from_utf8(bytes) {
            Ok(text) => texts.push((name, text)),
            Err(e) => {
                return Ok(Outcome::Usage(format!(
                    "cannot read ABNF file {name}: {}",
                    e.utf8_error()
                )));
            }
        }
    }
    let files: Vec<(&str, &str)> = texts
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let described = format!(
        "the ABNF {}",
        texts
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(" + ")
    );
    let grammar = match Grammar::from_abnf_files(&files) {
        Ok(grammar) => grammar,
        Err(e) => return Ok(Outcome::Usage(e.to_string())),
    };
    let index = match &args.rule {
        None => 0,
        Some(wanted) => match peguri::grammar::find_rule(grammar.rule_names(), wanted) {
            RuleLookup::Found(name) => grammar.find_rule(name).unwrap_or(0),
            RuleLookup::Ambiguous(names) | RuleLookup::Unknown(names) => {
                let hint = match names.as_slice() {
                    [] => String::new(),
                    names => format!(
                        "; did you mean {}?",
                        names
                            .iter()
                            .map(|n| quoted(n))
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ),
                };
                return Ok(Outcome::Usage(format!(
                    "{described} has no rule {}{hint}",
                    quoted(wanted)
                )));
            }
        },
    };
    let recognizer = match Recognizer::new(&grammar) {
        Ok(recognizer) => recognizer,
        Err(e) => return Ok(Outcome::Usage(format!("{described}: {e}"))),
    };
    let check = &mut |s: &str| {
        if recognizer.recognize(index, s) {
            Verdict::Accepted
        } else {
            Verdict::Refused
        }
    };
    generate(
        &grammar,
        index,
        alternative,
        options,
        plan,
        args.seed,
        &described,
        check,
    )
}

/// Writes the strings, one a line, then says on stderr what they cover.
#[allow(clippy::too_many_arguments)]
fn generate(
    grammar: &Grammar,
    rule: usize,
    alternative: Option<usize>,
    options: Options,
    plan: Plan,
    seed: u64,
    described: &str,
    check: &mut dyn FnMut(&str) -> Verdict,
) -> io::Result<Outcome> {
    let mut generator = match Generator::new(grammar, rule, alternative, options) {
        Ok(generator) => generator,
        Err(e) => return Ok(Outcome::Usage(format!("{described}: {e}"))),
    };
    let mut out = stdout();
    let summary = generator.run(plan, &mut Seeded::new(seed), check, &mut |line: &str| {
        out.write_all(line.as_bytes())?;
        out.write_all(b"\n")
    })?;
    out.flush()?;
    let name = &grammar.rule(rule).name;
    let what = match alternative {
        Some(k) => format!("{name} (alternative {})", k + 1),
        None => name.clone(),
    };
    eprint!(
        "{}",
        report(
            &what,
            described,
            seed,
            plan,
            &summary,
            &generator.coverage()
        )
    );
    Ok(Outcome::Success)
}

/// What a run wrote and covered, for stderr.
fn report(
    what: &str,
    described: &str,
    seed: u64,
    plan: Plan,
    summary: &Summary,
    coverage: &Coverage,
) -> String {
    let kind = if plan.invalid { "near-valid " } else { "" };
    let mut text = format!(
        "peguri: {} {kind}string{} of {what} from {described} (seed {seed}): \
         {} of the {} alternatives reachable covered\n",
        summary.written,
        if summary.written == 1 { "" } else { "s" },
        coverage.covered,
        coverage.reachable,
    );
    if summary.gave_up {
        let asked = match plan.count {
            Some(n) => format!("{n} strings"),
            None => "every alternative".to_owned(),
        };
        text.push_str(&format!(
            "peguri: stopped after {} derivations short of {asked} ({} refused by the grammar)\n",
            summary.attempts, summary.refused
        ));
    }
    if !coverage.missing.is_empty() {
        text.push_str(&format!(
            "alternatives not covered ({}), in ABNF notation:\n",
            coverage.missing.len()
        ));
        for m in &coverage.missing {
            let why = if m.writable {
                ""
            } else {
                " (needs a prose value, or LF, CR or U+FEFF, which are never written)"
            };
            text.push_str(&format!(
                "  {} choice {} alternative {}: {}{why}\n",
                m.rule, m.choice, m.alternative, m.text
            ));
        }
    }
    text
}

/// pest's built-in character rules, as character sets.
fn built_in(name: &str) -> Option<Expr> {
    let ranges: &[(char, char)] = match name {
        "ANY" => &[('\0', char::MAX)],
        "ASCII" => &[('\0', '\x7F')],
        "ASCII_DIGIT" => &[('0', '9')],
        "ASCII_NONZERO_DIGIT" => &[('1', '9')],
        "ASCII_BIN_DIGIT" => &[('0', '1')],
        "ASCII_OCT_DIGIT" => &[('0', '7')],
        "ASCII_HEX_DIGIT" => &[('0', '9'), ('A', 'F'), ('a', 'f')],
        "ASCII_ALPHA_LOWER" => &[('a', 'z')],
        "ASCII_ALPHA_UPPER" => &[('A', 'Z')],
        "ASCII_ALPHA" => &[('A', 'Z'), ('a', 'z')],
        "ASCII_ALPHANUMERIC" => &[('0', '9'), ('A', 'Z'), ('a', 'z')],
        "NEWLINE" => &[('\n', '\n'), ('\r', '\r')],
        "SOI" | "EOI" => return Some(Expr::Seq(Vec::new())),
        _ => return None,
    };
    Some(Expr::Chars(CharSet::new(
        ranges.iter().map(|&(a, b)| (a as u32, b as u32)),
    )))
}

/// pest_meta's AST as a grammar for the generator (names compared
/// exactly, as pest does).
fn from_pest(rules: &[PestRule]) -> Result<Grammar, String> {
    let defined: HashSet<&str> = rules.iter().map(|r| r.name.as_str()).collect();
    let converted = rules
        .iter()
        .map(|rule| {
            Ok(Rule::new(
                rule.name.clone(),
                convert(&rule.expr, &rule.name, &defined)?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Grammar::new(converted, Names::Exact).map_err(|e| e.to_string())
}

/// One pest expression as an [`Expr`].
fn convert(expr: &PestExpr, rule: &str, defined: &HashSet<&str>) -> Result<Expr, String> {
    let again = |e: &PestExpr| convert(e, rule, defined);
    let repeat = |e: &PestExpr, min: u32, max: Option<u32>| -> Result<Expr, String> {
        Ok(Expr::Repeat {
            min,
            max,
            expr: Box::new(again(e)?),
        })
    };
    let unsupported = |what: &str| {
        Err(format!(
            "the rule {} uses {what}, which generate does not follow",
            quoted(rule)
        ))
    };
    Ok(match expr {
        PestExpr::Str(text) => Expr::Text {
            text: text.clone(),
            case_sensitive: true,
        },
        PestExpr::Insens(text) => Expr::Text {
            text: text.clone(),
            case_sensitive: false,
        },
        PestExpr::Range(first, last) => {
            let (Some(first), Some(last)) = (first.chars().next(), last.chars().next()) else {
                return unsupported("an empty character range");
            };
            Expr::Chars(CharSet::new([(first as u32, last as u32)]))
        }
        PestExpr::Ident(name) if defined.contains(name.as_str()) => Expr::Rule(name.clone()),
        PestExpr::Ident(name) => match name.as_str() {
            "PEEK" | "PEEK_ALL" | "POP" | "POP_ALL" | "DROP" => {
                return unsupported(&format!("pest's stack ({name})"));
            }
            other => match built_in(other) {
                Some(expr) => expr,
                None => return unsupported(&format!("pest's built-in rule {other}")),
            },
        },
        // A lookahead matches nothing; pest's check of each string decides.
        PestExpr::PosPred(_) | PestExpr::NegPred(_) => Expr::Seq(Vec::new()),
        PestExpr::Seq(..) => {
            let mut items = Vec::new();
            flatten(expr, &mut items, true);
            // Lookaheads match nothing: left out, so alternatives read as
            // what they generate.
            items.retain(|e| !matches!(e, PestExpr::PosPred(_) | PestExpr::NegPred(_)));
            match items.as_slice() {
                [one] => again(one)?,
                _ => Expr::Seq(items.into_iter().map(again).collect::<Result<_, _>>()?),
            }
        }
        PestExpr::Choice(..) => {
            let mut items = Vec::new();
            flatten(expr, &mut items, false);
            Expr::Alt(items.into_iter().map(again).collect::<Result<_, _>>()?)
        }
        PestExpr::Opt(e) => Expr::Optional(Box::new(again(e)?)),
        PestExpr::Rep(e) => repeat(e, 0, None)?,
        PestExpr::RepOnce(e) => repeat(e, 1, None)?,
        PestExpr::RepExact(e, n) => repeat(e, *n, Some(*n))?,
        PestExpr::RepMin(e, n) => repeat(e, *n, None)?,
        PestExpr::RepMax(e, n) => repeat(e, 0, Some(*n))?,
        PestExpr::RepMinMax(e, m, n) => repeat(e, *m, Some(*n))?,
        // Anything up to one of the strings: any characters; pest decides.
        PestExpr::Skip(_) => Expr::Repeat {
            min: 0,
            max: None,
            expr: Box::new(Expr::Chars(CharSet::new([(0, char::MAX as u32)]))),
        },
        PestExpr::PeekSlice(..) | PestExpr::Push(_) => return unsupported("pest's stack"),
        #[allow(unreachable_patterns)]
        _ => return unsupported("a construct of pest's grammar extras"),
    })
}

/// The operands of a chain of `~` (`sequence`) or `|`, in order (pest_meta
/// nests `a | b | c` as `(a | b) | c`).
fn flatten<'e>(expr: &'e PestExpr, out: &mut Vec<&'e PestExpr>, sequence: bool) {
    match (expr, sequence) {
        (PestExpr::Seq(a, b), true) | (PestExpr::Choice(a, b), false) => {
            flatten(a, out, sequence);
            flatten(b, out, sequence);
        }
        (other, _) => out.push(other),
    }
}
