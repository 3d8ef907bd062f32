//! The recognizer generator: a pest grammar in, plain Rust matching code out.
//!
//! `build.rs` runs it on `uri.pest`; `tests/codegen.rs` compiles this same
//! file to test it on small grammars. It reads the grammar with pest_meta
//! (pest's own front end, so the rules are exactly what pest_derive sees) and
//! writes one function per rule with pest's semantics:
//!
//! - ordered choice: the first alternative that matches wins;
//! - repetitions (`?`, `*`, `+`, `{n}`, `{m,}`, `{,n}`, `{m,n}`) are greedy
//!   and never give back what they took;
//! - `&e` and `!e` look ahead without consuming;
//! - strings, case-insensitive strings (ASCII folding, as pest), character
//!   ranges, `SOI`, `EOI`, `ANY` and the ASCII built-in classes.
//!
//! Expressions that match exactly one byte from a set (character ranges,
//! one-byte strings, choices of those, rules made of those) become 256-entry
//! tables, and a repetition of such a class becomes a tight loop. In a
//! choice, a class alternative is merged into an earlier class alternative
//! when every alternative in between can neither match empty nor start with
//! one of its bytes, which does not change what the choice matches.
//!
//! A call of a rule that records nothing and whose body is a choice is
//! replaced by its alternatives there, so classes merge across rules
//! (`pchar | "/" | "?"` is one table and `pct_encoded`). A choice that
//! cannot match empty first checks the next byte against the bytes its
//! alternatives can start with. `(a ~ b*)*` is matched as
//! `(a ~ (b | a)*)?` (both try `b`, then `a`, at every position), so
//! `("/" ~ segment)*` is one scan over a path rather than one per segment.
//!
//! Matching works on the input's bytes: a position is a `usize`, a match is
//! `Option<usize>` (the end). Nothing is allocated. Recorded spans are kept
//! as two `u32` halves of a `u64`, so the `match_*` functions refuse inputs
//! of 4 GiB or more (the caller falls back to pest).
//!
//! Recording: for a configured list of rules, the generated code records
//! where the rule matched, exactly where pest would have produced a token
//! for it (not inside atomic `@` rules unless re-enabled by `$`/`!`, never
//! inside a lookahead, never for silent rules). Each recorded rule has a
//! field in a small `Copy` struct `Rec`: the span of its first match, and
//! matches that continue that span right where it ended extend it (so
//! `HEXDIG+` records the whole run). Whatever continues after a failed
//! alternative or a failed repetition step first restores the fields that
//! the failed part could have touched, so records never survive
//! backtracking.
//!
//! Anything else (the stack: `PUSH`, `POP`, `PEEK`...; Unicode classes;
//! non-ASCII ranges; implicit `WHITESPACE`/`COMMENT`) is an error naming the
//! rule and the construct, so an unsupported grammar fails the build rather
//! than being matched differently.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct Config<'a> {
    /// Rules whose spans are recorded (each becomes a field of `Rec`).
    pub record: &'a [&'a str],
    /// Rules that get a public `match_<rule>` function, matched from the
    /// start of the input.
    pub entries: &'a [&'a str],
}

/// A byte set.
type Set = [bool; 256];

/// Where an expression is matched, as far as tokens go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    /// Tokens are produced (non-atomic or compound-atomic context).
    Tokens,
    /// Inside an atomic rule: no tokens, except under a `$` or `!` rule.
    Atomic,
    /// Inside a lookahead: never any tokens.
    Quiet,
}

/// Built-in rules that are byte classes.
fn builtin_class(name: &str) -> Option<Set> {
    let ranges: &[(u8, u8)] = match name {
        "ASCII_DIGIT" => &[(b'0', b'9')],
        "ASCII_NONZERO_DIGIT" => &[(b'1', b'9')],
        "ASCII_BIN_DIGIT" => &[(b'0', b'1')],
        "ASCII_OCT_DIGIT" => &[(b'0', b'7')],
        "ASCII_HEX_DIGIT" => &[(b'0', b'9'), (b'a', b'f'), (b'A', b'F')],
        "ASCII_ALPHA_LOWER" => &[(b'a', b'z')],
        "ASCII_ALPHA_UPPER" => &[(b'A', b'Z')],
        "ASCII_ALPHA" => &[(b'a', b'z'), (b'A', b'Z')],
        "ASCII_ALPHANUMERIC" => &[(b'a', b'z'), (b'A', b'Z'), (b'0', b'9')],
        "ASCII" => &[(0, 0x7f)],
        _ => return None,
    };
    let mut set = [false; 256];
    for &(lo, hi) in ranges {
        for b in lo..=hi {
            set[usize::from(b)] = true;
        }
    }
    Some(set)
}

/// Built-in rules that are matched by position or as one character.
const POSITIONAL: &[&str] = &["SOI", "EOI", "ANY"];

/// Parses `grammar` with pest_meta and generates the recognizer source.
///
/// # Errors
///
/// A message naming the rule and the construct when the grammar does not
/// parse, or uses something the generator does not support, or when the
/// configuration names a rule the grammar lacks.
pub fn generate(grammar: &str, config: &Config<'_>) -> Result<String, String> {
    let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, grammar)
        .map_err(|e| format!("the grammar does not parse:\n{e}"))?;
    if let Err(errors) = pest_meta::validator::validate_pairs(pairs.clone()) {
        return Err(join_errors(&errors));
    }
    let rules = pest_meta::parser::consume_rules(pairs).map_err(|errors| join_errors(&errors))?;
    Generator::new(&rules, config)?.run(config)
}

