//! What the code generated from the grammars needs at run time: recorded
//! spans, byte tables and scans, and the tracker that reproduces pest's
//! error positions.
//!
//! The generator (`peguri-codegen`) writes only grammar-specific code (one
//! function per rule, the tables, the record struct); everything general
//! lives here, so that it is formatted, linted and tested like any other
//! module. The generated code imports what it uses from here. The items
//! are `pub` for the generator's tests, which compile a sample grammar
//! against this module through `__engines::runtime` (feature
//! `expose-internals`); the module itself is the crate's own.

/// Where a recorded rule matched: a span of the input, or none, packed in
/// one `u64` (the start in the high half, the end plus one in the low half,
/// zero for none) so that the record struct stays small, every access is
/// one whole word, and a slot turns into an `Option<Span>` without a
/// branch (`Span::from_packed` reads the same packing). The generated
/// `match_*` functions refuse inputs of `u32::MAX` bytes or more, so the
/// end plus one fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(u64);

impl Slot {
    /// No match recorded.
    pub const NONE: Slot = Slot(0);

    /// The span, if the rule matched.
    #[inline]
    pub fn get(self) -> Option<(usize, usize)> {
        let end_plus_one = self.0 as u32;
        (end_plus_one != 0).then(|| ((self.0 >> 32) as usize, end_plus_one as usize - 1))
    }

    /// The packed span: the start times 2^32 plus the end plus one, or 0.
    #[inline]
    pub fn packed(self) -> u64 {
        self.0
    }

    /// Whether the rule matched.
    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != 0
    }
}

/// Records a match of a rule at `start..end` (both below `u32::MAX`): the
/// first match, or a match that continues the recorded span right where it
/// ends (so `HEXDIG+` records the whole run). Other matches are ignored.
#[inline(always)]
pub fn put(slot: &mut Slot, start: usize, end: usize) {
    if slot.0 == 0 {
        slot.0 = ((start as u64) << 32) | (end as u64 + 1);
    } else if (slot.0 & 0xffff_ffff) as usize == start + 1 {
        slot.0 = (slot.0 & !0xffff_ffff) | (end as u64 + 1);
    }
}

/// A 256-entry byte table from inclusive ranges.
pub const fn table(ranges: &[(u8, u8)]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < ranges.len() {
        let (lo, hi) = ranges[i];
        let mut b = lo as usize;
        while b <= hi as usize {
            t[b] = true;
            b += 1;
        }
        i += 1;
    }
    t
}

/// The end of the run of bytes in `t` from `p`.
#[inline(always)]
pub fn scan(s: &[u8], p: usize, t: &[bool; 256]) -> usize {
    first_where(s, p, |b| !t[usize::from(b)])
}

/// The first position in `p..end` whose byte is in `t`, or `end` (`end`
/// at most `s.len()`): where a run of a class ends inside a run of a
/// larger class already read, `t` holding the bytes of the larger class
/// that the smaller lacks.
// No grammar of the crate's own has a difference of more than one byte;
// the generator's tests compile a sample grammar that has.
#[cfg_attr(not(feature = "expose-internals"), allow(dead_code))]
#[inline(always)]
pub fn find_in(s: &[u8], p: usize, end: usize, t: &[bool; 256]) -> usize {
    match s.get(..end) {
        Some(s) => first_where(s, p, |b| t[usize::from(b)]).min(end),
        None => end,
    }
}

/// The first position from `p` whose byte is one `stop` holds, or the end
/// of `s`. Four bytes a step while four remain: one bounds check covers
/// them, and each byte is still one test and one branch, so the loop
/// stops where a byte-at-a-time loop would, without computing a whole
/// window first (which costs short runs and percent-encoded text more than
/// it saves). On the corpus this runs 15% fewer instructions per URI than
/// one byte a step; eight bytes a step runs fewer still but is slower on
/// percent-encoded and short input.
#[inline(always)]
fn first_where(s: &[u8], mut p: usize, stop: impl Fn(u8) -> bool) -> usize {
    while let Some(&[b0, b1, b2, b3]) = s.get(p..p + 4) {
        if stop(b0) {
            return p;
        }
        if stop(b1) {
            return p + 1;
        }
        if stop(b2) {
            return p + 2;
        }
        if stop(b3) {
            return p + 3;
        }
        p += 4;
    }
    while let Some(&b) = s.get(p) {
        if stop(b) {
            break;
        }
        p += 1;
    }
    p
}

