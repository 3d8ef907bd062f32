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

use clap::Args;
use peguri::Quoted;
use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

use super::{Json, LabArgs, for_each_input, quote_input};
use crate::bounds::{BoundedVm, Parsed};
use crate::common::stdout;
use crate::grammar::{ENTRY, GrammarError, GrammarText, grammar_files, resolve_rule};
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
/// counted, nor what happens inside lookaheads). Each parse is bounded
/// as in `grammar diff`, and an input longer than --max-input-bytes is
/// not parsed (counting takes memory in proportion to the input); both
/// are reported as stopped. Exit code: 0, 2 for usage errors.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    peguri grammar coverage urls.txt\n  \
    peguri grammar coverage --grammar my-uri.pest --json < urls.txt\n  \
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
}

/// One choice of the grammar: `a | b | c`.
struct Choice {
    /// The rule it is in (index into the grammar's rules).
    rule: usize,
    /// 1-based, in the order the choices appear in the rule.
    ordinal: usize,
    /// Its alternatives (indices into [`Instrumented::alternatives`]).
    alternatives: Vec<usize>,
}

/// One alternative of a choice.
struct Alternative {
    choice: usize,
    /// 1-based position in its choice.
    index: usize,
    /// The alternative in pest syntax.
    text: String,
}

/// The grammar rewritten for counting, and what its markers stand for.
struct Instrumented {
    /// The grammar's own rules, in order.
    names: Vec<String>,
    choices: Vec<Choice>,
    alternatives: Vec<Alternative>,
    /// Choices inside lookaheads, not counted: the rule and the choice.
    in_lookahead: Vec<(usize, String)>,
    /// Rules reachable from the entry rule, and reachable other than
    /// through a lookahead.
    reachable: Vec<bool>,
    reachable_outside_lookahead: Vec<bool>,
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
            out.in_lookahead.push((rule, show(&expr)));
            expr
        }
        Expr::Choice(..) => {
            let mut alternatives = Vec::new();
            flatten_choice(expr, &mut alternatives);
            *ordinal += 1;
            let choice = out.choices.len();
            out.choices.push(Choice {
                rule,
                ordinal: *ordinal,
                alternatives: Vec::new(),
            });
            let mut called = Vec::new();
            for (i, alternative) in alternatives.into_iter().enumerate() {
                let text = show(&alternative);
                let body = instrument(alternative, rule, false, out, markers, ordinal);
                let id = out.alternatives.len();
                out.alternatives.push(Alternative {
                    choice,
                    index: i + 1,
                    text,
                });
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

/// An expression in pest syntax, with the parentheses precedence needs.
fn show(expr: &Expr) -> String {
    // Precedence: choice 0, sequence 1, prefix and postfix operators 2.
    fn level(expr: &Expr) -> u8 {
        match expr {
            Expr::Choice(..) => 0,
            Expr::Seq(..) => 1,
            _ => 2,
        }
    }
    fn inner(expr: &Expr, at_least: u8) -> String {
        let text = show(expr);
        if level(expr) < at_least {
            format!("({text})")
        } else {
            text
        }
    }
    match expr {
        Expr::Str(s) => format!("{s:?}"),
        Expr::Insens(s) => format!("^{s:?}"),
        Expr::Range(a, b) => format!("'{a}'..'{b}'"),
        Expr::Ident(name) => name.clone(),
        Expr::PeekSlice(start, Some(end)) => format!("PEEK[{start}..{end}]"),
        Expr::PeekSlice(start, None) => format!("PEEK[{start}..]"),
        Expr::PosPred(e) => format!("&{}", inner(e, 2)),
        Expr::NegPred(e) => format!("!{}", inner(e, 2)),
        Expr::Seq(a, b) => format!("{} ~ {}", inner(a, 1), inner(b, 1)),
        Expr::Choice(a, b) => format!("{} | {}", inner(a, 0), inner(b, 0)),
        Expr::Opt(e) => format!("{}?", inner(e, 2)),
        Expr::Rep(e) => format!("{}*", inner(e, 2)),
        Expr::RepOnce(e) => format!("{}+", inner(e, 2)),
        Expr::RepExact(e, n) => format!("{}{{{n}}}", inner(e, 2)),
        Expr::RepMin(e, n) => format!("{}{{{n},}}", inner(e, 2)),
        Expr::RepMax(e, n) => format!("{}{{,{n}}}", inner(e, 2)),
        Expr::RepMinMax(e, m, n) => format!("{}{{{m}, {n}}}", inner(e, 2)),
        Expr::Skip(strings) => format!(
            "(!({}) ~ ANY)*",
            strings
                .iter()
                .map(|s| format!("{s:?}"))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
        Expr::Push(e) => format!("PUSH({})", show(e)),
        #[allow(unreachable_patterns)]
        _ => "(expression)".to_owned(),
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

/// Reads the grammar and rewrites it for counting (see the module docs).
fn load(grammar: &GrammarText, rule: &str) -> Result<(String, Instrumented), GrammarError> {
    let (names, _) = grammar.compile()?;
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
        let expr = instrument(rule.expr, i, false, &mut out, &mut markers, &mut ordinal);
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

/// Matches and inputs of each rule and each alternative.
#[derive(Clone, Copy, Default)]
struct Count {
    matches: u64,
    inputs: u64,
    /// The last input (1-based) that used it, so each input counts once.
    last: u64,
}

impl Count {
    fn add(&mut self, input: u64) {
        self.matches += 1;
        if self.last != input {
            self.last = input;
            self.inputs += 1;
        }
    }
}

/// Runs `peguri grammar coverage`.
pub fn run(args: &CoverageArgs) -> io::Result<Outcome> {
    let grammar = match args.lab.grammar(&grammar_files(&args.grammar)) {
        Ok(grammar) => grammar,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    let (rule, instrumented) = match load(&grammar, args.lab.rule()) {
        Ok(loaded) => loaded,
        Err(GrammarError(message)) => return Ok(Outcome::Usage(message)),
    };
    if let Some(missing) = args
        .inputs
        .iter()
        .find(|f| *f != "-" && !std::path::Path::new(f).is_file())
    {
        return Ok(Outcome::Usage(format!(
            "cannot read input file {}: no such file",
            Quoted::new(missing)
        )));
    }
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
    let mut stopped: Vec<String> = Vec::new();
    let mut stopped_count = 0u64;
    for_each_input(&args.inputs, |origin, input| {
        inputs += 1;
        match vm.parse(ENTRY, input) {
            Parsed::Valid(pairs) => {
                valid += 1;
                for pair in pairs.flatten() {
                    let name: &str = pair.as_rule();
                    if let Some(id) = name.strip_prefix(MARKER) {
                        if let Some(count) = id
                            .parse::<usize>()
                            .ok()
                            .and_then(|id| alternatives.get_mut(id))
                        {
                            count.add(inputs);
                        }
                    } else if let Some(&at) = index.get(name) {
                        rules[at].add(inputs);
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
        inputs,
        valid,
        invalid,
        stopped_count,
        stopped: &stopped,
    };
    let mut out = stdout();
    if args.lab.json {
        serde_json::to_writer(&mut out, &report.json())?;
        out.write_all(b"\n")?;
    } else {
        out.write_all(report.text().as_bytes())?;
    }
    out.flush()?;
    Ok(Outcome::Success)
}

struct Report<'a> {
    grammar: &'a GrammarText,
    rule: &'a str,
    grammar_rules: &'a Instrumented,
    rules: &'a [Count],
    alternatives: &'a [Count],
    inputs: u64,
    valid: u64,
    invalid: u64,
    stopped_count: u64,
    stopped: &'a [String],
}

impl Report<'_> {
    fn alternative_name(&self, id: usize) -> String {
        let g = self.grammar_rules;
        let alternative = &g.alternatives[id];
        let choice = &g.choices[alternative.choice];
        format!(
            "{} choice {} alternative {}",
            g.names[choice.rule], choice.ordinal, alternative.index
        )
    }

    /// Rules reachable from the entry rule, outside lookaheads: the ones a
    /// parse can count.
    fn counted_rules(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.grammar_rules.names.len())
            .filter(|&i| self.grammar_rules.reachable_outside_lookahead[i])
    }

    fn text(&self) -> String {
        use std::fmt::Write as _;
        let g = self.grammar_rules;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} inputs: {} valid (counted), {} invalid, {} stopped; grammar {}, rule {}",
            self.inputs,
            self.valid,
            self.invalid,
            self.stopped_count,
            self.grammar.name(),
            self.rule
        );
        for line in self.stopped {
            let _ = writeln!(s, "{line}");
        }
        let _ = writeln!(s, "\n{:>10} {:>9}  rule", "matches", "inputs");
        for i in self.counted_rules() {
            let count = self.rules[i];
            let _ = writeln!(
                s,
                "{:>10} {:>9}  {}",
                count.matches, count.inputs, g.names[i]
            );
        }
        let _ = writeln!(s, "\n{:>10} {:>9}  alternative", "matches", "inputs");
        for choice in &g.choices {
            if !g.reachable_outside_lookahead[choice.rule] {
                continue;
            }
            let _ = writeln!(
                s,
                "{:21}{} choice {}",
                "", g.names[choice.rule], choice.ordinal
            );
            for &id in &choice.alternatives {
                let count = self.alternatives[id];
                let _ = writeln!(
                    s,
                    "{:>10} {:>9}    {}. {}",
                    count.matches, count.inputs, g.alternatives[id].index, g.alternatives[id].text
                );
            }
        }
        let unused_rules: Vec<&str> = self
            .counted_rules()
            .filter(|&i| self.rules[i].matches == 0)
            .map(|i| g.names[i].as_str())
            .collect();
        let _ = writeln!(s, "\nrules never used ({}):", unused_rules.len());
        if !unused_rules.is_empty() {
            let _ = writeln!(s, "  {}", unused_rules.join(", "));
        }
        let unused: Vec<String> = self
            .unused_alternatives()
            .map(|id| {
                format!(
                    "  {}: {}",
                    self.alternative_name(id),
                    g.alternatives[id].text
                )
            })
            .collect();
        let _ = writeln!(s, "alternatives never used ({}):", unused.len());
        for line in &unused {
            let _ = writeln!(s, "{line}");
        }
        let only_lookahead: Vec<&str> = (0..g.names.len())
            .filter(|&i| g.reachable[i] && !g.reachable_outside_lookahead[i])
            .map(|i| g.names[i].as_str())
            .collect();
        if !only_lookahead.is_empty() {
            let _ = writeln!(
                s,
                "rules reached only inside lookaheads (not counted): {}",
                only_lookahead.join(", ")
            );
        }
        let lookahead: Vec<String> = g
            .in_lookahead
            .iter()
            .filter(|(rule, _)| g.reachable_outside_lookahead[*rule])
            .map(|(rule, text)| format!("{} ({text})", g.names[*rule]))
            .collect();
        if !lookahead.is_empty() {
            let _ = writeln!(
                s,
                "choices inside lookaheads (not counted): {}",
                lookahead.join(", ")
            );
        }
        let unreachable = (0..g.names.len()).filter(|&i| !g.reachable[i]).count();
        let _ = writeln!(
            s,
            "rules not reachable from {} ({unreachable}): not listed (--json lists them)",
            self.rule
        );
        s
    }

    fn json(&self) -> Json {
        let g = self.grammar_rules;
        let count = |c: Count| {
            [
                ("matches", Json::of(c.matches)),
                ("inputs", Json::of(c.inputs)),
            ]
        };
        let rules = (0..g.names.len())
            .map(|i| {
                let mut entries = vec![
                    ("rule", Json::of(g.names[i].as_str())),
                    ("reachable", Json::of(g.reachable[i])),
                    ("counted", Json::of(g.reachable_outside_lookahead[i])),
                ];
                entries.extend(count(self.rules[i]));
                Json::Object(entries)
            })
            .collect();
        let alternative = |id: usize| {
            let a = &g.alternatives[id];
            let mut entries = vec![
                ("alternative", Json::of(a.index)),
                ("text", Json::of(a.text.as_str())),
            ];
            entries.extend(count(self.alternatives[id]));
            Json::Object(entries)
        };
        let choices = g
            .choices
            .iter()
            .map(|choice| {
                Json::Object(vec![
                    ("rule", Json::of(g.names[choice.rule].as_str())),
                    ("choice", Json::of(choice.ordinal)),
                    (
                        "counted",
                        Json::of(g.reachable_outside_lookahead[choice.rule]),
                    ),
                    (
                        "alternatives",
                        Json::Array(
                            choice
                                .alternatives
                                .iter()
                                .map(|&id| alternative(id))
                                .collect(),
                        ),
                    ),
                ])
            })
            .collect();
        let unused_rules = self
            .counted_rules()
            .filter(|&i| self.rules[i].matches == 0)
            .map(|i| Json::of(g.names[i].as_str()))
            .collect();
        let unused_alternatives = self
            .unused_alternatives()
            .map(|id| {
                let choice = &g.choices[g.alternatives[id].choice];
                Json::Object(vec![
                    ("rule", Json::of(g.names[choice.rule].as_str())),
                    ("choice", Json::of(choice.ordinal)),
                    ("alternative", Json::of(g.alternatives[id].index)),
                    ("text", Json::of(g.alternatives[id].text.as_str())),
                ])
            })
            .collect();
        let in_lookahead = g
            .in_lookahead
            .iter()
            .map(|(rule, text)| {
                Json::Object(vec![
                    ("rule", Json::of(g.names[*rule].as_str())),
                    ("choice", Json::of(text.as_str())),
                ])
            })
            .collect();
        let files = self
            .grammar
            .file_names()
            .into_iter()
            .map(Json::of)
            .collect();
        Json::Object(vec![
            ("grammar", Json::Array(files)),
            ("rule", Json::of(self.rule)),
            ("inputs", Json::of(self.inputs)),
            ("valid", Json::of(self.valid)),
            ("invalid", Json::of(self.invalid)),
            ("stopped", Json::of(self.stopped_count)),
            ("rules", Json::Array(rules)),
            ("choices", Json::Array(choices)),
            ("unused_rules", Json::Array(unused_rules)),
            ("unused_alternatives", Json::Array(unused_alternatives)),
            ("choices_in_lookaheads", Json::Array(in_lookahead)),
        ])
    }

    /// Alternatives of counted choices that no valid input used.
    fn unused_alternatives(&self) -> impl Iterator<Item = usize> + '_ {
        let g = self.grammar_rules;
        (0..g.alternatives.len()).filter(move |&id| {
            g.reachable_outside_lookahead[g.choices[g.alternatives[id].choice].rule]
                && self.alternatives[id].matches == 0
        })
    }
}
