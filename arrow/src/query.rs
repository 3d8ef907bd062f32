//! The value of one key of each row's query.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::query::QueryPairs;
use peguri::UriRef;

use crate::column::{map_text, Layout, Text};

/// The value of the first `key=value` pair of `uri`'s query whose key is
/// `key`, as [`query_param`] defines it; borrowed from the URI when
/// nothing needed decoding. The SQL function `uri_query_param` and the
/// Python `query_param` both call it.
///
/// ```
/// let uri = peguri::UriRef::parse("http://h/?q=caf%C3%A9&flag&q=second")?;
/// assert_eq!(peguri_arrow::query_value(&uri, "q").as_deref(), Some("café"));
/// assert_eq!(peguri_arrow::query_value(&uri, "flag").as_deref(), Some(""));
/// assert_eq!(peguri_arrow::query_value(&uri, "none"), None);
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn query_value<'a>(uri: &UriRef<'a>, key: &str) -> Option<Cow<'a, str>> {
    QueryPairs::new(uri.query()?)
        .raw()
        .find(|pair| pair.key() == key)
        .map(|pair| pair.value().unwrap_or(Cow::Borrowed("")))
}

/// The value of `key` in each row's query: the percent-decoded value of
/// the first pair whose percent-decoded key is `key`, pairs separated by
/// `&`, with `+` left as `+` (RFC 3986 gives it no meaning; HTML forms'
/// space-as-`+` is a convention of their own). A repeated key gives its
/// first value; a key without `=` (`?flag`) gives `""`. NULL where the
/// row is NULL or not a URI reference, has no query, or no pair has the
/// key. Decoded octets that are not UTF-8 become U+FFFD. As views, a value
/// with nothing to decode points into the input.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/?utm_source=mail&id=7", "http://h/?id=1&id=2", "http://h/?id", "http://h/", "a b?id=3"]);
/// let ids = peguri_arrow::query_param(&urls, "id", Layout::Plain)?;
/// let ids = ids.as_string::<i32>();
/// assert_eq!((ids.value(0), ids.value(1), ids.value(2)), ("7", "1", ""));
/// assert!(ids.is_null(3) && ids.is_null(4));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn query_param(array: &dyn Array, key: &str, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        match UriRef::parse(text)
            .ok()
            .and_then(|uri| query_value(&uri, key))
        {
            Some(Cow::Borrowed(value)) => Text::Piece(value),
            Some(Cow::Owned(value)) => Text::Owned(value),
            None => Text::Null,
        }
    })
}
