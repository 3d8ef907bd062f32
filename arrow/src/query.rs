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
    query_value_with(uri, key, false)
}

/// [`query_value`], with `+` read as a space in keys and values when
/// `plus_as_space` is set (HTML forms' `application/x-www-form-urlencoded`,
/// as yarl, `urllib.parse.parse_qsl` and web frameworks read a query): the
/// definition of [`query_param_with`].
///
/// ```
/// let uri = peguri::UriRef::parse("http://h/?q=a+b%2Bc&first+name=Jo")?;
/// assert_eq!(peguri_arrow::query_value_with(&uri, "q", false).as_deref(), Some("a+b+c"));
/// assert_eq!(peguri_arrow::query_value_with(&uri, "q", true).as_deref(), Some("a b+c"));
/// assert_eq!(peguri_arrow::query_value_with(&uri, "first name", true).as_deref(), Some("Jo"));
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn query_value_with<'a>(
    uri: &UriRef<'a>,
    key: &str,
    plus_as_space: bool,
) -> Option<Cow<'a, str>> {
    QueryPairs::new(uri.query()?)
        .plus_as_space(plus_as_space)
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
    query_param_with(array, key, false, layout)
}

/// [`query_param`], with `+` read as a space in keys and values when
/// `plus_as_space` is set, as HTML forms write a query
/// (`application/x-www-form-urlencoded`): what yarl's `URL.query`,
/// Python's `urllib.parse.parse_qsl` and ClickHouse's
/// `decodeURLFormComponent` give. Off, it is [`query_param`]: RFC 3986
/// gives `+` no meaning.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/?q=rust+arrow", "http://h/?q=a%2Bb"]);
/// let form = peguri_arrow::query_param_with(&urls, "q", true, Layout::Plain)?;
/// let form = form.as_string::<i32>();
/// assert_eq!((form.value(0), form.value(1)), ("rust arrow", "a+b"));
/// let rfc = peguri_arrow::query_param_with(&urls, "q", false, Layout::Plain)?;
/// assert_eq!(rfc.as_string::<i32>().value(0), "rust+arrow");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn query_param_with(
    array: &dyn Array,
    key: &str,
    plus_as_space: bool,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        match UriRef::parse(text)
            .ok()
            .and_then(|uri| query_value_with(&uri, key, plus_as_space))
        {
            Some(Cow::Borrowed(value)) => Text::Piece(value),
            Some(Cow::Owned(value)) => Text::Owned(value),
            None => Text::Null,
        }
    })
}