fn join_errors<E: std::fmt::Display>(errors: &[E]) -> String {
    let mut out = String::from("the grammar is invalid:");
    for e in errors {
        let _ = write!(out, "\n{e}");
    }
    out
}

/// One alternative of a choice: a merged class, or another expression with
/// the mode it is matched in.
enum Group {
    Class(Box<Set>, String),
    Other(Expr, Mode),
}

struct Generator<'g> {
    rules: BTreeMap<&'g str, &'g AstRule>,
    record: Vec<String>,
    /// First bytes and nullability of each rule (over-approximations).
    first: BTreeMap<&'g str, (Set, bool)>,
    /// Tables emitted so far: the set and its name.
    tables: Vec<(Set, String, String)>,
    /// Generated functions by name, and the queue of those to generate.
    funcs: BTreeMap<String, String>,
    queue: Vec<(String, &'g str, Mode)>,
    labels: usize,
}

impl<'g> Generator<'g> {
    fn new(rules: &'g [AstRule], config: &Config<'_>) -> Result<Self, String> {
        let mut map = BTreeMap::new();
        for rule in rules {
            map.insert(rule.name.as_str(), rule);
        }
        for name in ["WHITESPACE", "COMMENT"] {
            if map.contains_key(name) {
                return Err(format!(
                    "rule `{name}`: implicit whitespace and comments are not supported by the recognizer generator"
                ));
            }
        }
        for rule in rules {
            check_supported(&rule.name, &rule.expr, &|name| map.contains_key(name))?;
        }
        for name in config.record.iter().chain(config.entries) {
            if !map.contains_key(name) {
                return Err(format!(
                    "rule `{name}` is named in the generator configuration but the grammar has no such rule"
                ));
            }
        }
        let mut generator = Generator {
            rules: map,
            record: config.record.iter().map(|s| (*s).to_owned()).collect(),
            first: BTreeMap::new(),
            tables: Vec::new(),
            funcs: BTreeMap::new(),
            queue: Vec::new(),
            labels: 0,
        };
        generator.compute_first();
        Ok(generator)
    }

