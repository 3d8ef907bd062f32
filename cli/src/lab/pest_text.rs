//! pest_meta's expressions written back as pest text: for the coverage
//! report's alternatives and for rules that peguri writes (the merge of
//! variants that change one rule). Strings and characters are escaped as
//! pest reads them; parentheses only where precedence needs them.

use pest_meta::ast::{Expr, RuleType};

/// `s` as a pest string literal.
pub fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:04X}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The first character of `s` as a pest character literal.
fn character(s: &str) -> String {
    match s.chars().next() {
        Some('\'') => "'\\''".to_owned(),
        Some('\\') => "'\\\\'".to_owned(),
        Some('\n') => "'\\n'".to_owned(),
        Some('\r') => "'\\r'".to_owned(),
        Some('\t') => "'\\t'".to_owned(),
        Some('\0') => "'\\0'".to_owned(),
        Some(c) if c.is_control() => format!("'\\u{{{:04X}}}'", u32::from(c)),
        Some(c) => format!("'{c}'"),
        None => "''".to_owned(),
    }
}

/// How tightly an expression binds: a choice 0, a sequence 1, a prefix
/// or postfix operation 2, anything else 3.
fn level(expr: &Expr) -> u8 {
    match expr {
        Expr::Choice(..) => 0,
        Expr::Seq(..) => 1,
        Expr::PosPred(_)
        | Expr::NegPred(_)
        | Expr::Opt(_)
        | Expr::Rep(_)
        | Expr::RepOnce(_)
        | Expr::RepExact(..)
        | Expr::RepMin(..)
        | Expr::RepMax(..)
        | Expr::RepMinMax(..) => 2,
        _ => 3,
    }
}

/// `expr`, in parentheses if it binds less tightly than `at_least`.
fn operand(expr: &Expr, at_least: u8) -> String {
    if level(expr) < at_least {
        format!("({})", text(expr))
    } else {
        text(expr)
    }
}

/// An expression in pest's syntax.
pub fn text(expr: &Expr) -> String {
    match expr {
        Expr::Str(s) => string(s),
        Expr::Insens(s) => format!("^{}", string(s)),
        Expr::Range(a, b) => format!("{}..{}", character(a), character(b)),
        Expr::Ident(name) => name.clone(),
        Expr::PeekSlice(start, Some(end)) => format!("PEEK[{start}..{end}]"),
        Expr::PeekSlice(start, None) => format!("PEEK[{start}..]"),
        // An operator's operand is an atom or in parentheses: pest's
        // precedence between prefix and postfix operators is then moot.
        Expr::PosPred(e) => format!("&{}", operand(e, 3)),
        Expr::NegPred(e) => format!("!{}", operand(e, 3)),
        Expr::Seq(a, b) => format!("{} ~ {}", operand(a, 1), operand(b, 1)),
        Expr::Choice(a, b) => format!("{} | {}", operand(a, 0), operand(b, 0)),
        Expr::Opt(e) => format!("{}?", operand(e, 3)),
        Expr::Rep(e) => format!("{}*", operand(e, 3)),
        Expr::RepOnce(e) => format!("{}+", operand(e, 3)),
        Expr::RepExact(e, n) => format!("{}{{{n}}}", operand(e, 3)),
        Expr::RepMin(e, n) => format!("{}{{{n},}}", operand(e, 3)),
        Expr::RepMax(e, n) => format!("{}{{,{n}}}", operand(e, 3)),
        Expr::RepMinMax(e, m, n) => format!("{}{{{m}, {n}}}", operand(e, 3)),
        Expr::Skip(strings) => format!(
            "(!({}) ~ ANY)*",
            strings
                .iter()
                .map(|s| string(s))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
        Expr::Push(e) => format!("PUSH({})", text(e)),
        // pest_meta's `grammar-extras` forms, if another crate turns the
        // feature on: as pest_meta writes them.
        #[allow(unreachable_patterns)]
        other => format!("{other}"),
    }
}

/// A rule in pest's syntax: `name = @{ expr }`.
pub fn rule(name: &str, ty: RuleType, expr: &Expr) -> String {
    let modifier = match ty {
        RuleType::Normal => "",
        RuleType::Silent => "_",
        RuleType::Atomic => "@",
        RuleType::CompoundAtomic => "$",
        RuleType::NonAtomic => "!",
    };
    format!("{name} = {modifier}{{ {} }}", text(expr))
}

/// The alternatives of a choice chain, in order (pest_meta nests `a | b |
/// c` as `(a | b) | c`); an expression that is no choice is its only one.
pub fn alternatives(expr: &Expr) -> Vec<&Expr> {
    match expr {
        Expr::Choice(a, b) => {
            let mut out = alternatives(a);
            out.extend(alternatives(b));
            out
        }
        other => vec![other],
    }
}

/// The items of a sequence chain, in order.
pub fn items(expr: &Expr) -> Vec<&Expr> {
    match expr {
        Expr::Seq(a, b) => {
            let mut out = items(a);
            out.extend(items(b));
            out
        }
        other => vec![other],
    }
}
