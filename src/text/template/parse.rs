//! Reading a template's text with the rules compiled from `rfc6570.pest`:
//! its parts, and where and why the grammar refuses it.

use alloc::vec::Vec;

use super::error::{TemplateError, TemplateErrorKind};
use super::{Modifier, Operator, Part, VarSpec};
use crate::syntax::compiled::template as compiled;
use crate::syntax::pct;

/// The parser pest derives from `rfc6570.pest` (RFC 6570 section 2): the
/// reference the compiled rules are tested against.
#[cfg(test)]
mod reference {
    // pest_derive adds undocumented items; the rules take their docs from
    // the `///` lines in rfc6570.pest.
    #![allow(missing_docs)]

    #[derive(pest_derive::Parser)]
    #[grammar = "../rfc6570.pest"]
    pub struct TemplateParser;
}

/// The template rules a template is walked with, compiled from
/// `rfc6570.pest` at build time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    UriTemplate,
    Literals,
    Expression,
    Operator,
    Varname,
    MaxLength,
}

/// The expression `text[start..end]`, which the grammar's `expression`
/// matched, as a [`Part`]: `"{" [ operator ] variable-list "}"`, each
/// piece ending where its rule's match ends.
pub(super) fn expression(text: &str, start: usize, end: usize) -> Result<Part<'_>, TemplateError> {
    let mut pos = start + 1;
    let mut op = None;
    if let Some(op_end) = matched(Rule::Operator, text, pos) {
        let ch = text[pos..op_end].chars().next();
        if Operator::from_char(ch).is_none() {
            return Err(TemplateErrorKind::ReservedOperator {
                op: ch.unwrap_or_default(),
                offset: pos,
            }
            .into());
        }
        op = ch;
        pos = op_end;
    }
    // variable-list = varspec *( "," varspec );
    // varspec = varname [ ":" max-length / "*" ]
    let mut varspecs = Vec::new();
    while pos < end {
        let name_end = matched(Rule::Varname, text, pos).unwrap_or(pos);
        let mut spec = VarSpec {
            name: &text[pos..name_end],
            offset: pos,
            modifier: Modifier::None,
        };
        pos = name_end;
        match text.as_bytes().get(pos) {
            Some(b':') => {
                let digits_end = matched(Rule::MaxLength, text, pos + 1).unwrap_or(pos + 1);
                // The grammar allows 1 to 4 digits, not starting with 0.
                let length = text[pos + 1..digits_end].parse().unwrap_or(1);
                spec.modifier = Modifier::Prefix(length);
                pos = digits_end;
            }
            Some(b'*') => {
                spec.modifier = Modifier::Explode;
                pos += 1;
            }
            _ => {}
        }
        varspecs.push(spec);
        // A `,` before the next varspec, or the closing `}`.
        pos += 1;
    }
    let operator = Operator::from_char(op).unwrap_or(Operator::new("", ',', false, "", false));
    Ok(Part::Expression { operator, varspecs })
}

/// The end of the match of `rule` at `pos` in `text`, if it matches there.
pub(super) fn matched(rule: Rule, text: &str, pos: usize) -> Option<usize> {
    let s = text.as_bytes();
    match rule {
        Rule::UriTemplate => compiled::quiet_URI_Template(s, pos),
        Rule::Literals => compiled::quiet_literals(s, pos),
        Rule::Expression => compiled::quiet_expression(s, pos),
        Rule::Operator => compiled::quiet_operator(s, pos),
        Rule::Varname => compiled::quiet_varname(s, pos),
        Rule::MaxLength => compiled::quiet_max_length(s, pos),
    }
}

/// Finds the fault in a template the grammar refused, and says what it is.
///
/// pest's error position is not precise enough here (after a nested rule
/// it reports where that rule started), so the template is walked with the
/// grammar's rules: `URI_Template` as far as it matches, then, if an
/// expression stops it, that expression's parts in the order `expression`
/// gives them, each matched by its own rule.
pub(super) fn syntax_error(text: &str) -> TemplateError {
    let start = matched(Rule::UriTemplate, text, 0).unwrap_or(0);
    let kind = if text[start..].starts_with('{') {
        expression_error(text, start)
    } else {
        unexpected(text, start, false)
    };
    kind.into()
}

/// What is wrong at `offset`, where nothing the grammar allows matches.
fn unexpected(text: &str, offset: usize, in_expression: bool) -> TemplateErrorKind {
    let bytes = text.as_bytes();
    match text[offset..].chars().next() {
        Some('%') if pct::triplet_at(bytes, offset).is_none() => {
            TemplateErrorKind::InvalidPercentEncoding { offset }
        }
        Some(ch) if in_expression => TemplateErrorKind::InvalidExpression { ch, offset },
        Some(ch) => TemplateErrorKind::InvalidLiteral { ch, offset },
        // Only an expression can be cut short.
        None => TemplateErrorKind::UnclosedExpression { offset },
    }
}

