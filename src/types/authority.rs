//! The authority component (RFC 3986 section 3.2) and its host.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::syntax::layout::{AuthorityLayout, HostData, ipv4_value, ipv6_value};

/// The authority of a URI reference: `[ userinfo "@" ] host [ ":" port ]`.
///
/// ```
/// let uri = peguri::UriRef::parse("http://user@example.com:8080/")?;
/// let authority = uri.authority().unwrap();
/// assert_eq!(authority.as_str(), "user@example.com:8080");
/// assert_eq!(authority.userinfo(), Some("user"));
/// assert_eq!(authority.host_str(), "example.com");
/// assert_eq!(authority.port(), Some("8080"));
/// assert_eq!(authority.port_u16(), Some(8080));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Authority<'a> {
    input: &'a str,
    layout: AuthorityLayout,
}

impl<'a> Authority<'a> {
    #[inline]
    pub(crate) fn new(input: &'a str, layout: AuthorityLayout) -> Self {
        Authority { input, layout }
    }

    /// Where the parts of this authority lie in its input.
    pub(crate) fn layout(&self) -> AuthorityLayout {
        self.layout
    }

    /// The whole authority, without the leading `//`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//h:1/p")?;
    /// assert_eq!(uri.authority().unwrap().as_str(), "h:1");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.layout.span.of(self.input)
    }

    /// The user information before `@`, if an `@` is present (it may be
    /// empty).
    ///
    /// ```
    /// let a = peguri::UriRef::parse("//@h")?;
    /// assert_eq!(a.authority().unwrap().userinfo(), Some(""));
    /// let b = peguri::UriRef::parse("//h")?;
    /// assert_eq!(b.authority().unwrap().userinfo(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    #[doc(alias("username", "password"))]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.layout.userinfo.map(|s| s.of(self.input))
    }

    /// The host, typed by the grammar rule that matched it.
    ///
    /// ```
    /// use peguri::Host;
    /// let uri = peguri::UriRef::parse("http://[::1]:80/")?;
    /// assert!(matches!(uri.authority().unwrap().host(), Host::Ipv6 { .. }));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn host(&self) -> Host<'a> {
        let text = self.layout.host.of(self.input);
        match self.layout.host_data {
            HostData::RegName => Host::RegName(text),
            HostData::Ipv4 => Host::Ipv4 {
                addr: ipv4_value(text),
                text,
            },
            HostData::Ipv6 { zone } => Host::Ipv6 {
                // Between `[` and `]`, or `[` and the `%25` before a zone.
                addr: ipv6_value(self.slice(
                    self.layout.host.start() + 1,
                    zone.map_or(self.layout.host.end().saturating_sub(1), |z| {
                        z.start().saturating_sub(3)
                    }),
                )),
                text,
                zone: zone.map(|z| ZoneId {
                    raw: z.of(self.input),
                }),
            },
            HostData::IpvFuture { version } => Host::IpvFuture {
                version: version.of(self.input),
                // `[v` + version + `.` ... `]`
                address: self.slice(version.end() + 1, self.layout.host.end().saturating_sub(1)),
                text,
            },
        }
    }

    /// The input from `start` to `end`, empty where that is not a piece
    /// of it: the spans come from the grammar, and `build.rs` checks that
    /// its IP literals have the shape the host's parts are cut by, but an
    /// edited grammar must not make an accessor panic.
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.input.get(start..end).unwrap_or_default()
    }

    /// The RFC `host` text, with the brackets of an IP literal.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://[v1.x]/")?;
    /// assert_eq!(uri.authority().unwrap().host_str(), "[v1.x]");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> &'a str {
        self.layout.host.of(self.input)
    }

    /// The port text after `:`, if a `:` is present. It may be empty, and
    /// its digits may exceed 65535: the grammar says `port = *DIGIT`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://h:/")?;
    /// assert_eq!(uri.authority().unwrap().port(), Some(""));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<&'a str> {
        self.layout.port.map(|s| s.of(self.input))
    }

    /// The port as a number, if it is present, not empty and at most 65535.
    ///
    /// ```
    /// let big = peguri::UriRef::parse("http://h:65536/")?;
    /// assert_eq!(big.authority().unwrap().port_u16(), None);
    /// let ok = peguri::UriRef::parse("http://h:0080/")?;
    /// assert_eq!(ok.authority().unwrap().port_u16(), Some(80));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn port_u16(&self) -> Option<u16> {
        self.port().and_then(|p| p.parse().ok())
    }
}

impl fmt::Debug for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Authority")
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("port", &self.port())
            .finish()
    }
}

impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A host, as the grammar's `host` rule matched it. Every variant keeps its
/// exact source text (`text`, brackets included for IP literals).
///
/// ```
/// use peguri::Host;
/// use std::net::Ipv4Addr;
///
/// let uri = peguri::UriRef::parse("http://127.0.0.1/")?;
/// let host = uri.authority().unwrap().host();
/// assert_eq!(host, Host::Ipv4 { addr: Ipv4Addr::LOCALHOST, text: "127.0.0.1" });
/// assert_eq!(host.kind(), "ipv4");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// A registered name (`reg-name`), possibly empty, as written.
    RegName(&'a str),
    /// An `IPv4address`.
    Ipv4 {
        /// The address.
        addr: Ipv4Addr,
        /// The dotted-decimal text.
        text: &'a str,
    },
    /// An `IPv6address` in an IP literal.
    Ipv6 {
        /// The address.
        addr: Ipv6Addr,
        /// The literal, brackets (and any zone) included.
        text: &'a str,
        /// The RFC 6874 zone identifier, only ever present when parsed with
        /// [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id).
        zone: Option<ZoneId<'a>>,
    },
    /// An `IPvFuture` literal.
    IpvFuture {
        /// The version: the hexadecimal digits after `v`.
        version: &'a str,
        /// The text after the version's `.`.
        address: &'a str,
        /// The literal, brackets included.
        text: &'a str,
    },
}

impl<'a> Host<'a> {
    /// The host's source text, brackets included for IP literals.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//[::1]")?;
    /// assert_eq!(uri.authority().unwrap().host().as_str(), "[::1]");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        match *self {
            Host::RegName(text)
            | Host::Ipv4 { text, .. }
            | Host::Ipv6 { text, .. }
            | Host::IpvFuture { text, .. } => text,
        }
    }

    /// The host percent-decoded, as text: a registered name decoded (octets
    /// that are not UTF-8 replaced by U+FFFD, see
    /// [`pct::decode_lossy`](crate::pct::decode_lossy)); an IP address or
    /// literal as written. Borrowed when nothing is decoded.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://b%C3%BCcher.example/")?;
    /// assert_eq!(uri.authority().unwrap().host().decoded(), "bücher.example");
    /// let uri = peguri::UriRef::parse("http://[::1]/")?;
    /// assert_eq!(uri.authority().unwrap().host().decoded(), "[::1]");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn decoded(&self) -> alloc::borrow::Cow<'a, str> {
        match *self {
            Host::RegName(name) => crate::syntax::pct::decode_lossy(name),
            _ => alloc::borrow::Cow::Borrowed(self.as_str()),
        }
    }

    /// The kind as the JSON contract names it: `reg-name`, `ipv4`, `ipv6` or
    /// `ipvfuture`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//example.com")?;
    /// assert_eq!(uri.authority().unwrap().host().kind(), "reg-name");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Host::RegName(_) => "reg-name",
            Host::Ipv4 { .. } => "ipv4",
            Host::Ipv6 { .. } => "ipv6",
            Host::IpvFuture { .. } => "ipvfuture",
        }
    }
}

/// An IPv6 zone identifier (RFC 6874), such as the `en1` of
/// `[fe80::a%25en1]`: the text after `%25`, which may itself be
/// percent-encoded.
///
/// ```
/// use peguri::{Host, ParseOptions};
///
/// let uri = peguri::UriRef::parse_with("http://[fe80::a%25en%31]/", &ParseOptions::new().allow_zone_id(true))?;
/// let Host::Ipv6 { zone: Some(zone), .. } = uri.authority().unwrap().host() else { panic!() };
/// assert_eq!(zone.as_str(), "en%31");
/// assert_eq!(zone.decoded(), "en1");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZoneId<'a> {
    raw: &'a str,
}

impl<'a> ZoneId<'a> {
    /// The zone as written, still percent-encoded.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse_with("//[::1%25lo]", &peguri::ParseOptions::new().allow_zone_id(true))?;
    /// let peguri::Host::Ipv6 { zone, .. } = uri.authority().unwrap().host() else { panic!() };
    /// assert_eq!(zone.unwrap().as_str(), "lo");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.raw
    }

    /// The zone with its percent-encoding decoded (invalid UTF-8 is
    /// replaced); borrowed when there is nothing to decode.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse_with("//[::1%25%2525]", &peguri::ParseOptions::new().allow_zone_id(true))?;
    /// let peguri::Host::Ipv6 { zone, .. } = uri.authority().unwrap().host() else { panic!() };
    /// assert_eq!(zone.unwrap().decoded(), "%25");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn decoded(&self) -> alloc::borrow::Cow<'a, str> {
        crate::syntax::pct::decode_lossy(self.raw)
    }
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
