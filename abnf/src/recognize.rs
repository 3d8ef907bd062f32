//! An Earley recognizer: ABNF run as a context-free grammar, every
//! alternative at once.
//!
//! The grammar is compiled to plain productions over character-set
//! terminals: a choice nested in a rule, a group and each repetition get
//! a nonterminal of their own; `m*n x` is `m` copies of `x` followed by a
//! chain of `n - m` optional copies, `m*x` by `m` copies and a
//! left-recursive star (`S = ε / S x`, which Earley runs in linear time);
//! a case-insensitive string is a sequence of two-letter sets. Empty
//! derivations are handled as Aycock and Horspool's "Practical Earley
//! Parsing" (2002) does: predicting a nullable nonterminal also steps over
//! it. Each state set is kept only as the items waiting for a
//! nonterminal, sorted, which is what completion looks up.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::grammar::{CharSet, Error, Grammar, Node};

/// The most copies one repetition is expanded to (`m` and `n - m` each).
pub const MAX_REPEAT_EXPANSION: u32 = 10_000;
/// The most symbols the compiled productions may hold in all.
pub const MAX_SYMBOLS: usize = 2_000_000;

const TERMINAL: u32 = 1 << 31;

/// A character-set terminal: ASCII by bitmap, the rest by ranges.
struct Terminal {
    ascii: u128,
    set: CharSet,
}

impl Terminal {
    fn new(set: CharSet) -> Self {
        let mut ascii = 0u128;
        for c in 0..128u32 {
            if char::from_u32(c).is_some_and(|ch| set.contains(ch)) {
                ascii |= 1 << c;
            }
        }
        Terminal { ascii, set }
    }

    fn matches(&self, c: char) -> bool {
        let v = c as u32;
        if v < 128 {
            self.ascii & (1 << v) != 0
        } else {
            self.set.contains(c)
        }
    }
}

/// A fast hasher for the item keys (two packed u32s).
#[derive(Default)]
struct ItemHasher(u64);

impl Hasher for ItemHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type ItemSet = HashSet<u64, BuildHasherDefault<ItemHasher>>;

/// An Earley recognizer for every rule of a [`Grammar`].
///
/// ```
/// use peguri_abnf::{Grammar, Recognizer};
///
/// let grammar = Grammar::rfc3986();
/// let recognizer = Recognizer::new(&grammar).unwrap();
/// let uri = grammar.find_rule("URI-reference").unwrap();
/// assert!(recognizer.recognize(uri, "http://[::1]:80/a?b#c"));
/// assert!(!recognizer.recognize(uri, "http://[::1/"));
/// ```
pub struct Recognizer {
    /// Per dotted position (an LR(0) item): the symbol after the dot, or
    /// `u32::MAX` at the end of its production.
    next: Vec<u32>,
    /// Per dotted position: the production's left-hand side.
    lhs: Vec<u32>,
    /// Per nonterminal: the first dotted position of each production.
    starts: Vec<Vec<u32>>,
    nullable: Vec<bool>,
    terminals: Vec<Terminal>,
    /// Per rule: the first dotted position of the production of each
    /// top-level alternative.
    alternatives: Vec<Vec<u32>>,
}

/// The productions being built.
struct Builder {
    /// Per nonterminal: its productions.
    productions: Vec<Vec<Vec<u32>>>,
    terminals: Vec<CharSet>,
    symbols: usize,
}

impl Builder {
    fn nonterminal(&mut self) -> u32 {
        self.productions.push(Vec::new());
        (self.productions.len() - 1) as u32
    }

    fn add(&mut self, lhs: u32, rhs: Vec<u32>) -> Result<(), Error> {
        self.symbols += rhs.len() + 1;
        if self.symbols > MAX_SYMBOLS {
            return Err(Error::new(format!(
                "the grammar expands to more than {MAX_SYMBOLS} symbols, more than is run"
            )));
        }
        self.productions[lhs as usize].push(rhs);
        Ok(())
    }

    fn terminal(&mut self, set: &CharSet) -> u32 {
        let index = match self.terminals.iter().position(|t| t == set) {
            Some(i) => i,
            None => {
                self.terminals.push(set.clone());
                self.terminals.len() - 1
            }
        };
        TERMINAL | index as u32
    }

    /// `node` as one symbol.
    fn symbol(&mut self, node: &Node, rule: &str) -> Result<u32, Error> {
        match node {
            Node::Rule(i) => Ok(*i as u32),
            Node::Chars { set, .. } => Ok(self.terminal(set)),
            Node::Alt { alternatives, .. } => {
                let nt = self.nonterminal();
                for alternative in alternatives {
                    let rhs = self.sequence(alternative, rule)?;
                    self.add(nt, rhs)?;
                }
                Ok(nt)
            }
            other => {
                let nt = self.nonterminal();
                let rhs = self.sequence(other, rule)?;
                self.add(nt, rhs)?;
                Ok(nt)
            }
        }
    }

