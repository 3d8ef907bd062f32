//! `peguri grammar diff --variant A.pest --variant B.pest ...`: which
//! variants of a grammar make each input valid (or invalid), and which
//! inputs are invalid only because of what one variant allows.
//!
//! Each variant is a set of overrides of the base grammar (see
//! `overrides`). Every non-empty set of variants is a grammar: the base
//! with each variant's rules, and where several variants of the set
//! change one rule, the rule with all their changes (see `merge`). Each
//! input is parsed with the base and, by increasing size, with the
//! grammar of each set, until sets of some size flip its validity: those
//! are its smallest sets. An input that only `\` keeps from being valid
//! is flipped by `{backslash}` alone; one that also holds a space, only by
//! `{backslash, space}`.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Instant;

use peguri::ParseError;
use peguri::grammar::COMPONENT_RULES;
use pest_meta::ast::Rule as AstRule;

use super::diff::{DiffArgs, GroupBy, Outcome, Side, chain_words, missing_input};
use super::merge::merge_rules;
use super::overrides::rule_spans;
use super::{Json, Origin, for_each_input, quote_input};
use crate::grammar::{GrammarError, GrammarText, grammar_files};

/// The most variants: every set of them is a grammar, 255 for 8.
const MAX_VARIANTS: usize = 8;

/// One variant: its name, its files, and the rules it changes, as the
/// grammar of the variant alone has them (its text and its tree).
struct Variant {
    name: String,
    grammar: GrammarText,
    rules: Vec<(String, String, AstRule)>,
}

/// A grammar's rules as pest_meta's trees.
fn ast(grammar: &GrammarText) -> Result<Vec<AstRule>, GrammarError> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar.text())
        .map_err(|e| grammar.error(&[e]))?;
    pest_meta::parser::consume_rules(pairs).map_err(|e| grammar.error(&e))
}

/// A variant's name: its first file's name without directory and `.pest`,
/// or the whole argument when two variants would share one.
fn names(specs: &[String]) -> Vec<String> {
    let stem = |spec: &str| {
        let first = grammar_files(&[spec.to_owned()])
            .into_iter()
            .next()
            .unwrap_or_default();
        std::path::Path::new(&first)
            .file_stem()
            .map_or_else(|| spec.to_owned(), |s| s.to_string_lossy().into_owned())
    };
    let stems: Vec<String> = specs.iter().map(|s| stem(s)).collect();
    specs
        .iter()
        .zip(&stems)
        .map(|(spec, stem)| {
            if stems.iter().filter(|s| *s == stem).count() > 1 {
                spec.clone()
            } else {
                stem.clone()
            }
        })
        .collect()
}

fn load_variant(
    base: &GrammarText,
    name: String,
    spec: &str,
    limits: &crate::bounds::GrammarLimits,
) -> Result<Variant, GrammarError> {
    let files = grammar_files(&[spec.to_owned()]);
    let grammar = base.clone().with_overrides(&files, limits)?;
    grammar.compile()?;
    let mut changed: Vec<String> = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| GrammarError(format!("cannot read grammar {file}: {e}")))?;
        let spans = rule_spans(&text).map_err(|e| GrammarError(e.to_string()))?;
        changed.extend(spans.into_iter().map(|s| s.name));
    }
    let trees = ast(&grammar)?;
    let spans = rule_spans(grammar.text()).map_err(|e| grammar.error(&[e]))?;
    let rules = changed
        .iter()
        .filter_map(|rule| {
            let tree = trees.iter().find(|r| &r.name == rule)?.clone();
            let span = spans.iter().find(|s| &s.name == rule)?;
            Some((
                rule.clone(),
                grammar.text()[span.head..span.end].to_owned(),
                tree,
            ))
        })
        .collect();
    Ok(Variant {
        name,
        grammar,
        rules,
    })
}

