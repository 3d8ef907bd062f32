//! URIs in free text (RFC 3986 Appendix C, "Delimiting a URI in Context"),
//! in HTML and in Markdown.
//!
//! Appendix C says URIs in prose are usually delimited by double quotes,
//! angle brackets (formerly `<URL:...>`), or whitespace; that the wrappers
//! are not part of the URI; and that whitespace added to break a long URI
//! across lines should be ignored when the URI is extracted. [`extract`]
//! finds URIs that way and gives each with its byte span, line and column
//! in the text.
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
//! Scanning the text only proposes *candidates* and says where each one
//! ends; whether a candidate is a URI is decided by the grammar, on the
//! whole candidate ([`Uri::parse`], or [`UriRef::parse`] where a relative
//! reference is allowed). [`Extractor::iri`] finds IRIs (RFC 3987)
//! instead, with [`Iri::parse`] and [`IriRef::parse`]. A candidate that
//! does not parse is *rejected*: it is left out, or, with
//! [`Extractor::rejected`], yielded with its [`ParseError`], so that a
//! link checker can report it.
//!
//! ```
//! use peguri::extract::Extractor;
//!
//! let text = "a \"http://bücher.example/x\" b http://example.com/a%2 c <http://exa mple.com/>";
//! // None is a URI, and none is cut short into another URI.
//! assert!(peguri::extract::extract(text).is_empty());
//! let rejected = Extractor::new().rejected(true).extract(text);
//! assert_eq!(rejected.len(), 3);
//! assert_eq!(rejected[1].uri, "http://example.com/a%2");
//! assert_eq!(
//!     rejected[1].error.as_ref().unwrap().message(),
//!     "expected a hex digit after '%', found the end of input"
//! );
//! let iris: Vec<String> = Extractor::new().iri(true).extract(text).into_iter().map(|e| e.uri.into_owned()).collect();
//! assert_eq!(iris, ["http://bücher.example/x"]);
//! ```
//!
//! # Rationale
//!
//! Appendix C is advice, not a grammar; these are the readings taken here.
//!
//! - *A candidate is taken whole, or rejected.* Where a candidate ends is
//!   decided by the text around it (the rules below), never by where the
//!   grammar stops: `http://example.com/a%2` is a rejected candidate, not
//!   the URI `http://example.com/a`, and so are `http://ex_ample.com:80x/`
//!   and `http://[fe80::1%25eth0]/` (a zone identifier is not RFC 3986
//!   syntax; [`Extractor::allow_zone_id`] accepts it), not
//!   `http://ex_ample.com:80` and `http://`. Nothing inside a rejected
//!   candidate is looked at again: a URI found there would be that
//!   candidate cut short.
//! - *A bare candidate* (one without delimiters) starts at a word: a
//!   scheme (the grammar's `scheme` rule), not preceded by a character a
//!   scheme may hold, followed by `://`, or by `:` for one of the
//!   [`BARE_SCHEMES`] (`mailto:`, `urn:`, `tel:`...), so that `Re:Subject`
//!   or `Note:this` are not candidates.
//!   [`Extractor::any_scheme_undelimited`] accepts any scheme followed by
//!   `:`.
//! - *A bare candidate ends naturally* at the first of: whitespace or a
//!   control character; `<`, `>` or `"`, the delimiters Appendix C names;
//!   `` ` ``, which quotes code in Markdown and shells; non-ASCII
//!   punctuation of prose (the General Punctuation block with the curly
//!   quotes, dashes and the ellipsis, CJK symbols and punctuation such as
//!   `。`, `、` and `「」`, the fullwidth and small forms of ASCII
//!   punctuation, and Latin-1's `«`, `»`, `¡`, `¿`, `§`, `¶`, `·` and the
//!   no-break space), which the IRI grammar allows but which in text
//!   closes a sentence or a quotation far more often than it belongs to an
//!   IRI; a closing bracket `)`, `]` or `}` that closes no bracket opened
//!   in the candidate, since then the candidate was inside the brackets
//!   (`[http://a.example/](x)`, `(see http://a.example/)`); the end of the
//!   text. In HTML and Markdown, a character reference standing for one of
//!   these (`&lt;`, `&quot;`, `&#32;`) ends it too.
//! - *The documented cuts* are made at the end of a bare candidate, and
//!   nowhere else: trailing sentence punctuation (`.` `,` `;` `:` `!` `?`;
//!   in HTML and Markdown a `;` that closes a character reference stays),
//!   and wrapping `'`, `*` or `_`: when the candidate follows a run of one
//!   of them (single quotes, Markdown emphasis such as
//!   `**https://example.com/**`), as many of that character are dropped
//!   from its end. Otherwise they stay, since the grammar allows them in a
//!   URI. So `(see https://en.wikipedia.org/wiki/Fish_(disambiguation)).`
//!   gives the URI with its inner parentheses, without the outer one and
//!   the full stop. A candidate left with its scheme alone (`mailto:.`) is
//!   no candidate.
//! - *Non-ASCII letters and digits do not end a candidate*: a candidate
//!   holding them (`http://example.com/naïve.html`) is an IRI, not a URI,
//!   and is rejected whole; [`Extractor::iri`] finds it.
//! - *Angle brackets hold a candidate* when the `<` is immediately
//!   followed by `URL:` (in any case; whitespace may follow it, as
//!   Appendix C allows) or by a scheme, `:` and a character that is not
//!   whitespace. The candidate runs to the first `>`, whitespace included:
//!   `<http://exa mple.com/>` is a rejected candidate, not prose. If a `<`
//!   or a blank line comes before any `>`, the brackets hold no candidate.
//!   Inside them, whitespace that breaks a line (a line break with any
//!   spaces or tabs around it) is removed, since Appendix C allows it for
//!   breaking a long URI across lines; other whitespace stays, and the
//!   candidate is rejected. With [`Extractor::relative_when_delimited`],
//!   `<...>` holding no whitespace other than line breaks is a candidate
//!   too (a relative reference). A tag is never a candidate: `<`, an
//!   optional `/`, a letter, then letters, digits or `-`, then `>`, `/>`
//!   or whitespace (`<b>`, `<br/>`, `<a href="...">`, and the end tag
//!   `</a>`, which is not the reference `/a`). Any other `<` is prose.
//! - *Double quotes hold a candidate* when they hold no whitespace and
//!   start with a scheme and `:` (with
//!   [`Extractor::relative_when_delimited`], anything without whitespace).
//!   A quoted string with whitespace, or a quoted word without a scheme,
//!   is prose, scanned for bare candidates.
//! - *A scheme is required by default*, delimited or not. Inside angle
//!   brackets a relative reference would make every mail address
//!   (`<jim@example.com>`) a "URI"; [`Extractor::relative_when_delimited`]
//!   accepts scheme-less references inside `<...>` and `"..."`.
//! - *A hyphen before a line break is kept.* Appendix C warns that a
//!   typesetter may have added it; the text cannot tell, and a hyphen is
//!   more often part of a URI than an artefact.
//!
//! # Markup
//!
//! [`Extractor::markup`] reads HTML or Markdown instead of plain text;
//! the text outside tags and Markdown syntax keeps being read by the
//! rules above. No HTML or Markdown library is used: the tokenizers here
//! read tags, attributes and link syntax only.
//!
//! - *HTML* ([`Markup::Html`]) is read as the HTML tokenizer reads it: `<`
//!   followed by a letter opens a start tag (so `<http://a.example/>` is
//!   an element, not a URI), `</` and a letter an end tag, `<!--` a
//!   comment (skipped to `-->`), `<!` and `<?` a declaration or bogus
//!   comment (skipped to `>`); an unclosed tag runs to the end of the text.
//!   The content of `<script>` and `<style>` is skipped. The URL
//!   attributes of the HTML standard, on any element, give candidates
//!   (relative references included), with [`Delimiter::Attribute`]:
//!   `href`, `src`, `action`, `formaction`, `cite`, `data`, `poster`,
//!   `manifest`, `background`, `longdesc`, `itemid`, `codebase`,
//!   `classid`, `lowsrc`, `dynsrc`, `icon`, `xlink:href`; `ping` and
//!   `itemtype` (lists separated by whitespace); `srcset` and
//!   `imagesrcset` (comma-separated, each URL with its descriptors). An
//!   attribute value loses its leading and trailing ASCII whitespace
//!   (HTML's "URL potentially surrounded by spaces"); an empty one gives
//!   nothing.
//! - *Markdown* ([`Markup::Markdown`], CommonMark) gives the destinations
//!   of inline links and images (`[t](dest "title")`, `![a](<dest>)`,
//!   with balanced parentheses and backslash escapes) with
//!   [`Delimiter::MarkdownLink`], those of link reference definitions
//!   (`[label]: dest`) with [`Delimiter::MarkdownDefinition`], autolinks
//!   (`<scheme:...>`, by the angle-bracket rule above), and the URL
//!   attributes of inline HTML tags. Relative references are taken in
//!   those positions. A destination is taken as written, escapes and
//!   character references decoded: `<dest with spaces>` is a rejected
//!   candidate (renderers percent-encode the spaces; the text is not a
//!   URI reference). Code spans, fenced and indented code blocks, HTML
//!   comments and the content of `<script>` and `<style>` blocks are
//!   skipped. Block structure is read as far as it decides what is code:
//!   block quotes (`>`), list items (the indentation of their content)
//!   and paragraphs (indented code does not interrupt one). A code span
//!   closes at the next run of as many backticks in the same paragraph.
//! - *Character references* are decoded in attribute values, Markdown
//!   destinations and, in both modes, in candidates found in the text:
//!   decimal and hexadecimal numeric references (`&#38;`, `&#x26;`; zero,
//!   surrogates and values past U+10FFFF give U+FFFD) and the five XML
//!   names `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, each with its `;`. Any
//!   other `&` is kept as written. [`Extracted::uri`] is the decoded text,
//!   and [`Extracted::span`] still covers the text as written.
//! - *Closing tags are never links*, in every mode.
//!
//! # Positions
//!
//! Spans are byte offsets of the candidate itself, wrappers excluded:
//! `text[span]`, with line-break whitespace removed (and, in markup,
//! escapes and character references decoded), is the candidate. Each
//! result also has the 1-based line and column of its start, the column
//! counted in characters (Unicode scalar values); a line ends at `\n`,
//! `\r\n` or `\r`. They are counted as the scan goes, so extraction stays
//! linear in the text.

