//! The URI and IRI reference types: [`Reference`], one type for the four
//! rules and the two ways of holding text, and every method a reference
//! has.
//!
//! | rule | borrowed | owned |
//! |---|---|---|
//! | `URI-reference` (RFC 3986 section 4.1) | [`UriRef`] | [`UriRefBuf`] |
//! | `URI` (section 3) | [`Uri`] | [`UriBuf`] |
//! | `IRI-reference` (RFC 3987 section 2.2) | [`IriRef`] | [`IriRefBuf`] |
//! | `IRI` | [`Iri`] | [`IriBuf`] |
//!
//! Each name is an alias of `Reference<S, F, K>`: `S` holds the text (a
//! `&str` or a `String`, see [`Storage`]), `F` is the family of grammars
//! ([`Rfc3986`] for URIs, [`Rfc3987`] for IRIs), and `K` says whether a
//! scheme is required ([`WithScheme`]) or the reference may be relative
//! ([`MaybeRelative`]). A method is written once, for every type it
//! applies to; the impl block it sits in says which (`impl<S, F>
//! Reference<S, F, WithScheme>` is every type with a scheme). A function
//! that takes a reference takes any of them, borrowed or owned:
//!
//! ```
//! use peguri::{Uri, UriBuf, UriRef};
//!
//! // A base read from configuration is owned.
//! let base: UriBuf = "http://example.com/a/b".parse()?;
//! let link = UriRef::parse("../c?d")?;
//! assert_eq!(link.resolve_against(&base), "http://example.com/c?d");
//! assert!(base.equivalent(&Uri::parse("HTTP://EXAMPLE.COM:80/a/b")?));
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! A reference without a scheme is no base, and the compiler says so in
//! the reference's own types (``expected `&Reference<_, Rfc3986,
//! WithScheme>`, found `&Reference<&str, Rfc3986, MaybeRelative>` ``):
//!
//! ```compile_fail
//! let base = peguri::UriRef::parse("/docs/")?;
//! let link = peguri::UriRef::parse("a")?;
//! link.resolve_against(&base);
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! The methods are in this module and its files: parsing, the component
//! accessors and the conversions here; the operations (resolution,
//! normalization, IRI mapping, file paths, socket addresses) in
//! `operations.rs`; the public suffix and registrable domain (feature
//! `psl`) in `public_suffix.rs`; the setters of the owned types in
//! `setters.rs`; the standard traits in `traits.rs`.

mod builder;
#[cfg(any(feature = "http", feature = "url"))]
pub(crate) mod interop;
mod normalize;
mod operations;
#[cfg(feature = "psl")]
mod public_suffix;
#[cfg(feature = "serde")]
mod report;
mod resolve;
#[cfg(feature = "serde")]
mod serde;
mod setters;
mod traits;

use core::marker::PhantomData;

use alloc::string::String;

use crate::syntax::component::Component;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::layout::Layout;
use crate::syntax::parse::{parse_into, utf8};
use crate::types::authority::Authority;
use crate::types::options::ParseOptions;
use crate::types::parsed::Parsed;
use crate::types::path::Segments;
use crate::types::query::QueryPairs;

pub use builder::UriBuilder;
#[cfg(feature = "serde")]
pub use report::{Components, Report};
#[cfg(feature = "serde")]
pub use serde::serde_zone_id;

/// A URI or IRI reference: its text, held as `S`, and where each component
/// lies in it, found by the grammar of family `F` (RFC 3986 or RFC 3987)
/// from the rule kind `K` names.
///
/// Use it through its aliases: [`UriRef`], [`Uri`], [`IriRef`], [`Iri`]
/// borrow their text from the input and allocate nothing; [`UriRefBuf`],
/// [`UriBuf`], [`IriRefBuf`], [`IriBuf`] own it, as `String` owns a `str`.
/// Going from one to the other keeps the component positions.
///
/// Absent components are `None`, present but empty ones `Some("")`.
/// Equality, ordering and hashing are those of the text (RFC 3986 section
/// 6.2.1, simple string comparison; [`equivalent`](Self::equivalent)
/// compares normal forms).
/// `From` and `TryFrom` follow the rules' inclusions: a URI is a URI
/// reference, a URI reference is an IRI reference.
///
/// ```
/// use peguri::UriRef;
///
/// let uri = UriRef::parse("http://user@example.com:8080/p?q#f")?;
/// assert_eq!(uri.scheme(), Some("http"));
/// assert_eq!(uri.authority().unwrap().host_str(), "example.com");
/// assert_eq!(uri.path(), "/p");
/// assert_eq!(uri.query(), Some("q"));
/// assert_eq!(uri.fragment(), Some("f"));
///
/// let rel = UriRef::parse("../a?")?;
/// assert!(rel.is_relative());
/// assert_eq!(rel.query(), Some(""));
/// assert_eq!(rel.fragment(), None);
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub struct Reference<S, F, K> {
    text: S,
    layout: Layout,
    /// The grammar the text was parsed with, zone identifiers included;
    /// what is built from this reference is checked against it.
    grammar: Grammar,
    rule: PhantomData<fn() -> (F, K)>,
}

