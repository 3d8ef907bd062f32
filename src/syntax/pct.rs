//! Percent-encoding (RFC 3986 sections 2.1 to 2.4): encoding text or bytes
//! for a component, decoding, validation and the normalization of triplets.
//!
//! # Where the character classes come from
//!
//! The sets of characters a component may hold literally are not written
//! out here. `build.rs` computes them from the grammar (`uri.pest`) when the
//! crate is built, by asking it about every ASCII character: a character
//! may appear unencoded in a path segment exactly when the rule `segment`
//! accepts it alone, in a query when `query` does, and so on for
//! `fragment`, `userinfo` and `reg_name`; a character is unreserved when
//! `unreserved` accepts it, and a hex digit when `HEXDIG` does. Changing a
//! rule in `uri.pest` changes what this module encodes; `tests/library/pct.rs`
//! checks the tables against pest_derive's parser.
//!
//! # Decoding is lenient, validation is not
//!
//! [`decode`] and [`decode_utf8`] turn every `%` followed by two hex digits
//! into its octet and copy everything else as it is, including a `%` that
//! does not start a triplet; text taken from a parsed URI never has one.
//! [`validate`] says whether text is what the grammar accepts for a
//! component, and where it is not.

use alloc::borrow::Cow;

use super::compiled::uri as generated;
use super::diagnose;
use super::error::{DecodeError, DecodeErrorKind, ParseError};
use alloc::{string::String, vec::Vec};

/// The characters a piece of text is percent-encoded for: those of one
/// component's grammar rule (see the [module docs](self)); the others are
/// encoded.
///
/// ```
/// use peguri::pct::{encode, EncodeSet};
///
/// assert_eq!(encode("a/b c", EncodeSet::PathSegment), "a%2Fb%20c");
/// assert_eq!(encode("a/b c", EncodeSet::Query), "a/b%20c");
/// assert_eq!(encode("user:pw", EncodeSet::Userinfo), "user:pw");
/// assert_eq!(encode("a:b", EncodeSet::RegName), "a%3Ab");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodeSet {
    /// One path segment (`segment`): `/` is encoded, `:` and `@` are not.
    PathSegment,
    /// A query (`query`): `/` and `?` stay, `#` is encoded.
    Query,
    /// A fragment (`fragment`): the same characters as a query.
    Fragment,
    /// User information (`userinfo`): `:` stays, `@` and `/` are encoded.
    Userinfo,
    /// A registered name (`reg-name`): `:`, `@` and `/` are encoded.
    RegName,
}

impl EncodeSet {
    /// The name of the grammar rule whose characters this set leaves as they
    /// are.
    ///
    /// ```
    /// use peguri::pct::EncodeSet;
    /// assert_eq!(EncodeSet::PathSegment.rule(), "segment");
    /// assert_eq!(EncodeSet::RegName.rule(), "reg_name");
    /// ```
    pub fn rule(self) -> &'static str {
        match self {
            EncodeSet::PathSegment => "segment",
            EncodeSet::Query => "query",
            EncodeSet::Fragment => "fragment",
            EncodeSet::Userinfo => "userinfo",
            EncodeSet::RegName => "reg_name",
        }
    }
}

/// One `bool` per ASCII character: whether a grammar rule accepts it.
pub(crate) type Class = [bool; 128];

/// The character classes, each computed from the grammar at build time.
pub(crate) struct Classes {
    pub(crate) unreserved: &'static Class,
    /// `reserved` (`gen-delims` and `sub-delims`): what RFC 6570's `+` and
    /// `#` expansions leave unencoded besides `unreserved`.
    #[cfg(feature = "template")]
    pub(crate) reserved: &'static Class,
    pub(crate) hexdig: &'static Class,
    /// `ALPHA`: what a scheme starts with.
    pub(crate) alpha: &'static Class,
    /// The characters that may follow the first one of a `scheme`.
    pub(crate) scheme_tail: &'static Class,
    path_segment: &'static Class,
    query: &'static Class,
    fragment: &'static Class,
    userinfo: &'static Class,
    reg_name: &'static Class,
}

impl Classes {
    pub(crate) fn encode_set(&self, set: EncodeSet) -> &'static Class {
        match set {
            EncodeSet::PathSegment => self.path_segment,
            EncodeSet::Query => self.query,
            EncodeSet::Fragment => self.fragment,
            EncodeSet::Userinfo => self.userinfo,
            EncodeSet::RegName => self.reg_name,
        }
    }
}