    fn run(mut self, config: &Config<'_>) -> Result<String, String> {
        let mut entries = String::new();
        for entry in config.entries {
            let call = self.call(entry, Mode::Tokens, "0");
            let _ = write!(
                entries,
                "\n/// Matches `{entry}` at the start of `s`: the end of the match, with the\n\
                 /// records in `rec` (which should start as `Rec::default()`).\n\
                 #[allow(dead_code, non_snake_case)]\n\
                 #[inline]\n\
                 pub(crate) fn match_{entry}(s: &[u8], rec: &mut Rec) -> Option<usize> {{\n    \
                 if s.len() >= u32::MAX as usize {{\n        return None;\n    }}\n    \
                 {call}\n}}\n"
            );
        }
        while let Some((name, rule, mode)) = self.queue.pop() {
            if self.funcs.contains_key(&name) {
                continue;
            }
            // Reserve the name first: a recursive rule calls itself.
            self.funcs.insert(name.clone(), String::new());
            let code = self.function(&name, rule, mode);
            self.funcs.insert(name, code);
        }

        let mut out = String::new();
        out.push_str(
            "// @generated by build/codegen.rs from a pest grammar. Do not edit.\n\n\
             /// Where a recorded rule matched: a span of the input, or none, packed in\n\
             /// one `u64` (start in the high half, end in the low half) so that `Rec`\n\
             /// stays small and every access is one whole word. The `match_*`\n\
             /// functions refuse inputs of `u32::MAX` bytes or more.\n\
             #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
             pub(crate) struct Slot(u64);\n\n\
             impl Slot {\n    \
             /// No match recorded.\n    \
             pub(crate) const NONE: Slot = Slot(u64::MAX);\n\n    \
             /// The span, if the rule matched.\n    \
             #[inline]\n    \
             pub(crate) fn get(self) -> Option<(usize, usize)> {\n        \
             if self.0 == u64::MAX { None } else { Some(((self.0 >> 32) as usize, (self.0 & 0xffff_ffff) as usize)) }\n    \
             }\n\n    \
             /// Whether the rule matched.\n    \
             #[inline]\n    \
             pub(crate) fn is_some(self) -> bool {\n        \
             self.0 != u64::MAX\n    \
             }\n}\n\n\
             /// Where the recorded rules matched: each one's first match, extended by\n\
             /// matches that continue it.\n\
             #[allow(non_snake_case, dead_code)]\n\
             #[derive(Clone, Copy, Debug, PartialEq, Eq)]\n\
             pub(crate) struct Rec {\n",
        );
        for name in &self.record {
            let _ = writeln!(out, "    pub {name}: Slot,");
        }
        let _ = write!(
            out,
            "}}\n\nimpl Default for Rec {{\n    fn default() -> Self {{\n        Rec {{ "
        );
        for name in &self.record {
            let _ = write!(out, "{name}: Slot::NONE, ");
        }
        let _ = write!(
            out,
            "}}\n    }}\n}}\n\nimpl Rec {{\n    \
             /// Each recorded rule's name and span, in configuration order.\n    \
             #[allow(dead_code)]\n    \
             pub(crate) fn fields(&self) -> [(&'static str, Option<(usize, usize)>); {}] {{\n        [",
            self.record.len()
        );
        for name in &self.record {
            let _ = write!(out, "(\"{name}\", self.{name}.get()), ");
        }
        out.push_str("]\n    }\n}\n");
        out.push_str(
            "\n\
             /// Records a match of a rule at `start..end` (both below `u32::MAX`).\n\
             #[inline(always)]\n\
             fn put(slot: &mut Slot, start: usize, end: usize) {\n    \
             if slot.0 == u64::MAX {\n        \
             slot.0 = ((start as u64) << 32) | end as u64;\n    \
             } else if (slot.0 & 0xffff_ffff) as usize == start {\n        \
             slot.0 = (slot.0 & !0xffff_ffff) | end as u64;\n    \
             }\n}\n\n\
             /// A 256-entry byte table from inclusive ranges.\n\
             #[allow(dead_code)]\n\
             const fn table(ranges: &[(u8, u8)]) -> [bool; 256] {\n    \
             let mut t = [false; 256];\n    \
             let mut i = 0;\n    \
             while i < ranges.len() {\n        \
             let (lo, hi) = ranges[i];\n        \
             let mut b = lo as usize;\n        \
             while b <= hi as usize {\n            \
             t[b] = true;\n            \
             b += 1;\n        \
             }\n        \
             i += 1;\n    \
             }\n    \
             t\n}\n\n\
             /// The end of the run of bytes in `t` from `p`. (Eight bytes at a time\n\
             /// measured slower: most runs in URIs are short.)\n\
             #[allow(dead_code)]\n\
             #[inline(always)]\n\
             fn scan(s: &[u8], mut p: usize, t: &[bool; 256]) -> usize {\n    \
             while let Some(&[a, b, c, d]) = s.get(p..p + 4) {\n        \
             if !t[usize::from(a)] {\n            return p;\n        }\n        \
             if !t[usize::from(b)] {\n            return p + 1;\n        }\n        \
             if !t[usize::from(c)] {\n            return p + 2;\n        }\n        \
             if !t[usize::from(d)] {\n            return p + 3;\n        }\n        \
             p += 4;\n    \
             }\n    \
             while let Some(&b) = s.get(p) {\n        \
             if t[usize::from(b)] {\n            \
             p += 1;\n        \
             } else {\n            \
             break;\n        \
             }\n    \
             }\n    \
             p\n}\n\n\
             /// The length of the UTF-8 character starting with byte `b`.\n\
             #[allow(dead_code)]\n\
             #[inline(always)]\n\
             fn char_len(b: u8) -> usize {\n    \
             if b < 0x80 { 1 } else if b < 0xE0 { 2 } else if b < 0xF0 { 3 } else { 4 }\n}\n",
        );
        for (set, name, origin) in &self.tables {
            let _ = write!(
                out,
                "\n/// {origin}\nstatic {name}: [bool; 256] = table(&[{}]);\n",
                ranges_literal(set)
            );
        }
        out.push_str(&entries);
        for code in self.funcs.values() {
            out.push_str(code);
        }
        Ok(out)
    }

    // --- analysis -------------------------------------------------------

    fn compute_first(&mut self) {
        let names: Vec<&'g str> = self.rules.keys().copied().collect();
        for name in &names {
            self.first.insert(name, ([false; 256], false));
        }
        loop {
            let mut changed = false;
            for name in &names {
                let rule = self.rules[name];
                let new = self.first_of(&rule.expr);
                if self.first[name] != new {
                    self.first.insert(name, new);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The bytes a non-empty match can start with, and whether the
    /// expression can match the empty string (both over-approximated).
    fn first_of(&self, expr: &Expr) -> (Set, bool) {
        let all = [true; 256];
        let none = [false; 256];
        match expr {
            Expr::Str(s) | Expr::Insens(s) => match s.as_bytes().first() {
                None => (none, true),
                Some(&b) => {
                    let mut set = none;
                    set[usize::from(b)] = true;
                    if matches!(expr, Expr::Insens(_)) {
                        set[usize::from(b.to_ascii_lowercase())] = true;
                        set[usize::from(b.to_ascii_uppercase())] = true;
                    }
                    (set, false)
                }
            },
            Expr::Range(lo, hi) => match (ascii_char(lo), ascii_char(hi)) {
                (Some(lo), Some(hi)) => {
                    let mut set = none;
                    for b in lo..=hi {
                        set[usize::from(b)] = true;
                    }
                    (set, false)
                }
                _ => (all, false),
            },
            Expr::Ident(name) => {
                if let Some(set) = builtin_class(name) {
                    (set, false)
                } else if name == "ANY" {
                    (all, false)
                } else if let Some(f) = self.first.get(name.as_str()) {
                    *f
                } else {
                    (none, true)
                }
            }
            Expr::PosPred(_) | Expr::NegPred(_) => (none, true),
            Expr::Seq(a, b) => {
                let (fa, na) = self.first_of(a);
                if !na {
                    return (fa, false);
                }
                let (fb, nb) = self.first_of(b);
                (union(&fa, &fb), nb)
            }
            Expr::Choice(a, b) => {
                let (fa, na) = self.first_of(a);
                let (fb, nb) = self.first_of(b);
                (union(&fa, &fb), na || nb)
            }
            Expr::Opt(e) | Expr::Rep(e) | Expr::RepMax(e, _) => (self.first_of(e).0, true),
            Expr::RepOnce(e) => self.first_of(e),
            Expr::RepExact(e, n) | Expr::RepMin(e, n) | Expr::RepMinMax(e, n, _) => {
                let (f, nullable) = self.first_of(e);
                (f, nullable || *n == 0)
            }
            _ => (all, true),
        }
    }

    fn is_recorded(&self, name: &str) -> bool {
        self.record.iter().any(|r| r == name)
    }

    /// The mode a rule's body runs in when called in `caller`'s mode.
    fn body_mode(&self, rule: &AstRule, caller: Mode) -> Mode {
        match (caller, rule.ty) {
            (Mode::Quiet, _) => Mode::Quiet,
            (_, RuleType::Atomic) => Mode::Atomic,
            (_, RuleType::CompoundAtomic | RuleType::NonAtomic) => Mode::Tokens,
            (m, _) => m,
        }
    }

    /// Whether calling `rule` in `caller`'s mode produces its own token
    /// and it is recorded.
    fn own_token(&self, rule: &AstRule, caller: Mode) -> bool {
        let produces = match caller {
            Mode::Quiet => false,
            Mode::Tokens => true,
            Mode::Atomic => matches!(rule.ty, RuleType::CompoundAtomic | RuleType::NonAtomic),
        };
        produces && rule.ty != RuleType::Silent && self.is_recorded(&rule.name)
    }

    /// The recorded rules an expression can write, in `mode`.
    fn touched(&self, expr: &Expr, mode: Mode) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut seen = BTreeSet::new();
        self.touched_into(expr, mode, &mut out, &mut seen);
        out
    }

    fn touched_into<'a>(
        &'a self,
        expr: &'a Expr,
        mode: Mode,
        out: &mut BTreeSet<String>,
        seen: &mut BTreeSet<(&'a str, Mode)>,
    ) {
        if mode == Mode::Quiet {
            return;
        }
        match expr {
            Expr::Ident(name) => {
                if let Some(rule) = self.rules.get(name.as_str()) {
                    if !seen.insert((name.as_str(), mode)) {
                        return;
                    }
                    if self.own_token(rule, mode) {
                        out.insert(name.clone());
                    }
                    self.touched_into(&rule.expr, self.body_mode(rule, mode), out, seen);
                }
            }
            Expr::Seq(a, b) | Expr::Choice(a, b) => {
                self.touched_into(a, mode, out, seen);
                self.touched_into(b, mode, out, seen);
            }
            Expr::Opt(e)
            | Expr::Rep(e)
            | Expr::RepOnce(e)
            | Expr::RepExact(e, _)
            | Expr::RepMin(e, _)
            | Expr::RepMax(e, _)
            | Expr::RepMinMax(e, _, _) => self.touched_into(e, mode, out, seen),
            _ => {}
        }
    }

    fn rule_touched(&self, rule: &'g AstRule, mode: Mode) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.own_token(rule, mode) {
            out.insert(rule.name.clone());
        }
        out.extend(self.touched(&rule.expr, self.body_mode(rule, mode)));
        out
    }

    /// The byte set of an expression that always matches exactly one byte
    /// from a set (and records nothing in `mode`).
    fn class_of(&self, expr: &Expr, mode: Mode, depth: usize) -> Option<Set> {
        if depth > 64 {
            return None;
        }
        match expr {
            Expr::Str(s) if s.len() == 1 => {
                let mut set = [false; 256];
                set[usize::from(s.as_bytes()[0])] = true;
                Some(set)
            }
            Expr::Insens(s) if s.len() == 1 => {
                let b = s.as_bytes()[0];
                let mut set = [false; 256];
                set[usize::from(b.to_ascii_lowercase())] = true;
                set[usize::from(b.to_ascii_uppercase())] = true;
                Some(set)
            }
            Expr::Range(lo, hi) => {
                let (lo, hi) = (ascii_char(lo)?, ascii_char(hi)?);
                let mut set = [false; 256];
                for b in lo..=hi {
                    set[usize::from(b)] = true;
                }
                Some(set)
            }
            Expr::Choice(a, b) => Some(union(
                &self.class_of(a, mode, depth + 1)?,
                &self.class_of(b, mode, depth + 1)?,
            )),
            Expr::Ident(name) => {
                if let Some(set) = builtin_class(name) {
                    return Some(set);
                }
                let rule = self.rules.get(name.as_str())?;
                if !self.rule_touched(rule, mode).is_empty() {
                    return None;
                }
                self.class_of(&rule.expr, Mode::Quiet, depth + 1)
            }
            _ => None,
        }
    }

    // --- emission -------------------------------------------------------

    fn label(&mut self) -> usize {
        self.labels += 1;
        self.labels
    }

    /// The name of a table for `set`, emitting it if new.
    fn table(&mut self, set: &Set, origin: &str) -> String {
        if let Some((_, name, _)) = self.tables.iter().find(|(s, _, _)| s == set) {
            return name.clone();
        }
        let name = format!("T{}", self.tables.len());
        self.tables.push((*set, name.clone(), origin.to_owned()));
        name
    }

    /// Code testing whether the byte at `p` is in `set`: an `Option<usize>`.
    /// The code of one group of a choice or loop at position `p`, and the
    /// record fields it may write (to be restored if it fails).
    fn alternative(&mut self, group: &Group, p: &str) -> (String, BTreeSet<String>) {
        match group {
            Group::Class(set, origin) => (self.class_test(set, origin, p), BTreeSet::new()),
            Group::Other(e, m) => (self.emit(e, *m, p), self.touched(e, *m)),
        }
    }

    fn class_test(&mut self, set: &Set, origin: &str, p: &str) -> String {
        let members: Vec<usize> = (0..256).filter(|&b| set[b]).collect();
        if members.len() == 1 {
            return format!(
                "(if s.get({p}) == Some(&{}) {{ Some({p} + 1) }} else {{ None }})",
                byte_literal(members[0])
            );
        }
        let t = self.table(set, origin);
        format!(
            "(match s.get({p}) {{ Some(&b) if {t}[usize::from(b)] => Some({p} + 1), _ => None }})"
        )
    }

    /// A call of rule `name` in `mode` at position `p`.
    fn call(&mut self, name: &str, mode: Mode, p: &str) -> String {
        let rule = self.rules[name];
        let touched = self.rule_touched(rule, mode);
        if touched.is_empty() {
            let fname = format!("r_{name}");
            self.queue.push((fname.clone(), &rule.name, Mode::Quiet));
            format!("{fname}(s, {p})")
        } else {
            let suffix = match mode {
                Mode::Tokens => "t",
                Mode::Atomic => "a",
                Mode::Quiet => "q",
            };
            let fname = format!("r_{name}__{suffix}");
            self.queue.push((fname.clone(), &rule.name, mode));
            format!("{fname}(s, {p}, rec)")
        }
    }

    fn function(&mut self, fname: &str, name: &'g str, mode: Mode) -> String {
        let rule = self.rules[name];
        let body_mode = self.body_mode(rule, mode);
        let body = self.emit(&rule.expr, body_mode, "p");
        let doc = match mode {
            Mode::Quiet => format!("/// `{name}` ({:?} rule), recording nothing.", rule.ty),
            Mode::Tokens => format!(
                "/// `{name}` ({:?} rule), called where tokens are made.",
                rule.ty
            ),
            Mode::Atomic => format!(
                "/// `{name}` ({:?} rule), called inside an atomic rule.",
                rule.ty
            ),
        };
        if mode == Mode::Quiet {
            format!(
                "\n{doc}\n#[allow(non_snake_case, unused_labels, clippy::all)]\n#[inline]\n\
                 fn {fname}(s: &[u8], p: usize) -> Option<usize> {{\n    {body}\n}}\n"
            )
        } else {
            let record = if self.own_token(rule, mode) {
                format!("put(&mut rec.{name}, p, end);\n    ")
            } else {
                String::new()
            };
            format!(
                "\n{doc}\n#[allow(non_snake_case, unused_labels, clippy::all)]\n#[inline]\n\
                 fn {fname}(s: &[u8], p: usize, rec: &mut Rec) -> Option<usize> {{\n    \
                 let end = ({body})?;\n    {record}Some(end)\n}}\n"
            )
        }
    }

    /// Code for `expr` matched at position `p` in `mode`: an expression of
    /// type `Option<usize>` (the end of the match).
    fn emit(&mut self, expr: &Expr, mode: Mode, p: &str) -> String {
        if let Some(set) = self.class_of(expr, mode, 0) {
            return self.class_test(&set, &describe(expr), p);
        }
        match expr {
            Expr::Str(s) => {
                if s.is_empty() {
                    format!("Some({p})")
                } else {
                    format!(
                        "(if s.get({p}..{p} + {n}) == Some(&{lit}[..]) {{ Some({p} + {n}) }} else {{ None }})",
                        n = s.len(),
                        lit = bytes_literal(s)
                    )
                }
            }
            Expr::Insens(s) => format!(
                "(match s.get({p}..{p} + {n}) {{ Some(w) if w.eq_ignore_ascii_case(&{lit}) => Some({p} + {n}), _ => None }})",
                n = s.len(),
                lit = bytes_literal(s)
            ),
            Expr::Ident(name) => match name.as_str() {
                "SOI" => format!("(if {p} == 0 {{ Some({p}) }} else {{ None }})"),
                "EOI" => format!("(if {p} == s.len() {{ Some({p}) }} else {{ None }})"),
                "ANY" => format!("s.get({p}).map(|&b| {p} + char_len(b))"),
                _ => self.call(name, mode, p),
            },
            Expr::PosPred(e) => {
                let inner = self.emit(e, Mode::Quiet, p);
                format!("(if {inner}.is_some() {{ Some({p}) }} else {{ None }})")
            }
            Expr::NegPred(e) => {
                let inner = self.emit(e, Mode::Quiet, p);
                format!("(if {inner}.is_none() {{ Some({p}) }} else {{ None }})")
            }
            Expr::Seq(..) => {
                let mut items = Vec::new();
                flatten_seq(expr, &mut items);
                let l = self.label();
                let mut code = format!("('s{l}: {{\n let p = {p};\n");
                let last = items.len() - 1;
                for (i, item) in items.iter().enumerate() {
                    let e = self.emit(item, mode, "p");
                    if i == last {
                        let _ = write!(code, "{e}\n}})");
                    } else {
                        let _ = writeln!(
                            code,
                            "let p = match {e} {{ Some(q) => q, None => break 's{l} None }};"
                        );
                    }
                }
                code
            }
            Expr::Choice(..) => self.emit_choice(expr, mode, p),
            Expr::Opt(e) => self.emit_rep(e, mode, p, 0, Some(1)),
            Expr::Rep(e) => self.emit_rep(e, mode, p, 0, None),
            Expr::RepOnce(e) => self.emit_rep(e, mode, p, 1, None),
            Expr::RepExact(e, n) => self.emit_rep(e, mode, p, *n, Some(*n)),
            Expr::RepMin(e, n) => self.emit_rep(e, mode, p, *n, None),
            Expr::RepMax(e, n) => self.emit_rep(e, mode, p, 0, Some(*n)),
            Expr::RepMinMax(e, m, n) => self.emit_rep(e, mode, p, *m, Some(*n)),
            // `check_supported` rejected everything else before emission.
            _ => "None".to_owned(),
        }
    }

    /// The alternatives of a choice, in order, with class alternatives
    /// merged where that keeps the meaning. A call of a rule that records
    /// nothing and whose body is a choice is replaced by its alternatives,
    /// so classes merge across rule boundaries (`pchar | "/" | "?"`).
    fn choice_groups(&self, expr: &Expr, mode: Mode) -> Vec<Group> {
        let mut alts = Vec::new();
        self.flatten_alts(expr, mode, &mut alts, 0);
        let mut groups: Vec<Group> = Vec::new();
        for (alt, mode) in alts {
            let Some(set) = self.class_of(&alt, mode, 0) else {
                groups.push(Group::Other(alt, mode));
                continue;
            };
            // Move the class back past alternatives that cannot match where
            // it does, into the nearest class group.
            let mut target = None;
            for (i, g) in groups.iter().enumerate().rev() {
                match g {
                    Group::Class(..) => {
                        target = Some(i);
                        break;
                    }
                    Group::Other(e, _) => {
                        let (first, nullable) = self.first_of(e);
                        if nullable || intersects(&first, &set) {
                            break;
                        }
                    }
                }
            }
            match target.and_then(|i| groups.get_mut(i)) {
                Some(Group::Class(s, origin)) => {
                    **s = union(s, &set);
                    let _ = write!(origin, " | {}", describe(&alt));
                }
                _ => groups.push(Group::Class(Box::new(set), describe(&alt))),
            }
        }
        groups
    }

    fn flatten_alts(&self, expr: &Expr, mode: Mode, out: &mut Vec<(Expr, Mode)>, depth: usize) {
        match expr {
            Expr::Choice(a, b) => {
                self.flatten_alts(a, mode, out, depth);
                self.flatten_alts(b, mode, out, depth);
            }
            Expr::Ident(name) if depth < 16 => match self.rules.get(name.as_str()) {
                Some(rule)
                    if matches!(rule.expr, Expr::Choice(..))
                        && self.rule_touched(rule, mode).is_empty() =>
                {
                    self.flatten_alts(&rule.expr, Mode::Quiet, out, depth + 1);
                }
                _ => out.push((expr.clone(), mode)),
            },
            e => out.push((e.clone(), mode)),
        }
    }

    fn emit_choice(&mut self, expr: &Expr, mode: Mode, p: &str) -> String {
        let groups = self.choice_groups(expr, mode);
        let l = self.label();
        let mut code = format!("('c{l}: {{\n");
        let last = groups.len() - 1;
        for (i, g) in groups.iter().enumerate() {
            let (e, touched) = self.alternative(g, p);
            if i == last {
                let _ = write!(code, "{e}\n}})");
                break;
            }
            let (save, restore) = save_restore(&touched, l, i);
            let _ = writeln!(
                code,
                "{save}if let Some(q) = {e} {{ break 'c{l} Some(q); }} {restore}"
            );
        }
        // A choice that cannot match empty fails at once on a byte that
        // no alternative starts with.
        let (first, nullable) = self.first_of(expr);
        if !nullable && groups.len() > 1 {
            let t = self.table(&first, &format!("first bytes of {}", describe(expr)));
            code = format!(
                "(match s.get({p}) {{ Some(&b) if {t}[usize::from(b)] => {code}, _ => None }})"
            );
        }
        code
    }

    fn emit_rep(&mut self, e: &Expr, mode: Mode, p: &str, min: u32, max: Option<u32>) -> String {
        if max.is_none() && min <= 1 {
            if let Some(code) = self.emit_rep_of_runs(e, mode, p, min) {
                return code;
            }
        }
        if min == 0 && max == Some(1) {
            return self.emit_opt(e, mode, p);
        }
        let l = self.label();
        let counted = min > 1 || max.is_some();
        if let Some(set) = self.class_of(e, mode, 0) {
            let t = if set.iter().filter(|&&b| b).count() == 1 {
                let b = (0..256).find(|&b| set[b]).unwrap_or(0);
                format!("b == {}", byte_literal(b))
            } else {
                format!("{}[usize::from(b)]", self.table(&set, &describe(e)))
            };
            let limit = match max {
                Some(n) => format!("n < {n} && "),
                None => String::new(),
            };
            if !counted {
                // `e*` or `e+`: a tight scan.
                let table = self.table(&set, &describe(e));
                return if min == 1 {
                    format!("{{ let start = {p}; let p = scan(s, start, &{table}); if p == start {{ None }} else {{ Some(p) }} }}")
                } else {
                    format!("Some(scan(s, {p}, &{table}))")
                };
            }
            return format!(
                "{{ let mut p = {p}; let mut n = 0u32; while {limit}(match s.get(p) {{ Some(&b) => {t}, None => false }}) {{ p += 1; n += 1; }} if n >= {min} {{ Some(p) }} else {{ None }} }}"
            );
        }
        if !counted {
            if let Some(code) = self.emit_rep_scan(e, mode, p, min, l) {
                return code;
            }
        }
        let done = if min > 0 {
            format!("if n >= {min} {{ Some(p) }} else {{ None }}")
        } else {
            "Some(p)".to_owned()
        };
        let touched = self.touched(e, mode);
        let inner = self.emit(e, mode, "p");
        let mut save = String::new();
        let mut restore = String::new();
        for (k, field) in touched.iter().enumerate() {
            let _ = write!(save, "let k{l}_{k} = rec.{field}; ");
            let _ = write!(restore, "rec.{field} = k{l}_{k}; ");
        }
        let limit = match max {
            Some(n) => format!("if n == {n} {{ break; }} "),
            None => String::new(),
        };
        // pest would loop forever on an unbounded repetition of something
        // that matched empty (its validator rejects such grammars); stop.
        let step = if max.is_none() {
            "let moved = q != p; p = q; n += 1; if !moved { break; }"
        } else {
            "p = q; n += 1;"
        };
        format!(
            "('r{l}: {{ let mut p = {p}; let mut n = 0u32; loop {{ {limit}{save}match {inner} {{ Some(q) => {{ {step} }} None => {{ {restore}break; }} }} }} {done} }})"
        )
    }
}

impl Generator<'_> {
    /// `e?`: the match of `e`, or an empty match (with `e`'s records undone).
    fn emit_opt(&mut self, e: &Expr, mode: Mode, p: &str) -> String {
        let l = self.label();
        let inner = self.emit(e, mode, p);
        let mut save = String::new();
        let mut restore = String::new();
        for (k, field) in self.touched(e, mode).iter().enumerate() {
            let _ = write!(save, "let k{l}_{k} = rec.{field}; ");
            let _ = write!(restore, "rec.{field} = k{l}_{k}; ");
        }
        format!(
            "{{ {save}match {inner} {{ Some(q) => Some(q), None => {{ {restore}Some({p}) }} }} }}"
        )
    }

    /// `(a ~ b*)*` as `(a ~ (b | a)*)?` and `(a ~ b*)+` as `a ~ (b | a)*`,
    /// when `a` and `b` record nothing and cannot match empty. Both forms
    /// try, at every position, `b` first and then `a`, and stop where
    /// neither matches, so they match the same; but in the second, `b | a`
    /// can become one class scan (`("/" ~ segment)*` becomes one loop over
    /// the path instead of a loop per segment).
    fn emit_rep_of_runs(&mut self, e: &Expr, mode: Mode, p: &str, min: u32) -> Option<String> {
        let mut items = Vec::new();
        flatten_seq(e, &mut items);
        let [a, r] = items.as_slice() else {
            return None;
        };
        if !self.touched(e, mode).is_empty() || self.first_of(a).1 {
            return None;
        }
        let b = self.repeated(r, 0)?;
        if self.first_of(&b).1 {
            return None;
        }
        let a = (*a).clone();
        let rest = Expr::Rep(Box::new(Expr::Choice(Box::new(b), Box::new(a.clone()))));
        let code = self.emit(&Expr::Seq(Box::new(a), Box::new(rest)), Mode::Quiet, p);
        Some(if min == 1 {
            code
        } else {
            format!("(match {code} {{ Some(q) => Some(q), None => Some({p}) }})")
        })
    }

    /// `b` if `expr` is `b*`, directly or as the body of rules that record
    /// nothing.
    fn repeated(&self, expr: &Expr, depth: usize) -> Option<Expr> {
        match expr {
            Expr::Rep(b) => Some((**b).clone()),
            Expr::Ident(name) if depth < 16 => {
                let rule = self.rules.get(name.as_str())?;
                if !self.rule_touched(rule, Mode::Tokens).is_empty()
                    || !self.rule_touched(rule, Mode::Atomic).is_empty()
                {
                    return None;
                }
                self.repeated(&rule.expr, depth + 1)
            }
            _ => None,
        }
    }

    /// `e*` or `e+` where `e` is a choice whose first alternative is a
    /// class: scan the class in a tight loop, and try the other
    /// alternatives only where it stops.
    fn emit_rep_scan(
        &mut self,
        e: &Expr,
        mode: Mode,
        p: &str,
        min: u32,
        l: usize,
    ) -> Option<String> {
        let groups = self.choice_groups(e, mode);
        let Some(Group::Class(set, origin)) = groups.first() else {
            return None;
        };
        if groups.len() < 2 {
            return None;
        }
        let t = self.table(set, origin);
        let mut code = format!(
            "('r{l}: {{ let start = {p}; let mut p = start; loop {{\n\
             p = scan(s, p, &{t});\n"
        );
        for (i, g) in groups.iter().enumerate().skip(1) {
            let (alt, touched) = self.alternative(g, "p");
            let (save, restore) = save_restore(&touched, l, i);
            let _ = writeln!(
                code,
                "{save}if let Some(q) = {alt} {{ if q == p {{ break; }} p = q; continue; }} {restore}"
            );
        }
        let check = if min == 1 {
            "if p == start { None } else { Some(p) }"
        } else {
            "Some(p)"
        };
        let _ = write!(code, "break; }}\n{check} }})");
        Some(code)
    }
}

/// Rejects what the generator cannot match the way pest does.
fn check_supported(rule: &str, expr: &Expr, defined: &dyn Fn(&str) -> bool) -> Result<(), String> {
    let unsupported = |what: &str| {
        Err(format!(
            "rule `{rule}`: {what} is not supported by the recognizer generator (build/codegen.rs)"
        ))
    };
    match expr {
        Expr::Str(_) | Expr::Insens(_) => Ok(()),
        Expr::Range(lo, hi) => {
            if ascii_char(lo).is_some() && ascii_char(hi).is_some() {
                Ok(())
            } else {
                unsupported(&format!("the non-ASCII character range '{lo}'..'{hi}'"))
            }
        }
        Expr::Ident(name) => {
            let stack = ["PUSH", "POP", "POP_ALL", "PEEK", "PEEK_ALL", "DROP"];
            if stack.contains(&name.as_str()) {
                unsupported(&format!("the stack operation `{name}`"))
            } else if !defined(name)
                && builtin_class(name).is_none()
                && !POSITIONAL.contains(&name.as_str())
            {
                unsupported(&format!("the built-in rule `{name}`"))
            } else {
                Ok(())
            }
        }
        Expr::PeekSlice(..) => unsupported("the stack operation `PEEK[..]`"),
        Expr::Push(_) => unsupported("the stack operation `PUSH`"),
        Expr::Skip(_) => unsupported("a skip expression"),
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _) => check_supported(rule, e, defined),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            check_supported(rule, a, defined)?;
            check_supported(rule, b, defined)
        }
        #[allow(unreachable_patterns)]
        _ => unsupported("this construct (a grammar-extras extension)"),
    }
}

