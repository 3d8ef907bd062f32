//! The tree-walker: pest pairs from `uri.pest` to a [`Layout`].
//!
//! The walker only records where the grammar's component rules started and
//! ended; it never looks at the characters themselves, so every boundary is
//! the grammar's. It allocates nothing.

use pest::Parser as _;
use pest::Token;

use crate::syntax::error::ParseError;
use crate::syntax::grammar::{Rule, UriParser};
use crate::syntax::layout::{AuthorityLayout, HostData, Layout, Span};

/// Which grammar a parse follows: RFC 3986 alone (the default), or with
/// RFC 6874's zone identifiers in IP literals (`rfc6874.pest`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Syntax {
    Rfc3986,
    Rfc6874,
}

/// The grammar rules a typed parse can start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    UriReference,
    Uri,
    AbsoluteUri,
    RelativeRef,
}

impl Entry {
    /// The anchored entry rule.
    pub(crate) fn anchored(self) -> Rule {
        match self {
            Entry::UriReference => Rule::URI_reference_entry,
            Entry::Uri => Rule::URI_entry,
            Entry::AbsoluteUri => Rule::absolute_URI_entry,
            Entry::RelativeRef => Rule::relative_ref_entry,
        }
    }

    /// The typed entry for an anchored rule, if it is one of the four.
    pub(crate) fn from_rule(rule: Rule) -> Option<Self> {
        [
            Entry::UriReference,
            Entry::Uri,
            Entry::AbsoluteUri,
            Entry::RelativeRef,
        ]
        .into_iter()
        .find(|e| e.anchored() == rule)
    }

    /// The anchored entry rule of this entry in `syntax`.
    pub(crate) fn anchored_in(self, syntax: Syntax) -> Rule {
        match (syntax, self) {
            (Syntax::Rfc3986, _) => self.anchored(),
            (Syntax::Rfc6874, Entry::UriReference) => Rule::URI_reference_6874_entry,
            (Syntax::Rfc6874, Entry::Uri) => Rule::URI_6874_entry,
            (Syntax::Rfc6874, Entry::AbsoluteUri) => Rule::absolute_URI_6874_entry,
            (Syntax::Rfc6874, Entry::RelativeRef) => Rule::relative_ref_6874_entry,
        }
    }

    /// The rule of this entry in `syntax`, without anchors.
    pub(crate) fn unanchored_in(self, syntax: Syntax) -> Rule {
        match (syntax, self) {
            (Syntax::Rfc3986, _) => self.unanchored(),
            (Syntax::Rfc6874, Entry::UriReference) => Rule::URI_reference_6874,
            (Syntax::Rfc6874, Entry::Uri) => Rule::URI_6874,
            (Syntax::Rfc6874, Entry::AbsoluteUri) => Rule::absolute_URI_6874,
            (Syntax::Rfc6874, Entry::RelativeRef) => Rule::relative_ref_6874,
        }
    }

    /// The same rule without anchors, which matches the longest valid prefix.
    pub(crate) fn unanchored(self) -> Rule {
        match self {
            Entry::UriReference => Rule::URI_reference,
            Entry::Uri => Rule::URI,
            Entry::AbsoluteUri => Rule::absolute_URI,
            Entry::RelativeRef => Rule::relative_ref,
        }
    }

    /// The entry for a rule name as RFC 3986 spells it.
    pub(crate) fn from_rfc_name(name: &str) -> Option<Entry> {
        [
            Entry::UriReference,
            Entry::Uri,
            Entry::AbsoluteUri,
            Entry::RelativeRef,
        ]
        .into_iter()
        .find(|e| e.rfc_name() == name)
    }

    /// The rule's name as RFC 3986 spells it.
    pub(crate) fn rfc_name(self) -> &'static str {
        match self {
            Entry::UriReference => "URI-reference",
            Entry::Uri => "URI",
            Entry::AbsoluteUri => "absolute-URI",
            Entry::RelativeRef => "relative-ref",
        }
    }
}

/// Parses `input` as `entry`: with the fast engine generated from
/// `uri.pest`, and, when it rejects the input, again with pest_derive for the
/// rich error.
#[inline]
pub(crate) fn parse(input: &str, entry: Entry) -> Result<Layout, ParseError> {
    match crate::syntax::engine::parse(input, entry) {
        Some(layout) => Ok(layout),
        None => parse_with_pest(input, entry),
    }
}

