//! Errors in words: from where a parse failed and what the grammar expected
//! there (pest's failure, reproduced by the compiled error pass or taken
//! from pest itself), to a [`ParseError`] that names the component and the
//! problem.
//!
//! Everything here runs after the grammar has rejected the input and only
//! explains the rejection. What it asks of the text (where the longest
//! valid prefix ends, whether an IP literal's address matches, which bytes
//! are hex digits) it asks of the compiled grammar.

use super::compiled::Rules;
use super::compiled::uri::{self as generated, CLASS_HEXDIG};
use super::component::Component;
use super::entry::{Entry, Grammar, Syntax};
use super::error::{ExpectedSet, Found, Ipv6Text, Kind, ParseError, Part, floor_char_boundary};
use super::layout::{HostData, Layout};
use alloc::format;
#[cfg(feature = "pest")]
use alloc::{borrow::ToOwned, string::String, vec::Vec};

const HEX_DIGIT: ExpectedSet = ExpectedSet::Words(&["hex digit"]);

/// The error for `input`, which `syntax` rejected: pest's failure position
/// `pos` and the rules it expected there.
#[cfg(feature = "pest")]
pub(crate) fn describe(input: &str, syntax: Syntax, pos: usize, positives: Rules) -> ParseError {
    describe_after(
        input,
        syntax,
        pos,
        positives,
        super::engine::parse_prefix(input, syntax).as_ref(),
    )
}

/// [`describe`], given the layout of the longest prefix `syntax` matches
/// (the compiled engine's first pass found it already).
#[cfg(feature = "pest")]
pub(crate) fn describe_after(
    input: &str,
    syntax: Syntax,
    pos: usize,
    positives: Rules,
    prefix: Option<&Layout>,
) -> ParseError {
    ParseError::new(
        input,
        syntax.rfc_name(),
        found_after(input, syntax, pos, positives, prefix),
    )
}

/// What [`describe_after`] says, before it is made a [`ParseError`].
pub(crate) fn found_after(
    input: &str,
    syntax: Syntax,
    pos: usize,
    positives: Rules,
    prefix: Option<&Layout>,
) -> Found {
    let pos = floor_char_boundary(input, pos.min(input.len()));
    let prefix = prefix.map(|layout| (layout, component_at(layout, pos)));
    let component = prefix.and_then(|(_, part)| part).map(Part::component);
    find(input, syntax, pos, Some(positives), prefix)
        .unwrap_or_else(|| general(input, pos, ExpectedSet::Rules(positives)).within(component))
}

/// Where and why `input` fails when the longest prefix `syntax` matches
/// (`prefix`, ending at `end`) already tells it, without the error pass:
/// the parse stopped inside a component at a character that cannot
/// continue it. `None` leaves the error to the error pass (a failure at
/// the end of the input, in the scheme, in an IP literal with a `%` after
/// its `[`, or one whose description needs the rules pest expected). The
/// tests that compare the engines check that every error found this way is
/// the one the failure pest reports gives.
pub(crate) fn found_from_prefix(
    input: &str,
    syntax: Syntax,
    end: usize,
    prefix: &Layout,
) -> Option<Found> {
    if end >= input.len() || !input.is_char_boundary(end) {
        return None;
    }
    let component = component_at(prefix, end);
    let known = matches!(
        component,
        Some(Part::Path | Part::Query | Part::Fragment | Part::Port | Part::Host)
    );
    if !known {
        return None;
    }
    // An IP literal that failed leaves an empty reg-name before its `[`.
    // Pest's failure is at or after the `[`, and decides the description
    // only when it is at a `%` (a percent-encoding problem): without a `%`
    // from there on, the literal's own problem is the error, and the error
    // pass is not needed.
    if let Some(a) = prefix.authority {
        let rest = &input[a.host.start()..];
        if a.host_data == HostData::RegName && rest.starts_with('[') && rest.contains('%') {
            return None;
        }
    }
    find(input, syntax, end, None, Some((prefix, component)))
}

/// The error for `input`, which the grammar rule `rule` (not a typed entry)
/// rejected, in pest's general terms.
pub(crate) fn describe_rule(
    input: &str,
    rule: &'static str,
    pos: usize,
    positives: Rules,
) -> ParseError {
    let pos = floor_char_boundary(input, pos.min(input.len()));
    let found = percent_problem(input, pos)
        .unwrap_or_else(|| general(input, pos, ExpectedSet::Rules(positives)));
    ParseError::new(input, rule, found)
}

