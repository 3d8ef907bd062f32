//! `uri_normalize(uri)` and `uri_equivalent(a, b)`: normal forms and
//! comparison (RFC 3986 section 6).

use std::sync::Arc;

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};

use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::{finish_call, map_column, StringArg};

/// `uri_normalize(uri)`: the syntax- and scheme-based normal form (RFC
/// 3986 sections 6.2.2 and 6.2.3, as `peguri normalize` gives it); NULL for
/// NULL or invalid input.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct NormalizeFunction {
    meta: Meta,
}

impl NormalizeFunction {
    pub(crate) fn new() -> Self {
        NormalizeFunction {
            meta: Meta::new(
                "uri_normalize",
                1,
                &[],
                document(
                    "The normal form of a URI reference (RFC 3986 sections 6.2.2 and 6.2.3): \
                     scheme and host lowercased, percent-encoding normalized, dot segments \
                     removed, a default port dropped, an empty path after an authority \
                     written '/' where the scheme says so. NULL for NULL or invalid input.",
                    "uri_normalize(uri)",
                    "SELECT uri_normalize('HTTP://Example.COM:80/a/./%7Euser'); \
                     -- 'http://example.com/a/~user'",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for NormalizeFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::normalize(array, Layout::View)
        })
    }
}

/// `uri_equivalent(a, b)`: whether two URI references have the same normal
/// form; NULL when either is NULL or invalid.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct EquivalentFunction {
    meta: Meta,
}

impl EquivalentFunction {
    pub(crate) fn new() -> Self {
        EquivalentFunction {
            meta: Meta::new(
                "uri_equivalent",
                2,
                &[],
                document(
                    "True when two URI references are equivalent after syntax- and \
                     scheme-based normalization (RFC 3986 section 6.2), that is, when \
                     uri_normalize gives the same string for both. NULL when either is NULL \
                     or not a URI reference.",
                    "uri_equivalent(a, b)",
                    "SELECT uri_equivalent('http://example.com', 'HTTP://Example.COM:80/'); -- true",
                    &[
                        ("a", "A URI reference."),
                        ("b", "Another URI reference."),
                    ],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for EquivalentFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let rows = match (&args.args[0], &args.args[1]) {
            (ColumnarValue::Array(column), _) | (_, ColumnarValue::Array(column)) => column.len(),
            _ => 1,
        };
        let all_scalar = args
            .args
            .iter()
            .all(|arg| matches!(arg, ColumnarValue::Scalar(_)));
        // A constant side is repeated into a column; the kernel normalizes
        // a row equal to the one before it once, so the constant once.
        let left = StringArg::new(&args.args[0])?.broadcast(rows)?;
        let right = StringArg::new(&args.args[1])?.broadcast(rows)?;
        let same = peguri_arrow::equivalent(left.as_ref(), right.as_ref())?;
        finish_call(Arc::new(same), all_scalar)
    }
}
