//! Three-way merge of a rule that several variants change
//! (`grammar diff --variant`): each variant is an override of the base
//! grammar, and a set of variants is the base with every variant's
//! changes. Where two variants change the same rule (one allows `\` in
//! `pchar`, another a space), the rule of the set holds both changes: the
//! expressions are merged against the base rule's, the way a three-way
//! text merge merges lines, with the alternatives of a choice and the
//! items of a sequence as the lines. Changes that touch the same part
//! differently do not merge, and the set is refused.

use pest_meta::ast::{Expr, Rule, RuleType};

use super::pest_text::{alternatives, items};

/// The rule with the changes `a` and `b` both make to `base`, or `None`
/// when they overlap.
pub fn merge_rules(base: &Rule, a: &Rule, b: &Rule) -> Option<Rule> {
    let ty = merge_type(base.ty, a.ty, b.ty)?;
    let expr = merge(&base.expr, &a.expr, &b.expr)?;
    Some(Rule {
        name: base.name.clone(),
        ty,
        expr,
    })
}

fn merge_type(base: RuleType, a: RuleType, b: RuleType) -> Option<RuleType> {
    if a == b || b == base {
        Some(a)
    } else if a == base {
        Some(b)
    } else {
        None
    }
}

/// The expression with both sides' changes to `base`.
pub fn merge(base: &Expr, a: &Expr, b: &Expr) -> Option<Expr> {
    if a == b || b == base {
        return Some(a.clone());
    }
    if a == base {
        return Some(b.clone());
    }
    let any = |test: fn(&Expr) -> bool| test(base) || test(a) || test(b);
    if any(|e| matches!(e, Expr::Choice(..))) {
        let merged = merge_lists(&alternatives(base), &alternatives(a), &alternatives(b))?;
        return rebuild(merged, |x, y| Expr::Choice(Box::new(x), Box::new(y)));
    }
    if any(|e| matches!(e, Expr::Seq(..))) {
        let merged = merge_lists(&items(base), &items(a), &items(b))?;
        return rebuild(merged, |x, y| Expr::Seq(Box::new(x), Box::new(y)));
    }
    let inner = |x: &Expr, y: &Expr, z: &Expr| merge(x, y, z).map(Box::new);
    Some(match (base, a, b) {
        (Expr::Opt(x), Expr::Opt(y), Expr::Opt(z)) => Expr::Opt(inner(x, y, z)?),
        (Expr::Rep(x), Expr::Rep(y), Expr::Rep(z)) => Expr::Rep(inner(x, y, z)?),
        (Expr::RepOnce(x), Expr::RepOnce(y), Expr::RepOnce(z)) => Expr::RepOnce(inner(x, y, z)?),
        (Expr::PosPred(x), Expr::PosPred(y), Expr::PosPred(z)) => Expr::PosPred(inner(x, y, z)?),
        (Expr::NegPred(x), Expr::NegPred(y), Expr::NegPred(z)) => Expr::NegPred(inner(x, y, z)?),
        (Expr::Push(x), Expr::Push(y), Expr::Push(z)) => Expr::Push(inner(x, y, z)?),
        (Expr::RepExact(x, n), Expr::RepExact(y, m), Expr::RepExact(z, k)) if n == m && m == k => {
            Expr::RepExact(inner(x, y, z)?, *n)
        }
        (Expr::RepMin(x, n), Expr::RepMin(y, m), Expr::RepMin(z, k)) if n == m && m == k => {
            Expr::RepMin(inner(x, y, z)?, *n)
        }
        (Expr::RepMax(x, n), Expr::RepMax(y, m), Expr::RepMax(z, k)) if n == m && m == k => {
            Expr::RepMax(inner(x, y, z)?, *n)
        }
        (Expr::RepMinMax(x, n, o), Expr::RepMinMax(y, m, p), Expr::RepMinMax(z, k, q))
            if n == m && m == k && o == p && p == q =>
        {
            Expr::RepMinMax(inner(x, y, z)?, *n, *o)
        }
        _ => return None,
    })
}

fn rebuild(items: Vec<Expr>, join: impl Fn(Expr, Expr) -> Expr) -> Option<Expr> {
    let mut items = items.into_iter().rev();
    let last = items.next()?;
    Some(items.fold(last, |rest, item| join(item, rest)))
}

/// How one side changed a list: for each base item whether it kept it,
/// and the items it put in each gap (gap `g` is before base item `g`; the
/// last gap is after them all).
struct Edit<'e> {
    kept: Vec<bool>,
    inserted: Vec<Vec<&'e Expr>>,
}

/// `side` aligned on `base` by their longest common subsequence.
fn edit<'e>(base: &[&Expr], side: &[&'e Expr]) -> Edit<'e> {
    let (n, m) = (base.len(), side.len());
    // lcs[i][j]: the longest common subsequence of base[i..] and side[j..].
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if base[i] == side[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut result = Edit {
        kept: vec![false; n],
        inserted: vec![Vec::new(); n + 1],
    };
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && base[i] == side[j] {
            result.kept[i] = true;
            i += 1;
            j += 1;
        } else if j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j]) {
            result.inserted[i].push(side[j]);
            j += 1;
        } else {
            i += 1;
        }
    }
    result
}

/// The list with both sides' changes to `base`: each side's insertions in
/// place (the first side's first, an item both insert once), each base
/// item unless a side removed it. An item that both sides replaced (the
/// alignment puts a replacement just before the item it replaces) is the
/// merge of the two replacements, if they merge; an item one side
/// replaced and the other removed does not merge.
fn merge_lists(base: &[&Expr], a: &[&Expr], b: &[&Expr]) -> Option<Vec<Expr>> {
    let (mut ea, mut eb) = (edit(base, a), edit(base, b));
    let mut out: Vec<Expr> = Vec::new();
    for g in 0..=base.len() {
        let removed = g < base.len() && !ea.kept[g] && !eb.kept[g];
        let merged = match (ea.inserted[g].last(), eb.inserted[g].last()) {
            (Some(ya), Some(yb)) if removed && ya != yb => {
                let merged = merge(base[g], ya, yb)?;
                ea.inserted[g].pop();
                eb.inserted[g].pop();
                Some(merged)
            }
            // One side replaced the item the other removed: they
            // disagree on it.
            (Some(_), None) | (None, Some(_)) if removed => return None,
            _ => None,
        };
        for item in &ea.inserted[g] {
            out.push((*item).clone());
        }
        for item in &eb.inserted[g] {
            if !ea.inserted[g].contains(item) {
                out.push((*item).clone());
            }
        }
        out.extend(merged);
        if g < base.len() && ea.kept[g] && eb.kept[g] {
            out.push(base[g].clone());
        }
    }
    Some(out)
}
