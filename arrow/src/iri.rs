//! IRI to URI (RFC 3987 section 3.1).

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::IriRef;

use crate::column::{map_text, Layout, Text};

/// The URI reference each IRI reference maps to: every non-ASCII
/// character percent-encoded as UTF-8 (RFC 3987 section 3.1; no IDNA, no
/// punycode). A URI comes back unchanged (as views, pointed at rather than
/// copied). NULL for NULL and for a string that is not an IRI reference.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let iris = StringArray::from(vec!["http://example.com/Dürst", "http://h/", "a b"]);
/// let uris = peguri_arrow::iri_to_uri(&iris, Layout::View)?;
/// let uris = uris.as_string_view();
/// assert_eq!(uris.value(0), "http://example.com/D%C3%BCrst");
/// assert_eq!(uris.value(1), "http://h/");
/// assert!(uris.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn iri_to_uri(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| match IriRef::parse(text) {
        // ASCII only: the IRI is its own URI.
        Ok(_) if text.is_ascii() => Text::Piece(text),
        Ok(iri) => Text::Owned(iri.to_uri().into_string()),
        Err(_) => Text::Null,
    })
}