/// The first position in `p..end` holding `byte`, or `end` (`end` at most
/// `s.len()`): [`find_in`] for a difference of one byte. Eight bytes a
/// step, as one `u64`: the bytes equal to `byte` become zero bytes, and
/// the lowest zero byte is found by the borrow of a subtraction (a borrow
/// can mark bytes above a zero byte, never one below it). A window may
/// reach past `end`, never past the input.
#[inline(always)]
pub fn find_byte(s: &[u8], mut p: usize, end: usize, byte: u8) -> usize {
    const LOW: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    while p < end {
        let Some(&window) = s.get(p..).and_then(|rest| rest.first_chunk::<8>()) else {
            break;
        };
        let x = u64::from_le_bytes(window) ^ (LOW * u64::from(byte));
        let zero = x.wrapping_sub(LOW) & !x & HIGH;
        if zero != 0 {
            return (p + zero.trailing_zeros() as usize / 8).min(end);
        }
        p += 8;
    }
    while p < end && s.get(p).is_some_and(|&b| b != byte) {
        p += 1;
    }
    p.min(end)
}

/// The length of the run of bytes in `t` from `p`, up to `N` bytes,
/// counted without a branch per byte: a short counted repetition of a class
/// (`HEXDIG{1,4}`) ends at a length that varies from one group to the next,
/// which a loop's exit branch cannot predict.
#[inline(always)]
pub fn run_upto<const N: usize>(s: &[u8], p: usize, t: &[bool; 256]) -> usize {
    let mut all = true;
    let mut n = 0;
    if let Some(window) = s.get(p..p + N).and_then(|w| <&[u8; N]>::try_from(w).ok()) {
        for &b in window {
            all &= t[usize::from(b)];
            n += usize::from(all);
        }
    } else {
        for i in 0..N {
            all &= s.get(p + i).is_some_and(|&b| t[usize::from(b)]);
            n += usize::from(all);
        }
    }
    n
}

/// The matches of a repetition body that several alternatives of a choice
/// repeat (`h16 ~ ":"` in `IPv6address`), from the last position they were
/// asked for, so that the alternatives after the first read the groups
/// instead of matching them again. `N - 1` is the most matches any of the
/// repetitions may take.
#[derive(Clone, Copy, Debug)]
pub struct Runs<const N: usize> {
    /// Where the run starts (`usize::MAX` before the first).
    start: usize,
    /// How many matches it has.
    count: usize,
    /// Where each first `i` matches end (`ends[0]` is the start).
    ends: [usize; N],
}

impl<const N: usize> Runs<N> {
    /// No run yet.
    #[inline(always)]
    pub const fn new() -> Self {
        Runs {
            start: usize::MAX,
            count: 0,
            ends: [0; N],
        }
    }

    /// A repetition of the body from `start` taking at most `max` matches:
    /// how many it takes, and where they end. `step` matches the body once;
    /// it runs only when the run does not start at `start` yet. PEG
    /// repetition is greedy and the body matches the same wherever it is
    /// tried, so the repetition takes the run's first `min(count, max)`.
    #[inline(always)]
    pub fn take(
        &mut self,
        start: usize,
        max: usize,
        step: impl Fn(usize) -> Option<usize>,
    ) -> (usize, usize) {
        if self.start != start {
            self.run(start, step);
        }
        let n = self.count.min(max);
        (n, self.ends[n])
    }

    /// Runs the body from `start`. Out of line: the alternatives share
    /// one copy.
    #[inline(never)]
    fn run(&mut self, start: usize, step: impl Fn(usize) -> Option<usize>) {
        self.start = start;
        self.ends[0] = start;
        let mut count = 0;
        let mut p = start;
        while count + 1 < N {
            match step(p) {
                Some(q) => {
                    p = q;
                    count += 1;
                    self.ends[count] = p;
                }
                None => break,
            }
        }
        self.count = count;
    }
}

impl<const N: usize> Default for Runs<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// A set of grammar rules, by their index in pest's `Rule` enum (`EOI`
/// first, then the rules in grammar order), so that iterating it gives
/// pest's sorted order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet<const W: usize>([u64; W]);

impl<const W: usize> RuleSet<W> {
    /// The empty set.
    pub const EMPTY: Self = RuleSet([0; W]);

