//! What [`Reference`] is made of: its type parameters,
//! the traits that bound them, and the types its methods return.
//!
//! The crate root has the type and its eight aliases, one for each rule
//! of the RFCs and each way of holding the text:
//!
//! | rule | borrowed | owned |
//! |---|---|---|
//! | `URI-reference` (RFC 3986 section 4.1) | [`UriRef`] | [`UriRefBuf`] |
//! | `URI` (section 3) | [`Uri`] | [`UriBuf`] |
//! | `IRI-reference` (RFC 3987 section 2.2) | [`IriRef`] | [`IriRefBuf`](crate::IriRefBuf) |
//! | `IRI` | [`Iri`] | [`IriBuf`](crate::IriBuf) |
//!
//! Each name is an alias of `Reference<S, F, K>`: `S` holds the text (a
//! `&str` or a `String`, see [`Storage`]), `F` is the family of grammars
//! ([`Rfc3986`] for URIs, [`Rfc3987`] for IRIs), and `K` says whether a
//! scheme is required ([`WithScheme`]) or the reference may be relative
//! ([`MaybeRelative`]). A program names them to write a function for more
//! than one alias; most never do:
//!
//! ```
//! use peguri::Reference;
//! use peguri::reference::{Family, Kind, Storage};
//!
//! /// Any reference, borrowed or owned, URI or IRI.
//! fn depth<S: Storage, F: Family, K: Kind>(r: &Reference<S, F, K>) -> usize {
//!     r.borrow().segments().filter(|s| !s.is_empty()).count()
//! }
//! assert_eq!(depth(&peguri::UriRef::parse("/a/b/")?), 2);
//! assert_eq!(depth(&peguri::IriBuf::parse("http://h/ä")?), 1);
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! A function that takes a reference of one alias takes the others
//! through [`borrow`](Reference::borrow) and `From`:
//!
//! ```
//! use peguri::{Uri, UriBuf, UriRef};
//!
//! fn scheme_of(uri: &UriRef<'_>) -> Option<String> {
//!     uri.scheme().map(str::to_owned)
//! }
//! let base: UriBuf = "http://example.com/a/b".parse()?;
//! assert_eq!(scheme_of(&UriRef::from(base.borrow())).as_deref(), Some("http"));
//! assert_eq!(scheme_of(&Uri::parse("urn:x")?.into()).as_deref(), Some("urn"));
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! The methods are in this module's files, one per heading of
//! [`Reference`]'s page: parsing in `parsing.rs`; the
//! components, the scheme, host and port, and the conversions in
//! `components.rs`; resolution in `resolve.rs`; normalization in
//! `normalize.rs`; the IRI and URI mappings and file paths in
//! `operations.rs`; the setters of the owned types in `setters.rs`; the
//! standard traits in `traits.rs`.

pub(crate) mod builder;
mod components;
#[cfg(any(feature = "http", feature = "url"))]
pub(crate) mod interop;
mod normalize;
mod operations;
mod parsing;
#[cfg(feature = "serde")]
pub(crate) mod report;
mod resolve;
#[cfg(feature = "serde")]
mod serde;
mod setters;
mod traits;
pub(crate) mod value;

use core::marker::PhantomData;

use alloc::string::String;

use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::layout::Layout;
use crate::types::parsed::Parsed;

pub use crate::types::authority::ZoneId;
pub use crate::types::path::Segments;
#[cfg(feature = "serde")]
pub use serde::serde_zone_id;
pub(crate) use value::{Iri, IriRef, Reference, Uri, UriBuf, UriRef, UriRefBuf};

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

/// What a reference of family `F` resolves against: a reference of that
/// family with a scheme, borrowed or owned ([`Uri`],
/// [`UriBuf`] for URI references; [`Iri`],
/// [`IriBuf`](crate::IriBuf) for IRI references). It is the base's bound
/// in [`resolve_against`](Reference::resolve_against),
/// [`is_same_document`](Reference::is_same_document) and
/// [`Resolver::resolve`](crate::Resolver::resolve), so that a base of
/// another kind or family is refused with a note on what to call. Sealed.
///
/// ```
/// use peguri::{IriBuf, IriRef, UriBuf};
///
/// let base = UriBuf::parse("http://example.com/a/")?;
/// // An IRI resolves against an IRI: a URI becomes one with `to_iri`.
/// let iri_base: IriBuf = base.to_iri();
/// assert_eq!(IriRef::parse("ü")?.resolve_against(&iri_base), "http://example.com/a/ü");
/// # Ok::<_, peguri::ParseError>(())
/// ```
///
/// ```compile_fail
/// // A URI is no base for an IRI reference without a conversion.
/// let base = peguri::UriBuf::parse("http://example.com/a/")?;
/// peguri::IriRef::parse("ü")?.resolve_against(&base);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a base for a reference of the family `{F}`",
    label = "not a base for this reference",
    note = "a base has a scheme and the reference's family: a `Uri` or `UriBuf` for a URI \
            reference, an `Iri` or `IriBuf` for an IRI reference",
    note = "parse the base with `Uri::parse` (`Iri::parse`), or convert a reference that has a \
            scheme with `Uri::try_from`; a URI becomes an IRI with `.to_iri()` or `IriBuf::from`, \
            an IRI a URI with `.to_uri()`; an owned base is passed as it is (`&base`)"
)]
pub trait Base<F: Family>: sealed::Base<F> {}
impl<S: Storage, F: Family> Base<F> for Reference<S, F, WithScheme> {}

/// The traits users name but cannot implement, and what the crate reads
/// from them.
mod sealed {
    use super::{MaybeRelative, Reference, Rfc3986, Rfc3987, WithScheme};
    use alloc::string::String;

    pub trait Base<F> {
        /// The base, borrowed.
        fn base(&self) -> Reference<&str, F, WithScheme>;
    }

    impl<S: super::Storage, F: super::Family> Base<F> for Reference<S, F, WithScheme> {
        fn base(&self) -> Reference<&str, F, WithScheme> {
            self.borrow()
        }
    }

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
