//! The borrowed URI types: [`UriRef`] (any URI reference) and [`Uri`] (one
//! with a scheme).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::layout::Layout;
use crate::syntax::parse::{parse_into, utf8};
use crate::types::authority::Authority;
use crate::types::path::Segments;

/// A URI reference (RFC 3986 section 4.1): a URI or a relative reference,
/// borrowed from its input.
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
    input: &'a str,
    layout: Layout,
}

/// A URI (RFC 3986 section 3): a reference with a scheme, borrowed from its
/// input. It can be used wherever a [`UriRef`] is expected through
/// [`Uri::as_uri_ref`] or `From`.
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
    inner: UriRef<'a>,
}

impl<'a> UriRef<'a> {
    /// Parses a URI reference (`URI-reference`: a URI or a relative
    /// reference).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why `input` is not a URI reference.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("/a/b?c")?;
    /// assert_eq!(uri.path(), "/a/b");
    /// let err = peguri::UriRef::parse("/a b").unwrap_err();
    /// assert_eq!(err.offset(), 2);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Entry::UriReference)
    }

    /// Parses a URI reference from bytes, such as a line read from a file
    /// or a socket: as [`parse`](Self::parse), after checking that they
    /// are UTF-8. Offsets in the error count the bytes as given.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the first byte that is not part of a UTF-8
    /// character, or why the text is not a URI reference.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse_bytes(b"http://h/p")?;
    /// assert_eq!(uri.path(), "/p");
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
        Self::parse(utf8(input, Syntax::URI_REFERENCE)?)
    }

    /// Parses a relative reference only (`relative-ref`, section 4.2).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a relative reference, for example
    /// because it has a scheme.
    ///
    /// ```
    /// assert!(peguri::UriRef::parse_relative("./a:b").is_ok());
    /// assert!(peguri::UriRef::parse_relative("a:b").is_err());
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Entry::RelativeRef)
    }

    /// Parses `input` as `entry` of RFC 3986.
    #[inline]
    pub(crate) fn parse_entry(input: &'a str, entry: Entry) -> Result<Self, ParseError> {
        parse_into(input, Syntax::new(entry, Grammar::Rfc3986), |layout| {
            UriRef { input, layout }
        })
    }

    #[inline]
    pub(crate) fn from_parts(input: &'a str, layout: Layout) -> Self {
        UriRef { input, layout }
    }

    /// The component positions (every URI reference is also an IRI
    /// reference with the same components; `iri` reuses them).
    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    /// The whole reference, exactly as parsed.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a?b")?.as_str(), "a?b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The scheme, without its `:`; `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("HTTP://h")?.scheme(), Some("HTTP"));
    /// assert_eq!(peguri::UriRef::parse("//h")?.scheme(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&'a str> {
        self.layout.scheme.map(|s| s.of(self.input))
    }

    /// The authority, if the reference has one (it starts with `//` after
    /// any scheme).
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("file:///etc")?.authority().is_some());
    /// assert!(peguri::UriRef::parse("file:/etc")?.authority().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.layout.authority.map(|a| Authority::new(self.input, a))
    }

    /// The path. Always present, possibly empty.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("http://h")?.path(), "");
    /// assert_eq!(peguri::UriRef::parse("urn:a:b")?.path(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &'a str {
        self.layout.path.of(self.input)
    }

    /// The path's segments (see [`Segments`]).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://h/a/b%20c/")?;
    /// let segments: Vec<&str> = uri.segments().collect();
    /// assert_eq!(segments, ["a", "b%20c", ""]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        Segments::new(self.path())
    }

    /// The query, without its `?`; `None` when there is no `?`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("http://h")?.query(), None);
    /// assert_eq!(peguri::UriRef::parse("http://h?")?.query(), Some(""));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        self.layout.query.map(|s| s.of(self.input))
    }

    /// The fragment, without its `#`; `None` when there is no `#`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a#")?.fragment(), Some(""));
    /// assert_eq!(peguri::UriRef::parse("a")?.fragment(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.layout.fragment.map(|s| s.of(self.input))
    }

    /// Whether the reference has a scheme, that is, whether it is a URI
    /// rather than a relative reference. (A URI with a fragment is still
    /// "absolute" here; RFC 3986's `absolute-URI` also excludes the
    /// fragment, see [`Uri::parse_absolute`].)
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("a:b")?.has_scheme());
    /// assert!(!peguri::UriRef::parse("/a:b")?.has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.layout.scheme.is_some()
    }

    /// Whether the reference is a relative reference (has no scheme).
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("?q")?.is_relative());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        !self.has_scheme()
    }

    /// The grammar rule that matched, as RFC 3986 names it: `URI` or
    /// `relative-ref`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a:b")?.rule(), "URI");
    /// assert_eq!(peguri::UriRef::parse("b")?.rule(), "relative-ref");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn rule(&self) -> &'static str {
        if self.has_scheme() {
            "URI"
        } else {
            "relative-ref"
        }
    }

    /// This reference as a [`Uri`], if it has a scheme.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("a:b")?;
    /// assert_eq!(r.as_uri().unwrap().scheme(), "a");
    /// assert!(peguri::UriRef::parse("b")?.as_uri().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri(&self) -> Option<Uri<'a>> {
        self.has_scheme().then_some(Uri { inner: *self })
    }
}

