//! The JSON components view: the object `peguri parse` prints for each
//! input, and a contract other tools consume.
//!
//! A valid input:
//!
//! ```text
//! {"input": "...", "valid": true, "rule": "URI" | "relative-ref",
//!  "scheme": str|null,
//!  "authority": {"userinfo": str|null, "host": str, "host_kind": "reg-name"|"ipv4"|"ipv6"|"ipvfuture", "port": str|null} | null,
//!  "path": str, "query": str|null, "fragment": str|null}
//! ```
//!
//! An invalid one:
//!
//! ```text
//! {"input": "...", "valid": false,
//!  "error": {"offset": <byte offset>, "column": <1-based char column>, "expected": [...], "message": "...",
//!            "kind": "invalid_char"|..., "component": "scheme"|...|null}}
//! ```
//!
//! Absent components are `null`; present but empty ones are `""`.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{Family, MaybeRelative, Reference, Rfc3986, Rfc3987, UriRef};
use crate::ops::iri::iri_to_uri;
use crate::syntax::error::{Expected, Message, ParseError};
use crate::types::authority::Authority;
use crate::types::options::ParseOptions;
use crate::types::parsed::Parsed;

/// The components of a reference, serialized as the JSON contract's
/// object for a valid input. For an IRI (`F` is [`Rfc3987`]) the object
/// has one more field, `"uri"`: the URI the IRI maps to (RFC 3987 section
/// 3.1).
///
/// ```
/// let uri = peguri::UriRef::parse("http://h?")?;
/// let json = serde_json::to_string(&uri.components()).unwrap();
/// assert_eq!(
///     json,
///     r#"{"input":"http://h?","valid":true,"rule":"URI","scheme":"http","authority":{"userinfo":null,"host":"h","host_kind":"reg-name","port":null},"path":"","query":"","fragment":null}"#
/// );
///
/// let iri = peguri::IriRef::parse("http://example.com/é")?;
/// let json = serde_json::to_string(&iri.components()).unwrap();
/// assert!(json.starts_with(r#"{"input":"http://example.com/é","valid":true,"rule":"IRI","#));
/// assert!(json.ends_with(r#""uri":"http://example.com/%C3%A9"}"#));
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub struct Components<'a, F = Rfc3986> {
    reference: Reference<&'a str, F, MaybeRelative>,
    /// Map `"uri"` with IDNA (only with the `idna` feature).
    #[cfg(feature = "idna")]
    idna: bool,
}

impl<F> Clone for Components<'_, F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F> Copy for Components<'_, F> {}

impl<F: Family> core::fmt::Debug for Components<'_, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Components").field(&self.reference).finish()
    }
}

impl<'a, F: Family> Components<'a, F> {
    /// The view of `reference`.
    pub(crate) fn new(reference: Reference<&'a str, F, MaybeRelative>) -> Self {
        Components {
            reference,
            #[cfg(feature = "idna")]
            idna: false,
        }
    }

    /// The reference this view shows.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("a:b")?;
    /// assert_eq!(uri.components().reference().as_str(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn reference(&self) -> Reference<&'a str, F, MaybeRelative> {
        self.reference
    }
}

