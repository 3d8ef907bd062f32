//! What the scheme modules share about running a compiled scheme grammar:
//! the text it runs on (the URI, or a percent-decoded part of it) and how
//! a failure of its error pass becomes a [`SchemeError`].

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::Scheme;
use super::error::{Cited, Kind, SchemeError};
use crate::syntax::pct;
use crate::syntax::runtime::{Failure, Names};

/// `("rule", "text"), ...` as one string, a line `rule<TAB>text` for
/// each: a table of [`Rules`], which a position-independent binary holds
/// without a relocation for every string in it, as a slice of string
/// pairs would need.
macro_rules! rule_words {
    ($(($rule:literal, $text:literal $(,)?)),* $(,)?) => {
        concat!($($rule, "\t", $text, "\n"),*)
    };
}
pub(super) use rule_words;

/// The text for `rule` in a table of [`rule_words!`].
fn lookup(table: &'static str, rule: &str) -> Option<&'static str> {
    table
        .lines()
        .find_map(|line| line.strip_prefix(rule)?.strip_prefix('\t'))
}

/// One compiled scheme grammar, as the library reads its failures: the
/// rule names of pest's `Rule` enum, the RFC spellings, the citation of
/// each rule (from the comment above it in its `.pest` file), and words
/// for the rules whose RFC names say little on their own.
pub(super) struct Rules {
    pub(super) names: &'static Names,
    pub(super) labels: &'static Names,
    pub(super) citation: fn(&str) -> Option<Cited>,
    /// Rule name to the words for it in "expected ...", a table of
    /// [`rule_words!`].
    pub(super) words: &'static str,
    /// Rule name to why the character cannot be there, for a rule that
    /// must not match (a negative lookahead), a table of [`rule_words!`].
    pub(super) limits: &'static str,
}

impl Rules {
    fn name(&self, id: u16) -> &'static str {
        self.names.get(usize::from(id)).unwrap_or("")
    }

    fn word(&self, id: u16) -> &'static str {
        let name = self.name(id);
        match lookup(self.words, name) {
            Some(word) => word,
            None if name == "EOI" => "end of input",
            None => self.labels.get(usize::from(id)).unwrap_or(name),
        }
    }
}

/// The text a grammar runs on: the whole URI, or a part of it
/// percent-decoded (a mailto address list, base64 data), which a failure
/// position is mapped back from.
pub(super) struct Source<'a> {
    /// The text as the grammar sees it.
    pub(super) text: Cow<'a, str>,
    /// The URI's text of it, and where that starts in the URI.
    raw: &'a str,
    start: usize,
}

impl<'a> Source<'a> {
    /// The whole URI.
    pub(super) fn uri(uri: &'a str) -> Self {
        Source {
            text: Cow::Borrowed(uri),
            raw: uri,
            start: 0,
        }
    }

    /// `part`, which starts at byte `start` of the URI, as it is.
    pub(super) fn part(part: &'a str, start: usize) -> Self {
        Source {
            text: Cow::Borrowed(part),
            raw: part,
            start,
        }
    }

    /// `raw`, which starts at byte `start` of the URI, percent-decoded;
    /// `what` names it in the error when the decoded octets are not UTF-8.
    pub(super) fn decoded(
        scheme: Scheme,
        uri: &str,
        raw: &'a str,
        start: usize,
        what: &'static str,
        citation: Cited,
    ) -> Result<Self, SchemeError> {
        let text = pct::decode_utf8(raw).map_err(|e| {
            let kind = Kind::NotUtf8 { what };
            SchemeError::new(scheme, uri, start + e.offset(), citation, kind, Vec::new())
        })?;
        Ok(Source { text, raw, start })
    }

    /// The byte of the URI that position `pos` of the text comes from, and
    /// whether it is percent-encoded there.
    fn origin(&self, pos: usize) -> (usize, bool) {
        match self.text {
            Cow::Borrowed(_) => (self.start + pos, false),
            Cow::Owned(_) => {
                let at = pct::encoded_offset(self.raw, pos);
                let encoded = self.raw.as_bytes().get(at) == Some(&b'%');
                (self.start + at, encoded)
            }
        }
    }
}

/// The error a grammar's failure (pest's, as the error pass reproduces
/// it) on `source` is, in the URI `uri`: at the failure's position, the
/// expected rules in words, the citation of the first rule that has one
/// (`fallback` otherwise).
pub(super) fn failure_error<const W: usize>(
    scheme: Scheme,
    rules: &Rules,
    uri: &str,
    source: &Source<'_>,
    failure: &Failure<W>,
    fallback: Cited,
) -> SchemeError {
    let mut expected: Vec<&'static str> = Vec::new();
    for id in failure.positives.iter() {
        let word = rules.word(id);
        if !expected.contains(&word) {
            expected.push(word);
        }
    }
    // A rule that must not match, and did, says why the character cannot
    // be there: that, rather than what else the grammar tried.
    let limited = failure.negatives.iter().find_map(|id| {
        let name = rules.name(id);
        lookup(rules.limits, name).map(|limit| (name, limit))
    });
    let (limit, citation) = match limited {
        Some((name, limit)) => (Some(limit), (rules.citation)(name)),
        None => (None, None),
    };
    let citation = citation
        .or_else(|| {
            failure
                .positives
                .iter()
                .chain(failure.negatives.iter())
                .find_map(|id| (rules.citation)(rules.name(id)))
        })
        .unwrap_or(fallback);
    let pos = failure.pos.min(source.text.len());
    let found = source.text.get(pos..).and_then(|rest| rest.chars().next());
    let (offset, encoded) = source.origin(pos);
    let kind = Kind::Unexpected {
        found,
        encoded,
        limit,
    };
    SchemeError::new(scheme, uri, offset, citation, kind, expected)
}

/// What runs one anchored entry of a compiled grammar.
pub(super) struct Entry<R, const W: usize> {
    /// The recognizer: the end of the match, the records in `R`.
    pub(super) matcher: fn(&[u8], &mut R) -> Option<usize>,
    /// The error pass: pest's failure, `None` if the entry matches.
    pub(super) fail: fn(&[u8]) -> Option<Failure<W>>,
}

impl<R: Default, const W: usize> Entry<R, W> {
    /// Matches all of `source`: the records, or the error (from the error
    /// pass, made a [`SchemeError`] by [`failure_error`]).
    pub(super) fn check(
        &self,
        scheme: Scheme,
        rules: &Rules,
        uri: &str,
        source: &Source<'_>,
        fallback: Cited,
    ) -> Result<R, SchemeError> {
        let text = source.text.as_bytes();
        let mut rec = R::default();
        if (self.matcher)(text, &mut rec).is_some() {
            return Ok(rec);
        }
        Err(match (self.fail)(text) {
            Some(failure) => failure_error(scheme, rules, uri, source, &failure, fallback),
            // The engines never disagree (the tests compare them); if they
            // did, the error says so.
            None => SchemeError::new(scheme, uri, 0, fallback, Kind::EnginesDisagree, Vec::new()),
        })
    }
}
