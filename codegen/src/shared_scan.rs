//! One scan for two runs from the same place: `(a ~ x)? ~ b`, where `a` is
//! a run of a class and `b` a choice whose last alternative is a run of a
//! subset of that class with the same other steps, as RFC 3986's
//! `authority = (userinfo ~ "@")? ~ host ~ ...` with `host`'s last
//! alternative `reg_name`.
//!
//! When `x` does not follow `a`, the optional group gives its input back
//! and `b` starts where `a` did. Its last alternative, a run of the
//! smaller class, then ends at the first byte of the difference between
//! the classes within the run `a` read, or where that run ended. So the
//! generated code keeps the end of `a`'s run and looks only for those
//! bytes in it, rather than scanning the same bytes again.
//!
//! Why that is exact: let `A` and `C` be the classes and `D = A \ C`.
//! Every step of `a`'s run is one character of `A`, or one of the other
//! steps (an escape such as `pct_encoded`). The run of `c` from the same
//! start takes the same steps, one by one, as long as they are characters
//! of `C` or the same escapes, which it tries in the same order. It stops
//! at a step that is a character of `D`, since that is not in `C` and no
//! escape can start with it (the escapes' bytes are checked to be outside
//! `D`); or where `a`'s run ended, since a byte there is in neither class
//! and no escape matched it. A byte of `D` (ASCII) is never inside an
//! escape or a multi-byte character, so the first such byte in the run is
//! where `c` stops.

use pest_meta::ast::Expr;

use super::class::{Class, Set};
use super::snippets::{params, save_restore};
use super::{Generator, Group, Mode, flatten_seq, union};

/// A rule emitted with its last alternative found in a run already read:
/// the alternative's rule, and the table of the bytes that end it there.
#[derive(Clone, Debug)]
pub(crate) struct Within {
    pub(crate) rule: String,
    pub(crate) table: String,
    /// The byte, when the table holds one.
    pub(crate) byte: Option<u8>,
}

impl<'g> Generator<'g> {
    /// Code for the items `opt ~ next` of a sequence at `p`, if they have
    /// the shape this module handles: an expression of type
    /// `Option<usize>`.
    pub(super) fn shared_scan(&mut self, opt: &Expr, next: &Expr, mode: Mode) -> Option<String> {
        let Expr::Opt(inner) = opt else {
            return None;
        };
        let mut parts = Vec::new();
        flatten_seq(inner, &mut parts);
        let (Some(Expr::Ident(a)), Some(rest)) = (parts.first(), rest_of(&parts[1..])) else {
            return None;
        };
        let Expr::Ident(b) = next else {
            return None;
        };
        let b_rule = *self.rules.get(b.as_str())?;
        if !matches!(b_rule.expr, Expr::Choice(..)) {
            return None;
        }
        let groups = self.choice_groups(&b_rule.expr, self.body_mode(b_rule, mode));
        let Some(Group::Other(Expr::Ident(c), c_mode)) = groups.last() else {
            return None;
        };
        if groups.len() < 2
            || !self
                .rule_touched(self.rules.get(c.as_str())?, *c_mode)
                .is_empty()
        {
            return None;
        }
        let (class_a, escapes_a) = self.class_run(a)?;
        let (class_c, escapes_c) = self.class_run(c)?;
        if escapes_a != escapes_c || class_a.wide != class_c.wide {
            return None;
        }
        let mut diff: Set = [false; 256];
        for (i, (&in_a, &in_c)) in class_a.ascii.iter().zip(class_c.ascii.iter()).enumerate() {
            if in_c && !in_a {
                return None;
            }
            diff[i] = in_a && !in_c;
        }
        if !diff.contains(&true) {
            return None;
        }
        for escape in &escapes_a {
            let bytes = self.bytes_of(escape, 0)?;
            if bytes.iter().zip(diff.iter()).any(|(&x, &d)| x && d) {
                return None;
            }
        }
        let table = self.table(&diff, &format!("in {a} but not in {c}"));
        let mut bytes = (0..=255u8).filter(|&b| diff[usize::from(b)]);
        let byte = match (bytes.next(), bytes.next()) {
            (Some(b), None) => Some(b),
            _ => None,
        };
        let within = Within {
            rule: c.clone(),
            table,
            byte,
        };
        let l = self.label();
        let (save, restore) = save_restore(&self.dirty_on_failure(inner, mode, 0), l, 0);
        let a_code = self.emit(&parts[0].clone(), mode, "p");
        let rest_code = self.emit(&rest, mode, "e");
        let b_after = self.call(b, mode, "q");
        let b_here = self.call(b, mode, "p");
        let b_within = self.call_within(b, mode, within);
        Some(format!(
            "'w{l}: {{\n{save}let e = match {a_code} {{ Some(e) => e, None => {{ {restore}break 'w{l} {b_here}; }} }};\n\
             if let Some(q) = {rest_code} {{ break 'w{l} {b_after}; }}\n\
             {restore}{b_within}\n}}"
        ))
    }

