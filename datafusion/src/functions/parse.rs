//! `uri_parse(uri)`: every component at once, as a struct with the fields
//! of `peguri parse`'s JSON, and `uri_parse_strict(uri)`, which raises an
//! error for the first invalid input instead.

use std::cell::RefCell;

use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::error::ArrowError;
use datafusion::common::{exec_datafusion_err, DataFusionError, Result};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::ParseError;

use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// `uri_parse(uri)` (lenient: invalid input is reported in the struct)
/// or `uri_parse_strict(uri)` (invalid input is an error).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ParseFunction {
    meta: Meta,
    strict: bool,
}

impl ParseFunction {
    pub(crate) fn new(strict: bool) -> Self {
        let meta = if strict {
            Meta::new(
                "uri_parse_strict",
                1,
                &[],
                document(
                    "Like uri_parse, but an input that is not an RFC 3986 URI reference stops \
                     the query with an error that quotes it and says why (the component, the \
                     character, the byte offset and the column). NULL gives NULL.",
                    "uri_parse_strict(uri)",
                    "SELECT uri_parse_strict('http://h/a b');\n\
                     -- error: uri_parse_strict: 'http://h/a b' is not a URI reference: \
                     invalid character ' ' in path at byte 10 (column 11)",
                    &[URI_ARGUMENT],
                ),
            )
        } else {
            Meta::new(
                "uri_parse",
                1,
                &[],
                document(
                    "Parses an RFC 3986 URI reference into a struct with the fields of `peguri \
                     parse`'s JSON: valid, rule ('URI' or 'relative-ref'), scheme, userinfo, \
                     host, host_kind ('reg-name', 'ipv4', 'ipv6', 'ipvfuture'), port, path, \
                     query, fragment, and for invalid input error_offset (bytes), error_column \
                     (characters, from 1) and error_message. An absent component is NULL, an \
                     empty one ''. NULL gives NULL.",
                    "uri_parse(uri)",
                    "SELECT uri_parse('http://h:8080/p?q')['port']; -- '8080'",
                    &[URI_ARGUMENT],
                ),
            )
        };
        ParseFunction { meta, strict }
    }
}

impl ScalarUDFImpl for ParseFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Struct(peguri_arrow::parse_fields()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        if !self.strict {
            return map_column(&args.args[0], |array| {
                peguri_arrow::parse(array, Layout::View)
            });
        }
        // The kernel stops at the first invalid row with an ArrowError;
        // the SQL error, which quotes the row, is kept aside to replace it.
        let first_invalid: RefCell<Option<DataFusionError>> = RefCell::new(None);
        let result = map_column(&args.args[0], |array| {
            peguri_arrow::parse_with(array, Layout::View, |text, error| {
                let error = strict_error(text, error);
                let message = error.to_string();
                first_invalid.borrow_mut().get_or_insert(error);
                Err(ArrowError::ComputeError(message))
            })
        });
        match first_invalid.into_inner() {
            Some(error) => Err(error),
            None => result,
        }
    }
}

/// The error `uri_parse_strict` raises: the input, quoted on one line
/// (`peguri::error::Quoted`: at most 80 characters, control and bidirectional
/// formatting characters escaped, `'` doubled as SQL writes it), and why
/// it is not a URI reference.
fn strict_error(input: &str, error: &ParseError) -> DataFusionError {
    let quoted = peguri::error::Quoted::new(input)
        .to_string()
        .replace('\'', "''");
    exec_datafusion_err!(
        "uri_parse_strict: '{quoted}' is not a URI reference: {}",
        peguri_arrow::describe(error)
    )
}
