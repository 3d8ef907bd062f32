//! [`Reference`], the one type of every URI and IRI reference, and its
//! eight aliases, the names users write. Their public path is the crate
//! root.

use core::marker::PhantomData;

use alloc::string::String;

#[cfg(doc)]
use super::Lend;
use super::{MaybeRelative, Rfc3986, Rfc3987, WithScheme};
use crate::syntax::entry::Grammar;
use crate::syntax::layout::Layout;

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
    pub(super) text: S,
    pub(super) layout: Layout,
    /// The grammar the text was parsed with, zone identifiers included;
    /// what is built from this reference is checked against it.
    pub(super) grammar: Grammar,
    pub(super) rule: PhantomData<fn() -> (F, K)>,
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
