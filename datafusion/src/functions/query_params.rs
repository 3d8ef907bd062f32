//! `uri_query_params(uri[, plus_as_space])` and
//! `uri_query_param_names(uri[, plus_as_space])`: every pair of the query
//! and every key; `uri_remove_query_params(uri, keys[, plus_as_space])`:
//! the URI without some of them.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, ListArray};
use datafusion::arrow::buffer::OffsetBuffer;
use datafusion::arrow::datatypes::{DataType, Field};
use datafusion::common::{exec_err, Result, ScalarValue};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri_arrow::column::{unpack_dictionary, Layout, StringColumn};
use peguri_arrow::{KeyPatterns, Keys};

use crate::docs::{document, PLUS_AS_SPACE_ARGUMENT, URI_ARGUMENT};
use crate::signature::{meta_methods, Arg, Meta};
use crate::strings::{all_null, constant_flag, map_column, StringArg};

/// What the pair functions share: how the query is read.
const PAIRS: &str = "Pairs are separated by '&' (empty pieces skipped), split at their \
     first '=', and percent-decoded (octets that are not UTF-8 become U+FFFD); '+' stays '+' \
     (RFC 3986) unless plus_as_space is true, when it is a space, as HTML forms write it and as \
     yarl and Python's parse_qsl read it.";

/// Which of the two list functions.
#[derive(Debug, PartialEq, Eq, Hash, Clone, Copy)]
enum Listed {
    Pairs,
    Keys,
}

/// `uri_query_params(uri[, plus_as_space])` or
/// `uri_query_param_names(uri[, plus_as_space])`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct QueryParamsFunction {
    meta: Meta,
    listed: Listed,
}

impl QueryParamsFunction {
    /// `uri_query_params`: a list of `{key, value}` structs.
    pub(crate) fn pairs() -> Self {
        QueryParamsFunction {
            meta: Meta::new(
                "uri_query_params",
                2,
                &[],
                document(
                    &format!(
                        "Every key=value pair of the query, in order, repeats kept: a list of \
                         structs {{key, value}}, a key without '=' with the value ''. {PAIRS} \
                         An empty list when the URI has no query; NULL when an argument is \
                         NULL or the URI is invalid."
                    ),
                    "uri_query_params(uri[, plus_as_space])",
                    "SELECT uri_query_params('http://h/?a=1&b=x+y&a=2', true); \
                     -- [{key: a, value: 1}, {key: b, value: x y}, {key: a, value: 2}]",
                    &[URI_ARGUMENT, PLUS_AS_SPACE_ARGUMENT],
                ),
            )
            .with_kinds(&[Arg::Str, Arg::Bool], 1),
            listed: Listed::Pairs,
        }
    }

    /// `uri_query_param_names`: the list of keys, with ClickHouse's
    /// `extractURLParameterNames` as an alias.
    pub(crate) fn names() -> Self {
        QueryParamsFunction {
            meta: Meta::new(
                "uri_query_param_names",
                2,
                &["extracturlparameternames"],
                document(
                    &format!(
                        "The key of every pair of the query, decoded, in order, repeats kept: \
                         the keys of uri_query_params. {PAIRS} An empty list when the URI has \
                         no query; NULL when an argument is NULL or the URI is invalid."
                    ),
                    "uri_query_param_names(uri[, plus_as_space])",
                    "SELECT uri_query_param_names('http://h/?utm_source=a&id=7&id=8'); \
                     -- [utm_source, id, id]",
                    &[URI_ARGUMENT, PLUS_AS_SPACE_ARGUMENT],
                ),
            )
            .with_kinds(&[Arg::Str, Arg::Bool], 1),
            listed: Listed::Keys,
        }
    }
}

impl ScalarUDFImpl for QueryParamsFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::List(match self.listed {
            Listed::Pairs => peguri_arrow::query_params_item(),
            Listed::Keys => Arc::new(Field::new_list_field(DataType::Utf8View, true)),
        }))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let syntax = &self.meta.documentation.syntax_example;
        let Some(plus_as_space) = constant_flag(&args.args, 1, syntax)? else {
            return all_null(&args);
        };
        match self.listed {
            Listed::Pairs => map_column(&args.args[0], |array| {
                peguri_arrow::query_params(array, plus_as_space, Layout::View)
            }),
            Listed::Keys => map_column(&args.args[0], |array| {
                peguri_arrow::query_param_names(array, plus_as_space, Layout::View)
            }),
        }
    }
}

