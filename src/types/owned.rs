//! The owned URI types, [`UriRefBuf`] and [`UriBuf`]: to [`UriRef`] and
//! [`Uri`] what `String` is to `&str`.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::layout::Layout;
use crate::syntax::parse::parse;
use crate::types::authority::Authority;
use crate::types::path::Segments;
use crate::types::uri_ref::{Uri, UriRef, impl_string_traits};

/// An owned URI reference: its text and the positions of its components.
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
    string: String,
    layout: Layout,
}

/// An owned URI (with a scheme). Borrowing it as a [`Uri`] costs nothing.
///
/// ```
/// use peguri::UriBuf;
///
/// let owned = UriBuf::parse("http://example.com/")?;
/// assert_eq!(owned.scheme(), "http");
/// assert_eq!(owned.as_uri().authority().unwrap().host_str(), "example.com");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone)]
pub struct UriBuf {
    inner: UriRefBuf,
}

impl UriRefBuf {
    /// Parses an owned URI reference.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if the text is not a URI reference; it gives the
    /// text back ([`ParseError::into_input`]).
    ///
    /// ```
    /// let owned = peguri::UriRefBuf::parse(String::from("a#b"))?;
    /// assert_eq!(owned.fragment(), Some("b"));
    /// let err = peguri::UriRefBuf::parse(String::from("a b")).unwrap_err();
    /// assert_eq!(err.into_input(), "a b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    // The error carries the input back, as `String` does in
    // `Result<_, FromUtf8Error>`; boxing it would cost an allocation.
    #[allow(clippy::result_large_err)]
    pub fn parse(s: impl Into<String>) -> Result<Self, ParseError<String>> {
        let string = s.into();
        match parse(&string, Syntax::new(Entry::UriReference, Grammar::Rfc3986)) {
            Ok(layout) => Ok(UriRefBuf { string, layout }),
            Err(e) => Err(e.with_input(string)),
        }
    }

    pub(crate) fn from_parts(string: String, layout: Layout) -> Self {
        UriRefBuf { string, layout }
    }

    /// A relative reference whose path is `path` (any RFC 3986 `path`,
    /// percent-encoded as a URI holds it), made safe to use as one: a
    /// relative path whose first segment holds `:` gets `./` in front, so
    /// that it is not read as a scheme (section 4.2), and a path starting
    /// with `//` gets `/.`, so that it is not read as an authority. Both
    /// prefixes leave the path the same once resolution removes dot
    /// segments. An empty path gives the empty reference (which means the
    /// base document itself).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] (rule `path`) if `path` is not a path: a `?`, `#`,
    /// space or other character no path holds, or a bad `%` triplet.
    ///
    /// ```
    /// use peguri::UriRefBuf;
    ///
    /// assert_eq!(UriRefBuf::from_path("a:b/c")?, "./a:b/c");
    /// assert_eq!(UriRefBuf::from_path("docs/a:b")?, "docs/a:b");
    /// assert_eq!(UriRefBuf::from_path("//not-a-host/x")?, "/.//not-a-host/x");
    /// assert_eq!(UriRefBuf::from_path("/abs/path")?.path(), "/abs/path");
    /// let err = UriRefBuf::from_path("a b").unwrap_err();
    /// assert_eq!((err.rule(), err.offset()), ("path", 1));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn from_path(path: &str) -> Result<UriRefBuf, ParseError> {
        crate::syntax::pct::validate_path(path)?;
        let first = path.split('/').next().unwrap_or_default();
        let prefix = if path.starts_with("//") {
            "/."
        } else if !path.starts_with('/') && first.contains(':') {
            "./"
        } else {
            ""
        };
        let text = format!("{prefix}{path}");
        let layout = parse(&text, Syntax::new(Entry::RelativeRef, Grammar::Rfc3986))?;
        Ok(UriRefBuf {
            string: text,
            layout,
        })
    }

    /// Borrows this reference as a [`UriRef`].
    ///
    /// ```
    /// let owned = peguri::UriRefBuf::parse("a:b")?;
    /// assert_eq!(owned.as_uri_ref().scheme(), Some("a"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.string, self.layout)
    }

    /// The whole reference.
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("a:b")?.as_str(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.string
    }

    /// The text, giving up the component positions.
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("a:b")?.into_string(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.string
    }

    /// The scheme. See [`UriRef::scheme`].
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("/p")?.scheme(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&str> {
        self.as_uri_ref().scheme()
    }

    /// The authority. See [`UriRef::authority`].
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("//h")?.authority().unwrap().host_str(), "h");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.as_uri_ref().authority()
    }

    /// The path. See [`UriRef::path`].
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("//h/p")?.path(), "/p");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &str {
        self.as_uri_ref().path()
    }

    /// The path's segments. See [`UriRef::segments`].
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("a/b")?.segments().count(), 2);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'_> {
        self.as_uri_ref().segments()
    }

    /// The query. See [`UriRef::query`].
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("?")?.query(), Some(""));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.as_uri_ref().query()
    }

    /// The fragment. See [`UriRef::fragment`].
    ///
    /// ```
    /// assert_eq!(peguri::UriRefBuf::parse("#x")?.fragment(), Some("x"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.as_uri_ref().fragment()
    }

    /// Whether the reference has a scheme. See [`UriRef::has_scheme`].
    ///
    /// ```
    /// assert!(peguri::UriRefBuf::parse("a:")?.has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.as_uri_ref().has_scheme()
    }

    /// Whether the reference has no scheme. See [`UriRef::is_relative`].
    ///
    /// ```
    /// assert!(peguri::UriRefBuf::parse("a")?.is_relative());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.as_uri_ref().is_relative()
    }

    fn layout_for_debug(&self) -> Layout {
        self.layout
    }
}

