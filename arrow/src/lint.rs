//! The codes of the security findings of RFC 3986 section 7.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, ListArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef};
use peguri::UriRef;

use crate::column::{map_strings, Layout, Substrings};

/// The item field of [`lint`]'s lists with [`Layout::View`]: `item`,
/// `Utf8View`, nullable (as `Field::new_list_field` makes it). With
/// [`Layout::Plain`] the item is `Utf8` (or `LargeUtf8`).
///
/// ```
/// use arrow_schema::DataType;
///
/// assert_eq!(peguri_arrow::lint_item().data_type(), &DataType::Utf8View);
/// ```
pub fn lint_item() -> FieldRef {
    Arc::new(Field::new_list_field(DataType::Utf8View, true))
}

/// The codes of what RFC 3986 section 7 warns about in each valid row
/// (`foreign-port`, `encoded-nul`, `password-in-userinfo`,
/// `ambiguous-ipv4`, ... as `peguri check` and `peguri::lint` report
/// them), in the order of their position in the URI, as a list of strings
/// laid out as `layout` says. At most
/// [`MAX_FINDINGS_PER_CODE`](peguri::lint::MAX_FINDINGS_PER_CODE) (100) of
/// each code are listed, so a list stays small whatever the row's length.
/// An empty list when there is nothing to say; NULL for NULL and for
/// invalid input (which is not linted: see [`error`](crate::error)).
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://user:pw@0x7f.1:25/", "http://h/", "a b"]);
/// let codes = peguri_arrow::lint(&urls, Layout::Plain)?;
/// let first = codes.value(0);
/// let first: Vec<_> = first.as_string::<i32>().iter().flatten().collect();
/// assert_eq!(first, ["password-in-userinfo", "ambiguous-ipv4", "foreign-port"]);
/// assert_eq!(codes.value(1).len(), 0);
/// assert!(codes.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn lint(array: &dyn Array, layout: Layout) -> Result<ListArray, ArrowError> {
    let out = map_strings(array, |input| {
        let mut codes = Substrings::new(input, layout);
        let mut offsets: Vec<i32> = Vec::with_capacity(input.len() + 1);
        offsets.push(0);
        let mut valid = Vec::with_capacity(input.len());
        let mut count: usize = 0;
        for row in 0..input.len() {
            let uri = input.get(row).and_then(|text| UriRef::parse(text).ok());
            if let Some(uri) = &uri {
                for finding in &peguri::lint::lint(uri) {
                    codes.append_owned(finding.code.as_str())?;
                    count += 1;
                }
            }
            let end = i32::try_from(count).map_err(|_| {
                ArrowError::ComputeError(format!("more than {} findings in one column", i32::MAX))
            })?;
            offsets.push(end);
            valid.push(uri.is_some());
        }
        let codes = codes.finish()?;
        let item = Arc::new(Field::new_list_field(codes.data_type().clone(), true));
        let nulls = Some(NullBuffer::from(valid)).filter(|n| n.null_count() > 0);
        let list = ListArray::try_new(item, OffsetBuffer::new(offsets.into()), codes, nulls)?;
        Ok(Arc::new(list) as ArrayRef)
    })?;
    Ok(arrow_array::cast::AsArray::as_list::<i32>(&out).clone())
}