/// Parses `input` as `entry` in `syntax`. RFC 6874 parsing is opt-in and
/// rare, so it goes straight to the pest engine.
pub(crate) fn parse_in(input: &str, entry: Entry, syntax: Syntax) -> Result<Layout, ParseError> {
    match syntax {
        Syntax::Rfc3986 => parse(input, entry),
        Syntax::Rfc6874 => parse_with_pest_in(input, entry, syntax),
    }
}

/// Parses `input` with the pest engine and walks the pairs.
pub(crate) fn parse_with_pest(input: &str, entry: Entry) -> Result<Layout, ParseError> {
    parse_with_pest_in(input, entry, Syntax::Rfc3986)
}

fn parse_with_pest_in(input: &str, entry: Entry, syntax: Syntax) -> Result<Layout, ParseError> {
    match UriParser::parse(entry.anchored_in(syntax), input) {
        Ok(pairs) => walk_pairs(pairs, input),
        Err(e) => Err(ParseError::from_pest_entry_in(input, entry, &e, syntax)),
    }
}

/// Walks the longest prefix of `input` that `entry` matches, without
/// anchoring: error reports use it to name the component that was being
/// read where parsing stopped.
pub(crate) fn parse_prefix(input: &str, entry: Entry, syntax: Syntax) -> Option<Layout> {
    let pairs = UriParser::parse(entry.unanchored_in(syntax), input).ok()?;
    walk_pairs(pairs, input).ok()
}

/// Walks the pairs of a successful parse, from any grammar rule that leads
/// to the component rules: URI rules (`uri.pest`), their RFC 6874 variants
/// (`rfc6874.pest`) or the IRI rules (`iri.pest`).
///
/// It reads the pairs as pest's flat token stream (a `Start` and an `End`
/// token per pair, in order), which costs no reference counting per pair,
/// and visits the tree exactly as a recursive walk over the pairs would.
pub(crate) fn walk_pairs(
    pairs: pest::iterators::Pairs<'_, Rule>,
    input: &str,
) -> Result<Layout, ParseError> {
    let mut builder = LayoutBuilder::default();
    let mut tokens = pairs.tokens();
    while let Some(token) = tokens.next() {
        if let Token::Start { rule, pos } = token {
            builder.visit(rule, pos.pos(), &mut tokens);
        }
    }
    builder.finish(input)
}

type Tokens<'i> = pest::iterators::Tokens<'i, Rule>;

/// The next child of the pair whose tokens are being read: its rule and
/// start, or `None` at the pair's own `End` (consumed), with the pair's end.
fn next_child(tokens: &mut Tokens<'_>) -> Result<(Rule, usize), usize> {
    match tokens.next() {
        Some(Token::Start { rule, pos }) => Ok((rule, pos.pos())),
        Some(Token::End { pos, .. }) => Err(pos.pos()),
        // Only a truncated stream ends inside a pair; pest never makes one.
        None => Err(0),
    }
}

/// Skips the rest of a pair whose `Start` was read, children included;
/// returns its end.
fn skip(tokens: &mut Tokens<'_>) -> usize {
    let mut depth = 0usize;
    loop {
        match tokens.next() {
            Some(Token::Start { .. }) => depth += 1,
            Some(Token::End { pos, .. }) => {
                if depth == 0 {
                    return pos.pos();
                }
                depth -= 1;
            }
            None => return 0,
        }
    }
}

#[derive(Default)]
struct LayoutBuilder {
    scheme: Option<Span>,
    authority: Option<Span>,
    userinfo: Option<Span>,
    host: Option<(Span, HostKind)>,
    ipvfuture_version: Option<Span>,
    zone: Option<Span>,
    port: Option<Span>,
    path: Option<Span>,
    query: Option<Span>,
    fragment: Option<Span>,
}

#[derive(Clone, Copy)]
pub(crate) enum HostKind {
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}