/// The grammar of a set of variants (indices into `variants`, two or
/// more): the base with every rule any of them changes, merged where
/// several change it.
fn combine(
    base: &GrammarText,
    base_rules: &[AstRule],
    variants: &[Variant],
    set: &[usize],
) -> Result<GrammarText, GrammarError> {
    let label = set
        .iter()
        .map(|&i| variants[i].name.as_str())
        .collect::<Vec<_>>()
        .join(" + ");
    let mut changed: Vec<&str> = Vec::new();
    for &i in set {
        for (rule, _, _) in &variants[i].rules {
            if !changed.contains(&rule.as_str()) {
                changed.push(rule);
            }
        }
    }
    let mut text = String::new();
    for rule in changed {
        let versions: Vec<(&str, &str, &AstRule)> = set
            .iter()
            .filter_map(|&i| {
                let v = &variants[i];
                let (_, text, tree) = v.rules.iter().find(|(r, _, _)| r == rule)?;
                Some((v.name.as_str(), text.as_str(), tree))
            })
            .collect();
        if let [(_, only, _)] = versions[..] {
            text.push_str(only);
            text.push('\n');
            continue;
        }
        let base_rule = base_rules.iter().find(|r| r.name == rule);
        let mut merged = versions[0].2.clone();
        for (name, _, tree) in &versions[1..] {
            let next = match base_rule {
                Some(base_rule) => merge_rules(base_rule, &merged, tree),
                None => (merged == **tree).then(|| merged.clone()),
            };
            merged = next.ok_or_else(|| {
                GrammarError(format!(
                    "the variants {label} cannot be combined: {} and {name} change the rule {rule} \
                     in the same place (an override that changes it for both is a variant of its own)",
                    versions[0].0
                ))
            })?;
        }
        text.push_str(&super::pest_text::rule(rule, merged.ty, &merged.expr));
        text.push('\n');
    }
    base.with_override_text(&format!("(the variants {label})"), &text)
}

/// Every non-empty set of `count` variants, smallest first (then in the
/// order of the variants).
fn sets(count: usize) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = (1..1u32 << count)
        .map(|bits| (0..count).filter(|i| bits & (1 << i) != 0).collect())
        .collect();
    all.sort_by(|a, b| a.len().cmp(&b.len()).then_with(|| a.cmp(b)));
    all
}

/// Which way an input flipped.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Flip {
    BecameValid,
    BecameInvalid,
}

/// The flips of one kind and smallest sets: how many, a few examples, and
/// with --group-by error the count per component and character.
#[derive(Default)]
struct Tally {
    count: usize,
    examples: Vec<String>,
    groups: BTreeMap<String, (usize, String)>,
}

/// The component and character of an error: its component, or the
/// innermost rule of its chain that finds one (or else the innermost
/// rule), and the character at the error.
fn error_group(input: &str, error: &ParseError, chain: &[String]) -> String {
    let component = error
        .component()
        .map(|c| c.as_str().to_owned())
        .or_else(|| {
            chain.iter().find_map(|rule| {
                COMPONENT_RULES
                    .iter()
                    .find(|(_, rules)| rules.contains(&rule.as_str()))
                    .map(|(name, _)| (*name).to_owned())
            })
        });
    let component = component
        .or_else(|| chain.first().cloned())
        .unwrap_or_else(|| "(no component)".to_owned());
    let character = input
        .get(error.offset()..)
        .and_then(|rest| rest.chars().next())
        .map_or_else(|| "end of input".to_owned(), |c| format!("{c:?}"));
    format!("{component} {character}")
}

