//! Parse errors that say where and why, in words.
//!
//! A [`ParseError`] is built from a few numbers and a small description of
//! the problem; its message and its list of expected things are rendered
//! when asked for. It is one pointer to one allocation, which also holds a
//! copy of the input when it is at most 128 bytes long (a second
//! allocation holds one of up to 4 KiB; a longer input's excerpt is made
//! at once): the column and the excerpt that `Display` shows are made from
//! it when first read.

use alloc::borrow::Cow;
use core::fmt;
use once_cell::race::OnceBox;

use super::compiled::Rules;
use super::compiled::uri::{RULE_LABELS, RULE_NAMES};
use super::component::Component;
use super::entry::Syntax;
pub(crate) use super::excerpt::floor_char_boundary;
use super::excerpt::{EXCERPT_AFTER, Excerpt, INLINE_MAX, InputCopy};
use alloc::{
    boxed::Box,
    string::{String, ToString},
    vec::Vec,
};

mod decode;
mod kind;
pub use decode::{DecodeError, DecodeErrorKind};
pub use kind::{Hint, ParseErrorKind};

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
///
/// `Debug` is as short: the rule, the offset, the kind and the message, as
/// `fn main() -> Result<(), Box<dyn Error>>` shows it.
#[derive(Clone)]
pub struct ParseError(Box<Detail>);

/// What a [`ParseError`] knows, behind one pointer, so that a `Result`
/// that may hold an error is no larger than the value it holds otherwise.
#[derive(Clone)]
struct Detail {
    rule: Cow<'static, str>,
    offset: usize,
    kind: Kind,
    component: Option<Component>,
    expected: ExpectedSet,
    /// A front end's words for the hint, in place of the library's (boxed:
    /// one pointer, as few errors have them).
    hint_words: Option<Box<Cow<'static, str>>>,
    shown: Shown,
}

/// What `Display` shows of an error besides its message: the column and
/// the excerpt. For an input of at most [`PENDING_MAX`] bytes they are
/// made from a copy of it the first time they are read, so that a caller
/// who reads only the offset, the kind or the message pays for one copy
/// of the input and not for finding the window and counting characters.
#[derive(Clone)]
enum Shown {
    Made(Place),
    Pending {
        input: InputCopy,
        made: OnceBox<Place>,
    },
}

/// The failing spot's column and the excerpt around it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    column: u32,
    excerpt: Excerpt,
}

/// The longest input an error keeps to show later. Past it the column and
/// excerpt are made with the error, so an error holds at most this much
/// of its input besides the excerpt.
const PENDING_MAX: usize = 4096;

/// The part of a reference an error is in: a [`Component`], or, inside an
/// IP literal host, the literal's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Path,
    Query,
    Fragment,
    Port,
    Userinfo,
    Host,
    Authority,
    Ipv6,
    IpvFuture,
}

impl Part {
    /// The component the part is, or is in.
    pub(crate) const fn component(self) -> Component {
        match self {
            Part::Path => Component::Path,
            Part::Query => Component::Query,
            Part::Fragment => Component::Fragment,
            Part::Port => Component::Port,
            Part::Userinfo => Component::Userinfo,
            Part::Host | Part::Ipv6 | Part::IpvFuture => Component::Host,
            Part::Authority => Component::Authority,
        }
    }