    /// `node` as a sequence of symbols.
    fn sequence(&mut self, node: &Node, rule: &str) -> Result<Vec<u32>, Error> {
        Ok(match node {
            Node::Seq(nodes) => {
                let mut out = Vec::new();
                for n in nodes {
                    out.extend(self.sequence(n, rule)?);
                }
                out
            }
            Node::Empty => Vec::new(),
            // Prose matches nothing: a nonterminal without productions.
            Node::Prose => vec![self.nonterminal()],
            Node::Repeat { min, max, node, .. } => {
                let too_many = |n: u32| {
                    Error::new(format!(
                        "the rule \"{rule}\" repeats something {n} times, more than the {MAX_REPEAT_EXPANSION} \
                         the recognizer expands"
                    ))
                };
                if *min > MAX_REPEAT_EXPANSION {
                    return Err(too_many(*min));
                }
                let item = self.symbol(node, rule)?;
                let mut out = vec![item; *min as usize];
                match max {
                    None => {
                        let star = self.nonterminal();
                        self.add(star, Vec::new())?;
                        self.add(star, vec![star, item])?;
                        out.push(star);
                    }
                    Some(max) => {
                        let optional = max - min;
                        if optional > MAX_REPEAT_EXPANSION {
                            return Err(too_many(*max));
                        }
                        let mut tail: Option<u32> = None;
                        for _ in 0..optional {
                            let nt = self.nonterminal();
                            self.add(nt, Vec::new())?;
                            let mut rhs = vec![item];
                            rhs.extend(tail);
                            self.add(nt, rhs)?;
                            tail = Some(nt);
                        }
                        out.extend(tail);
                    }
                }
                out
            }
            other => vec![self.symbol(other, rule)?],
        })
    }
}

impl Recognizer {
    /// Compiles every rule of `grammar`. Fails only when a repetition or
    /// the whole grammar expands past [`MAX_REPEAT_EXPANSION`] or
    /// [`MAX_SYMBOLS`]. A prose value matches nothing.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::from_abnf("a = 100000\"x\"\n").unwrap();
    /// assert!(peguri_abnf::Recognizer::new(&grammar).is_err());
    /// ```
    pub fn new(grammar: &Grammar) -> Result<Recognizer, Error> {
        let rules = grammar.nodes.len();
        let mut builder = Builder {
            productions: vec![Vec::new(); rules],
            terminals: Vec::new(),
            symbols: 0,
        };
        let mut alternative_productions = Vec::with_capacity(rules);
        for (i, node) in grammar.nodes.iter().enumerate() {
            let name = &grammar.rule(i).name;
            let top: Vec<&Node> = match node {
                Node::Alt { alternatives, .. } => alternatives.iter().collect(),
                other => vec![other],
            };
            let mut numbers = Vec::with_capacity(top.len());
            for alternative in top {
                let rhs = builder.sequence(alternative, name)?;
                numbers.push(builder.productions[i].len());
                builder.add(i as u32, rhs)?;
            }
            alternative_productions.push(numbers);
        }

        let nonterminals = builder.productions.len();
        let mut nullable = vec![false; nonterminals];
        loop {
            let mut more = false;
            for (nt, productions) in builder.productions.iter().enumerate() {
                if !nullable[nt]
                    && productions.iter().any(|rhs| {
                        rhs.iter()
                            .all(|&s| s & TERMINAL == 0 && nullable[s as usize])
                    })
                {
                    nullable[nt] = true;
                    more = true;
                }
            }
            if !more {
                break;
            }
        }

        let mut next = Vec::with_capacity(builder.symbols);
        let mut lhs = Vec::with_capacity(builder.symbols);
        let mut starts = vec![Vec::new(); nonterminals];
        for (nt, productions) in builder.productions.iter().enumerate() {
            for rhs in productions {
                starts[nt].push(next.len() as u32);
                for &s in rhs {
                    next.push(s);
                    lhs.push(nt as u32);
                }
                next.push(u32::MAX);
                lhs.push(nt as u32);
            }
        }
        let alternatives = alternative_productions
            .into_iter()
            .enumerate()
            .map(|(rule, numbers)| numbers.into_iter().map(|p| starts[rule][p]).collect())
            .collect();
        Ok(Recognizer {
            next,
            lhs,
            starts,
            nullable,
            terminals: builder.terminals.into_iter().map(Terminal::new).collect(),
            alternatives,
        })
    }

    /// Whether the rule at `rule` (an index of the grammar's rules) derives
    /// all of `input`.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3986();
    /// let recognizer = peguri_abnf::Recognizer::new(&grammar).unwrap();
    /// let octet = grammar.find_rule("dec-octet").unwrap();
    /// assert!(recognizer.recognize(octet, "255"));
    /// assert!(!recognizer.recognize(octet, "256"));
    /// ```
    pub fn recognize(&self, rule: usize, input: &str) -> bool {
        self.alternatives
            .get(rule)
            .is_some_and(|starts| self.run(starts, input))
    }