fn ascii_char(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [b] if b.is_ascii() => Some(*b),
        _ => None,
    }
}

fn union(a: &Set, b: &Set) -> Set {
    let mut out = *a;
    for (o, &x) in out.iter_mut().zip(b.iter()) {
        *o |= x;
    }
    out
}

fn intersects(a: &Set, b: &Set) -> bool {
    a.iter().zip(b.iter()).any(|(&x, &y)| x && y)
}

fn flatten_seq<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    match expr {
        Expr::Seq(a, b) => {
            flatten_seq(a, out);
            flatten_seq(b, out);
        }
        e => out.push(e),
    }
}

fn flatten_choice<'e>(expr: &'e Expr, out: &mut Vec<&'e Expr>) {
    match expr {
        Expr::Choice(a, b) => {
            flatten_choice(a, out);
            flatten_choice(b, out);
        }
        e => out.push(e),
    }
}

/// A short pest-syntax rendering of an expression, for comments.
fn describe(expr: &Expr) -> String {
    match expr {
        Expr::Str(s) => format!("{s:?}"),
        Expr::Insens(s) => format!("^{s:?}"),
        Expr::Range(a, b) => format!("'{a}'..'{b}'"),
        Expr::Ident(n) => n.clone(),
        Expr::Choice(a, b) => format!("{} | {}", describe(a), describe(b)),
        _ => "(expression)".to_owned(),
    }
}

