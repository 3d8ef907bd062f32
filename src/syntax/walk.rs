//! The tree-walker: pest pairs from `uri.pest` to a [`Layout`], the
//! reference engine's route to the same components the compiled engine
//! records.
//!
//! The walker only records where the grammar's component rules started and
//! ended; it never looks at the characters themselves, so every boundary is
//! the grammar's. It allocates nothing.

use pest::Token;

use super::compiled::uri::Rec;
use super::derived::{self as grammar, Rule};
use super::entry::{Entry, Syntax};
use super::error::ParseError;
use super::layout::Layout;
use super::runtime::put;
use super::{diagnose, engine};

/// Parses `input` as `syntax` with pest_derive's parser and walks the
/// pairs; its errors come from pest's own failure. This is the reference
/// route the tests compare the compiled engine with.
pub(crate) fn parse_with_pest(input: &str, syntax: Syntax) -> Result<Layout, ParseError> {
    let (anchored, _) = grammar::entry_rules(syntax);
    match grammar::pest_parse(anchored, input) {
        Ok(pairs) => Ok(walk_pairs(pairs, input)),
        Err(e) => {
            let no_scheme_start = input
                .bytes()
                .next()
                .is_some_and(|b| !b.is_ascii_alphabetic());
            if matches!(syntax.entry, Entry::Uri | Entry::AbsoluteUri) && no_scheme_start {
                let relative = Syntax::new(Entry::RelativeRef, syntax.grammar);
                let (anchored, _) = grammar::entry_rules(relative);
                if grammar::pest_parse(anchored, input).is_ok() {
                    return Err(ParseError::relative_reference(input, syntax));
                }
            }
            let (pos, positives) = grammar::pest_position(&e);
            Err(diagnose::describe(
                input,
                syntax,
                pos,
                grammar::rule_set(&positives),
            ))
        }
    }
}

/// Walks the longest prefix of `input` that `syntax` matches, without
/// anchoring, with pest.
pub(crate) fn parse_prefix_with_pest(input: &str, syntax: Syntax) -> Option<Layout> {
    let (_, unanchored) = grammar::entry_rules(syntax);
    let pairs = grammar::pest_parse(unanchored, input).ok()?;
    Some(walk_pairs(pairs, input))
}

/// Walks the pairs of a successful parse, from any grammar rule that leads
/// to the component rules: URI rules (`uri.pest`), their RFC 6874 variants
/// (`rfc6874.pest`) or the IRI rules (`iri.pest`).
///
/// Each pair of a recorded rule is put in the compiled engine's record as
/// that engine puts its matches (the record fields and their rules are
/// `build.rs`'s table, the same for both), and the record becomes the
/// layout as the engine's does.
fn walk_pairs(pairs: pest::iterators::Pairs<'_, Rule>, input: &str) -> Layout {
    let mut rec = Rec::default();
    let mut tokens = pairs.tokens();
    while let Some(token) = tokens.next() {
        if let Token::Start { rule, pos } = token {
            visit(&mut rec, rule, pos.pos(), &mut tokens);
        }
    }
    engine::layout(input, &rec)
}

type Tokens<'i> = pest::iterators::Tokens<'i, Rule>;

/// Reads the rest of the tokens of the pair of `rule` starting at `start`,
/// whose `Start` token was just read, recording it after its children (as
/// a rule's match ends after those of the rules it calls); returns its end.
///
/// It reads the pairs as pest's flat token stream (a `Start` and an `End`
/// token per pair, in order), which costs no reference counting per pair.
fn visit(rec: &mut Rec, rule: Rule, start: usize, tokens: &mut Tokens<'_>) -> usize {
    let end = loop {
        match tokens.next() {
            Some(Token::Start { rule, pos }) => {
                visit(rec, rule, pos.pos(), tokens);
            }
            Some(Token::End { pos, .. }) => break pos.pos(),
            // Only a truncated stream ends inside a pair; pest never makes one.
            None => break start,
        }
    };
    // pest's rules are numbered as the compiled grammar's.
    if let Some(slot) = rec.slot(rule as u16) {
        put(slot, start, end);
    }
    end
}
