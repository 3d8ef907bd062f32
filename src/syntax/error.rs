//! Parse errors that say where and why, in words.

use std::fmt;

use pest::error::{Error as PestError, ErrorVariant, InputLocation};
use pest::RuleType;

use pest::Parser as _;

use crate::syntax::grammar::{Rule, UriParser};
use crate::syntax::layout::{HostData, Layout};
use crate::syntax::walk::{self, Entry, Syntax};

/// Why a string is not what it was parsed as.
///
/// It knows the byte offset and the 1-based character column of the
/// failing spot, what the grammar expected there (in words), and a short
/// message naming the character and the component. `Display` shows the
/// message, then the input with a caret under the spot:
///
/// ```
/// let err = peguri::UriRef::parse("http://example.com/a b").unwrap_err();
/// assert_eq!(err.offset(), 20);
/// assert_eq!(err.column(), 21);
/// assert_eq!(err.message(), "invalid character ' ' in path");
/// assert_eq!(
///     err.to_string(),
///     "invalid URI-reference: invalid character ' ' in path at byte 20 (column 21)\n  \
///      http://example.com/a b\n                      ^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    rule: String,
    offset: usize,
    column: usize,
    expected: Vec<String>,
    message: String,
    excerpt: String,
    caret: usize,
}

/// How many characters of input to show on each side of the error.
const EXCERPT_BEFORE: usize = 60;
const EXCERPT_AFTER: usize = 20;

impl ParseError {
    pub(crate) fn new(
        input: &str,
        rule: &str,
        offset: usize,
        message: String,
        expected: Vec<String>,
    ) -> Self {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        let column = input[..offset].chars().count() + 1;
        let (excerpt, caret) = excerpt(input, offset);
        ParseError {
            rule: rule.to_owned(),
            offset,
            column,
            expected,
            message,
            excerpt,
            caret,
        }
    }

    /// The byte offset in the input where parsing failed.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a%zz").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The 1-based column, in characters, of [`offset`](Self::offset).
    ///
    /// ```
    /// let err = peguri::UriRef::parse("é").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (0, 1));
    /// let err = peguri::UriRef::parse("/é/ö").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (1, 2));
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// What the grammar would have accepted at the failing spot, in words
    /// (`"hex digit"`, `"end of input"`, `"IPv6 address"`...).
    ///
    /// ```
    /// let err = peguri::UriRef::parse("a%4").unwrap_err();
    /// assert_eq!(err.expected(), ["hex digit"]);
    /// ```
    pub fn expected(&self) -> &[String] {
        &self.expected
    }

