//! The tree-walker: pest pairs from `uri.pest` to a [`Layout`], the
//! reference engine's route to the same components the compiled engine
//! records.
//!
//! The walker only records where the grammar's component rules started and
//! ended; it never looks at the characters themselves, so every boundary is
//! the grammar's. It allocates nothing.

use pest::Token;

use super::derived::{self as grammar, Rule};
use super::diagnose;
use super::entry::Syntax;
use super::error::ParseError;
use super::layout::{AuthorityLayout, HostData, Layout, Span};

/// Parses `input` as `syntax` with pest_derive's parser and walks the
/// pairs; its errors come from pest's own failure. This is the reference
/// route the tests compare the compiled engine with.
pub(crate) fn parse_with_pest(input: &str, syntax: Syntax) -> Result<Layout, ParseError> {
    let (anchored, _) = grammar::entry_rules(syntax);
    match grammar::pest_parse(anchored, input) {
        Ok(pairs) => walk_pairs(pairs, input),
        Err(e) => {
            let (pos, positives) = grammar::pest_position(&e);
            Err(diagnose::describe(
                input,
                syntax,
                pos,
                grammar::rule_set(&positives),
            ))
        }
    }
}

/// Walks the longest prefix of `input` that `syntax` matches, without
/// anchoring, with pest.
pub(crate) fn parse_prefix_with_pest(input: &str, syntax: Syntax) -> Option<Layout> {
    let (_, unanchored) = grammar::entry_rules(syntax);
    let pairs = grammar::pest_parse(unanchored, input).ok()?;
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
            Rule::authority | Rule::authority_6874 | Rule::iauthority | Rule::iauthority_6874 => {
                let end = self.visit_children(tokens);
                self.authority = Some(Span::new(start, end));
                end
            }
            Rule::userinfo | Rule::iuserinfo => {
                let end = skip(tokens);
                self.userinfo = Some(Span::new(start, end));
                end
            }
            Rule::host | Rule::host_6874 | Rule::ihost | Rule::ihost_6874 => {
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
                            Some(v) if v.end() == start => *v = Span::new(v.start(), end),
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
                let host_data = match kind {
                    HostKind::RegName => HostData::RegName,
                    HostKind::Ipv4 => HostData::Ipv4,
                    HostKind::Ipv6 => HostData::Ipv6 { zone: self.zone },
                    // An IPvFuture always has version digits; an empty span
                    // after `[v` is the safe reading should a changed
                    // grammar lose them.
                    HostKind::IpvFuture => HostData::IpvFuture {
                        version: self
                            .ipvfuture_version
                            .unwrap_or(Span::new(host.start() + 2, host.start() + 2)),
                    },
                };
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

/// The kind of host the host rule's child names.
#[derive(Clone, Copy)]
enum HostKind {
    RegName,
    Ipv4,
    Ipv6,
    IpvFuture,
}
