//! Expansion (RFC 6570 section 3 and Appendix A): an expression's values
//! written by its operator's rules, and text percent-encoded with the
//! classes of `uri.pest`.

use alloc::string::String;

use super::error::{TemplateError, TemplateErrorKind};
use super::value::{Value, Variables};
use super::{Modifier, Operator, VarSpec};
use crate::syntax::pct;

/// Expands one expression (RFC 6570 Appendix A).
pub(super) fn expand_expression<V: Variables + ?Sized>(
    out: &mut String,
    op: Operator,
    varspecs: &[VarSpec<'_>],
    variables: &V,
) -> Result<(), TemplateError> {
    let mut first = true;
    for spec in varspecs {
        let Some(value) = variables.get(spec.name).filter(|v| v.is_defined()) else {
            continue;
        };
        if first {
            out.push_str(op.first);
        } else {
            out.push(op.sep);
        }
        first = false;
        let explode = spec.modifier == Modifier::Explode;
        match value {
            Value::String(s) => {
                // A prefix is at least one character long, so it is empty
                // only when the value is.
                let s = match spec.modifier {
                    Modifier::Prefix(n) => prefix(s, n),
                    _ => s,
                };
                push_value(out, op, spec.name, s);
            }
            Value::List(_) | Value::Map(_) if matches!(spec.modifier, Modifier::Prefix(_)) => {
                return Err(TemplateErrorKind::PrefixOnComposite {
                    offset: spec.offset,
                }
                .into());
            }
            Value::List(items) if explode => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(op.sep);
                    }
                    push_value(out, op, spec.name, item);
                }
            }
            Value::Map(pairs) if explode => {
                for (i, (key, item)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push(op.sep);
                    }
                    encode(out, key, op.allow_reserved);
                    if op.named && item.is_empty() {
                        out.push_str(op.if_empty);
                        continue;
                    }
                    out.push('=');
                    encode(out, item, op.allow_reserved);
                }
            }
            Value::List(_) | Value::Map(_) => {
                // Not exploded: members, or names and values, joined by
                // commas, after `name=` for the named operators.
                let mut joined = String::new();
                let mut members = 0;
                let mut member = |text: &str| {
                    if members > 0 {
                        joined.push(',');
                    }
                    members += 1;
                    encode(&mut joined, text, op.allow_reserved);
                };
                match value {
                    Value::List(items) => items.iter().for_each(|item| member(item)),
                    Value::Map(pairs) => pairs.iter().for_each(|(key, item)| {
                        member(key);
                        member(item);
                    }),
                    Value::String(_) => {}
                }
                if op.named {
                    out.push_str(spec.name);
                    out.push_str(if joined.is_empty() { op.if_empty } else { "=" });
                }
                out.push_str(&joined);
            }
        }
    }
    Ok(())
}

/// One value, after `name=` for the named operators (`;`, `?`, `&`), or
/// after the name and the operator's `ifemp` when the value is empty
/// (RFC 6570 Appendix A).
fn push_value(out: &mut String, op: Operator, name: &str, value: &str) {
    if op.named {
        out.push_str(name);
        if value.is_empty() {
            out.push_str(op.if_empty);
            return;
        }
        out.push('=');
    }
    encode(out, value, op.allow_reserved);
}

/// The first `n` characters of `s`.
fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((end, _)) => &s[..end],
        None => s,
    }
}

/// Appends `text`, percent-encoded: only unreserved characters stay
/// (`U`), or also reserved characters and triplets (`U+R`).
pub(super) fn encode(out: &mut String, text: &str, allow_reserved: bool) {
    let classes = pct::classes();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if allow_reserved && pct::triplet_at(bytes, i).is_some() {
            out.push_str(&text[i..i + 3]);
            i += 3;
            continue;
        }
        if pct::is_in(classes.unreserved, b) || (allow_reserved && pct::is_in(classes.reserved, b))
        {
            out.push(char::from(b));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xF)]));
        }
        i += 1;
    }
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";
