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
    match engine::parse_or_prefix(input, syntax) {
        Ok(layout) => Ok(layout),
        Err(prefix) => Err(error(input, syntax, prefix)),
    }
}

/// Why `input` is not `syntax`, given the end and layout of the longest
/// prefix it matches: from that prefix when it tells, otherwise from the
/// compiled error pass.
#[cold]
#[inline(never)]
fn error(input: &str, syntax: Syntax, prefix: Option<(usize, Layout)>) -> ParseError {
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
    if let Some((end, layout)) = prefix {
        if let Some(error) = diagnose::describe_from_prefix(input, syntax, end, layout) {
            return error;
        }
    }
    match engine::failure(input, syntax) {
        Some(failure) => diagnose::describe(input, syntax, failure.pos, failure.positives),
        // The two passes follow the same rules; tests and fuzzing show
        // they never disagree.
        None => ParseError::new(
            input,
            syntax.rfc_name(),
            0,
            Kind::EnginesDisagree,
            ExpectedSet::NONE,
        ),
    }
}

/// The layout of `text` as a reference (`URI-reference`, `IRI-reference`)
/// of `grammar`, for the operations that work on URIs and IRIs alike and
/// parse their result again; RFC 6874's zone identifiers are allowed when
/// `zone_id` is set.
pub(crate) fn reparse(text: &str, grammar: Grammar, zone_id: bool) -> Result<Layout, ParseError> {
    let grammar = if zone_id {
        grammar.with_zones(true)
    } else {
        grammar
    };
    parse(text, Syntax::new(Entry::Reference, grammar))
}