/// A URI reference (RFC 3986 section 4.1, `URI-reference`), a URI or a
/// relative reference, borrowed from its input.
///
/// ```
/// let r = peguri::UriRef::parse("//example.com/a?b")?;
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.authority().unwrap().host_str(), "example.com");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type UriRef<'a> = Reference<&'a str, Rfc3986, MaybeRelative>;

/// A URI (RFC 3986 section 3, `URI`): a reference with a scheme, borrowed
/// from its input. It is what a reference resolves against.
///
/// ```
/// let uri = peguri::Uri::parse("mailto:John.Doe@example.com")?;
/// assert_eq!(uri.scheme(), "mailto");
/// assert_eq!(uri.path(), "John.Doe@example.com");
/// assert!(peguri::Uri::parse("//example.com/").is_err());
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type Uri<'a> = Reference<&'a str, Rfc3986, WithScheme>;

/// An owned URI reference: to [`UriRef`] what `String` is to `&str`.
///
/// ```
/// let owned: peguri::UriRefBuf = "../a/b?q".parse()?;
/// assert_eq!(owned.path(), "../a/b");
/// assert_eq!(owned.as_uri_ref().query(), Some("q"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type UriRefBuf = Reference<String, Rfc3986, MaybeRelative>;

/// An owned URI (with a scheme): to [`Uri`] what `String` is to `&str`.
///
/// ```
/// let owned = peguri::UriBuf::parse("http://example.com/")?;
/// assert_eq!(owned.scheme(), "http");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type UriBuf = Reference<String, Rfc3986, WithScheme>;

/// An IRI reference (RFC 3987 section 2.2, `IRI-reference`): an IRI or a
/// relative IRI reference, borrowed from its input.
///
/// Its components are those of a URI reference, and may hold non-ASCII
/// characters. Parsing follows the grammar of section 2.2 and section
/// 4.1's rule that IRIs must not contain the bidirectional formatting
/// characters (LRM, RLM, LRE, RLE, LRO, RLO, PDF, and the isolates LRI,
/// RLI, FSI, PDI), which the grammar's `ucschar` admits: they are rejected
/// with an error that names them. Section 4.2's advice that components
/// with right-to-left text be well-formed is not checked.
///
/// ```
/// use peguri::{Host, IriRef};
///
/// let iri = IriRef::parse("http://résumé.example.org/Dürst?ä#ß")?;
/// assert_eq!(iri.authority().unwrap().host(), Host::RegName("résumé.example.org"));
/// assert_eq!(iri.path(), "/Dürst");
/// assert_eq!(iri.to_uri(), "http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst?%C3%A4#%C3%9F");
/// // Private-use characters are allowed in the query only.
/// assert!(IriRef::parse("?\u{E000}").is_ok());
/// assert_eq!(IriRef::parse("/\u{E000}").unwrap_err().offset(), 1);
/// // RFC 3987 section 4.1: no bidirectional formatting characters.
/// let err = IriRef::parse("http://h/\u{202E}").unwrap_err();
/// assert!(err.message().to_string().starts_with("bidirectional formatting character U+202E in path"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type IriRef<'a> = Reference<&'a str, Rfc3987, MaybeRelative>;

/// An IRI (RFC 3987 section 2.2, `IRI`): an IRI reference with a scheme,
/// borrowed from its input.
///
/// ```
/// use peguri::{Iri, IriRef};
///
/// let base = Iri::parse("http://例え.jp/文書/目次.html")?;
/// assert_eq!(IriRef::parse("../画像/ロゴ.png")?.resolve_against(&base), "http://例え.jp/画像/ロゴ.png");
/// assert!(Iri::parse("名前").is_err());
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type Iri<'a> = Reference<&'a str, Rfc3987, WithScheme>;

