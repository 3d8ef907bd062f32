//! Pieces of each row that span or trim RFC 3986's components (the query
//! with the fragment, the path with what follows it, the host without a
//! leading `www.`, the host's last label), and each row without some of its
//! parts: what ClickHouse's `queryStringAndFragment`, `pathFull`,
//! `domainWithoutWWW`, `topLevelDomain`, `cutWWW`, `cutQueryString`,
//! `cutFragment` and `cutQueryStringAndFragment` give, for the rows that are
//! URI references.
//!
//! A reference is its components joined by their delimiters (RFC 3986
//! section 5.3), each component a piece of the row as written, so where
//! each part starts and ends follows from their lengths.

use std::ops::Range;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::{Host, UriRef};

use crate::column::{map_text, Layout, Text};

/// Where the parts of a URI reference lie in its text.
struct Spans {
    /// The host's bytes (an empty range when there is no authority).
    host: Range<usize>,
    /// Whether the reference has an authority, hence a host.
    has_host: bool,
    /// Where the path starts (after the scheme and the authority).
    path_start: usize,
    /// Where the path ends (the `?` of the query, the `#` of the fragment,
    /// or the end).
    path_end: usize,
    /// Where the query ends, after the path when there is none (the `#`
    /// of the fragment, or the end).
    query_end: usize,
}

impl Spans {
    /// The spans of `uri`, parsed from its whole text.
    fn of(uri: &UriRef<'_>) -> Spans {
        let scheme = uri.scheme().map_or(0, |s| s.len() + 1);
        let (host, has_host, authority) = match uri.authority() {
            Some(a) => {
                let start = scheme + 2 + a.userinfo().map_or(0, |u| u.len() + 1);
                (
                    start..start + a.host_str().len(),
                    true,
                    a.as_str().len() + 2,
                )
            }
            None => (0..0, false, 0),
        };
        let path_start = scheme + authority;
        let path_end = path_start + uri.path().len();
        let query_end = path_end + uri.query().map_or(0, |q| q.len() + 1);
        Spans {
            host,
            has_host,
            path_start,
            path_end,
            query_end,
        }
    }
}

/// `f` of each row that is a URI reference, with where its parts lie;
/// NULL for the others.
fn map_spans(
    array: &dyn Array,
    layout: Layout,
    f: impl for<'a> Fn(&'a str, &UriRef<'a>, Spans) -> Option<Text<'a>>,
) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        UriRef::parse(text)
            .ok()
            .and_then(|uri| f(text, &uri, Spans::of(&uri)))
            .unwrap_or(Text::Null)
    })
}

/// The host without a leading `www.` label: the rest of the host when it
/// starts with `www.` (ignoring case, as hosts compare: RFC 3986 section
/// 3.2.2) and something follows.
fn strip_www(host: &str) -> Option<&str> {
    let rest = host.get(4..).filter(|rest| !rest.is_empty())?;
    host[..4].eq_ignore_ascii_case("www.").then_some(rest)
}

/// The query and the fragment of each row as they are written after `?`:
/// `q=1#top` for `http://h/p?q=1#top`; `#top` (with its `#`) when there is
/// a fragment but no query, as ClickHouse's `queryStringAndFragment` gives
/// it. NULL where the row is NULL or not a URI reference, or has neither.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/p?q=1#top", "http://h/p#top", "http://h/p"]);
/// let out = peguri_arrow::query_and_fragment(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!((out.value(0), out.value(1)), ("q=1#top", "#top"));
/// assert!(out.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn query_and_fragment(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, uri, spans| {
        let start = match (uri.query(), uri.fragment()) {
            (Some(_), _) => spans.path_end + 1,
            (None, Some(_)) => spans.query_end,
            (None, None) => return None,
        };
        text.get(start..).map(Text::Piece)
    })
}

/// The path of each row with the query and the fragment that follow it,
/// delimiters included (`/p?q=1#top`): ClickHouse's `pathFull`. `""` for a
/// reference that is only a scheme and an authority; NULL where the row is
/// NULL or not a URI reference.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/p?q=1#top", "http://h?q", "mailto:a@b"]);
/// let out = peguri_arrow::path_query_and_fragment(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!((out.value(0), out.value(1), out.value(2)), ("/p?q=1#top", "?q", "a@b"));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn path_query_and_fragment(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, _, spans| {
        text.get(spans.path_start..).map(Text::Piece)
    })
}

