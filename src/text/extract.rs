//! URIs in free text (RFC 3986 Appendix C, "Delimiting a URI in Context").
//!
//! Appendix C says URIs in prose are usually delimited by double quotes,
//! angle brackets (formerly `<URL:...>`), or whitespace; that the wrappers
//! are not part of the URI; and that whitespace added to break a long URI
//! across lines should be ignored when the URI is extracted. [`extract`]
//! finds URIs that way and gives each with its byte span in the text.
//!
//! ```
//! let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",
//! but you can probably pick it up from <ftp://foo.example.
//! com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
//! ietf/uri/historical.html#WARNING>.";
//! let found: Vec<String> = peguri::extract::extract(text).into_iter().map(|e| e.uri.into_owned()).collect();
//! assert_eq!(found, [
//!     "http://www.w3.org/Addressing/",
//!     "ftp://foo.example.com/rfc/",
//!     "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
//! ]);
//! ```
//!
//! Scanning the prose only proposes candidates; whether a candidate is a
//! URI, and where an undelimited one ends, is decided by the grammar
//! (`uri.pest`'s `URI` rule, then [`Uri::parse`] on the final text).
//! [`Extractor::iri`] finds IRIs (RFC 3987) instead, with `iri.pest`'s
//! `IRI` rule and [`Iri::parse`].
//!
//! ```
//! use peguri::extract::Extractor;
//!
//! let text = "a \"http://bücher.example/x\" b <http://bücher.example/y> http://example.com/naïve.html";
//! // Not URIs: none is cut short into another URI.
//! assert!(peguri::extract::extract(text).is_empty());
//! let found: Vec<String> = Extractor::new().iri(true).extract(text).into_iter().map(|e| e.uri.into_owned()).collect();
//! assert_eq!(found, [
//!     "http://bücher.example/x",
//!     "http://bücher.example/y",
//!     "http://example.com/naïve.html",
//! ]);
//! ```
//!
//! # Rationale
//!
//! Appendix C is advice, not a grammar; these are the readings taken here.
//!
//! - *A candidate is never cut short into another URI.* A delimited
//!   candidate that is not a URI (an IRI, say) is dropped whole: no
//!   undelimited URI is looked for inside its delimiters, where the
//!   grammar would stop at the first character it does not take
//!   (`"http://bücher.example/"` would give `http://b`, another host). An
//!   undelimited candidate that the text goes on after with a non-ASCII
//!   letter or digit (`http://example.com/naïve.html`) is an IRI, not a
//!   URI, and is dropped too, with the text the grammar matched: no URI
//!   is looked for inside it (`http://a/?to=b://c:d/é` holds no URI, not
//!   `b://c`). [`Extractor::iri`] finds it.
//! - *In prose, non-ASCII punctuation ends an undelimited candidate*, as
//!   whitespace does: the grammar reads the text up to it only. That is
//!   the General Punctuation block (curly quotes, dashes,
//!   the ellipsis), CJK symbols and punctuation (`。`, `、`, `「」`), the
//!   fullwidth and small forms of ASCII punctuation, and Latin-1's (`«`,
//!   `»`, the no-break space). The IRI grammar allows them, but in text
//!   they close a sentence or a quotation far more often than they belong
//!   to an IRI.
//! - *A scheme is required by default*, delimited or not. Inside angle
//!   brackets a relative reference would make every HTML tag (`<b>`) and
//!   mail address (`<jim@example.com>`) a "URI".
//!   [`Extractor::relative_when_delimited`] accepts scheme-less references
//!   inside `<...>` and `"..."`.
//! - *An undelimited candidate needs an authority (`scheme://`) or one of
//!   the [`BARE_SCHEMES`]* (`mailto:`, `urn:`, `tel:`...), so that
//!   `Re:Subject` or `Note:this` are not taken for URIs.
//!   [`Extractor::any_scheme_undelimited`] lifts this.
//! - *An undelimited URI ends where the grammar's `URI` rule stops*, then
//!   loses trailing sentence punctuation (`.` `,` `;` `:` `!` `?`) and any
//!   `)` without a matching `(` in the URI, so that
//!   `(see https://en.wikipedia.org/wiki/Fish_(disambiguation)).` keeps the
//!   inner parentheses and drops the outer one and the full stop.
//! - *Whitespace inside angle brackets is removed only when it is a line
//!   break* (with any spaces or tabs around it), since Appendix C allows it
//!   for breaking a long URI across lines. A space that is not part of a
//!   line break, or a blank line, means the brackets hold prose, and the
//!   text between them is scanned as such. The span still covers the
//!   original text, line breaks included.
//! - *Wrapping `'`, `*` and `_` are dropped symmetrically*: when the
//!   candidate follows a run of one of them (single quotes, Markdown
//!   emphasis such as `**https://example.com/**`), as many of that
//!   character are dropped from its end. Otherwise they stay, since the
//!   grammar allows them in a URI.
//! - *A hyphen before a line break is kept.* Appendix C warns that a
//!   typesetter may have added it; the text cannot tell, and a hyphen is
//!   more often part of a URI than an artefact.
//! - *`<URL:` is matched without regard to case*, and whitespace may follow
//!   the prefix, as Appendix C allows.
//! - *Double quotes delimit only a candidate without whitespace*; a quoted
//!   sentence is scanned for undelimited URIs instead.
//! - Spans are byte offsets of the URI text itself, wrappers excluded:
//!   `text[span]`, with whitespace removed, is the URI.