/// The error for `input`, which the rule `rule` rejected at `pos`
/// expecting the rules `names` (as a pest parser names them): the names
/// in words where peguri knows them. Errors of pest parsers (a grammar
/// loaded at run time, pest_derive's parser on any rule) read like
/// peguri's own through it.
#[cfg(feature = "pest")]
pub(crate) fn describe_named(
    input: &str,
    rule: &str,
    pos: usize,
    names: impl Iterator<Item = String>,
) -> ParseError {
    let pos = floor_char_boundary(input, pos.min(input.len()));
    let found = percent_problem(input, pos).unwrap_or_else(|| {
        let mut words: Vec<String> = Vec::new();
        for name in names {
            let name = name.trim_matches('"');
            let word =
                super::error::rule_word(name).map_or_else(|| name.replace('_', "-"), str::to_owned);
            if !words.contains(&word) {
                words.push(word);
            }
        }
        general(input, pos, ExpectedSet::Owned(words.into_boxed_slice()))
    });
    ParseError::new(input, rule.to_owned(), found)
}

/// "unexpected character ...; expected ..." at `pos`.
fn general(input: &str, pos: usize, expected: ExpectedSet) -> Found {
    match input[pos..].chars().next() {
        None => Found::new(pos, Kind::UnexpectedEndExpected, expected),
        Some(c) => Found::new(pos, Kind::UnexpectedChar(c), expected),
    }
}

fn is_hex_digit(input: &str, at: usize) -> bool {
    input
        .as_bytes()
        .get(at)
        .is_some_and(|&b| CLASS_HEXDIG.get(usize::from(b)).copied().unwrap_or(false))
}

/// A `%` at `pos` not followed by two hex digits: the offset of the first
/// missing digit.
fn percent_problem(input: &str, pos: usize) -> Option<Found> {
    if input.as_bytes().get(pos) != Some(&b'%') {
        return None;
    }
    let digits = (1..=2)
        .take_while(|&i| is_hex_digit(input, pos + i))
        .count();
    if digits == 2 {
        return None;
    }
    let offset = pos + 1 + digits;
    let kind = Kind::PercentMissingHex {
        at_end: offset == input.len(),
    };
    Some(Found::new(offset, kind, HEX_DIGIT))
}

/// The error at `pos` (pest's failure position), from the layout of the
/// longest valid prefix with the component that ends at `pos`
/// ([`component_at`]), and the rules pest expected there. `None` only when
/// `positives` is `None` and the description needs them. The error is in
/// that component unless the description names another.
fn find(
    input: &str,
    syntax: Syntax,
    pos: usize,
    positives: Option<Rules>,
    prefix: Option<(&Layout, Option<Part>)>,
) -> Option<Found> {
    let component = prefix.and_then(|(_, part)| part).map(Part::component);
    find_in(input, syntax, pos, positives, prefix).map(|found| found.within(component))
}

/// [`find`], before the component of the prefix is filled in.
fn find_in(
    input: &str,
    syntax: Syntax,
    pos: usize,
    positives: Option<Rules>,
    prefix: Option<(&Layout, Option<Part>)>,
) -> Option<Found> {
    if let Some(found) = percent_problem(input, pos) {
        return Some(found);
    }
    let iri = syntax.grammar.is_iri();
    let rules = || positives.map(ExpectedSet::Rules);
    // An IP literal that failed leaves an empty reg-name before its `[`.
    if let Some(a) = prefix.and_then(|(l, _)| l.authority) {
        if a.host_data == HostData::RegName && input[a.host.start()..].starts_with('[') {
            let found = ip_literal_problem(input, a.host.start() + 1, syntax.grammar);
            return Some(found.within(Some(Component::Host)));
        }
    }
    let found = input[pos..].chars().next();
    let Some((layout, component)) = prefix else {
        // Nothing matched at all: only the scheme can be missing.
        return Some(scheme_problem(input, pos).within(Some(Component::Scheme)));
    };
    let Some(c) = found else {
        let kind = if iri {
            Kind::UnexpectedEndExpected
        } else {
            Kind::UnexpectedEnd
        };
        return Some(Found::new(pos, kind, rules()?));
    };
    if iri {
        return iri_problem(input, syntax, pos, c, component, layout, positives);
    }
    let first_segment_colon =
        component == Some(Part::Path) && layout.scheme.is_none() && layout.authority.is_none();
    if first_segment_colon && c == ':' {
        if let Some(found) = meant_as_scheme(input, syntax, pos) {
            return Some(found);
        }
    }
    if component == Some(Part::Port) {
        if let Some(found) = unbracketed_ipv6(input, syntax, pos, c, layout) {
            return Some(found);
        }
    }
    let (kind, within) = match (component, c) {
        (Some(Part::Path), ':') if first_segment_colon => (Kind::ColonInFirstSegment, None),
        (Some(Part::Fragment), '#') => (Kind::SecondHash, None),
        (_, '[' | ']') => (Kind::Bracket(c), None),
        (Some(component), c) if !c.is_ascii() => (Kind::NonAscii(c, component), None),
        (Some(component), c) => (Kind::Invalid(c, component), None),
        (None, '#') if syntax.entry == Entry::AbsoluteUri => (
            Kind::FragmentInAbsolute { iri: false },
            Some(Component::Fragment),
        ),
        (None, c) => (Kind::AfterHost(c), Some(Component::Authority)),
    };
    let expected = match component.and_then(component_expected) {
        Some(words) => words,
        None => rules()?,
    };
    Some(Found::new(pos, kind, expected).within(within))
}

