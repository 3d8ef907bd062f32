//! Each row against its scheme's own syntax (feature `schemes`): the
//! grammars of `peguri::scheme`.

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray};
use arrow_schema::ArrowError;
use peguri::scheme::SchemeError;
use peguri::UriRef;

use crate::column::{map_strings, map_text, Layout, Text};

/// One line saying why a URI breaks its scheme's syntax: the message
/// (which names the RFC and section), then where (byte offset into the
/// whole URI, and column in characters from 1), as [`describe`](crate::describe)
/// words a parse error.
///
/// ```
/// let uri = peguri::UriRef::parse("geo:91,0")?;
/// let error = peguri::scheme::validate(&uri).unwrap().unwrap_err();
/// assert_eq!(
///     peguri_arrow::describe_scheme_error(&error),
///     "latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2) at byte 4 (column 5)"
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn describe_scheme_error(error: &SchemeError) -> String {
    format!(
        "{} at byte {} (column {})",
        error.message(),
        error.offset(),
        error.column()
    )
}

/// Whether each row is valid under its scheme's own syntax (RFC 9110 for
/// `http`, RFC 6068 for `mailto`, RFC 8141 for `urn`...: the schemes of
/// [`peguri::scheme::Scheme`]); NULL for NULL, for a row that is not a URI
/// reference (see [`is_valid`](crate::is_valid)), and for one without a
/// scheme or whose scheme peguri has no grammar for.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec!["urn:example:a", "urn:a:b", "gopher://h/", "a b"]);
/// let valid = peguri_arrow::scheme_valid(&urls)?;
/// assert!(valid.value(0));
/// assert!(!valid.value(1));
/// assert!(valid.is_null(2) && valid.is_null(3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn scheme_valid(array: &dyn Array) -> Result<BooleanArray, ArrowError> {
    let out = map_strings(array, |input| {
        let mut out = BooleanBuilder::with_capacity(input.len());
        for row in 0..input.len() {
            let valid = input.get(row).and_then(|text| {
                let uri = UriRef::parse(text).ok()?;
                Some(peguri::scheme::validate(&uri)?.is_ok())
            });
            out.append_option(valid);
        }
        Ok(Arc::new(out.finish()) as ArrayRef)
    })?;
    Ok(out.as_boolean().clone())
}

/// Why each row breaks its scheme's own syntax, in one line (see
/// [`describe_scheme_error`]); NULL where [`scheme_valid`] is true or
/// NULL.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/", "http://"]);
/// let errors = peguri_arrow::scheme_error(&urls, Layout::Plain)?;
/// let errors = errors.as_string::<i32>();
/// assert!(errors.is_null(0));
/// assert!(errors.value(1).ends_with("(RFC 9110 section 4.2.1) at byte 7 (column 8)"));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn scheme_error(array: &dyn Array, layout: Layout) -> Result<ArrayRef, ArrowError> {
    map_text(array, layout, |text| {
        let error = UriRef::parse(text)
            .ok()
            .and_then(|uri| peguri::scheme::validate(&uri)?.err());
        error.map_or(Text::Null, |e| Text::Owned(describe_scheme_error(&e)))
    })
}
