//! Every component at once, as a struct: [`parse`] with the fields of
//! `peguri parse`'s JSON, and [`components`], the components and `valid`
//! alone.

use std::fmt::Write as _;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, UInt64Builder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{ArrowError, DataType, Field, Fields};
use peguri::{ParseError, UriRef};

use crate::column::{map_strings, Layout, StringColumn, Substrings};
use peguri::report::RecordValue;
use peguri::Component;

/// The components of the structs, in order: every one but the authority,
/// whose parts are fields of their own.
const COMPONENTS: [Component; 7] = [
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

/// The fields of [`parse`]'s struct, in order: `peguri::report::RECORD_FIELDS`,
/// those of the CLI's JSON object (`authority`'s members lifted to the
/// top, `error`'s prefixed with `error_`), without `input` (the argument)
/// and `error.expected`. Every field is nullable; `valid` is `Boolean`,
/// `error_offset` and `error_column` are `UInt64`, the others `Utf8View`
/// (the struct of [`Layout::View`]; with [`Layout::Plain`] they are `Utf8`
/// or `LargeUtf8`).
///
/// ```
/// let fields = peguri_arrow::parse_fields();
/// assert_eq!(fields.len(), 13);
/// assert_eq!(fields[0].name(), "valid");
/// assert_eq!(fields[4].name(), "host");
/// ```
pub fn parse_fields() -> Fields {
    peguri::report::RECORD_FIELDS
        .iter()
        .map(|field| {
            let data_type = match field.value {
                RecordValue::Bool => DataType::Boolean,
                RecordValue::Count => DataType::UInt64,
                _ => DataType::Utf8View,
            };
            Field::new(field.name, data_type, true)
        })
        .collect()
}

/// The fields of [`components`]'s struct: `valid` (`Boolean`), then the
/// seven components of [`Component::ALL`] but the authority (`Utf8View`
/// with [`Layout::View`]), named and typed as in [`parse_fields`].
///
/// ```
/// let names: Vec<_> = peguri_arrow::components_fields().iter().map(|f| f.name().clone()).collect();
/// assert_eq!(names, ["valid", "scheme", "userinfo", "host", "port", "path", "query", "fragment"]);
/// ```
pub fn components_fields() -> Fields {
    std::iter::once(Field::new("valid", DataType::Boolean, true))
        .chain(
            COMPONENTS
                .iter()
                .map(|c| Field::new(c.as_str(), DataType::Utf8View, true)),
        )
        .collect()
}

/// Parses every row into a struct of [`parse_fields`]: `valid`, `rule`
/// (`URI` or `relative-ref`), the components (as views, pointing into
/// `array`'s buffers), `host_kind` (`reg-name`, `ipv4`, `ipv6`, `ipvfuture`), and
/// for an invalid row `error_offset` (bytes), `error_column` (characters,
/// from 1) and `error_message`. An absent component is NULL, an empty one
/// `""`. An invalid row has `valid = false`, NULL components and the error
/// fields; a NULL row is a NULL struct. Never an error for any string.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec![Some("http://h:8080/p?q"), Some("http://h/a b"), None]);
/// let parsed = peguri_arrow::parse(&urls, Layout::View)?;
/// assert_eq!(parsed.column_by_name("port").unwrap().as_string_view().value(0), "8080");
/// assert!(!parsed.column_by_name("valid").unwrap().as_boolean().value(1));
/// let message = parsed.column_by_name("error_message").unwrap().as_string_view();
/// assert_eq!(message.value(1), "invalid character ' ' in path");
/// assert!(parsed.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn parse(array: &dyn Array, layout: Layout) -> Result<StructArray, ArrowError> {
    let out = map_strings(array, |input| {
        Ok(Arc::new(parse_column(input, layout, true, |_, _| Ok(()))?) as ArrayRef)
    })?;
    Ok(out.as_struct().clone())
}

/// [`parse`] for a caller that stops at the first invalid row:
/// `on_invalid(text, error)` is called for each invalid row, and its error
/// ends the parse.
///
/// ```
/// use arrow_array::StringArray;
/// use arrow_schema::ArrowError;
/// use peguri_arrow::column::Layout;
///
/// let urls = StringArray::from(vec!["http://h/", "http://h/a b"]);
/// let result = peguri_arrow::parse_with(&urls, Layout::View, |text, error| {
///     Err(ArrowError::ComputeError(format!("{text}: {}", peguri_arrow::describe(error))))
/// });
/// assert!(result.unwrap_err().to_string().contains("http://h/a b: invalid character"));
/// ```
pub fn parse_with(
    array: &dyn Array,
    layout: Layout,
    on_invalid: impl Fn(&str, &ParseError) -> Result<(), ArrowError>,
) -> Result<StructArray, ArrowError> {
    let out = map_strings(array, |input| {
        Ok(Arc::new(parse_column(input, layout, true, &on_invalid)?) as ArrayRef)
    })?;
    Ok(out.as_struct().clone())
}

