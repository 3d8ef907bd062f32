//! An array's strings in another layout (`string`, `large_string`,
//! `string_view`), for a consumer's `requested_schema`: the same values,
//! inside structs and lists too.

use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringViewBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, ListArray, OffsetSizeTrait, StructArray};
use arrow_schema::{DataType, Fields};
use peguri_arrow::column::StringColumn;

/// `array` as type `to` when the two differ only in the layout of their
/// strings; `None` when they differ in anything else, or the strings do
/// not fit `to` (more than 2 GiB of text for `string`).
pub fn to_type(array: &ArrayRef, to: &DataType) -> Option<ArrayRef> {
    if array.data_type() == to {
        return Some(array.clone());
    }
    match (array.data_type(), to) {
        (DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View, _) => {
            let column = StringColumn::try_new(array.as_ref()).ok()?;
            match to {
                DataType::Utf8 => plain::<i32>(column),
                DataType::LargeUtf8 => plain::<i64>(column),
                DataType::Utf8View => {
                    let mut out = StringViewBuilder::with_capacity(column.len());
                    (0..column.len()).for_each(|row| out.append_option(column.get(row)));
                    Some(Arc::new(out.finish()))
                }
                _ => None,
            }
        }
        (DataType::Struct(from), DataType::Struct(into)) if from.len() == into.len() => {
            let structs = array.as_struct();
            let columns = structs
                .columns()
                .iter()
                .zip(into.iter())
                .map(|(column, field)| to_type(column, field.data_type()))
                .collect::<Option<Vec<_>>>()?;
            let fields: Fields = from
                .iter()
                .zip(&columns)
                .map(|(f, c)| f.as_ref().clone().with_data_type(c.data_type().clone()))
                .collect();
            let out = StructArray::try_new(fields, columns, structs.nulls().cloned()).ok()?;
            Some(Arc::new(out))
        }
        (DataType::List(_), DataType::List(item)) => {
            let list = array.as_list::<i32>();
            let values = to_type(list.values(), item.data_type())?;
            let item = Arc::new(item.as_ref().clone().with_nullable(true));
            let out =
                ListArray::try_new(item, list.offsets().clone(), values, list.nulls().cloned())
                    .ok()?;
            Some(Arc::new(out))
        }
        _ => None,
    }
}

/// The strings of `column` as `Utf8` (`O = i32`) or `LargeUtf8`; `None`
/// when they do not fit.
fn plain<O: OffsetSizeTrait>(column: StringColumn<'_>) -> Option<ArrayRef> {
    let rows = 0..column.len();
    let bytes: usize = rows
        .clone()
        .filter_map(|row| column.get(row))
        .map(str::len)
        .sum();
    O::from_usize(bytes)?;
    let mut out = GenericStringBuilder::<O>::with_capacity(column.len(), bytes);
    rows.for_each(|row| out.append_option(column.get(row)));
    Some(Arc::new(out.finish()))
}