/// The fault in the expression that starts at `open` (its `{`).
fn expression_error(text: &str, open: usize) -> TemplateErrorKind {
    let unclosed = TemplateErrorKind::UnclosedExpression { offset: open };
    let mut pos = open + 1;
    pos = matched(Rule::Operator, text, pos).unwrap_or(pos);
    loop {
        // varspec = varname [ modifier-level4 ]
        match matched(Rule::Varname, text, pos) {
            Some(end) => pos = end,
            None => {
                return match text[pos..].chars().next() {
                    None => unclosed,
                    Some('}' | ',') => TemplateErrorKind::MissingVariableName { offset: pos },
                    Some(_) => unexpected(text, pos, true),
                };
            }
        }
        match text[pos..].chars().next() {
            Some(':') => {
                let Some(n) = matched(Rule::MaxLength, text, pos + 1).map(|end| end - pos - 1)
                else {
                    return TemplateErrorKind::InvalidPrefix { offset: pos };
                };
                // `max-length` takes at most four digits: a fifth is too long.
                if text[pos + 1 + n..].starts_with(|c: char| c.is_ascii_digit()) {
                    return TemplateErrorKind::InvalidPrefix { offset: pos };
                }
                pos += 1 + n;
            }
            Some('*') => pos += 1,
            _ => {}
        }
        // *( "," varspec ) "}"
        match text[pos..].chars().next() {
            Some(',') => pos += 1,
            None => return unclosed,
            // A complete expression cannot have stopped the template;
            // `}` here would be a disagreement with the grammar, reported
            // at the spot rather than hidden.
            Some(_) => return unexpected(text, pos, true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::template::UriTemplate;
    use alloc::{borrow::ToOwned, string::String, string::ToString, vec};
    use pest::Parser as _;

    /// The parts the compiled rules find are the pairs pest_derive's parser
    /// builds, on templates that use every construct, valid or not.
    #[test]
    fn compiled_rules_agree_with_pest() {
        use reference::{Rule as R, TemplateParser};
        let mut templates: Vec<String> = vec![
            "".into(),
            "a{b}c".into(),
            "{+path:6}/here{?x,y*}".into(),
            "{#var,hello:5}".into(),
            "{=x}".into(),
            "{x:10000}".into(),
            "{x".into(),
            "{}".into(),
            "a b".into(),
            "%zz{a}".into(),
            "é{é}".into(),
            "{a.b.c,d_e%41}".into(),
            "{.a}{/b*}{;c:3}{&d}".into(),
        ];
        let pieces = [
            "{", "}", "+", "#", ".", "/", ";", "?", "&", "=", ",", "a", "1", ":", "3", "*", "%41",
            "%g", " ", "é", "x",
        ];
        let mut state = 7u64;
        for _ in 0..3000 {
            let mut t = String::new();
            for _ in 0..(state % 9) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                t.push_str(pieces[(state % pieces.len() as u64) as usize]);
            }
            templates.push(t);
        }
        for t in &templates {
            let pest = TemplateParser::parse(R::URI_Template_entry, t);
            let ours = UriTemplate::parse(t);
            match (pest, ours) {
                (Err(_), Err(_)) => {}
                // The grammar reserves these operators; expansion refuses them.
                (Ok(_), Err(e))
                    if matches!(e.kind(), TemplateErrorKind::ReservedOperator { .. }) => {}
                (Ok(pairs), Ok(ours)) => {
                    // Literal text, and each variable with its modifier.
                    let theirs: Vec<(R, &str)> = pairs
                        .flatten()
                        .filter(|p| {
                            matches!(
                                p.as_rule(),
                                R::literals | R::varname | R::max_length | R::explode
                            )
                        })
                        .map(|p| (p.as_rule(), p.as_str()))
                        .collect();
                    let mut mine: Vec<(R, String)> = Vec::new();
                    for part in &ours.parts {
                        match part {
                            Part::Literal(text) => mine.push((R::literals, (*text).to_owned())),
                            Part::Expression { varspecs, .. } => {
                                for v in varspecs {
                                    mine.push((R::varname, v.name.to_owned()));
                                    match v.modifier {
                                        Modifier::Prefix(n) => {
                                            mine.push((R::max_length, n.to_string()))
                                        }
                                        Modifier::Explode => mine.push((R::explode, "*".into())),
                                        Modifier::None => {}
                                    }
                                }
                            }
                        }
                    }
                    let mine: Vec<(R, &str)> = mine.iter().map(|(r, s)| (*r, s.as_str())).collect();
                    assert_eq!(mine, theirs, "{t:?}");
                }
                (pest, ours) => panic!(
                    "{t:?}: pest {:?}, compiled {:?}",
                    pest.is_ok(),
                    ours.is_ok()
                ),
            }
        }
    }

    /// The rules restated from RFC 3987 accept the characters `iri.pest`'s
    /// do, at every range boundary.
    #[test]
    fn restated_rules_agree_with_iri_pest() {
        let mut probes = vec![
            0x7Fu32, 0x9F, 0xA0, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0,
        ];
        probes.extend([
            0xFDEF, 0xFDF0, 0xFFEF, 0xFFF0, 0xFFFD, 0x10000, 0x1FFFD, 0x1FFFE,
        ]);
        for plane in 1..=0x10u32 {
            let base = plane << 16;
            probes.extend([base, base + 0xFFFD, base + 0xFFFE, base + 0x1000]);
        }
        probes.extend([0xE0FFF, 0xE1000]);
        for rule in ["ucschar", "iprivate", "pct_encoded"] {
            for cp in probes.iter().filter_map(|&cp| char::from_u32(cp)) {
                let text = cp.to_string();
                let ours = reference::TemplateParser::parse(rule_of(rule), &text)
                    .is_ok_and(|p| p.as_str() == text);
                let theirs = crate::syntax::grammar::parse_rule(rule, &text).is_ok();
                assert_eq!(ours, theirs, "{rule} on U+{:04X}", u32::from(cp));
            }
        }
        for text in ["%41", "%4", "%zz", "%aF"] {
            let ours = reference::TemplateParser::parse(reference::Rule::pct_encoded, text)
                .is_ok_and(|p| p.as_str() == text);
            let theirs = crate::syntax::grammar::parse_rule("pct_encoded", text).is_ok();
            assert_eq!(ours, theirs, "pct_encoded on {text:?}");
        }
    }

    fn rule_of(name: &str) -> reference::Rule {
        match name {
            "ucschar" => reference::Rule::ucschar,
            "iprivate" => reference::Rule::iprivate,
            _ => reference::Rule::pct_encoded,
        }
    }
}
