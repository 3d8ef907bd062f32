//! Pieces of generated Rust source: literals, sequences, lookaheads,
//! repetitions and the saving of record fields, and the reading of
//! identifiers back from generated code.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use super::class::Set;

pub(crate) fn byte_literal(b: usize) -> String {
    match u8::try_from(b) {
        Ok(b) if b.is_ascii_graphic() && b != b'\'' && b != b'\\' => format!("b'{}'", b as char),
        Ok(b) => format!("{b}u8"),
        Err(_) => "0u8".to_owned(),
    }
}

pub(crate) fn bytes_literal(s: &str) -> String {
    let parts: Vec<String> = s.bytes().map(|b| format!("{b}u8")).collect();
    format!("[{}]", parts.join(", "))
}

/// A set as a list of inclusive byte ranges, for `table(&[...])`.
pub(crate) fn ranges_literal(set: &Set) -> String {
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

/// Code for a sequence of two items or more at `p`: each item's code
/// matches at the position the previous one reached (`p`); the first
/// failure fails the sequence.
pub(crate) fn seq_code(label: usize, p: &str, items: &[String]) -> String {
    let mut code = format!("'s{label}: {{\n");
    if p != "p" {
        let _ = writeln!(code, "let p = {p};");
    }
    let last = items.len().saturating_sub(1);
    for (i, item) in items.iter().enumerate() {
        if i == last {
            let _ = write!(code, "{item}\n}}");
        } else {
            let _ = writeln!(
                code,
                "let p = match {item} {{ Some(q) => q, None => break 's{label} None }};"
            );
        }
    }
    code
}

/// Code for `&e` (`positive`) or `!e` at `p`, given `e`'s code there.
pub(crate) fn lookahead_code(inner: &str, p: &str, positive: bool) -> String {
    let test = if positive { "is_some" } else { "is_none" };
    format!(
        "if {}.{test}() {{ Some({p}) }} else {{ None }}",
        postfix(inner)
    )
}

/// Code as the operand of a method call or `?`: the code generated for an
/// expression is bare (`match`, `if`, a block, a call), and all but a call
/// or a name need parentheses there.
pub(crate) fn postfix(code: &str) -> String {
    let simple = code.bytes().all(|b| is_ident_byte(b) || b == b'.')
        || (code.ends_with(')')
            && code.find('(').is_some_and(|open| {
                code[..open].bytes().all(is_ident_byte) && closes_at_end(&code[open..])
            }));
    if simple {
        code.to_owned()
    } else {
        format!("({code})")
    }
}

/// Whether the parenthesis that `code` starts with closes at its end.
pub(crate) fn closes_at_end(code: &str) -> bool {
    let mut depth = 0usize;
    for (i, b) in code.bytes().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return i == code.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// The end of a repetition that took `n` matches, ending at `end`: `end`
/// if that is at least `min`.
pub(crate) fn at_least(min: u32, end: &str) -> String {
    if min == 0 {
        format!("Some({end})")
    } else {
        format!("if n >= {min} {{ Some({end}) }} else {{ None }}")
    }
}

/// A function's parameter list: each of `params` (`name: Type`) that
/// `body` uses, and `_: Type` for the others, which the function takes
/// for its callers' sake.
pub(crate) fn params(body: &str, params: &[&str]) -> String {
    let used = identifiers(body);
    let list: Vec<String> = params
        .iter()
        .map(|param| match param.split_once(": ") {
            Some((name, ty)) if !used.contains(name) => format!("_: {ty}"),
            _ => (*param).to_owned(),
        })
        .collect();
    list.join(", ")
}

/// Code that saves the record fields an alternative may write, and code that
/// puts them back when it fails (`l`: nesting level, `i`: alternative).
pub(crate) fn save_restore(touched: &BTreeSet<String>, l: usize, i: usize) -> (String, String) {
    let mut save = String::new();
    let mut restore = String::new();
    for (k, field) in touched.iter().enumerate() {
        let _ = write!(save, "let k{l}_{i}_{k} = rec.{field}; ");
        let _ = write!(restore, "rec.{field} = k{l}_{i}_{k}; ");
    }
    (save, restore)
}

/// The identifiers that `code` and the items of `defined` it reaches use,
/// the names of those items among them. `defined` maps an item's name to
/// its code.
pub(crate) fn reachable(code: &str, defined: &BTreeMap<&str, String>) -> BTreeSet<String> {
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut pending: Vec<&str> = vec![code];
    while let Some(code) = pending.pop() {
        for ident in identifiers(code) {
            if used.insert(ident.to_owned()) {
                if let Some(item) = defined.get(ident) {
                    pending.push(item);
                }
            }
        }
    }
    used
}

/// The identifiers in generated code, outside comments and string,
/// character and byte literals, and not counting loop labels.
pub(crate) fn identifiers(code: &str) -> BTreeSet<&str> {
    let bytes = code.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while bytes.get(i).is_some_and(|&b| b != b'\n') {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while let Some(&b) = bytes.get(i) {
                    i += if b == b'\\' { 2 } else { 1 };
                    if b == b'"' {
                        break;
                    }
                }
            }
            // A character literal (`'a'`, `'\\''`) or a label (`'c1`).
            b'\'' => {
                i += 1;
                if bytes.get(i) == Some(&b'\\') {
                    i += 2;
                    while bytes.get(i).is_some_and(|&b| b != b'\'') {
                        i += 1;
                    }
                    i += 1;
                } else if bytes.get(i + 1) == Some(&b'\'') {
                    i += 2;
                } else {
                    while bytes.get(i).is_some_and(|&b| is_ident_byte(b)) {
                        i += 1;
                    }
                }
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let start = i;
                while bytes.get(i).is_some_and(|&b| is_ident_byte(b)) {
                    i += 1;
                }
                out.insert(&code[start..i]);
            }
            b if b.is_ascii_digit() => {
                // A number with its suffix (`0u8`, `0x7f`).
                while bytes.get(i).is_some_and(|&b| is_ident_byte(b)) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

pub(crate) fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}
