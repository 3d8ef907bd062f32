//! `uri_parse(uri)`: every component at once, as a struct with the fields
//! of `peguri parse`'s JSON, and `uri_parse_strict(uri)`, which raises an
//! error for the first invalid input instead.

use std::fmt::Write as _;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, BooleanBuilder, StructArray, UInt64Builder};
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::{exec_datafusion_err, Result};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::{ParseError, UriRef};

use crate::docs::{document, URI_ARGUMENT};
use crate::functions::validity::describe;
use crate::signature::{meta_methods, Meta};
use crate::strings::{map_strings, StringColumn};
use crate::views::Substrings;

/// The struct's fields, in order. They are those of the CLI's JSON object
/// (`authority`'s members lifted to the top, `error`'s prefixed with
/// `error_`), without `input` (the argument) and `error.expected`.
pub(crate) const FIELDS: [&str; 13] = [
    "valid",
    "rule",
    "scheme",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
    "error_offset",
    "error_column",
    "error_message",
];

/// The struct type `uri_parse` returns.
pub(crate) fn struct_fields() -> Fields {
    FIELDS
        .iter()
        .map(|&name| {
            let data_type = match name {
                "valid" => DataType::Boolean,
                "error_offset" | "error_column" => DataType::UInt64,
                _ => DataType::Utf8View,
            };
            Field::new(name, data_type, true)
        })
        .collect()
}

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
        Ok(DataType::Struct(struct_fields()))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let strict = self.strict;
        map_strings(&args.args[0], |input| parse_column(input, strict))
    }
}

/// One builder per field.
struct StructBuilder<'a> {
    valid: BooleanBuilder,
    rule: Substrings<'a>,
    scheme: Substrings<'a>,
    userinfo: Substrings<'a>,
    host: Substrings<'a>,
    host_kind: Substrings<'a>,
    port: Substrings<'a>,
    path: Substrings<'a>,
    query: Substrings<'a>,
    fragment: Substrings<'a>,
    error_offset: UInt64Builder,
    error_column: UInt64Builder,
    error_message: Substrings<'a>,
    /// The text of the current error message (one buffer for all rows).
    message: String,
}

fn parse_column(input: StringColumn<'_>, strict: bool) -> Result<ArrayRef> {
    let rows = input.len();
    let mut b = StructBuilder {
        valid: BooleanBuilder::with_capacity(rows),
        rule: Substrings::new(input),
        scheme: Substrings::new(input),
        userinfo: Substrings::new(input),
        host: Substrings::new(input),
        host_kind: Substrings::new(input),
        port: Substrings::new(input),
        path: Substrings::new(input),
        query: Substrings::new(input),
        fragment: Substrings::new(input),
        error_offset: UInt64Builder::with_capacity(rows),
        error_column: UInt64Builder::with_capacity(rows),
        error_message: Substrings::new(input),
        message: String::new(),
    };
    for row in 0..rows {
        match input.get(row).map(|text| (text, UriRef::parse(text))) {
            None => b.append_null(row)?,
            Some((_, Ok(uri))) => b.append_valid(row, &uri)?,
            Some((text, Err(error))) if strict => return Err(strict_error(text, &error)),
            Some((_, Err(error))) => b.append_invalid(row, &error)?,
        }
    }
    let nulls = (0..rows).map(|row| input.get(row).is_some()).collect();
    let columns: Vec<ArrayRef> = vec![
        Arc::new(b.valid.finish()),
        b.rule.finish(),
        b.scheme.finish(),
        b.userinfo.finish(),
        b.host.finish(),
        b.host_kind.finish(),
        b.port.finish(),
        b.path.finish(),
        b.query.finish(),
        b.fragment.finish(),
        Arc::new(b.error_offset.finish()),
        Arc::new(b.error_column.finish()),
        b.error_message.finish(),
    ];
    Ok(Arc::new(StructArray::try_new(
        struct_fields(),
        columns,
        Some(nulls),
    )?))
}

impl StructBuilder<'_> {
    fn append_valid(&mut self, row: usize, uri: &UriRef<'_>) -> Result<()> {
        let authority = uri.authority();
        self.valid.append_value(true);
        self.rule.append_owned(uri.rule());
        self.scheme.append(row, uri.scheme())?;
        self.userinfo
            .append(row, authority.and_then(|a| a.userinfo()))?;
        self.host.append(row, authority.map(|a| a.host_str()))?;
        match authority {
            Some(a) => self.host_kind.append_owned(a.host().kind()),
            None => self.host_kind.append(row, None)?,
        }
        self.port.append(row, authority.and_then(|a| a.port()))?;
        self.path.append(row, Some(uri.path()))?;
        self.query.append(row, uri.query())?;
        self.fragment.append(row, uri.fragment())?;
        self.error_offset.append_null();
        self.error_column.append_null();
        self.error_message.append(row, None)
    }

    fn append_invalid(&mut self, row: usize, error: &ParseError) -> Result<()> {
        self.valid.append_value(false);
        self.append_no_components(row)?;
        self.error_offset.append_value(error.offset() as u64);
        self.error_column.append_value(error.column() as u64);
        // Through `Display`, whatever type `message()` returns.
        self.message.clear();
        write!(self.message, "{}", error.message()).expect("a String takes any text");
        self.error_message.append_owned(&self.message);
        Ok(())
    }

    fn append_null(&mut self, row: usize) -> Result<()> {
        self.valid.append_null();
        self.append_no_components(row)?;
        self.error_offset.append_null();
        self.error_column.append_null();
        self.error_message.append(row, None)
    }

    fn append_no_components(&mut self, row: usize) -> Result<()> {
        for field in [
            &mut self.rule,
            &mut self.scheme,
            &mut self.userinfo,
            &mut self.host,
            &mut self.host_kind,
            &mut self.port,
            &mut self.path,
            &mut self.query,
            &mut self.fragment,
        ] {
            field.append(row, None)?;
        }
        Ok(())
    }
}

/// The error `uri_parse_strict` raises: the input, quoted, and why it is
/// not a URI reference.
pub(crate) fn strict_error(input: &str, error: &ParseError) -> datafusion::error::DataFusionError {
    let quoted = input.replace('\'', "''");
    exec_datafusion_err!(
        "uri_parse_strict: '{quoted}' is not a URI reference: {}",
        describe(error)
    )
}
