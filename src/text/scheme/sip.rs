//! `sip` and `sips` (RFC 3261 sections 19.1 and 25.1), by
//! `schemes/sip.pest`, with the range of the `ttl` parameter that the
//! ABNF states in a comment.

use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::sip as compiled;
use crate::syntax::runtime::Slot;
use alloc::{boxed::Box, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "SIP_URI",
            "a sip URI, \"sip:\" [ userinfo ] hostport uri-parameters [ headers ]",
        ),
        (
            "SIPS_URI",
            "a sips URI, \"sips:\" [ userinfo ] hostport uri-parameters [ headers ]",
        ),
        ("sip_rest", "a user or a host"),
        ("userinfo_3261", "a user"),
        ("hostport", "a host"),
        ("host_3261", "a host"),
        ("hostname", "a host name"),
        ("IPv6reference", "a bracketed IPv6 address"),
        ("port_3261", "a port (digits)"),
        ("uri_parameter", "a parameter"),
        ("other_param", "a parameter"),
        ("token", "a token"),
        ("ttl", "a ttl (one to three digits)"),
        ("pname", "a parameter name"),
        ("pvalue", "a parameter value"),
        ("headers", "'?' and header fields"),
        ("header", "a header field, hname \"=\" hvalue"),
        ("hname", "a header field name"),
        ("hvalue", "a header field value"),
    ],
    limits: rule_words![(
        "named_param",
        "transport, user, method, ttl, maddr and lr are parameters of their own syntax",
    )],
};

/// The RFC and section of the `ttl` range.
const TTL: &(&str, &str) = &("RFC 3261", "25.1");

/// A sip or sips URI (RFC 3261): its user and password, host and port,
/// parameters and header fields, as written.
///
/// ```
/// use peguri::scheme::Sip;
///
/// let uri = peguri::UriRef::parse("sip:alice:secretword@atlanta.com;transport=tcp")?;
/// let sip = Sip::parse(&uri)?;
/// assert_eq!((sip.user(), sip.password()), (Some("alice"), Some("secretword")));
/// assert_eq!((sip.host(), sip.port()), ("atlanta.com", None));
/// assert_eq!(sip.parameter("Transport"), Some(Some("tcp")));
/// assert!(!sip.is_secure());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sip<'a> {
    text: &'a str,
    secure: bool,
    user: Option<Range<usize>>,
    password: Option<Range<usize>>,
    host: Range<usize>,
    port: Option<Range<usize>>,
    parameters: Vec<(Range<usize>, Option<Range<usize>>)>,
    headers: Vec<(Range<usize>, Range<usize>)>,
}