impl UriBuf {
    /// Parses an owned URI.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if the text is not a URI; it gives the text back
    /// ([`ParseError::into_input`]).
    ///
    /// ```
    /// assert!(peguri::UriBuf::parse("a:b").is_ok());
    /// assert_eq!(peguri::UriBuf::parse("b").unwrap_err().into_input(), "b");
    /// ```
    #[allow(clippy::result_large_err)] // The error gives the input back.
    pub fn parse(s: impl Into<String>) -> Result<Self, ParseError<String>> {
        Self::parse_entry(s.into(), Entry::Uri)
    }

    /// Parses an owned absolute URI (no fragment). See
    /// [`Uri::parse_absolute`].
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if the text is not an `absolute-URI`; it gives the
    /// text back.
    ///
    /// ```
    /// assert!(peguri::UriBuf::parse_absolute("a:b#c").is_err());
    /// ```
    // The error carries the input back, as `String` does in
    // `Result<_, FromUtf8Error>`; boxing it would cost an allocation.
    #[allow(clippy::result_large_err)]
    pub fn parse_absolute(s: impl Into<String>) -> Result<Self, ParseError<String>> {
        Self::parse_entry(s.into(), Entry::AbsoluteUri)
    }

    // The error carries the input back, as `String` does in
    // `Result<_, FromUtf8Error>`; boxing it would cost an allocation.
    #[allow(clippy::result_large_err)]
    fn parse_entry(string: String, entry: Entry) -> Result<Self, ParseError<String>> {
        match parse(&string, Syntax::new(entry, Grammar::Rfc3986)) {
            Ok(layout) => Ok(UriBuf {
                inner: UriRefBuf { string, layout },
            }),
            Err(e) => Err(e.with_input(string)),
        }
    }

    pub(crate) fn from_uri_ref_buf(inner: UriRefBuf) -> Self {
        UriBuf { inner }
    }

    /// Borrows this URI as a [`Uri`].
    ///
    /// ```
    /// let owned = peguri::UriBuf::parse("a:b")?;
    /// assert_eq!(owned.as_uri().path(), "b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri(&self) -> Uri<'_> {
        // Every constructor checks that the layout has a scheme.
        Uri::from_uri_ref(self.inner.as_uri_ref())
    }

    /// Borrows this URI as a [`UriRef`].
    ///
    /// ```
    /// let owned = peguri::UriBuf::parse("a:b")?;
    /// assert!(owned.as_uri_ref().has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        self.inner.as_uri_ref()
    }

    /// The whole URI.
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b")?.as_str(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        self.inner.as_str()
    }

    /// The text, giving up the component positions.
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b")?.into_string(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn into_string(self) -> String {
        self.inner.into_string()
    }

    /// The scheme.
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b")?.scheme(), "a");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> &str {
        self.inner.scheme().unwrap_or_default()
    }

    /// The authority. See [`UriRef::authority`].
    ///
    /// ```
    /// assert!(peguri::UriBuf::parse("a:b")?.authority().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.inner.authority()
    }

    /// The path. See [`UriRef::path`].
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b")?.path(), "b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &str {
        self.inner.path()
    }

    /// The path's segments. See [`UriRef::segments`].
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b/c")?.segments().last(), Some("c"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn segments(&self) -> Segments<'_> {
        self.inner.segments()
    }

    /// The query. See [`UriRef::query`].
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b?c")?.query(), Some("c"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.inner.query()
    }

    /// The fragment. See [`UriRef::fragment`].
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b#c")?.fragment(), Some("c"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        self.inner.fragment()
    }

    fn layout_for_debug(&self) -> Layout {
        self.inner.layout
    }
}

