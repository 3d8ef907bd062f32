//! `uri_query_param(uri, key)`: the value of a `key=value` pair in the
//! query.

use std::borrow::Cow;

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::query::QueryPairs;
use peguri::UriRef;
use peguri_arrow::column::{Layout, Substrings};

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::{call_rows, finish_call, StringArg};

/// `uri_query_param(uri, key)`: the percent-decoded value of the first
/// pair whose percent-decoded key is `key`, with pairs separated by `&`
/// and `+` left as `+` (RFC 3986 gives `+` no meaning; HTML forms'
/// space-as-`+` is a convention of their own). A key without `=` has the
/// value `''`. NULL when either argument is NULL, the URI is invalid, it
/// has no query, or no pair has the key. Decoded octets that are not
/// UTF-8 become U+FFFD.
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
                     percent-decoded (keys are compared decoded). Pairs are separated by '&'; \
                     '+' stays '+'. A key without '=' gives ''. NULL when an argument is NULL, \
                     the URI is invalid, it has no query, or no pair has the key.",
                    "uri_query_param(uri, key)",
                    "SELECT uri_query_param('http://h/?q=caf%C3%A9&x', 'q'); -- 'café'",
                    &[URI_ARGUMENT, ("key", "The key to look for, decoded.")],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for QueryParamFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
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
                .and_then(|uri| query_value(&uri, key))
            {
                Some(Cow::Borrowed(value)) => out.append(uris.row(i), Some(value))?,
                Some(Cow::Owned(value)) => out.append_owned(&value)?,
                None => out.append(uris.row(i), None)?,
            }
        }
        finish_call(out.finish()?, all_scalar)
    }
}

/// The decoded value of the first pair with the decoded key `key`
/// (borrowed from the URI when nothing needed decoding).
pub(crate) fn query_value<'a>(uri: &UriRef<'a>, key: &str) -> Option<Cow<'a, str>> {
    QueryPairs::new(uri.query()?)
        .find(|pair| pair.key() == key)
        .map(|pair| pair.value().unwrap_or(Cow::Borrowed("")))
}