impl<'a> Sip<'a> {
    /// Reads `reference` as a sip or sips URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 3261 section 25.1), or if a
    /// `ttl` parameter is above 255.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:alice@atlanta.com;ttl=256")?;
    /// let err = peguri::scheme::Sip::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 26);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        // Another scheme is read as sip, whose grammar refuses it.
        let scheme = super::scheme_of(reference).filter(|&s| s == Scheme::Sips);
        Sip::read(scheme.unwrap_or(Scheme::Sip), reference.view().as_str())
    }

    /// Reads the text of a reference of `scheme` ([`Scheme::Sip`] or
    /// [`Scheme::Sips`]).
    pub(super) fn read(scheme: Scheme, uri: &'a str) -> Result<Self, SchemeError> {
        let secure = scheme == Scheme::Sips;
        let entry = if secure {
            Entry {
                matcher: compiled::match_sips_entry,
                fail: compiled::fail_sips_entry,
            }
        } else {
            Entry {
                matcher: compiled::match_sip_entry,
                fail: compiled::fail_sip_entry,
            }
        };
        let rec = entry.check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())?;
        let mut sip = Sip {
            text: uri,
            secure,
            user: span(rec.user),
            password: span(rec.password),
            host: span(rec.host_3261).unwrap_or_default(),
            port: span(rec.port_3261),
            parameters: Vec::new(),
            headers: Vec::new(),
        };
        let bytes = uri.as_bytes();
        // uri-parameters = *( ";" uri-parameter ): each parameter's name is
        // a pname, its value what follows the `=`.
        if let Some(parameters) = span(rec.uri_parameters) {
            let mut at = parameters.start;
            while at < parameters.end {
                let start = at + 1;
                let Some(end) = compiled::quiet_uri_parameter(bytes, start) else {
                    break;
                };
                let name = start..compiled::quiet_pname(bytes, start).unwrap_or(start);
                let value = (name.end < end).then(|| name.end + 1..end);
                sip.parameters.push((name, value));
                at = end;
            }
        }
        // headers = "?" header *( "&" header )
        if let Some(headers) = span(rec.headers) {
            let mut at = headers.start + 1;
            loop {
                let name = at..compiled::quiet_hname(bytes, at).unwrap_or(at);
                let value_start = name.end + 1;
                let value =
                    value_start..compiled::quiet_hvalue(bytes, value_start).unwrap_or(value_start);
                let end = value.end;
                sip.headers.push((name, value));
                if end >= headers.end {
                    break;
                }
                at = end + 1;
            }
        }
        sip.check_ttl(scheme)?;
        Ok(sip)
    }

    /// RFC 3261 section 25.1: `ttl = 1*3DIGIT ; 0 to 255`.
    fn check_ttl(&self, scheme: Scheme) -> Result<(), SchemeError> {
        for (name, value) in &self.parameters {
            let Some(value) = value else { continue };
            let written = &self.text[value.clone()];
            let is_ttl = self.text[name.clone()].eq_ignore_ascii_case("ttl");
            if is_ttl && written.parse::<u16>().is_ok_and(|ttl| ttl > 255) {
                let kind = Kind::OutOfRange {
                    what: "ttl",
                    value: Box::from(written),
                    range: "0 to 255",
                };
                return Err(SchemeError::new(
                    scheme,
                    self.text,
                    value.start,
                    TTL,
                    kind,
                    Vec::new(),
                ));
            }
        }
        Ok(())
    }

    /// The whole URI, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sips:1212@gateway.com")?;
    /// assert_eq!(peguri::scheme::Sip::parse(&uri)?.as_str(), "sips:1212@gateway.com");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Whether the scheme is `sips` (section 19.1: the resource is reached
    /// over TLS).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sips:1212@gateway.com")?;
    /// assert!(peguri::scheme::Sip::parse(&uri)?.is_secure());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_secure(&self) -> bool {
        self.secure
    }

    /// The user part, as written (or a telephone number, section 19.1.1);
    /// `None` when the URI names a host alone.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:alice;day=tuesday@atlanta.com")?;
    /// assert_eq!(peguri::scheme::Sip::parse(&uri)?.user(), Some("alice;day=tuesday"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn user(&self) -> Option<&'a str> {
        self.user.clone().map(|r| &self.text[r])
    }

    /// The password, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:+1-212-555-1212:1234@gateway.com;user=phone")?;
    /// assert_eq!(peguri::scheme::Sip::parse(&uri)?.password(), Some("1234"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.password.clone().map(|r| &self.text[r])
    }

    /// The host: a host name, an IPv4 address or a bracketed IPv6 address.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:alice@192.0.2.4")?;
    /// assert_eq!(peguri::scheme::Sip::parse(&uri)?.host(), "192.0.2.4");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> &'a str {
        &self.text[self.host.clone()]
    }

    /// The port, as written (digits).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:bob@biloxi.com:5060")?;
    /// assert_eq!(peguri::scheme::Sip::parse(&uri)?.port(), Some("5060"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.port.clone().map(|r| &self.text[r])
    }

    /// Every URI parameter, in order, as its name and its value (`None`
    /// for a name alone, such as `lr`), as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:h.example;lr;maddr=239.255.255.1;ttl=15")?;
    /// let sip = peguri::scheme::Sip::parse(&uri)?;
    /// let parameters: Vec<_> = sip.parameters().collect();
    /// assert_eq!(parameters, [("lr", None), ("maddr", Some("239.255.255.1")), ("ttl", Some("15"))]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> impl Iterator<Item = (&'a str, Option<&'a str>)> + '_ {
        let text = self.text;
        self.parameters
            .iter()
            .map(move |(name, value)| (&text[name.clone()], value.clone().map(|v| &text[v])))
    }

    /// The parameter of that name (case-insensitive, section 19.1.4):
    /// `Some(None)` for a name without a value, `None` when it is absent.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sip:h.example;lr;transport=udp")?;
    /// let sip = peguri::scheme::Sip::parse(&uri)?;
    /// assert_eq!((sip.parameter("lr"), sip.parameter("TRANSPORT")), (Some(None), Some(Some("udp"))));
    /// assert_eq!(sip.parameter("maddr"), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameter(&self, name: &str) -> Option<Option<&'a str>> {
        self.parameters()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }

    /// Every header field, in order, as its name and value, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sips:alice@atlanta.com?subject=project%20x&priority=urgent")?;
    /// let sip = peguri::scheme::Sip::parse(&uri)?;
    /// let headers: Vec<_> = sip.headers().collect();
    /// assert_eq!(headers, [("subject", "project%20x"), ("priority", "urgent")]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn headers(&self) -> impl Iterator<Item = (&'a str, &'a str)> + '_ {
        let text = self.text;
        self.headers
            .iter()
            .map(move |(name, value)| (&text[name.clone()], &text[value.clone()]))
    }

    /// Where the user, the host and the port are, for the component
    /// diagram.
    pub(crate) fn spans(&self) -> impl Iterator<Item = (&'static str, Range<usize>)> + '_ {
        let user = self.user.clone().map(|r| ("user", r));
        let port = self.port.clone().map(|r| ("port", r));
        user.into_iter()
            .chain([("host", self.host.clone())])
            .chain(port)
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `user`, `password`, `host`, `port` (as written, `null` when
/// absent), `parameters` (`[name, value]` pairs, the value `null` for a
/// name alone) and `headers` (`[name, value]` pairs), as written.
///
/// ```
/// let uri = peguri::UriRef::parse("sip:alice@atlanta.com;lr?subject=hi")?;
/// let sip = peguri::scheme::Sip::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&sip)?,
///     r#"{"user":"alice","password":null,"host":"atlanta.com","port":null,"parameters":[["lr",null]],"headers":[["subject","hi"]]}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Sip<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("user", &self.user())?;
        map.serialize_entry("password", &self.password())?;
        map.serialize_entry("host", self.host())?;
        map.serialize_entry("port", &self.port())?;
        let parameters: Vec<(&str, Option<&str>)> = self.parameters().collect();
        map.serialize_entry("parameters", &parameters)?;
        let headers: Vec<(&str, &str)> = self.headers().collect();
        map.serialize_entry("headers", &headers)?;
        map.end()
    }
}