impl<'a> Uri<'a> {
    /// Parses a URI (`URI`: a scheme, then the rest, then an optional
    /// fragment).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a URI, for example a relative
    /// reference.
    ///
    /// ```
    /// let uri = peguri::Uri::parse("urn:oasis:names:specification:docbook:dtd:xml:4.1.2")?;
    /// assert_eq!(uri.scheme(), "urn");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        UriRef::parse_entry(input, Entry::Uri).map(|inner| Uri { inner })
    }

    /// Parses an absolute URI (`absolute-URI`, section 4.3): a URI without
    /// a fragment, as a base URI must be.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a URI or has a fragment.
    ///
    /// ```
    /// assert!(peguri::Uri::parse_absolute("http://a/b?c").is_ok());
    /// assert!(peguri::Uri::parse_absolute("http://a/b#c").is_err());
    /// ```
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        UriRef::parse_entry(input, Entry::AbsoluteUri).map(|inner| Uri { inner })
    }

    /// Wraps a reference whose layout has a scheme (checked by callers).
    pub(crate) fn from_uri_ref(inner: UriRef<'a>) -> Self {
        debug_assert!(inner.has_scheme());
        Uri { inner }
    }

    /// The scheme, without its `:`.
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("tel:+1-816-555-1212")?.scheme(), "tel");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &'a str {
        // A `Uri` is only made from a layout that has a scheme.
        self.inner.scheme().unwrap_or_default()
    }

    /// This URI as a [`UriRef`].
    ///
    /// ```
    /// let uri = peguri::Uri::parse("a:b")?;
    /// assert!(uri.as_uri_ref().has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> &UriRef<'a> {
        &self.inner
    }

    /// The whole URI, exactly as parsed.
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("a:b")?.as_str(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.inner.as_str()
    }

    /// The authority, if any. See [`UriRef::authority`].
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("ftp://ftp.is.co.za/rfc")?.authority().unwrap().host_str(), "ftp.is.co.za");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.inner.authority()
    }

    /// The path. See [`UriRef::path`].
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("news:comp.infosystems.www.servers.unix")?.path(), "comp.infosystems.www.servers.unix");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &'a str {
        self.inner.path()
    }

    /// The path's segments. See [`UriRef::segments`].
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("file:///a/b")?.segments().count(), 2);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        self.inner.segments()
    }

    /// The query. See [`UriRef::query`].
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("http://h/?a=b")?.query(), Some("a=b"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&'a str> {
        self.inner.query()
    }

    /// The fragment. See [`UriRef::fragment`].
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("http://h/#top")?.fragment(), Some("top"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&'a str> {
        self.inner.fragment()
    }
}

impl<'a> From<Uri<'a>> for UriRef<'a> {
    fn from(uri: Uri<'a>) -> Self {
        uri.inner
    }
}

impl<'a> TryFrom<UriRef<'a>> for Uri<'a> {
    type Error = UriRef<'a>;

    /// Succeeds when the reference has a scheme; gives it back otherwise.
    fn try_from(r: UriRef<'a>) -> Result<Self, Self::Error> {
        r.as_uri().ok_or(r)
    }
}

/// String-based traits shared by the URI and IRI types: equality (with
/// `str` and `String` too, both ways), ordering and hashing of the text,
/// `Borrow<str>` (the hash is the text's), `Display` of the text,
/// `AsRef<str>`.
macro_rules! impl_string_traits {
    ($($ty:ty),* $(,)?) => {$(
        impl PartialEq for $ty {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl Eq for $ty {}
        impl PartialOrd for $ty {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $ty {
            fn cmp(&self, other: &Self) -> Ordering {
                self.as_str().cmp(other.as_str())
            }
        }
        impl Hash for $ty {
            // Hashes like the `str` it compares as.
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state)
            }
        }
        impl PartialEq<str> for $ty {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
        impl PartialEq<&str> for $ty {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
        impl PartialEq<String> for $ty {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl PartialEq<$ty> for str {
            fn eq(&self, other: &$ty) -> bool {
                self == other.as_str()
            }
        }
        impl PartialEq<$ty> for &str {
            fn eq(&self, other: &$ty) -> bool {
                *self == other.as_str()
            }
        }
        impl PartialEq<$ty> for String {
            fn eq(&self, other: &$ty) -> bool {
                self.as_str() == other.as_str()
            }
        }
        // Equality and hashing are those of the text, so a map keyed by
        // the type can be looked up with a `&str`.
        impl std::borrow::Borrow<str> for $ty {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl AsRef<str> for $ty {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }
        impl fmt::Debug for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let r = UriRef::from_parts(self.as_str(), self.layout_for_debug());
                f.debug_struct(stringify!($ty))
                    .field("as_str", &r.as_str())
                    .field("scheme", &r.scheme())
                    .field("authority", &r.authority())
                    .field("path", &r.path())
                    .field("query", &r.query())
                    .field("fragment", &r.fragment())
                    .finish()
            }
        }
    )*};
}
pub(crate) use impl_string_traits;

impl_string_traits!(UriRef<'_>, Uri<'_>);

impl UriRef<'_> {
    fn layout_for_debug(&self) -> Layout {
        self.layout
    }
}

impl Uri<'_> {
    fn layout_for_debug(&self) -> Layout {
        self.inner.layout
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        UriRef::parse(s)
    }
}

impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        Uri::parse(s)
    }
}
