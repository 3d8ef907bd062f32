//! What each reading means, component by component, with the spellings
//! that do not change a meaning set aside: the RFC 3986 reading in its
//! normal form (sections 6.2.2 and 6.2.3, ToASCII for a registered name
//! with non-ASCII characters), the WHATWG reading with the same triplet
//! normalization, and the equivalences the URL Standard applies anyway
//! (listed on [`Meaning`]).

use std::net::{Ipv4Addr, Ipv6Addr};

use url::Url;

use crate::reference::IriRef;
use crate::reference::UriRef;
use crate::reference::UriRefBuf;
use crate::syntax::component::Component;
use crate::syntax::pct::{decode, normalize_triplets};
use crate::types::authority::Host;
use crate::types::scheme::scheme_info;
use alloc::{
    borrow::ToOwned,
    format,
    string::{String, ToString},
    vec::Vec,
};

/// The URL Standard's special schemes: their URLs get the host parser
/// (IPv4 number forms, percent-decoding, UTS 46), `\` as `/`, slashes
/// skipped after the scheme, and `/` for an empty path.
const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// Whether a lowercase scheme is special to the URL Standard.
pub(super) fn is_special(scheme: &str) -> bool {
    SPECIAL_SCHEMES.contains(&scheme)
}

/// The RFC 3986 reading in the form compared: normalized (section 6.2.2
/// and 6.2.3), with the registered name mapped by ToASCII when it holds
/// non-ASCII characters (RFC 3987 section 3.1, as
/// [`IriRef::to_uri_idna`] maps it).
pub(super) struct RfcNormal {
    pub(super) uri: UriRefBuf,
    /// ToASCII rejected the registered name, which stays as normalized.
    pub(super) idna_failed: bool,
}

pub(super) fn rfc_normal(uri: &UriRef<'_>) -> RfcNormal {
    let normal = uri.normalize();
    // A URI reference is an IRI reference, so the IRI view always parses.
    let mapped = IriRef::parse(normal.as_str()).map(|iri| iri.to_uri_idna());
    match mapped {
        Ok(Ok(uri)) => RfcNormal {
            uri,
            idna_failed: false,
        },
        Ok(Err(_)) => RfcNormal {
            uri: normal,
            idna_failed: true,
        },
        Err(_) => RfcNormal {
            uri: normal,
            idna_failed: false,
        },
    }
}

/// A host as a name resolver or a socket sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum HostMeaning {
    /// No authority.
    Absent,
    /// An empty host (and, for `file`, `localhost` or no authority).
    Empty,
    /// A registered name (WHATWG: a domain or an opaque host), in normal
    /// form.
    Name(String),
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    /// An `IPvFuture` literal, lowercased.
    Future(String),
}

/// One reading's meaning. Two readings mean the same when these are
/// equal; what is set aside to get there:
///
/// - the spelling of percent-encoding (hex case, unreserved triplets), of
///   the scheme and of the host (case, IPv6 text), a default or empty
///   port, and dot-segments: RFC 3986 section 6.2.2 and 6.2.3;
/// - an empty path after a special scheme's authority, which the URL
///   Standard writes `/`;
/// - empty userinfo, which the URL Standard drops: credentials are
///   compared as decoded user and password;
/// - a `'` in the query of a special URL, which the URL Standard
///   percent-encodes;
/// - for `file`, `localhost` and no authority, which both mean the local
///   machine (RFC 8089 section 2, the URL Standard's file host state);
/// - an opaque host (the URL Standard's host of a URL that is not
///   special), read as the RFC 3986 reg-name it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Meaning {
    pub(super) scheme: String,
    /// Decoded user and password; `None` when both are empty.
    pub(super) userinfo: Option<(Vec<u8>, Vec<u8>)>,
    pub(super) host: HostMeaning,
    /// The port in decimal without leading zeros; `None` when absent,
    /// empty or the scheme's default.
    pub(super) port: Option<String>,
    pub(super) path: String,
    pub(super) query: Option<String>,
    pub(super) fragment: Option<String>,
}

