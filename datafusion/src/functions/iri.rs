//! `iri_to_uri(iri)`: the URI an IRI maps to (RFC 3987 section 3.1).

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};

use peguri_arrow::column::Layout;

use crate::docs::document;
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// `iri_to_uri(iri)`: the IRI reference with every non-ASCII character
/// percent-encoded as UTF-8 (RFC 3987 section 3.1; no IDNA, no punycode).
/// NULL for NULL and for a string that is not an IRI reference.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct IriToUriFunction {
    meta: Meta,
}

impl IriToUriFunction {
    pub(crate) fn new() -> Self {
        IriToUriFunction {
            meta: Meta::new(
                "iri_to_uri",
                1,
                &[],
                document(
                    "Maps an IRI reference (RFC 3987) to a URI reference by percent-encoding \
                     the UTF-8 of every non-ASCII character (section 3.1; no IDNA). A URI is \
                     returned unchanged. NULL for NULL and for a string that is not an IRI \
                     reference.",
                    "iri_to_uri(iri)",
                    "SELECT iri_to_uri('http://example.com/Dürst'); \
                     -- 'http://example.com/D%C3%BCrst'",
                    &[("iri", "An IRI reference (RFC 3987 IRI-reference).")],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for IriToUriFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::iri_to_uri(array, Layout::View)
        })
    }
}
