//! IRIs (RFC 3987): parsing with the grammar of section 2.2 (`iri.pest`),
//! mapping an IRI to a URI (section 3.1) and a URI to an IRI for display
//! (section 3.2), and, with the feature `idna`, the same with IDNA for
//! registered names (`types::idna`).
//!
//! An IRI is a URI that may also hold the non-ASCII characters of `ucschar`
//! (anywhere a URI allows unreserved characters) and `iprivate` (in the
//! query only). [`IriRef`] has the component API of [`UriRef`]; its components
//! come from the IRI rules of the grammar, read by a small walker of its own
//! into the same component layout the URI types use.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt::{self, Write as _};
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::syntax::compiled::uri as generated;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::layout::{AuthorityLayout, HostData, Layout, Span};
use crate::syntax::parse::{BIDI_FORMATTING, parse, parse_into};
use crate::types::authority::Authority;
use crate::types::path::Segments;
use crate::types::uri_ref::impl_string_traits;
use crate::{UriRef, UriRefBuf};

/// An IRI reference (RFC 3987 section 2.2, `IRI-reference`): an IRI or a
/// relative IRI reference, borrowed from its input.
///
/// The components are those of a URI reference, and the accessors are those
/// of [`UriRef`]; they may hold non-ASCII characters. Equality, ordering and
/// hashing are those of the string (RFC 3987 section 5.3.1, simple string
/// comparison).
///
/// Parsing follows the grammar of section 2.2 and section 4.1's rule that
/// IRIs must not contain the bidirectional formatting characters (LRM,
/// RLM, LRE, RLE, LRO, RLO, PDF, and the isolates LRI, RLI, FSI, PDI),
/// which the grammar's `ucschar` admits: they are rejected with an error
/// that names them ([`uri_to_iri`] never produces them either). Section
/// 4.2's advice that components with right-to-left text be well-formed is
/// not checked.
///
/// ```
/// use peguri::{Host, IriRef};
///
/// let iri = IriRef::parse("http://résumé.example.org/Dürst?ä#ß")?;
/// assert_eq!(iri.scheme(), Some("http"));
/// assert_eq!(iri.authority().unwrap().host(), Host::RegName("résumé.example.org"));
/// assert_eq!(iri.path(), "/Dürst");
/// assert_eq!(iri.query(), Some("ä"));
/// assert_eq!(iri.fragment(), Some("ß"));
/// assert_eq!(iri.to_uri(), "http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?%C3%A4#%C3%9F");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<'a> {
    input: &'a str,
    layout: Layout,
}

/// An owned IRI reference: to [`IriRef`] what `String` is to `&str`.
///
/// ```
/// use peguri::IriRefBuf;
///
/// let owned: IriRefBuf = "/über/straße?q".parse()?;
/// assert_eq!(owned.path(), "/über/straße");
/// assert_eq!(owned.as_iri_ref().query(), Some("q"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone)]
pub struct IriRefBuf {
    string: String,
    layout: Layout,
}