impl<'a> Components<'a, Rfc3986> {
    /// Writes the same JSON object as serializing this view with serde_json,
    /// faster: the text of a valid URI reference never needs escaping in
    /// JSON, because the grammar admits no `"`, no `\` and no control
    /// character (`tests/library/api.rs` checks every ASCII character against the
    /// grammar, and the output against serde_json's).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://h?")?;
    /// let mut out = Vec::new();
    /// uri.components().write_json(&mut out).unwrap();
    /// assert_eq!(out, serde_json::to_vec(&uri.components()).unwrap());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn write_json(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        fn text(out: &mut impl std::io::Write, value: Option<&str>) -> std::io::Result<()> {
            match value {
                None => out.write_all(b"null"),
                Some(v) => {
                    out.write_all(b"\"")?;
                    out.write_all(v.as_bytes())?;
                    out.write_all(b"\"")
                }
            }
        }
        let u = &self.reference;
        out.write_all(b"{\"input\":")?;
        text(out, Some(u.as_str()))?;
        out.write_all(b",\"valid\":true,\"rule\":")?;
        text(out, Some(u.rule()))?;
        out.write_all(b",\"scheme\":")?;
        text(out, u.scheme())?;
        out.write_all(b",\"authority\":")?;
        match u.authority() {
            None => out.write_all(b"null")?,
            Some(a) => {
                out.write_all(b"{\"userinfo\":")?;
                text(out, a.userinfo())?;
                out.write_all(b",\"host\":")?;
                text(out, Some(a.host_str()))?;
                out.write_all(b",\"host_kind\":")?;
                text(out, Some(a.host().kind()))?;
                out.write_all(b",\"port\":")?;
                text(out, a.port())?;
                out.write_all(b"}")?;
            }
        }
        out.write_all(b",\"path\":")?;
        text(out, Some(u.path()))?;
        out.write_all(b",\"query\":")?;
        text(out, u.query())?;
        out.write_all(b",\"fragment\":")?;
        text(out, u.fragment())?;
        out.write_all(b"}")
    }
}

struct AuthorityView<'a>(Authority<'a>);

impl Serialize for AuthorityView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let a = &self.0;
        let mut s = serializer.serialize_struct("Authority", 4)?;
        s.serialize_field("userinfo", &a.userinfo())?;
        s.serialize_field("host", a.host_str())?;
        s.serialize_field("host_kind", a.host().kind())?;
        s.serialize_field("port", &a.port())?;
        s.end()
    }
}

impl<F: Family> Serialize for Components<'_, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let view = self.reference.view();
        if !view.grammar.is_iri() {
            return serialize_components(serializer, &view, None);
        }
        #[cfg(feature = "idna")]
        if self.idna {
            let (uri, error) = match crate::ops::idna::iri_to_uri_idna(view) {
                Ok((text, _, _)) => (Some(text), None),
                Err(e) => (None, Some(alloc::string::ToString::to_string(&e))),
            };
            return serialize_components(
                serializer,
                &view,
                Some((uri.as_deref(), error.as_deref())),
            );
        }
        let (uri, _, _) = iri_to_uri(view);
        serialize_components(serializer, &view, Some((Some(&uri), None)))
    }
}

/// The contract's object for a valid input, with the RFC name of the rule
/// that matched, and, for IRIs, the URI it maps to as `"uri"` (with
/// `"uri_error"` when there is none).
fn serialize_components<S: Serializer>(
    serializer: S,
    u: &Parsed<'_>,
    mapped_uri: Option<(Option<&str>, Option<&str>)>,
) -> Result<S::Ok, S::Error> {
    let mut s = serializer.serialize_struct("Components", 10)?;
    s.serialize_field("input", u.as_str())?;
    s.serialize_field("valid", &true)?;
    s.serialize_field("rule", u.rule())?;
    s.serialize_field("scheme", &u.scheme())?;
    s.serialize_field("authority", &u.authority().map(AuthorityView))?;
    s.serialize_field("path", u.path())?;
    s.serialize_field("query", &u.query())?;
    s.serialize_field("fragment", &u.fragment())?;
    if let Some((uri, error)) = mapped_uri {
        s.serialize_field("uri", &uri)?;
        if let Some(error) = error {
            s.serialize_field("uri_error", error)?;
        }
    }
    s.end()
}

impl Components<'_, Rfc3987> {
    /// The same view with `"uri"` mapped with IDNA for the host
    /// ([`Reference::to_uri_idna`]); when ToASCII rejects the host, `"uri"`
    /// is `null` and `"uri_error"` says why.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://bücher.de/ä")?;
    /// let json = serde_json::to_string(&iri.components().idna(true)).unwrap();
    /// assert!(json.ends_with(r#""uri":"http://xn--bcher-kva.de/%C3%A4"}"#));
    /// let bad = peguri::IriRef::parse("http://-ü/")?;
    /// let json = serde_json::to_value(&bad.components().idna(true)).unwrap();
    /// assert_eq!(json["uri"], serde_json::Value::Null);
    /// assert!(json["uri_error"].as_str().unwrap().contains("ToASCII"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "idna")]
    #[must_use]
    pub fn idna(mut self, on: bool) -> Self {
        self.idna = on;
        self
    }
}

