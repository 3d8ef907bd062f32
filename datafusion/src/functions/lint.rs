//! `uri_lint(uri)`: the codes of the security findings of RFC 3986
//! section 7 (as `peguri check` reports them).

use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, ListBuilder, StringViewBuilder};
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::UriRef;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_strings;

/// `uri_lint(uri)`: a list of finding codes (`ambiguous-ipv4`,
/// `password-in-userinfo`, ...; see `peguri::lint`), in the order of
/// their position in the URI; an empty list when there is nothing to say;
/// NULL for NULL and for invalid input (which is not linted: see
/// `uri_error`).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct LintFunction {
    meta: Meta,
}

impl LintFunction {
    pub(crate) fn new() -> Self {
        LintFunction {
            meta: Meta::new(
                "uri_lint",
                1,
                &[],
                document(
                    "The codes of what RFC 3986 section 7 warns about in a valid URI reference \
                     (foreign-port, encoded-nul, encoded-line-break, encoded-control, \
                     encoded-slash, encoded-dot-segment, ambiguous-ipv4, password-in-userinfo, \
                     empty-password, deceptive-userinfo, mixed-script-host), by position. An \
                     empty list when there is none; NULL for NULL or invalid input.",
                    "uri_lint(uri)",
                    "SELECT uri_lint('http://user:pw@0x7f.1:25/'); \
                     -- [password-in-userinfo, ambiguous-ipv4, foreign-port]",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

/// The list's item field.
fn item() -> Arc<Field> {
    Arc::new(Field::new_list_field(DataType::Utf8View, true))
}

impl ScalarUDFImpl for LintFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::List(item()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_strings(&args.args[0], |input| {
            let mut out = ListBuilder::with_capacity(StringViewBuilder::new(), input.len())
                .with_field(item());
            for row in 0..input.len() {
                match input.get(row).map(UriRef::parse) {
                    Some(Ok(uri)) => {
                        for finding in peguri::lint(&uri) {
                            out.values().append_value(finding.code.as_str());
                        }
                        out.append(true);
                    }
                    _ => out.append_null(),
                }
            }
            Ok(Arc::new(out.finish()) as ArrayRef)
        })
    }
}
