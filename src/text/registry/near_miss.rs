//! Which registered scheme an unregistered name is a typing slip of.
//!
//! A name is a slip of a registered one when one of these turns one into
//! the other: one character left out (`htp`, `mailt`), one character too
//! many (`htttp`), two neighbouring characters swapped (`mailot`), or one
//! character replaced by a key next to it on a US QWERTY keyboard (`htto`).
//! It stays quiet where a suggestion would more often be wrong than
//! right: names of fewer than 3 characters, registered names of fewer
//! than 4 (one slip away from `ftp` or `tel` lies many a real scheme),
//! historical schemes, a name that is a registered one with an `s` before
//! or after it (the way secure variants are named: `imaps`, `nntps`), or
//! one slip from a registered name only by such an `s`, and a name that is
//! a slip of more than one registered scheme.

use super::{RegisteredScheme, SchemeStatus};

/// The keyboard's rows, each set half a key further right than the one
/// above it.
const ROWS: [&[u8]; 4] = [b"1234567890-", b"qwertyuiop", b"asdfghjkl", b"zxcvbnm,."];

/// The row and column of a key.
fn key(c: u8) -> Option<(usize, usize)> {
    ROWS.iter()
        .enumerate()
        .find_map(|(row, keys)| keys.iter().position(|&k| k == c).map(|col| (row, col)))
}

/// Whether `a` and `b` are keys next to each other: on the same row, or
/// touching on the row above or below.
fn neighbours(a: u8, b: u8) -> bool {
    let (Some((ra, ca)), Some((rb, cb))) = (key(a), key(b)) else {
        return false;
    };
    match rb as isize - ra as isize {
        0 => ca.abs_diff(cb) == 1,
        // The row above is half a key to the left: above `t` are 5 and 6.
        -1 => cb == ca || cb == ca + 1,
        1 => cb + 1 == ca || cb == ca,
        _ => false,
    }
}

/// Whether `long` is `short` with one character more.
fn one_more(long: &[u8], short: &[u8]) -> bool {
    let first_difference = short
        .iter()
        .zip(long)
        .position(|(a, b)| a != b)
        .unwrap_or(short.len());
    long[first_difference + 1..] == short[first_difference..]
}

/// Whether `typed` is one slip away from `name` (both lowercase).
fn one_slip(typed: &[u8], name: &[u8]) -> bool {
    let secure_variant = |long: &[u8], short: &[u8]| {
        long.strip_prefix(b"s") == Some(short) || long.strip_suffix(b"s") == Some(short)
    };
    match typed.len() as isize - name.len() as isize {
        1 => one_more(typed, name) && !secure_variant(typed, name),
        -1 => one_more(name, typed) && !secure_variant(name, typed),
        0 => {
            let differ: alloc::vec::Vec<usize> =
                (0..typed.len()).filter(|&i| typed[i] != name[i]).collect();
            match differ[..] {
                [i] => neighbours(typed[i], name[i]),
                [i, j] => j == i + 1 && typed[i] == name[j] && typed[j] == name[i],
                _ => false,
            }
        }
        _ => false,
    }
}

/// The one scheme of `entries` that `typed` is a slip of, if there is
/// exactly one.
pub(super) fn suggest<'r>(
    typed: &str,
    entries: &'r [RegisteredScheme],
) -> Option<&'r RegisteredScheme> {
    if typed.len() < 3 || typed.len() > 64 {
        return None;
    }
    let typed = typed.to_ascii_lowercase();
    let mut found = entries.iter().filter(|entry| {
        entry.status != SchemeStatus::Historical
            && entry.name.len() >= 4
            && entry.name.len().abs_diff(typed.len()) <= 1
            && one_slip(typed.as_bytes(), entry.name.to_ascii_lowercase().as_bytes())
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_next_to_each_other() {
        assert!(neighbours(b'o', b'p'));
        assert!(neighbours(b't', b'5'));
        assert!(neighbours(b't', b'6'));
        assert!(neighbours(b't', b'g'));
        assert!(neighbours(b'g', b't'));
        assert!(neighbours(b'b', b'v'));
        assert!(!neighbours(b't', b'h'));
        assert!(!neighbours(b's', b't'));
        assert!(!neighbours(b'm', b's'));
        assert!(!neighbours(b'+', b'a'));
    }

    #[test]
    fn slips() {
        let slip = |a: &str, b: &str| one_slip(a.as_bytes(), b.as_bytes());
        assert!(slip("htp", "http"));
        assert!(slip("mailt", "mailto"));
        assert!(slip("htttp", "http"));
        assert!(slip("mailot", "mailto"));
        assert!(slip("htto", "http"));
        assert!(slip("hrtp", "http"));
        assert!(!slip("hxxp", "http"));
        assert!(!slip("sftp", "tftp"));
        assert!(!slip("ldaps", "ldap"));
        assert!(!slip("sftp", "ftp"));
        assert!(!slip("iri", "iris"));
        assert!(!slip("http", "http"));
        assert!(!slip("ab", "abcd"));
    }
}