/// Runs `peguri grammar diff --variant ...`.
pub fn run(args: &DiffArgs) -> io::Result<crate::outcome::Outcome> {
    use crate::outcome::Outcome as Exit;
    if args.variants.len() > MAX_VARIANTS {
        return Ok(Exit::Usage(format!(
            "{} variants given; at most {MAX_VARIANTS} (every set of them is a grammar, {} for \
             {MAX_VARIANTS})",
            args.variants.len(),
            (1u32 << MAX_VARIANTS) - 1
        )));
    }
    let inputs = args.input_files();
    if let Some(usage) = missing_input(&inputs) {
        return Ok(usage);
    }
    let bounds = args.lab.limits.bounds(args.max_input_bytes);
    let rule = args.lab.rule();
    let loaded = (|| {
        let base = args.lab.grammar(&grammar_files(&args.grammar))?;
        let base_rules = ast(&base)?;
        let names = names(&args.variants);
        let variants = args
            .variants
            .iter()
            .zip(names)
            .map(|(spec, name)| load_variant(&base, name, spec, &args.lab.limits))
            .collect::<Result<Vec<_>, _>>()?;
        let mut sides = Vec::new();
        for set in sets(variants.len()) {
            let grammar = match set[..] {
                [only] => variants[only].grammar.clone(),
                _ => combine(&base, &base_rules, &variants, &set)?,
            };
            sides.push((set, Side::new(grammar, rule, bounds)?));
        }
        let base_side = Side::new(base, rule, bounds)?;
        Ok::<_, GrammarError>((base_side, variants, sides))
    })();
    let (base, variants, sides) = match loaded {
        Ok(loaded) => loaded,
        Err(GrammarError(message)) => return Ok(Exit::Usage(message)),
    };
    let started = Instant::now();
    let mut tallies: BTreeMap<(Flip, usize, Vec<Vec<usize>>), Tally> = BTreeMap::new();
    let (mut total, mut stay_valid, mut stay_invalid, mut stopped) = (0usize, 0, 0, 0);
    let mut out = crate::common::stdout();
    for_each_input(&inputs, |origin: &Origin<'_>, input| {
        total += 1;
        let Some(before) = base.valid(input) else {
            stopped += 1;
            return Ok(());
        };
        let mut flipped: Vec<&[usize]> = Vec::new();
        for (set, side) in &sides {
            if flipped.first().is_some_and(|first| first.len() < set.len()) {
                break;
            }
            if side.valid(input).is_some_and(|after| after != before) {
                flipped.push(set);
            }
        }
        let Some(first) = flipped.first() else {
            if before {
                stay_valid += 1;
            } else {
                stay_invalid += 1;
            }
            return Ok(());
        };
        let flip = if before {
            Flip::BecameInvalid
        } else {
            Flip::BecameValid
        };
        // Why it was invalid: the base's error, or the set's.
        let judge = if before {
            sides
                .iter()
                .find(|(set, _)| set.as_slice() == *first)
                .map_or(&base, |(_, side)| side)
        } else {
            &base
        };
        let (error, chain) = match judge.run(input) {
            Outcome::Invalid(error, chain) => (Some(error), chain),
            _ => (None, Vec::new()),
        };
        let key: Vec<Vec<usize>> = flipped.iter().map(|set| set.to_vec()).collect();
        let tally = tallies.entry((flip, first.len(), key)).or_default();
        tally.count += 1;
        let example = format!(
            "  {origin}: {}{}",
            quote_input(input),
            error.as_ref().map_or_else(String::new, |e| format!(
                "\n      {} at byte {}: {}{}",
                if before { "invalid with it" } else { "invalid" },
                e.offset(),
                e.message(),
                chain_words(&chain)
            ))
        );
        if args.group_by == Some(GroupBy::Error)
            && let Some(error) = &error
        {
            let group = tally
                .groups
                .entry(error_group(input, error, &chain))
                .or_insert_with(|| (0, example.clone()));
            group.0 += 1;
        } else if tally.examples.len() < args.examples {
            tally.examples.push(example);
        }
        if args.lab.json {
            let sets = flipped
                .iter()
                .map(|set| {
                    Json::Array(
                        set.iter()
                            .map(|&i| Json::of(variants[i].name.as_str()))
                            .collect(),
                    )
                })
                .collect();
            let mut record = vec![
                ("source", Json::of(origin.source)),
                ("line", Json::of(origin.line)),
                ("input", Json::of(input)),
                (
                    "change",
                    Json::of(match flip {
                        Flip::BecameValid => "became-valid",
                        Flip::BecameInvalid => "became-invalid",
                    }),
                ),
                ("sets", Json::Array(sets)),
            ];
            if let Some(error) = error {
                record.push(("error", Json::Error(error, chain)));
            }
            serde_json::to_writer(&mut out, &Json::Object(record))?;
            out.write_all(b"\n")?;
        }
        Ok(())
    })?;
    out.flush()?;
    let summary = summary(
        args,
        &base,
        &variants,
        &tallies,
        [total, stay_valid, stay_invalid, stopped],
        started,
        sides.len() + 1,
    );
    if args.lab.json {
        eprint!("{summary}");
    } else {
        out.write_all(summary.as_bytes())?;
        out.flush()?;
    }
    Ok(crate::outcome::Outcome::from_validity(tallies.is_empty()))
}

