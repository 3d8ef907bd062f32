//! Rule overrides (`--override FILE`): the rules of a file replace the
//! grammar's rules of the same name, in place, and its other rules are
//! added at the end. So an extension that changes one rule (RFC 6874's
//! `IP-literal`) is that one rule, and every rule that calls it, under its
//! own name, now calls the new one.
//!
//! pest_meta reads both texts; the merge is by rule name, on the text, so
//! that each rule keeps the comments above it (its `///` description and
//! its ABNF): an overriding rule with comments of its own brings them, one
//! without keeps the replaced rule's. Errors are reported at the line of
//! the file they are in, through the grammar's segments.

use std::ops::Range;

use pest::Span;
use pest_meta::parser::Rule as MetaRule;

use crate::common::quoted;
use crate::grammar::{GrammarError, GrammarText, Piece};

/// One rule of a grammar's text: its name, where its comments start, where
/// the rule itself starts and ends, and its body (between the braces).
#[derive(Clone, Debug)]
pub struct RuleSpan {
    pub name: String,
    pub head: usize,
    pub start: usize,
    pub end: usize,
    /// The modifier (`@`, `$`, `_`, `!`), if any.
    pub modifier: Option<char>,
    pub body: Range<usize>,
}

/// The rules of a grammar's text, in order, as pest_meta's parser reads
/// them.
pub fn rule_spans(text: &str) -> Result<Vec<RuleSpan>, pest::error::Error<MetaRule>> {
    let pairs = pest_meta::parser::parse(MetaRule::grammar_rules, text)?;
    let mut rules = Vec::new();
    for pair in pairs {
        if pair.as_rule() != MetaRule::grammar_rule {
            continue;
        }
        let span = pair.as_span();
        let mut name = None;
        let mut modifier = None;
        let mut body: Option<Span<'_>> = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                MetaRule::identifier => name = Some(inner.as_str().to_owned()),
                MetaRule::silent_modifier
                | MetaRule::atomic_modifier
                | MetaRule::compound_atomic_modifier
                | MetaRule::non_atomic_modifier => modifier = inner.as_str().chars().next(),
                MetaRule::expression => body = Some(inner.as_span()),
                _ => {}
            }
        }
        let Some(name) = name else {
            // A `///` line, which belongs to the rule after it.
            continue;
        };
        let body = body.map_or(span.end()..span.end(), |b| b.start()..b.end());
        rules.push(RuleSpan {
            name,
            head: comments_start(text, span.start()),
            start: span.start(),
            end: span.end(),
            modifier,
            body,
        });
    }
    Ok(rules)
}

/// Where the comment lines right above the line of `start` begin (`//`
/// and `///` lines with no blank line between; a `//!` line or a `// ---`
/// rule ends them, as `peguri rules` reads a rule's ABNF).
pub fn comments_start(text: &str, start: usize) -> usize {
    let mut head = text[..start].rfind('\n').map_or(0, |k| k + 1);
    while head > 0 {
        let previous = text[..head - 1].rfind('\n').map_or(0, |k| k + 1);
        let line = text[previous..head - 1].trim();
        let comment = line
            .strip_prefix("//")
            .is_some_and(|rest| !rest.starts_with('!') && !rest.trim_start().starts_with("---"));
        if !comment {
            break;
        }
        head = previous;
    }
    head
}

/// `grammar` with the rules of `text` (the override file `name`) in place
/// of its rules of the same name, and its other rules added at the end.
pub fn apply(grammar: &GrammarText, name: &str, text: &str) -> Result<GrammarText, GrammarError> {
    let base = rule_spans(grammar.text()).map_err(|e| grammar.error(&[e]))?;
    let overriding = rule_spans(text).map_err(|e| {
        let alone = grammar.splice(name, text, &[Piece::Source(0..text.len())]);
        alone.error(&[e])
    })?;
    for (i, rule) in overriding.iter().enumerate() {
        if overriding[..i].iter().any(|r| r.name == rule.name) {
            let alone = grammar.splice(name, text, &[Piece::Source(0..text.len())]);
            return Err(GrammarError(format!(
                "the override {name} has two rules named {}:\n{}",
                quoted(&rule.name),
                alone.place_message(rule.start, "the second")
            )));
        }
    }
    let mut pieces = Vec::new();
    let mut at = 0;
    for rule in &base {
        let Some(new) = overriding.iter().find(|r| r.name == rule.name) else {
            continue;
        };
        // With comments of its own, the new rule brings them; without, it
        // keeps the replaced rule's.
        let (replaced, by) = if new.head < new.start {
            (rule.head..rule.end, new.head..new.end)
        } else {
            (rule.start..rule.end, new.start..new.end)
        };
        pieces.push(Piece::Current(at..replaced.start));
        pieces.push(Piece::Source(by));
        at = replaced.end;
    }
    pieces.push(Piece::Current(at..grammar.text().len()));
    for rule in &overriding {
        if !base.iter().any(|r| r.name == rule.name) {
            pieces.push(Piece::Text("\n"));
            pieces.push(Piece::Source(rule.head..rule.end));
            pieces.push(Piece::Text("\n"));
        }
    }
    Ok(grammar.splice(name, text, &pieces))
}
