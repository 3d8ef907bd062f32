//! The codes of the security findings of RFC 3986 section 7.

use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringViewBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, ListArray};
use arrow_schema::{ArrowError, DataType, Field, FieldRef};
use peguri::UriRef;

use crate::column::map_strings;

/// The item field of [`lint`]'s lists: `item`, `Utf8View`, nullable (as
/// `Field::new_list_field` makes it).
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
/// them), in the order of their position in the URI. An empty list when
/// there is nothing to say; NULL for NULL and for invalid input (which is
/// not linted: see [`error`](crate::error)).
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
///
/// let urls = StringArray::from(vec!["http://user:pw@0x7f.1:25/", "http://h/", "a b"]);
/// let codes = peguri_arrow::lint(&urls)?;
/// let first = codes.value(0);
/// let first: Vec<_> = first.as_string_view().iter().flatten().collect();
/// assert_eq!(first, ["password-in-userinfo", "ambiguous-ipv4", "foreign-port"]);
/// assert_eq!(codes.value(1).len(), 0);
/// assert!(codes.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn lint(array: &dyn Array) -> Result<ListArray, ArrowError> {
    let out = map_strings(array, |input| {
        let mut out = ListBuilder::with_capacity(StringViewBuilder::new(), input.len())
            .with_field(lint_item());
        for row in 0..input.len() {
            match input.get(row).map(UriRef::parse) {
                Some(Ok(uri)) => {
                    for finding in peguri::lint::lint(&uri) {
                        out.values().append_value(finding.code.as_str());
                    }
                    out.append(true);
                }
                _ => out.append_null(),
            }
        }
        Ok(Arc::new(out.finish()) as ArrayRef)
    })?;
    Ok(out.as_list::<i32>().clone())
}