/// The IRI reading of a character that cannot continue a component.
fn iri_problem(
    input: &str,
    syntax: Syntax,
    pos: usize,
    c: char,
    component: Option<Part>,
    layout: &Layout,
    positives: Option<Rules>,
) -> Option<Found> {
    let general = || Some(general(input, pos, ExpectedSet::Rules(positives?)));
    if matches!(c, '%' | '[' | ']') {
        return general();
    }
    let Some(component) = component else {
        return general();
    };
    let Some(expected) = component_expected(component) else {
        return general();
    };
    let first_segment_colon =
        component == Part::Path && layout.scheme.is_none() && layout.authority.is_none();
    if first_segment_colon && c == ':' {
        if let Some(found) = meant_as_scheme(input, syntax, pos) {
            return Some(found);
        }
    }
    if component == Part::Port {
        if let Some(found) = unbracketed_ipv6(input, syntax, pos, c, layout) {
            return Some(found);
        }
    }
    let kind = match (component, c) {
        (Part::Path, ':') if first_segment_colon => Kind::ColonInFirstSegment,
        (Part::Fragment, '#') => Kind::SecondHash,
        (component, c) if is_private_use(c) => Kind::PrivateUse(c, component),
        (component, c) => Kind::Invalid(c, component),
    };
    Some(Found::new(pos, kind, expected))
}

/// For a reference whose first path segment ends in the `:` at `pos`:
/// when the text before it starts with a letter, it was meant as a scheme,
/// and the error is the first character the grammar's `scheme` rule does
/// not take (`a_b:c`, `x%41:y`). `None` when it cannot be a scheme (it
/// starts otherwise), or when a relative reference was asked for: then
/// the colon in the first segment is the error.
fn meant_as_scheme(input: &str, syntax: Syntax, pos: usize) -> Option<Found> {
    if syntax.entry != Entry::UriReference {
        return None;
    }
    let end = generated::quiet_scheme(input.as_bytes(), 0).filter(|&end| end < pos)?;
    let c = input[end..].chars().next()?;
    let expected = ExpectedSet::Words(&["scheme character", "':'"]);
    Some(Found::new(end, Kind::NotInScheme(c), expected).within(Some(Component::Scheme)))
}

/// For a failure at `pos` in the port, at `c`: when the host and what
/// follows it are an IPv6 address written without its brackets
/// (`http://2001:db8::1/`, where the grammar reads the host `2001` and a
/// port that cannot hold `d`), the error says so and names the address.
/// The grammar's `IPv6address` rule says where the address ends (past
/// `pos`), and the reference with brackets around it must match past
/// them, or end there.
fn unbracketed_ipv6(
    input: &str,
    syntax: Syntax,
    pos: usize,
    c: char,
    layout: &Layout,
) -> Option<Found> {
    let start = layout.authority?.host.start();
    let end = generated::quiet_IPv6address(input.as_bytes(), start).filter(|&end| end > pos)?;
    let address = input.get(start..end)?;
    let bracketed = format!("{}[{address}]{}", &input[..start], &input[end..]);
    // Past the `]`, or to the end: what follows the address is read as
    // what follows a host.
    let matched = super::engine::run(&bracketed, syntax, &mut generated::Rec::default())?;
    if matched <= end + 2 && matched < bracketed.len() {
        return None;
    }
    let kind = Kind::UnbracketedIpv6(c, Ipv6Text::new(address)?);
    Some(Found::new(pos, kind, component_expected(Part::Port)?))
}

