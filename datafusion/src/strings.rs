//! The string arguments the functions accept: `Utf8`, `LargeUtf8` and
//! `Utf8View` columns, read in place, and the plumbing that turns scalars
//! and dictionary-encoded columns into those.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, LargeStringArray, StringArray};
use datafusion::arrow::array::{ByteView, StringViewArray};
use datafusion::arrow::buffer::Buffer;
use datafusion::arrow::compute::{cast, take};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::ColumnarValue;

/// A string column of one of the three physical string types, read without
/// copying.
#[derive(Clone, Copy, Debug)]
pub(crate) enum StringColumn<'a> {
    /// `Utf8`.
    Utf8(&'a StringArray),
    /// `LargeUtf8`.
    LargeUtf8(&'a LargeStringArray),
    /// `Utf8View`.
    Utf8View(&'a StringViewArray),
}

impl<'a> StringColumn<'a> {
    /// Reads `array` as a string column; an error for any other type
    /// (dictionaries are unpacked before, by [`map_strings`]).
    pub(crate) fn try_new(array: &'a ArrayRef) -> Result<Self> {
        Ok(match array.data_type() {
            DataType::Utf8 => StringColumn::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => StringColumn::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => StringColumn::Utf8View(array.as_string_view()),
            other => return exec_err!("expected a string column, got {other}"),
        })
    }

    /// The number of rows.
    pub(crate) fn len(&self) -> usize {
        match self {
            StringColumn::Utf8(a) => a.len(),
            StringColumn::LargeUtf8(a) => a.len(),
            StringColumn::Utf8View(a) => a.len(),
        }
    }

    /// Row `i`, or `None` when it is NULL.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            StringColumn::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            StringColumn::LargeUtf8(a) => a.is_valid(i).then(|| a.value(i)),
            StringColumn::Utf8View(a) => a.is_valid(i).then(|| a.value(i)),
        }
    }

    /// The data buffers a view into this column's text may point at, and
    /// for a text `sub` taken from row `row`, the index of the buffer that
    /// holds it and its offset there. `None` when the row's text is not in
    /// a data buffer (a `Utf8View` row of 12 bytes or less is stored inside
    /// its view) or when the offset does not fit a view's 32 bits.
    pub(crate) fn locate(&self, row: usize, sub: &str) -> Option<(usize, u32)> {
        let (index, buffer) = match self {
            StringColumn::Utf8(a) => (0, a.values()),
            StringColumn::LargeUtf8(a) => (0, a.values()),
            StringColumn::Utf8View(a) => {
                let view = ByteView::from(a.views()[row]);
                if view.length <= 12 {
                    return None;
                }
                let index = view.buffer_index as usize;
                (index, &a.data_buffers()[index])
            }
        };
        // `sub` borrows from the row's text, which lies in `buffer`: the
        // distance between the two starts is its offset there.
        let offset = (sub.as_ptr() as usize).checked_sub(buffer.as_ptr() as usize)?;
        if offset + sub.len() > buffer.len() {
            return None;
        }
        Some((index, u32::try_from(offset).ok()?))
    }

    /// The buffers [`locate`](Self::locate)'s indices refer to.
    pub(crate) fn data_buffers(&self) -> Vec<Buffer> {
        match self {
            StringColumn::Utf8(a) => vec![a.values().clone()],
            StringColumn::LargeUtf8(a) => vec![a.values().clone()],
            StringColumn::Utf8View(a) => a.data_buffers().to_vec(),
        }
    }
}

/// Applies `f` to the strings of a one-argument call: a column is given to
/// `f` as is; a dictionary-encoded column is computed once per distinct
/// value and expanded by its keys; a scalar is computed as a one-row column
/// and returned as a scalar, never broadcast.
pub(crate) fn map_strings(
    arg: &ColumnarValue,
    f: impl Fn(StringColumn<'_>) -> Result<ArrayRef>,
) -> Result<ColumnarValue> {
    match arg {
        ColumnarValue::Array(array) => Ok(ColumnarValue::Array(map_array(array, &f)?)),
        ColumnarValue::Scalar(scalar) => {
            let array = scalar_as_string_array(scalar)?;
            let result = map_array(&array, &f)?;
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                &result, 0,
            )?))
        }
    }
}