impl<'a> IriRef<'a> {
    /// Parses an IRI reference (`IRI-reference`: an IRI or a relative IRI
    /// reference).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why `input` is not an IRI
    /// reference.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("../日本語/?q")?;
    /// assert_eq!(iri.path(), "../日本語/");
    /// // Private-use characters are allowed in the query only.
    /// assert!(peguri::IriRef::parse("?\u{E000}").is_ok());
    /// let err = peguri::IriRef::parse("/\u{E000}").unwrap_err();
    /// assert_eq!(err.offset(), 1);
    /// // RFC 3987 section 4.1: no bidirectional formatting characters.
    /// let err = peguri::IriRef::parse("http://h/\u{202E}").unwrap_err();
    /// assert_eq!(err.offset(), 9);
    /// assert!(err.message().to_string().starts_with("bidirectional formatting character U+202E in path"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Entry::UriReference)
    }

    /// Parses an IRI reference from bytes: as [`parse`](Self::parse), after
    /// checking that they are UTF-8. Offsets in the error count the bytes
    /// as given.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the first byte that is not part of a UTF-8
    /// character, or why the text is not an IRI reference.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse_bytes("/ä".as_bytes())?.path(), "/ä");
    /// let err = peguri::IriRef::parse_bytes(b"/\xc3\xa4\xff").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (3, 3));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, ParseError> {
        let syntax = Syntax::new(Entry::UriReference, Grammar::Rfc3987);
        Self::parse_syntax(crate::syntax::parse::utf8(input, syntax)?, syntax)
    }

    /// Parses an IRI (`IRI`: a scheme is required, a fragment allowed).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not an IRI, for example a relative
    /// reference.
    ///
    /// ```
    /// assert!(peguri::IriRef::parse_iri("urn:名前").is_ok());
    /// assert!(peguri::IriRef::parse_iri("名前").is_err());
    /// ```
    pub fn parse_iri(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Entry::Uri)
    }

    /// Parses an absolute IRI (`absolute-IRI`: a scheme, no fragment).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not an IRI or has a fragment.
    ///
    /// ```
    /// assert!(peguri::IriRef::parse_absolute("http://例え.テスト/").is_ok());
    /// assert!(peguri::IriRef::parse_absolute("http://例え.テスト/#x").is_err());
    /// ```
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Entry::AbsoluteUri)
    }

    /// Parses a relative IRI reference only (`irelative-ref`).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a relative reference, for example
    /// because it has a scheme.
    ///
    /// ```
    /// assert!(peguri::IriRef::parse_relative("./ä:b").is_ok());
    /// assert!(peguri::IriRef::parse_relative("ä:b").is_err());
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Entry::RelativeRef)
    }

    fn parse_entry(input: &'a str, entry: Entry) -> Result<Self, ParseError> {
        Self::parse_syntax(input, Syntax::new(entry, Grammar::Rfc3987))
    }

    /// Parses `input` as `syntax`, an entry of an IRI grammar.
    pub(crate) fn parse_syntax(input: &'a str, syntax: Syntax) -> Result<Self, ParseError> {
        debug_assert!(syntax.grammar.is_iri());
        parse_into(input, syntax, |layout| IriRef { input, layout })
    }

    /// The grammar this IRI's layout came from (zone identifiers only
    /// parse with RFC 6874's rules).
    pub(crate) fn grammar(&self) -> Grammar {
        Grammar::Rfc3987.with_zones(self.layout.has_zone_id())
    }

    /// The same components seen through the URI reference type: an IRI's
    /// layout has the same shape, only its characters differ.
    #[inline]
    pub(crate) fn view(&self) -> UriRef<'a> {
        UriRef::from_parts(self.input, self.layout)
    }

    /// The whole reference, exactly as parsed.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("ä?b")?.as_str(), "ä?b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The scheme, without its `:`; `None` for a relative reference. A
    /// scheme is ASCII in IRIs too.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("http://ä")?.scheme(), Some("http"));
    /// assert_eq!(peguri::IriRef::parse("//ä")?.scheme(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        self.view().scheme()
    }

    /// The authority (`iauthority`), if the reference has one. Its host is
    /// a [`Host`](crate::Host): IP literals and IPv4 addresses are those of
    /// URIs, and a registered name may hold non-ASCII characters.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("//ユーザー@例え.jp:80/")?;
    /// let authority = iri.authority().unwrap();
    /// assert_eq!(authority.userinfo(), Some("ユーザー"));
    /// assert_eq!(authority.host_str(), "例え.jp");
    /// assert_eq!(authority.port_u16(), Some(80));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.view().authority()
    }

    /// The path. Always present, possibly empty.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("http://h/ä/ö")?.path(), "/ä/ö");
    /// assert_eq!(peguri::IriRef::parse("http://h")?.path(), "");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &'a str {
        self.view().path()
    }

    /// The path's segments (see [`Segments`]).
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://h/ä/b%20c/")?;
    /// assert_eq!(iri.segments().collect::<Vec<_>>(), ["ä", "b%20c", ""]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        self.view().segments()
    }

    /// The query (`iquery`), without its `?`; `None` when there is no `?`.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("?λ=1")?.query(), Some("λ=1"));
    /// assert_eq!(peguri::IriRef::parse("a")?.query(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        self.view().query()
    }

    /// The fragment (`ifragment`), without its `#`; `None` when there is
    /// no `#`.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("#Überblick")?.fragment(), Some("Überblick"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.view().fragment()
    }

    /// Whether the reference has a scheme (is an `IRI` rather than an
    /// `irelative-ref`).
    ///
    /// ```
    /// assert!(peguri::IriRef::parse("a:ü")?.has_scheme());
    /// assert!(!peguri::IriRef::parse("ü")?.has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.view().has_scheme()
    }

    /// Whether the reference has no scheme.
    ///
    /// ```
    /// assert!(peguri::IriRef::parse("?ü")?.is_relative());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        !self.has_scheme()
    }

    /// The grammar rule that matched, as RFC 3987 names it: `IRI` or
    /// `irelative-ref`.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("a:ü")?.rule(), "IRI");
    /// assert_eq!(peguri::IriRef::parse("ü")?.rule(), "irelative-ref");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn rule(&self) -> &'static str {
        if self.has_scheme() {
            "IRI"
        } else {
            "irelative-ref"
        }
    }

    /// The URI reference this IRI maps to (RFC 3987 section 3.1): every
    /// character the URI grammar does not allow, that is every `ucschar`
    /// and `iprivate` character, is replaced by the percent-encoding of its
    /// UTF-8 octets, in upper-case hexadecimal. Everything else, existing
    /// percent-encodings included, is kept as it is, so the components keep
    /// their boundaries.
    ///
    /// The host is percent-encoded like every other component. Section 3.1
    /// allows that, and also allows converting a registered name to
    /// punycode with IDNA instead, which a resolver that expects a DNS name
    /// needs: [`to_uri_idna`](Self::to_uri_idna) (feature `idna`, on by
    /// default) does that.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://résumé.example.org/𐌀?sushi=🍣")?;
    /// let uri = iri.to_uri();
    /// assert_eq!(uri, "http://r%C3%A9sum%C3%A9.example.org/%F0%90%8C%80?sushi=%F0%9F%8D%A3");
    /// assert_eq!(uri.path(), "/%F0%90%8C%80");
    /// // Existing percent-encodings are kept.
    /// assert_eq!(peguri::IriRef::parse("red%09rosé")?.to_uri(), "red%09ros%C3%A9");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_uri(&self) -> UriRefBuf {
        let input = self.input;
        let mut out = String::with_capacity(input.len());
        // `at[i]`: where byte `i` of the input starts in the output.
        let mut at = Vec::with_capacity(input.len() + 1);
        let bytes = input.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = out.len();
            // The grammar's `ucschar` and `iprivate` say which characters
            // a URI cannot hold; in a valid IRI they are its non-ASCII ones.
            let len = match bytes[i] {
                b if b < 0x80 => None,
                _ => generated::quiet_ucschar(bytes, i)
                    .or_else(|| generated::quiet_iprivate(bytes, i)),
            }
            .map(|end| end - i);
            match len {
                Some(len) => {
                    for &byte in &bytes[i..i + len] {
                        // Writing to a String cannot fail.
                        let _ = write!(out, "%{byte:02X}");
                    }
                    at.extend(std::iter::repeat_n(start, len));
                    i += len;
                }
                None => {
                    let c = input[i..].chars().next().unwrap_or_default();
                    out.push(c);
                    at.extend(std::iter::repeat_n(start, c.len_utf8()));
                    i += c.len_utf8();
                }
            }
        }
        at.push(out.len());
        let map = |s: Span| Span::new(at[s.start()], at[s.end()]);
        let l = self.layout;
        let layout = Layout {
            scheme: l.scheme.map(map),
            authority: l.authority.map(|a| AuthorityLayout {
                span: map(a.span),
                userinfo: a.userinfo.map(map),
                host: map(a.host),
                host_data: match a.host_data {
                    HostData::IpvFuture { version } => HostData::IpvFuture {
                        version: map(version),
                    },
                    other => other,
                },
                port: a.port.map(map),
            }),
            path: map(l.path),
            query: l.query.map(map),
            fragment: l.fragment.map(map),
        };
        UriRefBuf::from_parts(out, layout)
    }

    /// An owned copy ([`IriRefBuf`]); the component positions are reused.
    ///
    /// ```
    /// let owned = peguri::IriRef::parse("a:ü")?.to_owned();
    /// assert_eq!(owned.path(), "ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> IriRefBuf {
        IriRefBuf {
            string: self.input.to_owned(),
            layout: self.layout,
        }
    }

    fn layout_for_debug(&self) -> Layout {
        self.layout
    }
}