static CLASSES: Classes = Classes {
    unreserved: &generated::CLASS_UNRESERVED,
    #[cfg(feature = "template")]
    reserved: &generated::CLASS_RESERVED,
    hexdig: &generated::CLASS_HEXDIG,
    alpha: &generated::CLASS_ALPHA,
    scheme_tail: &generated::CLASS_SCHEME_TAIL,
    path_segment: &generated::CLASS_SEGMENT,
    query: &generated::CLASS_QUERY,
    fragment: &generated::CLASS_FRAGMENT,
    userinfo: &generated::CLASS_USERINFO,
    reg_name: &generated::CLASS_REG_NAME,
};

/// The grammar's character classes.
pub(crate) fn classes() -> &'static Classes {
    &CLASSES
}

/// Whether `byte` is in `class` (non-ASCII bytes never are).
pub(crate) fn is_in(class: &Class, byte: u8) -> bool {
    class.get(usize::from(byte)).copied().unwrap_or(false)
}

/// Whether the grammar's `unreserved` rule accepts this byte.
///
/// ```
/// use peguri::pct::is_unreserved;
/// assert!(is_unreserved(b'~'));
/// assert!(!is_unreserved(b'/'));
/// assert!(!is_unreserved(0xC3));
/// ```
pub fn is_unreserved(byte: u8) -> bool {
    is_in(classes().unreserved, byte)
}

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";

fn push_triplet(out: &mut String, byte: u8) {
    out.push('%');
    out.push(char::from(UPPER_HEX[usize::from(byte >> 4)]));
    out.push(char::from(UPPER_HEX[usize::from(byte & 0xF)]));
}

/// Percent-encodes `input` (text or bytes) for `component`: every byte the
/// component may not hold literally becomes a triplet with uppercase hex
/// digits (section 2.1), `%` included. Borrows when nothing needs encoding.
///
/// The result is always text the grammar accepts for the component.
///
/// ```
/// use peguri::pct::{encode, EncodeSet};
/// use std::borrow::Cow;
///
/// assert_eq!(encode("Grüße 100%", EncodeSet::PathSegment), "Gr%C3%BC%C3%9Fe%20100%25");
/// assert_eq!(encode(&[0xFF, b'a'][..], EncodeSet::Query), "%FFa");
/// assert!(matches!(encode("plain", EncodeSet::Fragment), Cow::Borrowed("plain")));
/// ```
pub fn encode<T: AsRef<[u8]> + ?Sized>(input: &T, component: EncodeSet) -> Cow<'_, str> {
    encode_class(input.as_ref(), classes().encode_set(component), &[])
}

/// Encodes `bytes`, keeping literal only the bytes in `class` that are not
/// in `also_encode`.
pub(crate) fn encode_class<'a>(bytes: &'a [u8], class: &Class, also_encode: &[u8]) -> Cow<'a, str> {
    // Kept bytes are ASCII: a class has no entry above 127.
    let keep = |b: u8| is_in(class, b) && !also_encode.contains(&b);
    let first = bytes.iter().position(|&b| !keep(b)).unwrap_or(bytes.len());
    if first == bytes.len() {
        if let Ok(s) = core::str::from_utf8(bytes) {
            return Cow::Borrowed(s);
        }
    }
    let mut out = String::with_capacity(bytes.len() + 16);
    for &b in &bytes[..first] {
        out.push(char::from(b));
    }
    for &b in &bytes[first..] {
        if keep(b) {
            out.push(char::from(b));
        } else {
            push_triplet(&mut out, b);
        }
    }
    Cow::Owned(out)
}

/// The value of a hex digit the grammar's `HEXDIG` accepts.
fn hex_value(byte: u8) -> Option<u8> {
    if !is_in(classes().hexdig, byte) {
        return None;
    }
    char::from(byte)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// The octet of the triplet starting at `bytes[i]`, if there is one there.
pub(crate) fn triplet_at(bytes: &[u8], i: usize) -> Option<u8> {
    if bytes.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*bytes.get(i + 1)?)?;
    let lo = hex_value(*bytes.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// Decodes every percent-encoded triplet of `input` into its octet.
/// Borrows when there is none. A `%` that does not start a triplet is kept
/// as it is (use [`validate`] to reject it).
///
/// ```
/// use peguri::pct::decode;
///
/// assert_eq!(decode("a%20b%2F%c3%a9"), "a b/é".as_bytes());
/// assert_eq!(decode("%FF"), &[0xFF][..]);
/// assert_eq!(decode("100%"), "100%".as_bytes());
/// ```
pub fn decode(input: &str) -> Cow<'_, [u8]> {
    let bytes = input.as_bytes();
    let mut triplets = triplets(bytes).peekable();
    if triplets.peek().is_none() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut run = 0;
    for (i, octet) in triplets {
        out.extend_from_slice(&bytes[run..i]);
        out.push(octet);
        run = i + 3;
    }
    out.extend_from_slice(&bytes[run..]);
    Cow::Owned(out)
}

/// Where octet `decoded` of `input`'s percent-decoded octets ([`decode`])
/// comes from in `input`: the `%` of the triplet that encodes it, or the
/// byte itself; `input.len()` for the end.
#[cfg(feature = "schemes")]
pub(crate) fn encoded_offset(input: &str, decoded: usize) -> usize {
    let bytes = input.as_bytes();
    let mut at = 0;
    for _ in 0..decoded {
        if at >= bytes.len() {
            break;
        }
        at += if triplet_at(bytes, at).is_some() {
            3
        } else {
            1
        };
    }
    at.min(bytes.len())
}

/// The triplets of `bytes`, each as its offset and octet, found by a
/// plain loop from `%` to `%` (the texts are short: a call to `memchr`
/// costs more than it saves), which skips a triplet's hex digits.
fn triplets(bytes: &[u8]) -> impl Iterator<Item = (usize, u8)> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        while let Some(&b) = bytes.get(i) {
            if b == b'%' {
                if let Some(octet) = triplet_at(bytes, i) {
                    i += 3;
                    return Some((i - 3, octet));
                }
            }
            i += 1;
        }
        None
    })
}

