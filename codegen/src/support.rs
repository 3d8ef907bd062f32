//! What the generator supports, checked on the rules the generated code
//! matches: those the configured functions (entries, quiet functions,
//! error passes and class tables) reach. A rule nothing generated reaches
//! may use any pest construct; pest_derive and pest_vm, which read the
//! same grammar, still run it.

use std::collections::{BTreeMap, BTreeSet};

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

use super::{POSITIONAL, builtin_class, single_char};

/// Where a construct the generator refuses can be run instead: the tools
/// of peguri's grammar lab load a grammar at run time with pest_vm, which
/// takes every pest construct.
pub(crate) const ELSEWHERE: &str = "pest_vm runs every pest construct: try the grammar with \
     `peguri tree --grammar FILE INPUT`, `peguri grammar diff OLD NEW FILE` or `peguri serve`, \
     which load it at run time with pest_vm; to compile it into peguri, write the rule without \
     the construct";

/// The stack operations, as identifiers.
const STACK: &[&str] = &["PUSH", "POP", "POP_ALL", "PEEK", "PEEK_ALL", "DROP"];

/// Checks that every rule the configured functions reach (from `roots`)
/// uses only what the generator matches as pest does, and that no
/// implicit whitespace or comment applies inside them.
///
/// # Errors
///
/// A message naming the rule, the construct, the route from a root to the
/// rule, and where the construct can be tried instead.
pub(crate) fn check(rules: &BTreeMap<&str, &AstRule>, roots: &[&str]) -> Result<(), String> {
    let reach = Reach::new(rules, roots);
    for (name, rule) in rules {
        if !reach.parent.contains_key(name) {
            continue;
        }
        check_supported(&rule.expr, &|n| rules.contains_key(n))
            .map_err(|what| reach.refusal(name, &what))?;
    }
    for skipped in ["WHITESPACE", "COMMENT"] {
        if !rules.contains_key(skipped) {
            continue;
        }
        // pest skips it between the items of a sequence or a repetition
        // matched outside atomic rules.
        if let Some(rule) = reach
            .non_atomic
            .iter()
            .find(|name| rules.get(**name).is_some_and(|r| has_skip_points(&r.expr)))
        {
            return Err(format!(
                "rule `{skipped}`: implicit whitespace and comments are not supported by the \
                 generator (peguri-codegen): pest skips `{skipped}` between the items of rule \
                 `{rule}`, which is not atomic and {}.\n{ELSEWHERE}, or make the rules it \
                 applies in atomic (`@{{ ... }}`)",
                reach.route(rule)
            ));
        }
    }
    Ok(())
}

/// The rules reached from the roots.
struct Reach<'g> {
    /// Each rule reached, with the rule it was first reached from (`None`
    /// for a root).
    parent: BTreeMap<&'g str, Option<&'g str>>,
    /// The rules whose bodies are matched outside an atomic rule somewhere.
    non_atomic: BTreeSet<&'g str>,
}