    /// Adds rule `id`.
    pub fn insert(&mut self, id: u16) {
        let i = usize::from(id);
        if let Some(word) = self.0.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    /// Whether rule `id` is in the set.
    pub fn contains(&self, id: u16) -> bool {
        let i = usize::from(id);
        self.0
            .get(i / 64)
            .is_some_and(|word| word & (1 << (i % 64)) != 0)
    }

    /// Whether the set is empty.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The rules in the set, in ascending order.
    #[cfg(any(test, feature = "expose-internals", feature = "schemes"))]
    pub fn iter(self) -> impl Iterator<Item = u16> {
        (0..W * 64)
            .filter_map(move |i| u16::try_from(i).ok())
            .filter(move |&i| self.contains(i))
    }
}

/// A grammar's rule names (or their labels) by index in pest's `Rule`
/// enum, when the grammar is read after another's text (a scheme's after
/// `uri.pest`): the first `shared` are the other grammar's own table's,
/// which is not copied, and the rest are the grammar's own, one after the
/// other in one string (a table of `&str` would cost a pointer and a
/// relocation per name).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(
    not(any(feature = "schemes", feature = "expose-internals")),
    allow(dead_code)
)]
pub struct Names {
    /// The other grammar's table.
    pub imported: &'static [&'static str],
    /// How many of its first names this grammar's are.
    pub shared: usize,
    /// The names after them, one after the other.
    pub own: &'static str,
    /// Where each of those ends in `own`.
    pub ends: &'static [u16],
}

#[cfg_attr(
    not(any(feature = "schemes", feature = "expose-internals")),
    allow(dead_code)
)]
impl Names {
    /// How many rules the grammar has.
    #[cfg_attr(not(feature = "expose-internals"), allow(dead_code))]
    pub const fn len(&self) -> usize {
        self.shared + self.ends.len()
    }

    /// Whether the grammar has no rules.
    #[cfg_attr(not(feature = "expose-internals"), allow(dead_code))]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of rule `id`.
    pub fn get(&self, id: usize) -> Option<&'static str> {
        let Some(own) = id.checked_sub(self.shared) else {
            return self.imported.get(id).copied();
        };
        let end = usize::from(*self.ends.get(own)?);
        let start = match own.checked_sub(1) {
            Some(before) => usize::from(*self.ends.get(before)?),
            None => 0,
        };
        self.own.get(start..end)
    }
}

/// How many attempted rules the tracker keeps per list. pest keeps a
/// vector; the grammars here never hold more than a dozen at one position
/// (`tests/library/engines.rs` checks that none overflows on its inputs).
const ATTEMPTS: usize = 48;

/// One of pest's two attempt lists (`pos_attempts`, `neg_attempts`): rules
/// in the order they were tracked. Its length keeps counting past the
/// capacity, so positions and counts stay exact; only the names are lost.
#[derive(Clone, Copy, Debug)]
struct Attempts {
    len: usize,
    ids: [u16; ATTEMPTS],
}

impl Attempts {
    const EMPTY: Attempts = Attempts {
        len: 0,
        ids: [0; ATTEMPTS],
    };

    fn push(&mut self, id: u16) {
        if let Some(slot) = self.ids.get_mut(self.len) {
            *slot = id;
        }
        self.len += 1;
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    fn set<const W: usize>(&self) -> RuleSet<W> {
        let mut set = RuleSet::EMPTY;
        for &id in &self.ids[..self.len.min(ATTEMPTS)] {
            set.insert(id);
        }
        set
    }
}

/// Where a rule call stands in a lookahead, as far as pest's tracking
/// tells: its `Lookahead::Negative`, or either of the others (`None`,
/// `Positive`), which it tracks alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Not inside a negative lookahead: outside any, or inside `&e` (or
    /// `!!e`).
    Affirmative,
    /// Inside `!e`.
    Negative,
}

/// The tracker's state when a tracked rule call began (pest's `rule()`
/// keeps the same three numbers on its stack).
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    pos_index: usize,
    neg_index: usize,
    attempts: usize,
}

