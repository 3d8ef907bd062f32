//! Percent-decoding any text, and the extension of each row's path.

use std::borrow::Cow;

use arrow_array::{Array, ArrayRef};
use arrow_schema::ArrowError;
use peguri::{pct, UriRef};

use crate::column::{map_text, Layout, Text};

/// Each row percent-decoded (ClickHouse's `decodeURLComponent`): every
/// triplet `%XX` of two hexadecimal digits becomes its octet, and a `%`
/// that starts no triplet stays as it is (`100%`, `%zz`). With
/// `plus_as_space`, each `+` is a space too, as HTML forms encode text
/// (`decodeURLFormComponent`, Python's `unquote_plus`); `%2B` is always a
/// `+`. The row is any text, not necessarily a URI: a component, a
/// parameter's value, a whole URL. Decoded octets that are not UTF-8
/// become U+FFFD, as the query functions decode them and as Python's
/// `unquote` does (`errors="replace"`): the result is always text, never
/// NULL for a non-NULL row. As views, a row with nothing to decode points
/// into the input.
///
/// ```
/// use arrow_array::{cast::AsArray, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let texts = StringArray::from(vec!["caf%C3%A9+cr%C3%A8me", "100%", "a%FFb"]);
/// let decoded = peguri_arrow::decode(&texts, false, Layout::Plain)?;
/// let decoded = decoded.as_string::<i32>();
/// assert_eq!(decoded.value(0), "café+crème");
/// assert_eq!(decoded.value(1), "100%");
/// assert_eq!(decoded.value(2), "a\u{FFFD}b");
/// let form = peguri_arrow::decode(&texts, true, Layout::Plain)?;
/// assert_eq!(form.as_string::<i32>().value(0), "café crème");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn decode(
    array: &dyn Array,
    plus_as_space: bool,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        let octets = if plus_as_space {
            pct::decode_form(text)
        } else {
            pct::decode(text)
        };
        match octets {
            // Nothing decoded: the octets are the row's own.
            Cow::Borrowed(_) => Text::Piece(text),
            Cow::Owned(octets) => Text::Owned(match String::from_utf8(octets) {
                Ok(text) => text,
                Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
            }),
        }
    })
}

/// The longest extension [`path_extension`] reads, as DuckDB's
/// netquack reads one.
const MAX_EXTENSION: usize = 10;

/// The extension of one segment: after its last `.`, when that `.` is not
/// its first character nor follows another `.`, and what follows is one
/// to ten ASCII letters and digits.
fn segment_extension(segment: &str) -> Option<&str> {
    // The `.` is among the last eleven bytes, or the extension is too long:
    // only those are looked at.
    let from = segment.len().saturating_sub(MAX_EXTENSION + 1);
    let dot = from
        + segment.as_bytes()[from..]
            .iter()
            .rposition(|&b| b == b'.')?;
    if dot == 0 || segment[..dot].ends_with('.') {
        return None;
    }
    let extension = &segment[dot + 1..];
    let fits = (1..=MAX_EXTENSION).contains(&extension.len())
        && extension.bytes().all(|b| b.is_ascii_alphanumeric());
    fits.then_some(extension)
}

/// The extension of the last segment of each row's path (netquack's
/// `extract_extension`), lowercase: the text after the segment's last
/// `.`, when that `.` is not the segment's first character (`.htaccess`)
/// and does not follow another `.`, and the text is one to ten ASCII
/// letters and digits (`archive.tar.gz` gives `gz`, `Report.PDF` gives
/// `pdf`). The path is the one RFC 3986 delimits: the query and fragment
/// are not part of it, and a path that ends in `/` has an empty last
/// segment. A path without `/` has one segment, so `photo.jpg` and
/// `mailto:a@example.com` have the extensions `jpg` and `com`, where
/// netquack, which looks for the path after a `/`, gives `''`.
/// Percent-encoded text is read as written (`a%2Etxt` has no `.`, and `%`
/// is no letter). NULL where the row is NULL or not a URI reference, and
/// where the last segment has no extension (netquack gives `''`). As views, an extension that is already lowercase points into
/// the input.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["https://h/files/Report.PDF?v=2", "https://h/a.tar.gz#x", "https://h/dir/", "https://h/.env"]);
/// let extensions = peguri_arrow::path_extension(&urls, Layout::Plain)?;
/// let extensions = extensions.as_string::<i32>();
/// assert_eq!((extensions.value(0), extensions.value(1)), ("pdf", "gz"));
/// assert!(extensions.is_null(2) && extensions.is_null(3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn path_extension(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        let extension = UriRef::parse(text)
            .ok()
            .and_then(|uri| uri.segments().next_back())
            .and_then(segment_extension);
        match extension {
            Some(extension) if extension.bytes().any(|b| b.is_ascii_uppercase()) => {
                Text::Owned(extension.to_ascii_lowercase())
            }
            Some(extension) => Text::Piece(extension),
            None => Text::Null,
        }
    })
}