/// Decodes `input` like [`decode`] and reads the octets as UTF-8. Borrows
/// when there is nothing to decode.
///
/// # Errors
///
/// A [`DecodeError`] when the decoded octets are not UTF-8; it says where.
///
/// ```
/// use peguri::pct::decode_utf8;
/// use std::borrow::Cow;
///
/// assert_eq!(decode_utf8("caf%C3%A9")?, "café");
/// assert_eq!(decode_utf8("a%20b%2F100%")?, "a b/100%");
/// assert_eq!(decode_utf8("x%20%C3%A9%2Fy")?, "x é/y");
/// assert!(matches!(decode_utf8("plain")?, Cow::Borrowed("plain")));
///
/// let err = decode_utf8("ab%FFcd").unwrap_err();
/// assert_eq!(err.offset(), 2);
/// assert_eq!(err.to_string(), "percent-decoded text is not UTF-8: invalid octet at byte 2 of the input");
/// # Ok::<_, peguri::error::DecodeError>(())
/// ```
pub fn decode_utf8(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    let bytes = input.as_bytes();
    let mut triplets = triplets(bytes).peekable();
    if triplets.peek().is_none() {
        return Ok(Cow::Borrowed(input));
    }
    // While the triplets are ASCII (`%20`, `%2F`) each decodes to a
    // character, with nothing to check; the first octet beyond ASCII
    // takes the byte path and its UTF-8 check.
    let mut out = String::with_capacity(input.len());
    let mut run = 0;
    for (i, octet) in triplets {
        if !octet.is_ascii() {
            return decode_utf8_octets(input);
        }
        // `run` and `i` sit just after a triplet and at a `%`: character
        // boundaries.
        out.push_str(&input[run..i]);
        out.push(char::from(octet));
        run = i + 3;
    }
    out.push_str(&input[run..]);
    Ok(Cow::Owned(out))
}

/// [`decode_utf8`] through the decoded octets, for text with a triplet
/// beyond ASCII.
fn decode_utf8_octets(input: &str) -> Result<Cow<'_, str>, DecodeError> {
    match decode(input) {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(input)),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Ok(Cow::Owned(s)),
            Err(e) => Err(DecodeError {
                kind: DecodeErrorKind::NotUtf8,
                offset: input_offset(input, e.utf8_error().valid_up_to()),
            }),
        },
    }
}