    /// A call at `p` of rule `b` in `mode` that finds its last alternative
    /// in the run that ends at `e` (see [`Within`]).
    fn call_within(&mut self, b: &str, mode: Mode, within: Within) -> String {
        let rule = self.rules[b];
        let recorded = !self.rule_touched(rule, mode).is_empty();
        let suffix = match (recorded, mode) {
            (false, _) => "",
            (true, Mode::Tokens) => "__t",
            (true, Mode::Atomic) => "__a",
            (true, Mode::Quiet) => "__q",
        };
        let fname = format!("r_{b}{suffix}__within_{}", within.rule);
        self.within_queue
            .push((fname.clone(), &rule.name, mode, within));
        if recorded {
            format!("{fname}(s, p, rec, e)")
        } else {
            format!("{fname}(s, p, e)")
        }
    }

    /// The function `fname`: rule `name` in `mode`, its last alternative
    /// found in the run that ends at `known`.
    pub(super) fn within_function(
        &mut self,
        fname: &str,
        name: &'g str,
        mode: Mode,
        within: &Within,
    ) -> String {
        let rule = self.rules[name];
        let body_mode = self.body_mode(rule, mode);
        let tail = match within.byte {
            Some(b) => format!("Some(find_byte(s, p, known, {b}))"),
            None => format!("Some(find_in(s, p, known, &{}))", within.table),
        };
        let body = self.emit_choice_with(&rule.expr, body_mode, "p", Some(tail));
        let doc = format!(
            "/// `{name}` ({:?} rule) where the run of `{}` from `p` is known to\n\
             /// lie within a run that ends at `known`.",
            rule.ty, within.rule
        );
        let recorded = !self.rule_touched(rule, mode).is_empty();
        let (code, list): (String, &[&str]) = if recorded && self.own_token(rule, mode) {
            let field = &self.field_of[name];
            (
                format!(
                    "let end = {}?;\n    put(&mut rec.{field}, p, end);\n    Some(end)",
                    super::snippets::postfix(&body)
                ),
                &["s: &[u8]", "p: usize", "rec: &mut Rec", "known: usize"],
            )
        } else if recorded {
            (
                body,
                &["s: &[u8]", "p: usize", "rec: &mut Rec", "known: usize"],
            )
        } else {
            (body, &["s: &[u8]", "p: usize", "known: usize"])
        };
        let params = params(&code, list);
        format!(
            "\n{doc}\n#[inline]\n\
             fn {fname}({params}) -> Option<usize> {{\n    {code}\n}}\n"
        )
    }

    /// The class and the other steps of a rule that is a run, `(class |
    /// other...)*` with the class first once merged, if `name` is one.
    fn class_run(&self, name: &str) -> Option<(Class, Vec<Expr>)> {
        let rule = self.rules.get(name)?;
        let Expr::Rep(body) = &rule.expr else {
            return None;
        };
        let mut groups = self.choice_groups(body, Mode::Quiet).into_iter();
        let Some(Group::Class(class, _)) = groups.next() else {
            return None;
        };
        let others = groups
            .map(|g| match g {
                Group::Other(e, _) => Some(e),
                Group::Class(..) => None,
            })
            .collect::<Option<Vec<Expr>>>()?;
        Some((class, others))
    }

    /// Every byte a match of `expr` can hold (over-approximated), if it can
    /// be told.
    fn bytes_of(&self, expr: &Expr, depth: usize) -> Option<Set> {
        if depth > 64 {
            return None;
        }
        if let Some(class) = self.class_of(expr, Mode::Quiet, 0) {
            let mut set = class.table();
            if class.has_wide() {
                set[0x80..].fill(true);
            }
            return Some(set);
        }
        let mut set = [false; 256];
        match expr {
            Expr::Str(s) => {
                for &b in s.as_bytes() {
                    set[usize::from(b)] = true;
                }
            }
            Expr::Insens(s) => {
                for &b in s.as_bytes() {
                    set[usize::from(b.to_ascii_lowercase())] = true;
                    set[usize::from(b.to_ascii_uppercase())] = true;
                }
            }
            Expr::Ident(name) => {
                return self.bytes_of(&self.rules.get(name.as_str())?.expr, depth + 1);
            }
            Expr::Seq(x, y) | Expr::Choice(x, y) => {
                return Some(union(
                    &self.bytes_of(x, depth + 1)?,
                    &self.bytes_of(y, depth + 1)?,
                ));
            }
            Expr::Opt(e)
            | Expr::Rep(e)
            | Expr::RepOnce(e)
            | Expr::RepExact(e, _)
            | Expr::RepMin(e, _)
            | Expr::RepMax(e, _)
            | Expr::RepMinMax(e, _, _) => return self.bytes_of(e, depth + 1),
            // Lookahead consumes nothing.
            Expr::PosPred(_) | Expr::NegPred(_) => {}
            _ => return None,
        }
        Some(set)
    }
}

/// The items after the first of an optional group, as one expression.
fn rest_of(items: &[&Expr]) -> Option<Expr> {
    let (last, init) = items.split_last()?;
    Some(init.iter().rev().fold((*last).clone(), |acc, item| {
        Expr::Seq(Box::new((*item).clone()), Box::new(acc))
    }))
}