impl Meaning {
    /// The meaning of the RFC 3986 reading's normal form (a URI: the
    /// WHATWG reading exists, so the input has a scheme).
    pub(super) fn of_rfc(normal: &UriRef<'_>) -> Meaning {
        let scheme = normal.scheme().unwrap_or_default().to_ascii_lowercase();
        let authority = normal.authority();
        let host = match authority {
            Some(authority) => host_meaning(authority.host(), &scheme),
            None if scheme == "file" => HostMeaning::Empty,
            None => HostMeaning::Absent,
        };
        let userinfo = authority.and_then(|a| a.userinfo()).and_then(|userinfo| {
            // Section 3.2.1: the password, if any, follows the first `:`.
            let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
            credentials(user, password)
        });
        let mut path = normal.path();
        // The normalizer keeps `/.` before a path starting with `//` where
        // there is no authority, so that the path is not read as one; the
        // URL Standard's path has no such prefix (only its serialization).
        if authority.is_none() && path.starts_with("/.//") {
            path = &path[2..];
        }
        let special = is_special(&scheme);
        let path = if path.is_empty() && special {
            "/".to_owned()
        } else {
            path.to_owned()
        };
        let query = normal.query().map(|query| {
            if special {
                query.replace('\'', "%27")
            } else {
                query.to_owned()
            }
        });
        Meaning {
            port: port_meaning(&scheme, authority.and_then(|a| a.port())),
            scheme,
            userinfo,
            host,
            path,
            query,
            fragment: normal.fragment().map(str::to_owned),
        }
    }

    /// The meaning of the WHATWG reading.
    pub(super) fn of_whatwg(url: &Url) -> Meaning {
        let scheme = url.scheme().to_owned();
        let host = match url.host() {
            Some(url::Host::Domain(name)) if is_special(&scheme) => {
                HostMeaning::Name(name.to_owned())
            }
            Some(url::Host::Domain(opaque)) => opaque_host(opaque, &scheme),
            Some(url::Host::Ipv4(addr)) => HostMeaning::Ipv4(addr),
            Some(url::Host::Ipv6(addr)) => HostMeaning::Ipv6(addr),
            None if url.has_authority() || scheme == "file" => HostMeaning::Empty,
            None => HostMeaning::Absent,
        };
        let port = url.port().map(|port| port.to_string());
        Meaning {
            port: port_meaning(&scheme, port.as_deref()),
            userinfo: credentials(url.username(), url.password().unwrap_or_default()),
            host,
            path: normalize_triplets(url.path()).into_owned(),
            query: url.query().map(|q| normalize_triplets(q).into_owned()),
            fragment: url.fragment().map(|f| normalize_triplets(f).into_owned()),
            scheme,
        }
    }

    /// The components whose meanings differ, in [`Component`] order.
    pub(super) fn differing(&self, other: &Meaning) -> Vec<Component> {
        let pairs = [
            (Component::Scheme, self.scheme == other.scheme),
            (Component::Userinfo, self.userinfo == other.userinfo),
            (Component::Host, self.host == other.host),
            (Component::Port, self.port == other.port),
            (Component::Path, self.path == other.path),
            (Component::Query, self.query == other.query),
            (Component::Fragment, self.fragment == other.fragment),
        ];
        pairs
            .into_iter()
            .filter(|(_, same)| !same)
            .map(|(component, _)| component)
            .collect()
    }
}

/// The meaning of a host of a reference in normal form.
fn host_meaning(host: Host<'_>, scheme: &str) -> HostMeaning {
    match host {
        Host::RegName("") => HostMeaning::Empty,
        Host::RegName("localhost") if scheme == "file" => HostMeaning::Empty,
        Host::RegName(name) => HostMeaning::Name(name.to_owned()),
        Host::Ipv4 { addr, .. } => HostMeaning::Ipv4(addr),
        Host::Ipv6 { addr, .. } => HostMeaning::Ipv6(addr),
        Host::IpvFuture { text, .. } => HostMeaning::Future(text.to_ascii_lowercase()),
    }
}

/// An opaque host means what the same text means as an RFC 3986 host; the
/// URL Standard keeps it as written, so it is normalized the same way as
/// the RFC reading's host. Text that is no RFC 3986 host is kept as is.
fn opaque_host(text: &str, scheme: &str) -> HostMeaning {
    let authority = format!("//{text}");
    match UriRef::parse(&authority) {
        Ok(uri) => match rfc_normal(&uri).uri.authority() {
            Some(authority) => host_meaning(authority.host(), scheme),
            None => HostMeaning::Empty,
        },
        Err(_) => HostMeaning::Name(text.to_owned()),
    }
}

/// Decoded credentials, `None` when there are none to send.
fn credentials(user: &str, password: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    (!user.is_empty() || !password.is_empty())
        .then(|| (decode(user).into_owned(), decode(password).into_owned()))
}

/// A port as a number in decimal, `None` when absent, empty or the
/// scheme's default (peguri's scheme table, which has every special
/// scheme's default).
fn port_meaning(scheme: &str, port: Option<&str>) -> Option<String> {
    let port = port.filter(|p| !p.is_empty())?;
    let digits = port.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let default = scheme_info(scheme).and_then(|info| info.default_port);
    if default.is_some_and(|d| digits.parse() == Ok(d)) {
        return None;
    }
    Some(digits.to_owned())
}
