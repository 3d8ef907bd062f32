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

#[cfg(any(feature = "http", feature = "url"))]
mod conversion_error {
    #[cfg(feature = "http")]
    use alloc::sync::Arc;
    use core::fmt;

    #[cfg(feature = "http")]
    use crate::ops::build::BuildError;
    #[cfg(feature = "url")]
    use crate::syntax::error::ParseError;

    /// Why a reference and an `http::Uri` (feature `http`) or a `url::Url`
    /// (feature `url`) do not convert, one way or the other: its
    /// [`kind`](Self::kind) says why, and its
    /// [`source`](core::error::Error::source) is the other crate's error
    /// or peguri's about the text, when there is one.
    ///
    /// ```
    /// # #[cfg(feature = "url")] {
    /// use peguri::UriRef;
    /// use peguri::error::ConversionErrorKind;
    ///
    /// let err = UriRef::parse("http://[v1.x]/")?.to_url().unwrap_err();
    /// assert_eq!(err.kind(), ConversionErrorKind::Refused);
    /// assert_eq!(err.to_string(), "url::Url refuses the text");
    /// let cause = core::error::Error::source(&err).unwrap();
    /// assert_eq!(cause.to_string(), "invalid IPv6 address");
    /// # }
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[derive(Clone, Debug)]
    pub struct ConversionError {
        kind: ConversionErrorKind,
        /// The other crate's type, as messages name it: `http::Uri` or
        /// `url::Url`.
        other: &'static str,
        source: Option<Source>,
    }

    /// The error behind a [`ConversionError`].
    #[derive(Clone, Debug)]
    pub(crate) enum Source {
        #[cfg(feature = "url")]
        Parse(ParseError),
        #[cfg(feature = "http")]
        Build(BuildError),
        #[cfg(feature = "http")]
        Http(Arc<http::uri::InvalidUri>),
        #[cfg(feature = "url")]
        Url(url::ParseError),
    }

    /// What a [`ConversionError`] is about.
    ///
    /// ```
    /// # #[cfg(feature = "http")] {
    /// use peguri::UriRef;
    /// use peguri::error::ConversionErrorKind;
    ///
    /// let err = UriRef::parse("mailto:a@example.com")?.to_http_uri().unwrap_err();
    /// assert_eq!(err.kind(), ConversionErrorKind::SchemeWithoutAuthority);
    /// # }
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum ConversionErrorKind {
        /// To an `http::Uri`: a relative reference that is none of HTTP's
        /// request-target forms (`/path?query`, `//authority` for the
        /// authority-form, or `*`).
        NotRequestTarget,
        /// To an `http::Uri`: a scheme without an authority
        /// (`mailto:a@b`, `urn:x`), which `http` would read as an
        /// authority.
        SchemeWithoutAuthority,
        /// To a `url::Url`: a relative reference, and a `Url` is always
        /// absolute (resolve the reference against a base first).
        RelativeReference,
        /// To an `http::Uri` or a `url::Url`: that crate refuses the text
        /// (the source is its error).
        Refused,
        /// From an `http::Uri` or a `url::Url`: its text is not an RFC
        /// 3986 reference (the source is peguri's error, with the
        /// component and the character at fault).
        NotRfc3986,
        /// From an `http::Uri` into a [`UriBuf`](crate::UriBuf): the
        /// `http::Uri` has no scheme (origin-form, authority-form).
        NoScheme,
    }

