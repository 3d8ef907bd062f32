//! `uri_whatwg_differs(s)`: the components whose meaning differs between
//! the RFC 3986 and the WHATWG URL Standard readings of a string (as
//! `peguri whatwg` reports them).

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, ListBuilder, StringViewBuilder};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::whatwg::compare;
use peguri_arrow::column::map_strings;

use crate::docs::document;
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// `uri_whatwg_differs(s)`: a list of component names (`scheme`,
/// `userinfo`, `host`, `port`, `path`, `query`, `fragment`, `validity`),
/// in that order; an empty list when both standards read the string
/// alike (or both reject it); NULL for NULL. Any string is compared,
/// valid or not: `validity` says that one standard rejects it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct WhatwgDiffersFunction {
    meta: Meta,
}

impl WhatwgDiffersFunction {
    pub(crate) fn new() -> Self {
        WhatwgDiffersFunction {
            meta: Meta::new(
                "uri_whatwg_differs",
                1,
                &[],
                document(
                    "The components whose meaning differs between the RFC 3986 reading of a \
                     string and the WHATWG URL Standard's (browsers' and most HTTP clients'), \
                     different spellings of one meaning set aside: scheme, userinfo, host, \
                     port, path, query, fragment, and validity when one standard rejects the \
                     string. An empty list when they agree or both reject it; NULL for NULL. \
                     `peguri whatwg` gives both readings and the causes.",
                    "uri_whatwg_differs(s)",
                    "SELECT uri_whatwg_differs('http://0x7f.1/'); -- [host]",
                    &[(
                        "s",
                        "Any string (a URL as logged): a column or literal of any string type.",
                    )],
                ),
            ),
        }
    }
}

/// The list's item field.
fn item() -> Arc<Field> {
    Arc::new(Field::new_list_field(DataType::Utf8View, true))
}

impl ScalarUDFImpl for WhatwgDiffersFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::List(item()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            map_strings(array, |input| {
                let mut out = ListBuilder::with_capacity(StringViewBuilder::new(), input.len())
                    .with_field(item());
                for row in 0..input.len() {
                    match input.get(row) {
                        Some(text) => {
                            let comparison = compare(text);
                            if comparison.validity_differs() {
                                out.values().append_value("validity");
                            }
                            for component in comparison.differences() {
                                out.values().append_value(component.as_str());
                            }
                            out.append(true);
                        }
                        None => out.append_null(),
                    }
                }
                Ok(Arc::new(out.finish()) as ArrayRef)
            })
        })
    }
}