use crate::syntax::pct;
use alloc::borrow::Cow;
use core::ops::Range;

use crate::syntax::compiled::uri as generated;
use crate::{Iri, IriRef, Uri, UriRef};
use alloc::{string::String, vec::Vec};

/// How a URI found in text was delimited.
///
/// ```
/// use peguri::extract::Delimiter;
/// let found = peguri::extract::extract("<URL:http://a.example/> and \"http://b.example/\"");
/// assert_eq!(found[0].delimiter, Delimiter::AngleUrl);
/// assert_eq!(found[1].delimiter, Delimiter::Quotes);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Delimiter {
    /// `<...>`
    Angle,
    /// `<URL:...>`, the historical form.
    AngleUrl,
    /// `"..."`
    Quotes,
    /// Whitespace or punctuation: not delimited.
    Bare,
}

/// A URI found in text.
///
/// ```
/// let text = "see <http://example.com/a\n  /b> now";
/// let found = peguri::extract::extract(text);
/// assert_eq!(found[0].uri, "http://example.com/a/b");
/// assert_eq!(&text[found[0].span.clone()], "http://example.com/a\n  /b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extracted<'a> {
    /// The URI: borrowed from the text, or owned when line-break whitespace
    /// was removed from it.
    pub uri: Cow<'a, str>,
    /// The byte range of the URI in the text, without its delimiters but
    /// with any whitespace that was removed.
    pub span: Range<usize>,
    /// How it was delimited.
    pub delimiter: Delimiter,
}

impl Extracted<'_> {
    /// The URI, parsed. Extraction without [`Extractor::iri`] only yields
    /// text the grammar accepted, so this succeeds; it is a `Result` so
    /// that no input can panic.
    ///
    /// # Errors
    ///
    /// None in practice for URIs (see above); a [`ParseError`](crate::ParseError) for an IRI
    /// that is not a URI (use [`parse_iri_ref`](Self::parse_iri_ref)).
    ///
    /// ```
    /// let found = peguri::extract::extract("at https://example.com:8443/x.");
    /// assert_eq!(found[0].parse()?.authority().unwrap().port(), Some("8443"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(&self) -> Result<UriRef<'_>, crate::syntax::error::ParseError> {
        UriRef::parse(&self.uri)
    }

    /// The IRI, parsed: what [`Extractor::iri`] finds (every URI is an IRI
    /// too). It succeeds for everything an extractor yields.
    ///
    /// # Errors
    ///
    /// None in practice (see above).
    ///
    /// ```
    /// let found = peguri::extract::Extractor::new().iri(true).extract("at https://例え.jp/パス.");
    /// assert_eq!(found[0].parse_iri_ref()?.authority().unwrap().host_str(), "例え.jp");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_iri_ref(&self) -> Result<IriRef<'_>, crate::syntax::error::ParseError> {
        IriRef::parse(&self.uri)
    }
}

/// Schemes accepted for an undelimited URI without an authority: registered
/// schemes whose URIs are written without `//` and commonly appear in prose.
///
/// `mailto` (RFC 6068), `news` (RFC 5538), `urn` (RFC 8141), `tel`
/// (RFC 3966), `data` (RFC 2397), `sip` and `sips` (RFC 3261), `xmpp`
/// (RFC 5122), `geo` (RFC 5870), `cid` and `mid` (RFC 2392), `sms`
/// (RFC 5724). Compared without regard to case.
///
/// ```
/// assert!(peguri::extract::BARE_SCHEMES.contains(&"mailto"));
/// assert_eq!(peguri::extract::extract("mail mailto:jim@example.com!")[0].uri, "mailto:jim@example.com");
/// assert!(peguri::extract::extract("Re:Subject").is_empty());
/// ```
pub const BARE_SCHEMES: &[&str] = &[
    "mailto", "news", "urn", "tel", "data", "sip", "sips", "xmpp", "geo", "cid", "mid", "sms",
];