/// An owned IRI reference: to [`IriRef`] what `String` is to `&str`.
///
/// ```
/// let owned: peguri::IriRefBuf = "/über/straße?q".parse()?;
/// assert_eq!(owned.path(), "/über/straße");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type IriRefBuf = Reference<String, Rfc3987, MaybeRelative>;

/// An owned IRI (with a scheme): to [`Iri`] what `String` is to `&str`.
///
/// ```
/// let owned: peguri::IriBuf = "urn:名前:x".parse()?;
/// assert_eq!(owned.to_uri(), "urn:%E5%90%8D%E5%89%8D:x");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub type IriBuf = Reference<String, Rfc3987, WithScheme>;

/// The family of URIs: RFC 3986's grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rfc3986 {}

/// The family of IRIs: RFC 3987's grammar, which extends RFC 3986's with
/// non-ASCII characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rfc3987 {}

/// The kind of a reference that may be relative: `URI-reference`,
/// `IRI-reference`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MaybeRelative {}

/// The kind of a reference with a scheme: `URI`, `IRI`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WithScheme {}

/// A family of grammars: [`Rfc3986`] or [`Rfc3987`].
pub trait Family: sealed::Family {}
impl Family for Rfc3986 {}
impl Family for Rfc3987 {}

/// A kind of reference: [`MaybeRelative`] or [`WithScheme`].
pub trait Kind: sealed::Kind {}
impl Kind for MaybeRelative {}
impl Kind for WithScheme {}

/// What a reference's text is held in: `&str` (borrowed) or `String`
/// (owned).
pub trait Storage: sealed::Storage {}
impl Storage for &str {}
impl Storage for String {}

/// How long text read from a reference lives: a borrowed reference
/// (`&'o str`) gives text that lives as long as its input, whatever the
/// borrow `'i` of the reference itself; an owned one (`String`) gives text
/// that lives as long as that borrow. It is what lets `uri.path()` of a
/// [`UriRef<'a>`](UriRef) be a `&'a str`.
pub trait Lend<'i, 'o>: Storage + sealed::Lend<'i, 'o> {}
impl<'i, 'o> Lend<'i, 'o> for &'o str {}
impl<'i: 'o, 'o> Lend<'i, 'o> for String {}

/// The traits users name but cannot implement, and what the crate reads
/// from them.
mod sealed {
    use super::{MaybeRelative, Rfc3986, Rfc3987, WithScheme};
    use alloc::string::String;

    pub trait Family {
        /// Whether the grammar is RFC 3987's (`Grammar::Rfc3987`) rather
        /// than RFC 3986's.
        const IRI: bool;
        /// `"Uri"` or `"Iri"`, for the type's name.
        const NAME: &'static str;
    }

    impl Family for Rfc3986 {
        const IRI: bool = false;
        const NAME: &'static str = "Uri";
    }

    impl Family for Rfc3987 {
        const IRI: bool = true;
        const NAME: &'static str = "Iri";
    }

    pub trait Kind {
        /// Whether the rule requires a scheme (`Entry::Uri`) rather than
        /// allowing a relative reference (`Entry::UriReference`).
        const WITH_SCHEME: bool;
        /// `"Ref"` or `""`, for the type's name.
        const NAME: &'static str;
    }

    impl Kind for MaybeRelative {
        const WITH_SCHEME: bool = false;
        const NAME: &'static str = "Ref";
    }

    impl Kind for WithScheme {
        const WITH_SCHEME: bool = true;
        const NAME: &'static str = "";
    }

    pub trait Storage {
        /// `"Buf"` for owned text, `""` for borrowed, for the type's name.
        const NAME: &'static str;
        fn text(&self) -> &str;
    }

    impl Storage for &str {
        const NAME: &'static str = "";
        fn text(&self) -> &str {
            self
        }
    }

    impl Storage for String {
        const NAME: &'static str = "Buf";
        fn text(&self) -> &str {
            self
        }
    }

    pub trait Lend<'i, 'o> {
        fn lend(this: &'i Self) -> &'o str;
    }

    impl<'i, 'o> Lend<'i, 'o> for &'o str {
        fn lend(this: &'i Self) -> &'o str {
            this
        }
    }