mod html;
mod markdown;
mod prose;

use alloc::borrow::Cow;
use core::hash::{Hash, Hasher};
use core::ops::Range;

use crate::reference::{Iri, IriRef, Uri, UriRef};
use crate::syntax::error::ParseError;
use crate::types::options::ParseOptions;
use alloc::vec::Vec;

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
    /// `<...>`, and Markdown's autolinks.
    Angle,
    /// `<URL:...>`, the historical form.
    AngleUrl,
    /// `"..."`
    Quotes,
    /// Whitespace or punctuation: not delimited.
    Bare,
    /// The value of an HTML attribute that holds URLs ([`Markup::Html`],
    /// and inline HTML in [`Markup::Markdown`]).
    ///
    /// ```
    /// use peguri::extract::{Delimiter, Extractor, Markup};
    /// let found = Extractor::new().markup(Markup::Html).extract("<img src='a.png'>");
    /// assert_eq!((&*found[0].uri, found[0].delimiter), ("a.png", Delimiter::Attribute));
    /// ```
    Attribute,
    /// The destination of a Markdown inline link or image.
    ///
    /// ```
    /// use peguri::extract::{Delimiter, Extractor, Markup};
    /// let found = Extractor::new().markup(Markup::Markdown).extract("[docs](../guide/intro.md)");
    /// assert_eq!((&*found[0].uri, found[0].delimiter), ("../guide/intro.md", Delimiter::MarkdownLink));
    /// ```
    MarkdownLink,
    /// The destination of a Markdown link reference definition.
    ///
    /// ```
    /// use peguri::extract::{Delimiter, Extractor, Markup};
    /// let found = Extractor::new().markup(Markup::Markdown).extract("[rfc]: https://www.rfc-editor.org/rfc/rfc3986\n");
    /// assert_eq!(found[0].delimiter, Delimiter::MarkdownDefinition);
    /// ```
    MarkdownDefinition,
}