/// Finds the URIs in `text` as RFC 3986 Appendix C describes, with the
/// default [`Extractor`]. See the [module documentation](self) for the
/// rules.
///
/// ```
/// let text = "Docs: https://example.com/docs (or <https://example.com/\n    mirror>).";
/// let found = peguri::extract::extract(text);
/// assert_eq!(found.len(), 2);
/// assert_eq!(found[0].uri, "https://example.com/docs");
/// assert_eq!(found[0].span, 6..30);
/// assert_eq!(found[1].uri, "https://example.com/mirror");
/// ```
pub fn extract(text: &str) -> Vec<Extracted<'_>> {
    Extractor::new().extract(text)
}

/// Extraction settings: each leniency is a named switch, off by default.
///
/// ```
/// use peguri::extract::Extractor;
///
/// const LENIENT: Extractor = Extractor::new()
///     .relative_when_delimited(true)
///     .any_scheme_undelimited(true);
/// let found = LENIENT.extract("<../up> and x-note:1");
/// assert_eq!(found[0].uri, "../up");
/// assert_eq!(found[1].uri, "x-note:1");
/// assert!(peguri::extract::extract("<../up> and x-note:1").is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extractor {
    relative_when_delimited: bool,
    any_scheme_undelimited: bool,
    iri: bool,
}

impl Extractor {
    /// The defaults: a scheme is required everywhere, and an undelimited
    /// URI needs an authority or one of the [`BARE_SCHEMES`].
    ///
    /// ```
    /// assert_eq!(peguri::extract::Extractor::new(), Default::default());
    /// ```
    pub const fn new() -> Self {
        Extractor {
            relative_when_delimited: false,
            any_scheme_undelimited: false,
            iri: false,
        }
    }

    /// Find IRIs (RFC 3987) instead of URIs: the same rules, with the IRI
    /// grammar (`IRI`, and `IRI-reference` with
    /// [`relative_when_delimited`](Self::relative_when_delimited)). The
    /// text found is the IRI as written; [`Extracted::parse_iri_ref`] parses
    /// it, and [`Iri::to_uri`] maps it to a URI.
    ///
    /// ```
    /// use peguri::extract::Extractor;
    /// let found = Extractor::new().iri(true).extract("«http://例え.jp/» et <http://bücher.example/>");
    /// assert_eq!(found[0].uri, "http://例え.jp/");
    /// assert_eq!(found[1].uri, "http://bücher.example/");
    /// assert!(peguri::extract::extract("«http://例え.jp/»").is_empty());
    /// ```
    pub const fn iri(mut self, yes: bool) -> Self {
        self.iri = yes;
        self
    }

    /// Also accept relative references (no scheme) inside `<...>` and
    /// `"..."`.
    ///
    /// ```
    /// use peguri::extract::Extractor;
    /// let found = Extractor::new().relative_when_delimited(true).extract("see \"/index.html\"");
    /// assert_eq!(found[0].uri, "/index.html");
    /// ```
    pub const fn relative_when_delimited(mut self, yes: bool) -> Self {
        self.relative_when_delimited = yes;
        self
    }

    /// Accept undelimited URIs with any scheme, with or without an
    /// authority.
    ///
    /// ```
    /// use peguri::extract::Extractor;
    /// let found = Extractor::new().any_scheme_undelimited(true).extract("try about:blank.");
    /// assert_eq!(found[0].uri, "about:blank");
    /// ```
    pub const fn any_scheme_undelimited(mut self, yes: bool) -> Self {
        self.any_scheme_undelimited = yes;
        self
    }