/// The components and validity of every row, as a struct of
/// [`components_fields`]: [`parse`] without `rule`, `host_kind` and the
/// error fields, which makes it the cheapest way to get several
/// components at once.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringViewArray};
/// use peguri_arrow::column::Layout;
///
/// let urls = StringViewArray::from(vec!["https://example.com/index.html", "a b"]);
/// let parts = peguri_arrow::components(&urls, Layout::View)?;
/// assert_eq!(parts.column_by_name("host").unwrap().as_string_view().value(0), "example.com");
/// assert!(!parts.column_by_name("valid").unwrap().as_boolean().value(1));
/// assert!(parts.column_by_name("path").unwrap().is_null(1));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn components(array: &dyn Array, layout: Layout) -> Result<StructArray, ArrowError> {
    let out = map_strings(array, |input| {
        Ok(Arc::new(parse_column(input, layout, false, |_, _| Ok(()))?) as ArrayRef)
    })?;
    Ok(out.as_struct().clone())
}

/// The columns [`parse`] adds to [`components`].
struct Details<'a> {
    rule: Substrings<'a>,
    host_kind: Substrings<'a>,
    error_offset: UInt64Builder,
    error_column: UInt64Builder,
    error_message: Substrings<'a>,
    /// The text of the current error message (one buffer for all rows).
    message: String,
}

fn parse_column(
    input: StringColumn<'_>,
    layout: Layout,
    details: bool,
    on_invalid: impl Fn(&str, &ParseError) -> Result<(), ArrowError>,
) -> Result<StructArray, ArrowError> {
    let rows = input.len();
    let mut valid = BooleanBuilder::with_capacity(rows);
    let mut parts: [Substrings<'_>; 7] = std::array::from_fn(|_| Substrings::new(input, layout));
    let mut extra = details.then(|| Details {
        rule: Substrings::new(input, layout),
        host_kind: Substrings::new(input, layout),
        error_offset: UInt64Builder::with_capacity(rows),
        error_column: UInt64Builder::with_capacity(rows),
        error_message: Substrings::new(input, layout),
        message: String::new(),
    });
    for row in 0..rows {
        let Some(text) = input.get(row) else {
            valid.append_null();
            parts.iter_mut().for_each(Substrings::append_null);
            if let Some(extra) = &mut extra {
                extra.append_none();
            }
            continue;
        };
        match UriRef::parse(text) {
            Ok(uri) => {
                valid.append_value(true);
                let authority = uri.authority();
                let [scheme, userinfo, host, port, path, query, fragment] = &mut parts;
                scheme.append(row, uri.scheme())?;
                userinfo.append(row, authority.and_then(|a| a.userinfo()))?;
                host.append(row, authority.map(|a| a.host_str()))?;
                port.append(row, authority.and_then(|a| a.port()))?;
                path.append(row, Some(uri.path()))?;
                query.append(row, uri.query())?;
                fragment.append(row, uri.fragment())?;
                if let Some(extra) = &mut extra {
                    extra.rule.append_owned(uri.rule())?;
                    match authority {
                        Some(a) => extra.host_kind.append_owned(a.host().kind())?,
                        None => extra.host_kind.append_null(),
                    }
                    extra.error_offset.append_null();
                    extra.error_column.append_null();
                    extra.error_message.append_null();
                }
            }
            Err(error) => {
                on_invalid(text, &error)?;
                valid.append_value(false);
                parts.iter_mut().for_each(Substrings::append_null);
                if let Some(extra) = &mut extra {
                    extra.rule.append_null();
                    extra.host_kind.append_null();
                    extra.error_offset.append_value(error.offset() as u64);
                    extra.error_column.append_value(error.column() as u64);
                    // Through `Display`, whatever type `message()` returns.
                    extra.message.clear();
                    write!(extra.message, "{}", error.message()).expect("a String takes any text");
                    extra.error_message.append_owned(&extra.message)?;
                }
            }
        }
    }
    let valid = valid.finish();
    // The struct is NULL where the input is: `valid`'s nulls are exactly
    // those rows.
    let nulls: Option<NullBuffer> = valid.nulls().cloned();
    let [scheme, userinfo, host, port, path, query, fragment] = parts.map(Substrings::finish);
    let (scheme, userinfo, host, port) = (scheme?, userinfo?, host?, port?);
    let (path, query, fragment) = (path?, query?, fragment?);
    let (fields, columns): (Fields, Vec<ArrayRef>) = match extra {
        None => (
            components_fields(),
            vec![
                Arc::new(valid),
                scheme,
                userinfo,
                host,
                port,
                path,
                query,
                fragment,
            ],
        ),
        Some(mut extra) => (
            parse_fields(),
            vec![
                Arc::new(valid),
                extra.rule.finish()?,
                scheme,
                userinfo,
                host,
                extra.host_kind.finish()?,
                port,
                path,
                query,
                fragment,
                Arc::new(extra.error_offset.finish()),
                Arc::new(extra.error_column.finish()),
                extra.error_message.finish()?,
            ],
        ),
    };
    // The fields' types are the columns' own: the layout's string type.
    let fields: Fields = fields
        .iter()
        .zip(&columns)
        .map(|(field, column)| {
            field
                .as_ref()
                .clone()
                .with_data_type(column.data_type().clone())
        })
        .collect();
    StructArray::try_new(fields, columns, nulls)
}

impl Details<'_> {
    fn append_none(&mut self) {
        self.rule.append_null();
        self.host_kind.append_null();
        self.error_offset.append_null();
        self.error_column.append_null();
        self.error_message.append_null();
    }
}