/// Whether the grammar's `iprivate` accepts `c`.
fn is_private_use(c: char) -> bool {
    let mut buf = [0; 4];
    let bytes = c.encode_utf8(&mut buf).as_bytes();
    generated::quiet_iprivate(bytes, 0) == Some(bytes.len())
}

/// What may follow where a component stopped.
fn component_expected(component: Part) -> Option<ExpectedSet> {
    Some(ExpectedSet::Words(match component {
        Part::Path => &["path character", "'/'", "'?'", "'#'", "end of input"],
        Part::Query => &["query character", "'#'", "end of input"],
        Part::Fragment => &["fragment character", "end of input"],
        Part::Port => &["digit", "'/'", "'?'", "'#'", "end of input"],
        Part::Host => &["host character", "':'", "'/'", "'?'", "'#'", "end of input"],
        _ => return None,
    }))
}

/// Why an input that must start with a scheme does not: the grammar's
/// `scheme` rule says how far the scheme goes.
fn scheme_problem(input: &str, pos: usize) -> Found {
    let scheme = ExpectedSet::Words(&["scheme"]);
    let Some(first) = input.chars().next() else {
        return Found::new(pos, Kind::EmptyExpectedScheme, scheme);
    };
    let Some(end) = generated::quiet_scheme(input.as_bytes(), 0) else {
        return Found::new(0, Kind::SchemeStart(first), scheme);
    };
    match input[end..].chars().next() {
        None => Found::new(
            end,
            Kind::ExpectedColonAfterScheme,
            ExpectedSet::Words(&["':'"]),
        ),
        Some(c) => Found::new(
            end,
            Kind::SchemeChar(c),
            ExpectedSet::Words(&["scheme character", "':'"]),
        ),
    }
}

/// The component a failure at `pos` belongs to, from the layout of the
/// longest prefix the rule matched.
pub(crate) fn component_at(layout: &Layout, pos: usize) -> Option<Part> {
    let ends_here = |s: Option<super::layout::Span>| s.is_some_and(|s| s.end() == pos);
    if ends_here(layout.fragment) {
        return Some(Part::Fragment);
    }
    if ends_here(layout.query) {
        return Some(Part::Query);
    }
    if layout.path.end() == pos && (layout.path.start() < pos || layout.authority.is_none()) {
        return Some(Part::Path);
    }
    if let Some(a) = &layout.authority {
        if ends_here(a.port) {
            return Some(Part::Port);
        }
        if a.host.end() == pos {
            return Some(match a.host_data {
                HostData::RegName => Part::Host,
                _ => Part::Authority,
            });
        }
    }
    None
}

const CLOSE: ExpectedSet = ExpectedSet::Words(&["']'"]);

