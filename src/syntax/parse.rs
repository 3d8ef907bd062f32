//! The one parse function every typed parse calls.

use super::diagnose;
use super::engine;
use super::entry::{Entry, Grammar, Syntax};
use super::error::{ExpectedSet, Kind, ParseError};
use super::layout::Layout;

/// Parses all of `input` as `syntax` with the compiled engine; when it
/// rejects the input, the compiled error pass finds pest's failure and
/// diagnosis puts it in words. pest_derive is never called.
#[inline]
pub(crate) fn parse(input: &str, syntax: Syntax) -> Result<Layout, ParseError> {
    match engine::parse(input, syntax) {
        Some(layout) => Ok(layout),
        None => Err(error(input, syntax)),
    }
}

/// Why `input` is not `syntax`.
#[cold]
#[inline(never)]
pub(crate) fn error(input: &str, syntax: Syntax) -> ParseError {
    if input.len() >= u32::MAX as usize {
        // Spans are recorded in 32 bits.
        return ParseError::new(
            input,
            syntax.rfc_name(),
            u32::MAX as usize,
            Kind::TooLong,
            ExpectedSet::NONE,
        );
    }
    match engine::failure(input, syntax) {
        Some(failure) => diagnose::describe(input, syntax, failure.pos, failure.positives),
        // The error pass matched what the recognizer rejected: only the
        // value of an IP literal can do that (the standard library could
        // not read what the grammar accepted).
        None => ParseError::new(
            input,
            syntax.rfc_name(),
            0,
            Kind::Unreadable,
            ExpectedSet::NONE,
        ),
    }
}

/// The layout of `text` as a reference (`URI-reference`, `IRI-reference`)
/// of `grammar`, for the operations that work on URIs and IRIs alike and
/// parse their result again; RFC 3986 takes RFC 6874's zone identifiers
/// when `zone_id` is set.
pub(crate) fn reparse(text: &str, grammar: Grammar, zone_id: bool) -> Result<Layout, ParseError> {
    let grammar = match grammar {
        Grammar::Rfc3986 if zone_id => Grammar::Rfc6874,
        other => other,
    };
    parse(text, Syntax::new(Entry::Reference, grammar))
}