/// `{"offset", "column", "expected", "message", "kind", "component"}`:
/// `kind` is [`ParseErrorKind::as_str`](crate::ParseErrorKind::as_str)'s
/// name, `component` [`Component::as_str`](crate::Component::as_str)'s or
/// `null`.
///
/// ```
/// let err = peguri::UriRef::parse("http://h:8x/").unwrap_err();
/// let json = serde_json::to_string(&err).unwrap();
/// assert!(json.ends_with(r#""kind":"invalid_char","component":"port"}"#));
/// ```
impl Serialize for ParseError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The words, as a JSON array, without collecting them first.
        struct Words<'e>(Expected<'e>);
        impl Serialize for Words<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.0.clone())
            }
        }
        /// The message, rendered straight into the output.
        struct Text<'e>(Message<'e>);
        impl Serialize for Text<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(&self.0)
            }
        }
        let mut s = serializer.serialize_struct("ParseError", 6)?;
        s.serialize_field("offset", &self.offset())?;
        s.serialize_field("column", &self.column())?;
        s.serialize_field("expected", &Words(self.expected()))?;
        s.serialize_field("message", &Text(self.message()))?;
        s.serialize_field("kind", &self.kind())?;
        s.serialize_field("component", &self.component())?;
        s.end()
    }
}

/// The outcome of parsing one input as a URI reference, serialized as the
/// JSON contract's object (valid or invalid).
///
/// ```
/// use peguri::report::Report;
///
/// let report = Report::parse("http://h/a b");
/// assert!(!report.is_valid());
/// let json = serde_json::to_string(&report).unwrap();
/// assert!(json.starts_with(r#"{"input":"http://h/a b","valid":false,"error":{"offset":10,"column":11,"#));
/// ```
#[derive(Clone, Debug)]
pub enum Report<'a> {
    /// The input is a URI reference.
    Valid(Components<'a>),
    /// It is not.
    Invalid {
        /// The input.
        input: &'a str,
        /// Why not.
        error: ParseError,
    },
}

impl<'a> Report<'a> {
    /// Parses `input` as a URI reference and reports the outcome.
    ///
    /// ```
    /// assert!(peguri::report::Report::parse("a:b").is_valid());
    /// ```
    pub fn parse(input: &'a str) -> Self {
        Self::from_result(input, UriRef::parse(input))
    }

    /// Parses `input` as a URI reference with `options` (for example with
    /// RFC 6874 zone identifiers allowed) and reports the outcome.
    ///
    /// ```
    /// use peguri::ParseOptions;
    /// use peguri::report::Report;
    ///
    /// let zones = ParseOptions::new().allow_zone_id(true);
    /// assert!(Report::parse_with("http://[fe80::1%25en0]/", &zones).is_valid());
    /// assert!(!Report::parse("http://[fe80::1%25en0]/").is_valid());
    /// ```
    pub fn parse_with(input: &'a str, options: &ParseOptions) -> Self {
        Self::from_result(input, UriRef::parse_with(input, options))
    }

    fn from_result(input: &'a str, result: Result<UriRef<'a>, ParseError>) -> Self {
        match result {
            Ok(uri) => Report::Valid(uri.components()),
            Err(error) => Report::Invalid { input, error },
        }
    }

    /// Whether the input was valid.
    ///
    /// ```
    /// assert!(!peguri::report::Report::parse("a b").is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        matches!(self, Report::Valid(_))
    }
}

impl Serialize for Report<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Report::Valid(components) => components.serialize(serializer),
            Report::Invalid { input, error } => {
                let mut s = serializer.serialize_struct("Invalid", 3)?;
                s.serialize_field("input", input)?;
                s.serialize_field("valid", &false)?;
                s.serialize_field("error", error)?;
                s.end()
            }
        }
    }
}