    /// Finds the URIs in `text` with these settings, in order of position.
    /// Spans never overlap. The time taken is linear in the text's length.
    ///
    /// ```
    /// let found = peguri::extract::Extractor::new().extract("<http://a.example/>");
    /// assert_eq!(found[0].span, 1..18);
    /// ```
    pub fn extract<'a>(&self, text: &'a str) -> Vec<Extracted<'a>> {
        let bytes = text.as_bytes();
        let mut found = Vec::new();
        let mut i = 0;
        // Inside the delimiters of a candidate that was not accepted, no
        // undelimited one is looked for: it would be that candidate cut
        // short.
        let mut delimited_until = 0;
        let mut prose = ProseEnd::default();
        while i < bytes.len() {
            // Candidates start at ASCII bytes only, which are always char
            // boundaries; every slice below starts or ends at one.
            let hit = match bytes[i] {
                b'<' => self.angle(text, i),
                b'"' => self.quoted(text, i),
                b if i >= delimited_until
                    && pct::is_in(pct::classes().alpha, b)
                    && starts_word(bytes, i) =>
                {
                    match self.bare(text, i, &mut prose) {
                        Bare::Found(hit) => Ok(hit),
                        Bare::Skip(to) => {
                            i = to.max(i + 1);
                            continue;
                        }
                    }
                }
                _ => Err(None),
            };
            match hit {
                Ok((item, resume)) => {
                    found.push(item);
                    i = resume;
                }
                Err(refused) => {
                    if let Some(close) = refused {
                        delimited_until = delimited_until.max(close);
                    }
                    i += 1;
                }
            }
        }
        found
    }

    /// Whether `candidate` is accepted as a delimited URI (or IRI).
    fn delimited_ok(&self, candidate: &str) -> bool {
        match (self.iri, self.relative_when_delimited) {
            (false, true) => UriRef::parse(candidate).is_ok(),
            (false, false) => Uri::parse(candidate).is_ok(),
            (true, true) => IriRef::parse(candidate).is_ok(),
            (true, false) => Iri::parse(candidate).is_ok(),
        }
    }

    /// `<...>` or `<URL:...>` starting at `open`: the URI, or, for a
    /// candidate that is not accepted, where its closing delimiter is
    /// (`None` when the brackets hold no candidate, but prose).
    fn angle<'a>(&self, text: &'a str, open: usize) -> Delimited<'a> {
        let inner_start = open + 1;
        let close = inner_start + text[inner_start..].find(['<', '>']).ok_or(None)?;
        if text.as_bytes()[close] != b'>' {
            return Err(None);
        }
        let mut start = inner_start;
        let mut delimiter = Delimiter::Angle;
        if text
            .get(start..start + 4)
            .is_some_and(|p| p.eq_ignore_ascii_case("URL:"))
        {
            start += 4;
            delimiter = Delimiter::AngleUrl;
        }
        let inner = &text[start..close];
        let trimmed = inner.trim_start();
        let start = start + (inner.len() - trimmed.len());
        let trimmed = trimmed.trim_end();
        let end = start + trimmed.len();
        if trimmed.is_empty() {
            return Err(None);
        }
        let uri = remove_line_breaks(trimmed).ok_or(None)?;
        if !self.delimited_ok(&uri) {
            return Err(Some(close));
        }
        let item = Extracted {
            uri,
            span: start..end,
            delimiter,
        };
        Ok((item, close + 1))
    }

    /// `"..."` starting at `open`, holding no whitespace: as
    /// [`angle`](Self::angle).
    fn quoted<'a>(&self, text: &'a str, open: usize) -> Delimited<'a> {
        let start = open + 1;
        let stop = start
            + text[start..]
                .find(|c: char| c == '"' || c.is_whitespace())
                .ok_or(None)?;
        if text.as_bytes()[stop] != b'"' || stop == start {
            return Err(None);
        }
        let candidate = &text[start..stop];
        if !self.delimited_ok(candidate) {
            return Err(Some(stop));
        }
        let item = Extracted {
            uri: Cow::Borrowed(candidate),
            span: start..stop,
            delimiter: Delimiter::Quotes,
        };
        Ok((item, stop + 1))
    }

    /// An undelimited URI starting at `start` (a letter beginning a word).
    ///
    /// Each outcome moves the scan past the text the grammar matched, or
    /// past the candidate found in it, so that no text is matched twice
    /// and extraction stays linear in the text.
    fn bare<'a>(&self, text: &'a str, start: usize, prose: &mut ProseEnd) -> Bare<'a> {
        let rest = &text[start..];
        // The grammar's `scheme` rule finds the word's scheme-shaped prefix;
        // a URI can only start here if `:` follows it.
        let scheme_len = match generated::quiet_scheme(text.as_bytes(), start) {
            Some(end) => end - start,
            None => return Bare::Skip(start + 1),
        };
        let scheme = &rest[..scheme_len];
        let after = &rest[scheme_len..];
        let promising = if self.any_scheme_undelimited || is_bare_scheme(scheme) {
            after.starts_with(':')
        } else {
            after.starts_with("://")
        };
        // No later position inside the scheme can start a word.
        if !promising {
            return Bare::Skip(start + scheme_len);
        }
        // The longest prefix the grammar's `URI` (or `IRI`) rule matches.
        // An IRI ends at the first punctuation of prose, as at whitespace:
        // the grammar reads the text up to it only.
        let matched = if self.iri {
            let end = prose.after(text, start);
            generated::quiet_IRI(&text.as_bytes()[..end], start).map(|end| &text[start..end])
        } else {
            generated::quiet_URI(text.as_bytes(), start).map(|end| &text[start..end])
        };
        let Some(matched) = matched else {
            return Bare::Skip(start + scheme_len);
        };
        // The text goes on as an IRI: this is no URI, and neither is any
        // candidate inside the text matched, which would be this one cut
        // short (see the module documentation).
        let goes_on = text[start + matched.len()..]
            .chars()
            .next()
            .is_some_and(|c| !c.is_ascii() && !is_prose_punctuation(c) && !c.is_whitespace());
        if goes_on {
            return Bare::Skip(start + matched.len());
        }
        let candidate = trim_sentence_punctuation(matched, wrapper_before(text.as_bytes(), start));
        let accepted = if self.iri {
            Iri::parse(candidate)
                .ok()
                .map(|iri| (iri.authority().is_some(), iri.scheme()))
        } else {
            Uri::parse(candidate)
                .ok()
                .map(|uri| (uri.authority().is_some(), uri.scheme()))
        }
        .filter(|&(authority, scheme)| {
            self.any_scheme_undelimited || authority || is_bare_scheme(scheme)
        });
        if accepted.is_none() {
            // Only a scheme is left once sentence punctuation is trimmed
            // (`mailto:.`): the rest of the text matched is punctuation,
            // where no candidate starts.
            return Bare::Skip(start + matched.len());
        }
        let end = start + candidate.len();
        Bare::Found((
            Extracted {
                uri: Cow::Borrowed(candidate),
                span: start..end,
                delimiter: Delimiter::Bare,
            },
            end,
        ))
    }
}

