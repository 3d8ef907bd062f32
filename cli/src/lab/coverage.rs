//! `peguri grammar coverage [--grammar FILE]... [FILE...]`: which rules,
//! and which alternatives of each choice, the valid inputs of a corpus
//! use, with counts.
//!
//! pest reports the rules that matched (as tokens), but not which
//! alternative of a choice did, and an atomic rule hides the rules it
//! calls. So the grammar is rewritten before pest_vm runs it:
//!
//! - every alternative of every choice becomes a marker rule of its own
//!   (`__peguri_alt_<n> = { alternative }`), called where the alternative
//!   was: a normal rule, so it changes neither atomicity nor implicit
//!   whitespace, and matches exactly what the alternative matched;
//! - atomic rules (`@`) become compound-atomic (`$`) and silent rules
//!   (`_`) normal: both match the same text as before, but now every rule
//!   and marker that takes part in the parse leaves a token.
//!
//! The counts are the tokens of each accepted parse. What pest tries and
//! then backtracks out of leaves no token and is not counted, nor is
//! anything inside a lookahead (`&e`, `!e`: pest makes no tokens there),
//! so choices inside lookaheads are listed apart. One known gap: pest's
//! optimizer rewrites `(x ~ y)* ~ x` to `x ~ (y ~ x)*`, which can match
//! a different prefix; when `x` holds a choice, the two copies get
//! different markers and the rewrite no longer applies. uri.pest has no
//! such pattern.

use std::collections::HashMap;
use std::io::{self, Write};

use clap::{Args, ValueEnum};
use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

use super::abnf_pairs::{self, Pairing};
use super::coverage_report::Report;
use super::{LabArgs, for_each_input, pest_text, quote_input};
use crate::bounds::{BoundedVm, Parsed};
use crate::common::stdout;
use crate::grammar::{ENTRY, GrammarError, GrammarText, OverrideArgs, grammar_files, resolve_rule};
use crate::outcome::Outcome;

/// The longest input counted by default, in bytes. pest keeps a token for
/// every match until the parse ends, and counting makes every rule and
/// every alternative match: about 570 bytes of memory per input byte with
/// uri.pest, so at most about 150 MB for an input of this length.
pub const DEFAULT_MAX_INPUT_BYTES: usize = 256 << 10;

/// The prefix of the marker rules; a grammar's own rules must not use it.
const MARKER: &str = "__peguri_alt_";