/// Why a parse failed, as pest reports it: the furthest position where a
/// tracked rule was attempted, and the rules attempted there (pest's
/// `positives`, sorted; `negatives` for those that matched inside a
/// negative lookahead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure<const W: usize> {
    /// The byte offset.
    pub pos: usize,
    /// The rules expected there.
    pub positives: RuleSet<W>,
    /// The rules that must not match there.
    pub negatives: RuleSet<W>,
    /// Whether more rules were attempted at one position than the tracker
    /// keeps (their names are missing from the sets).
    pub overflowed: bool,
}

/// pest's error tracking (`ParserState::track`), for the error pass of the
/// generated code: every tracked rule call is bracketed by [`enter`] and
/// [`leave`], in the contexts where pest tracks it.
///
/// [`enter`]: Tracker::enter
/// [`leave`]: Tracker::leave
#[derive(Clone, Copy, Debug)]
pub struct Tracker {
    attempt_pos: usize,
    pos: Attempts,
    neg: Attempts,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker {
            attempt_pos: 0,
            pos: Attempts::EMPTY,
            neg: Attempts::EMPTY,
        }
    }
}

impl Tracker {
    fn attempts_at(&self, p: usize) -> usize {
        if self.attempt_pos == p {
            self.pos.len + self.neg.len
        } else {
            0
        }
    }

    /// Called when a tracked rule starts at `p`.
    #[inline]
    pub fn enter(&self, p: usize) -> Mark {
        let (pos_index, neg_index) = if p == self.attempt_pos {
            (self.pos.len, self.neg.len)
        } else {
            (0, 0)
        };
        Mark {
            pos_index,
            neg_index,
            attempts: self.attempts_at(p),
        }
    }

    /// Called when the rule `id` that started at `p` (with `mark`) ends,
    /// matched or not, in lookahead state `look`.
    #[inline]
    pub fn leave(&mut self, mark: Mark, id: u16, p: usize, look: Look, matched: bool) {
        // pest tracks failures, and successes inside a negative lookahead.
        if matched == (look == Look::Negative) {
            self.track(mark, id, p, look);
        }
    }

    // Out of line: every tracked call site of the generated error passes
    // calls it, and a copy at each would be most of their code.
    #[inline(never)]
    fn track(&mut self, mark: Mark, id: u16, p: usize, look: Look) {
        // Nested rules that added exactly one attempt here stand for this
        // one; otherwise this rule replaces what they added.
        let now = self.attempts_at(p);
        if now > mark.attempts && now - mark.attempts == 1 {
            return;
        }
        if p == self.attempt_pos {
            self.pos.truncate(mark.pos_index);
            self.neg.truncate(mark.neg_index);
        }
        if p > self.attempt_pos {
            self.pos = Attempts::EMPTY;
            self.neg = Attempts::EMPTY;
            self.attempt_pos = p;
        }
        if p == self.attempt_pos {
            if look == Look::Negative {
                self.neg.push(id);
            } else {
                self.pos.push(id);
            }
        }
    }