/// Why the IP literal whose content starts at `start` failed.
fn ip_literal_problem(input: &str, start: usize, grammar: Grammar) -> Found {
    let s = input.as_bytes();
    let address_end = generated::quiet_IPv6address(s, start);
    // `IPv6addrz` is `IPv6address "%25" ZoneID`, and a rule matches at a
    // position in one way only: it can match only where the address is
    // followed by a `%`.
    let zoned = match address_end {
        Some(at) if s.get(at) == Some(&b'%') => generated::quiet_IPv6addrz(s, start),
        _ => None,
    };
    // An RFC 6874 zone identifier: name the option in strict mode, and read
    // the zone with its own rule when zones are allowed.
    match (grammar, address_end, zoned) {
        (grammar, Some(at), Some(end)) if !grammar.has_zones() && input[end..].starts_with(']') => {
            return Found::new(at, Kind::ZoneNotAllowed, CLOSE);
        }
        (grammar, _, Some(end)) if grammar.has_zones() => {
            return match input[end..].chars().next() {
                None => Found::new(end, Kind::ExpectedCloseBracket, CLOSE),
                Some(c) => Found::new(
                    end,
                    Kind::ZoneChar(c),
                    ExpectedSet::Words(&["zone identifier character", "']'"]),
                ),
            };
        }
        (grammar, Some(at), None) if grammar.has_zones() && input[at..].starts_with('%') => {
            return if input[at..].starts_with("%25") {
                Found::new(
                    at + 3,
                    Kind::ExpectedZone,
                    ExpectedSet::Words(&["zone identifier"]),
                )
            } else {
                Found::new(at, Kind::ZoneNeeds25, ExpectedSet::Words(&["'%25'", "']'"]))
            };
        }
        _ => {}
    }
    if input[start..].starts_with(['v', 'V']) {
        return ipvfuture_problem(input, start);
    }
    ipv6_problem(input, start).unwrap_or_else(|| {
        // The walk over the groups found nothing wrong; say where the
        // grammar stopped.
        let name = Part::Ipv6;
        match address_end {
            Some(end) => match input[end..].chars().next() {
                None => Found::new(end, Kind::ExpectedCloseBracket, CLOSE),
                Some(c) => Found::new(end, Kind::InIpLiteral(c, name), CLOSE),
            },
            None => match input[start..].chars().next() {
                None => Found::new(start, Kind::EndInIpLiteral(name), IPV6),
                Some(c) => Found::new(start, Kind::InIpLiteral(c, name), IPV6),
            },
        }
    })
}

const IPV6: ExpectedSet = ExpectedSet::Words(&["IPv6 address"]);

fn ipvfuture_problem(input: &str, start: usize) -> Found {
    let name = Part::IpvFuture;
    let s = input.as_bytes();
    if let Some(end) = generated::quiet_IPvFuture(s, start) {
        return match input[end..].chars().next() {
            None => Found::new(end, Kind::ExpectedCloseBracket, CLOSE),
            Some(c) => Found::new(end, Kind::InIpLiteral(c, name), CLOSE),
        };
    }
    let pos = start + generated::fail_IPvFuture(&s[start..]).map_or(0, |f| f.pos);
    let expected = ExpectedSet::Words(&["IPvFuture"]);
    match input[pos..].chars().next() {
        None => Found::new(pos, Kind::EndInIpLiteral(name), expected),
        Some(c) => Found::new(pos, Kind::InIpLiteral(c, name), expected),
    }
}