    /// Whether the rule's top-level alternative `alternative` (0-based, as
    /// [`Grammar::alternatives`] lists them) derives all of `input`: where
    /// several do, the ABNF is ambiguous there.
    ///
    /// ```
    /// let grammar = peguri_abnf::Grammar::rfc3986();
    /// let recognizer = peguri_abnf::Recognizer::new(&grammar).unwrap();
    /// let host = grammar.find_rule("host").unwrap();
    /// // IP-literal / IPv4address / reg-name: an IPv4 address is a reg-name too.
    /// let which: Vec<bool> = (0..3)
    ///     .map(|k| recognizer.recognize_alternative(host, k, "192.0.2.1"))
    ///     .collect();
    /// assert_eq!(which, [false, true, true]);
    /// ```
    pub fn recognize_alternative(&self, rule: usize, alternative: usize, input: &str) -> bool {
        self.alternatives
            .get(rule)
            .and_then(|starts| starts.get(alternative))
            .is_some_and(|&start| self.run(&[start], input))
    }

    /// Earley's algorithm from the productions whose first dotted
    /// positions are `starts`, over all of `input`.
    fn run(&self, starts: &[u32], input: &str) -> bool {
        let chars: Vec<char> = input.chars().collect();
        let n = chars.len();
        // Per finished set: (nonterminal, dotted position, origin) of the
        // items waiting for that nonterminal, sorted by nonterminal.
        let mut waiting: Vec<Vec<(u32, u32, u32)>> = Vec::with_capacity(n + 1);
        let mut current: Vec<(u32, u32)> = starts.iter().map(|&s| (s, 0)).collect();
        let mut seen = ItemSet::default();
        seen.extend(current.iter().map(|&(p, o)| key(p, o)));
        let mut next_seen = ItemSet::default();
        let mut predicted: Vec<u32> = Vec::new();
        let mut is_predicted = vec![false; self.starts.len()];
        for j in 0..=n {
            let mut following: Vec<(u32, u32)> = Vec::new();
            let mut here: Vec<(u32, u32, u32)> = Vec::new();
            let c = chars.get(j).copied();
            let mut k = 0;
            while k < current.len() {
                let (position, origin) = current[k];
                k += 1;
                let symbol = self.next[position as usize];
                if symbol == u32::MAX {
                    let lhs = self.lhs[position as usize];
                    let mut advance = |p: u32, o: u32, current: &mut Vec<(u32, u32)>| {
                        if seen.insert(key(p + 1, o)) {
                            current.push((p + 1, o));
                        }
                    };
                    if origin as usize == j {
                        let matching: Vec<(u32, u32)> = here
                            .iter()
                            .filter(|w| w.0 == lhs)
                            .map(|w| (w.1, w.2))
                            .collect();
                        for (p, o) in matching {
                            advance(p, o, &mut current);
                        }
                    } else {
                        let list = &waiting[origin as usize];
                        let from = list.partition_point(|w| w.0 < lhs);
                        for w in list[from..].iter().take_while(|w| w.0 == lhs) {
                            advance(w.1, w.2, &mut current);
                        }
                    }
                } else if symbol & TERMINAL != 0 {
                    let terminal = &self.terminals[(symbol & !TERMINAL) as usize];
                    if c.is_some_and(|c| terminal.matches(c))
                        && next_seen.insert(key(position + 1, origin))
                    {
                        following.push((position + 1, origin));
                    }
                } else {
                    here.push((symbol, position, origin));
                    let nt = symbol as usize;
                    if !is_predicted[nt] {
                        is_predicted[nt] = true;
                        predicted.push(symbol);
                        for &start in &self.starts[nt] {
                            if seen.insert(key(start, j as u32)) {
                                current.push((start, j as u32));
                            }
                        }
                    }
                    if self.nullable[nt] && seen.insert(key(position + 1, origin)) {
                        current.push((position + 1, origin));
                    }
                }
            }
            if j == n {
                return current.iter().any(|&(position, origin)| {
                    origin == 0
                        && self.next[position as usize] == u32::MAX
                        && starts.iter().any(|&s| self.ends(s) == position)
                });
            }
            if following.is_empty() {
                return false;
            }
            here.sort_unstable_by_key(|w| w.0);
            waiting.push(here);
            for nt in predicted.drain(..) {
                is_predicted[nt as usize] = false;
            }
            current = following;
            std::mem::swap(&mut seen, &mut next_seen);
            next_seen.clear();
        }
        false
    }

    /// The dotted position at the end of the production starting at `start`.
    fn ends(&self, start: u32) -> u32 {
        let mut p = start;
        while self.next[p as usize] != u32::MAX {
            p += 1;
        }
        p
    }
}

fn key(position: u32, origin: u32) -> u64 {
    (u64::from(position) << 32) | u64::from(origin)
}
