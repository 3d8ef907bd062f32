//! One component of every row, and the port as a number.

use arrow_array::builder::UInt16Builder;
use arrow_array::cast::AsArray;
use arrow_array::types::UInt16Type;
use arrow_array::{Array, ArrayRef, UInt16Array};
use arrow_schema::ArrowError;
use peguri::UriRef;

use crate::column::{map_strings, Layout, Substrings};

/// A component of a URI reference (RFC 3986 section 3).
///
/// ```
/// use peguri_arrow::Component;
///
/// let uri = peguri::UriRef::parse("http://u@h:1/p?q#f").unwrap();
/// let parts: Vec<_> = Component::ALL.iter().map(|c| c.of(&uri)).collect();
/// assert_eq!(parts, [Some("http"), Some("u"), Some("h"), Some("1"), Some("/p"), Some("q"), Some("f")]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The scheme, as written (not lowercased).
    Scheme,
    /// The userinfo before `@` in the authority.
    Userinfo,
    /// The host: a reg-name, an IPv4 address, or an IP literal with its
    /// brackets.
    Host,
    /// The port as text; `""` for an empty port (`http://h:/`).
    Port,
    /// The path, possibly `""`; present in every URI reference.
    Path,
    /// The query after `?`, without it.
    Query,
    /// The fragment after `#`, without it.
    Fragment,
}

impl Component {
    /// Every component, in the order they are written.
    ///
    /// ```
    /// assert_eq!(peguri_arrow::Component::ALL.len(), 7);
    /// ```
    pub const ALL: [Component; 7] = [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ];

    /// The component's name, which is also its field's name in
    /// [`parse`](crate::parse)'s struct.
    ///
    /// ```
    /// assert_eq!(peguri_arrow::Component::Userinfo.name(), "userinfo");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }

    /// The component's text in `uri`, `None` when absent. The host is the
    /// RFC's host text: IP literals keep their brackets.
    ///
    /// ```
    /// use peguri_arrow::Component;
    ///
    /// let uri = peguri::UriRef::parse("http://[::1]/").unwrap();
    /// assert_eq!(Component::Host.of(&uri), Some("[::1]"));
    /// assert_eq!(Component::Query.of(&uri), None);
    /// ```
    #[inline]
    pub fn of<'a>(self, uri: &UriRef<'a>) -> Option<&'a str> {
        match self {
            Component::Scheme => uri.scheme(),
            Component::Userinfo => uri.authority().and_then(|a| a.userinfo()),
            Component::Host => uri.authority().map(|a| a.host_str()),
            Component::Port => uri.authority().and_then(|a| a.port()),
            Component::Path => Some(uri.path()),
            Component::Query => uri.query(),
            Component::Fragment => uri.fragment(),
        }
    }
}

/// The text of `which` in every row, as written (percent-encoding
/// included), laid out as `layout` says (as views, it points into
/// `array`'s buffers). NULL where the input is NULL, is not a URI
/// reference, or has no such component; `""` where the component is
/// present and empty.
///
/// ```
/// use arrow_array::{cast::AsArray, Array, StringArray};
/// use peguri_arrow::{column::Layout, component, Component};
///
/// let urls = StringArray::from(vec![Some("http://example.com/a"), Some("/relative"), Some("http://h/a b"), None]);
/// let hosts = component(&urls, Component::Host, Layout::Plain)?;
/// assert_eq!(hosts.as_string::<i32>().value(0), "example.com");
/// assert!(hosts.is_null(1) && hosts.is_null(2) && hosts.is_null(3));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn component(
    array: &dyn Array,
    which: Component,
    layout: Layout,
) -> Result<ArrayRef, ArrowError> {
    map_strings(array, |input| {
        let mut out = Substrings::new(input, layout);
        for row in 0..input.len() {
            let piece = input
                .get(row)
                .and_then(|text| UriRef::parse(text).ok())
                .and_then(|uri| which.of(&uri));
            out.append(row, piece)?;
        }
        out.finish()
    })
}

/// The port of every row as a number. NULL where the input is NULL or not
/// a URI reference, has no port or an empty one, or the port is above
/// 65535 (the grammar's `port = *DIGIT` allows both). A scheme's default
/// port is not filled in.
///
/// ```
/// use arrow_array::{Array, StringArray};
///
/// let urls = StringArray::from(vec!["http://h:8080/", "http://h/", "http://h:99999/"]);
/// let ports = peguri_arrow::port_number(&urls)?;
/// assert_eq!(ports.value(0), 8080);
/// assert!(ports.is_null(1) && ports.is_null(2));
/// # Ok::<_, arrow_schema::ArrowError>(())
/// ```
pub fn port_number(array: &dyn Array) -> Result<UInt16Array, ArrowError> {
    let out = map_strings(array, |input| {
        let mut out = UInt16Builder::with_capacity(input.len());
        for row in 0..input.len() {
            let port = input
                .get(row)
                .and_then(|text| UriRef::parse(text).ok())
                .and_then(|uri| uri.authority())
                .and_then(|authority| authority.port_u16());
            out.append_option(port);
        }
        Ok(std::sync::Arc::new(out.finish()) as ArrayRef)
    })?;
    Ok(out.as_primitive::<UInt16Type>().clone())
}
