//! Public suffixes and registrable domains of each row's host (feature
//! `psl`).

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::{PublicSuffixList, UriRef};

use crate::column::{map_text, Layout, Text};

/// The public suffix of each row's host by `list` (see
/// [`peguri::PublicSuffixList`]): lowercase, as the library gives it. NULL
/// where the row is NULL or not a URI reference, has no authority, or its
/// host is an IP address or literal, or has an empty label. As views, a
/// suffix that is a piece of the row (already lowercase) points into the
/// input.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri::PublicSuffixList;
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["https://www.Example.CO.UK/", "http://[::1]/", "/relative"]);
/// let suffixes = peguri_arrow::public_suffix(&urls, &PublicSuffixList::built_in(), Layout::Plain)?;
/// let suffixes = suffixes.as_string::<i32>();
/// assert_eq!(suffixes.value(0), "co.uk");
/// assert!(suffixes.is_null(1) && suffixes.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn public_suffix(
    array: &dyn Array,
    list: &PublicSuffixList,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        host_text(text, |host| list.public_suffix(&host))
    })
}

/// The registrable domain of each row's host by `list` (see
/// [`peguri::PublicSuffixList`]): its public suffix and the label before
/// it, lowercase. NULL where [`public_suffix`] is, and where the host is
/// itself a public suffix.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri::PublicSuffixList;
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["https://www.example.co.uk/", "https://shop.example.co.uk/", "http://co.uk/"]);
/// let sites = peguri_arrow::registrable_domain(&urls, &PublicSuffixList::built_in(), Layout::Plain)?;
/// let sites = sites.as_string::<i32>();
/// assert_eq!((sites.value(0), sites.value(1)), ("example.co.uk", "example.co.uk"));
/// assert!(sites.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn registrable_domain(
    array: &dyn Array,
    list: &PublicSuffixList,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        host_text(text, |host| list.registrable_domain(&host))
    })
}

/// `f` of the host of `text`, if it is a URI reference with an authority.
fn host_text<'a>(
    text: &'a str,
    f: impl FnOnce(peguri::Host<'a>) -> Option<Cow<'a, str>>,
) -> Text<'a> {
    let found = UriRef::parse(text)
        .ok()
        .and_then(|uri| uri.authority())
        .and_then(|authority| f(authority.host()));
    match found {
        Some(Cow::Borrowed(piece)) => Text::Piece(piece),
        Some(Cow::Owned(text)) => Text::Owned(text),
        None => Text::Null,
    }
}