/// The outcome of trying a delimited candidate: the URI and where to
/// resume, or, when it is not accepted, where its closing delimiter is
/// (`None` when the delimiters hold prose, not a candidate).
type Delimited<'a> = Result<(Extracted<'a>, usize), Option<usize>>;

/// Non-ASCII characters that end an undelimited candidate in prose, as
/// whitespace does (see the module documentation): Latin-1 punctuation and
/// the no-break space, General and Supplemental Punctuation, CJK symbols
/// and punctuation, vertical, small and fullwidth forms of punctuation.
fn is_prose_punctuation(c: char) -> bool {
    matches!(
        c,
        '\u{A0}' | '\u{A1}' | '\u{A7}' | '\u{AB}' | '\u{B6}' | '\u{B7}' | '\u{BB}' | '\u{BF}'
            | '\u{2000}'..='\u{206F}'
            | '\u{2E00}'..='\u{2E7F}'
            | '\u{3000}'..='\u{303F}'
            | '\u{FE10}'..='\u{FE1F}'
            | '\u{FE30}'..='\u{FE6F}'
            | '\u{FF01}'..='\u{FF0F}'
            | '\u{FF1A}'..='\u{FF20}'
            | '\u{FF3B}'..='\u{FF40}'
            | '\u{FF5B}'..='\u{FF65}'
    )
}

/// Where the punctuation of prose that ends an undelimited IRI is: the
/// first [`is_prose_punctuation`] character at or after an offset, or the
/// end of the text. Kept between candidates, which come in order of
/// position, so that the text is searched once.
#[derive(Default)]
struct ProseEnd {
    at: usize,
}

impl ProseEnd {
    /// The end of the prose word `start` is in (`start` is a character
    /// boundary).
    fn after(&mut self, text: &str, start: usize) -> usize {
        if self.at <= start {
            self.at = text[start..]
                .find(is_prose_punctuation)
                .map_or(text.len(), |k| start + k);
        }
        self.at
    }
}