    /// A one-line description, such as `invalid character ' ' in path` or
    /// `expected a hex digit after '%'`.
    ///
    /// ```
    /// let err = peguri::UriRef::parse("a%4g").unwrap_err();
    /// assert_eq!(err.message(), "expected a hex digit after '%'");
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The rule the input was parsed as, as RFC 3986 names it
    /// (`URI-reference`, `URI`, `absolute-URI`, `relative-ref`, or the rule
    /// given to [`parse_rule`](crate::syntax::grammar::parse_rule)).
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("a").unwrap_err().rule(), "URI");
    /// ```
    pub fn rule(&self) -> &str {
        &self.rule
    }

    pub(crate) fn from_pest_entry(input: &str, entry: Entry, e: &PestError<Rule>) -> Self {
        Self::from_pest_entry_in(input, entry, e, Syntax::Rfc3986)
    }

    pub(crate) fn from_pest_entry_in(
        input: &str,
        entry: Entry,
        e: &PestError<Rule>,
        syntax: Syntax,
    ) -> Self {
        let (pos, positives) = pest_position(e);
        let context = match syntax {
            // The prefix is read by the fast engine: the engines agree on
            // it (tests/engines.rs), and it saves a second pest parse.
            Syntax::Rfc3986 => crate::syntax::engine::parse_prefix(input, entry),
            Syntax::Rfc6874 => walk::parse_prefix(input, entry, syntax),
        };
        let (offset, message, expected) = describe(input, entry, pos, &positives, context, syntax);
        ParseError::new(input, entry.rfc_name(), offset, message, expected)
    }

    /// The error for an input the fast engine rejected, found without pest
    /// when the fast engine's longest valid prefix already tells it: the
    /// parse stopped inside a known component (path, query, fragment, host,
    /// port) at a character that cannot continue it. `None` leaves the
    /// error to pest (errors at the end of the input, in the scheme, in an
    /// IP literal). Tests check that every error found this way is the one
    /// the pest route gives (`tests/engines.rs`).
    pub(crate) fn from_fast_prefix(input: &str, entry: Entry) -> Option<Self> {
        let layout = crate::syntax::engine::parse_prefix(input, entry)?;
        let pos = layout
            .fragment
            .or(layout.query)
            .map_or(layout.path.end, |s| s.end);
        // Only where `describe` needs nothing from pest: a character that
        // cannot continue a component whose expectations it knows.
        let known = matches!(
            component_at(&layout, pos),
            Some("path" | "query" | "fragment" | "port" | "host")
        );
        if pos >= input.len() || !known {
            return None;
        }
        if let Some(a) = layout.authority {
            if a.host_data == HostData::RegName && input[a.host.start..].starts_with('[') {
                return None;
            }
        }
        let (offset, message, expected) =
            describe(input, entry, pos, &[], Some(layout), Syntax::Rfc3986);
        Some(ParseError::new(
            input,
            entry.rfc_name(),
            offset,
            message,
            expected,
        ))
    }

    /// An error for `input` from any pest parser's error: the spot, what
    /// was expected (rule names in words where peguri knows them), and a
    /// message. `rule` names what was being parsed. This is how errors of a
    /// grammar loaded at run time (the CLI's `--grammar`) read like
    /// peguri's own.
    ///
    /// ```
    /// use pest::Parser;
    /// use peguri::grammar::{Rule, UriParser};
    ///
    /// let input = "%zz";
    /// let e = UriParser::parse(Rule::pct_encoded_entry, input).unwrap_err();
    /// let err = peguri::ParseError::from_pest(input, "pct-encoded", &e);
    /// assert_eq!((err.offset(), err.message()), (1, "expected a hex digit after '%'"));
    /// ```
    pub fn from_pest<R: RuleType>(input: &str, rule: &str, e: &PestError<R>) -> Self {
        let (pos, positives) = pest_position(e);
        let pos = floor_char_boundary(input, pos.min(input.len()));
        let (offset, message, expected) = match percent_problem(input, pos) {
            Some(found) => found,
            None => {
                let names: Vec<String> = positives.iter().map(rule_label).collect();
                let expected = expected_words(&names);
                let message = match input[pos..].chars().next() {
                    None => format!("unexpected end of input; expected {}", or_list(&expected)),
                    Some(c) => format!(
                        "unexpected character {c:?}; expected {}",
                        or_list(&expected)
                    ),
                };
                (pos, message, expected)
            }
        };
        ParseError::new(input, rule, offset, message, expected)
    }

    pub(crate) fn unknown_rule(rule: &str, input: &str) -> Self {
        ParseError::new(
            input,
            rule,
            0,
            format!("unknown grammar rule {rule:?} (see `peguri rules` for the list)"),
            Vec::new(),
        )
    }

    /// The grammar accepted an IP literal whose value the standard library
    /// could not read. Tests show this never happens; should a changed
    /// grammar cause it, it is reported rather than hidden.
    pub(crate) fn engine_mismatch(input: &str, offset: usize, text: &str) -> Self {
        ParseError::new(
            input,
            "host",
            offset,
            format!("the grammar accepted {text:?} as an IP address, but its value cannot be read"),
            Vec::new(),
        )
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {}: {} at byte {} (column {})\n  {}\n  {:caret$}^",
            self.rule,
            self.message,
            self.offset,
            self.column,
            self.excerpt,
            "",
            caret = self.caret
        )
    }
}

impl std::error::Error for ParseError {}

fn pest_position<R: RuleType>(e: &PestError<R>) -> (usize, Vec<R>) {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((start, _)) => start,
    };
    let positives = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    (pos, positives)
}

/// A `%` at `pos` not followed by two hex digits: the offset of the first
/// missing digit and the message for it. The grammar's `HEXDIG` decides.
fn percent_problem(input: &str, pos: usize) -> Option<(usize, String, Vec<String>)> {
    if !input.get(pos..)?.starts_with('%') {
        return None;
    }
    let is_hexdig = |at: usize| {
        input
            .get(at..)
            .is_some_and(|rest| UriParser::parse(Rule::HEXDIG, rest).is_ok())
    };
    let digits = (1..=2).take_while(|&i| is_hexdig(pos + i)).count();
    if digits == 2 {
        return None;
    }
    let offset = pos + 1 + digits;
    let message = if offset == input.len() {
        "expected a hex digit after '%', found the end of input".to_owned()
    } else {
        "expected a hex digit after '%'".to_owned()
    };
    Some((offset, message, vec!["hex digit".to_owned()]))
}