    /// The part's name in messages: the component's, or the name of the
    /// IP literal's form.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Part::Ipv6 => "IPv6 address",
            Part::IpvFuture => "IPvFuture",
            _ => self.component().as_str(),
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What went wrong, with what the message needs to say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `%` not followed by two hex digits (`at_end`: the input ended).
    PercentMissingHex {
        at_end: bool,
    },
    EmptyExpectedScheme,
    SchemeStart(char),
    ExpectedColonAfterScheme,
    SchemeChar(char),
    /// A character no scheme holds, in what reads as one before a `:`.
    NotInScheme(char),
    /// The input ended where more was needed.
    UnexpectedEnd,
    /// The input ended; the expected things are listed.
    UnexpectedEndExpected,
    /// A character the grammar did not expect; the expected things are
    /// listed.
    UnexpectedChar(char),
    ColonInFirstSegment,
    SecondHash,
    Bracket(char),
    NonAscii(char, Part),
    Invalid(char, Part),
    PrivateUse(char, Part),
    /// A bidirectional formatting character in an IRI (RFC 3987 section
    /// 4.1), which the grammar's `ucschar` admits.
    BidiFormatting(char, Part),
    /// A `#` where the rule allows no fragment (`absolute-URI`).
    FragmentInAbsolute {
        iri: bool,
    },
    AfterHost(char),
    ZoneNotAllowed,
    /// A relative reference given where the rule requires a scheme.
    RelativeReference {
        iri: bool,
    },
    ExpectedCloseBracket,
    ZoneChar(char),
    ExpectedZone,
    ZoneNeeds25,
    /// A character that cannot continue an IP literal of the named kind.
    InIpLiteral(char, Part),
    EndInIpLiteral(Part),
    /// An IPv6 group (1-based) of more than four hex digits.
    Ipv6GroupTooLong {
        group: u8,
        digits: u32,
    },
    Ipv6TwoDoubleColons,
    /// Fewer than eight groups and no `::`.
    Ipv6TooFewGroups {
        groups: u8,
    },
    /// More than eight groups, or eight and a `::`.
    Ipv6TooManyGroups {
        double_colon: bool,
    },
    /// `groups` groups and an IPv4 address, which counts as two: more than
    /// eight, or eight and a `::`.
    Ipv6TooManyWithIpv4 {
        groups: u8,
        double_colon: bool,
    },
    Ipv6SingleColon {
        at_start: bool,
    },
    Ipv6BadIpv4,
    Ipv6Ipv4NotLast,
    /// An IPv6 address written as the host without its brackets: the
    /// character after the address's first group, which the port could
    /// not take, and the address.
    UnbracketedIpv6(char, Ipv6Text),
    /// `grammar::parse_rule` was given a name no rule has.
    #[cfg_attr(not(feature = "pest"), allow(dead_code))]
    UnknownRule,
    /// The compiled grammar's recognizer and error pass disagree.
    EnginesDisagree,
    /// The input is too long for 32-bit spans.
    TooLong,
    /// A suffix reference that reads as a URI already, with the scheme
    /// that ends at the error.
    SuffixHasScheme,
    /// A suffix reference that starts with no host the heuristic knows.
    SuffixNoKnownHost,
    /// The input is not UTF-8: the first byte that is not part of a
    /// character.
    InvalidUtf8 {
        byte: u8,
    },
}

impl Kind {
    /// The public kind of the problem.
    const fn public(self) -> ParseErrorKind {
        use ParseErrorKind as K;
        match self {
            Kind::PercentMissingHex { .. } => K::InvalidPercentEncoding,
            Kind::EmptyExpectedScheme
            | Kind::ExpectedColonAfterScheme
            | Kind::UnexpectedEnd
            | Kind::UnexpectedEndExpected
            | Kind::ExpectedCloseBracket
            | Kind::EndInIpLiteral(_) => K::UnexpectedEnd,
            // The engines never disagree (tests and fuzzing check it); the
            // message says so if they did.
            Kind::SchemeStart(_)
            | Kind::SchemeChar(_)
            | Kind::NotInScheme(_)
            | Kind::UnexpectedChar(_)
            | Kind::SecondHash
            | Kind::Bracket(_)
            | Kind::NonAscii(..)
            | Kind::Invalid(..)
            | Kind::PrivateUse(..)
            | Kind::FragmentInAbsolute { .. }
            | Kind::AfterHost(_)
            | Kind::UnbracketedIpv6(..)
            | Kind::EnginesDisagree => K::InvalidChar,
            Kind::ColonInFirstSegment => K::ColonInFirstSegment,
            Kind::BidiFormatting(..) => K::BidiFormatting,
            Kind::ZoneNotAllowed | Kind::ZoneChar(_) | Kind::ExpectedZone | Kind::ZoneNeeds25 => {
                K::InvalidZoneId
            }
            Kind::InIpLiteral(_, Part::IpvFuture) => K::InvalidIpvFuture,
            Kind::InIpLiteral(..)
            | Kind::Ipv6GroupTooLong { .. }
            | Kind::Ipv6TwoDoubleColons
            | Kind::Ipv6TooFewGroups { .. }
            | Kind::Ipv6TooManyGroups { .. }
            | Kind::Ipv6TooManyWithIpv4 { .. }
            | Kind::Ipv6SingleColon { .. }
            | Kind::Ipv6BadIpv4
            | Kind::Ipv6Ipv4NotLast => K::InvalidIpv6Address,
            Kind::UnknownRule => K::UnknownRule,
            Kind::SuffixHasScheme | Kind::SuffixNoKnownHost => K::NotASuffixReference,
            Kind::RelativeReference { .. } => K::RelativeReference,
            Kind::TooLong => K::TooLong,
            Kind::InvalidUtf8 { .. } => K::InvalidUtf8,
        }
    }