impl<'a> From<UriRef<'a>> for IriRef<'a> {
    /// Every URI reference is an IRI reference, with the same components:
    /// the IRI rules only add non-ASCII characters to the URI rules.
    fn from(uri: UriRef<'a>) -> Self {
        IriRef {
            input: uri.as_str(),
            layout: uri.layout(),
        }
    }
}

impl<'a> TryFrom<&'a str> for IriRef<'a> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        IriRef::parse(s)
    }
}

impl IriRefBuf {
    /// Parses an owned IRI reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if the text is not an IRI reference; it gives the
    /// text back ([`ParseError::into_input`]).
    ///
    /// ```
    /// let owned = peguri::IriRefBuf::parse(String::from("ä#ö"))?;
    /// assert_eq!(owned.fragment(), Some("ö"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    // The error carries the input back, as `String` does in
    // `Result<_, FromUtf8Error>`; boxing it would cost an allocation.
    #[allow(clippy::result_large_err)]
    pub fn parse(s: impl Into<String>) -> Result<Self, ParseError<String>> {
        let string = s.into();
        match parse(&string, Syntax::new(Entry::UriReference, Grammar::Rfc3987)) {
            Ok(layout) => Ok(IriRefBuf { string, layout }),
            Err(e) => Err(e.with_input(string)),
        }
    }