fn map_array(
    array: &ArrayRef,
    f: &impl Fn(StringColumn<'_>) -> Result<ArrayRef>,
) -> Result<ArrayRef> {
    if let DataType::Dictionary(_, _) = array.data_type() {
        let dictionary = array.as_any_dictionary();
        let per_value = map_array(dictionary.values(), f)?;
        return Ok(take(&per_value, dictionary.keys(), None)?);
    }
    f(StringColumn::try_new(array)?)
}

/// A scalar string argument as a one-row string column (a NULL of any type
/// becomes a NULL string).
pub(crate) fn scalar_as_string_array(scalar: &ScalarValue) -> Result<ArrayRef> {
    let array = match scalar {
        ScalarValue::Dictionary(_, inner) => return scalar_as_string_array(inner),
        ScalarValue::Utf8(_) | ScalarValue::LargeUtf8(_) | ScalarValue::Utf8View(_) => {
            scalar.to_array_of_size(1)?
        }
        other if other.is_null() => Arc::new(StringArray::new_null(1)),
        other => return exec_err!("expected a string, got {}", other.data_type()),
    };
    Ok(array)
}

/// One argument of a call with several: a column, or a scalar that every
/// row shares, kept as a one-row column (never broadcast).
#[derive(Debug)]
pub(crate) struct StringArg {
    array: ArrayRef,
    scalar: bool,
}

impl StringArg {
    pub(crate) fn new(arg: &ColumnarValue) -> Result<Self> {
        Ok(match arg {
            ColumnarValue::Array(array) => StringArg {
                array: unpack_dictionary(array)?,
                scalar: false,
            },
            ColumnarValue::Scalar(scalar) => StringArg {
                array: scalar_as_string_array(scalar)?,
                scalar: true,
            },
        })
    }

    /// The rows of this argument.
    pub(crate) fn rows(&self) -> Result<Rows<'_>> {
        Ok(Rows {
            column: StringColumn::try_new(&self.array)?,
            scalar: self.scalar,
        })
    }
}

/// The rows of one argument: row `i` of a column, or the scalar for every
/// `i`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rows<'a> {
    column: StringColumn<'a>,
    scalar: bool,
}

impl<'a> Rows<'a> {
    /// The string of row `i`, `None` for NULL.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        self.column.get(self.row(i))
    }

    /// Where row `i` is in [`column`](Self::column).
    #[inline]
    pub(crate) fn row(&self, i: usize) -> usize {
        if self.scalar {
            0
        } else {
            i
        }
    }

    /// The column the rows come from (one row for a scalar).
    pub(crate) fn column(&self) -> StringColumn<'a> {
        self.column
    }

    /// Whether every row is the same scalar.
    pub(crate) fn is_scalar(&self) -> bool {
        self.scalar
    }
}

/// A dictionary-encoded column as a plain column of its value type; other
/// columns as they are.
fn unpack_dictionary(array: &ArrayRef) -> Result<ArrayRef> {
    match array.data_type() {
        DataType::Dictionary(_, value_type) => Ok(cast(array, value_type)?),
        _ => Ok(Arc::clone(array)),
    }
}

/// The number of rows of a call, and whether every argument is a scalar
/// (the call then computes one row and returns a scalar).
pub(crate) fn call_rows(args: &[Rows<'_>]) -> (usize, bool) {
    match args.iter().find(|a| !a.is_scalar()) {
        Some(column) => (column.column().len(), false),
        None => (1, true),
    }
}

/// Returns `array` as the call's result: a scalar when every argument was.
pub(crate) fn finish_call(array: ArrayRef, all_scalar: bool) -> Result<ColumnarValue> {
    if all_scalar {
        Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
            &array, 0,
        )?))
    } else {
        Ok(ColumnarValue::Array(array))
    }
}