    /// What a message suggests, said after its problem.
    fn hint(&self) -> Option<Hint<'_>> {
        match self {
            Kind::ZoneNotAllowed => Some(Hint::AllowZoneId),
            Kind::RelativeReference { iri } => Some(Hint::ReadAsReference { iri: *iri }),
            Kind::UnbracketedIpv6(_, address) => Some(Hint::BracketIpv6 {
                bracketed: address.bracketed(),
            }),
            Kind::BidiFormatting(c, _) => Some(Hint::PercentEncode { character: *c }),
            _ => None,
        }
    }

    /// The problem, without the hint ([`hint`](Self::hint)) that follows
    /// it in a message.
    fn write(self, f: &mut fmt::Formatter<'_>, rule: &str, expected: &ExpectedSet) -> fmt::Result {
        match self {
            Kind::PercentMissingHex { at_end: false } => f.write_str("expected a hex digit after '%'"),
            Kind::PercentMissingHex { at_end: true } => {
                f.write_str("expected a hex digit after '%', found the end of input")
            }
            Kind::EmptyExpectedScheme => f.write_str("empty input; expected a scheme"),
            Kind::SchemeStart(c) => write!(
                f,
                "invalid character {c:?} at the start of the scheme; a scheme starts with a letter"
            ),
            Kind::ExpectedColonAfterScheme => f.write_str("expected ':' after the scheme"),
            Kind::SchemeChar(c) => {
                write!(f, "invalid character {c:?} in scheme; expected ':' after the scheme")
            }
            Kind::NotInScheme(c) => write!(
                f,
                "invalid character {c:?} in scheme; a scheme holds letters, digits, '+', '-' and \
                 '.' (RFC 3986 section 3.1)"
            ),
            Kind::UnexpectedEnd => f.write_str("unexpected end of input"),
            Kind::UnexpectedEndExpected => {
                f.write_str("unexpected end of input; expected ")?;
                write_or_list(f, Expected { set: expected, next: 0 })
            }
            Kind::UnexpectedChar(c) => {
                write!(f, "unexpected character {c:?}; expected ")?;
                write_or_list(f, Expected { set: expected, next: 0 })
            }
            Kind::ColonInFirstSegment => f.write_str(
                "':' in the first segment of a relative path; a scheme must start with a letter, \
                 and a relative path containing ':' must start with './'",
            ),
            Kind::SecondHash => {
                f.write_str("a second '#' in the fragment (it must be percent-encoded)")
            }
            Kind::Bracket(c) => write!(
                f,
                "invalid character {c:?}: brackets are only allowed around an IP literal host"
            ),
            Kind::NonAscii(c, component) => write!(
                f,
                "invalid character {c:?} in {component} (non-ASCII characters must be percent-encoded)"
            ),
            Kind::Invalid(c, component) => write!(f, "invalid character {c:?} in {component}"),
            Kind::PrivateUse(c, component) => write!(
                f,
                "invalid character {c:?} in {component} (private-use characters are only allowed in the query)"
            ),
            Kind::BidiFormatting(c, component) => write!(
                f,
                "bidirectional formatting character U+{:04X} in {component}: IRIs must not \
                 contain it (RFC 3987 section 4.1)",
                u32::from(c)
            ),
            Kind::FragmentInAbsolute { iri: false } => {
                f.write_str("an absolute URI cannot have a fragment")
            }
            Kind::FragmentInAbsolute { iri: true } => {
                f.write_str("an absolute IRI cannot have a fragment")
            }
            Kind::AfterHost(c) => write!(f, "invalid character {c:?} after the host"),
            Kind::ZoneNotAllowed => f.write_str(
                "an IPv6 zone identifier (RFC 6874) is not allowed by RFC 3986 or RFC 3987 alone",
            ),
            Kind::RelativeReference { iri } => write!(
                f,
                "a{} starts with a scheme, and this is a relative reference ({})",
                if iri { "n IRI" } else { " URI" },
                if iri {
                    "RFC 3987 section 2.2"
                } else {
                    "RFC 3986 section 4.2"
                },
            ),
            Kind::ExpectedCloseBracket => f.write_str("expected ']' to close the IP literal"),
            Kind::ZoneChar(c) => write!(f, "invalid character {c:?} in zone identifier"),
            Kind::ExpectedZone => f.write_str(
                "expected a zone identifier after '%25' (letters, digits, '-', '.', '_', '~' or percent-encoded octets)",
            ),
            Kind::ZoneNeeds25 => f.write_str(
                "a zone identifier must follow '%25', the percent-encoded '%' (RFC 6874)",
            ),
            Kind::InIpLiteral(c, name) => write!(f, "invalid character {c:?} in {name}"),
            Kind::EndInIpLiteral(name) => write!(f, "unexpected end of input in {name}"),
            Kind::Ipv6GroupTooLong { group, digits } => write!(
                f,
                "group {group} of the IPv6 address has {digits} hex digits; a group has at most four"
            ),
            Kind::Ipv6TwoDoubleColons => {
                f.write_str("a second '::' in the IPv6 address; '::' may appear only once")
            }
            Kind::Ipv6TooFewGroups { groups } => write!(
                f,
                "the IPv6 address has {groups} groups; it needs eight, or '::' in place of the zero groups"
            ),
            Kind::Ipv6TooManyGroups { double_colon: false } => {
                f.write_str("the IPv6 address has more than eight groups")
            }
            Kind::Ipv6TooManyGroups { double_colon: true } => f.write_str(
                "the IPv6 address has eight groups besides '::', which stands for at least one",
            ),
            Kind::Ipv6TooManyWithIpv4 {
                groups,
                double_colon,
            } => write!(
                f,
                "the IPv6 address has {groups} groups and an IPv4 address, which counts as two: \
                 {} 16-bit pieces{}",
                u32::from(groups) + 2,
                if double_colon {
                    " besides '::', which stands for at least one"
                } else {
                    ", more than eight"
                }
            ),
            Kind::Ipv6SingleColon { at_start: true } => {
                f.write_str("an IPv6 address cannot start with a single ':'")
            }
            Kind::Ipv6SingleColon { at_start: false } => {
                f.write_str("an IPv6 address cannot end with a single ':'")
            }
            Kind::Ipv6BadIpv4 => {
                f.write_str("invalid IPv4 address at the end of the IPv6 address")
            }
            Kind::Ipv6Ipv4NotLast => {
                f.write_str("an IPv4 address may only end an IPv6 address")
            }
            Kind::UnbracketedIpv6(c, _) => write!(f, "invalid character {c:?} in port"),
            Kind::UnknownRule => write!(
                f,
                "unknown grammar rule {rule:?} (`peguri::grammar::rule_names()` lists the rules)"
            ),
            Kind::EnginesDisagree => f.write_str(
                "internal error: the compiled grammar's recognizer rejected this input but its \
                 error pass accepted it (please report this)",
            ),
            Kind::TooLong => f.write_str("the input is 4 GiB or longer, more than peguri parses"),
            Kind::SuffixHasScheme => f.write_str(
                "the text is a URI already, with a scheme before this ':': a suffix reference has \
                 none (RFC 3986 section 4.5)",
            ),
            Kind::SuffixNoKnownHost => f.write_str(
                "a suffix reference starts with \"www.\" (read with http) or \"ftp.\" (read with \
                 ftp); RFC 3986 section 4.5 gives no scheme for another start",
            ),
            Kind::InvalidUtf8 { byte } => write!(
                f,
                "invalid UTF-8: byte 0x{byte:02X} is not part of a character; a reference is \
                 text, and an octet that is not must be percent-encoded (%{byte:02X})"
            ),
        }
    }
}

