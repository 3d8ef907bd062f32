//! Conversions to and from the `http` crate's `Uri` (feature `http`) and
//! the `url` crate's `Url` (feature `url`).
//!
//! The three follow different standards, and each accepts text the others
//! refuse. Conversions never reinterpret: a reference that the other type
//! would read with different components is refused, and text that is not
//! an RFC 3986 reference is refused on the way back, with the component and
//! the character at fault.
//!
//! | text | RFC 3986 (peguri) | `http::Uri` | `url::Url` (WHATWG) |
//! |---|---|---|---|
//! | `http://h/p#f` | fragment `f` | fragment dropped | fragment `f` |
//! | `http://h` | empty path | path `/` | path `/` |
//! | `a/b`, `?q`, `#f`, empty | relative references | refused | refused (no base) |
//! | `//h/p` | authority `h` | origin-form path `//h/p` | refused (no base) |
//! | `mailto:a@b`, `h:80` | scheme, path | authority-form: the whole text is the authority | scheme, path |
//! | `urn:a:b`, `file:///a` | valid | refused | valid |
//! | `http://[v1.x]/` | IPvFuture host | accepted | refused |
//! | `http://h:99999/` | valid (`port = *DIGIT`) | accepted | refused (port) |
//! | `http://1.2.3.256/` | registered name | accepted | refused (IPv4) |
//! | `http:`, `http://` | valid | refused | refused (empty host) |
//! | `http://h/{a}`, `a\|b`, `a^b`, `%zz`, `é`, `?a[]=1` | refused | accepted as written | accepted; `\|`, `^`, `%zz`, `[]` kept, others encoded |
//! | `http://h/a b`, `` a`b `` | refused | refused | accepted, encoded |
//! | `http://h/a\b` | refused | accepted as written | `\` read as `/` |
//! | `HTTP://H/` | as written | scheme lowercased | scheme and host lowercased |
//!
//! `tests/library/interop.rs` checks every row against the crates.

#[cfg(feature = "http")]
mod http_conv {
    use core::fmt;

    use crate::ops::build::{BuildError, BuildErrorKind};
    use crate::reference::{Kind, Reference, Rfc3986, Storage, UriBuf, UriBuilder, UriRefBuf};
    use crate::syntax::component::Component;
    use crate::types::parsed::Parsed;

    /// Why a reference cannot become an `http::Uri`.
    ///
    /// ```
    /// use peguri::{HttpConversionError, UriRef};
    ///
    /// let err = UriRef::parse("mailto:a@example.com")?.to_http_uri().unwrap_err();
    /// assert!(matches!(err, HttpConversionError::SchemeWithoutAuthority));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[derive(Debug)]
    #[non_exhaustive]
    pub enum HttpConversionError {
        /// A relative reference that is none of HTTP's request-target forms
        /// (`/path?query`, `//authority` for the authority-form, or `*`).
        NotRequestTarget,
        /// A scheme without an authority (`mailto:a@b`, `urn:x`): `http`
        /// would read `scheme:rest` as an authority.
        SchemeWithoutAuthority,
        /// `http::Uri` refused the text.
        Rejected(http::uri::InvalidUri),
    }

