//! One function per component: `uri_scheme`, `uri_userinfo`, `uri_host`,
//! `uri_port`, `uri_path`, `uri_query`, `uri_fragment` (text, pointing
//! into the input's bytes), and `uri_port_number` (the port as a number).

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri_arrow::column::Layout;
pub(crate) use peguri_arrow::Component;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// `uri_<component>(uri)`: the component's text as written, NULL when the
/// input is NULL, is not a URI reference, or has no such component.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ComponentFunction {
    meta: Meta,
    component: Component,
}

impl ComponentFunction {
    /// The function of `component`; `None` for a component peguri-sql has
    /// no function for (`Component` is non-exhaustive).
    pub(crate) fn new(component: Component) -> Option<Self> {
        let (name, aliases, what, example): (_, &[&str], _, _) = match component {
            Component::Scheme => (
                "uri_scheme",
                &["url_extract_protocol", "protocol"],
                "The scheme, as written (not lowercased).",
                "SELECT uri_scheme('HTTP://example.com/'); -- 'HTTP'",
            ),
            Component::Authority => (
                "uri_authority",
                &["netloc"],
                "The authority: userinfo, host and port, as written after '//'.",
                "SELECT uri_authority('http://anna@example.com:8080/p'); -- 'anna@example.com:8080'",
            ),
            Component::Userinfo => (
                "uri_userinfo",
                &[],
                "The userinfo before '@' in the authority.",
                "SELECT uri_userinfo('ftp://anna:secret@example.com/'); -- 'anna:secret'",
            ),
            Component::Host => (
                "uri_host",
                &["url_extract_host", "domain"],
                "The host: a reg-name, an IPv4 address, or an IP literal with its brackets.",
                "SELECT uri_host('http://[::1]:8080/'); -- '[::1]'",
            ),
            Component::Port => (
                "uri_port",
                &[],
                "The port as text; '' for an empty port ('http://h:/').",
                "SELECT uri_port('http://h:8080/'); -- '8080'",
            ),
            Component::Path => (
                "uri_path",
                &["url_extract_path", "path"],
                "The path, possibly ''; never NULL for a valid input.",
                "SELECT uri_path('http://h/a/b?q'); -- '/a/b'",
            ),
            Component::Query => (
                "uri_query",
                &["url_extract_query", "querystring"],
                "The query after '?', without it; '' for 'http://h/?'.",
                "SELECT uri_query('http://h/?a=1'); -- 'a=1'",
            ),
            Component::Fragment => (
                "uri_fragment",
                &["url_extract_fragment", "fragment"],
                "The fragment after '#', without it.",
                "SELECT uri_fragment('http://h/#top'); -- 'top'",
            ),
            _ => return None,
        };
        let description = format!(
            "{what} NULL when the input is NULL, is not an RFC 3986 URI reference, or has no such \
             component. The text is returned as written, percent-encoding included."
        );
        let syntax = format!("{name}(uri)");
        Some(ComponentFunction {
            meta: Meta::new(
                name,
                1,
                aliases,
                document(&description, &syntax, example, &[URI_ARGUMENT]),
            ),
            component,
        })
    }
}

impl ScalarUDFImpl for ComponentFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let component = self.component;
        map_column(&args.args[0], |array| {
            peguri_arrow::component(array, component, Layout::View)
        })
    }
}

/// `uri_port_number(uri)`: the port as a `UInt16`, NULL when there is no
/// port, it is empty, or it is above 65535 (the grammar's `port = *DIGIT`
/// allows both), and for NULL or invalid input.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PortNumberFunction {
    meta: Meta,
}

impl PortNumberFunction {
    pub(crate) fn new() -> Self {
        PortNumberFunction {
            meta: Meta::new(
                "uri_port_number",
                1,
                &["url_extract_port", "port"],
                document(
                    "The port as a number (UInt16). NULL when the input is NULL or not an \
                     RFC 3986 URI reference, when it has no port or an empty one, and when the \
                     port is above 65535. A scheme's default port is not filled in.",
                    "uri_port_number(uri)",
                    "SELECT uri_port_number('http://h:8080/'); -- 8080",
                    &[URI_ARGUMENT],
                ),
            ),
        }
    }
}

impl ScalarUDFImpl for PortNumberFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::UInt16)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_column(&args.args[0], peguri_arrow::port_number)
    }
}
