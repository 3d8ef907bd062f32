//! What the generator learns of the grammar before it writes code: each
//! rule's first bytes and nullability, the mode an expression runs in,
//! the record fields it can touch, whether it can fail, and the byte or
//! character class it reduces to.

use std::collections::BTreeSet;

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

use super::class::{Class, Set};
use super::{Generator, Mode, builtin_char_class, builtin_class, single_char, union};

impl<'g> Generator<'g> {
    pub(crate) fn compute_first(&mut self) {
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
    pub(crate) fn first_of(&self, expr: &Expr) -> (Set, bool) {
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
            Expr::Range(..) => match self.class_of(expr, Mode::Quiet, 0) {
                Some(class) => (class.first_bytes(), false),
                None => (all, false),
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

    pub(crate) fn is_recorded(&self, name: &str) -> bool {
        self.field_of.contains_key(name)
    }

    /// The mode a rule's body runs in when called in `caller`'s mode.
    pub(crate) fn body_mode(&self, rule: &AstRule, caller: Mode) -> Mode {
        match (caller, rule.ty) {
            (Mode::Quiet, _) => Mode::Quiet,
            (_, RuleType::Atomic) => Mode::Atomic,
            (_, RuleType::CompoundAtomic | RuleType::NonAtomic) => Mode::Tokens,
            (m, _) => m,
        }
    }

    /// Whether calling `rule` in `caller`'s mode produces its own token
    /// and it is recorded.
    pub(crate) fn own_token(&self, rule: &AstRule, caller: Mode) -> bool {
        let produces = match caller {
            Mode::Quiet => false,
            Mode::Tokens => true,
            Mode::Atomic => matches!(rule.ty, RuleType::CompoundAtomic | RuleType::NonAtomic),
        };
        produces && rule.ty != RuleType::Silent && self.is_recorded(&rule.name)
    }

    /// The record fields an expression can write, in `mode`.
    pub(crate) fn touched(&self, expr: &Expr, mode: Mode) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let mut seen = BTreeSet::new();
        self.touched_into(expr, mode, &mut out, &mut seen);
        out
    }

    pub(crate) fn touched_into<'a>(
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
                        out.insert(self.field_of[name.as_str()].clone());
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

    /// Whether `expr` matches at every position, so that nothing after it
    /// in a sequence can be reached by its failing.
    pub(crate) fn never_fails(&self, expr: &Expr, depth: usize) -> bool {
        if depth > 64 {
            return false;
        }
        match expr {
            Expr::Str(s) => s.is_empty(),
            Expr::Opt(_) | Expr::Rep(_) | Expr::RepMax(..) => true,
            // An unbounded repetition stops at an empty match, so only a
            // minimum of zero is sure to be reached.
            Expr::RepExact(_, n) | Expr::RepMin(_, n) | Expr::RepMinMax(_, n, _) => *n == 0,
            Expr::Seq(a, b) => self.never_fails(a, depth + 1) && self.never_fails(b, depth + 1),
            Expr::Choice(a, b) => self.never_fails(a, depth + 1) || self.never_fails(b, depth + 1),
            Expr::Ident(name) => self
                .rules
                .get(name.as_str())
                .is_some_and(|rule| self.never_fails(&rule.expr, depth + 1)),
            _ => false,
        }
    }

    /// The record fields `expr` may leave changed when it fails, in `mode`:
    /// what a choice or an optional part must save and restore around it.
    /// A rule records its own span only when it matches, and the choices
    /// and repetitions inside undo their failed parts themselves, so this is
    /// often much less than [`touched`](Self::touched): in `"//" ~ authority
    /// ~ path_abempty` nothing after `"//"` can fail, so nothing is saved.
    pub(crate) fn dirty_on_failure(
        &self,
        expr: &Expr,
        mode: Mode,
        depth: usize,
    ) -> BTreeSet<String> {
        if mode == Mode::Quiet {
            return BTreeSet::new();
        }
        if depth > 64 {
            return self.touched(expr, mode);
        }
        match expr {
            Expr::Ident(name) => match self.rules.get(name.as_str()) {
                Some(rule) => {
                    self.dirty_on_failure(&rule.expr, self.body_mode(rule, mode), depth + 1)
                }
                None => BTreeSet::new(),
            },
            Expr::Seq(a, b) => {
                let mut out = self.dirty_on_failure(a, mode, depth + 1);
                if !self.never_fails(b, 0) {
                    out.extend(self.touched(a, mode));
                    out.extend(self.dirty_on_failure(b, mode, depth + 1));
                }
                out
            }
            // Every alternative but the last is undone when it fails; the
            // union is a safe superset of the last one's.
            Expr::Choice(a, b) => {
                let mut out = self.dirty_on_failure(a, mode, depth + 1);
                out.extend(self.dirty_on_failure(b, mode, depth + 1));
                out
            }
            // The repetitions that matched before one fell short of the
            // minimum stay recorded.
            Expr::RepOnce(e)
            | Expr::RepExact(e, _)
            | Expr::RepMin(e, _)
            | Expr::RepMinMax(e, _, _)
                if !self.never_fails(expr, 0) =>
            {
                self.touched(e, mode)
            }
            _ => BTreeSet::new(),
        }
    }

    pub(crate) fn rule_touched(&self, rule: &'g AstRule, mode: Mode) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        if self.own_token(rule, mode) {
            out.insert(self.field_of[rule.name.as_str()].clone());
        }
        out.extend(self.touched(&rule.expr, self.body_mode(rule, mode)));
        out
    }

    /// The characters of an expression that always matches exactly one
    /// character from a set (and records nothing in `mode`).
    pub(crate) fn class_of(&self, expr: &Expr, mode: Mode, depth: usize) -> Option<Class> {
        if depth > 64 {
            return None;
        }
        match expr {
            Expr::Str(s) => {
                let mut chars = s.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return None;
                };
                Some(Class::range(c, c))
            }
            Expr::Insens(s) if s.len() == 1 => {
                let c = char::from(s.as_bytes()[0]);
                Some(
                    Class::range(c.to_ascii_lowercase(), c.to_ascii_lowercase()).union(
                        &Class::range(c.to_ascii_uppercase(), c.to_ascii_uppercase()),
                    ),
                )
            }
            Expr::Range(lo, hi) => {
                let lo = single_char(lo)?;
                let hi = single_char(hi)?;
                Some(Class::range(lo, hi))
            }
            Expr::Choice(a, b) => Some(self.class_of(a, mode, depth + 1)?.union(&self.class_of(
                b,
                mode,
                depth + 1,
            )?)),
            // `!set ~ ANY`: one character outside the set.
            Expr::Seq(a, b) => match (&**a, &**b) {
                (Expr::NegPred(set), Expr::Ident(any)) if any == "ANY" => {
                    Some(self.class_of(set, Mode::Quiet, depth + 1)?.complement())
                }
                _ => None,
            },
            Expr::Ident(name) => {
                if let Some(class) = builtin_char_class(name) {
                    return Some(class);
                }
                if name == "ANY" {
                    return Some(Class::any());
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
}
