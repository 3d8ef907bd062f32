//! Bytes for matching: sets of ASCII bytes as bit masks, a value's text
//! checked against the bytes its operator writes, and short strings split
//! and compared inline, since a template's pieces of a URI are a few bytes
//! long and the general searchers cost more than they save there.

use crate::syntax::pct;

/// One bit per ASCII byte.
pub(super) type Mask = u128;

pub(super) const fn bit(byte: u8) -> Mask {
    if byte < 128 { 1 << byte } else { 0 }
}

/// Whether `byte` is in `mask`: one 64-bit half, chosen by the byte's
/// seventh bit, shifted (a `u128` shift by a variable amount costs a
/// dozen instructions and a branch).
#[inline]
pub(super) fn has(mask: Mask, byte: u8) -> bool {
    let half = if byte < 64 {
        mask as u64
    } else {
        (mask >> 64) as u64
    };
    byte < 128 && (half >> (byte & 63)) & 1 == 1
}

/// The bytes a grammar class of [`pct`] accepts.
pub(super) fn mask_of(class: &pct::Class) -> Mask {
    (0u8..128)
        .filter(|&b| pct::is_in(class, b))
        .fold(0, |mask, b| mask | bit(b))
}

/// A byte of `mask` to name in a message: a letter or digit if there is
/// one, else the lowest.
pub(super) fn example_byte(mask: Mask) -> char {
    let rank = |b: &u8| match b {
        b'a'..=b'z' => 0,
        b'A'..=b'Z' => 1,
        b'0'..=b'9' => 2,
        _ => 3,
    };
    let pick = (0u8..128).filter(|&b| has(mask, b)).min_by_key(rank);
    pick.map_or('?', char::from)
}

/// Whether the triplets of `text` decode, with its other bytes, to UTF-8;
/// in pieces on the stack, without allocating.
fn decodes_to_utf8(text: &str) -> bool {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return true;
    }
    let mut buf = [0u8; 64];
    let mut len = 0;
    let mut i = 0;
    while i < bytes.len() {
        let byte = match pct::triplet_at(bytes, i) {
            Some(octet) => {
                i += 3;
                octet
            }
            None => {
                i += 1;
                bytes[i - 1]
            }
        };
        buf[len] = byte;
        len += 1;
        if len == buf.len() {
            match core::str::from_utf8(&buf) {
                Ok(_) => len = 0,
                // A character cut at the end of the piece: keep its start.
                Err(e) if e.error_len().is_none() => {
                    let valid = e.valid_up_to();
                    buf.copy_within(valid.., 0);
                    len -= valid;
                }
                Err(_) => return false,
            }
        }
    }
    core::str::from_utf8(&buf[..len]).is_ok()
}

/// Whether `text` is a value's text: only bytes of `values`, commas when
/// `commas` is set, and triplets that decode, with the rest, to UTF-8.
/// `Some(true)` when it holds a comma.
pub(super) fn scan_value(text: &str, values: Mask, commas: bool) -> Option<bool> {
    let bytes = text.as_bytes();
    let mut comma = false;
    // Whether a triplet decodes to a byte outside ASCII: only then can
    // the decoded text fail to be UTF-8.
    let mut high = false;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if has(values, b) {
            i += 1;
        } else if b == b'%' {
            high |= pct::triplet_at(bytes, i)? >= 0x80;
            i += 3;
        } else if commas && b == b',' {
            comma = true;
            i += 1;
        } else {
            return None;
        }
    }
    (!high || decodes_to_utf8(text)).then_some(comma)
}

/// The pieces of `text` between the bytes `sep` (an ASCII byte), as
/// `str::split` gives them, without its searcher's cost on short text.
#[derive(Clone)]
pub(super) struct SplitByte<'t> {
    pub(super) rest: Option<&'t str>,
    sep: u8,
}

pub(super) fn split_byte(text: &str, sep: u8) -> SplitByte<'_> {
    SplitByte {
        rest: Some(text),
        sep,
    }
}

impl<'t> Iterator for SplitByte<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        let rest = self.rest?;
        match find_byte(rest, self.sep) {
            // `sep` is ASCII: both sides are whole characters.
            Some(at) => {
                self.rest = rest.get(at + 1..);
                rest.get(..at)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

/// Whether two short strings are equal, compared inline.
pub(super) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Whether `hay` starts with `needle`, compared inline.
pub(super) fn starts_with(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() >= needle.len() && hay.iter().zip(needle).all(|(a, b)| a == b)
}

/// The decoded bytes of `text`, a raw comma given as `None` when `commas`
/// separate list members.
pub(super) fn symbols(text: &str, commas: bool) -> impl Iterator<Item = Option<u8>> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    core::iter::from_fn(move || {
        let b = *bytes.get(i)?;
        if let Some(octet) = pct::triplet_at(bytes, i) {
            i += 3;
            return Some(Some(octet));
        }
        i += 1;
        Some(if commas && b == b',' { None } else { Some(b) })
    })
}

/// The number of characters `text` decodes to.
pub(super) fn decoded_chars(text: &str) -> usize {
    symbols(text, false)
        .filter(|s| s.is_none_or(|b| b & 0xC0 != 0x80))
        .count()
}

/// The first `byte` in a short `text`: a plain loop, inlined, where
/// `position` leaves a call to its fold and `memchr` a call too.
#[inline]
pub(super) fn find_byte(text: &str, byte: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == byte {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// `name=value` (or `name` alone) split at the first `=`.
pub(super) fn split_param(param: &str) -> (&str, Option<&str>) {
    match find_byte(param, b'=') {
        Some(at) => (&param[..at], param.get(at + 1..)),
        None => (param, None),
    }
}
