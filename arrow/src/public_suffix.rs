//! Public suffixes, registrable domains and subdomains of each row's host
//! (feature `psl`).

use std::borrow::Cow;
use std::cell::RefCell;
use std::ops::Range;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::{PublicSuffixList, UriRef};

use crate::column::{map_text, Layout, Text};

/// The public suffix of each row's host by `list` (see
/// [`peguri::PublicSuffixList`]): lowercase, as the library gives it. NULL
/// where the row is NULL or not a URI reference, has no authority, or its
/// host is an IP address or literal, a reg-name that reads as an IPv4
/// address (`0x7f.1`, `127.1`: RFC 3986 section 7.4), or has an empty
/// label. As views, a
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
    let previous = RefCell::new(Previous::default());
    map_text(array, layout, |text| {
        host_text(text, &previous, |host| list.public_suffix(&host))
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
    let previous = RefCell::new(Previous::default());
    map_text(array, layout, |text| {
        host_text(text, &previous, |host| list.registrable_domain(&host))
    })
}

/// The subdomain of each row's host by `list` (see
/// [`peguri::PublicSuffixList::subdomain`]): the labels before its
/// registrable domain, lowercase, without the dot that joins them; `""`
/// for a host that is its registrable domain. NULL where
/// [`registrable_domain`] is. With [`registrable_domain`] and
/// [`public_suffix`] it is tldextract's split of a host.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri::PublicSuffixList;
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["https://a.b.example.co.uk/", "https://example.co.uk/", "http://co.uk/", "http://0x7f.1/"]);
/// let subs = peguri_arrow::subdomain(&urls, &PublicSuffixList::built_in(), Layout::Plain)?;
/// let subs = subs.as_string::<i32>();
/// assert_eq!((subs.value(0), subs.value(1)), ("a.b", ""));
/// assert!(subs.is_null(2) && subs.is_null(3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn subdomain(
    array: &dyn Array,
    list: &PublicSuffixList,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    let previous = RefCell::new(Previous::default());
    map_text(array, layout, |text| {
        host_text(text, &previous, |host| list.subdomain(&host))
    })
}

/// The host of the previous row that had one, and what it gave: rows in
/// a run with the same host (a table sorted or clustered by site, the
/// files under one directory) take the result without a lookup in the
/// list.
#[derive(Default)]
struct Previous {
    host: String,
    found: Option<Found>,
}

/// A result, kept apart from the row it was computed for.
enum Found {
    Null,
    /// The bytes of the host that the result is.
    Piece(Range<usize>),
    Owned(String),
}

/// `f` of the host of `text`, if it is a URI reference with an authority;
/// for the same host text as the previous row's, that row's result.
fn host_text<'a>(
    text: &'a str,
    previous: &RefCell<Previous>,
    f: impl FnOnce(peguri::Host<'a>) -> Option<Cow<'a, str>>,
) -> Text<'a> {
    let Some(authority) = UriRef::parse(text).ok().and_then(|uri| uri.authority()) else {
        return Text::Null;
    };
    let host = authority.host_str();
    let mut previous = previous.borrow_mut();
    if previous.host != host || previous.found.is_none() {
        let found = match f(authority.host()) {
            None => Found::Null,
            Some(Cow::Borrowed(piece)) => match range_in(host, piece) {
                Some(range) => Found::Piece(range),
                None => Found::Owned(piece.to_owned()),
            },
            Some(Cow::Owned(text)) => Found::Owned(text),
        };
        previous.host.clear();
        previous.host.push_str(host);
        previous.found = Some(found);
    }
    match &previous.found {
        Some(Found::Piece(range)) => Text::Piece(&host[range.clone()]),
        Some(Found::Owned(text)) => Text::Owned(text.clone()),
        Some(Found::Null) | None => Text::Null,
    }
}

/// Where `piece`, a slice of `whole`, lies in it (by address: the library
/// cuts a result from the host as written when it can).
fn range_in(whole: &str, piece: &str) -> Option<Range<usize>> {
    let start = (piece.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    let end = start.checked_add(piece.len())?;
    whole.get(start..end)?;
    Some(start..end)
}

/// The label of each row's registrable domain before its public suffix
/// (`example` for `https://shop.example.co.uk/`): ClickHouse's
/// `firstSignificantSubdomain`, tldextract's `domain`. Lowercase, as
/// [`registrable_domain`] gives it, and NULL where it is NULL.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri::PublicSuffixList;
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["https://shop.Example.co.uk/", "http://co.uk/"]);
/// let labels = peguri_arrow::registrable_label(&urls, &PublicSuffixList::built_in(), Layout::Plain)?;
/// let labels = labels.as_string::<i32>();
/// assert_eq!(labels.value(0), "example");
/// assert!(labels.is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn registrable_label(
    array: &dyn Array,
    list: &PublicSuffixList,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    let previous = RefCell::new(Previous::default());
    map_text(array, layout, |text| {
        // A registrable domain is a label, a dot, and the public suffix.
        let first_label = |domain: &str| domain.split('.').next().map(str::len);
        host_text(text, &previous, |host| {
            list.registrable_domain(&host)
                .and_then(|domain| match domain {
                    Cow::Borrowed(piece) => first_label(piece).map(|n| Cow::Borrowed(&piece[..n])),
                    Cow::Owned(text) => {
                        first_label(&text).map(|n| Cow::Owned(text[..n].to_owned()))
                    }
                })
        })
    })
}
