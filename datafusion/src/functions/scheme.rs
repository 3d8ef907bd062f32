//! `uri_scheme_valid(uri)`, `uri_scheme_error(uri)` and
//! `uri_scheme_parts(uri)`: a URI against its scheme's own syntax
//! (`peguri::scheme`: the grammars of the schemes docs/schemes.md lists,
//! transcribed from their RFCs).

use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, MapBuilder, StringBuilder};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{internal_err, Result};
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::scheme::Parts;
use peguri::UriRef;

use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::{call_rows, finish_call, map_column, StringArg};

/// When the scheme functions give NULL, in their documentation.
const NULL_WHEN: &str = "NULL for NULL, for input that is not a URI reference, and for a URI \
     without a scheme or whose scheme peguri has no grammar for (`peguri schemes` marks those \
     with one).";

/// `uri_scheme_valid(uri)`: whether the URI is valid under its scheme's
/// own syntax; NULL when there is no grammar to check it against.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SchemeValidFunction {
    meta: Meta,
}

impl SchemeValidFunction {
    pub(crate) fn new() -> Self {
        SchemeValidFunction {
            meta: Meta::new(
                "uri_scheme_valid",
                1,
                &[],
                document(
                    &format!(
                        "True when the URI is valid under its scheme's own syntax (RFC 9110 \
                         for http, RFC 6068 for mailto, RFC 8141 for urn...), false when it \
                         is not. {NULL_WHEN}"
                    ),
                    "uri_scheme_valid(uri)",
                    "SELECT uri_scheme_valid('urn:a:b'); -- false (an NID has 2 to 32 characters)",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for SchemeValidFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], peguri_arrow::scheme_valid)
    }
}

/// `uri_scheme_error(uri)`: why the URI breaks its scheme's syntax, in one
/// line; NULL when it does not or cannot be checked.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SchemeErrorFunction {
    meta: Meta,
}

impl SchemeErrorFunction {
    pub(crate) fn new() -> Self {
        SchemeErrorFunction {
            meta: Meta::new(
                "uri_scheme_error",
                1,
                &[],
                document(
                    &format!(
                        "Why the URI breaks its scheme's own syntax, in one line: what was \
                         expected, the RFC and section, the byte offset into the whole URI \
                         and the column. NULL when it is valid under its scheme's syntax, \
                         and {}",
                        NULL_WHEN.replacen("NULL for", "for", 1)
                    ),
                    "uri_scheme_error(uri)",
                    "SELECT uri_scheme_error('geo:91,0');\n\
                     -- latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2) at byte 4 (column 5)",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for SchemeErrorFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], |array| {
            peguri_arrow::scheme_error(array, Layout::View)
        })
    }
}

/// `uri_scheme_parts(uri)`: what the URI's scheme-specific syntax holds,
/// as a map from name to text.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SchemePartsFunction {
    meta: Meta,
}

impl SchemePartsFunction {
    pub(crate) fn new() -> Self {
        SchemePartsFunction {
            meta: Meta::new(
                "uri_scheme_parts",
                1,
                &[],
                document(
                    &format!(
                        "What a URI valid under its scheme's own syntax holds, as a map from \
                         name to text (the \"parts\" of `peguri parse --scheme-syntax`): mailto \
                         to (the decoded recipients) and headers (decoded [name, value] \
                         pairs), both as JSON text; urn nid, nss, r_component, q_component; \
                         data media_type, base64, data_length; tel number, global; geo \
                         coordinates (JSON text), crs, uncertainty; sip and sips user, \
                         password, host, port, parameters and headers (JSON text); tag \
                         authority_name, date, specific; acct userpart, host; xmpp account, \
                         node, domain, resource, query_type, pairs (JSON text); sms \
                         recipients (JSON text), body; about token; cid and mid message_id, \
                         content_id; ftp user, password, host, port, path_segments (JSON \
                         text), type; ldap host, port, dn, attributes and extensions (JSON \
                         text), scope, filter; ni and nih authority, algorithm, value, digest \
                         (hex), query, check_digit; news and nntp server, message_id, \
                         newsgroups, group, article_number; an empty map for http, https, ws, \
                         wss, file, the CoAP schemes, rtsp and rtsps. A number or boolean is \
                         its text; an absent \
                         part is not in the map. NULL when the URI breaks its scheme's \
                         syntax, and {}",
                        NULL_WHEN.replacen("NULL for", "for", 1)
                    ),
                    "uri_scheme_parts(uri)",
                    "SELECT uri_scheme_parts('urn:example:animal:ferret:nose');\n\
                     -- {nid: example, nss: animal:ferret:nose}",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

fn map_builder() -> MapBuilder<StringBuilder, StringBuilder> {
    MapBuilder::new(None, StringBuilder::new(), StringBuilder::new())
}

/// Appends the parts' members (the JSON contract's object) to `out`: a
/// string as it is, another value as its JSON text, a null left out.
fn append_parts(
    out: &mut MapBuilder<StringBuilder, StringBuilder>,
    parts: &Parts<'_>,
) -> Result<()> {
    let object = match serde_json::to_value(parts) {
        Ok(serde_json::Value::Object(object)) => object,
        other => return internal_err!("the parts of a scheme are not a JSON object: {other:?}"),
    };
    for (name, value) in &object {
        match value {
            serde_json::Value::Null => continue,
            serde_json::Value::String(text) => {
                out.keys().append_value(name);
                out.values().append_value(text);
            }
            other => {
                out.keys().append_value(name);
                out.values().append_value(other.to_string());
            }
        }
    }
    Ok(())
}

impl ScalarUDFImpl for SchemePartsFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(map_builder().finish().data_type().clone())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let uris = StringArg::new(&args.args[0])?;
        let uris = uris.rows()?;
        let (rows, all_scalar) = call_rows(&[uris]);
        let mut out = map_builder();
        for i in 0..rows {
            let uri = uris.get(i).and_then(|text| UriRef::parse(text).ok());
            match uri.as_ref().and_then(peguri::scheme::parts) {
                Some(Ok(parts)) => {
                    append_parts(&mut out, &parts)?;
                    out.append(true)?;
                }
                _ => out.append(false)?,
            }
        }
        finish_call(Arc::new(out.finish()) as ArrayRef, all_scalar)
    }
}