// The owned copies of the borrowed types live here, with the owned types,
// so that `uri_ref` does not import this module back.
impl UriRef<'_> {
    /// An owned copy ([`UriRefBuf`](crate::UriRefBuf)); the component
    /// positions are reused, nothing is parsed again.
    ///
    /// ```
    /// let owned = peguri::UriRef::parse("a:b")?.to_owned();
    /// assert_eq!(owned.scheme(), Some("a"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> UriRefBuf {
        UriRefBuf::from_parts(self.as_str().to_owned(), self.layout())
    }
}

impl Uri<'_> {
    /// An owned copy ([`UriBuf`](crate::UriBuf)), without parsing again.
    ///
    /// ```
    /// let owned = peguri::Uri::parse("a:b")?.to_owned();
    /// assert_eq!(owned.scheme(), "a");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> UriBuf {
        UriBuf::from_uri_ref_buf(self.as_uri_ref().to_owned())
    }
}

impl_string_traits!(UriRefBuf, UriBuf);

/// `==` between two URI types: the same text.
macro_rules! impl_cross_eq {
    ($(($a:ty, $b:ty)),* $(,)?) => {$(
        impl PartialEq<$b> for $a {
            fn eq(&self, other: &$b) -> bool {
                self.as_str() == other.as_str()
            }
        }
        impl PartialEq<$a> for $b {
            fn eq(&self, other: &$a) -> bool {
                self.as_str() == other.as_str()
            }
        }
    )*};
}

impl_cross_eq!(
    (UriRef<'_>, Uri<'_>),
    (UriRef<'_>, UriRefBuf),
    (UriRef<'_>, UriBuf),
    (Uri<'_>, UriRefBuf),
    (Uri<'_>, UriBuf),
    (UriRefBuf, UriBuf),
);

// From text that is only borrowed, parse first and copy only what is
// valid: an invalid input costs no copy.
impl FromStr for UriRefBuf {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        UriRef::parse(s).map(|uri| uri.to_owned())
    }
}

impl FromStr for UriBuf {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        Uri::parse(s).map(|uri| uri.to_owned())
    }
}

impl TryFrom<String> for UriRefBuf {
    type Error = ParseError<String>;

    fn try_from(s: String) -> Result<Self, ParseError<String>> {
        UriRefBuf::parse(s)
    }
}

impl TryFrom<String> for UriBuf {
    type Error = ParseError<String>;

    fn try_from(s: String) -> Result<Self, ParseError<String>> {
        UriBuf::parse(s)
    }
}

impl TryFrom<&str> for UriRefBuf {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Self, ParseError> {
        s.parse()
    }
}

impl TryFrom<&str> for UriBuf {
    type Error = ParseError;

    fn try_from(s: &str) -> Result<Self, ParseError> {
        s.parse()
    }
}

impl From<UriRef<'_>> for UriRefBuf {
    fn from(r: UriRef<'_>) -> Self {
        r.to_owned()
    }
}

impl From<Uri<'_>> for UriBuf {
    fn from(u: Uri<'_>) -> Self {
        u.to_owned()
    }
}

impl From<UriBuf> for UriRefBuf {
    fn from(u: UriBuf) -> Self {
        u.inner
    }
}

impl From<UriRefBuf> for String {
    fn from(u: UriRefBuf) -> Self {
        u.string
    }
}

impl From<UriBuf> for String {
    fn from(u: UriBuf) -> Self {
        u.into_string()
    }
}

impl TryFrom<UriRefBuf> for UriBuf {
    type Error = UriRefBuf;

    /// Succeeds when the reference has a scheme; gives it back otherwise.
    fn try_from(r: UriRefBuf) -> Result<Self, Self::Error> {
        if r.has_scheme() {
            Ok(UriBuf { inner: r })
        } else {
            Err(r)
        }
    }
}