    impl<'i: 'o, 'o> Lend<'i, 'o> for String {
        fn lend(this: &'i Self) -> &'o str {
            this
        }
    }
}

/// The crate's ways in and out of a reference, for the other files of
/// this module and the layers above.
impl<S: Storage, F: Family, K: Kind> Reference<S, F, K> {
    /// A reference of `text` with its `layout` in `grammar`: the layout is
    /// the one a parse of `text` with `grammar` gives, and matches `K`.
    /// Callers make sure of it, and `tests/library/layouts.rs` checks every
    /// layout built by hand against a parse; nothing here parses again or
    /// asserts, since a grammar edited so that it reads a result otherwise
    /// must not make the library panic (its spans are slices of `text`
    /// whatever the grammar says).
    #[inline]
    pub(crate) fn from_parts(text: S, layout: Layout, grammar: Grammar) -> Self {
        Reference {
            text,
            layout,
            grammar,
            rule: PhantomData,
        }
    }

    /// This reference as the crate's operations see it.
    #[inline]
    pub(crate) fn view(&self) -> Parsed<'_> {
        Parsed::new(sealed::Storage::text(&self.text), self.layout, self.grammar)
    }

    /// The same text and layout as another type, which the caller knows
    /// it is (a wider rule, or a narrower one after a check).
    #[inline]
    pub(crate) fn retype<F2: Family, K2: Kind>(self) -> Reference<S, F2, K2> {
        Reference {
            text: self.text,
            layout: self.layout,
            grammar: if <F2 as sealed::Family>::IRI {
                self.grammar.as_iri()
            } else {
                self.grammar
            },
            rule: PhantomData,
        }
    }

    /// The type's name as users know it: `UriRef`, `IriBuf`...
    pub(crate) fn type_name() -> [&'static str; 3] {
        [
            <F as sealed::Family>::NAME,
            <K as sealed::Kind>::NAME,
            <S as sealed::Storage>::NAME,
        ]
    }

    /// The rule a value of this type matches, before it is parsed:
    /// `URI-reference`, `URI`, `IRI-reference` or `IRI`.
    pub(crate) fn syntax() -> Syntax {
        let entry = if <K as sealed::Kind>::WITH_SCHEME {
            Entry::Uri
        } else {
            Entry::UriReference
        };
        let grammar = if <F as sealed::Family>::IRI {
            Grammar::Rfc3987
        } else {
            Grammar::Rfc3986
        };
        Syntax::new(entry, grammar)
    }
}

impl<'a, F: Family, K: Kind> Reference<&'a str, F, K> {
    /// The reference `view` is, as this type: its rule is the type's
    /// (callers check).
    #[inline]
    pub(crate) fn from_view(view: Parsed<'a>) -> Self {
        Reference {
            text: view.text,
            layout: view.layout,
            grammar: view.grammar,
            rule: PhantomData,
        }
    }

    /// Parses the type's rule: `URI-reference` for [`UriRef`], `URI` for
    /// [`Uri`], `IRI-reference` for [`IriRef`], `IRI` for [`Iri`].
    /// Nothing is allocated; the components are slices of `input`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why the text is not of the rule.
    ///
    /// ```
    /// use peguri::{Uri, UriRef};
    ///
    /// let r = UriRef::parse("http://user@example.com:8080/a/b?q#f")?;
    /// assert_eq!(r.path(), "/a/b");
    /// let err = UriRef::parse("http://h/a b").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (10, 11));
    /// assert_eq!(err.message(), "invalid character ' ' in path");
    /// // A `Uri` has a scheme.
    /// assert_eq!(Uri::parse("/relative").unwrap_err().rule(), "URI");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Self::syntax())
    }

    /// Parses the type's rule with the leniencies `options` switches on
    /// (RFC 6874's zone identifiers).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why the text is not of the rule.
    ///
    /// ```
    /// use peguri::{ParseOptions, UriRef};
    ///
    /// const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);
    /// let uri = UriRef::parse_with("http://[fe80::a%25en1]/", &ZONES)?;
    /// assert_eq!(uri.authority().unwrap().host_str(), "[fe80::a%25en1]");
    /// assert!(UriRef::parse("http://[fe80::a%25en1]/").is_err());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_with(input: &'a str, options: &ParseOptions) -> Result<Self, ParseError> {
        let syntax = Self::syntax();
        let grammar = syntax.grammar.with_zones(options.zone_id_allowed());
        Self::parse_entry(input, Syntax::new(syntax.entry, grammar))
    }

    /// Parses `input` as `syntax`.
    #[inline]
    fn parse_entry(input: &'a str, syntax: Syntax) -> Result<Self, ParseError> {
        parse_into(input, syntax, |layout| Reference {
            text: input,
            layout,
            grammar: syntax.grammar,
            rule: PhantomData,
        })
    }

    /// An owned copy; the component positions are reused, nothing is
    /// parsed again.
    ///
    /// ```
    /// let owned: peguri::UriBuf = peguri::Uri::parse("a:b")?.to_owned();
    /// assert_eq!(owned.path(), "b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    #[must_use]
    pub fn to_owned(&self) -> Reference<String, F, K> {
        Reference {
            text: String::from(self.text),
            layout: self.layout,
            grammar: self.grammar,
            rule: PhantomData,
        }
    }
}