/// Decodes `input` like [`decode`] and reads the octets as UTF-8, each
/// invalid sequence replaced by U+FFFD: a view for display or lookup that
/// never fails. Borrows when there is nothing to decode.
///
/// ```
/// use peguri::pct::decode_lossy;
/// use std::borrow::Cow;
///
/// assert_eq!(decode_lossy("J%C3%BCrgen%20M"), "Jürgen M");
/// assert_eq!(decode_lossy("a%FFb"), "a\u{FFFD}b");
/// assert!(matches!(decode_lossy("plain"), Cow::Borrowed("plain")));
/// ```
pub fn decode_lossy(input: &str) -> Cow<'_, str> {
    match decode(input) {
        Cow::Borrowed(_) => Cow::Borrowed(input),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => Cow::Owned(text),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

/// Whether all of `path` is a `path` (any of RFC 3986's five kinds):
/// `Err` with the grammar's error if not.
pub(crate) fn validate_path(path: &str) -> Result<(), ParseError> {
    match generated::fail_path_entry(path.as_bytes()) {
        None => Ok(()),
        Some(f) => Err(diagnose::describe_rule(path, "path", f.pos, f.positives)),
    }
}

/// The input offset where the `decoded`-th decoded octet came from.
fn input_offset(input: &str, decoded: usize) -> usize {
    let bytes = input.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < bytes.len() && n < decoded {
        i += if triplet_at(bytes, i).is_some() { 3 } else { 1 };
        n += 1;
    }
    i
}

/// Checks that `input` is text the grammar accepts for `component`: only
/// allowed characters and well-formed triplets (section 2.1).
///
/// # Errors
///
/// The grammar's [`ParseError`], which points at the offending character.
///
/// ```
/// use peguri::pct::{validate, EncodeSet};
///
/// assert!(validate("a%20b", EncodeSet::PathSegment).is_ok());
/// assert!(validate("a/b", EncodeSet::PathSegment).is_err());
/// let err = validate("a%2g", EncodeSet::Query).unwrap_err();
/// assert_eq!(err.offset(), 3);
/// assert_eq!(err.message(), "expected a hex digit after '%'");
/// ```
pub fn validate(input: &str, component: EncodeSet) -> Result<(), ParseError> {
    let s = input.as_bytes();
    let failure = match component {
        EncodeSet::PathSegment => generated::fail_segment_entry(s),
        EncodeSet::Query => generated::fail_query_entry(s),
        EncodeSet::Fragment => generated::fail_fragment_entry(s),
        EncodeSet::Userinfo => generated::fail_userinfo_entry(s),
        EncodeSet::RegName => generated::fail_reg_name_entry(s),
    };
    match failure {
        None => Ok(()),
        Some(f) => Err(diagnose::describe_rule(
            input,
            component.rule(),
            f.pos,
            f.positives,
        )),
    }
}

/// Normalizes the percent-encoding of `input` (sections 2.1, 2.3, 6.2.2.1
/// and 6.2.2.2): triplets get uppercase hex digits, and triplets of
/// unreserved characters are decoded. Reserved characters stay encoded
/// (`%2F` is not `/`). Borrows when nothing changes.
///
/// ```
/// use peguri::pct::normalize_triplets;
///
/// assert_eq!(normalize_triplets("%7euser%2f%c3%a9"), "~user%2F%C3%A9");
/// assert_eq!(normalize_triplets("%41%2F"), "A%2F");
/// ```
pub fn normalize_triplets(input: &str) -> Cow<'_, str> {
    rewrite_triplets(input, true, true, false)
}

/// Rewrites the triplets of `input` and optionally lowercases the rest:
/// `uppercase` the hex digits, `decode` unreserved octets, `lower` every
/// character that is not inside a kept triplet (used for reg-names).
pub(crate) fn rewrite_triplets(
    input: &str,
    uppercase: bool,
    decode: bool,
    lower: bool,
) -> Cow<'_, str> {
    let bytes = input.as_bytes();
    // Most components have no triplet (and, for reg-names, no uppercase
    // letter): nothing to rewrite, found with one fast scan.
    if !(bytes.contains(&b'%') || (lower && bytes.iter().any(u8::is_ascii_uppercase))) {
        return Cow::Borrowed(input);
    }
    let unreserved = classes().unreserved;
    let changes = |i: usize| -> bool {
        match triplet_at(bytes, i) {
            Some(octet) => {
                (decode && is_in(unreserved, octet))
                    || (uppercase && bytes[i + 1..i + 3] != *triplet_upper(octet).as_slice())
            }
            None => lower && bytes[i].is_ascii_uppercase(),
        }
    };
    let mut i = 0;
    let mut changed = false;
    while i < bytes.len() {
        if changes(i) {
            changed = true;
            break;
        }
        i += if triplet_at(bytes, i).is_some() { 3 } else { 1 };
    }
    if !changed {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len());
    out.push_str(&input[..i]);
    while i < bytes.len() {
        if let Some(octet) = triplet_at(bytes, i) {
            if decode && is_in(unreserved, octet) {
                let c = char::from(octet);
                out.push(if lower { c.to_ascii_lowercase() } else { c });
            } else if uppercase {
                push_triplet(&mut out, octet);
            } else {
                out.push_str(&input[i..i + 3]);
            }
            i += 3;
        } else {
            // Copy one character (possibly multi-byte) as it is.
            let len = input[i..].chars().next().map_or(1, char::len_utf8);
            let piece = &input[i..i + len];
            if lower {
                out.push_str(&piece.to_ascii_lowercase());
            } else {
                out.push_str(piece);
            }
            i += len;
        }
    }
    Cow::Owned(out)
}

fn triplet_upper(octet: u8) -> [u8; 2] {
    [
        UPPER_HEX[usize::from(octet >> 4)],
        UPPER_HEX[usize::from(octet & 0xF)],
    ]
}
