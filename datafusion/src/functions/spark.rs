//! `try_parse_url(url, part[, key])`: Spark's function, with peguri's
//! strict parser.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::query::QueryPairs;
use peguri::UriRef;
use peguri_arrow::column::{Layout, Substrings};

use crate::docs::document;
use crate::signature::{meta_methods, Meta};
use crate::strings::{call_rows, finish_call, Rows, StringArg};

/// `try_parse_url(url, part[, key])` as Spark defines it: `part` is one of
/// `HOST`, `PATH`, `QUERY`, `REF`, `PROTOCOL`, `FILE`, `AUTHORITY`,
/// `USERINFO` (upper case, as in Spark); with `QUERY` and a `key`, the raw
/// value of the first `key=value` pair. Every part is returned as written
/// (Spark's raw accessors). NULL for NULL arguments, invalid URLs, absent
/// parts and unknown part names.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct TryParseUrlFunction {
    meta: Meta,
}

impl TryParseUrlFunction {
    pub(crate) fn new() -> Self {
        let mut meta = Meta::new(
            "try_parse_url",
            2,
            &[],
            document(
                "Spark's try_parse_url with a strict RFC 3986 parser: the part of `url` named \
                 by `part` (HOST, PATH, QUERY, REF, PROTOCOL, FILE, AUTHORITY, USERINFO), or \
                 with QUERY and `key` the raw value of the first pair with that key. NULL for \
                 invalid URLs, absent parts and unknown part names.",
                "try_parse_url(url, part[, key])",
                "SELECT try_parse_url('http://h/p?a=1&b=2', 'QUERY', 'b'); -- '2'",
                &[
                    ("url", "A URI reference."),
                    ("part", "Which part: HOST, PATH, QUERY, REF, PROTOCOL, FILE, AUTHORITY or USERINFO."),
                    ("key", "Optional, with QUERY: the key whose raw value to return."),
                ],
            ),
        );
        meta.arguments = 2..=3;
        TryParseUrlFunction { meta }
    }
}

impl ScalarUDFImpl for TryParseUrlFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let strings = args
            .args
            .iter()
            .map(StringArg::new)
            .collect::<Result<Vec<_>>>()?;
        let rows = strings
            .iter()
            .map(StringArg::rows)
            .collect::<Result<Vec<Rows<'_>>>>()?;
        let (urls, parts, keys) = match rows[..] {
            [urls, parts] => (urls, parts, None),
            [urls, parts, keys] => (urls, parts, Some(keys)),
            _ => return exec_err!("try_parse_url takes 2 or 3 arguments"),
        };
        let (count, all_scalar) = call_rows(&rows);
        let mut out = Substrings::new(urls.column(), Layout::View);
        for i in 0..count {
            let key = keys.map(|keys| keys.get(i));
            let piece = match (urls.get(i), parts.get(i), key) {
                (Some(url), Some("QUERY"), Some(Some(key))) => UriRef::parse(url)
                    .ok()
                    .and_then(|uri| raw_query_value(&uri, key)),
                // A NULL key, or a key with another part.
                (_, _, Some(_)) => None,
                (Some(url), Some(part), None) => UriRef::parse(url)
                    .ok()
                    .and_then(|uri| part_of(url, &uri, part)),
                _ => None,
            };
            out.append(urls.row(i), piece)?;
        }
        finish_call(out.finish()?, all_scalar)
    }
}

/// The text of `part` in `uri` (whose text is `url`), as Spark's raw
/// accessors give it.
fn part_of<'a>(url: &'a str, uri: &UriRef<'a>, part: &str) -> Option<&'a str> {
    match part {
        "HOST" => uri.authority().map(|a| a.host_str()),
        "PATH" => Some(uri.path()),
        "QUERY" => uri.query(),
        "REF" => uri.fragment(),
        "PROTOCOL" => uri.scheme(),
        "AUTHORITY" => uri.authority().map(|a| a.as_str()),
        "USERINFO" => uri.authority().and_then(|a| a.userinfo()),
        // The path and the query with its '?', which follow each other in
        // the text.
        "FILE" => {
            let start = offset_in(url, uri.path());
            let end = uri
                .query()
                .map_or(start + uri.path().len(), |q| offset_in(url, q) + q.len());
            Some(&url[start..end])
        }
        _ => None,
    }
}

/// Where `piece`, a slice of `text`, starts in it.
fn offset_in(text: &str, piece: &str) -> usize {
    piece.as_ptr() as usize - text.as_ptr() as usize
}

/// Spark's `(&|^)key=([^&]*)` on the raw query: the raw value of the first
/// pair with the raw key `key` and an `=`.
fn raw_query_value<'a>(uri: &UriRef<'a>, key: &str) -> Option<&'a str> {
    QueryPairs::new(uri.query()?)
        .raw()
        .filter(|pair| pair.raw_key() == key)
        .find_map(|pair| pair.raw_value())
}
