//! A direct interpreter of a grammar, with pest's semantics, used at build
//! time to answer small questions about it: which ASCII characters a rule
//! accepts on their own (the character-class tables `pct` encodes with).

use std::collections::BTreeMap;

use pest_meta::ast::{Expr, Rule as AstRule};

use super::builtin_class;

pub struct Interpreter<'g> {
    rules: &'g BTreeMap<&'g str, &'g AstRule>,
}

impl<'g> Interpreter<'g> {
    pub fn new(rules: &'g BTreeMap<&'g str, &'g AstRule>) -> Self {
        Interpreter { rules }
    }

    /// Whether rule `name` matches all of `input`.
    pub fn matches_whole(&self, name: &str, input: &str) -> bool {
        self.run(&Expr::Ident(name.to_owned()), input, 0, 0) == Some(input.len())
    }

    /// The end of the match of `expr` at `p`, with pest's semantics.
    fn run(&self, expr: &Expr, s: &str, p: usize, depth: usize) -> Option<usize> {
        if depth > 200 {
            return None;
        }
        let d = depth + 1;
        let rest = &s[p..];
        match expr {
            Expr::Str(lit) => rest.starts_with(lit.as_str()).then(|| p + lit.len()),
            Expr::Insens(lit) => rest
                .get(..lit.len())
                .filter(|w| w.eq_ignore_ascii_case(lit))
                .map(|_| p + lit.len()),
            Expr::Range(lo, hi) => {
                let c = rest.chars().next()?;
                let (lo, hi) = (lo.chars().next()?, hi.chars().next()?);
                (lo..=hi).contains(&c).then(|| p + c.len_utf8())
            }
            Expr::Ident(name) => match name.as_str() {
                "SOI" => (p == 0).then_some(p),
                "EOI" => (p == s.len()).then_some(p),
                "ANY" => rest.chars().next().map(|c| p + c.len_utf8()),
                other => {
                    if let Some(set) = builtin_class(other) {
                        let b = *s.as_bytes().get(p)?;
                        return set[usize::from(b)].then_some(p + 1);
                    }
                    let rule = self.rules.get(other)?;
                    self.run(&rule.expr, s, p, d)
                }
            },
            Expr::PosPred(e) => self.run(e, s, p, d).map(|_| p),
            Expr::NegPred(e) => match self.run(e, s, p, d) {
                Some(_) => None,
                None => Some(p),
            },
            Expr::Seq(a, b) => {
                let q = self.run(a, s, p, d)?;
                self.run(b, s, q, d)
            }
            Expr::Choice(a, b) => self.run(a, s, p, d).or_else(|| self.run(b, s, p, d)),
            Expr::Opt(e) => Some(self.run(e, s, p, d).unwrap_or(p)),
            Expr::Rep(e) => Some(self.repeat(e, s, p, d, None).0),
            Expr::RepOnce(e) => self.counted(e, s, p, d, 1, None),
            Expr::RepExact(e, n) => self.counted(e, s, p, d, *n, Some(*n)),
            Expr::RepMin(e, n) => self.counted(e, s, p, d, *n, None),
            Expr::RepMax(e, n) => self.counted(e, s, p, d, 0, Some(*n)),
            Expr::RepMinMax(e, m, n) => self.counted(e, s, p, d, *m, Some(*n)),
            _ => None,
        }
    }

    fn counted(
        &self,
        e: &Expr,
        s: &str,
        p: usize,
        d: usize,
        min: u32,
        max: Option<u32>,
    ) -> Option<usize> {
        let (end, n) = self.repeat(e, s, p, d, max);
        (n >= min).then_some(end)
    }

    /// Greedy repetition: the end and the number of matches.
    fn repeat(&self, e: &Expr, s: &str, mut p: usize, d: usize, max: Option<u32>) -> (usize, u32) {
        let mut n = 0;
        while max.is_none_or(|m| n < m) {
            match self.run(e, s, p, d) {
                Some(q) if q != p || max.is_some() => {
                    p = q;
                    n += 1;
                }
                _ => break,
            }
        }
        (p, n)
    }
}
