//! The components of a reference: the one vocabulary errors, the JSON
//! fields, the CLI's field names and the batch kernels use.

use core::fmt;

/// A component of a reference (RFC 3986 section 3): what errors name
/// ([`ParseError::component`](crate::ParseError::component),
/// [`BuildError::component`](crate::error::BuildError::component)), what
/// [`Reference::component`](crate::Reference::component) reads, and, by
/// [`as_str`](Self::as_str), the name of its field in JSON output.
///
/// ```
/// use peguri::{Component, UriBuilder, UriRef};
///
/// let err = UriBuilder::new().query("a b").build().unwrap_err();
/// assert_eq!(err.component(), Component::Query);
/// assert_eq!(Component::Query.as_str(), "query");
/// let err = UriRef::parse("http://h/?a b").unwrap_err();
/// assert_eq!(err.component(), Some(Component::Query));
/// let uri = UriRef::parse("http://u@h:1/p?q#f")?;
/// let parts: Vec<_> = Component::ALL.iter().map(|&c| uri.component(c)).collect();
/// assert_eq!(parts, [Some("http"), Some("u@h:1"), Some("u"), Some("h"), Some("1"), Some("/p"), Some("q"), Some("f")]);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// The scheme (section 3.1).
    Scheme,
    /// The whole authority (section 3.2).
    Authority,
    /// The user information (section 3.2.1).
    Userinfo,
    /// The host (section 3.2.2).
    Host,
    /// The port (section 3.2.3).
    Port,
    /// The path (section 3.3).
    Path,
    /// The query (section 3.4).
    Query,
    /// The fragment (section 3.5).
    Fragment,
}

impl Component {
    /// Every component, in the order they are written in a reference.
    ///
    /// ```
    /// assert_eq!(peguri::Component::ALL.len(), 8);
    /// assert_eq!(peguri::Component::ALL[0], peguri::Component::Scheme);
    /// ```
    pub const ALL: [Component; 8] = [
        Component::Scheme,
        Component::Authority,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name as RFC 3986 writes it, lowercase: the name of
    /// its field in JSON output (`peguri parse`, the batch kernels).
    ///
    /// ```
    /// assert_eq!(peguri::Component::Userinfo.as_str(), "userinfo");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The component's name, as [`as_str`](Component::as_str) gives it: what
/// the `component` of an error is in JSON (`peguri parse`) and in Python
/// (`ParseError.component`).
///
/// ```
/// let err = peguri::UriRef::parse("http://h:8x/").unwrap_err();
/// assert_eq!(serde_json::to_string(&err.component()).unwrap(), r#""port""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Component {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A field of the flat parse record: one row per input, with the
/// components and the error side by side. It is the JSON object of
/// `Report` (feature `serde`) with `authority`'s members lifted to the top
/// and `error`'s prefixed with `error_` (without `input` and
/// `error.expected`); the batch kernels (peguri-arrow, the SQL functions,
/// the Python package) give it as their struct, and read its fields from
/// [`RECORD_FIELDS`].
///
/// ```
/// use peguri::report::{RecordField, RecordValue, RECORD_FIELDS};
///
/// assert_eq!(RECORD_FIELDS[0], RecordField { name: "valid", value: RecordValue::Bool });
/// assert_eq!(RECORD_FIELDS.iter().filter(|f| f.value == RecordValue::Count).count(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RecordField {
    /// The field's name, as a struct column or a JSON member.
    pub name: &'static str,
    /// What the field holds. Every field may be null.
    pub value: RecordValue,
}

/// What a [`RecordField`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordValue {
    /// A boolean.
    Bool,
    /// Text.
    Text,
    /// A count of bytes or characters, an unsigned 64-bit integer.
    Count,
}

/// The fields of the flat parse record, in order: `valid`, `rule`, the
/// components but the authority (whose parts are fields) with
/// `host_kind` after the host, then the error's offset, column and
/// message.
///
/// ```
/// let names: Vec<&str> = peguri::report::RECORD_FIELDS.iter().map(|f| f.name).collect();
/// assert_eq!(
///     names,
///     [
///         "valid", "rule", "scheme", "userinfo", "host", "host_kind", "port", "path", "query",
///         "fragment", "error_offset", "error_column", "error_message"
///     ]
/// );
/// ```
pub const RECORD_FIELDS: [RecordField; 13] = {
    const fn text(name: &'static str) -> RecordField {
        RecordField {
            name,
            value: RecordValue::Text,
        }
    }
    const fn component(c: Component) -> RecordField {
        text(c.as_str())
    }
    [
        RecordField {
            name: "valid",
            value: RecordValue::Bool,
        },
        text("rule"),
        component(Component::Scheme),
        component(Component::Userinfo),
        component(Component::Host),
        text("host_kind"),
        component(Component::Port),
        component(Component::Path),
        component(Component::Query),
        component(Component::Fragment),
        RecordField {
            name: "error_offset",
            value: RecordValue::Count,
        },
        RecordField {
            name: "error_column",
            value: RecordValue::Count,
        },
        text("error_message"),
    ]
};