/// The kind of text an [`Extractor`] reads.
///
/// ```
/// use peguri::extract::{Extractor, Markup};
/// let page = "<a href=\"/docs\">docs</a>";
/// assert_eq!(Extractor::new().markup(Markup::Html).extract(page)[0].uri, "/docs");
/// assert!(Extractor::new().markup(Markup::Text).extract(page).is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Markup {
    /// Plain text, read by the rules of Appendix C (the default).
    #[default]
    Text,
    /// HTML: URL attributes, and the text outside tags as plain text.
    Html,
    /// Markdown (CommonMark): link destinations, definitions, autolinks
    /// and inline HTML, and the other text as plain text.
    Markdown,
}

/// A URI found in text, or, with [`Extractor::rejected`], a candidate that
/// is not one.
///
/// ```
/// let text = "see <http://example.com/a\n  /b> now";
/// let found = peguri::extract::extract(text);
/// assert_eq!(found[0].uri, "http://example.com/a/b");
/// assert_eq!(&text[found[0].span.clone()], "http://example.com/a\n  /b");
/// assert_eq!((found[0].line, found[0].column), (1, 6));
/// assert!(found[0].error.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Extracted<'a> {
    /// The URI (or the rejected candidate): borrowed from the text, or
    /// owned when line-break whitespace was removed from it, or escapes or
    /// character references decoded.
    pub uri: Cow<'a, str>,
    /// The byte range of the URI in the text, without its delimiters but
    /// with any whitespace that was removed.
    pub span: Range<usize>,
    /// How it was delimited.
    pub delimiter: Delimiter,
    /// The 1-based line of `span.start`.
    pub line: usize,
    /// The 1-based column of `span.start` in its line, in characters
    /// (Unicode scalar values).
    pub column: usize,
    /// Why the candidate is not a URI (or IRI, or reference where one is
    /// allowed): only with [`Extractor::rejected`]; `None` for every URI
    /// found. Its offsets are into [`uri`](Self::uri).
    pub error: Option<ParseError>,
}