    impl fmt::Display for HttpConversionError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                HttpConversionError::NotRequestTarget => f.write_str(
                    "not an HTTP request target: a relative reference must be an absolute path with an optional query, \"//authority\" or \"*\"",
                ),
                HttpConversionError::SchemeWithoutAuthority => f.write_str(
                    "a URI without an authority has no http::Uri form (it would read as an authority)",
                ),
                HttpConversionError::Rejected(e) => write!(f, "refused by http::Uri: {e}"),
            }
        }
    }

    impl core::error::Error for HttpConversionError {
        fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
            match self {
                HttpConversionError::Rejected(e) => Some(e),
                _ => None,
            }
        }
    }

    impl<S: Storage, K: Kind> Reference<S, Rfc3986, K> {
        /// This reference as an `http::Uri` (feature `http`): a URI
        /// with an authority in absolute-form, `/path?query` in
        /// origin-form, `//host:port` (only an authority) in
        /// authority-form, `*` as itself. The fragment is dropped, as
        /// `http::Uri` has none (a request target never carries one,
        /// RFC 9110 section 7.1).
        ///
        /// # Errors
        ///
        /// An [`HttpConversionError`] for a reference `http` cannot
        /// hold or would read differently, and for text `http::Uri`
        /// refuses (an empty host in `file:///a`, for example).
        ///
        /// ```
        /// let uri = peguri::Uri::parse("https://example.com:8443/a?b#frag")?;
        /// let http = uri.to_http_uri().unwrap();
        /// assert_eq!(http.host(), Some("example.com"));
        /// assert_eq!(http.port_u16(), Some(8443));
        /// assert_eq!(http.to_string(), "https://example.com:8443/a?b");
        /// let authority_form = peguri::UriRef::parse("//example.com:443")?.to_http_uri().unwrap();
        /// assert_eq!(authority_form.to_string(), "example.com:443");
        /// # Ok::<_, peguri::ParseError>(())
        /// ```
        pub fn to_http_uri(&self) -> Result<http::Uri, HttpConversionError> {
            http_uri(&self.view())
        }
    }

    /// The request target `http::Uri` reads `uri` as, or why there is none.
    fn http_uri(uri: &Parsed<'_>) -> Result<http::Uri, HttpConversionError> {
        let text = uri.as_str();
        let without_fragment = match uri.fragment() {
            Some(fragment) => &text[..text.len() - fragment.len() - 1],
            None => text,
        };
        let target = match (uri.scheme(), uri.authority()) {
            (Some(_), Some(_)) => without_fragment,
            (Some(_), None) => return Err(HttpConversionError::SchemeWithoutAuthority),
            // Authority-form: only `//authority`.
            (None, Some(authority)) => {
                if !uri.path().is_empty() || uri.query().is_some() {
                    return Err(HttpConversionError::NotRequestTarget);
                }
                authority.as_str()
            }
            // Origin-form or asterisk-form.
            (None, None) => {
                if !(uri.path().starts_with('/') || (uri.path() == "*" && uri.query().is_none())) {
                    return Err(HttpConversionError::NotRequestTarget);
                }
                without_fragment
            }
        };
        http::Uri::try_from(target).map_err(HttpConversionError::Rejected)
    }

    impl UriRefBuf {
        /// The reference an `http::Uri` stands for (feature `http`), built
        /// from its components, each checked as
        /// [`UriBuilder`] checks raw text. The
        /// authority-form (`example.com:443`) becomes `//example.com:443`,
        /// so that it keeps its meaning.
        ///
        /// # Errors
        ///
        /// A [`BuildError`] naming the component and the character that
        /// RFC 3986 does not allow (`http::Uri` accepts `{`, `|`, `^`,
        /// `"`, `\`, non-ASCII bytes and bad triplets in paths and
        /// queries), or a path starting with `//` without an authority.
        ///
        /// ```
        /// use peguri::UriRefBuf;
        ///
        /// let http: http::Uri = "http://example.com/a?b".parse().unwrap();
        /// assert_eq!(UriRefBuf::from_http_uri(&http)?, "http://example.com/a?b");
        ///
        /// let braces: http::Uri = "http://example.com/{id}".parse().unwrap();
        /// let err = UriRefBuf::from_http_uri(&braces).unwrap_err();
        /// assert_eq!(err.to_string(), "invalid character '{' in path at byte 1");
        /// # Ok::<_, peguri::BuildError>(())
        /// ```
        pub fn from_http_uri(uri: &http::Uri) -> Result<UriRefBuf, BuildError> {
            let mut builder = UriBuilder::new().path(uri.path());
            if let Some(scheme) = uri.scheme_str() {
                builder = builder.scheme(scheme);
            }
            if let Some(authority) = uri.authority() {
                builder = builder.authority(authority.as_str());
            }
            if let Some(query) = uri.query() {
                builder = builder.query(query);
            }
            builder.build()
        }
    }

    impl UriBuf {
        /// The URI an absolute-form `http::Uri` stands for (feature
        /// `http`). See [`UriRefBuf::from_http_uri`].
        ///
        /// # Errors
        ///
        /// As [`UriRefBuf::from_http_uri`], and
        /// [`BuildErrorKind::NoScheme`]
        /// for the other forms.
        ///
        /// ```
        /// let http: http::Uri = "/origin-form".parse().unwrap();
        /// assert!(peguri::UriBuf::from_http_uri(&http).is_err());
        /// ```
        pub fn from_http_uri(uri: &http::Uri) -> Result<UriBuf, BuildError> {
            let built = UriRefBuf::from_http_uri(uri)?;
            UriBuf::try_from(built)
                .map_err(|_| BuildError::new(Component::Scheme, BuildErrorKind::NoScheme))
        }
    }

    impl TryFrom<&http::Uri> for UriRefBuf {
        type Error = BuildError;

        /// See [`UriRefBuf::from_http_uri`].
        fn try_from(uri: &http::Uri) -> Result<Self, BuildError> {
            UriRefBuf::from_http_uri(uri)
        }
    }

    impl<S: Storage, K: Kind> TryFrom<&Reference<S, Rfc3986, K>> for http::Uri {
        type Error = HttpConversionError;

        /// See [`Reference::to_http_uri`].
        fn try_from(uri: &Reference<S, Rfc3986, K>) -> Result<Self, HttpConversionError> {
            uri.to_http_uri()
        }
    }
}

