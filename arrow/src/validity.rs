//! Whether each row is a URI reference, and if not, why.

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{Array, ArrayRef, BooleanArray, UInt64Array};
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

/// Why each row is not a URI reference, in one line with where (see
/// [`describe`]); NULL for a valid row and for NULL. [`error_message`]
/// gives the message alone, one text per cause, to group rows by.
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

/// Why each row is not a URI reference: the message alone, without where
/// (that is [`error_offset`] and [`error_column`]), so that rows with the
/// same cause have the same text to group and count by. NULL for a valid
/// row and for NULL.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/", "http://h/a b", "http://h/long/a b"]);
/// let messages = peguri_arrow::error_message(&urls, Layout::Plain)?;
/// let messages = messages.as_string::<i32>();
/// assert!(messages.is_null(0));
/// assert_eq!(messages.value(1), "invalid character ' ' in path");
/// assert_eq!(messages.value(2), messages.value(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn error_message(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| match UriRef::parse(text) {
        Ok(_) => Text::Null,
        Err(error) => Text::Owned(error.message().to_string()),
    })
}

/// Where each row stops being a URI reference: the byte offset (UTF-8) of
/// its error, as [`ParseError::offset`] gives it. NULL for a valid row and
/// for NULL.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec![Some("http://h/"), Some("http://h/a b"), None]);
/// let offsets = peguri_arrow::error_offset(&urls)?;
/// assert!(offsets.is_null(0) && offsets.is_null(2));
/// assert_eq!(offsets.value(1), 10);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn error_offset(array: &dyn Array) -> Result<UInt64Array, ArrowError> {
    error_position(array, ParseError::offset)
}

/// Where each row stops being a URI reference: the column of its error, in
/// characters from 1, as [`ParseError::column`] gives it. NULL for a valid
/// row and for NULL.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec![Some("http://h/"), Some("http://h/a b"), None]);
/// let columns = peguri_arrow::error_column(&urls)?;
/// assert!(columns.is_null(0) && columns.is_null(2));
/// assert_eq!(columns.value(1), 11);
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn error_column(array: &dyn Array) -> Result<UInt64Array, ArrowError> {
    error_position(array, ParseError::column)
}

/// `position` of each row's parse error, NULL where there is none.
fn error_position(
    array: &dyn Array,
    position: fn(&ParseError) -> usize,
) -> Result<UInt64Array, ArrowError> {
    let out = map_strings(array, |input| {
        let mut out = UInt64Builder::with_capacity(input.len());
        for row in 0..input.len() {
            let error = input.get(row).and_then(|text| UriRef::parse(text).err());
            out.append_option(error.map(|e| position(&e) as u64));
        }
        Ok(Arc::new(out.finish()) as ArrayRef)
    })?;
    Ok(out.as_primitive::<UInt64Type>().clone())
}
