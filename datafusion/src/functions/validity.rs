//! `uri_is_valid(uri)` and `uri_error(uri)`: whether a string is an RFC
//! 3986 URI reference, and if not, why.

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

/// `uri_error(uri)`: why the input is not a URI reference, in one line;
/// NULL for a valid input and for NULL.
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
                    "Why the input is not an RFC 3986 URI reference, in one line: what is \
                     wrong, in which component, at which byte offset and column. NULL when \
                     the input is valid or NULL.",
                    "uri_error(uri)",
                    "SELECT uri_error('http://h/a b');\n\
                     -- invalid character ' ' in path at byte 10 (column 11)",
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
            peguri_arrow::error(array, Layout::View)
        })
    }
}