impl<'a, F: Family> Reference<&'a str, F, MaybeRelative> {
    /// Parses a relative reference only (`relative-ref`, RFC 3986 section
    /// 4.2; `irelative-ref` for IRIs).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a relative reference, for example
    /// because it has a scheme.
    ///
    /// ```
    /// assert!(peguri::UriRef::parse_relative("./a:b").is_ok());
    /// assert!(peguri::IriRef::parse_relative("a:b").is_err());
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(
            input,
            Syntax::new(Entry::RelativeRef, Self::syntax().grammar),
        )
    }

    /// Parses the type's rule from bytes, such as a line read from a file
    /// or a socket: as [`parse`](Self::parse), after checking that they are
    /// UTF-8. Offsets in the error count the bytes as given.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the first byte that is not part of a UTF-8
    /// character, or why the text does not parse.
    ///
    /// ```
    /// let r = peguri::UriRef::parse_bytes(b"http://h/p")?;
    /// assert_eq!(r.path(), "/p");
    /// let err = peguri::UriRef::parse_bytes(b"http://h/\xff").unwrap_err();
    /// assert_eq!(err.offset(), 9);
    /// assert_eq!(
    ///     err.message(),
    ///     "invalid UTF-8: byte 0xFF is not part of a character; a reference is text, and an \
    ///      octet that is not must be percent-encoded (%FF)"
    /// );
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, ParseError> {
        Self::parse(utf8(input, Self::syntax())?)
    }
}

impl<'a, F: Family> Reference<&'a str, F, WithScheme> {
    /// Parses an absolute URI (`absolute-URI`, RFC 3986 section 4.3;
    /// `absolute-IRI` for IRIs): a scheme and no fragment, as a base must
    /// be.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if the text has no scheme or has a fragment.
    ///
    /// ```
    /// assert!(peguri::Uri::parse_absolute("http://a/b?c").is_ok());
    /// assert!(peguri::Iri::parse_absolute("http://a/b#c").is_err());
    /// ```
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(
            input,
            Syntax::new(Entry::AbsoluteUri, Self::syntax().grammar),
        )
    }
}

impl<F: Family, K: Kind> Reference<String, F, K> {
    /// Parses the type's rule from text it then owns (see
    /// [`parse`](Reference::parse) for the borrowed types). Parsing
    /// borrowed text with `FromStr` (`"...".parse()`) copies it only when it
    /// is valid.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why the text is not of the rule.
    ///
    /// ```
    /// let owned = peguri::UriRefBuf::parse(String::from("http://h/a?b"))?;
    /// assert_eq!(owned.query(), Some("b"));
    /// assert_eq!(peguri::UriBuf::parse("a b").unwrap_err().offset(), 1);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(text: impl Into<String>) -> Result<Self, ParseError> {
        let text = text.into();
        let syntax = Self::syntax();
        let layout = parse_into(&text, syntax, |layout| layout)?;
        Ok(Reference {
            text,
            layout,
            grammar: syntax.grammar,
            rule: PhantomData,
        })
    }

    /// The text, giving up the component positions.
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b")?.into_string(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.text
    }

    /// The text and layout, to change in place (the setters).
    pub(crate) fn parts_mut(&mut self) -> (&mut String, &mut Layout, Grammar) {
        (&mut self.text, &mut self.layout, self.grammar)
    }
}

