//! Sets of characters that one step of a grammar can match: ASCII bytes in
//! a table, and non-ASCII code points as ranges that become UTF-8
//! byte-sequence matchers (see `utf8`).

use super::utf8;

/// A byte set.
pub type Set = [bool; 256];

/// A set of characters: ASCII ones by byte, the others as sorted, disjoint,
/// non-adjacent inclusive code point ranges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    pub ascii: [bool; 128],
    pub wide: Vec<(u32, u32)>,
}

/// The highest code point.
const MAX: u32 = 0x10_FFFF;

impl Class {
    pub fn empty() -> Class {
        Class {
            ascii: [false; 128],
            wide: Vec::new(),
        }
    }

    /// The characters `lo..=hi`.
    pub fn range(lo: char, hi: char) -> Class {
        let mut class = Class::empty();
        class.add(u32::from(lo), u32::from(hi));
        class
    }

    /// Every character.
    pub fn any() -> Class {
        Class::range('\0', char::MAX)
    }

    fn add(&mut self, lo: u32, hi: u32) {
        if lo > hi {
            return;
        }
        for c in lo..=hi.min(0x7f) {
            self.ascii[c as usize] = true;
        }
        if hi >= 0x80 {
            self.wide.push((lo.max(0x80), hi));
            self.normalize();
        }
    }

    fn normalize(&mut self) {
        self.wide.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(self.wide.len());
        for &(lo, hi) in &self.wide {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        self.wide = merged;
    }

    pub fn union(&self, other: &Class) -> Class {
        let mut out = self.clone();
        for (o, &x) in out.ascii.iter_mut().zip(other.ascii.iter()) {
            *o |= x;
        }
        out.wide.extend_from_slice(&other.wide);
        out.normalize();
        out
    }

    /// Every character not in this class.
    pub fn complement(&self) -> Class {
        let mut out = Class::empty();
        for (o, &x) in out.ascii.iter_mut().zip(self.ascii.iter()) {
            *o = !x;
        }
        let mut next = 0x80;
        for &(lo, hi) in &self.wide {
            if lo > next {
                out.wide.push((next, lo - 1));
            }
            next = hi + 1;
        }
        if next <= MAX {
            out.wide.push((next, MAX));
        }
        out
    }

    /// The ASCII part as a 256-entry byte table (bytes of 0x80 and above
    /// are never in it: they start or continue a wide character).
    pub fn table(&self) -> Set {
        let mut set = [false; 256];
        set[..128].copy_from_slice(&self.ascii);
        set
    }

    /// The byte table of a run of this class's characters in valid UTF-8:
    /// the ASCII part, and the lead bytes whose every character is in the
    /// class, with all continuation bytes. Scanning bytes with it crosses
    /// exactly the characters of those lead bytes: a run starts on a
    /// character boundary, takes a continuation byte only after such a
    /// lead byte, and stops at any other lead byte, where the wide matcher
    /// decides. So a run through text in one script (Cyrillic, CJK...)
    /// stays in the byte loop.
    pub fn run_table(&self) -> Set {
        let mut set = self.table();
        let mut any = false;
        for lead in 0xC2..=0xF4u32 {
            // The code points a lead byte starts, surrogates left out.
            let (lo, hi) = match lead {
                0xC2..=0xDF => ((lead & 0x1F) << 6, ((lead & 0x1F) << 6) | 0x3F),
                0xE0 => (0x800, 0xFFF),
                0xED => (0xD000, 0xD7FF),
                0xE1..=0xEF => ((lead & 0x0F) << 12, ((lead & 0x0F) << 12) | 0xFFF),
                0xF0 => (0x1_0000, 0x3_FFFF),
                0xF4 => (0x10_0000, 0x10_FFFF),
                _ => ((lead & 0x07) << 18, ((lead & 0x07) << 18) | 0x3_FFFF),
            };
            if self.wide.iter().any(|&(a, b)| a <= lo && hi <= b) {
                set[lead as usize] = true;
                any = true;
            }
        }
        if any {
            set[0x80..=0xBF].fill(true);
        }
        set
    }

    pub fn has_wide(&self) -> bool {
        !self.wide.is_empty()
    }

    /// The bytes a character of this class can start with.
    pub fn first_bytes(&self) -> Set {
        let mut set = self.table();
        for seq in self.utf8_sequences() {
            let (lo, hi) = seq[0];
            for b in lo..=hi {
                set[usize::from(b)] = true;
            }
        }
        set
    }

    /// The UTF-8 encodings of the wide part: each a sequence of byte
    /// ranges, one per byte of the character.
    pub fn utf8_sequences(&self) -> Vec<Vec<(u8, u8)>> {
        let mut out = Vec::new();
        for &(lo, hi) in &self.wide {
            // Surrogates are not characters; `char::from_u32` skips them at
            // the ends, and `utf8::sequences` skips them inside a range.
            let lo = (lo..=hi).find_map(char::from_u32);
            let hi = (lo.map_or(hi, u32::from)..=hi)
                .rev()
                .find_map(char::from_u32);
            let (Some(lo), Some(hi)) = (lo, hi) else {
                continue;
            };
            out.extend(utf8::sequences(lo, hi));
        }
        out
    }

    /// A short description, for comments in the generated code.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        let mut b = 0;
        while b < 128 {
            if self.ascii[b] {
                let start = b;
                while b + 1 < 128 && self.ascii[b + 1] {
                    b += 1;
                }
                parts.push(if start == b {
                    format!("{:?}", char::from(start as u8))
                } else {
                    format!("{:?}..{:?}", char::from(start as u8), char::from(b as u8))
                });
            }
            b += 1;
        }
        for &(lo, hi) in &self.wide {
            parts.push(format!("U+{lo:04X}..U+{hi:04X}"));
        }
        if parts.is_empty() {
            "nothing".to_owned()
        } else {
            parts.join(" ")
        }
    }
}

/// The body of a function `fn name(s: &[u8], p: usize) -> Option<usize>`
/// matching one character of the wide ranges of `class` at `p`: a `match`
/// over the byte patterns of its UTF-8 encodings.
pub fn wide_matcher(class: &Class) -> String {
    let mut arms = String::new();
    for seq in class.utf8_sequences() {
        let pattern: Vec<String> = seq
            .iter()
            .map(|&(lo, hi)| {
                if lo == hi {
                    format!("{lo:#04x}")
                } else {
                    format!("{lo:#04x}..={hi:#04x}")
                }
            })
            .collect();
        arms.push_str(&format!(
            "        [{}, ..] => Some(p + {}),\n",
            pattern.join(", "),
            seq.len()
        ));
    }
    format!("    match s.get(p..)? {{\n{arms}        _ => None,\n    }}")
}