#[cfg(feature = "http")]
pub use http_conv::HttpConversionError;

#[cfg(feature = "url")]
mod url_conv {
    use core::fmt;

    use crate::reference::{Kind, Reference, Rfc3986, Storage, UriBuf};
    use crate::syntax::error::ParseError;

    /// Why a reference cannot become a `url::Url`.
    ///
    /// ```
    /// use peguri::{UriRef, UrlConversionError};
    ///
    /// let err = UriRef::parse("http://[v1.x]/")?.to_url().unwrap_err();
    /// assert_eq!(err, UrlConversionError::Rejected(url::ParseError::InvalidIpv6Address));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    #[non_exhaustive]
    pub enum UrlConversionError {
        /// A relative reference: a `Url` is always absolute (resolve the
        /// reference against a base first).
        RelativeReference,
        /// The WHATWG URL parser refused the text.
        Rejected(url::ParseError),
    }

    impl fmt::Display for UrlConversionError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                UrlConversionError::RelativeReference => {
                    f.write_str("a relative reference has no url::Url form (resolve it first)")
                }
                UrlConversionError::Rejected(e) => write!(f, "refused by url::Url: {e}"),
            }
        }
    }

    impl core::error::Error for UrlConversionError {
        fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
            match self {
                UrlConversionError::Rejected(e) => Some(e),
                UrlConversionError::RelativeReference => None,
            }
        }
    }

    impl<S: Storage, K: Kind> Reference<S, Rfc3986, K> {
        /// This URI as a `url::Url` (feature `url`): the WHATWG URL
        /// parser's reading of the same text, which normalizes
        /// (lowercase scheme and host, default port removed, dot
        /// segments removed, `/` for an empty path of special
        /// schemes) and may refuse what RFC 3986 allows (`docs/interop.md`
        /// has the table).
        ///
        /// # Errors
        ///
        /// A [`UrlConversionError`] for a relative reference, or
        /// when the WHATWG parser refuses the URI.
        ///
        /// ```
        /// let uri = peguri::UriRef::parse("HTTP://Example.COM:80/a/../b")?;
        /// assert_eq!(uri.to_url().unwrap().as_str(), "http://example.com/b");
        /// assert!(peguri::UriRef::parse("../b")?.to_url().is_err());
        /// # Ok::<_, peguri::ParseError>(())
        /// ```
        pub fn to_url(&self) -> Result<url::Url, UrlConversionError> {
            let view = self.view();
            if !view.has_scheme() {
                return Err(UrlConversionError::RelativeReference);
            }
            url::Url::parse(view.as_str()).map_err(UrlConversionError::Rejected)
        }
    }

    impl UriBuf {
        /// The URI a `url::Url` serializes to (feature `url`), parsed with
        /// RFC 3986's grammar.
        ///
        /// # Errors
        ///
        /// A [`ParseError`] when the serialization is not an RFC 3986 URI:
        /// WHATWG URLs keep `|`, `^`, `[`, `]` and bad triplets in paths
        /// and queries, which RFC 3986 does not allow.
        ///
        /// ```
        /// use peguri::UriBuf;
        ///
        /// let url = url::Url::parse("https://example.com/a b").unwrap();
        /// assert_eq!(UriBuf::from_url(&url)?, "https://example.com/a%20b");
        ///
        /// let pipe = url::Url::parse("https://example.com/a|b").unwrap();
        /// let err = UriBuf::from_url(&pipe).unwrap_err();
        /// assert_eq!(err.offset(), 21);
        /// # Ok::<_, peguri::ParseError>(())
        /// ```
        pub fn from_url(url: &url::Url) -> Result<UriBuf, ParseError> {
            url.as_str().parse()
        }
    }

    impl TryFrom<&url::Url> for UriBuf {
        type Error = ParseError;

        /// See [`UriBuf::from_url`].
        fn try_from(url: &url::Url) -> Result<Self, ParseError> {
            UriBuf::from_url(url)
        }
    }

    impl<S: Storage, K: Kind> TryFrom<&Reference<S, Rfc3986, K>> for url::Url {
        type Error = UrlConversionError;

        /// See [`Reference::to_url`].
        fn try_from(uri: &Reference<S, Rfc3986, K>) -> Result<Self, UrlConversionError> {
            uri.to_url()
        }
    }
}

#[cfg(feature = "url")]
pub use url_conv::UrlConversionError;