/// Sets of variants by name: `a + b or c`.
fn label(variants: &[Variant], sets: &[Vec<usize>]) -> String {
    sets.iter()
        .map(|set| {
            set.iter()
                .map(|&i| variants[i].name.as_str())
                .collect::<Vec<_>>()
                .join(" + ")
        })
        .collect::<Vec<_>>()
        .join(" or ")
}

fn summary(
    args: &DiffArgs,
    base: &Side,
    variants: &[Variant],
    tallies: &BTreeMap<(Flip, usize, Vec<Vec<usize>>), Tally>,
    [total, stay_valid, stay_invalid, stopped]: [usize; 4],
    started: Instant,
    grammars: usize,
) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let named: Vec<String> = variants
        .iter()
        .zip(&args.variants)
        .map(|(v, spec)| format!("{} ({spec})", v.name))
        .collect();
    let _ = writeln!(
        s,
        "{total} inputs (rule {}; base {}); variants: {}",
        base.rule,
        base.grammar.name(),
        named.join(", ")
    );
    for (flip, title) in [
        (
            Flip::BecameValid,
            "became valid, by the smallest sets of variants that make them valid:",
        ),
        (
            Flip::BecameInvalid,
            "became invalid, by the smallest sets of variants that make them invalid:",
        ),
    ] {
        let _ = writeln!(s, "{title}");
        let mut any = false;
        for ((kind, _, key), tally) in tallies {
            if *kind != flip {
                continue;
            }
            any = true;
            let _ = writeln!(s, "{:>10}  {}", tally.count, label(variants, key));
            let mut groups: Vec<(&String, &(usize, String))> = tally.groups.iter().collect();
            groups.sort_by(|a, b| b.1.0.cmp(&a.1.0).then_with(|| a.0.cmp(b.0)));
            for (group, (count, example)) in groups {
                let _ = writeln!(s, "{:>18}  {group}", count);
                if args.examples > 0 {
                    let _ = writeln!(s, "      {}", example.trim_start().replace('\n', "\n    "));
                }
            }
            for example in &tally.examples {
                let _ = writeln!(s, "{example}");
            }
            if tally.groups.is_empty() && tally.count > tally.examples.len() {
                let _ = writeln!(
                    s,
                    "  ... and {} more{}",
                    tally.count - tally.examples.len(),
                    if args.lab.json {
                        ""
                    } else {
                        " (--json lists every one)"
                    }
                );
            }
        }
        if !any {
            let _ = writeln!(s, "{:>10}", 0);
        }
    }
    let _ = writeln!(
        s,
        "flipped by no set: {stay_valid} stay valid, {stay_invalid} stay invalid; {stopped} stopped in the base grammar"
    );
    let seconds = started.elapsed().as_secs_f64();
    let _ = writeln!(
        s,
        "{total} inputs in {seconds:.2} s ({grammars} grammars: the base and every set of variants)"
    );
    s
}