/// Hashes what equality compares, the error by its offset (equal errors
/// have equal offsets).
impl Hash for Extracted<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.uri.hash(state);
        self.span.hash(state);
        self.delimiter.hash(state);
        self.line.hash(state);
        self.column.hash(state);
        self.error.as_ref().map(ParseError::offset).hash(state);
    }
}

impl Extracted<'_> {
    /// The URI, parsed: it succeeds for every URI an extractor without
    /// [`Extractor::iri`] yields, and gives the error of a rejected
    /// candidate.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for a rejected candidate, and for an IRI that is
    /// not a URI (use [`parse_iri_ref`](Self::parse_iri_ref)).
    ///
    /// ```
    /// let found = peguri::extract::extract("at https://example.com:8443/x.");
    /// assert_eq!(found[0].parse()?.authority().unwrap().port(), Some("8443"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(&self) -> Result<UriRef<'_>, ParseError> {
        UriRef::parse(&self.uri)
    }

    /// The IRI, parsed: what [`Extractor::iri`] finds (every URI is an IRI
    /// too). It succeeds for everything an extractor yields but rejected
    /// candidates.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for a rejected candidate.
    ///
    /// ```
    /// let found = peguri::extract::Extractor::new().iri(true).extract("at https://例え.jp/パス.");
    /// assert_eq!(found[0].parse_iri_ref()?.authority().unwrap().host_str(), "例え.jp");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_iri_ref(&self) -> Result<IriRef<'_>, ParseError> {
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
/// assert_eq!((found[1].line, found[1].column), (1, 37));
/// ```
pub fn extract(text: &str) -> Vec<Extracted<'_>> {
    Extractor::new().extract(text)
}

/// Extraction settings: each leniency is a named switch, off by default.
///
/// ```
/// use peguri::extract::{Extractor, Markup};
///
/// const LENIENT: Extractor = Extractor::new()
///     .relative_when_delimited(true)
///     .any_scheme_undelimited(true);
/// let found = LENIENT.extract("<../up> and x-note:1");
/// assert_eq!(found[0].uri, "../up");
/// assert_eq!(found[1].uri, "x-note:1");
/// assert!(peguri::extract::extract("<../up> and x-note:1").is_empty());
///
/// const LINK_CHECKER: Extractor = Extractor::new().markup(Markup::Html).rejected(true);
/// let found = LINK_CHECKER.extract("<a href='/ok'>a</a> <a href='http://h/%zz'>b</a>");
/// assert!(found[0].error.is_none() && found[1].error.is_some());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extractor {
    relative_when_delimited: bool,
    any_scheme_undelimited: bool,
    iri: bool,
    rejected: bool,
    allow_zone_id: bool,
    markup: Markup,
}

