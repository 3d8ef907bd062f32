//! Whether each row is a URI reference, and if not, why.

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray};
use arrow_schema::ArrowError;
use peguri::{ParseError, UriRef};

use crate::column::{map_strings, map_text, Layout, Text};

/// One line saying why an input is not a URI reference: the message, then
/// where (byte offset, and column in characters from 1).
///
/// ```
/// let error = peguri::UriRef::parse("http://h/a b").unwrap_err();
/// assert_eq!(
///     peguri_arrow::describe(&error),
///     "invalid character ' ' in path at byte 10 (column 11)"
/// );
/// ```
pub fn describe(error: &ParseError) -> String {
    format!(
        "{} at byte {} (column {})",
        error.message(),
        error.offset(),
        error.column()
    )
}

/// Whether each row is an RFC 3986 URI reference (`URI-reference`: a URI
/// or a relative reference); NULL for NULL.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec![Some("http://h/"), Some("http://h/a b"), None]);
/// let valid = peguri_arrow::is_valid(&urls)?;
/// assert!(valid.value(0));
/// assert!(!valid.value(1));
/// assert!(valid.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn is_valid(array: &dyn Array) -> Result<BooleanArray, ArrowError> {
    let out = map_strings(array, |input| {
        let mut out = BooleanBuilder::with_capacity(input.len());
        for row in 0..input.len() {
            out.append_option(input.get(row).map(|text| UriRef::parse(text).is_ok()));
        }
        Ok(Arc::new(out.finish()) as ArrayRef)
    })?;
    Ok(out.as_boolean().clone())
}

/// Why each row is not a URI reference, in one line (see [`describe`]);
/// NULL for a valid row and for NULL.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/", "http://h/a b"]);
/// let errors = peguri_arrow::error(&urls, Layout::Plain)?;
/// let errors = errors.as_string::<i32>();
/// assert!(errors.is_null(0));
/// assert_eq!(errors.value(1), "invalid character ' ' in path at byte 10 (column 11)");
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn error(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| match UriRef::parse(text) {
        Ok(_) => Text::Null,
        Err(error) => Text::Owned(describe(&error)),
    })
}