/// The component a failure at `pos` belongs to, from the layout of the
/// longest prefix the rule matched.
pub(crate) fn component_at(layout: &Layout, pos: usize) -> Option<&'static str> {
    let ends_here = |s: Option<crate::syntax::layout::Span>| s.is_some_and(|s| s.end == pos);
    if ends_here(layout.fragment) {
        return Some("fragment");
    }
    if ends_here(layout.query) {
        return Some("query");
    }
    if layout.path.end == pos && (layout.path.start < pos || layout.authority.is_none()) {
        return Some("path");
    }
    if let Some(a) = &layout.authority {
        if ends_here(a.port) {
            return Some("port");
        }
        if a.host.end == pos {
            return Some(match a.host_data {
                HostData::RegName => "host",
                _ => "authority",
            });
        }
    }
    None
}

fn describe(
    input: &str,
    entry: Entry,
    pos: usize,
    positives: &[Rule],
    prefix: Option<Layout>,
    syntax: Syntax,
) -> (usize, String, Vec<String>) {
    if let Some(found) = percent_problem(input, pos) {
        return found;
    }
    let found = input[pos..].chars().next();
    // An IP literal that failed leaves an empty reg-name before its `[`.
    if let Some(a) = prefix.and_then(|l| l.authority) {
        if a.host_data == HostData::RegName && input[a.host.start..].starts_with('[') {
            return ip_literal_problem(input, a.host.start + 1, syntax);
        }
    }
    let Some(layout) = prefix else {
        // Nothing matched at all: only the scheme can be missing.
        return match found {
            None => (pos, "empty input; expected a scheme".to_owned(), words(&["scheme"])),
            Some(c) => match UriParser::parse(Rule::scheme, input) {
                Err(_) => (
                    0,
                    format!(
                        "invalid character {:?} at the start of the scheme; a scheme starts with a letter",
                        input.chars().next().unwrap_or(c)
                    ),
                    words(&["scheme"]),
                ),
                // The scheme itself matched: the problem is right after it.
                Ok(scheme) => {
                    let end = scheme.as_str().len();
                    match input[end..].chars().next() {
                        None => (end, "expected ':' after the scheme".to_owned(), words(&["':'"])),
                        Some(c) => (
                            end,
                            format!("invalid character {c:?} in scheme; expected ':' after the scheme"),
                            words(&["scheme character", "':'"]),
                        ),
                    }
                }
            },
        };
    };
    let Some(c) = found else {
        return (
            pos,
            "unexpected end of input".to_owned(),
            rule_words(positives),
        );
    };
    let component = component_at(&layout, pos);
    let message = match (component, c) {
        (Some("path"), ':') if layout.scheme.is_none() && layout.authority.is_none() => {
            "':' in the first segment of a relative path; a scheme must start with a letter, \
             and a relative path containing ':' must start with './'"
                .to_owned()
        }
        (Some("fragment"), '#') => {
            "a second '#' in the fragment (it must be percent-encoded)".to_owned()
        }
        (_, '[' | ']') => {
            format!("invalid character {c:?}: brackets are only allowed around an IP literal host")
        }
        (Some(component), c) if !c.is_ascii() => {
            format!("invalid character {c:?} in {component} (non-ASCII characters must be percent-encoded)")
        }
        (Some(component), c) => format!("invalid character {c:?} in {component}"),
        (None, c) if entry == Entry::AbsoluteUri && c == '#' => {
            "an absolute URI cannot have a fragment".to_owned()
        }
        (None, c) => format!("invalid character {c:?} after the host"),
    };
    let expected = match component {
        Some("path") => words(&["path character", "'/'", "'?'", "'#'", "end of input"]),
        Some("query") => words(&["query character", "'#'", "end of input"]),
        Some("fragment") => words(&["fragment character", "end of input"]),
        Some("port") => words(&["digit", "'/'", "'?'", "'#'", "end of input"]),
        Some("host") => words(&["host character", "':'", "'/'", "'?'", "'#'", "end of input"]),
        _ => rule_words(positives),
    };
    (pos, message, expected)
}