/// The text of an IPv6 address (`IPv6address`, at most 45 characters:
/// six groups and an IPv4 address) in brackets, as the host it was meant
/// as, kept in the error for its hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ipv6Text {
    bytes: [u8; Ipv6Text::MAX],
    len: u8,
}

impl Ipv6Text {
    /// The longest `IPv6address` in brackets:
    /// `[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]`.
    const MAX: usize = 47;

    /// `address` in brackets, if it is no longer than an IPv6 address can
    /// be.
    pub(crate) fn new(address: &str) -> Option<Self> {
        let mut bytes = [0; Ipv6Text::MAX];
        let len = address.len() + 2;
        let (open, rest) = bytes.get_mut(..len)?.split_first_mut()?;
        let (close, inner) = rest.split_last_mut()?;
        inner.copy_from_slice(address.as_bytes());
        (*open, *close) = (b'[', b']');
        Some(Ipv6Text {
            bytes,
            len: u8::try_from(len).ok()?,
        })
    }

    /// The address in brackets.
    fn bracketed(&self) -> &str {
        let text = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        core::str::from_utf8(text).unwrap_or_default()
    }
}

/// What the grammar expected, before it is put in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ExpectedSet {
    /// A fixed list.
    Words(&'static [&'static str]),
    /// The rules of the compiled grammar that pest reports as expected.
    Rules(Rules),
    /// Names from another grammar (one loaded at run time).
    #[cfg_attr(not(feature = "pest"), allow(dead_code))]
    Owned(Box<[String]>),
}

