//! `uri_is_valid(uri)`, `uri_error(uri)`, `uri_error_offset(uri)` and
//! `uri_error_column(uri)`: whether a string is an RFC 3986 URI reference,
//! and if not, why and where.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};

use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// `uri_is_valid(uri)`: true for an RFC 3986 URI reference, false for any
/// other string, NULL for NULL.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct IsValidFunction {
    meta: Meta,
}

impl IsValidFunction {
    pub(crate) fn new() -> Self {
        IsValidFunction {
            meta: Meta::new(
                "uri_is_valid",
                1,
                &[],
                document(
                    "True when the input is an RFC 3986 URI reference (URI-reference: a URI or \
                     a relative reference), false otherwise, NULL for NULL.",
                    "uri_is_valid(uri)",
                    "SELECT uri_is_valid('http://h/a b'); -- false",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for IsValidFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], peguri_arrow::is_valid)
    }
}

/// `uri_error(uri)`: why the input is not a URI reference, the message
/// alone (one text per cause, to group by); NULL for a valid input and for
/// NULL.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ErrorFunction {
    meta: Meta,
}

impl ErrorFunction {
    pub(crate) fn new() -> Self {
        ErrorFunction {
            meta: Meta::new(
                "uri_error",
                1,
                &[],
                document(
                    "Why the input is not an RFC 3986 URI reference: what is wrong and in \
                     which component, the same text for every input with the same cause (to \
                     group and count by); where is uri_error_offset and uri_error_column. \
                     NULL when the input is valid or NULL.",
                    "uri_error(uri)",
                    "SELECT uri_error('http://h/a b'); -- invalid character ' ' in path",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for ErrorFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::error_message(array, Layout::View)
        })
    }
}

/// `uri_error_offset(uri)` or `uri_error_column(uri)`: where the input
/// stops being a URI reference, as a `UInt64`; NULL for a valid input and
/// for NULL.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ErrorPositionFunction {
    meta: Meta,
    column: bool,
}

impl ErrorPositionFunction {
    /// `uri_error_offset(uri)`: the byte offset of the error.
    pub(crate) fn offset() -> Self {
        ErrorPositionFunction {
            meta: Meta::new(
                "uri_error_offset",
                1,
                &[],
                document(
                    "Where the input stops being an RFC 3986 URI reference: the byte offset \
                     (UTF-8, from 0) of its error, as a UInt64. NULL when the input is valid \
                     or NULL.",
                    "uri_error_offset(uri)",
                    "SELECT uri_error_offset('http://h/a b'); -- 10",
                    &[URI_ARGUMENT],
                ),
            ),
            column: false,
        }
    }

    /// `uri_error_column(uri)`: the column of the error, in characters.
    pub(crate) fn column() -> Self {
        ErrorPositionFunction {
            meta: Meta::new(
                "uri_error_column",
                1,
                &[],
                document(
                    "Where the input stops being an RFC 3986 URI reference: the column of \
                     its error, in characters from 1, as a UInt64. NULL when the input is \
                     valid or NULL.",
                    "uri_error_column(uri)",
                    "SELECT uri_error_column('http://h/a b'); -- 11",
                    &[URI_ARGUMENT],
                ),
            ),
            column: true,
        }
    }
}

impl ScalarUDFImpl for ErrorPositionFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::UInt64)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        if self.column {
            map_column(&args.args[0], peguri_arrow::error_column)
        } else {
            map_column(&args.args[0], peguri_arrow::error_offset)
        }
    }
}