/// Count which rules, and which alternatives of each choice, the valid
/// inputs use; list those never used.
///
/// Inputs are read one per line from the FILEs, or from stdin. Counts
/// come from the parse pest accepts (what it tries and gives up is not
/// counted, nor what happens inside lookaheads). Each row has the share
/// of the valid inputs that use it and the first input that does
/// (FILE:LINE); --by-file adds the inputs of each file. Alternatives are
/// numbered and listed in the order of the ABNF above their rule, with
/// the ABNF beside the pest text, and the rules whose alternatives the
/// PEG tries in another order say so. Rules never used are listed apart
/// from the alternatives never used in rules that are used. Each parse
/// is bounded as in `grammar diff`, and an input longer than
/// --max-input-bytes is not parsed (counting takes memory in proportion
/// to the input); both are reported as stopped. Exit code: 0, 2 for
/// usage errors.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri grammar coverage urls.txt\n  \
    peguri grammar coverage --format markdown --by-file corpus/*.txt\n  \
    peguri grammar coverage --format csv urls.txt > coverage.csv\n  \
    peguri grammar coverage --grammar my-uri.pest --json < urls.txt\n  \
    peguri grammar coverage --override zone.pest hosts.txt\n  \
    peguri grammar coverage --rule host hosts.txt\n  \
    peguri grammar coverage --scheme urn urns.txt\n  \
    peguri grammar coverage --scheme mailto --grammar my-mailto.pest mailtos.txt")]
pub struct CoverageArgs {
    /// Files of inputs, one per line; stdin when none (or `-`).
    inputs: Vec<String>,
    /// The grammar file instead of the built-in grammar; more than once
    /// (or FILE+FILE) for a grammar in several files. With --scheme, the
    /// scheme grammar's file (read after the built-in uri.pest) instead
    /// of the built-in scheme grammar.
    #[arg(long, value_name = "FILE")]
    grammar: Vec<String>,
    #[command(flatten)]
    lab: LabArgs,
    /// The longest input counted, in bytes; a longer one is reported as
    /// stopped. Counting keeps every match of an input until its parse
    /// ends, about 600 bytes of memory per input byte with uri.pest.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_INPUT_BYTES)]
    max_input_bytes: usize,
    #[command(flatten)]
    overrides: OverrideArgs,
    /// The report's form: text, a Markdown document, one CSV table, or
    /// JSON (--json is the same as --format json).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Add the inputs of each file to every row.
    #[arg(long)]
    by_file: bool,
}

/// The forms of the report.
#[derive(Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Markdown,
    Csv,
    Json,
}

/// One choice of the grammar: `a | b | c`.
pub(super) struct Choice {
    /// The rule it is in (index into the grammar's rules).
    pub(super) rule: usize,
    /// 1-based, in the order the choices appear in the rule.
    pub(super) ordinal: usize,
    /// Its alternatives (indices into [`Instrumented::alternatives`]).
    pub(super) alternatives: Vec<usize>,
    /// The choice as pest_meta reads it.
    expr: Expr,
    /// Its alternatives beside the ABNF's (see `abnf_pairs`).
    pub(super) pairing: Pairing,
}

/// One alternative of a choice.
pub(super) struct Alternative {
    /// 1-based position in its choice.
    pub(super) index: usize,
    /// The alternative in pest syntax.
    pub(super) text: String,
}

/// The grammar rewritten for counting, and what its markers stand for.
pub(super) struct Instrumented {
    /// The grammar's own rules, in order.
    pub(super) names: Vec<String>,
    pub(super) choices: Vec<Choice>,
    pub(super) alternatives: Vec<Alternative>,
    /// Choices inside lookaheads, not counted: the rule and the choice.
    pub(super) in_lookahead: Vec<(usize, String)>,
    /// Rules reachable from the entry rule, and reachable other than
    /// through a lookahead.
    pub(super) reachable: Vec<bool>,
    pub(super) reachable_outside_lookahead: Vec<bool>,
    rules: Vec<AstRule>,
}

/// Rewrites `expr` (of rule `rule`): each choice outside lookaheads gets
/// marker rules, appended to `markers`.
fn instrument(
    expr: Expr,
    rule: usize,
    in_lookahead: bool,
    out: &mut Instrumented,
    markers: &mut Vec<AstRule>,
    ordinal: &mut usize,
) -> Expr {
    let mut again =
        |e: Box<Expr>, look: bool, out: &mut Instrumented, markers: &mut Vec<AstRule>| {
            Box::new(instrument(*e, rule, look, out, markers, ordinal))
        };
    match expr {
        Expr::Choice(..) if in_lookahead => {
            out.in_lookahead.push((rule, pest_text::text(&expr)));
            expr
        }
        Expr::Choice(..) => {
            let mut alternatives = Vec::new();
            flatten_choice(expr.clone(), &mut alternatives);
            *ordinal += 1;
            let choice = out.choices.len();
            out.choices.push(Choice {
                rule,
                ordinal: *ordinal,
                alternatives: Vec::new(),
                expr: expr.clone(),
                pairing: Pairing::default(),
            });
            let mut called = Vec::new();
            for (i, alternative) in alternatives.into_iter().enumerate() {
                let text = pest_text::text(&alternative);
                let body = instrument(alternative, rule, false, out, markers, ordinal);
                let id = out.alternatives.len();
                out.alternatives.push(Alternative { index: i + 1, text });
                out.choices[choice].alternatives.push(id);
                let name = format!("{MARKER}{id}");
                markers.push(AstRule {
                    name: name.clone(),
                    ty: RuleType::Normal,
                    expr: body,
                });
                called.push(Expr::Ident(name));
            }
            called
                .into_iter()
                .reduce(|a, b| Expr::Choice(Box::new(a), Box::new(b)))
                .unwrap_or_else(|| Expr::Str(String::new()))
        }
        Expr::PosPred(e) => Expr::PosPred(again(e, true, out, markers)),
        Expr::NegPred(e) => Expr::NegPred(again(e, true, out, markers)),
        Expr::Seq(a, b) => {
            let a = again(a, in_lookahead, out, markers);
            Expr::Seq(a, again(b, in_lookahead, out, markers))
        }
        Expr::Opt(e) => Expr::Opt(again(e, in_lookahead, out, markers)),
        Expr::Rep(e) => Expr::Rep(again(e, in_lookahead, out, markers)),
        Expr::RepOnce(e) => Expr::RepOnce(again(e, in_lookahead, out, markers)),
        Expr::RepExact(e, n) => Expr::RepExact(again(e, in_lookahead, out, markers), n),
        Expr::RepMin(e, n) => Expr::RepMin(again(e, in_lookahead, out, markers), n),
        Expr::RepMax(e, n) => Expr::RepMax(again(e, in_lookahead, out, markers), n),
        Expr::RepMinMax(e, m, n) => Expr::RepMinMax(again(e, in_lookahead, out, markers), m, n),
        Expr::Push(e) => Expr::Push(again(e, in_lookahead, out, markers)),
        other => other,
    }
}

/// The alternatives of a choice chain, in order (pest_meta nests `a | b |
/// c` as `(a | b) | c`).
fn flatten_choice(expr: Expr, out: &mut Vec<Expr>) {
    match expr {
        Expr::Choice(a, b) => {
            flatten_choice(*a, out);
            flatten_choice(*b, out);
        }
        other => out.push(other),
    }
}

/// The rules `expr` calls; `outside_lookahead` leaves out those called
/// only inside `&e` and `!e`.
fn calls<'e>(expr: &'e Expr, outside_lookahead: bool, out: &mut Vec<&'e str>) {
    match expr {
        Expr::Ident(name) => out.push(name),
        Expr::PosPred(e) | Expr::NegPred(e) if !outside_lookahead => {
            calls(e, outside_lookahead, out);
        }
        Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _)
        | Expr::Push(e) => calls(e, outside_lookahead, out),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            calls(a, outside_lookahead, out);
            calls(b, outside_lookahead, out);
        }
        _ => {}
    }
}

/// Which rules `entry` reaches.
fn reach(rules: &[AstRule], entry: usize, outside_lookahead: bool) -> Vec<bool> {
    let index: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.as_str(), i))
        .collect();
    let mut seen = vec![false; rules.len()];
    let mut pending = vec![entry];
    seen[entry] = true;
    while let Some(at) = pending.pop() {
        let mut called = Vec::new();
        calls(&rules[at].expr, outside_lookahead, &mut called);
        for name in called {
            if let Some(&next) = index.get(name)
                && !seen[next]
            {
                seen[next] = true;
                pending.push(next);
            }
        }
    }
    seen
}

/// Reads the grammar and rewrites it for counting (see the module docs);
/// pairs each choice's alternatives with the ABNF above its rule.
fn load(grammar: &GrammarText, rule: &str) -> Result<(String, Instrumented), GrammarError> {
    let docs = crate::grammar::rule_docs(grammar)?;
    let names: Vec<String> = docs.iter().map(|d| d.name.clone()).collect();
    if let Some(clash) = names.iter().find(|n| n.starts_with(MARKER) || *n == ENTRY) {
        return Err(GrammarError(format!(
            "the grammar {} has a rule named {clash}, a name peguri keeps for itself",
            grammar.name()
        )));
    }
    let rule = resolve_rule(&names, rule, &format!("the grammar {}", grammar.name()))
        .map_err(GrammarError)?;
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar.text())
        .map_err(|e| grammar.error(&[e]))?;
    let ast = pest_meta::parser::consume_rules(pairs).map_err(|e| grammar.error(&e))?;
    let entry = ast.iter().position(|r| r.name == rule).unwrap_or(0);
    let mut out = Instrumented {
        names: ast.iter().map(|r| r.name.clone()).collect(),
        choices: Vec::new(),
        alternatives: Vec::new(),
        in_lookahead: Vec::new(),
        reachable: reach(&ast, entry, false),
        reachable_outside_lookahead: reach(&ast, entry, true),
        rules: Vec::new(),
    };
    let mut markers = Vec::new();
    let mut rules = Vec::new();
    for (i, rule) in ast.into_iter().enumerate() {
        let mut ordinal = 0;
        let first_choice = out.choices.len();
        let expr = instrument(rule.expr, i, false, &mut out, &mut markers, &mut ordinal);
        let abnf = docs
            .iter()
            .find(|d| d.name == rule.name)
            .map(|d| abnf_pairs::groups(&abnf_pairs::definition(&d.abnf)))
            .unwrap_or_default();
        let exprs: Vec<&Expr> = out.choices[first_choice..]
            .iter()
            .map(|c| &c.expr)
            .collect();
        let pairings = abnf_pairs::pair(&exprs, &abnf);
        for (choice, pairing) in out.choices[first_choice..].iter_mut().zip(pairings) {
            choice.pairing = pairing;
        }
        let ty = match rule.ty {
            RuleType::Atomic => RuleType::CompoundAtomic,
            RuleType::Silent => RuleType::Normal,
            ty => ty,
        };
        rules.push(AstRule {
            name: rule.name,
            ty,
            expr,
        });
    }
    rules.extend(markers);
    rules.push(AstRule {
        name: ENTRY.to_owned(),
        ty: RuleType::Normal,
        expr: Expr::Seq(
            Box::new(Expr::Seq(
                Box::new(Expr::Ident("SOI".to_owned())),
                Box::new(Expr::Ident(rule.clone())),
            )),
            Box::new(Expr::Ident("EOI".to_owned())),
        ),
    });
    out.rules = rules;
    Ok((rule, out))
}

/// Matches and inputs of each rule and each alternative, where it was
/// first used, and its inputs in each file.
#[derive(Clone, Default)]
pub(super) struct Count {
    pub(super) matches: u64,
    pub(super) inputs: u64,
    /// The last input (1-based) that used it, so each input counts once.
    last: u64,
    /// The first input that used it: its file (index) and line.
    pub(super) first: Option<(usize, usize)>,
    /// Inputs that used it, per file (with --by-file).
    pub(super) by_file: Vec<u64>,
}

impl Count {
    fn add(&mut self, input: u64, file: usize, line: usize, files: usize) {
        self.matches += 1;
        if self.last != input {
            self.last = input;
            self.inputs += 1;
            self.first.get_or_insert((file, line));
            if files > 0 {
                self.by_file.resize(files, 0);
                self.by_file[file] += 1;
            }
        }
    }
}

/// Runs `peguri grammar coverage`.
pub fn run(args: &CoverageArgs) -> io::Result<Outcome> {
    let grammar = match args
        .lab
        .grammar(&grammar_files(&args.grammar))
        .and_then(|g| g.with_overrides(&args.overrides.files, &args.lab.limits))
    {
        Ok(grammar) => grammar,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    let (rule, instrumented) = match load(&grammar, args.lab.rule()) {
        Ok(loaded) => loaded,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    if let Some(usage) = super::diff::missing_input(&args.inputs) {
        return Ok(usage);
    }
    let files: Vec<String> = if args.inputs.is_empty() {
        vec!["-".to_owned()]
    } else {
        args.inputs.clone()
    };
    let per_file = if args.by_file { files.len() } else { 0 };
    let optimized = pest_meta::optimizer::optimize(instrumented.rules.clone());
    let vm = BoundedVm::new(optimized, args.lab.limits.bounds(args.max_input_bytes));
    let index: HashMap<&str, usize> = instrumented
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut rules = vec![Count::default(); instrumented.names.len()];
    let mut alternatives = vec![Count::default(); instrumented.alternatives.len()];
    let (mut inputs, mut valid, mut invalid) = (0u64, 0u64, 0u64);
    let mut valid_by_file = vec![0u64; per_file];
    let mut stopped: Vec<String> = Vec::new();
    let mut stopped_count = 0u64;
    for_each_input(&args.inputs, |origin, input| {
        inputs += 1;
        let file = files.iter().position(|f| f == origin.source).unwrap_or(0);
        match vm.parse(ENTRY, input) {
            Parsed::Valid(pairs) => {
                valid += 1;
                if let Some(count) = valid_by_file.get_mut(file) {
                    *count += 1;
                }
                for pair in pairs.flatten() {
                    let name: &str = pair.as_rule();
                    let count = match name.strip_prefix(MARKER) {
                        Some(id) => id
                            .parse::<usize>()
                            .ok()
                            .and_then(|id| alternatives.get_mut(id)),
                        None => index.get(name).and_then(|&at| rules.get_mut(at)),
                    };
                    if let Some(count) = count {
                        count.add(inputs, file, origin.line, per_file);
                    }
                }
            }
            Parsed::Invalid(_) => invalid += 1,
            Parsed::Stopped(stop) => {
                stopped_count += 1;
                if stopped.len() < 5 {
                    stopped.push(format!("  {origin}: {}: {stop}", quote_input(input)));
                }
            }
        }
        Ok(())
    })?;
    let report = Report {
        grammar: &grammar,
        rule: &rule,
        grammar_rules: &instrumented,
        rules: &rules,
        alternatives: &alternatives,
        files: &files,
        by_file: args.by_file,
        valid_by_file: &valid_by_file,
        inputs,
        valid,
        invalid,
        stopped_count,
        stopped: &stopped,
    };
    let format = if args.lab.json {
        Format::Json
    } else {
        args.format
    };
    let mut out = stdout();
    match format {
        Format::Json => {
            serde_json::to_writer(&mut out, &report.json())?;
            out.write_all(b"\n")?;
        }
        Format::Text => out.write_all(report.text().as_bytes())?,
        Format::Markdown => out.write_all(report.markdown().as_bytes())?,
        Format::Csv => out.write_all(report.csv().as_bytes())?,
    }
    out.flush()?;
    Ok(Outcome::Success)
}