    impl ConversionErrorKind {
        /// The kind's stable name, in snake_case, as it serializes.
        ///
        /// ```
        /// use peguri::error::ConversionErrorKind;
        /// assert_eq!(ConversionErrorKind::NotRfc3986.as_str(), "not_rfc3986");
        /// ```
        pub const fn as_str(self) -> &'static str {
            match self {
                ConversionErrorKind::NotRequestTarget => "not_request_target",
                ConversionErrorKind::SchemeWithoutAuthority => "scheme_without_authority",
                ConversionErrorKind::RelativeReference => "relative_reference",
                ConversionErrorKind::Refused => "refused",
                ConversionErrorKind::NotRfc3986 => "not_rfc3986",
                ConversionErrorKind::NoScheme => "no_scheme",
            }
        }
    }

    /// The kind's name, as [`as_str`](ConversionErrorKind::as_str) gives it.
    #[cfg(feature = "serde")]
    impl serde::Serialize for ConversionErrorKind {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.as_str())
        }
    }

    impl ConversionError {
        pub(crate) fn new(kind: ConversionErrorKind, other: &'static str) -> Self {
            ConversionError {
                kind,
                other,
                source: None,
            }
        }

        pub(crate) fn caused(
            kind: ConversionErrorKind,
            other: &'static str,
            source: Source,
        ) -> Self {
            ConversionError {
                kind,
                other,
                source: Some(source),
            }
        }

        /// Why the conversion failed.
        ///
        /// ```
        /// # #[cfg(feature = "url")] {
        /// use peguri::error::ConversionErrorKind;
        ///
        /// let err = peguri::UriRef::parse("../b")?.to_url().unwrap_err();
        /// assert_eq!(err.kind(), ConversionErrorKind::RelativeReference);
        /// # }
        /// # Ok::<_, peguri::ParseError>(())
        /// ```
        pub fn kind(&self) -> ConversionErrorKind {
            self.kind
        }
    }

    impl fmt::Display for ConversionError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            let other = self.other;
            match self.kind {
                ConversionErrorKind::NotRequestTarget => f.write_str(
                    "not an HTTP request target: a relative reference must be an absolute path \
                     with an optional query, \"//authority\" or \"*\"",
                ),
                ConversionErrorKind::SchemeWithoutAuthority => write!(
                    f,
                    "a URI without an authority has no {other} form (it would read as an \
                     authority)"
                ),
                ConversionErrorKind::RelativeReference => {
                    write!(
                        f,
                        "a relative reference has no {other} form (resolve it first)"
                    )
                }
                ConversionErrorKind::Refused => write!(f, "{other} refuses the text"),
                ConversionErrorKind::NotRfc3986 => {
                    write!(f, "the {other} is not an RFC 3986 reference")
                }
                ConversionErrorKind::NoScheme => write!(
                    f,
                    "the {other} has no scheme, and a URI needs one (RFC 3986 section 3)"
                ),
            }
        }
    }

    impl core::error::Error for ConversionError {
        fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
            match self.source.as_ref()? {
                #[cfg(feature = "url")]
                Source::Parse(e) => Some(e),
                #[cfg(feature = "http")]
                Source::Build(e) => Some(e),
                #[cfg(feature = "http")]
                Source::Http(e) => Some(&**e),
                #[cfg(feature = "url")]
                Source::Url(e) => Some(e),
            }
        }
    }
}

#[cfg(any(feature = "http", feature = "url"))]
pub use conversion_error::{ConversionError, ConversionErrorKind};

use super::{Kind, Reference, Rfc3986, Storage, UriBuf};

#[cfg(feature = "http")]
mod http_conv {
    use alloc::sync::Arc;

    use super::conversion_error::{ConversionError, ConversionErrorKind, Source};
    use crate::reference::builder::UriBuilder;
    use crate::reference::{Kind, Reference, Rfc3986, Storage, UriBuf, UriRefBuf};
    use crate::types::parsed::Parsed;

    /// The type's name in messages.
    const HTTP: &str = "http::Uri";

    /// The request target `http::Uri` reads `uri` as, or why there is none.
    pub(super) fn http_uri(uri: &Parsed<'_>) -> Result<http::Uri, ConversionError> {
        use ConversionErrorKind::{NotRequestTarget, SchemeWithoutAuthority};
        let text = uri.as_str();
        let without_fragment = match uri.fragment() {
            Some(fragment) => &text[..text.len() - fragment.len() - 1],
            None => text,
        };
        let target = match (uri.scheme(), uri.authority()) {
            (Some(_), Some(_)) => without_fragment,
            (Some(_), None) => return Err(ConversionError::new(SchemeWithoutAuthority, HTTP)),
            // Authority-form: only `//authority`.
            (None, Some(authority)) => {
                if !uri.path().is_empty() || uri.query().is_some() {
                    return Err(ConversionError::new(NotRequestTarget, HTTP));
                }
                authority.as_str()
            }
            // Origin-form or asterisk-form.
            (None, None) => {
                if !(uri.path().starts_with('/') || (uri.path() == "*" && uri.query().is_none())) {
                    return Err(ConversionError::new(NotRequestTarget, HTTP));
                }
                without_fragment
            }
        };
        http::Uri::try_from(target).map_err(|e| {
            ConversionError::caused(
                ConversionErrorKind::Refused,
                HTTP,
                Source::Http(Arc::new(e)),
            )
        })
    }