impl<'g> Reach<'g> {
    fn new(rules: &BTreeMap<&'g str, &'g AstRule>, roots: &[&'g str]) -> Self {
        let mut parent: BTreeMap<&'g str, Option<&'g str>> = BTreeMap::new();
        let mut seen: BTreeSet<(&'g str, bool)> = BTreeSet::new();
        let mut non_atomic = BTreeSet::new();
        // A rule and whether it is called inside an atomic rule.
        let mut queue: Vec<(&'g str, bool)> = Vec::new();
        for &root in roots {
            if let Some((&name, _)) = rules.get_key_value(root) {
                parent.entry(name).or_insert(None);
                queue.push((name, false));
            }
        }
        while let Some((name, atomic_caller)) = queue.pop() {
            if !seen.insert((name, atomic_caller)) {
                continue;
            }
            let Some(rule) = rules.get(name) else {
                continue;
            };
            let atomic = match rule.ty {
                RuleType::Atomic | RuleType::CompoundAtomic => true,
                RuleType::NonAtomic => false,
                RuleType::Normal | RuleType::Silent => atomic_caller,
            };
            if !atomic {
                non_atomic.insert(name);
            }
            let mut called = Vec::new();
            idents(&rule.expr, &mut called);
            for callee in called {
                if let Some((&callee, _)) = rules.get_key_value(callee) {
                    parent.entry(callee).or_insert(Some(name));
                    queue.push((callee, atomic));
                }
            }
        }
        Reach { parent, non_atomic }
    }

    /// How `rule` is reached: `is reached from `root`, ... (root > ... >
    /// rule)`, or that it is matched itself.
    fn route(&self, rule: &str) -> String {
        let mut path = vec![rule];
        let mut at = rule;
        while let Some(Some(up)) = self.parent.get(at) {
            if path.contains(up) {
                break;
            }
            path.push(up);
            at = up;
        }
        path.reverse();
        if path.len() == 1 {
            return "is itself matched by the generated code".to_owned();
        }
        format!(
            "is reached from `{}`, a rule the generated code matches ({})",
            path[0],
            path.join(" > ")
        )
    }

    /// The message for construct `what` in `rule`.
    fn refusal(&self, rule: &str, what: &str) -> String {
        format!(
            "rule `{rule}`: {what} is not supported by the generator (peguri-codegen), and \
             `{rule}` {}. The generator compiles strings, character ranges, sequences, choices, \
             repetitions, lookaheads, rule calls and the built-ins SOI, EOI, ANY and the ASCII \
             classes.\n{ELSEWHERE}",
            self.route(rule)
        )
    }
}

/// The identifiers `expr` calls, in order.
fn idents<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match expr {
        Expr::Ident(name) => out.push(name),
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _)
        | Expr::Push(e) => idents(e, out),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            idents(a, out);
            idents(b, out);
        }
        _ => {}
    }
}

/// Whether pest would skip implicit whitespace somewhere in `expr`
/// matched outside an atomic rule: between the items of a sequence or the
/// matches of a repetition.
fn has_skip_points(expr: &Expr) -> bool {
    match expr {
        Expr::Seq(..)
        | Expr::Rep(_)
        | Expr::RepOnce(_)
        | Expr::RepExact(..)
        | Expr::RepMin(..)
        | Expr::RepMax(..)
        | Expr::RepMinMax(..) => true,
        Expr::PosPred(e) | Expr::NegPred(e) | Expr::Opt(e) | Expr::Push(e) => has_skip_points(e),
        Expr::Choice(a, b) => has_skip_points(a) || has_skip_points(b),
        _ => false,
    }
}

/// Refuses what the generator cannot match the way pest does: the
/// construct, in words.
fn check_supported(expr: &Expr, defined: &dyn Fn(&str) -> bool) -> Result<(), String> {
    match expr {
        Expr::Str(_) | Expr::Insens(_) => Ok(()),
        Expr::Range(lo, hi) => match (single_char(lo), single_char(hi)) {
            (Some(_), Some(_)) => Ok(()),
            _ => Err(format!("the character range '{lo}'..'{hi}'")),
        },
        Expr::Ident(name) => {
            if STACK.contains(&name.as_str()) {
                Err(format!("the stack operation `{name}`"))
            } else if !defined(name)
                && builtin_class(name).is_none()
                && !POSITIONAL.contains(&name.as_str())
            {
                Err(format!("the built-in rule `{name}`"))
            } else {
                Ok(())
            }
        }
        Expr::PeekSlice(..) => Err("the stack operation `PEEK[..]`".to_owned()),
        Expr::Push(_) => Err("the stack operation `PUSH`".to_owned()),
        Expr::Skip(_) => Err("a skip expression".to_owned()),
        Expr::PosPred(e)
        | Expr::NegPred(e)
        | Expr::Opt(e)
        | Expr::Rep(e)
        | Expr::RepOnce(e)
        | Expr::RepExact(e, _)
        | Expr::RepMin(e, _)
        | Expr::RepMax(e, _)
        | Expr::RepMinMax(e, _, _) => check_supported(e, defined),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            check_supported(a, defined)?;
            check_supported(b, defined)
        }
        // pest_meta's feature `grammar-extras`, which any crate in a build
        // may turn on, adds variants (`NodeTag`); without it this arm is
        // unreachable.
        #[allow(unreachable_patterns)]
        _ => Err("this construct (a grammar-extras extension)".to_owned()),
    }
}
