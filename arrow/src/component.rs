//! One component of every row, and the port as a number.

use arrow_array::builder::UInt16Builder;
use arrow_array::cast::AsArray;
use arrow_array::types::UInt16Type;
use arrow_array::{Array, ArrayRef, UInt16Array};
use arrow_schema::ArrowError;
use peguri::{Component, UriRef};

use crate::column::{map_strings, Layout, Substrings};

/// The text of `which` in every row, as written (percent-encoding
/// included), laid out as `layout` says (as views, it points into
/// `array`'s buffers). NULL where the input is NULL, is not a URI
/// reference, or has no such component; `""` where the component is
/// present and empty. The components are `peguri::Component`'s, read as
/// [`peguri::Reference::component`] reads them.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::{column::Layout, component, Component};
///
/// let urls = StringArray::from(vec![Some("http://example.com/a"), Some("/relative"), Some("http://h/a b"), None]);
/// let hosts = component(&urls, Component::Host, Layout::Plain)?;
/// assert_eq!(hosts.as_string::<i32>().value(0), "example.com");
/// assert!(hosts.is_null(1) && hosts.is_null(2) && hosts.is_null(3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn component(
    array: &dyn Array,
    which: Component,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_strings(array, |input| {
        let mut out = Substrings::new(input, layout);
        for row in 0..input.len() {
            let piece = input
                .get(row)
                .and_then(|text| UriRef::parse(text).ok())
                .and_then(|uri| uri.component(which));
            out.append(row, piece)?;
        }
        out.finish()
    })
}

/// The port of every row as a number. NULL where the input is NULL or not
/// a URI reference, has no port or an empty one, or the port is above
/// 65535 (the grammar's `port = *DIGIT` allows both). A scheme's default
/// port is not filled in.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec!["http://h:8080/", "http://h/", "http://h:99999/"]);
/// let ports = peguri_arrow::port_number(&urls)?;
/// assert_eq!(ports.value(0), 8080);
/// assert!(ports.is_null(1) && ports.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn port_number(array: &dyn Array) -> Result<UInt16Array, ArrowError> {
    let out = map_strings(array, |input| {
        let mut out = UInt16Builder::with_capacity(input.len());
        for row in 0..input.len() {
            let port = input
                .get(row)
                .and_then(|text| UriRef::parse(text).ok())
                .and_then(|uri| uri.authority())
                .and_then(|authority| authority.port_u16());
            out.append_option(port);
        }
        Ok(std::sync::Arc::new(out.finish()) as ArrayRef)
    })?;
    Ok(out.as_primitive::<UInt16Type>().clone())
}