    /// From an `http::Uri` (feature `http`): the reference it stands for,
    /// in any of HTTP's request-target forms.
    impl UriRefBuf {
        /// The reference an `http::Uri` stands for (feature `http`), built
        /// from its components, each checked as
        /// [`UriBuilder`] checks raw text. The
        /// authority-form (`example.com:443`) becomes `//example.com:443`,
        /// so that it keeps its meaning.
        ///
        /// # Errors
        ///
        /// A [`ConversionError`] of kind
        /// [`NotRfc3986`](ConversionErrorKind::NotRfc3986), whose source
        /// is the [`BuildError`](crate::error::BuildError) naming the
        /// component and the character that RFC 3986 does not allow
        /// (`http::Uri` accepts `{`, `|`, `^`, `"`, `\`, non-ASCII bytes
        /// and bad triplets in paths and queries), or a path starting with
        /// `//` without an authority.
        ///
        /// ```
        /// use peguri::UriRefBuf;
        ///
        /// let http: http::Uri = "http://example.com/a?b".parse().unwrap();
        /// assert_eq!(UriRefBuf::from_http_uri(&http)?, "http://example.com/a?b");
        ///
        /// let braces: http::Uri = "http://example.com/{id}".parse().unwrap();
        /// let err = UriRefBuf::from_http_uri(&braces).unwrap_err();
        /// assert_eq!(err.to_string(), "the http::Uri is not an RFC 3986 reference");
        /// let cause = std::error::Error::source(&err).unwrap();
        /// assert_eq!(cause.to_string(), "invalid character '{' in path at byte 1");
        /// # Ok::<_, peguri::error::ConversionError>(())
        /// ```
        pub fn from_http_uri(uri: &http::Uri) -> Result<UriRefBuf, ConversionError> {
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
            builder.build().map_err(|e| {
                ConversionError::caused(ConversionErrorKind::NotRfc3986, HTTP, Source::Build(e))
            })
        }
    }

    /// The URI an absolute-form `http::Uri` stands for, or why there is
    /// none.
    pub(super) fn uri_from_http(uri: &http::Uri) -> Result<UriBuf, ConversionError> {
        let built = UriRefBuf::from_http_uri(uri)?;
        UriBuf::try_from(built)
            .map_err(|_| ConversionError::new(ConversionErrorKind::NoScheme, HTTP))
    }

    impl TryFrom<&http::Uri> for UriRefBuf {
        type Error = ConversionError;

        /// See [`UriRefBuf::from_http_uri`](crate::UriRefBuf::from_http_uri).
        fn try_from(uri: &http::Uri) -> Result<Self, ConversionError> {
            UriRefBuf::from_http_uri(uri)
        }
    }

    impl<S: Storage, K: Kind> TryFrom<&Reference<S, Rfc3986, K>> for http::Uri {
        type Error = ConversionError;

        /// See [`Reference::to_http_uri`].
        fn try_from(uri: &Reference<S, Rfc3986, K>) -> Result<Self, ConversionError> {
            uri.to_http_uri()
        }
    }
}

#[cfg(feature = "url")]
mod url_conv {
    use super::conversion_error::{ConversionError, ConversionErrorKind, Source};
    use crate::reference::{Kind, Reference, Rfc3986, Storage, UriBuf};
    use crate::types::parsed::Parsed;

    /// The type's name in messages.
    const URL: &str = "url::Url";

    /// The `url::Url` the WHATWG parser reads `uri` as, or why there is
    /// none.
    pub(super) fn to_url(uri: &Parsed<'_>) -> Result<url::Url, ConversionError> {
        if !uri.has_scheme() {
            return Err(ConversionError::new(
                ConversionErrorKind::RelativeReference,
                URL,
            ));
        }
        url::Url::parse(uri.as_str())
            .map_err(|e| ConversionError::caused(ConversionErrorKind::Refused, URL, Source::Url(e)))
    }

    /// The URI a `url::Url` serializes to, or why there is none.
    pub(super) fn from_url(url: &url::Url) -> Result<UriBuf, ConversionError> {
        url.as_str().parse().map_err(|e| {
            ConversionError::caused(ConversionErrorKind::NotRfc3986, URL, Source::Parse(e))
        })
    }

    impl TryFrom<&url::Url> for UriBuf {
        type Error = ConversionError;

        /// See [`UriBuf::from_url`].
        fn try_from(url: &url::Url) -> Result<Self, ConversionError> {
            UriBuf::from_url(url)
        }
    }

