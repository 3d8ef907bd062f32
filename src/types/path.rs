//! Path segments (RFC 3986 section 3.3).

use alloc::borrow::Cow;
use core::iter::FusedIterator;

/// The segments of a path, in order, still percent-encoded.
///
/// A path that begins with `/` has no segment before that `/`; the empty
/// path has no segments; every `/` after the first starts a new segment,
/// possibly empty. The grammar's `segment` rule excludes `/` (`pchar` does
/// not contain it), so in a path the grammar accepted, every `/` is a
/// segment boundary and the segments are exactly the text between them.
///
/// ```
/// use peguri::UriRef;
///
/// let segs = |s| UriRef::parse(s).unwrap().segments().collect::<Vec<_>>();
/// assert_eq!(segs("/a/b"), ["a", "b"]);
/// assert_eq!(segs("a/b/"), ["a", "b", ""]);
/// assert_eq!(segs("/"), [""]);
/// assert!(segs("").is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    inner: Option<core::str::Split<'a, char>>,
}

impl<'a> Segments<'a> {
    pub(crate) fn new(path: &'a str) -> Self {
        let rest = path.strip_prefix('/').unwrap_or(path);
        let inner = (!path.is_empty()).then(|| rest.split('/'));
        Segments { inner }
    }

    /// The segments percent-decoded, as text: each borrowed when it holds
    /// no triplet, octets that are not UTF-8 replaced by U+FFFD (see
    /// [`pct::decode_lossy`](crate::pct::decode_lossy)). A decoded segment
    /// may hold `/`: the segments are still those of the path.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("/docs/J%C3%BCrgen/a%2Fb/")?;
    /// let decoded: Vec<_> = uri.segments().decoded().collect();
    /// assert_eq!(decoded, ["docs", "Jürgen", "a/b", ""]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn decoded(self) -> impl DoubleEndedIterator<Item = Cow<'a, str>> {
        self.map(crate::syntax::pct::decode_lossy)
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.inner.as_mut()?.next()
    }
}

impl DoubleEndedIterator for Segments<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.as_mut()?.next_back()
    }
}

impl FusedIterator for Segments<'_> {}