impl Extractor {
    /// The defaults: plain text, a scheme required everywhere, an
    /// undelimited URI needing an authority or one of the
    /// [`BARE_SCHEMES`], URIs (not IRIs) without zone identifiers,
    /// rejected candidates left out.
    ///
    /// ```
    /// assert_eq!(peguri::extract::Extractor::new(), Default::default());
    /// ```
    pub const fn new() -> Self {
        Extractor {
            relative_when_delimited: false,
            any_scheme_undelimited: false,
            iri: false,
            rejected: false,
            allow_zone_id: false,
            markup: Markup::Text,
        }
    }

    /// Find IRIs (RFC 3987) instead of URIs: the same rules, with the IRI
    /// grammar (`IRI`, and `IRI-reference` where a relative reference is
    /// allowed). The text found is the IRI as written;
    /// [`Extracted::parse_iri_ref`] parses it, and [`Iri::to_uri`] maps it
    /// to a URI.
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
    /// `"..."`. Markup positions (attributes, Markdown destinations) take
    /// them without this switch.
    ///
    /// ```
    /// use peguri::extract::Extractor;
    /// let found = Extractor::new().relative_when_delimited(true).extract("see \"/index.html\" or <../up>, not </a>");
    /// assert_eq!(found[0].uri, "/index.html");
    /// assert_eq!(found[1].uri, "../up");
    /// assert_eq!(found.len(), 2);
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

    /// Also yield each rejected candidate, with its span and its
    /// [`Extracted::error`], in order among the URIs. What is a candidate
    /// does not change: without this switch the same candidates are
    /// rejected and left out.
    ///
    /// ```
    /// use peguri::extract::Extractor;
    /// let text = "<https://example.com/%zz> and <http://[::1/>";
    /// assert!(peguri::extract::extract(text).is_empty());
    /// let found = Extractor::new().rejected(true).extract(text);
    /// assert_eq!(found[0].uri, "https://example.com/%zz");
    /// assert_eq!(found[0].error.as_ref().unwrap().offset(), 21);
    /// assert_eq!(found[1].uri, "http://[::1/");
    /// ```
    pub const fn rejected(mut self, yes: bool) -> Self {
        self.rejected = yes;
        self
    }

    /// Accept IPv6 zone identifiers (RFC 6874) in IP literals, as
    /// [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id)
    /// does: `http://[fe80::1%25eth0]/` is then a URI, not a rejected
    /// candidate.
    ///
    /// ```
    /// use peguri::extract::Extractor;
    /// let text = "on http://[fe80::1%25eth0]/ only";
    /// assert!(peguri::extract::extract(text).is_empty());
    /// assert_eq!(Extractor::new().allow_zone_id(true).extract(text)[0].uri, "http://[fe80::1%25eth0]/");
    /// ```
    pub const fn allow_zone_id(mut self, yes: bool) -> Self {
        self.allow_zone_id = yes;
        self
    }

    /// Read the text as HTML or Markdown (see the [module
    /// documentation](self#markup)); [`Markup::Text`] by default.
    ///
    /// ```
    /// use peguri::extract::{Extractor, Markup};
    /// let page = "Read [the guide](../guide/intro.md), not `[x](http://code.example/)`.";
    /// let found = Extractor::new().markup(Markup::Markdown).extract(page);
    /// assert_eq!(found.len(), 1);
    /// assert_eq!(found[0].uri, "../guide/intro.md");
    /// assert_eq!((found[0].line, found[0].column), (1, 18));
    /// ```
    pub const fn markup(mut self, markup: Markup) -> Self {
        self.markup = markup;
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
        let mut sink = Sink {
            text,
            settings: *self,
            found: Vec::new(),
            lines: Lines::default(),
        };
        match self.markup {
            Markup::Text => prose::Prose::new(self, false).scan(&mut sink, 0, text.len()),
            Markup::Html => html::scan(&prose::Prose::new(self, true), &mut sink, 0, text.len()),
            Markup::Markdown => markdown::scan(&prose::Prose::new(self, true), &mut sink),
        }
        sink.found
    }

