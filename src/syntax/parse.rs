//! The one parse function every typed parse calls.

use super::bidi::BIDI_FORMATTING;
use super::compiled::uri::Rec;
use super::diagnose;
use super::engine;
use super::entry::{Entry, Grammar, Syntax};
use super::error::{ExpectedSet, Found, Kind, ParseError, Part};
use super::layout::{Layout, Span};
use alloc::string::String;

/// Parses all of `input` as `syntax` with the compiled engine; when it
/// rejects the input, the compiled error pass finds pest's failure and
/// diagnosis puts it in words. pest_derive is never called.
///
/// An IRI must also keep RFC 3987 section 4.1's rule, which is not in the
/// grammar: no bidirectional formatting character ([`BIDI_FORMATTING`]).
#[inline(always)]
pub(crate) fn parse(input: &str, syntax: Syntax) -> Result<Layout, ParseError> {
    parse_into(input, syntax, |layout| layout)
}

/// [`parse`], making the layout a `T` with `make`: the typed parses build
/// their result here, so that an error is written once, where the caller
/// wants it, rather than passed up through each of them.
#[inline(always)]
pub(crate) fn parse_into<T>(
    input: &str,
    syntax: Syntax,
    make: impl FnOnce(Layout) -> T,
) -> Result<T, ParseError> {
    parse_checked(input, syntax, true, make)
}

/// [`parse_into`], with RFC 3987's rule on bidirectional formatting
/// characters kept only if `bidi` is set.
#[inline(always)]
fn parse_checked<T>(
    input: &str,
    syntax: Syntax,
    bidi: bool,
    make: impl FnOnce(Layout) -> T,
) -> Result<T, ParseError> {
    let mut rec = Rec::default();
    let end = engine::run(input, syntax, &mut rec);
    if let Some(layout) = engine::whole(input, end, &rec) {
        if bidi && syntax.grammar.is_iri() && !input.is_ascii() {
            if let Some(error) = bidi_error(input, syntax, &layout) {
                return Err(error);
            }
        }
        return Ok(make(layout));
    }
    // The layout of the prefix that matched is built in the error path.
    Err(error(input, syntax, end, &rec))
}

/// `input` as text, or, if it is not UTF-8, the error for its first byte
/// that is not part of a character, at its offset in `input` (the text
/// before it is the same in the bytes and in the excerpt shown, where the
/// bad bytes are U+FFFD).
pub(crate) fn utf8(input: &[u8], syntax: Syntax) -> Result<&str, ParseError> {
    core::str::from_utf8(input).map_err(|e| {
        let at = e.valid_up_to();
        let shown = String::from_utf8_lossy(input);
        let found = Found::new(at, Kind::InvalidUtf8 { byte: input[at] }, ExpectedSet::NONE);
        ParseError::new(&shown, syntax.rfc_name(), found)
    })
}

/// [`parse`] by the grammar alone: what the engines agree on.
#[cfg(feature = "expose-internals")]
pub(crate) fn parse_grammar(input: &str, syntax: Syntax) -> Result<Layout, ParseError> {
    parse_checked(input, syntax, false, |layout| layout)
}

/// The error for the first bidirectional formatting character of an IRI,
/// if it has one.
#[cold]
fn bidi_error(input: &str, syntax: Syntax, layout: &Layout) -> Option<ParseError> {
    // Every one of them is encoded as E2 80 xx or E2 81 xx, and 0xE2 only
    // ever starts a character: look at those characters alone.
    let (at, c) = memchr::memchr_iter(0xE2, input.as_bytes()).find_map(|at| {
        let c = input[at..].chars().next()?;
        BIDI_FORMATTING.contains(&c).then_some((at, c))
    })?;
    let within = |span: Option<Span>| span.is_some_and(|s| s.start() <= at && at < s.end());
    let authority = layout.authority;
    let part = if within(layout.query) {
        Part::Query
    } else if within(layout.fragment) {
        Part::Fragment
    } else if within(authority.and_then(|a| a.userinfo)) {
        Part::Userinfo
    } else if within(authority.map(|a| a.host)) {
        Part::Host
    } else {
        Part::Path
    };
    let found = Found::new(at, Kind::BidiFormatting(c, part), ExpectedSet::NONE);
    Some(ParseError::new(
        input,
        syntax.rfc_name(),
        found.within(Some(part.component())),
    ))
}

/// Why `input` is not `syntax`, given where the longest prefix it matches
/// ends and what the first pass recorded there: from that prefix when it
/// tells, otherwise from the compiled error pass.
#[cold]
#[inline(never)]
fn error(input: &str, syntax: Syntax, end: Option<usize>, rec: &Rec) -> ParseError {
    if input.len() >= u32::MAX as usize {
        // Spans are recorded in 32 bits.
        let found = Found::new(u32::MAX as usize, Kind::TooLong, ExpectedSet::NONE);
        return ParseError::new(input, syntax.rfc_name(), found);
    }
    if matches!(syntax.entry, Entry::Uri | Entry::AbsoluteUri) && is_relative_ref(input, syntax) {
        return ParseError::relative_reference(input, syntax);
    }
    let prefix = engine::prefix(input, end, rec);
    let found = prefix
        .as_ref()
        .and_then(|(end, layout)| diagnose::found_from_prefix(input, syntax, *end, layout))
        .or_else(|| {
            let failure = engine::failure(input, syntax)?;
            let prefix = prefix.as_ref().map(|(_, layout)| layout);
            Some(diagnose::found_after(
                input,
                syntax,
                failure.pos,
                failure.positives,
                prefix,
            ))
        });
    // The two passes follow the same rules; tests and fuzzing show that
    // the error pass always finds a failure where the first pass found one.
    let found = found.unwrap_or(Found::new(0, Kind::EnginesDisagree, ExpectedSet::NONE));
    // RFC 3986's rules match ASCII only: the prefix they matched is.
    let ascii = match (syntax.grammar.is_iri(), end) {
        (false, Some(end)) => end,
        _ => 0,
    };
    ParseError::after_ascii(input, ascii, syntax.rfc_name(), found)
}

/// Whether `input`, given where a scheme is required (`URI`,
/// `absolute-URI` and their IRI rules), is a relative reference that no
/// scheme starts: it begins with what no scheme begins with (`/`, `?`,
/// `#`, `.`...) and reads as a `relative-ref` of the same grammar. Then the
/// missing scheme is the cause, not the first character. (Text that starts
/// with a letter, `http` or `a/b`, reads as a scheme missing its `:`.)
fn is_relative_ref(input: &str, syntax: Syntax) -> bool {
    if input.bytes().next().is_none_or(|b| b.is_ascii_alphabetic()) {
        return false;
    }
    let relative = Syntax::new(Entry::RelativeRef, syntax.grammar);
    let mut rec = Rec::default();
    let end = engine::run(input, relative, &mut rec);
    engine::whole(input, end, &rec).is_some()
}

/// The layout of `text` as a reference (`URI-reference`, `IRI-reference`)
/// of `grammar`, for the operations that build a reference's text and
/// parse it again, or check the layout they built alongside it.
pub(crate) fn reparse(text: &str, grammar: Grammar) -> Result<Layout, ParseError> {
    parse(text, Syntax::new(Entry::UriReference, grammar))
}
