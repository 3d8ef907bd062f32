//! Where each component of a parsed reference lies in its input.
//!
//! This is the one structure every parse engine fills: the compiled engine
//! (`engine`) and the pest walker (`walk`). The public types (`UriRef`,
//! `Authority`, `Host`, ...) are views over an input string and its
//! `Layout`, so they never allocate.

use core::net::{Ipv4Addr, Ipv6Addr};
use core::num::NonZeroU32;

/// A byte range of the input, in 32 bits: the parse functions refuse
/// inputs of `u32::MAX` bytes or more, and a small [`Layout`] keeps a parsed
/// reference small enough to be returned and copied in registers rather
/// than through `memcpy`. The end is kept plus one, so that `Option<Span>`
/// takes no more room than a span (`None` is the zero that no end plus one
/// is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Span {
    start: u32,
    end_plus_one: NonZeroU32,
}

impl Span {
    /// The span `start..end`; both are below `u32::MAX` (see the type).
    #[inline]
    pub(crate) const fn new(start: usize, end: usize) -> Self {
        debug_assert!(start <= end && end < u32::MAX as usize);
        Span {
            start: start as u32,
            end_plus_one: NonZeroU32::MIN.saturating_add(end as u32),
        }
    }

    /// The span packed as the compiled engine records it (`Slot`): the start
    /// times 2^32 plus the end plus one; 0 is no span.
    #[inline]
    pub(crate) const fn from_packed(packed: u64) -> Option<Self> {
        match NonZeroU32::new(packed as u32) {
            Some(end_plus_one) => Some(Span {
                start: (packed >> 32) as u32,
                end_plus_one,
            }),
            None => None,
        }
    }

    /// Where the span starts.
    #[inline]
    pub(crate) const fn start(self) -> usize {
        self.start as usize
    }

    /// Where the span ends (exclusive).
    #[inline]
    pub(crate) const fn end(self) -> usize {
        self.end_plus_one.get() as usize - 1
    }

    #[inline]
    pub(crate) fn of(self, input: &str) -> &str {
        &input[self.start()..self.end()]
    }

    /// The same span, `by` bytes further on (`by` may be negative).
    fn shifted(self, by: isize) -> Self {
        Span::new(
            self.start().wrapping_add_signed(by),
            self.end().wrapping_add_signed(by),
        )
    }
}

/// What the grammar decided the host is. The value of an IP literal is
/// read from its text when asked for ([`ipv4_value`], [`ipv6_value`]), not
/// while parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostData {
    RegName,
    Ipv4,
    /// An IPv6 address, with the span of its RFC 6874 zone identifier
    /// (after `%25`) when zone identifiers were allowed and one was given.
    Ipv6 {
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
    /// The same authority with each of its spans passed through `map`.
    pub(crate) fn map_spans(self, mut map: impl FnMut(Span) -> Span) -> Self {
        AuthorityLayout {
            span: map(self.span),
            userinfo: self.userinfo.map(&mut map),
            host: map(self.host),
            host_data: match self.host_data {
                HostData::IpvFuture { version } => HostData::IpvFuture {
                    version: map(version),
                },
                HostData::Ipv6 { zone } => HostData::Ipv6 {
                    zone: zone.map(&mut map),
                },
                HostData::RegName => HostData::RegName,
                HostData::Ipv4 => HostData::Ipv4,
            },
            port: self.port.map(map),
        }
    }

    /// The same authority, its text copied so that it starts at `start`.
    pub(crate) fn moved_to(self, start: usize) -> Self {
        let by = start as isize - self.span.start as isize;
        self.map_spans(|s| s.shifted(by))
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
    /// The same layout with each of its spans passed through `map`: for a
    /// text rewritten piece by piece, where `map` says where each piece
    /// went. It is the one place that knows every span a layout holds.
    pub(crate) fn map_spans(self, mut map: impl FnMut(Span) -> Span) -> Self {
        Layout {
            scheme: self.scheme.map(&mut map),
            authority: self.authority.map(|a| a.map_spans(&mut map)),
            path: map(self.path),
            query: self.query.map(&mut map),
            fragment: self.fragment.map(map),
        }
    }
}

/// The address an `IPv4address` the grammar accepted stands for. The
/// grammar decided the syntax; the standard library only turns the text
/// into a number. It reads every address the grammar accepts (tests show
/// it, and `build.rs` refuses a grammar that accepts an address it does
/// not read on samples of every form); should an edited grammar still
/// accept one, the address is the unspecified one rather than a panic.
pub(crate) fn ipv4_value(text: &str) -> Ipv4Addr {
    text.parse().unwrap_or(Ipv4Addr::UNSPECIFIED)
}

/// The address an `IPv6address` the grammar accepted stands for (the text
/// between `[` and `]` or the zone's `%25`). See [`ipv4_value`].
pub(crate) fn ipv6_value(text: &str) -> Ipv6Addr {
    text.parse().unwrap_or(Ipv6Addr::UNSPECIFIED)
}

/// Where `part`, a slice of `whole`, starts in it. Every accessor of a parsed
/// reference returns a slice of its input, so the place in memory gives the
/// offset exactly, without searching.
pub(crate) fn offset_in(whole: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    debug_assert!(
        offset <= whole.len() && offset + part.len() <= whole.len(),
        "{part:?} is not a slice of {whole:?}"
    );
    offset.min(whole.len())
}
