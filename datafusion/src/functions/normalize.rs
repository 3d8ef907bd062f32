//! `uri_normalize(uri)` and `uri_equivalent(a, b)`: normal forms and
//! comparison (RFC 3986 section 6).

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, BooleanBuilder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::{normalize, UriRef, UriRefBuf};

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::{call_rows, finish_call, StringArg};
use crate::views::{map_to_text, Text};

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
        map_to_text(&args.args[0], |text| match UriRef::parse(text) {
            // Already normal: point at the input instead of copying.
            Ok(uri) => match normalize(&uri) {
                normal if normal.as_str() == text => Text::Piece(text),
                normal => Text::Owned(normal.into_string()),
            },
            Err(_) => Text::Null,
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
        let left = StringArg::new(&args.args[0])?;
        let right = StringArg::new(&args.args[1])?;
        let (left, right) = (left.rows()?, right.rows()?);
        let (rows, all_scalar) = call_rows(&[left, right]);
        let normal_form = |text: Option<&str>| -> Option<UriRefBuf> {
            UriRef::parse(text?).ok().map(|uri| normalize(&uri))
        };
        // A constant side is normalized once.
        let constant_left = left.is_scalar().then(|| normal_form(left.get(0)));
        let constant_right = right.is_scalar().then(|| normal_form(right.get(0)));
        let mut out = BooleanBuilder::with_capacity(rows);
        for i in 0..rows {
            let (row_left, row_right);
            let a = match &constant_left {
                Some(a) => a.as_ref(),
                None => {
                    row_left = normal_form(left.get(i));
                    row_left.as_ref()
                }
            };
            let b = match &constant_right {
                Some(b) => b.as_ref(),
                None => {
                    row_right = normal_form(right.get(i));
                    row_right.as_ref()
                }
            };
            out.append_option(a.zip(b).map(|(a, b)| a.as_str() == b.as_str()));
        }
        finish_call(Arc::new(out.finish()) as ArrayRef, all_scalar)
    }
}
