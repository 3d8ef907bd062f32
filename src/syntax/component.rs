//! The components of a reference, as errors name them.

use core::fmt;

/// A component of a URI reference, as errors name it
/// ([`ParseError::component`](crate::ParseError::component),
/// [`BuildError::component`](crate::BuildError::component)).
///
/// ```
/// use peguri::{UriBuilder, UriComponent, UriRef};
///
/// let err = UriBuilder::new().query("a b").build().unwrap_err();
/// assert_eq!(err.component(), UriComponent::Query);
/// assert_eq!(UriComponent::Query.name(), "query");
/// let err = UriRef::parse("http://h/?a b").unwrap_err();
/// assert_eq!(err.component(), Some(UriComponent::Query));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UriComponent {
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

impl UriComponent {
    /// The component's name as RFC 3986 writes it, lowercase.
    ///
    /// ```
    /// assert_eq!(peguri::UriComponent::Userinfo.name(), "userinfo");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            UriComponent::Scheme => "scheme",
            UriComponent::Authority => "authority",
            UriComponent::Userinfo => "userinfo",
            UriComponent::Host => "host",
            UriComponent::Port => "port",
            UriComponent::Path => "path",
            UriComponent::Query => "query",
            UriComponent::Fragment => "fragment",
        }
    }
}

impl fmt::Display for UriComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