    /// The failure pest would report.
    pub fn failure<const W: usize>(&self) -> Failure<W> {
        Failure {
            pos: self.attempt_pos,
            positives: self.pos.set(),
            negatives: self.neg.set(),
            overflowed: self.pos.len > ATTEMPTS || self.neg.len > ATTEMPTS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_the_imported_table_then_their_own() {
        static IMPORTED: [&str; 3] = ["EOI", "a", "b"];
        let names = Names {
            imported: &IMPORTED,
            shared: 2,
            own: "cdd",
            ends: &[1, 3],
        };
        assert_eq!(names.len(), 4);
        assert!(!names.is_empty());
        let all = [0, 1, 2, 3, 4].map(|id| names.get(id));
        assert_eq!(all, [Some("EOI"), Some("a"), Some("c"), Some("dd"), None]);
    }

    #[test]
    fn slots_record_the_first_match_and_its_continuations() {
        let mut slot = Slot::NONE;
        assert!(!slot.is_some());
        put(&mut slot, 2, 4);
        put(&mut slot, 4, 5);
        put(&mut slot, 7, 9);
        assert_eq!(slot.get(), Some((2, 5)));
    }

    #[test]
    fn runs_give_each_repetition_its_count_and_match_once_per_start() {
        // The body: one digit and a comma.
        let s = b"1,2,3,x";
        let calls = core::cell::Cell::new(0);
        let step = |p: usize| {
            calls.set(calls.get() + 1);
            (s.get(p).is_some_and(u8::is_ascii_digit) && s.get(p + 1) == Some(&b','))
                .then_some(p + 2)
        };
        let mut runs = Runs::<5>::new();
        assert_eq!(runs.take(0, 4, step), (3, 6));
        assert_eq!(runs.take(0, 2, step), (2, 4));
        assert_eq!(runs.take(0, 0, step), (0, 0));
        assert_eq!(calls.get(), 4, "three matches and the failure, once");
        // Another start runs again.
        assert_eq!(runs.take(2, 4, step), (2, 6));
        assert_eq!(runs.take(2, 1, step), (1, 4));
        assert_eq!(calls.get(), 7);
        assert_eq!(runs.take(6, 4, step), (0, 6));
        assert_eq!(calls.get(), 8);
        // The run stops at `N - 1` matches.
        let mut short = Runs::<3>::new();
        assert_eq!(short.take(0, 9, step), (2, 4));
    }

    #[test]
    fn scans_stop_at_the_first_byte_outside_the_table() {
        static DIGITS: [bool; 256] = table(&[(b'0', b'9')]);
        assert_eq!(scan(b"12345678x", 0, &DIGITS), 8);
        assert_eq!(scan(b"12x", 1, &DIGITS), 2);
        assert_eq!(scan(b"", 0, &DIGITS), 0);
        assert_eq!(scan(b"1234", 0, &DIGITS), 4);
    }

    #[test]
    fn bounded_runs_stop_at_the_bound_and_at_the_class() {
        static HEX: [bool; 256] = table(&[(b'0', b'9'), (b'a', b'f')]);
        assert_eq!(run_upto::<4>(b"12345", 0, &HEX), 4);
        assert_eq!(run_upto::<4>(b"1x2", 0, &HEX), 1);
        assert_eq!(run_upto::<4>(b"a1", 0, &HEX), 2);
        assert_eq!(run_upto::<4>(b"a1", 2, &HEX), 0);
        assert_eq!(run_upto::<4>(b"x", 0, &HEX), 0);
    }

    #[test]
    fn rule_sets_iterate_in_order() {
        let mut set = RuleSet::<2>::EMPTY;
        assert!(set.is_empty());
        for id in [70, 3, 64, 3] {
            set.insert(id);
        }
        assert!(set.iter().eq([3, 64, 70]));
        assert!(set.contains(64) && !set.contains(65));
        // Out of range: ignored, never a panic.
        set.insert(500);
        assert!(!set.contains(500));
    }

    /// A rule that fails after one child failed at the same spot: the
    /// child stands for it. With two failed children, the parent replaces
    /// them. A later position clears earlier attempts.
    #[test]
    fn tracking_follows_pest() {
        let mut t = Tracker::default();
        let parent = t.enter(0);
        let child = t.enter(0);
        t.leave(child, 1, 0, Look::Affirmative, false);
        t.leave(parent, 2, 0, Look::Affirmative, false);
        assert!(t.failure::<1>().positives.iter().eq([1]));

        let mut t = Tracker::default();
        let parent = t.enter(0);
        for id in [1, 3] {
            let child = t.enter(0);
            t.leave(child, id, 0, Look::Affirmative, false);
        }
        t.leave(parent, 2, 0, Look::Affirmative, false);
        assert!(t.failure::<1>().positives.iter().eq([2]));

        let later = t.enter(5);
        t.leave(later, 4, 5, Look::Affirmative, false);
        let failure = t.failure::<1>();
        assert_eq!(failure.pos, 5);
        assert!(failure.positives.iter().eq([4]));

        // Inside a negative lookahead, a match is tracked (as a negative)
        // and a failure is not.
        let mut t = Tracker::default();
        let m = t.enter(0);
        t.leave(m, 6, 0, Look::Negative, false);
        let m = t.enter(0);
        t.leave(m, 7, 0, Look::Negative, true);
        let failure = t.failure::<1>();
        assert!(failure.positives.is_empty());
        assert!(failure.negatives.iter().eq([7]));
    }

    #[test]
    fn tracking_past_the_capacity_keeps_counting() {
        let mut t = Tracker::default();
        for id in 0..(ATTEMPTS as u16 + 5) {
            let m = t.enter(0);
            t.leave(m, id, 0, Look::Affirmative, false);
        }
        let failure = t.failure::<2>();
        assert!(failure.overflowed);
        assert_eq!(failure.positives.iter().count(), ATTEMPTS);
    }
}