impl<'i, 'o, S: Lend<'i, 'o>, F: Family, K: Kind> Reference<S, F, K> {
    /// This reference as the crate's operations see it, for as long as its
    /// text lives.
    #[inline]
    pub(crate) fn lend(&'i self) -> Parsed<'o> {
        Parsed::new(sealed::Lend::lend(&self.text), self.layout, self.grammar)
    }

    /// The whole reference, exactly as parsed.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("http://h/p?q")?;
    /// assert_eq!(r.as_str(), "http://h/p?q");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&'i self) -> &'o str {
        self.lend().as_str()
    }

    /// The authority, if the reference has one (it starts with `//` after
    /// any scheme). IP literals and IPv4 addresses are those of URIs in
    /// IRIs too; an IRI's registered name may hold non-ASCII characters.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("http://u@h:8080/p")?;
    /// let authority = r.authority().unwrap();
    /// assert_eq!(authority.userinfo(), Some("u"));
    /// assert_eq!(authority.host_str(), "h");
    /// assert_eq!(authority.port_u16(), Some(8080));
    /// assert!(peguri::Uri::parse("file:/etc")?.authority().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&'i self) -> Option<Authority<'o>> {
        self.lend().authority()
    }

    /// The path. Always present, possibly empty.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("http://h")?.path(), "");
    /// assert_eq!(peguri::Uri::parse("urn:a:b")?.path(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&'i self) -> &'o str {
        self.lend().path()
    }

    /// The path's segments, still percent-encoded (see [`Segments`]).
    ///
    /// ```
    /// let r = peguri::UriRef::parse("http://h/a/b%20c/")?;
    /// assert_eq!(r.segments().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn segments(&'i self) -> Segments<'o> {
        self.lend().segments()
    }

    /// The query, without its `?`; `None` when there is no `?`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("http://h")?.query(), None);
    /// assert_eq!(peguri::UriRef::parse("http://h?")?.query(), Some(""));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&'i self) -> Option<&'o str> {
        self.lend().query()
    }

    /// The `key=value` pairs of the query, separated by `&` (see
    /// [`QueryPairs`] for `;` and `+` as a space); none when there is no
    /// query. Each pair's [`key`](crate::query::QueryPair::key) and
    /// [`value`](crate::query::QueryPair::value) are decoded views.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("/search?q=caf%C3%A9&page=2")?;
    /// let q = r.query_pairs().find(|p| p.key() == "q").unwrap();
    /// assert_eq!(q.value().unwrap(), "café");
    /// assert_eq!(q.raw_value(), Some("caf%C3%A9"));
    /// assert_eq!(peguri::UriRef::parse("/")?.query_pairs().count(), 0);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn query_pairs(&'i self) -> QueryPairs<'o> {
        QueryPairs::new(self.query().unwrap_or_default())
    }

    /// The fragment, without its `#`; `None` when there is no `#`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("s:p#")?.fragment(), Some(""));
    /// assert_eq!(peguri::UriRef::parse("s:p")?.fragment(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&'i self) -> Option<&'o str> {
        self.lend().fragment()
    }

    /// The text of one component, `None` when it is absent (the path is
    /// always present, possibly empty). The host is the RFC's host text:
    /// an IP literal keeps its brackets.
    ///
    /// ```
    /// use peguri::{Component, UriRef};
    ///
    /// let r = UriRef::parse("http://[::1]:8080/p")?;
    /// assert_eq!(r.component(Component::Host), Some("[::1]"));
    /// assert_eq!(r.component(Component::Authority), Some("[::1]:8080"));
    /// assert_eq!(r.component(Component::Query), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn component(&'i self, component: Component) -> Option<&'o str> {
        let view = self.lend();
        let authority = view.authority();
        match component {
            Component::Scheme => view.scheme(),
            Component::Authority => authority.map(|a| a.as_str()),
            Component::Userinfo => authority.and_then(|a| a.userinfo()),
            Component::Host => authority.map(|a| a.host_str()),
            Component::Port => authority.and_then(|a| a.port()),
            Component::Path => Some(view.path()),
            Component::Query => view.query(),
            Component::Fragment => view.fragment(),
        }
    }

    /// The grammar rule that matched, as the RFCs name it: `URI` or
    /// `relative-ref` (RFC 3986), `IRI` or `irelative-ref` (RFC 3987).
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a:b")?.rule(), "URI");
    /// assert_eq!(peguri::IriRef::parse("b")?.rule(), "irelative-ref");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn rule(&'i self) -> &'static str {
        self.lend().rule()
    }
}