impl ExpectedSet {
    pub(crate) const NONE: ExpectedSet = ExpectedSet::Words(&[]);
}

/// A rule name in words a user understands.
pub(crate) fn rule_word(name: &str) -> Option<&'static str> {
    Some(match name {
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
        _ => return None,
    })
}

/// The words for an expected set: what [`ParseError::expected`] returns.
///
/// It iterates over `&str` and compares equal to arrays and slices of
/// strings:
///
/// ```
/// let err = peguri::UriRef::parse("a%4").unwrap_err();
/// assert_eq!(err.expected(), ["hex digit"]);
/// assert_eq!(err.expected().collect::<Vec<_>>(), ["hex digit"]);
/// ```
#[derive(Clone)]
pub struct Expected<'a> {
    set: &'a ExpectedSet,
    /// The next index into the set's words or rules.
    next: usize,
}

impl<'a> Expected<'a> {
    /// The word for rule `id`, if it is in the set.
    fn rule(id: usize) -> &'a str {
        let name = RULE_NAMES.get(id).copied().unwrap_or("");
        rule_word(name).unwrap_or_else(|| RULE_LABELS.get(id).copied().unwrap_or(name))
    }
}

impl<'a> Iterator for Expected<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match self.set {
            ExpectedSet::Words(words) => {
                let word = words.get(self.next)?;
                self.next += 1;
                Some(word)
            }
            ExpectedSet::Owned(words) => {
                let word = words.get(self.next)?;
                self.next += 1;
                Some(word)
            }
            ExpectedSet::Rules(rules) => loop {
                let id = self.next;
                if id >= RULE_NAMES.len() {
                    return None;
                }
                self.next += 1;
                if !rules.contains(id as u16) {
                    continue;
                }
                let word = Self::rule(id);
                // Several rules can share a word (the path kinds): once.
                let seen = (0..id)
                    .any(|earlier| rules.contains(earlier as u16) && Self::rule(earlier) == word);
                if !seen {
                    return Some(word);
                }
            },
        }
    }
}

impl fmt::Debug for Expected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// The words as messages list them: `a, b or c`, and `something else`
/// when there are none.
///
/// ```
/// let err = peguri::UriRef::parse("http://h:1x").unwrap_err();
/// assert_eq!(err.expected().to_string(), "digit, '/', '?', '#' or end of input");
/// ```
impl fmt::Display for Expected<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_or_list(f, self.clone())
    }
}

impl<S: AsRef<str>> PartialEq<[S]> for Expected<'_> {
    fn eq(&self, other: &[S]) -> bool {
        self.clone().eq(other.iter().map(AsRef::as_ref))
    }
}

impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for Expected<'_> {
    fn eq(&self, other: &[S; N]) -> bool {
        self == other.as_slice()
    }
}

impl<S: AsRef<str>> PartialEq<&[S]> for Expected<'_> {
    fn eq(&self, other: &&[S]) -> bool {
        self == *other
    }
}

impl<S: AsRef<str>> PartialEq<Vec<S>> for Expected<'_> {
    fn eq(&self, other: &Vec<S>) -> bool {
        self == other.as_slice()
    }
}

fn write_or_list(f: &mut fmt::Formatter<'_>, words: Expected<'_>) -> fmt::Result {
    let total = words.clone().count();
    if total == 0 {
        return f.write_str("something else");
    }
    for (i, word) in words.enumerate() {
        if i > 0 {
            f.write_str(if i + 1 == total { " or " } else { ", " })?;
        }
        f.write_str(word)?;
    }
    Ok(())
}

/// The message of a [`ParseError`], rendered when it is shown or compared:
/// what [`ParseError::message`] returns. It says the problem, then, after
/// `; `, what to do about it when there is a [`Hint`].
///
/// ```
/// let err = peguri::UriRef::parse("a b").unwrap_err();
/// assert_eq!(err.message(), "invalid character ' ' in path");
/// assert_eq!(err.message().to_string(), "invalid character ' ' in path");
/// ```
#[derive(Clone, Copy)]
pub struct Message<'a> {
    kind: Kind,
    rule: &'a str,
    expected: &'a ExpectedSet,
    hint_words: Option<&'a str>,
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.write(f, self.rule, self.expected)?;
        match (self.hint_words, self.kind.hint()) {
            (_, None) => Ok(()),
            (Some(words), Some(_)) => write!(f, "; {words}"),
            (None, Some(hint)) => write!(f, "; {hint}"),
        }
    }
}