/// What is wrong with the IPv6 address starting at `start`, found by
/// walking its groups: the grammar's `h16` groups of hex digits, `:`
/// between them, at most one `::`, an IPv4 address only at the end, eight
/// groups in all (an IPv4 address counts two; `::` at least one). `None`
/// when the walk finds nothing wrong.
fn ipv6_problem(input: &str, start: usize) -> Option<Found> {
    let s = input.as_bytes();
    let at = |p: usize| s.get(p).copied();
    let name = Part::Ipv6;
    let invalid = |p: usize| -> Found {
        match input[p..].chars().next() {
            None => Found::new(p, Kind::EndInIpLiteral(name), IPV6),
            Some(c) => Found::new(p, Kind::InIpLiteral(c, name), IPV6),
        }
    };
    let mut p = start;
    let mut groups = 0;
    // Where each group starts, to point at the first one too many.
    let mut starts = [0usize; 10];
    let mut double_colon = false;
    let mut ipv4_tail = false;
    if at(p) == Some(b':') {
        if at(p + 1) != Some(b':') {
            return Some(Found::new(
                p,
                Kind::Ipv6SingleColon { at_start: true },
                IPV6,
            ));
        }
        double_colon = true;
        p += 2;
    }
    loop {
        match at(p) {
            None | Some(b']') => break,
            Some(_) => {}
        }
        let digits = (p..).take_while(|&i| is_hex_digit(input, i)).count();
        if digits == 0 {
            return Some(invalid(p));
        }
        if at(p + digits) == Some(b'.') {
            let Some(end) = generated::quiet_IPv4address(s, p) else {
                return Some(Found::new(
                    p,
                    Kind::Ipv6BadIpv4,
                    ExpectedSet::Words(&["IPv4 address"]),
                ));
            };
            // It counts as two groups: both start where it does, so that
            // the first group too many is found here too.
            for slot in starts.iter_mut().skip(groups).take(2) {
                *slot = p;
            }
            groups += 2;
            ipv4_tail = true;
            let ipv4_start = p;
            p = end;
            match at(p) {
                None | Some(b']') => break,
                Some(b':') => return Some(Found::new(p, Kind::Ipv6Ipv4NotLast, CLOSE)),
                // `1.2.3.256`: the grammar took `1.2.3.25`.
                Some(b'0'..=b'9' | b'.') => {
                    let expected = ExpectedSet::Words(&["IPv4 address"]);
                    return Some(Found::new(ipv4_start, Kind::Ipv6BadIpv4, expected));
                }
                Some(_) => return Some(invalid(p)),
            }
        }
        if digits > 4 {
            let kind = Kind::Ipv6GroupTooLong {
                group: u8::try_from(groups + 1).unwrap_or(u8::MAX),
                digits: u32::try_from(digits).unwrap_or(u32::MAX),
            };
            return Some(Found::new(p + 4, kind, ExpectedSet::Words(&["':'", "']'"])));
        }
        if let Some(slot) = starts.get_mut(groups) {
            *slot = p;
        }
        groups += 1;
        p += digits;
        match (at(p), at(p + 1)) {
            (Some(b':'), Some(b':')) => {
                if double_colon {
                    return Some(Found::new(p, Kind::Ipv6TwoDoubleColons, IPV6));
                }
                double_colon = true;
                p += 2;
            }
            (Some(b':'), next) => {
                if matches!(next, None | Some(b']')) {
                    return Some(Found::new(
                        p,
                        Kind::Ipv6SingleColon { at_start: false },
                        IPV6,
                    ));
                }
                p += 1;
            }
            (None | Some(b']'), _) => break,
            (Some(_), _) => return Some(invalid(p)),
        }
    }
    let limit = if double_colon { 7 } else { 8 };
    if groups > limit {
        let extra = starts.get(limit).copied().unwrap_or(p);
        let kind = if ipv4_tail {
            Kind::Ipv6TooManyWithIpv4 {
                groups: u8::try_from(groups - 2).unwrap_or(u8::MAX),
                double_colon,
            }
        } else {
            Kind::Ipv6TooManyGroups { double_colon }
        };
        return Some(Found::new(extra, kind, CLOSE));
    }
    if !double_colon && groups < 8 {
        return Some(Found::new(
            p,
            Kind::Ipv6TooFewGroups {
                groups: u8::try_from(groups).unwrap_or(u8::MAX),
            },
            ExpectedSet::Words(&["':'"]),
        ));
    }
    if at(p).is_none() {
        return Some(Found::new(p, Kind::ExpectedCloseBracket, CLOSE));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{format, string::ToString};

    fn ipv6(address: &str) -> Option<(usize, String)> {
        let input = format!("[{address}]");
        let found = ipv6_problem(&input, 1)?;
        let offset = found.offset;
        let err = ParseError::new(&input, "t", found);
        Some((offset - 1, err.message().to_string()))
    }

    #[test]
    fn ipv6_problems_are_named() {
        assert_eq!(
            ipv6("1:12345::"),
            Some((
                6,
                "group 2 of the IPv6 address has 5 hex digits; a group has at most four".into()
            ))
        );
        assert_eq!(
            ipv6("1::2::3"),
            Some((
                4,
                "a second '::' in the IPv6 address; '::' may appear only once".into()
            ))
        );
        assert_eq!(
            ipv6("1:2:3"),
            Some((5, "the IPv6 address has 3 groups; it needs eight, or '::' in place of the zero groups".into()))
        );
        assert_eq!(ipv6("1:2:3:4:5:6:7:8:9").map(|(o, _)| o), Some(16));
        assert_eq!(ipv6("::1:2:3:4:5:6:7:8").map(|(o, _)| o), Some(16));
        assert_eq!(ipv6(":1").map(|(o, _)| o), Some(0));
        assert_eq!(ipv6("1:").map(|(o, _)| o), Some(1));
        assert_eq!(
            ipv6("::g"),
            Some((2, "invalid character 'g' in IPv6 address".into()))
        );
        assert_eq!(ipv6("::1.2.3.256").map(|(o, _)| o), Some(2));
        assert_eq!(ipv6("::1.2.3.4:1").map(|(o, _)| o), Some(9));
        // Valid addresses: nothing to say.
        for valid in [
            "::",
            "::1",
            "1:2:3:4:5:6:7:8",
            "1::8",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:7::",
        ] {
            assert_eq!(ipv6(valid), None, "{valid}");
        }
    }
}