impl<'i, 'o, S: Lend<'i, 'o>, F: Family> Reference<S, F, MaybeRelative> {
    /// The scheme, without its `:`; `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("HTTP://h")?.scheme(), Some("HTTP"));
    /// assert_eq!(peguri::UriRef::parse("//h")?.scheme(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&'i self) -> Option<&'o str> {
        self.lend().scheme()
    }

    /// Whether the reference has a scheme, that is, whether it is a URI
    /// (an IRI) rather than a relative reference. A URI with a fragment has
    /// one too: RFC 3986's `absolute-URI` also excludes the fragment (see
    /// `parse_absolute`).
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("a:b#f")?.has_scheme());
    /// assert!(!peguri::UriRef::parse("/a:b")?.has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn has_scheme(&'i self) -> bool {
        self.layout.scheme.is_some()
    }

    /// Whether the reference is a relative reference (has no scheme).
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("?q")?.is_relative());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&'i self) -> bool {
        self.layout.scheme.is_none()
    }
}

impl<'i, 'o, S: Lend<'i, 'o>, F: Family> Reference<S, F, WithScheme> {
    /// The scheme, without its `:`.
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("tel:+1-816-555-1212")?.scheme(), "tel");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&'i self) -> &'o str {
        // Every value of the type has a scheme.
        self.lend().scheme().unwrap_or_default()
    }
}

impl<'i, 'o, S: Lend<'i, 'o>, K: Kind> Reference<S, Rfc3986, K> {
    /// This reference borrowed as a [`UriRef`]; nothing is copied.
    ///
    /// ```
    /// let owned = peguri::UriBuf::parse("a:b")?;
    /// assert_eq!(owned.as_uri_ref().scheme(), Some("a"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&'i self) -> UriRef<'o> {
        Reference::from_view(self.lend())
    }
}

impl<'i, 'o, S: Lend<'i, 'o>> Reference<S, Rfc3986, MaybeRelative> {
    /// This reference borrowed as a [`Uri`], if it has a scheme.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a:b")?.as_uri().unwrap().scheme(), "a");
    /// assert!(peguri::UriRef::parse("b")?.as_uri().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri(&'i self) -> Option<Uri<'o>> {
        let view = self.lend();
        view.has_scheme().then(|| Reference::from_view(view))
    }
}

impl<'i, 'o, S: Lend<'i, 'o>> Reference<S, Rfc3986, WithScheme> {
    /// This URI borrowed as a [`Uri`]; nothing is copied.
    ///
    /// ```
    /// let owned = peguri::UriBuf::parse("a:b")?;
    /// assert_eq!(owned.as_uri().scheme(), "a");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri(&'i self) -> Uri<'o> {
        Reference::from_view(self.lend())
    }
}

impl<'i, 'o, S: Lend<'i, 'o>, K: Kind> Reference<S, Rfc3987, K> {
    /// This reference borrowed as an [`IriRef`]; nothing is copied.
    ///
    /// ```
    /// let owned = peguri::IriBuf::parse("a:ü")?;
    /// assert_eq!(owned.as_iri_ref().path(), "ü");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri_ref(&'i self) -> IriRef<'o> {
        Reference::from_view(self.lend())
    }
}

impl<'i, 'o, S: Lend<'i, 'o>> Reference<S, Rfc3987, MaybeRelative> {
    /// This reference borrowed as an [`Iri`], if it has a scheme.
    ///
    /// ```
    /// assert_eq!(peguri::IriRef::parse("a:ü")?.as_iri().unwrap().scheme(), "a");
    /// assert!(peguri::IriRef::parse("ü")?.as_iri().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri(&'i self) -> Option<Iri<'o>> {
        let view = self.lend();
        view.has_scheme().then(|| Reference::from_view(view))
    }
}

impl<'i, 'o, S: Lend<'i, 'o>> Reference<S, Rfc3987, WithScheme> {
    /// This IRI borrowed as an [`Iri`]; nothing is copied.
    ///
    /// ```
    /// let owned = peguri::IriBuf::parse("a:ü")?;
    /// assert_eq!(owned.as_iri().scheme(), "a");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_iri(&'i self) -> Iri<'o> {
        Reference::from_view(self.lend())
    }
}
