//! The eight URI and IRI types, one for each rule and owner:
//!
//! | rule | borrowed | owned |
//! |---|---|---|
//! | `URI-reference` | [`UriRef`] | [`UriRefBuf`] |
//! | `URI` | [`Uri`] | [`UriBuf`] |
//! | `IRI-reference` | [`IriRef`] | [`IriRefBuf`] |
//! | `IRI` | [`Iri`] | [`IriBuf`] |
//!
//! Each is a [`Parsed`] reference (text, layout, grammar) with its text
//! borrowed or owned. What they share is written once: each concern writes
//! its methods in one macro and runs it for every type with
//! [`for_each_type`], as this module does for parsing, the accessors and
//! the conversions, `ops::normalize` for `normalize` and so on. The docs
//! and examples of a method are written once too, with the type's name
//! put in.

use crate::prelude::*;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::Layout;
use crate::types::parsed::Parsed;

/// A URI reference (RFC 3986 section 4.1, `URI-reference`): a URI or a
/// relative reference, borrowed from its input.
///
/// Parsing records where each component lies and allocates nothing; the
/// accessors return slices of the input. Absent components are `None`,
/// present but empty ones `Some("")`.
///
/// Equality, ordering and hashing are those of the string (RFC 3986
/// section 6.2.1, simple string comparison).
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
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    pub(super) text: &'a str,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

/// A URI (RFC 3986 section 3, `URI`): a reference with a scheme, borrowed
/// from its input. [`as_uri_ref`](Self::as_uri_ref) or `From` make it a
/// [`UriRef`], wherever one is expected.
///
/// ```
/// use peguri::Uri;
///
/// let uri = Uri::parse("mailto:John.Doe@example.com")?;
/// assert_eq!(uri.scheme(), "mailto");
/// assert_eq!(uri.path(), "John.Doe@example.com");
/// assert!(Uri::parse("//example.com/").is_err());
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Uri<'a> {
    pub(super) text: &'a str,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