impl fmt::Debug for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

/// Compares rendered text with `expected` as it is written, without
/// allocating.
struct Compare<'e> {
    rest: &'e str,
    equal: bool,
}

impl fmt::Write for Compare<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(rest) if self.equal => self.rest = rest,
            _ => self.equal = false,
        }
        Ok(())
    }
}

impl PartialEq<str> for Message<'_> {
    fn eq(&self, other: &str) -> bool {
        use fmt::Write as _;
        let mut compare = Compare {
            rest: other,
            equal: true,
        };
        let _ = write!(compare, "{self}");
        compare.equal && compare.rest.is_empty()
    }
}

impl PartialEq<&str> for Message<'_> {
    fn eq(&self, other: &&str) -> bool {
        self == *other
    }
}

impl PartialEq<String> for Message<'_> {
    fn eq(&self, other: &String) -> bool {
        self == other.as_str()
    }
}

/// Where a parse failed, what went wrong, what was expected there, and in
/// which component: what diagnosis finds, before it is made a
/// [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) offset: usize,
    pub(crate) kind: Kind,
    pub(crate) expected: ExpectedSet,
    pub(crate) component: Option<Component>,
}

impl Found {
    /// A problem at `offset`, in a component not yet known.
    pub(crate) const fn new(offset: usize, kind: Kind, expected: ExpectedSet) -> Self {
        Found {
            offset,
            kind,
            expected,
            component: None,
        }
    }

    /// A relative reference given where `syntax` requires a scheme.
    pub(crate) fn relative_reference(syntax: Syntax) -> Self {
        let iri = syntax.grammar.is_iri();
        Found::new(0, Kind::RelativeReference { iri }, ExpectedSet::NONE)
    }

    /// The same problem, in `component` unless it already has one.
    pub(crate) fn within(mut self, component: Option<Component>) -> Self {
        self.component = self.component.or(component);
        self
    }
}

impl Place {
    /// The column and excerpt of byte `offset` (a character boundary) of
    /// `input`, when its first `ascii` bytes are known to be ASCII (a
    /// prefix that an RFC 3986 rule matched): only the bytes after them are
    /// tested.
    fn new(input: &str, ascii: usize, offset: usize) -> Self {
        debug_assert!(input.as_bytes()[..ascii.min(input.len())].is_ascii());
        // When the input is ASCII up to the end of the excerpt's window
        // (one test, a word at a time), the column is the offset and the
        // window is its bytes; characters are counted only past ASCII.
        let window_end = input.len().min(offset + EXCERPT_AFTER);
        let unknown = &input.as_bytes()[ascii.min(window_end)..window_end];
        let (column, excerpt) = if unknown.is_ascii() {
            (offset, Excerpt::ascii(input, offset, window_end))
        } else {
            (input[..offset].chars().count(), Excerpt::new(input, offset))
        };
        Place {
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
            excerpt,
        }
    }
}

impl ParseError {
    /// The error `found` describes in `input` (its offset moved back to a
    /// character boundary if needed).
    pub(crate) fn new(input: &str, rule: impl Into<Cow<'static, str>>, found: Found) -> Self {
        ParseError::after_ascii(input, 0, rule, found)
    }

    /// [`new`](Self::new), when the first `ascii` bytes of `input` are
    /// known to be ASCII (a prefix that an RFC 3986 rule matched), which
    /// saves testing them if the column and excerpt are made now.
    pub(crate) fn after_ascii(
        input: &str,
        ascii: usize,
        rule: impl Into<Cow<'static, str>>,
        mut found: Found,
    ) -> Self {
        found.offset = floor_char_boundary(input, found.offset.min(input.len()));
        let shown = if input.len() > PENDING_MAX {
            Shown::Made(Place::new(input, ascii, found.offset))
        } else if input.len() > INLINE_MAX {
            Shown::Pending {
                input: InputCopy::Boxed(input.into()),
                made: OnceBox::new(),
            }
        } else {
            Shown::Pending {
                input: InputCopy::Inline {
                    len: 0,
                    bytes: [0; INLINE_MAX],
                },
                made: OnceBox::new(),
            }
        };
        let mut detail = Box::new(Detail {
            rule: rule.into(),
            offset: found.offset,
            kind: found.kind,
            component: found.component,
            expected: found.expected,
            hint_words: None,
            shown,
        });
        // Copied into the allocation itself rather than built and moved.
        if let Shown::Pending {
            input: InputCopy::Inline { len, bytes },
            ..
        } = &mut detail.shown
        {
            if let (Some(to), Ok(n)) = (bytes.get_mut(..input.len()), u8::try_from(input.len())) {
                to.copy_from_slice(input.as_bytes());
                *len = n;
            }
        }
        ParseError(detail)
    }