impl LayoutBuilder {
    /// Visits the pair of `rule` starting at `start`, whose `Start` token was
    /// just read, and reads the rest of its tokens; returns its end.
    fn visit(&mut self, rule: Rule, start: usize, tokens: &mut Tokens<'_>) -> usize {
        match rule {
            Rule::scheme => {
                let end = skip(tokens);
                self.scheme = Some(Span::new(start, end));
                end
            }
            Rule::authority | Rule::authority_6874 | Rule::iauthority => {
                let end = self.visit_children(tokens);
                self.authority = Some(Span::new(start, end));
                end
            }
            Rule::userinfo | Rule::iuserinfo => {
                let end = skip(tokens);
                self.userinfo = Some(Span::new(start, end));
                end
            }
            Rule::host | Rule::host_6874 | Rule::ihost => {
                // The host span includes the brackets of an IP literal; the
                // child names the kind.
                let mut kind = None;
                let end = loop {
                    match next_child(tokens) {
                        Ok((Rule::IP_literal | Rule::IP_literal_6874, _)) => {
                            kind = Some(self.ip_literal_kind(tokens));
                        }
                        Ok((Rule::IPv4address, _)) => {
                            skip(tokens);
                            kind = Some(HostKind::Ipv4);
                        }
                        Ok(_) => {
                            skip(tokens);
                            kind = Some(HostKind::RegName);
                        }
                        Err(end) => break end,
                    }
                };
                if let Some(kind) = kind {
                    self.host = Some((Span::new(start, end), kind));
                }
                end
            }
            Rule::port => {
                let end = skip(tokens);
                self.port = Some(Span::new(start, end));
                end
            }
            Rule::path_abempty
            | Rule::path_absolute
            | Rule::path_noscheme
            | Rule::path_rootless
            | Rule::path_empty
            | Rule::ipath_abempty
            | Rule::ipath_absolute
            | Rule::ipath_noscheme
            | Rule::ipath_rootless
            | Rule::ipath_empty => {
                let end = skip(tokens);
                self.path = Some(Span::new(start, end));
                end
            }
            Rule::query | Rule::iquery => {
                let end = skip(tokens);
                self.query = Some(Span::new(start, end));
                end
            }
            Rule::fragment | Rule::ifragment => {
                let end = skip(tokens);
                self.fragment = Some(Span::new(start, end));
                end
            }
            _ => self.visit_children(tokens),
        }
    }

    /// Visits the children of a pair whose `Start` was read; returns its end.
    fn visit_children(&mut self, tokens: &mut Tokens<'_>) -> usize {
        loop {
            match next_child(tokens) {
                Ok((rule, start)) => {
                    self.visit(rule, start, tokens);
                }
                Err(end) => return end,
            }
        }
    }

    /// The kind of an IP literal whose `Start` was read, from its children;
    /// reads the rest of its tokens.
    fn ip_literal_kind(&mut self, tokens: &mut Tokens<'_>) -> HostKind {
        let mut kind = HostKind::Ipv6;
        while let Ok((rule, _)) = next_child(tokens) {
            match rule {
                Rule::IPv6addrz => {
                    // RFC 6874: the address, "%25", then the zone identifier.
                    let mut zone = None;
                    while let Ok((child, start)) = next_child(tokens) {
                        let end = skip(tokens);
                        if child == Rule::ZoneID && zone.is_none() {
                            zone = Some(Span::new(start, end));
                        }
                    }
                    self.zone = zone;
                }
                Rule::IPvFuture => {
                    kind = HostKind::IpvFuture;
                    // The version is the run of HEXDIG tokens after the `v`.
                    let mut version: Option<Span> = None;
                    let mut run_ended = false;
                    while let Ok((child, start)) = next_child(tokens) {
                        let end = skip(tokens);
                        if child != Rule::HEXDIG || run_ended {
                            continue;
                        }
                        match &mut version {
                            Some(v) if v.end == start => v.end = end,
                            Some(_) => run_ended = true,
                            None => version = Some(Span::new(start, end)),
                        }
                    }
                    self.ipvfuture_version = version;
                }
                _ => {
                    skip(tokens);
                }
            }
        }
        kind
    }

    fn finish(self, input: &str) -> Result<Layout, ParseError> {
        let authority = match (self.authority, self.host) {
            (Some(span), Some((host, kind))) => {
                let host_data = host_data(input, host, kind, self.ipvfuture_version, self.zone)?;
                Some(AuthorityLayout {
                    span,
                    userinfo: self.userinfo,
                    host,
                    host_data,
                    port: self.port,
                })
            }
            _ => None,
        };
        // Every branch of hier-part and relative-part ends in a path rule,
        // so the path is always seen; an empty span at the end is the safe
        // reading should a changed grammar drop it.
        let path = self.path.unwrap_or(Span::new(input.len(), input.len()));
        Ok(Layout {
            scheme: self.scheme,
            authority,
            path,
            query: self.query,
            fragment: self.fragment,
        })
    }
}

/// The value of an IP literal the grammar accepted. The grammar decided the
/// syntax; the standard library only turns the accepted text into a number.
pub(crate) fn host_data(
    input: &str,
    host: Span,
    kind: HostKind,
    version: Option<Span>,
    zone: Option<Span>,
) -> Result<HostData, ParseError> {
    host_value(input, host, kind, version, zone)
        .ok_or_else(|| ParseError::engine_mismatch(input, host.start, host.of(input)))
}

/// [`host_data`] without the error, for the fast engine (which leaves a
/// failure to the pest engine and its error).
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