/// An owned URI reference: to [`UriRef`] what `String` is to `&str`.
/// Borrowing it as a [`UriRef`] costs nothing.
///
/// ```
/// use peguri::UriRefBuf;
///
/// let owned: UriRefBuf = "../a/b?q".parse()?;
/// assert_eq!(owned.path(), "../a/b");
/// let borrowed = owned.as_uri_ref();
/// assert_eq!(borrowed.query(), Some("q"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone)]
pub struct UriRefBuf {
    pub(super) text: String,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

/// An owned URI (with a scheme): to [`Uri`] what `String` is to `&str`.
///
/// ```
/// use peguri::UriBuf;
///
/// let owned = UriBuf::parse("http://example.com/")?;
/// assert_eq!(owned.scheme(), "http");
/// assert_eq!(owned.as_uri().authority().unwrap().host_str(), "example.com");
/// # Ok::<_, peguri::ParseError<String>>(())
/// ```
#[derive(Clone)]
pub struct UriBuf {
    pub(super) text: String,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

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
/// that names them ([`uri_to_iri`](crate::uri_to_iri) never produces them
/// either). Section 4.2's advice that components with right-to-left text be
/// well-formed is not checked.
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
/// // Private-use characters are allowed in the query only.
/// assert!(IriRef::parse("?\u{E000}").is_ok());
/// assert_eq!(IriRef::parse("/\u{E000}").unwrap_err().offset(), 1);
/// // RFC 3987 section 4.1: no bidirectional formatting characters.
/// let err = IriRef::parse("http://h/\u{202E}").unwrap_err();
/// assert!(err.message().to_string().starts_with("bidirectional formatting character U+202E in path"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct IriRef<'a> {
    pub(super) text: &'a str,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

/// An IRI (RFC 3987 section 2.2, `IRI`): an IRI reference with a scheme,
/// borrowed from its input. It is the base an IRI reference resolves
/// against.
///
/// ```
/// use peguri::{Iri, IriRef};
///
/// let base = Iri::parse("http://例え.jp/文書/目次.html")?;
/// assert_eq!(base.scheme(), "http");
/// assert_eq!(IriRef::parse("../画像/ロゴ.png")?.resolve_against(&base), "http://例え.jp/画像/ロゴ.png");
/// assert!(Iri::parse("名前").is_err());
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Iri<'a> {
    pub(super) text: &'a str,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
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
    pub(super) text: String,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

/// An owned IRI (with a scheme): to [`Iri`] what `String` is to `&str`.
///
/// ```
/// use peguri::IriBuf;
///
/// let owned: IriBuf = "urn:名前:x".parse()?;
/// assert_eq!(owned.scheme(), "urn");
/// assert_eq!(owned.to_uri(), "urn:%E5%90%8D%E5%89%8D:x");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone)]
pub struct IriBuf {
    pub(super) text: String,
    pub(super) layout: Layout,
    pub(super) grammar: Grammar,
}

/// Runs the macro `$m` once for each of the eight types, with what it needs
/// to write a method for that type:
///
/// `$m!(Type [lt?] out, storage, kind, family, Borrowed, Owned, Ref, RefOwned, Abs, AbsOwned, as_ref, as_abs, "rule")`
///
/// - `Type [lt?]`: the type and its lifetime parameter, if borrowed;
/// - `out`: the lifetime of what its accessors return (`'a`, or `'_` for
///   an owned type's borrow of itself);
/// - `storage`: `borrowed` or `owned`;
/// - `kind`: `reference` (a scheme is optional) or `absolute` (required);
/// - `family`: `uri` or `iri`;
/// - `Borrowed`, `Owned`: the borrowed and the owned type of the same rule;
/// - `Ref`, `RefOwned`: the family's reference types (what a relative
///   reference is);
/// - `Abs`, `AbsOwned`: the family's types with a scheme (a base, and what
///   resolution returns);
/// - `as_ref`, `as_abs`: the names of the methods that borrow a value as
///   `Ref` and as `Abs`;
/// - `"rule"`: the rule's name as its RFC spells it.
macro_rules! for_each_type {
    ($m:ident) => {
        $m!(UriRef ['a] 'a, borrowed, reference, uri, UriRef, UriRefBuf, UriRef, UriRefBuf, Uri, UriBuf, as_uri_ref, as_uri, "URI-reference");
        $m!(Uri ['a] 'a, borrowed, absolute, uri, Uri, UriBuf, UriRef, UriRefBuf, Uri, UriBuf, as_uri_ref, as_uri, "URI");
        $m!(UriRefBuf [] '_, owned, reference, uri, UriRef, UriRefBuf, UriRef, UriRefBuf, Uri, UriBuf, as_uri_ref, as_uri, "URI-reference");
        $m!(UriBuf [] '_, owned, absolute, uri, Uri, UriBuf, UriRef, UriRefBuf, Uri, UriBuf, as_uri_ref, as_uri, "URI");
        $m!(IriRef ['a] 'a, borrowed, reference, iri, IriRef, IriRefBuf, IriRef, IriRefBuf, Iri, IriBuf, as_iri_ref, as_iri, "IRI-reference");
        $m!(Iri ['a] 'a, borrowed, absolute, iri, Iri, IriBuf, IriRef, IriRefBuf, Iri, IriBuf, as_iri_ref, as_iri, "IRI");
        $m!(IriRefBuf [] '_, owned, reference, iri, IriRef, IriRefBuf, IriRef, IriRefBuf, Iri, IriBuf, as_iri_ref, as_iri, "IRI-reference");
        $m!(IriBuf [] '_, owned, absolute, iri, Iri, IriBuf, IriRef, IriRefBuf, Iri, IriBuf, as_iri_ref, as_iri, "IRI");
    };
}
pub(crate) use for_each_type;

/// The grammar a type's family parses with, zone identifiers aside.
macro_rules! family_grammar {
    (uri) => {
        $crate::syntax::entry::Grammar::Rfc3986
    };
    (iri) => {
        $crate::syntax::entry::Grammar::Rfc3987
    };
}
pub(crate) use family_grammar;

/// The crate's ways into and out of each type: its [`Parsed`] view, and
/// one made from text and a layout known to agree.
macro_rules! parts {
    ($ty:ident [$($lt:lifetime)?] $out:lifetime, $storage:ident, $($rest:tt)*) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// This reference as the crate's operations see it.
            #[inline]
            pub(crate) fn view(&self) -> Parsed<$out> {
                Parsed::new(parts!(@text $storage self), self.layout, self.grammar)
            }
        }
        parts!(@from_parts $storage $ty [$($lt)?]);
    };
    (@text borrowed $self:ident) => { $self.text };
    (@text owned $self:ident) => { $self.text.as_str() };
    (@from_parts borrowed $ty:ident [$($lt:lifetime)?]) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// The reference `parsed` is, as this type: its rule and grammar
            /// are the type's (callers check).
            #[inline]
            pub(crate) fn from_parsed(parsed: Parsed<$($lt)?>) -> Self {
                $ty { text: parsed.text, layout: parsed.layout, grammar: parsed.grammar }
            }
        }
    };
    (@from_parts owned $ty:ident []) => {
        impl $ty {
            /// `text` with its `layout`, in `grammar`: the layout must be
            /// the one a parse of `text` with `grammar` gives, and match
            /// the type's rule (callers check; debug builds parse again).
            pub(crate) fn from_parts(text: String, layout: Layout, grammar: Grammar) -> Self {
                debug_assert_eq!(
                    crate::syntax::parse::reparse(&text, grammar).ok(),
                    Some(layout),
                    "{text}"
                );
                $ty { text, layout, grammar }
            }
        }
    };
}
for_each_type!(parts);
