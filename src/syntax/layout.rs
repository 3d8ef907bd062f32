//! Where each component of a parsed reference lies in its input.
//!
//! This is the one structure every parse engine fills: the compiled engine
//! (`engine`) and the pest walker (`walk`). The public types (`UriRef`,
//! `Authority`, `Host`, ...) are views over an input string and its
//! `Layout`, so they never allocate.

use std::net::{Ipv4Addr, Ipv6Addr};

/// A byte range of the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub(crate) const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    pub(crate) fn of(self, input: &str) -> &str {
        &input[self.start..self.end]
    }

    /// The same span, `by` bytes further on (`by` may be negative).
    fn shifted(self, by: isize) -> Self {
        Span::new(
            self.start.wrapping_add_signed(by),
            self.end.wrapping_add_signed(by),
        )
    }
}

/// What the grammar decided the host is, with the value of IP literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostData {
    RegName,
    Ipv4(Ipv4Addr),
    /// An IPv6 address, with the span of its RFC 6874 zone identifier
    /// (after `%25`) when zone identifiers were allowed and one was given.
    Ipv6 {
        addr: Ipv6Addr,
        zone: Option<Span>,
    },
    /// The span of the version digits (between `v` and `.`).
    IpvFuture {
        version: Span,
    },
}

/// The parts of an authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthorityLayout {
    /// The whole authority, without the leading `//`.
    pub span: Span,
    pub userinfo: Option<Span>,
    /// The RFC `host` text, brackets included for IP literals.
    pub host: Span,
    pub host_data: HostData,
    pub port: Option<Span>,
}

impl AuthorityLayout {
    /// The same authority, its text copied so that it starts at `start`.
    pub(crate) fn moved_to(self, start: usize) -> Self {
        let by = start as isize - self.span.start as isize;
        AuthorityLayout {
            span: self.span.shifted(by),
            userinfo: self.userinfo.map(|s| s.shifted(by)),
            host: self.host.shifted(by),
            host_data: match self.host_data {
                HostData::IpvFuture { version } => HostData::IpvFuture {
                    version: version.shifted(by),
                },
                HostData::Ipv6 { addr, zone } => HostData::Ipv6 {
                    addr,
                    zone: zone.map(|z| z.shifted(by)),
                },
                other => other,
            },
            port: self.port.map(|s| s.shifted(by)),
        }
    }
}

/// The components of a URI reference. `None` means the component (and its
/// delimiter) is absent; an empty span means present but empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Layout {
    /// The scheme, without its `:`.
    pub scheme: Option<Span>,
    pub authority: Option<AuthorityLayout>,
    pub path: Span,
    /// The query, without its `?`.
    pub query: Option<Span>,
    /// The fragment, without its `#`.
    pub fragment: Option<Span>,
}

impl Layout {
    /// Whether the host is an IPv6 literal with an RFC 6874 zone
    /// identifier, which only a parse with zone identifiers allowed finds.
    pub(crate) fn has_zone_id(&self) -> bool {
        matches!(
            self.authority.map(|a| a.host_data),
            Some(HostData::Ipv6 { zone: Some(_), .. })
        )
    }
}

/// The kind of host the grammar matched, named by the host rule's child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostKind {
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}

/// The value of a host the grammar accepted as `kind` at `host`. The
/// grammar decided the syntax; the standard library only turns the accepted
/// text into a number. `None` only if the two disagree (tests show they do
/// not).
#[inline]
pub(crate) fn host_value(
    input: &str,
    host: Span,
    kind: HostKind,
    version: Option<Span>,
    zone: Option<Span>,
) -> Option<HostData> {
    Some(match kind {
        HostKind::RegName => HostData::RegName,
        HostKind::Ipv4 => HostData::Ipv4(input.get(host.start..host.end)?.parse().ok()?),
        HostKind::Ipv6 => {
            // Between `[` and `]`, or `[` and the `%25` before a zone.
            let end = zone.map_or(host.end.saturating_sub(1), |z| z.start.saturating_sub(3));
            let address = input.get(host.start + 1..end)?;
            HostData::Ipv6 {
                addr: address.parse().ok()?,
                zone,
            }
        }
        HostKind::IpvFuture => HostData::IpvFuture { version: version? },
    })
}