    /// Whether `candidate` is what a candidate needs to be: a URI (or
    /// IRI), or a reference where `grammar` allows one.
    fn check(&self, candidate: &str, grammar: Grammar) -> Result<(), ParseError> {
        let options = ParseOptions::new().allow_zone_id(self.allow_zone_id);
        match (self.iri, grammar) {
            (false, Grammar::Absolute) => Uri::parse_with(candidate, &options).map(drop),
            (false, Grammar::Reference) => UriRef::parse_with(candidate, &options).map(drop),
            (true, Grammar::Absolute) => Iri::parse_with(candidate, &options).map(drop),
            (true, Grammar::Reference) => IriRef::parse_with(candidate, &options).map(drop),
        }
    }
}

/// What a candidate must parse as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Grammar {
    /// A URI (`URI`, or `IRI`): a scheme is required.
    Absolute,
    /// A reference (`URI-reference`, or `IRI-reference`).
    Reference,
}

/// Where the scanners put what they find, in order of position: each
/// candidate is checked by the grammar here, and kept with its line and
/// column.
struct Sink<'a> {
    text: &'a str,
    settings: Extractor,
    found: Vec<Extracted<'a>>,
    lines: Lines,
}

impl<'a> Sink<'a> {
    /// A candidate at `span`, whose text (line breaks removed, references
    /// decoded) is `uri`: kept when it parses as `grammar` says, or when
    /// rejected candidates are asked for. An empty candidate is none.
    fn candidate(
        &mut self,
        span: Range<usize>,
        uri: Cow<'a, str>,
        delimiter: Delimiter,
        grammar: Grammar,
    ) {
        if span.is_empty() {
            return;
        }
        let error = self.settings.check(&uri, grammar).err();
        if error.is_some() && !self.settings.rejected {
            return;
        }
        let (line, column) = self.lines.at(self.text, span.start);
        self.found.push(Extracted {
            uri,
            span,
            delimiter,
            line,
            column,
            error,
        });
    }
}

/// The line and column of an offset, counted from the last offset asked
/// for: candidates come in order of position, so the text is counted once.
#[derive(Clone, Copy, Debug)]
struct Lines {
    offset: usize,
    line: usize,
    column: usize,
    /// The last byte counted was `\r`: a `\n` after it ends no other line.
    after_cr: bool,
}

impl Default for Lines {
    fn default() -> Self {
        Lines {
            offset: 0,
            line: 1,
            column: 1,
            after_cr: false,
        }
    }
}

impl Lines {
    /// The 1-based line and column (in characters) of `offset`, a
    /// character boundary of `text`.
    fn at(&mut self, text: &str, offset: usize) -> (usize, usize) {
        if offset < self.offset {
            // Not reached by the scanners, which go forward; counted
            // again from the start rather than wrong.
            *self = Lines::default();
        }
        let counted = text.as_bytes().get(self.offset..offset).unwrap_or_default();
        for &b in counted {
            match b {
                b'\n' if self.after_cr => self.after_cr = false,
                b'\n' | b'\r' => {
                    self.line += 1;
                    self.column = 1;
                    self.after_cr = b == b'\r';
                }
                _ => {
                    self.after_cr = false;
                    // Each character starts with a byte that is not a
                    // UTF-8 continuation byte.
                    if b & 0xC0 != 0x80 {
                        self.column += 1;
                    }
                }
            }
        }
        self.offset = offset;
        (self.line, self.column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let text = "ab\ncé\r\nx\ry\n\nz";
        let mut lines = Lines::default();
        let expected = [
            (0, (1, 1)),
            (1, (1, 2)),
            (3, (2, 1)),
            (4, (2, 2)),
            (6, (2, 3)),
            (8, (3, 1)),
            (9, (3, 2)),
            (10, (4, 1)),
            (13, (6, 1)),
        ];
        for (offset, want) in expected {
            assert_eq!(lines.at(text, offset), want, "offset {offset}");
        }
        // Backwards: counted again.
        assert_eq!(lines.at(text, 4), (2, 2));
    }
}
