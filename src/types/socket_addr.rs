//! A socket address from a reference's authority: the host when it is an
//! IP address, and the port, or the scheme's default port from
//! [`scheme_info`](crate::scheme::scheme_info).

use core::fmt;
use core::net::{SocketAddr, SocketAddrV4, SocketAddrV6};

use crate::types::authority::{Authority, Host};
use crate::types::parsed::Parsed;
use crate::types::scheme::scheme_info;

/// Why an authority gives no socket address: its [`kind`](Self::kind)
/// says which part is missing or unusable.
///
/// ```
/// use peguri::UriRef;
/// use peguri::error::SocketAddrErrorKind;
///
/// let err = UriRef::parse("http://example.com/")?.socket_addr().unwrap_err();
/// assert_eq!(err.kind(), SocketAddrErrorKind::NotAnIpAddress);
/// assert_eq!(err.to_string(), "the host is a registered name, not an IP address (it needs a name lookup)");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SocketAddrError {
    kind: SocketAddrErrorKind,
}

impl SocketAddrError {
    /// What is missing or unusable.
    ///
    /// ```
    /// use peguri::error::SocketAddrErrorKind;
    ///
    /// let err = peguri::UriRef::parse("foo://10.0.0.1/")?.socket_addr().unwrap_err();
    /// assert_eq!(err.kind(), SocketAddrErrorKind::NoPort);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> SocketAddrErrorKind {
        self.kind
    }
}

impl From<SocketAddrErrorKind> for SocketAddrError {
    fn from(kind: SocketAddrErrorKind) -> Self {
        SocketAddrError { kind }
    }
}

/// What a [`SocketAddrError`] is about.
///
/// ```
/// use peguri::error::SocketAddrErrorKind;
///
/// let kind = |s| peguri::UriRef::parse(s).unwrap().socket_addr().unwrap_err().kind();
/// assert_eq!(kind("mailto:a@b"), SocketAddrErrorKind::NoAuthority);
/// assert_eq!(kind("http://[v1.x]/"), SocketAddrErrorKind::IpvFuture);
/// assert_eq!(SocketAddrErrorKind::PortOutOfRange.as_str(), "port_out_of_range");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SocketAddrErrorKind {
    /// The reference has no authority.
    NoAuthority,
    /// The host is a registered name, which needs a name lookup (see
    /// `std::net::ToSocketAddrs`).
    NotAnIpAddress,
    /// The host is an IPvFuture literal (`[v1.x]`), an address of a
    /// version no socket address holds.
    IpvFuture,
    /// There is no port, or it is empty, and the scheme has no default
    /// port in the scheme table (or there is no scheme).
    NoPort,
    /// The port is above 65535 (the grammar allows any digits).
    PortOutOfRange,
    /// The IPv6 zone identifier (RFC 6874) is not a number, and only the
    /// operating system can map an interface name to a scope ID.
    ZoneNotNumeric,
}

impl SocketAddrErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::SocketAddrErrorKind::NoPort.as_str(), "no_port");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            SocketAddrErrorKind::NoAuthority => "no_authority",
            SocketAddrErrorKind::NotAnIpAddress => "not_an_ip_address",
            SocketAddrErrorKind::IpvFuture => "ipvfuture",
            SocketAddrErrorKind::NoPort => "no_port",
            SocketAddrErrorKind::PortOutOfRange => "port_out_of_range",
            SocketAddrErrorKind::ZoneNotNumeric => "zone_not_numeric",
        }
    }
}

/// The kind's name, as [`as_str`](SocketAddrErrorKind::as_str) gives it.
///
/// ```
/// let kind = peguri::error::SocketAddrErrorKind::NoAuthority;
/// assert_eq!(serde_json::to_string(&kind).unwrap(), r#""no_authority""#);
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for SocketAddrErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Display for SocketAddrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            SocketAddrErrorKind::NoAuthority => "no authority, so no host and port",
            SocketAddrErrorKind::NotAnIpAddress => {
                "the host is a registered name, not an IP address (it needs a name lookup)"
            }
            SocketAddrErrorKind::IpvFuture => {
                "the host is an IPvFuture literal, whose address no socket address holds"
            }
            SocketAddrErrorKind::NoPort => "no port, and no default port known for the scheme",
            SocketAddrErrorKind::PortOutOfRange => "the port is above 65535",
            SocketAddrErrorKind::ZoneNotNumeric => {
                "the IPv6 zone identifier is not a number (a scope ID)"
            }
        })
    }
}

impl core::error::Error for SocketAddrError {}

impl Authority<'_> {
    /// The socket address of this authority: its IP address, and its port
    /// or, when the port is absent or empty (RFC 3986 section 3.2.3: an
    /// empty port means the default), `default_port`. A numeric RFC 6874
    /// zone identifier becomes the IPv6 scope ID.
    ///
    /// # Errors
    ///
    /// A [`SocketAddrError`] if the host is not an IP address, there is no
    /// port, or the port is above 65535.
    ///
    /// ```
    /// use std::net::SocketAddr;
    ///
    /// let uri = peguri::UriRef::parse("coap://[2001:db8::1]/sensor")?;
    /// let addr = uri.authority().unwrap().socket_addr(Some(5683)).unwrap();
    /// assert_eq!(addr, "[2001:db8::1]:5683".parse::<SocketAddr>().unwrap());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn socket_addr(&self, default_port: Option<u16>) -> Result<SocketAddr, SocketAddrError> {
        let port = match self.port().filter(|p| !p.is_empty()) {
            Some(text) => text
                .parse()
                .map_err(|_| SocketAddrError::from(SocketAddrErrorKind::PortOutOfRange))?,
            None => default_port.ok_or(SocketAddrError::from(SocketAddrErrorKind::NoPort))?,
        };
        match self.host() {
            Host::Ipv4 { addr, .. } => Ok(SocketAddr::V4(SocketAddrV4::new(addr, port))),
            Host::Ipv6 { addr, zone, .. } => {
                let scope = match zone {
                    Some(zone) => zone
                        .decoded()
                        .parse()
                        .map_err(|_| SocketAddrError::from(SocketAddrErrorKind::ZoneNotNumeric))?,
                    None => 0,
                };
                Ok(SocketAddr::V6(SocketAddrV6::new(addr, port, 0, scope)))
            }
            Host::RegName(_) => Err(SocketAddrErrorKind::NotAnIpAddress.into()),
            Host::IpvFuture { .. } => Err(SocketAddrErrorKind::IpvFuture.into()),
        }
    }
}

/// The port of `uri`, or its scheme's default port (see
/// `port_or_known_default`).
pub(crate) fn port_or_default(uri: &Parsed<'_>) -> Option<u16> {
    let authority = uri.authority()?;
    match authority.port().filter(|p| !p.is_empty()) {
        Some(text) => text.parse().ok(),
        None => default_port(uri),
    }
}

/// The default port of the reference's scheme, if it is known.
pub(crate) fn default_port(uri: &Parsed<'_>) -> Option<u16> {
    uri.scheme().and_then(scheme_info)?.default_port
}