    /// An IRI reference from text whose layout is known (built alongside
    /// the text by resolution or normalization).
    pub(crate) fn from_parts(string: String, layout: Layout) -> Self {
        IriRefBuf { string, layout }
    }

    /// Borrows this reference as an [`IriRef`].
    ///
    /// ```
    /// let owned = peguri::IriRefBuf::parse("a:ü")?;
    /// assert_eq!(owned.as_iri_ref().scheme(), Some("a"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri_ref(&self) -> IriRef<'_> {
        IriRef {
            input: &self.string,
            layout: self.layout,
        }
    }

    /// The whole reference.
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("a:ü")?.as_str(), "a:ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.string
    }

    /// The text, giving up the component positions.
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("a:ü")?.into_string(), "a:ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.string
    }

    /// The scheme. See [`IriRef::scheme`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("/ü")?.scheme(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&str> {
        self.as_iri_ref().scheme()
    }

    /// The authority. See [`IriRef::authority`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("//ü")?.authority().unwrap().host_str(), "ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.as_iri_ref().authority()
    }

    /// The path. See [`IriRef::path`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("//h/ü")?.path(), "/ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &str {
        self.as_iri_ref().path()
    }

    /// The path's segments. See [`IriRef::segments`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("ä/ö")?.segments().count(), 2);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'_> {
        self.as_iri_ref().segments()
    }

    /// The query. See [`IriRef::query`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("?ü")?.query(), Some("ü"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.as_iri_ref().query()
    }

    /// The fragment. See [`IriRef::fragment`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("#ü")?.fragment(), Some("ü"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.as_iri_ref().fragment()
    }

    /// Whether the reference has a scheme. See [`IriRef::has_scheme`].
    ///
    /// ```
    /// assert!(peguri::IriRefBuf::parse("a:ü")?.has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.as_iri_ref().has_scheme()
    }

    /// Whether the reference has no scheme. See [`IriRef::is_relative`].
    ///
    /// ```
    /// assert!(peguri::IriRefBuf::parse("ü")?.is_relative());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.as_iri_ref().is_relative()
    }

    /// The URI reference this IRI maps to. See [`IriRef::to_uri`].
    ///
    /// ```
    /// assert_eq!(peguri::IriRefBuf::parse("?α")?.to_uri(), "?%CE%B1");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> UriRefBuf {
        self.as_iri_ref().to_uri()
    }

    fn layout_for_debug(&self) -> Layout {
        self.layout
    }
}

impl_string_traits!(IriRef<'_>, IriRefBuf);

impl PartialEq<IriRefBuf> for IriRef<'_> {
    fn eq(&self, other: &IriRefBuf) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<IriRef<'_>> for IriRefBuf {
    fn eq(&self, other: &IriRef<'_>) -> bool {
        self.as_str() == other.as_str()
    }
}

// From borrowed text, parse first and copy only what is valid.
impl FromStr for IriRefBuf {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        IriRef::parse(s).map(|iri| iri.to_owned())
    }
}

impl TryFrom<String> for IriRefBuf {
    type Error = ParseError<String>;

    fn try_from(s: String) -> Result<Self, ParseError<String>> {
        IriRefBuf::parse(s)
    }
}

impl TryFrom<&str> for IriRefBuf {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Self, ParseError> {
        s.parse()
    }
}

impl From<IriRef<'_>> for IriRefBuf {
    fn from(iri: IriRef<'_>) -> Self {
        iri.to_owned()
    }
}

impl From<UriRefBuf> for IriRefBuf {
    /// Every URI reference is an IRI reference, with the same components.
    fn from(uri: UriRefBuf) -> Self {
        let layout = uri.as_uri_ref().layout();
        IriRefBuf {
            string: uri.into_string(),
            layout,
        }
    }
}

impl From<IriRefBuf> for String {
    fn from(iri: IriRefBuf) -> Self {
        iri.string
    }
}

// ---------------------------------------------------------------------------
// Code shared by URIs and IRIs
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Section 3.2: URI to IRI, for display
// ---------------------------------------------------------------------------

