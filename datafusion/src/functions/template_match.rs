//! `uri_template_match(template, uri)`: the variables of a URI Template
//! (RFC 6570) whose expansion gives the URI.

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, MapBuilder, StringBuilder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{exec_err, Result};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::error::Quoted;
use peguri::template::{UriTemplate, Value};

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::{call_rows, finish_call, StringArg};

/// `uri_template_match(template, uri)`: a map from each defined variable's
/// name to its value, percent-decoded (`peguri::template`'s
/// `UriTemplate::match_uri`; query parameters may come in any order). A
/// list or an associative array (an exploded variable) is its JSON text.
/// NULL when either argument is NULL or the URI does not match. A template
/// that is not RFC 6570 syntax, or is ambiguous (`{a}{b}`: two sets of
/// values could give the same URI), is an error naming it and why.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct TemplateMatchFunction {
    meta: Meta,
}

impl TemplateMatchFunction {
    pub(crate) fn new() -> Self {
        TemplateMatchFunction {
            meta: Meta::new(
                "uri_template_match",
                2,
                &[],
                document(
                    "The variables of a URI Template (RFC 6570) whose expansion gives the URI, \
                     as a map from name to percent-decoded value; a list or associative array \
                     (an exploded variable) is its JSON text. Query parameters may come in any \
                     order; an undefined variable is not in the map. NULL when an argument is \
                     NULL or the URI does not match. An invalid or ambiguous template is an \
                     error.",
                    "uri_template_match(template, uri)",
                    "SELECT uri_template_match('search://emails{?query,start,end}', \
                     'search://emails?start=1&query=a%20b'); -- {query: a b, start: 1}",
                    &[
                        (
                            "template",
                            "A URI Template (RFC 6570); a constant one is parsed once.",
                        ),
                        URI_ARGUMENT,
                    ],
                ),
            ),
        }
    }
}

fn map_builder() -> MapBuilder<StringBuilder, StringBuilder> {
    MapBuilder::new(None, StringBuilder::new(), StringBuilder::new())
}

/// `text` as a JSON string.
fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A value as the map holds it: a string as it is, a list or an
/// associative array as JSON text.
fn map_value(value: &Value<'_>) -> String {
    let mut out = String::new();
    match value {
        Value::String(s) => out.push_str(s),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(&mut out, item);
            }
            out.push(']');
        }
        Value::Map(pairs) => {
            out.push('{');
            for (i, (key, item)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(&mut out, key);
                out.push(':');
                push_json_string(&mut out, item);
            }
            out.push('}');
        }
    }
    out
}

/// The template, parsed and checked, or the error that names it (quoted
/// on one line, bounded: a template can be megabytes).
fn matchable(text: &str) -> Result<UriTemplate<'_>> {
    let template = match UriTemplate::parse(text) {
        Ok(template) => template,
        Err(e) => {
            return exec_err!(
                "uri_template_match: invalid URI Template '{}': {e}",
                Quoted::new(text)
            )
        }
    };
    if let Err(e) = template.matchability() {
        return exec_err!(
            "uri_template_match: ambiguous URI Template '{}': {e}",
            Quoted::new(text)
        );
    }
    Ok(template)
}

impl ScalarUDFImpl for TemplateMatchFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(map_builder().finish().data_type().clone())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let templates = StringArg::new(&args.args[0])?;
        let uris = StringArg::new(&args.args[1])?;
        let (templates, uris) = (templates.rows()?, uris.rows()?);
        let (rows, all_scalar) = call_rows(&[templates, uris]);
        let mut out = map_builder();
        // The last template parsed: a constant one, or runs of one in a
        // column, are parsed once.
        let mut parsed: Option<(&str, UriTemplate<'_>)> = None;
        for i in 0..rows {
            let (Some(text), Some(uri)) = (templates.get(i), uris.get(i)) else {
                out.append(false)?;
                continue;
            };
            let template = match &parsed {
                Some((last, template)) if *last == text => template,
                _ => &parsed.insert((text, matchable(text)?)).1,
            };
            match template.match_uri(uri) {
                Some(found) => {
                    for (name, value) in found.iter() {
                        out.keys().append_value(name);
                        match value {
                            Value::String(s) => out.values().append_value(s),
                            composite => out.values().append_value(map_value(composite)),
                        }
                    }
                    out.append(true)?;
                }
                None => out.append(false)?,
            }
        }
        finish_call(Arc::new(out.finish()) as ArrayRef, all_scalar)
    }
}