/// The host of each row without a leading `www.` (`example.com` for
/// `http://WWW.example.com/`): ClickHouse's `domainWithoutWWW`, with the
/// label compared ignoring case as hosts are (RFC 3986 section 3.2.2). A
/// host that is `www.` alone, or does not start with it, is given as
/// written. NULL where the row is NULL or not a URI reference, or has no
/// authority.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://WWW.example.com/", "http://www2.example.com/", "/relative"]);
/// let out = peguri_arrow::host_without_www(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!((out.value(0), out.value(1)), ("example.com", "www2.example.com"));
/// assert!(out.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn host_without_www(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, _, spans| {
        let host = text.get(spans.host).filter(|_| spans.has_host)?;
        Some(Text::Piece(strip_www(host).unwrap_or(host)))
    })
}

/// The last label of each row's registered name, as written, after a
/// trailing dot (`com` for `http://www.example.com./`, `uk` for
/// `http://example.co.uk/`): ClickHouse's `topLevelDomain`, which is not
/// the public suffix (`co.uk`). A name of one label is its own last label
/// (`localhost`). NULL where the row is NULL or not a URI reference, has
/// no authority, its host is an IP address or literal, or the label is
/// empty or all digits (no top-level domain is: RFC 3696 section 2).
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://www.Example.CO.UK/", "http://127.0.0.1/", "http://1.2.3.4.5/"]);
/// let out = peguri_arrow::top_level_domain(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!(out.value(0), "UK");
/// assert!(out.is_null(1) && out.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn top_level_domain(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |_, uri, _| {
        let Host::RegName(name) = uri.authority()?.host() else {
            return None;
        };
        let name = name.strip_suffix('.').unwrap_or(name);
        let label = name.rsplit('.').next().unwrap_or(name);
        let numeric = label.bytes().all(|b| b.is_ascii_digit());
        (!numeric).then_some(Text::Piece(label))
    })
}

/// Each row without the leading `www.` of its host (as
/// [`host_without_www`] finds it), the rest byte for byte:
/// `http://example.com/p` for `http://www.example.com/p` (ClickHouse's
/// `cutWWW`). A row whose host has none is given as it is; NULL where the
/// row is NULL or not a URI reference.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://u@www.example.com:80/p?q#f", "http://example.com/"]);
/// let out = peguri_arrow::remove_www(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!(out.value(0), "http://u@example.com:80/p?q#f");
/// assert_eq!(out.value(1), "http://example.com/");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn remove_www(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, _, spans| {
        let host = text.get(spans.host.clone()).filter(|_| spans.has_host);
        match host.and_then(strip_www) {
            Some(rest) => {
                let before = text.get(..spans.host.start)?;
                let after = text.get(spans.host.end..)?;
                Some(Text::Owned([before, rest, after].concat()))
            }
            None => Some(Text::Piece(text)),
        }
    })
}

/// Each row without its query and the `?` before it, the rest (the
/// fragment included) byte for byte: ClickHouse's `cutQueryString`. A row
/// without a query is given as it is; NULL where the row is NULL or not a
/// URI reference.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/p?q=1#top", "http://h/p?q=1", "http://h/p#top"]);
/// let out = peguri_arrow::remove_query(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!((out.value(0), out.value(1), out.value(2)), ("http://h/p#top", "http://h/p", "http://h/p#top"));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn remove_query(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, uri, spans| {
        if uri.query().is_none() {
            return Some(Text::Piece(text));
        }
        let before = text.get(..spans.path_end)?;
        if uri.fragment().is_none() {
            return Some(Text::Piece(before));
        }
        let after = text.get(spans.query_end..)?;
        Some(Text::Owned([before, after].concat()))
    })
}

/// Each row without its fragment and the `#` before it: ClickHouse's
/// `cutFragment`. NULL where the row is NULL or not a URI reference.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/p?q=1#top", "http://h/p"]);
/// let out = peguri_arrow::remove_fragment(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!((out.value(0), out.value(1)), ("http://h/p?q=1", "http://h/p"));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn remove_fragment(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, _, spans| {
        text.get(..spans.query_end).map(Text::Piece)
    })
}

/// Each row without its query and its fragment, with their delimiters:
/// ClickHouse's `cutQueryStringAndFragment`. NULL where the row is NULL or
/// not a URI reference.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/p?q=1#top", "http://h/p#top"]);
/// let out = peguri_arrow::remove_query_and_fragment(&urls, Layout::Plain)?;
/// let out = out.as_string::<i32>();
/// assert_eq!((out.value(0), out.value(1)), ("http://h/p", "http://h/p"));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn remove_query_and_fragment(
    array: &dyn Array,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_spans(array, layout, |text, _, spans| {
        text.get(..spans.path_end).map(Text::Piece)
    })
}
