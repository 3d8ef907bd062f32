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
//! let found: Vec<String> = peguri::extract(text).into_iter().map(|e| e.uri.into_owned()).collect();
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
//!
//! # Rationale
//!
//! Appendix C is advice, not a grammar; these are the readings taken here.
//!
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

use crate::prelude::*;
use crate::syntax::compiled::uri as generated;
use crate::{Uri, UriRef};

/// How a URI found in text was delimited.
///
/// ```
/// use peguri::extract::Delimiter;
/// let found = peguri::extract("<URL:http://a.example/> and \"http://b.example/\"");
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
/// let found = peguri::extract(text);
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
    /// The URI, parsed. Extraction only yields text the grammar accepted,
    /// so this succeeds; it is a `Result` so that no input can panic.
    ///
    /// # Errors
    ///
    /// None in practice (see above).
    ///
    /// ```
    /// let found = peguri::extract("at https://example.com:8443/x.");
    /// assert_eq!(found[0].parse()?.authority().unwrap().port(), Some("8443"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(&self) -> Result<UriRef<'_>, crate::ParseError> {
        UriRef::parse(&self.uri)
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
/// assert_eq!(peguri::extract("mail mailto:jim@example.com!")[0].uri, "mailto:jim@example.com");
/// assert!(peguri::extract("Re:Subject").is_empty());
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
/// let found = peguri::extract(text);
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
/// assert!(peguri::extract("<../up> and x-note:1").is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extractor {
    relative_when_delimited: bool,
    any_scheme_undelimited: bool,
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
        }
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
    /// Spans never overlap.
    ///
    /// ```
    /// let found = peguri::extract::Extractor::new().extract("<http://a.example/>");
    /// assert_eq!(found[0].span, 1..18);
    /// ```
    pub fn extract<'a>(&self, text: &'a str) -> Vec<Extracted<'a>> {
        let bytes = text.as_bytes();
        let mut found = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            // Candidates start at ASCII bytes only, which are always char
            // boundaries; every slice below starts or ends at one.
            let hit = match bytes[i] {
                b'<' => self.angle(text, i),
                b'"' => self.quoted(text, i),
                b if pct::is_in(pct::classes().alpha, b) && starts_word(bytes, i) => {
                    match self.bare(text, i) {
                        Bare::Found(hit) => Some(hit),
                        Bare::Skip(to) => {
                            i = to.max(i + 1);
                            continue;
                        }
                    }
                }
                _ => None,
            };
            match hit {
                Some((item, resume)) => {
                    found.push(item);
                    i = resume;
                }
                None => i += 1,
            }
        }
        found
    }

    /// Whether `candidate` is accepted as a delimited URI.
    fn delimited_ok(&self, candidate: &str) -> bool {
        if self.relative_when_delimited {
            UriRef::parse(candidate).is_ok()
        } else {
            Uri::parse(candidate).is_ok()
        }
    }

    /// `<...>` or `<URL:...>` starting at `open`.
    fn angle<'a>(&self, text: &'a str, open: usize) -> Option<(Extracted<'a>, usize)> {
        let inner_start = open + 1;
        let close = inner_start + text[inner_start..].find(['<', '>'])?;
        if text.as_bytes()[close] != b'>' {
            return None;
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
            return None;
        }
        let uri = remove_line_breaks(trimmed)?;
        if !self.delimited_ok(&uri) {
            return None;
        }
        let item = Extracted {
            uri,
            span: start..end,
            delimiter,
        };
        Some((item, close + 1))
    }

    /// `"..."` starting at `open`, holding no whitespace.
    fn quoted<'a>(&self, text: &'a str, open: usize) -> Option<(Extracted<'a>, usize)> {
        let start = open + 1;
        let stop = start + text[start..].find(|c: char| c == '"' || c.is_whitespace())?;
        if text.as_bytes()[stop] != b'"' || stop == start {
            return None;
        }
        let candidate = &text[start..stop];
        if !self.delimited_ok(candidate) {
            return None;
        }
        let item = Extracted {
            uri: Cow::Borrowed(candidate),
            span: start..stop,
            delimiter: Delimiter::Quotes,
        };
        Some((item, stop + 1))
    }

    /// An undelimited URI starting at `start` (a letter beginning a word).
    fn bare<'a>(&self, text: &'a str, start: usize) -> Bare<'a> {
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
        // The longest prefix the grammar's `URI` rule matches.
        let matched = match generated::quiet_URI(text.as_bytes(), start) {
            Some(end) => &text[start..end],
            None => return Bare::Skip(start + scheme_len),
        };
        let candidate = trim_sentence_punctuation(matched, wrapper_before(text.as_bytes(), start));
        let accepted = Uri::parse(candidate).ok().filter(|uri| {
            self.any_scheme_undelimited || uri.authority().is_some() || is_bare_scheme(uri.scheme())
        });
        if accepted.is_none() {
            // Stop at the scheme only: a URI may start later in the matched
            // text (`Re:http://...` is `Re:` then a URI).
            return Bare::Skip(start + scheme_len);
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
