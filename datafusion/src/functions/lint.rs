//! `uri_lint(uri)`: the codes of the security findings of RFC 3986
//! section 7 (as `peguri check` reports them).

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};

use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

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
                     empty-password, deceptive-userinfo, mixed-script-host, encoded-bidi, \
                     dangerous-scheme), and of its scheme in the IANA URI Schemes registry \
                     (unregistered-scheme, historical-scheme; see uri_scheme_info), by \
                     position. An empty list when there is none; NULL for NULL or invalid \
                     input.",
                    "uri_lint(uri)",
                    "SELECT uri_lint('http://user:pw@0x7f.1:25/'); \
                     -- [password-in-userinfo, ambiguous-ipv4, foreign-port]",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for LintFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::List(peguri_arrow::lint_item()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::lint(array, Layout::View)
        })
    }
}
