//! `uri_resolve(base, reference)`: reference resolution (RFC 3986 section
//! 5.2).

use datafusion::arrow::array::new_null_array;
use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri_arrow::column::{Layout, StringColumn};
use peguri_arrow::Base;

use crate::docs::document;
use crate::signature::{meta_methods, Meta};
use crate::strings::{map_column, scalar_as_string_array, StringArg};

/// `uri_resolve(base, reference)`: the URI `reference` stands for when
/// read against `base`, by the strict algorithm of RFC 3986 section 5.2.2
/// with dot segments removed (5.2.4). NULL when either argument is NULL or
/// not a URI reference, and when `base` has no scheme (a base must be an
/// absolute URI, 5.2.1; its fragment is ignored).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ResolveFunction {
    meta: Meta,
}

impl ResolveFunction {
    pub(crate) fn new() -> Self {
        ResolveFunction {
            meta: Meta::new(
                "uri_resolve",
                2,
                &[],
                document(
                    "Resolves `reference` against `base` (RFC 3986 section 5.2, strict; dot \
                     segments removed). NULL when an argument is NULL or not a URI reference, \
                     or when the base has no scheme.",
                    "uri_resolve(base, reference)",
                    "SELECT uri_resolve('http://a/b/c/d;p?q', '../g?y#s'); -- 'http://a/b/g?y#s'",
                    &[
                        ("base", "The base URI: a URI with a scheme."),
                        ("reference", "The URI reference to resolve."),
                    ],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for ResolveFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let references = &args.args[1];
        match &args.args[0] {
            // A constant base (the usual case): parsed once, and a
            // dictionary of references resolved once per distinct value.
            ColumnarValue::Scalar(base) => {
                let base = scalar_as_string_array(base)?;
                match StringColumn::try_new(base.as_ref())?.get(0) {
                    Some(base) => map_column(references, |references| {
                        peguri_arrow::resolve(Base::Scalar(base), references, Layout::View)
                    }),
                    None => map_column(references, |references| {
                        Ok(new_null_array(&DataType::Utf8View, references.len()))
                    }),
                }
            }
            ColumnarValue::Array(bases) => {
                // A constant reference against a base per row is rare: it
                // is repeated into a column.
                let references = StringArg::new(references)?.broadcast(bases.len())?;
                let resolved = peguri_arrow::resolve(
                    Base::Array(bases.as_ref()),
                    references.as_ref(),
                    Layout::View,
                )?;
                Ok(ColumnarValue::Array(resolved))
            }
        }
    }
}