/// The outcome of trying an undelimited candidate.
enum Bare<'a> {
    Found((Extracted<'a>, usize)),
    /// Nothing here; resume the scan at this offset.
    Skip(usize),
}

fn is_bare_scheme(scheme: &str) -> bool {
    BARE_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Whether the letter at `i` begins a word: the byte before it (if any)
/// could not continue a scheme (the grammar's `scheme` rule decides).
fn starts_word(bytes: &[u8], i: usize) -> bool {
    match i.checked_sub(1).and_then(|p| bytes.get(p)) {
        None => true,
        Some(&b) => !pct::is_in(pct::classes().scheme_tail, b),
    }
}

/// Drops trailing sentence punctuation, and `)` that closes no `(` of the
/// candidate, from the end of an undelimited candidate. `wrapper` is the
/// run of `'`, `*` or `_` just before the candidate, if any (single quotes,
/// Markdown emphasis): as many of that character are dropped from the end.
fn trim_sentence_punctuation(candidate: &str, wrapper: Option<(u8, usize)>) -> &str {
    let opens = candidate.bytes().filter(|&b| b == b'(').count();
    let mut closes = candidate.bytes().filter(|&b| b == b')').count();
    let (wrap, mut wraps) = wrapper.unwrap_or((0, 0));
    let mut s = candidate;
    loop {
        match s.as_bytes().last() {
            Some(b'.' | b',' | b';' | b':' | b'!' | b'?') => {}
            Some(b')') if closes > opens => closes -= 1,
            Some(&b) if wraps > 0 && b == wrap => wraps -= 1,
            _ => return s,
        }
        s = &s[..s.len() - 1];
    }
}

/// The run of `'`, `*` or `_` that ends just before `start`, as (character,
/// length).
fn wrapper_before(bytes: &[u8], start: usize) -> Option<(u8, usize)> {
    let before = &bytes[..start];
    let &c = before.last()?;
    if !matches!(c, b'\'' | b'*' | b'_') {
        return None;
    }
    let run = before.iter().rev().take_while(|&&b| b == c).count();
    Some((c, run))
}

/// The text with line-break whitespace removed, or `None` if it holds
/// whitespace that is not a single line break (with any spaces or tabs
/// around it): a space between words, or a blank line.
fn remove_line_breaks(text: &str) -> Option<Cow<'_, str>> {
    if !text.contains(char::is_whitespace) {
        return Some(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if c.is_whitespace() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            if !is_one_line_break(&run) {
                return None;
            }
            run.clear();
        }
        out.push(c);
    }
    // `text` is trimmed, so no run is left over at the end.
    Some(Cow::Owned(out))
}

/// Whether a whitespace run holds exactly one line break (`\n`, `\r\n` or
/// `\r`).
fn is_one_line_break(run: &str) -> bool {
    let breaks = run.replace("\r\n", "\n").matches(['\n', '\r']).count();
    breaks == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_punctuation_and_unbalanced_parentheses() {
        assert_eq!(
            trim_sentence_punctuation("http://a/b.),;", None),
            "http://a/b"
        );
        assert_eq!(
            trim_sentence_punctuation("http://a/(b)).", None),
            "http://a/(b)"
        );
        assert_eq!(
            trim_sentence_punctuation("http://a/(b)", None),
            "http://a/(b)"
        );
        assert_eq!(
            trim_sentence_punctuation("http://a/b!?:", None),
            "http://a/b"
        );
        assert_eq!(trim_sentence_punctuation("...", None), "");
        let stars = Some((b'*', 2));
        assert_eq!(
            trim_sentence_punctuation("http://a/b**.", stars),
            "http://a/b"
        );
        assert_eq!(
            trim_sentence_punctuation("http://a/b***", stars),
            "http://a/b*"
        );
        assert_eq!(
            trim_sentence_punctuation("http://a/b'", Some((b'\'', 1))),
            "http://a/b"
        );
        assert_eq!(
            trim_sentence_punctuation("http://a/b'", None),
            "http://a/b'"
        );
    }

    #[test]
    fn line_break_runs() {
        assert_eq!(remove_line_breaks("a\n  b").as_deref(), Some("ab"));
        assert_eq!(remove_line_breaks("a \r\n\tb").as_deref(), Some("ab"));
        assert_eq!(remove_line_breaks("a\rb").as_deref(), Some("ab"));
        assert_eq!(remove_line_breaks("a b"), None);
        assert_eq!(remove_line_breaks("a\n\nb"), None);
        assert_eq!(remove_line_breaks("a\n \nb"), None);
        assert!(matches!(
            remove_line_breaks("ab"),
            Some(Cow::Borrowed("ab"))
        ));
    }

    #[test]
    fn word_starts() {
        assert!(starts_word(b"http", 0));
        assert!(starts_word(b"(http", 1));
        assert!(!starts_word(b"xhttp", 1));
        assert!(!starts_word(b"a.b", 2));
    }
}