    /// The column and excerpt, made now if they were pending.
    fn place(&self) -> &Place {
        match &self.0.shown {
            Shown::Made(place) => place,
            Shown::Pending { input, made } => {
                made.get_or_init(|| Box::new(Place::new(input.as_str(), 0, self.0.offset)))
            }
        }
    }

    /// The error for a relative reference given where `syntax` requires a
    /// scheme.
    pub(crate) fn relative_reference(input: &str, syntax: Syntax) -> Self {
        ParseError::new(input, syntax.rfc_name(), Found::relative_reference(syntax))
    }

    #[cfg(feature = "pest")]
    pub(crate) fn unknown_rule(rule: &str, input: &str) -> Self {
        ParseError::new(
            input,
            String::from(rule),
            Found::new(0, Kind::UnknownRule, ExpectedSet::NONE),
        )
    }

    /// The same error in `input`, which is the text parsed without its
    /// first `by` bytes (a prefix the caller added), under `rule`.
    pub(crate) fn in_unprefixed(self, input: &str, by: usize, rule: &'static str) -> Self {
        let detail = *self.0;
        let found = Found {
            offset: detail.offset.saturating_sub(by),
            kind: detail.kind,
            expected: detail.expected,
            component: detail.component,
        };
        ParseError::new(input, rule, found)
    }
}

impl ParseError {
    /// The byte offset in the input where parsing failed.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a%zz").unwrap_err().offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.0.offset
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
        self.place().column as usize
    }

    /// What kind of problem this is (see [`ParseErrorKind`]).
    ///
    /// ```
    /// use peguri::{ParseErrorKind, UriRef};
    ///
    /// assert_eq!(UriRef::parse("a%zz").unwrap_err().kind(), ParseErrorKind::InvalidPercentEncoding);
    /// assert_eq!(UriRef::parse("//[1::2::3]").unwrap_err().kind(), ParseErrorKind::InvalidIpv6Address);
    /// ```
    pub fn kind(&self) -> ParseErrorKind {
        self.0.kind.public()
    }

    /// The component the failing spot is in, when the parse got that far:
    /// `None` for an error before any component could be told (an input
    /// that is not UTF-8, or one given to `grammar::parse_rule`).
    ///
    /// ```
    /// use peguri::{Component, UriRef};
    ///
    /// assert_eq!(UriRef::parse("http://h/a b").unwrap_err().component(), Some(Component::Path));
    /// assert_eq!(UriRef::parse("http://h:8x/").unwrap_err().component(), Some(Component::Port));
    /// assert_eq!(peguri::Uri::parse("ht tp:").unwrap_err().component(), Some(Component::Scheme));
    /// ```
    pub fn component(&self) -> Option<Component> {
        self.0.component
    }

    /// What the grammar would have accepted at the failing spot, in words
    /// (`"hex digit"`, `"end of input"`, `"IPv6 address"`...).
    ///
    /// ```
    /// let err = peguri::UriRef::parse("a%4").unwrap_err();
    /// assert_eq!(err.expected(), ["hex digit"]);
    /// ```
    pub fn expected(&self) -> Expected<'_> {
        Expected {
            set: &self.0.expected,
            next: 0,
        }
    }

    /// A one-line description, such as `invalid character ' ' in path` or
    /// `expected a hex digit after '%'`. It is rendered when shown or
    /// compared; `to_string()` gives a `String`.
    ///
    /// ```
    /// let err = peguri::UriRef::parse("a%4g").unwrap_err();
    /// assert_eq!(err.message(), "expected a hex digit after '%'");
    /// assert!(err.message().to_string().starts_with("expected"));
    /// ```
    pub fn message(&self) -> Message<'_> {
        Message {
            kind: self.0.kind,
            rule: &self.0.rule,
            expected: &self.0.expected,
            hint_words: self.0.hint_words.as_deref().map(|words| &**words),
        }
    }

    /// What the message suggests doing about the error, if anything: for a
    /// program to act on, or for a front end to say in its own terms (see
    /// [`with_hint_words`](Self::with_hint_words)).
    ///
    /// ```
    /// use peguri::error::Hint;
    /// use peguri::{Uri, UriRef};
    ///
    /// let err = UriRef::parse("http://[fe80::1%25en0]/").unwrap_err();
    /// assert_eq!(err.hint(), Some(Hint::AllowZoneId));
    /// let err = UriRef::parse("http://2001:db8::1/").unwrap_err();
    /// assert_eq!(err.hint(), Some(Hint::BracketIpv6 { bracketed: "[2001:db8::1]" }));
    /// assert_eq!(Uri::parse("/a").unwrap_err().hint(), Some(Hint::ReadAsReference { iri: false }));
    /// assert_eq!(UriRef::parse("a b").unwrap_err().hint(), None);
    /// ```
    pub fn hint(&self) -> Option<Hint<'_>> {
        self.0.kind.hint()
    }

    /// The same error, its [`hint`](Self::hint) said in `words` rather than
    /// in the library's terms (which name Rust's options and functions): a
    /// command line names its flags, a binding its keyword arguments. The
    /// message is the problem, `; `, then the words. An error without a
    /// hint is unchanged.
    ///
    /// ```
    /// use peguri::error::Hint;
    /// use peguri::UriRef;
    ///
    /// let err = UriRef::parse("http://[fe80::1%25en0]/").unwrap_err();
    /// assert_eq!(
    ///     err.message(),
    ///     "an IPv6 zone identifier (RFC 6874) is not allowed by RFC 3986 or RFC 3987 alone; \
    ///      allow it with ParseOptions::allow_zone_id"
    /// );
    /// let err = match err.hint() {
    ///     Some(Hint::AllowZoneId) => err.with_hint_words("allow it with --allow-zone-id"),
    ///     _ => err,
    /// };
    /// assert!(err.message().to_string().ends_with("alone; allow it with --allow-zone-id"));
    /// ```
    #[must_use]
    pub fn with_hint_words(mut self, words: impl Into<Cow<'static, str>>) -> Self {
        if self.0.kind.hint().is_some() {
            self.0.hint_words = Some(Box::new(words.into()));
        }
        self
    }

    /// The rule the input was parsed as, as RFC 3986 names it
    /// (`URI-reference`, `URI`, `absolute-URI`, `relative-ref`), or as
    /// RFC 3987 names it for IRIs, or the rule given to
    /// `grammar::parse_rule` (feature `pest`).
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("a").unwrap_err().rule(), "URI");
    /// ```
    pub fn rule(&self) -> &str {
        &self.0.rule
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {}: {} at byte {} (column {})\n{}",
            self.0.rule,
            self.message(),
            self.offset(),
            self.column(),
            self.place().excerpt,
        )
    }
}

