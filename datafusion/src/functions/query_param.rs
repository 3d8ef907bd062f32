//! `uri_query_param(uri, key[, plus_as_space])`: the value of a
//! `key=value` pair in the query.

use std::borrow::Cow;

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::UriRef;
use peguri_arrow::column::{Layout, Substrings};
use peguri_arrow::query_value_with;

use crate::docs::{document, PLUS_AS_SPACE_ARGUMENT, URI_ARGUMENT};
use crate::signature::{meta_methods, Arg, Meta};
use crate::strings::{all_null, call_rows, constant_flag, finish_call, StringArg};

/// `uri_query_param(uri, key[, plus_as_space])`:
/// [`peguri_arrow::query_value_with`] of each row, the definition the
/// Python `query_param` shares: the percent-decoded value of the first
/// pair whose percent-decoded key is `key`, with pairs separated by `&`
/// and `+` left as `+` (read as a space when `plus_as_space` is true, as
/// HTML forms write it). A repeated key gives its first value, a key
/// without `=` the value `''`. NULL when an argument is NULL, the URI is
/// invalid, it has no query, or no pair has the key.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct QueryParamFunction {
    meta: Meta,
}

impl QueryParamFunction {
    pub(crate) fn new() -> Self {
        QueryParamFunction {
            meta: Meta::new(
                "uri_query_param",
                2,
                &["url_extract_parameter", "extracturlparameter"],
                document(
                    "The value of the first key=value pair of the query whose key is `key`, \
                     percent-decoded (keys are compared decoded): a repeated key gives its first \
                     value. Pairs are separated by '&'; '+' stays '+' (RFC 3986), unless \
                     plus_as_space is true: then '+' is a space in keys and values, as HTML \
                     forms write it and as yarl and Python's parse_qsl read it. A key without \
                     '=' gives ''. NULL when an argument is NULL, the URI is invalid, it has no \
                     query, or no pair has the key.",
                    "uri_query_param(uri, key[, plus_as_space])",
                    "SELECT uri_query_param('http://h/?q=caf%C3%A9&x', 'q'); -- 'café'\n\
                     SELECT uri_query_param('http://h/?q=a+b', 'q', true); -- 'a b'",
                    &[
                        URI_ARGUMENT,
                        ("key", "The key to look for, decoded."),
                        PLUS_AS_SPACE_ARGUMENT,
                    ],
                ),
            )
            .with_kinds(&[Arg::Str, Arg::Str, Arg::Bool], 1),
        }
    }
}

impl ScalarUDFImpl for QueryParamFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let syntax = &self.meta.documentation.syntax_example;
        let Some(plus_as_space) = constant_flag(&args.args, 2, syntax)? else {
            return all_null(&args);
        };
        let uris = StringArg::new(&args.args[0])?;
        let keys = StringArg::new(&args.args[1])?;
        let (uris, keys) = (uris.rows()?, keys.rows()?);
        let (rows, all_scalar) = call_rows(&[uris, keys]);
        let mut out = Substrings::new(uris.column(), Layout::View);
        for i in 0..rows {
            let (Some(text), Some(key)) = (uris.get(i), keys.get(i)) else {
                out.append_null();
                continue;
            };
            match UriRef::parse(text)
                .ok()
                .and_then(|uri| query_value_with(&uri, key, plus_as_space))
            {
                Some(Cow::Borrowed(value)) => out.append(uris.row(i), Some(value))?,
                Some(Cow::Owned(value)) => out.append_owned(&value)?,
                None => out.append(uris.row(i), None)?,
            }
        }
        finish_call(out.finish()?, all_scalar)
    }
}