fn byte_literal(b: usize) -> String {
    match u8::try_from(b) {
        Ok(b) if b.is_ascii_graphic() && b != b'\'' && b != b'\\' => format!("b'{}'", b as char),
        Ok(b) => format!("{b}u8"),
        Err(_) => "0u8".to_owned(),
    }
}

fn bytes_literal(s: &str) -> String {
    let parts: Vec<String> = s.bytes().map(|b| format!("{b}u8")).collect();
    format!("[{}]", parts.join(", "))
}

/// A set as a list of inclusive byte ranges, for `table(&[...])`.
fn ranges_literal(set: &Set) -> String {
    let mut out = Vec::new();
    let mut b = 0;
    while b < 256 {
        if set[b] {
            let start = b;
            while b + 1 < 256 && set[b + 1] {
                b += 1;
            }
            out.push(format!("({}, {})", byte_literal(start), byte_literal(b)));
        }
        b += 1;
    }
    out.join(", ")
}

/// Code that saves the record fields an alternative may write, and code that
/// puts them back when it fails (`l`: nesting level, `i`: alternative).
fn save_restore(touched: &BTreeSet<String>, l: usize, i: usize) -> (String, String) {
    let mut save = String::new();
    let mut restore = String::new();
    for (k, field) in touched.iter().enumerate() {
        let _ = write!(save, "let k{l}_{i}_{k} = rec.{field}; ");
        let _ = write!(restore, "rec.{field} = k{l}_{i}_{k}; ");
    }
    (save, restore)
}