/// `uri_remove_query_params(uri, keys[, plus_as_space])`: the URI without
/// the pairs of some keys, the rest byte for byte; ClickHouse's
/// `cutURLParameter` as an alias.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct RemoveQueryParamsFunction {
    meta: Meta,
}

impl RemoveQueryParamsFunction {
    pub(crate) fn new() -> Self {
        RemoveQueryParamsFunction {
            meta: Meta::new(
                "uri_remove_query_params",
                3,
                &["cuturlparameter"],
                document(
                    "The URI without the query pairs whose percent-decoded key is one of \
                     `keys`; a key that ends with '*' stands for every key that begins with \
                     the text before it ('utm_*' removes utm_source and utm_medium; '*' alone, \
                     every pair). The rest of the URI is kept byte for byte: the other pairs, \
                     their order, their separators; when no pair is left the query goes, '?' \
                     included. '+' in keys stays '+' unless plus_as_space is true. NULL when \
                     an argument is NULL or the URI is invalid.",
                    "uri_remove_query_params(uri, keys[, plus_as_space])",
                    "SELECT uri_remove_query_params('https://h/p?utm_source=x&id=7#top', \
                     ['utm_*', 'fbclid']); -- 'https://h/p?id=7#top'",
                    &[
                        URI_ARGUMENT,
                        (
                            "keys",
                            "The keys to remove, decoded: a list of strings (a constant, or a \
                             list per row), or one string. A key ending in '*' is a prefix.",
                        ),
                        PLUS_AS_SPACE_ARGUMENT,
                    ],
                ),
            )
            .with_kinds(&[Arg::Str, Arg::Keys, Arg::Bool], 1),
        }
    }
}

impl ScalarUDFImpl for RemoveQueryParamsFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let syntax = &self.meta.documentation.syntax_example;
        let Some(plus_as_space) = constant_flag(&args.args, 2, syntax)? else {
            return all_null(&args);
        };
        match &args.args[1] {
            ColumnarValue::Scalar(keys) => {
                let Some(keys) = scalar_keys(keys)? else {
                    return all_null(&args);
                };
                let keys = KeyPatterns::new(keys);
                map_column(&args.args[0], |array| {
                    peguri_arrow::remove_query_params(
                        array,
                        Keys::Same(&keys),
                        plus_as_space,
                        Layout::View,
                    )
                })
            }
            ColumnarValue::Array(keys) => {
                let keys = lists_of_keys(keys)?;
                let uris = StringArg::new(&args.args[0])?.broadcast(keys.len())?;
                let out = peguri_arrow::remove_query_params(
                    uris.as_ref(),
                    Keys::PerRow(keys.as_ref()),
                    plus_as_space,
                    Layout::View,
                )?;
                Ok(ColumnarValue::Array(out))
            }
        }
    }
}

/// The keys of a constant `keys` argument: a list's strings (NULL items
/// left out), or one string; `None` for NULL.
fn scalar_keys(keys: &ScalarValue) -> Result<Option<Vec<String>>> {
    match keys {
        ScalarValue::Dictionary(_, inner) => scalar_keys(inner),
        ScalarValue::Utf8(key) | ScalarValue::LargeUtf8(key) | ScalarValue::Utf8View(key) => {
            Ok(key.clone().map(|key| vec![key]))
        }
        ScalarValue::List(list) if list.is_valid(0) => {
            let values = unpack_dictionary(list.value(0).as_ref())?;
            if values.data_type() == &DataType::Null {
                return Ok(Some(Vec::new()));
            }
            let column = StringColumn::try_new(values.as_ref())?;
            Ok(Some(
                (0..column.len())
                    .filter_map(|i| column.get(i).map(str::to_owned))
                    .collect(),
            ))
        }
        other if other.is_null() => Ok(None),
        other => exec_err!("the keys are a list of strings, not {}", other.data_type()),
    }
}

/// A `keys` column as a list per row: a list column as it is, a column of
/// strings as lists of one key.
fn lists_of_keys(keys: &ArrayRef) -> Result<ArrayRef> {
    if matches!(keys.data_type(), DataType::List(_) | DataType::LargeList(_)) {
        return Ok(Arc::clone(keys));
    }
    let values = unpack_dictionary(keys.as_ref())?;
    let item = Arc::new(Field::new_list_field(values.data_type().clone(), true));
    let offsets = OffsetBuffer::from_lengths(std::iter::repeat_n(1, values.len()));
    let nulls = values.nulls().cloned();
    Ok(Arc::new(ListArray::try_new(item, offsets, values, nulls)?))
}
