//! The string arguments of a call, as the kernels of `peguri-arrow` take
//! them: a column is passed as it is (`Utf8`, `LargeUtf8`, `Utf8View` or
//! a dictionary, which the kernels compute once per distinct value); a
//! scalar becomes a one-row column, never broadcast, and its result a
//! scalar again.

use std::sync::Arc;

use datafusion::arrow::array::{new_null_array, Array, ArrayRef, StringArray};
use datafusion::arrow::error::ArrowError;
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs};
use peguri_arrow::column::{unpack_dictionary, StringColumn};

/// Applies a one-column kernel to the argument of a one-argument call.
pub(crate) fn map_column<A: Array + 'static>(
    arg: &ColumnarValue,
    kernel: impl Fn(&dyn Array) -> Result<A, ArrowError>,
) -> Result<ColumnarValue> {
    match arg {
        ColumnarValue::Array(array) => Ok(ColumnarValue::Array(Arc::new(kernel(array.as_ref())?))),
        ColumnarValue::Scalar(scalar) => {
            let array = scalar_as_string_array(scalar)?;
            let result = kernel(array.as_ref())?;
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                &result, 0,
            )?))
        }
    }
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
                array: unpack_dictionary(array.as_ref())?,
                scalar: false,
            },
            ColumnarValue::Scalar(scalar) => StringArg {
                array: scalar_as_string_array(scalar)?,
                scalar: true,
            },
        })
    }

    /// The argument as a column of `rows` rows: a column as it is, a
    /// scalar repeated.
    pub(crate) fn broadcast(&self, rows: usize) -> Result<ArrayRef> {
        if self.scalar {
            Ok(ScalarValue::try_from_array(&self.array, 0)?.to_array_of_size(rows)?)
        } else {
            Ok(Arc::clone(&self.array))
        }
    }

    /// The rows of this argument.
    pub(crate) fn rows(&self) -> Result<Rows<'_>> {
        Ok(Rows {
            column: StringColumn::try_new(self.array.as_ref())?,
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

/// The constant boolean argument at `index` (`plus_as_space`), `false`
/// when the call leaves it out; `None` for NULL. A column is an error that
/// shows the function's syntax: the reading of a whole column is chosen
/// once.
pub(crate) fn constant_flag(
    args: &[ColumnarValue],
    index: usize,
    syntax: &str,
) -> Result<Option<bool>> {
    match args.get(index) {
        None => Ok(Some(false)),
        Some(ColumnarValue::Scalar(ScalarValue::Boolean(value))) => Ok(*value),
        Some(ColumnarValue::Scalar(other)) if other.is_null() => Ok(None),
        Some(_) => {
            exec_err!("{syntax}: plus_as_space must be a constant (true or false), not a column")
        }
    }
}

/// The result of a call one of whose constant arguments is NULL: NULL for
/// every row (the functions are strict).
pub(crate) fn all_null(args: &ScalarFunctionArgs) -> Result<ColumnarValue> {
    let data_type = args.return_type();
    if args
        .args
        .iter()
        .all(|a| matches!(a, ColumnarValue::Scalar(_)))
    {
        Ok(ColumnarValue::Scalar(ScalarValue::try_from(data_type)?))
    } else {
        Ok(ColumnarValue::Array(new_null_array(
            data_type,
            args.number_rows,
        )))
    }
}
