//! A range of code points as UTF-8 byte patterns: each pattern is one byte
//! range per byte of the encoding, and the patterns together match exactly
//! the encodings of the range's characters, each by one pattern.
//!
//! A range of characters whose encodings have the same length, and whose
//! code points agree above some six-bit group while that group and those
//! below it span their full `0..=63`, is one pattern. Any range splits into
//! such ranges at the encoding-length boundaries and at the boundaries of
//! those groups.

/// Code points at which the UTF-8 encoding gets one byte longer: the last
/// of one, two and three bytes.
const LENGTH_ENDS: [u32; 3] = [0x7F, 0x7FF, 0xFFFF];

/// The surrogates, which are code points but not characters.
const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);

/// The byte patterns of the characters in `lo..=hi`, in ascending order.
/// Surrogates inside the range are skipped; `hi` may not exceed U+10FFFF.
pub fn sequences(lo: char, hi: char) -> Vec<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    let (lo, hi) = (u32::from(lo), u32::from(hi));
    if lo > hi {
        return out;
    }
    if lo < SURROGATES.0 && hi > SURROGATES.1 {
        split_length(lo, SURROGATES.0 - 1, &mut out);
        split_length(SURROGATES.1 + 1, hi, &mut out);
    } else {
        split_length(lo, hi, &mut out);
    }
    out
}

/// Splits `lo..=hi` where the encoding length changes.
fn split_length(lo: u32, hi: u32, out: &mut Vec<Vec<(u8, u8)>>) {
    for end in LENGTH_ENDS {
        if lo <= end && hi > end {
            split_length(lo, end, out);
            split_length(end + 1, hi, out);
            return;
        }
    }
    split_groups(lo, hi, out);
}

/// Splits `lo..=hi` (one encoding length) until each piece is one pattern.
fn split_groups(lo: u32, hi: u32, out: &mut Vec<Vec<(u8, u8)>>) {
    let (lo_char, hi_char) = (character(lo), character(hi));
    let len = lo_char.len_utf8();
    for groups in 1..len {
        // The code point bits of the last `groups` continuation bytes.
        let low = (1u32 << (6 * groups)) - 1;
        if lo & !low == hi & !low {
            // Both ends agree above these groups, so above the ones tried
            // before, which then span full ranges below.
            break;
        }
        if lo & low != 0 {
            split_groups(lo, lo | low, out);
            split_groups((lo | low) + 1, hi, out);
            return;
        }
        if hi & low != low {
            split_groups(lo, (hi & !low) - 1, out);
            split_groups(hi & !low, hi, out);
            return;
        }
    }
    let (mut a, mut b) = ([0; 4], [0; 4]);
    let (a, b) = (
        lo_char.encode_utf8(&mut a).as_bytes(),
        hi_char.encode_utf8(&mut b).as_bytes(),
    );
    out.push(a.iter().zip(b).map(|(&x, &y)| (x, y)).collect());
}

/// The character of a code point inside a piece: pieces lie within one
/// side of the surrogates, so every one is a character.
fn character(c: u32) -> char {
    char::from_u32(c).expect("a piece holds no surrogate")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Whether a pattern of `utf8::sequences` matches these bytes.
    fn pattern_matches(pattern: &[(u8, u8)], bytes: &[u8]) -> bool {
        pattern.len() == bytes.len()
            && pattern
                .iter()
                .zip(bytes)
                .all(|(&(lo, hi), &b)| (lo..=hi).contains(&b))
    }

    fn regex_syntax_sequences(lo: char, hi: char) -> Vec<Vec<(u8, u8)>> {
        regex_syntax::utf8::Utf8Sequences::new(lo, hi)
            .map(|seq| seq.as_slice().iter().map(|r| (r.start, r.end)).collect())
            .collect()
    }

    #[test]
    fn utf8_patterns_match_each_character_of_the_range_once() {
        let ranges = [
            ('\u{80}', '\u{10FFFF}'),
            ('\u{A0}', '\u{D7FF}'),
            ('\u{D7FF}', '\u{E000}'),
            ('\u{7F}', '\u{800}'),
            ('\u{FFFF}', '\u{10000}'),
            ('\u{E000}', '\u{F8FF}'),
            ('\u{F0000}', '\u{FFFFD}'),
            ('\u{1F600}', '\u{1F64F}'),
            ('é', 'é'),
        ];
        // Characters at and around every six-bit group boundary.
        let probes: Vec<char> = (0..=0x10FFFFu32)
            .filter(|c| matches!(c & 0x3F, 0 | 1 | 0x3E | 0x3F) || c & 0xFFF < 3)
            .filter_map(char::from_u32)
            .collect();
        for (lo, hi) in ranges {
            let patterns = sequences(lo, hi);
            for &c in &probes {
                let mut buf = [0; 4];
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                let hits = patterns
                    .iter()
                    .filter(|p| pattern_matches(p, bytes))
                    .count();
                let want = usize::from((lo..=hi).contains(&c));
                assert_eq!(hits, want, "{c:?} in {lo:?}..={hi:?}: {patterns:?}");
            }
            assert_eq!(patterns, regex_syntax_sequences(lo, hi), "{lo:?}..={hi:?}");
        }
        assert!(sequences('b', 'a').is_empty());
    }

    proptest! {
        // The workspace's one folder of seeds, named after this file; the
        // path is relative to this crate's root, where its tests run.
        #![proptest_config(ProptestConfig {
            failure_persistence: Some(Box::new(
                proptest::test_runner::FileFailurePersistence::Direct(
                    "../tests/proptest-regressions/codegen/src/utf8.txt",
                ),
            )),
            ..ProptestConfig::default()
        })]

        #[test]
        fn utf8_patterns_agree_with_regex_syntax(a in any::<char>(), b in any::<char>()) {
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            prop_assert_eq!(sequences(lo, hi), regex_syntax_sequences(lo, hi));
        }
    }
}