    impl<S: Storage, K: Kind> TryFrom<&Reference<S, Rfc3986, K>> for url::Url {
        type Error = ConversionError;

        /// See [`Reference::to_url`].
        fn try_from(uri: &Reference<S, Rfc3986, K>) -> Result<Self, ConversionError> {
            uri.to_url()
        }
    }
}

/// Conversions to the `http` crate's `Uri` (feature `http`) and the `url`
/// crate's `Url` (feature `url`), which refuse what the other type would
/// read with different components.
#[cfg(any(feature = "http", feature = "url"))]
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
    /// An [`ConversionError`] for a reference `http` cannot
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
    #[cfg(feature = "http")]
    #[cfg_attr(docsrs, doc(cfg(feature = "http")))]
    pub fn to_http_uri(&self) -> Result<http::Uri, ConversionError> {
        http_conv::http_uri(&self.view())
    }

    /// This URI as a `url::Url` (feature `url`): the WHATWG URL
    /// parser's reading of the same text, which normalizes
    /// (lowercase scheme and host, default port removed, dot
    /// segments removed, `/` for an empty path of special
    /// schemes) and may refuse what RFC 3986 allows (`docs/interop.md`
    /// has the table).
    ///
    /// # Errors
    ///
    /// A [`ConversionError`] for a relative reference, or
    /// when the WHATWG parser refuses the URI.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("HTTP://Example.COM:80/a/../b")?;
    /// assert_eq!(uri.to_url().unwrap().as_str(), "http://example.com/b");
    /// assert!(peguri::UriRef::parse("../b")?.to_url().is_err());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "url")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url")))]
    pub fn to_url(&self) -> Result<url::Url, ConversionError> {
        url_conv::to_url(&self.view())
    }
}

/// Conversions from the `http` crate's `Uri` (feature `http`) and the
/// `url` crate's `Url` (feature `url`) to the URI they stand for, which
/// refuse text that is not an RFC 3986 URI.
#[cfg(any(feature = "http", feature = "url"))]
impl UriBuf {
    /// The URI an absolute-form `http::Uri` stands for (feature
    /// `http`). See [`UriRefBuf::from_http_uri`](crate::UriRefBuf::from_http_uri).
    ///
    /// # Errors
    ///
    /// As [`UriRefBuf::from_http_uri`](crate::UriRefBuf::from_http_uri), and
    /// [`ConversionErrorKind::NoScheme`] for the other forms.
    ///
    /// ```
    /// let http: http::Uri = "/origin-form".parse().unwrap();
    /// assert!(peguri::UriBuf::from_http_uri(&http).is_err());
    /// ```
    #[cfg(feature = "http")]
    #[cfg_attr(docsrs, doc(cfg(feature = "http")))]
    pub fn from_http_uri(uri: &http::Uri) -> Result<UriBuf, ConversionError> {
        http_conv::uri_from_http(uri)
    }

    /// The URI a `url::Url` serializes to (feature `url`), parsed with
    /// RFC 3986's grammar.
    ///
    /// # Errors
    ///
    /// A [`ConversionError`] of kind
    /// [`NotRfc3986`](ConversionErrorKind::NotRfc3986) when the
    /// serialization is not an RFC 3986 URI (WHATWG URLs keep `|`, `^`,
    /// `[`, `]` and bad triplets in paths and queries, which RFC 3986
    /// does not allow); its source is the
    /// [`ParseError`](crate::ParseError) that says where.
    ///
    /// ```
    /// use peguri::UriBuf;
    ///
    /// let url = url::Url::parse("https://example.com/a b").unwrap();
    /// assert_eq!(UriBuf::from_url(&url)?, "https://example.com/a%20b");
    ///
    /// let pipe = url::Url::parse("https://example.com/a|b").unwrap();
    /// let err = UriBuf::from_url(&pipe).unwrap_err();
    /// assert_eq!(err.kind(), peguri::error::ConversionErrorKind::NotRfc3986);
    /// let cause = std::error::Error::source(&err).unwrap();
    /// assert!(cause.to_string().starts_with("invalid URI: invalid character '|' in path at byte 21"));
    /// # Ok::<_, peguri::error::ConversionError>(())
    /// ```
    #[cfg(feature = "url")]
    #[cfg_attr(docsrs, doc(cfg(feature = "url")))]
    pub fn from_url(url: &url::Url) -> Result<UriBuf, ConversionError> {
        url_conv::from_url(url)
    }
}