/// Why the IP literal whose content starts at `start` failed: parses the
/// content with the grammar's own `IPvFuture` or `IPv6address` rule to find
/// how far it is valid.
fn ip_literal_problem(input: &str, start: usize, syntax: Syntax) -> (usize, String, Vec<String>) {
    let content = &input[start..];
    // An RFC 6874 zone identifier: name the option in strict mode, and read
    // the zone with its own rule when zones are allowed.
    let address_end = UriParser::parse(Rule::IPv6address, content)
        .map(|p| start + p.as_str().len())
        .ok();
    let zoned = UriParser::parse(Rule::IPv6addrz, content)
        .map(|p| start + p.as_str().len())
        .ok();
    match (syntax, address_end, zoned) {
        (Syntax::Rfc3986, Some(at), Some(end)) if input[end..].starts_with(']') => {
            return (
                at,
                "an IPv6 zone identifier (RFC 6874) is not allowed by RFC 3986; \
                 allow it with ParseOptions::allow_zone_id (CLI: --allow-zone-id)"
                    .to_owned(),
                words(&["']'"]),
            );
        }
        (Syntax::Rfc6874, _, Some(end)) => {
            return match input[end..].chars().next() {
                None => (
                    end,
                    "expected ']' to close the IP literal".to_owned(),
                    words(&["']'"]),
                ),
                Some(c) => (
                    end,
                    format!("invalid character {c:?} in zone identifier"),
                    words(&["zone identifier character", "']'"]),
                ),
            };
        }
        (Syntax::Rfc6874, Some(at), None) if input[at..].starts_with('%') => {
            return if input[at..].starts_with("%25") {
                (
                    at + 3,
                    "expected a zone identifier after '%25' (letters, digits, '-', '.', '_', '~' or percent-encoded octets)"
                        .to_owned(),
                    words(&["zone identifier"]),
                )
            } else {
                (
                    at,
                    "a zone identifier must follow '%25', the percent-encoded '%' (RFC 6874)"
                        .to_owned(),
                    words(&["'%25'", "']'"]),
                )
            };
        }
        _ => {}
    }
    let future = content.starts_with(['v', 'V']);
    let (rule, name) = if future {
        (Rule::IPvFuture, "IPvFuture")
    } else {
        (Rule::IPv6address, "IPv6 address")
    };
    let (matched, pos) = match UriParser::parse(rule, content) {
        Ok(pairs) => (true, start + pairs.as_str().len()),
        Err(e) => (false, start + pest_position(&e).0),
    };
    match (matched, input[pos..].chars().next()) {
        (true, None) => (
            pos,
            "expected ']' to close the IP literal".to_owned(),
            words(&["']'"]),
        ),
        (true, Some(c)) => (
            pos,
            format!("invalid character {c:?} in {name}"),
            words(&["']'"]),
        ),
        (false, None) => (
            pos,
            format!("unexpected end of input in {name}"),
            words(&[name]),
        ),
        (false, Some(c)) => (
            pos,
            format!("invalid character {c:?} in {name}"),
            words(&[name]),
        ),
    }
}

fn rule_words(positives: &[Rule]) -> Vec<String> {
    expected_words(&positives.iter().map(rule_label).collect::<Vec<_>>())
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|w| (*w).to_owned()).collect()
}

/// A rule's name as written in its grammar (pest_vm's rules are strings,
/// whose `Debug` adds quotes).
fn rule_label<R: fmt::Debug>(rule: &R) -> String {
    format!("{rule:?}").trim_matches('"').to_owned()
}

/// Rule names in words a user understands.
fn expected_words(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        let word = match name.as_str() {
            "EOI" => "end of input",
            "scheme" => "scheme",
            "IPv6address" => "IPv6 address",
            "IPvFuture" => "IPvFuture",
            "IPv4address" => "IPv4 address",
            "HEXDIG" => "hex digit",
            "DIGIT" => "digit",
            "ALPHA" => "letter",
            "pct_encoded" => "percent-encoded octet",
            "path" | "path_abempty" | "path_absolute" | "path_noscheme" | "path_rootless"
            | "path_empty" => "path",
            "relative_ref" => "relative reference",
            other => other,
        }
        .replace('_', "-");
        if !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

fn or_list(words: &[String]) -> String {
    match words {
        [] => "something else".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A window of the input around `offset`, with control characters made
/// visible, and the caret's column in it.
pub(crate) fn excerpt(input: &str, offset: usize) -> (String, usize) {
    let mut before: Vec<char> = input[..offset]
        .chars()
        .rev()
        .take(EXCERPT_BEFORE + 1)
        .collect();
    before.reverse();
    let mut text = String::new();
    if before.len() > EXCERPT_BEFORE {
        before.remove(0);
        text.push('…');
    }
    text.extend(before.into_iter().map(visible));
    let caret = text.chars().count();
    let mut after = input[offset..].chars();
    text.extend(after.by_ref().take(EXCERPT_AFTER).map(visible));
    if after.next().is_some() {
        text.push('…');
    }
    (text, caret)
}

/// Control characters would break the caret line; show one column each.
fn visible(c: char) -> char {
    if c.is_control() {
        '\u{FFFD}'
    } else {
        c
    }
}
