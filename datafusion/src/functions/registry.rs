//! `uri_scheme_info(scheme_or_uri)`: a scheme's entry in the IANA URI
//! Schemes registry (`peguri::scheme::SchemeRegistry`, the copy built in).

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::scheme::SchemeRegistry;

use peguri_arrow::column::Layout;

use crate::docs::document;
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// `uri_scheme_info(scheme_or_uri)`: the struct `{name, status,
/// description, reference, template}` of a scheme name or of a URI's
/// scheme; NULL when the registry does not list it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SchemeInfoFunction {
    meta: Meta,
}

impl SchemeInfoFunction {
    pub(crate) fn new() -> Self {
        SchemeInfoFunction {
            meta: Meta::new(
                "uri_scheme_info",
                1,
                &[],
                document(
                    "A scheme's entry in the IANA URI Schemes registry (the copy built into \
                     peguri: the permanent and provisional schemes of 2015-04-05, and the \
                     historical mailserver, prospero and wais), looked up without regard to \
                     case: a struct of name (the scheme as registered), status ('permanent', \
                     'provisional' or 'historical'), description, reference (the RFC or \
                     registrant, in IANA's brackets) and template (the path of IANA's \
                     registration template, NULL when the reference is an RFC). The argument \
                     is a scheme name or a URI reference, whose scheme is looked up. NULL for \
                     NULL, an unregistered name or scheme, a relative reference, and input \
                     that is not a URI reference.",
                    "uri_scheme_info(scheme_or_uri)",
                    "SELECT uri_scheme_info('wais://example.com/db')['status']; -- 'historical'",
                    &[(
                        "scheme_or_uri",
                        "A scheme name (`http`) or a URI reference: a string column or literal \
                         of any string type.",
                    )],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for SchemeInfoFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Struct(peguri_arrow::registration_fields()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::scheme_registration(array, SchemeRegistry::built_in(), Layout::View)
        })
    }
}