/// ```
/// let err = peguri::UriRef::parse("http://h/a b").unwrap_err();
/// assert_eq!(
///     format!("{err:?}"),
///     r#"ParseError { rule: "URI-reference", offset: 10, kind: InvalidChar, message: "invalid character ' ' in path" }"#
/// );
/// ```
impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("rule", &self.0.rule)
            .field("offset", &self.offset())
            .field("kind", &self.kind())
            .field("message", &self.message())
            .finish()
    }
}

/// Two errors are equal when they are for the same rule and say the same:
/// the same spot, kind, expected set, words for the hint and excerpt.
impl PartialEq for ParseError {
    fn eq(&self, other: &Self) -> bool {
        self.0.rule == other.0.rule
            && self.0.hint_words == other.0.hint_words
            && self.0.offset == other.0.offset
            && self.0.kind == other.0.kind
            && self.0.component == other.0.component
            && self.0.expected == other.0.expected
            && self.place() == other.place()
    }
}

impl Eq for ParseError {}

impl core::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_compare_without_rendering_into_a_string() {
        let found = Found::new(0, Kind::SchemeStart('1'), ExpectedSet::NONE);
        let err = ParseError::new("a", "rule", found);
        let message = err.message();
        assert_eq!(
            message,
            "invalid character '1' at the start of the scheme; a scheme starts with a letter"
        );
        assert_ne!(message, "invalid character '1'");
        assert_ne!(message, "");
    }

    /// Inputs give every public kind but `TooLong` (4 GiB) in
    /// `tests/library/errors.rs`; this pins the mapping of the kinds no
    /// small input reaches.
    #[test]
    fn kinds_no_small_input_reaches_have_a_public_kind() {
        assert_eq!(Kind::TooLong.public(), ParseErrorKind::TooLong);
        assert_eq!(Kind::EnginesDisagree.public(), ParseErrorKind::InvalidChar);
        assert_eq!(
            Kind::EndInIpLiteral(Part::IpvFuture).public(),
            ParseErrorKind::UnexpectedEnd
        );
    }

    #[test]
    fn an_error_is_small_and_thread_safe() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<ParseError>();
        assert_eq!(core::mem::size_of::<ParseError>(), 8);
    }
}
