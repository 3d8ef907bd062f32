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
//! The methods are in this module's files, one per heading of
//! [`Reference`]'s page: parsing in `parsing.rs`; the components, the
//! scheme, host and port, and the conversions in `components.rs`;
//! resolution in `resolve.rs`; normalization in `normalize.rs`; the IRI and
//! URI mappings and file paths in `operations.rs`; the setters of the owned
//! types in `setters.rs`; the standard traits in `traits.rs`.

mod builder;
mod components;
#[cfg(any(feature = "http", feature = "url"))]
pub(crate) mod interop;
mod normalize;
mod operations;
mod parsing;
#[cfg(feature = "serde")]
mod report;
mod resolve;
#[cfg(feature = "serde")]
mod serde;
mod setters;
mod traits;

use core::marker::PhantomData;

use alloc::string::String;

use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::layout::Layout;
use crate::types::parsed::Parsed;

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
/// reference, a URI reference is an IRI reference; [`borrow`](Self::borrow)
/// gives an owned reference's borrowed form.
///
/// # Which methods each type has
///
/// A method is written once, in an impl block whose parameters say which
/// types have it: `impl<S, F, K>` is all eight, `impl<S, F>
/// Reference<S, F, WithScheme>` the four with a scheme, and so on. The
/// blocks below are grouped by what they do, each with a heading.
///
/// | methods | [`UriRef`] | [`Uri`] | [`IriRef`] | [`Iri`] | owned (`…Buf`) |
/// |---|:-:|:-:|:-:|:-:|---|
/// | `parse`, `parse_with`, `parse_bytes` | ✓ | ✓ | ✓ | ✓ | `parse` (from a `String` or `&str`) |
/// | `parse_relative` | ✓ | | ✓ | | |
/// | `parse_absolute` | | ✓ | | ✓ | |
/// | components: `as_str`, `authority`, `path`, `segments`, `query`, `query_pairs`, `fragment`, `component`, `rule`, `has_scheme`, `is_relative` | ✓ | ✓ | ✓ | ✓ | ✓ |
/// | `scheme` | `Option<&str>` | `&str` | `Option<&str>` | `&str` | as borrowed |
/// | host and port: `host_str`, `port_u16`, `port_or_known_default`, `socket_addr`, `public_suffix`, `registrable_domain` | ✓ | ✓ | ✓ | ✓ | ✓ |
/// | conversions: `borrow`, `to_owned` | ✓ | ✓ | ✓ | ✓ | ✓, and `into_string` |
/// | `resolve_against`, `is_same_document` (of a base with a scheme) | ✓ | ✓ | ✓ | ✓ | ✓ |
/// | `make_relative` (to a target with a scheme) | | ✓ | | ✓ | `UriBuf`, `IriBuf` |
/// | `normalize`, `equivalent` | ✓ | ✓ | ✓ | ✓ | ✓ |
/// | `to_iri`, `to_iri_idna` (a URI's IRI) | ✓ | ✓ | | | `UriRefBuf`, `UriBuf` |
/// | `to_uri`, `to_uri_idna` (an IRI's URI) | | | ✓ | ✓ | `IriRefBuf`, `IriBuf` |
/// | `to_file_path`, `to_windows_path` | | ✓ | | | `UriBuf` |
/// | `to_http_uri`, `to_url` | ✓ | ✓ | | | `UriRefBuf`, `UriBuf` |
/// | setters: `set_host`, `set_path`, `set_query`, `edit_query`… | | | | | ✓ |
/// | `set_scheme` | | | | | `Option<&str>` for `UriRefBuf`, `IriRefBuf`; `&str` for `UriBuf`, `IriBuf` |
///
/// The owned types also have `UriBuf::from_file_path`,
/// `UriBuf::from_windows_path`, `UriBuf::from_url`, `from_http_uri` (on
/// `UriRefBuf` and `UriBuf`) and `UriRefBuf::from_path`; `UriRef` has
/// `from_suffix` (RFC 3986 section 4.5).
///
/// # Borrowed text: `Lend<'i, 'o>`
///
/// The accessors are written once for borrowed and owned references, as
/// `impl<'i, 'o, S: Lend<'i, 'o>, F, K>`, and return `&'o str`: `'i` is
/// how long the reference itself is borrowed (the `&'i self` of the
/// call), `'o` how long the text returned lives. A borrowed reference
/// (`S = &'o str`) gives text that lives as long as its input, however
/// briefly the reference is borrowed, so the path of a
/// [`UriRef<'a>`](UriRef) is a `&'a str` that outlives the `UriRef`; an
/// owned one (`S = String`) gives text that lives as long as the borrow
/// (`'o` is `'i`), as `String::as_str` does. [`Lend`] is sealed: it is
/// implemented for `&str` and `String` only, and a caller never names it.
///
/// ```
/// use peguri::UriRef;
///
/// let input = String::from("http://h/a/b");
/// let path = UriRef::parse(&input)?.path(); // the UriRef is gone
/// assert_eq!(path, "/a/b");
/// # Ok::<_, peguri::ParseError>(())
/// ```
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
/// assert_eq!(owned.borrow().query(), Some("q"));
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

/// How long text read from a reference lives, when the reference is
/// borrowed for `'i`: `'o`, which is its input's lifetime for a borrowed
/// reference (`&'o str`, whatever `'i` is) and `'i` for an owned one
/// (`String`). It is what lets `uri.path()` of a [`UriRef<'a>`](UriRef) be
/// a `&'a str`; see [`Reference`](Reference#borrowed-text-lendi-o) for the
/// whole story. Sealed: `&str` and `String` implement it.
///
/// ```
/// // A function generic over borrowed and owned references of one family
/// // and kind names it to return text of the reference.
/// use peguri::reference::{Lend, Rfc3986, WithScheme};
/// use peguri::Reference;
///
/// fn host<'i, 'o, S: Lend<'i, 'o>>(uri: &'i Reference<S, Rfc3986, WithScheme>) -> Option<&'o str> {
///     uri.host_str()
/// }
/// assert_eq!(host(&peguri::UriBuf::parse("http://h/")?), Some("h"));
/// assert_eq!(host(&peguri::Uri::parse("http://h/")?), Some("h"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
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
}

impl<F: Family, K: Kind> Reference<String, F, K> {
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
}