/// The IRI to show for a URI reference (RFC 3987 section 3.2): every run of
/// percent-encoded octets that is the UTF-8 encoding of a `ucschar`
/// character is decoded to that character; everything else stays as it is.
///
/// So these stay percent-encoded:
/// - encoded ASCII (`%41`, `%2F`, `%20`): decoding could change the meaning
///   or the syntax;
/// - octets that are not valid UTF-8 (`%E9` of a Latin-1 `é`);
/// - characters that are not `ucschar`: controls, non-characters, and
///   private-use (`iprivate`) characters, which are allowed only in the
///   query and are not meant for display;
/// - the bidirectional formatting characters (U+200E, U+200F, U+202A to
///   U+202E, U+2066 to U+2069), which RFC 3987 section 4.1 forbids in IRIs
///   because they can make the displayed IRI read differently from its
///   logical order.
///
/// Which characters are `ucschar` is decided by the grammar's `ucschar`
/// rule. Decoded characters are allowed wherever a percent-encoding is, so
/// the result is always a valid IRI reference with the same components,
/// and [`IriRef::to_uri`] maps it back (with upper-case hexadecimal). The
/// result borrows the input when nothing was decoded.
///
/// ```
/// use peguri::{uri_to_iri, IriRef, UriRef};
///
/// let uri = UriRef::parse("http://www.example.org/D%C3%BCrst")?;
/// assert_eq!(uri_to_iri(&uri), "http://www.example.org/Dürst");
/// // Not UTF-8: kept.
/// let latin1 = UriRef::parse("http://www.example.org/D%FCrst")?;
/// assert_eq!(uri_to_iri(&latin1), "http://www.example.org/D%FCrst");
/// // Encoded ASCII and a bidi override (U+202E): kept.
/// let kept = UriRef::parse("/%41%2F%E2%80%AE")?;
/// assert_eq!(uri_to_iri(&kept), "/%41%2F%E2%80%AE");
/// // The result is an IRI.
/// assert!(IriRef::parse(&uri_to_iri(&uri)).is_ok());
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[must_use]
pub fn uri_to_iri<'a>(uri: &UriRef<'a>) -> Cow<'a, str> {
    decode_displayable(uri.as_str())
}

/// [`uri_to_iri`] on any text: decodes the percent-encoded runs that are
/// the UTF-8 of a displayable `ucschar` character.
pub(crate) fn decode_displayable(input: &str) -> Cow<'_, str> {
    let mut out = String::new();
    // `input[..copied]` has been written to `out` (or decoded into it).
    let mut copied = 0;
    let mut search = 0;
    while let Some(found) = input.get(search..).and_then(|rest| rest.find('%')) {
        let start = search + found;
        // A run of percent-encoded octets, each matched by `pct_encoded`.
        let mut octets = Vec::new();
        let mut end = start;
        while let Some(octet) = pct_octet(input, end) {
            octets.push(octet);
            end += 3;
        }
        let mut i = 0;
        while i < octets.len() {
            match displayable_char(&octets[i..]) {
                Some((c, len)) => {
                    out.push_str(&input[copied..start + 3 * i]);
                    out.push(c);
                    copied = start + 3 * (i + len);
                    i += len;
                }
                None => i += 1,
            }
        }
        search = end.max(start + 1);
    }
    if copied == 0 {
        Cow::Borrowed(input)
    } else {
        out.push_str(&input[copied..]);
        Cow::Owned(out)
    }
}

/// The octet of the `pct_encoded` at `at`, if one starts there.
fn pct_octet(input: &str, at: usize) -> Option<u8> {
    crate::syntax::pct::triplet_at(input.as_bytes(), at)
}

/// The character that the first octets of `octets` encode in UTF-8, with
/// their number, if it is a `ucschar` that is safe to display.
fn displayable_char(octets: &[u8]) -> Option<(char, usize)> {
    // ASCII is never decoded, so one octet is never enough.
    for len in 2..=octets.len().min(4) {
        let Ok(text) = std::str::from_utf8(&octets[..len]) else {
            continue;
        };
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            // Several characters: the first is ASCII.
            return None;
        };
        let shown = is_ucschar(text) && !BIDI_FORMATTING.contains(&c);
        return shown.then_some((c, len));
    }
    None
}

/// Whether `text` is one character the grammar's `ucschar` accepts.
fn is_ucschar(text: &str) -> bool {
    generated::quiet_ucschar(text.as_bytes(), 0) == Some(text.len())
}
