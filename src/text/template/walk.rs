//! Matching a URI against a template: the variables whose expansion gives
//! the URI, the reverse of [`UriTemplate::expand`]. The rules are written
//! once, in the [module docs](super#matching).
//!
//! A match is one walk over the steps of the template's
//! [`Plan`](super::plan::Plan), each expression's text read by its
//! operator's rules and handed to a [`Sink`]: one that checks only, so
//! that a URI that does not match costs no allocation, or one that records
//! where the values are, so that one that does match allocates only the
//! values returned.

use alloc::borrow::Cow;

use super::bytes::{
    decoded_chars, has, same, scan_value, split_byte, split_param, starts_with, symbols,
};
use super::captures::{Capture, Captures, Members, Record, Sink, Var};
use super::plan::{ExpressionStep, Family, Step};
use super::value::Value;
use super::{Modifier, Part, UriTemplate, VarSpec};

/// An occurrence's text in a matched URI, to compare a variable's
/// appearances.
#[derive(Clone, Copy)]
struct Appearance<'u> {
    /// `None` when the variable is undefined there.
    text: Option<&'u str>,
    family: Family,
    modifier: Modifier,
}

impl<'a> UriTemplate<'a> {
    /// [`match_uri`](Self::match_uri), with the URI's lifetime.
    pub(super) fn match_borrowed(&self, uri: &'a str) -> Option<Captures<'a>> {
        if self.plan.verdict.is_err() {
            return None;
        }
        let mut record = Record::new();
        if !self.walk(uri, &mut record) {
            return None;
        }
        record.captures(self).or_else(|| self.capture(uri))
    }

    /// The values of a `uri` that [`is_match`](Self::is_match) accepted.
    pub(super) fn capture(&self, uri: &'a str) -> Option<Captures<'a>> {
        let mut capture = Capture::new(self);
        self.walk(uri, &mut capture).then_some(capture.captures)
    }

    /// The values of a plain template (see
    /// [`Extent::accepts`](super::plan::Extent::accepts)) whose expressions'
    /// texts are `spans` of `uri`, one per expression, as a
    /// [`TemplateSet`](super::TemplateSet) walk found them.
    pub(super) fn capture_spans(
        &self,
        uri: &'a str,
        spans: &[(usize, usize)],
    ) -> Option<Captures<'a>> {
        let mut capture = Capture::new(self);
        let mut spans = spans.iter();
        let capacity = self.plan.names.len();
        for step in &self.plan.steps {
            if let Step::Expression(e) = step {
                let &(start, end) = spans.next()?;
                let text = uri.get(start..end)?;
                // `{var}` or `{+var}` whose text is the value as it is: no
                // triplet to decode, no comma to split a list at.
                if e.family.leadless() && !text.bytes().any(|b| b == b'%' || b == b',') {
                    let (var, _) = self.var(e.first_occurrence as usize);
                    let value = Value::String(Cow::Borrowed(text));
                    capture.captures.insert(var, value, capacity);
                    continue;
                }
                if !self.read_unnamed(e, text, &mut capture) {
                    return None;
                }
            }
        }
        Some(capture.captures)
    }

    /// The number of distinct variables.
    pub(super) fn variable_count(&self) -> u32 {
        u32::try_from(self.plan.names.len()).unwrap_or(u32::MAX)
    }

    pub(super) fn steps(&self) -> &[Step<'a>] {
        &self.plan.steps
    }

    /// One walk over the steps, giving each value read to `sink`.
    pub(super) fn walk<'s, 'u, S: Sink<'s, 'a, 'u>>(&'s self, uri: &'u str, sink: &mut S) -> bool {
        let bytes = uri.as_bytes();
        let mut pos = 0;
        for step in &self.plan.steps {
            match step {
                Step::Literal(literal) => {
                    if !starts_with(&bytes[pos..], literal.as_bytes()) {
                        return false;
                    }
                    pos += literal.len();
                }
                Step::Expression(e) => {
                    let Some(end) = e.extent.end(bytes, pos) else {
                        return false;
                    };
                    let Some(text) = uri.get(pos..end) else {
                        return false;
                    };
                    let read = if e.family.named() {
                        self.read_named(e, text, sink)
                    } else {
                        self.read_unnamed(e, text, sink)
                    };
                    if !read {
                        return false;
                    }
                    pos = end;
                }
            }
        }
        pos == bytes.len() && (!self.plan.repeats || self.appearances_agree(uri))
    }

    fn var(&self, occurrence: usize) -> (Var<'a>, bool) {
        let occ = self.plan.occurrences[occurrence];
        let var = Var {
            id: occ.var,
            name: self.plan.names[occ.var as usize],
        };
        (var, occ.primary)
    }

    /// A non-exploded variable's text.
    fn read_value<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &ExpressionStep,
        spec: &VarSpec<'a>,
        occurrence: usize,
        text: &'u str,
        sink: &mut S,
    ) -> bool {
        let prefix = match spec.modifier {
            Modifier::Prefix(n) => Some(n),
            _ => None,
        };
        // A comma that the operator encodes in a string separates the
        // members of a list.
        let commas = !e.family.reserved() && prefix.is_none();
        let list = if S::TRUSTED {
            commas && text.as_bytes().contains(&b',')
        } else {
            let Some(list) = scan_value(text, e.values, commas) else {
                return false;
            };
            if prefix.is_some_and(|n| decoded_chars(text) > n) {
                return false;
            }
            list
        };
        let (var, primary) = self.var(occurrence);
        if !primary || !S::CAPTURES {
            return true;
        }
        sink.value(var, text, list)
    }

    /// `{var}`, `{+var}`, `{#var}`, `{.var}`, `{/var}`: the values in
    /// order, separated by the operator's separator, the variables defined
    /// from the left.
    fn read_unnamed<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &'s ExpressionStep,
        text: &'u str,
        sink: &mut S,
    ) -> bool {
        let Some(Part::Expression { operator, varspecs }) = self.parts.get(e.parts.0 as usize)
        else {
            return false;
        };
        let first = e.first_occurrence as usize;
        let body = if e.family.leadless() {
            text
        } else if text.is_empty() {
            // Every variable undefined.
            return true;
        } else if text.as_bytes()[0] == operator.first.as_bytes()[0] {
            &text[1..]
        } else {
            return false;
        };
        if let [spec] = varspecs.as_slice() {
            if spec.modifier != Modifier::Explode {
                return self.read_value(e, spec, first, body, sink);
            }
        }
        let mut items = split_byte(body, operator.sep as u8);
        for (k, spec) in varspecs.iter().enumerate() {
            if spec.modifier == Modifier::Explode {
                // The last variable (the plan checked): the rest is its.
                let Some(rest) = items.rest else {
                    return true;
                };
                return self.read_exploded(e, first + k, rest, operator.sep as u8, sink);
            }
            let Some(item) = items.next() else {
                return true;
            };
            if !self.read_value(e, spec, first + k, item, sink) {
                return false;
            }
        }
        items.next().is_none()
    }

    /// The members of an exploded variable in an expression without names,
    /// `text` separated by `sep`: a list, or `key=value` pairs.
    fn read_exploded<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &ExpressionStep,
        occurrence: usize,
        text: &'u str,
        sep: u8,
        sink: &mut S,
    ) -> bool {
        let mut pairs = 0;
        let mut count = 0;
        for item in split_byte(text, sep) {
            count += 1;
            let (key, value) = split_param(item);
            if value.is_some() {
                pairs += 1;
            }
            let valid = scan_value(key, e.values, false).is_some()
                && value.is_none_or(|v| scan_value(v, e.values, false).is_some());
            if !valid {
                return false;
            }
        }
        if pairs != 0 && pairs != count {
            return false;
        }
        let (var, _) = self.var(occurrence);
        !S::CAPTURES
            || sink.members(
                var,
                Members {
                    text,
                    sep,
                    pairs: pairs > 0,
                    named: None,
                },
            )
    }

    /// An exploded variable's members, as (key, value) pairs; a list's
    /// members are the values.
    pub(super) fn members<'s, 'u>(
        &'s self,
        members: Members<'s, 'u>,
    ) -> impl Iterator<Item = (&'u str, &'u str)> + Clone + 's
    where
        'u: 's,
    {
        split_byte(members.text, members.sep)
            .map(split_param)
            .filter(move |(name, _)| match members.named {
                // Not the parameter of another variable.
                Some(e) => !matches!(
                    self.find_named(e, name),
                    Some((_, spec, _, _)) if spec.modifier != Modifier::Explode
                ),
                None => true,
            })
            .map(
                move |(name, value)| match (value, members.named, members.pairs) {
                    (Some(value), _, _) => (name, value),
                    // `;` writes an empty member or value as the name alone.
                    (None, Some(_), _) | (None, None, true) => (name, ""),
                    // A list member without a name.
                    (None, None, false) => ("", name),
                },
            )
    }

    /// The variable of a named step called `name`: its index among the
    /// step's variables, its spec, its occurrence, and whether it is in the
    /// step's first expression.
    fn find_named(
        &self,
        e: &ExpressionStep,
        name: &str,
    ) -> Option<(usize, &VarSpec<'a>, usize, bool)> {
        let specs = self.step_specs(e);
        let k = specs.iter().position(|spec| same(spec.name, name))?;
        let first = e.first_occurrence as usize;
        Some((k, &specs[k], first + k, k < e.first_len as usize))
    }

    /// The varspecs of a step, in order.
    fn step_specs(&self, e: &ExpressionStep) -> &[VarSpec<'a>] {
        let first = e.first_occurrence as usize;
        self.plan
            .specs
            .get(first..first + e.count as usize)
            .unwrap_or(&[])
    }

    /// `{;x,y}`, `{?x,y}{&z}`: parameters told apart by name. Query
    /// parameters may come in any order; path-style ones in the template's.
    fn read_named<'s, 'u, S: Sink<'s, 'a, 'u>>(
        &'s self,
        e: &'s ExpressionStep,
        text: &'u str,
        sink: &mut S,
    ) -> bool {
        let Some((&lead, _)) = text.as_bytes().split_first() else {
            return true;
        };
        if !has(e.extent.lead, lead) {
            return false;
        }
        let body = &text[1..];
        let query = e.family == Family::Query;
        let sep = if query { b'&' } else { b';' };
        // The exploded variable: its index, name, and whether it is in the
        // first expression.
        let exploded = e.exploded.and_then(|k| {
            let spec = self.step_specs(e).get(k as usize)?;
            let in_first = self.find_named(e, spec.name).is_some_and(|f| f.3);
            Some((k as usize, spec.name, in_first))
        });
        // Which variable a parameter is: a non-exploded one by name, else
        // the exploded one (its own name for list members, any other for
        // pairs).
        let owner = |name: &str| match self.find_named(e, name) {
            Some((k, spec, occ, first)) if spec.modifier != Modifier::Explode => {
                Some((k, Some((spec, occ)), first))
            }
            _ => exploded.map(|(k, _, first)| (k, None, first)),
        };
        let mut seen: u128 = 0;
        let mut last = 0;
        let mut in_first = false;
        let mut members = 0usize;
        let mut own_members = 0usize;
        for (index, param) in split_byte(body, sep).enumerate() {
            let (name, value) = split_param(param);
            let value = match (query, value) {
                // `?` and `&` write `name=` for an empty value, `;` the
                // name alone.
                (true, None) | (false, Some("")) => return false,
                (_, value) => value.unwrap_or(""),
            };
            let Some((k, spec, first)) = owner(name) else {
                return false;
            };
            if !query && k < last {
                return false;
            }
            last = k;
            in_first |= first;
            match spec {
                Some((spec, occ)) => {
                    let repeated = if k < 128 {
                        let repeated = seen & (1 << k) != 0;
                        seen |= 1 << k;
                        repeated
                    } else {
                        split_byte(body, sep)
                            .take(index)
                            .any(|p| same(split_param(p).0, name))
                    };
                    if repeated || !self.read_value(e, spec, occ, value, sink) {
                        return false;
                    }
                }
                None => {
                    members += 1;
                    let own = exploded.is_some_and(|(_, own, _)| same(own, name));
                    if own {
                        own_members += 1;
                    } else if scan_value(name, e.values, false).is_none() {
                        return false;
                    }
                    if scan_value(value, e.values, false).is_none() {
                        return false;
                    }
                }
            }
        }
        // The first expression with a defined variable writes its operator.
        let expected = match (query, e.query_first && in_first) {
            (false, _) => b';',
            (true, true) => b'?',
            (true, false) => b'&',
        };
        if lead != expected {
            return false;
        }
        let Some((k, _, _)) = exploded.filter(|_| members > 0 && S::CAPTURES) else {
            return true;
        };
        let (var, _) = self.var(e.first_occurrence as usize + k);
        sink.members(
            var,
            Members {
                text: body,
                sep,
                pairs: own_members != members,
                named: Some(e),
            },
        )
    }

    /// Whether every variable that appears more than once has the same
    /// value everywhere (a prefix of it where a prefix modifier says so).
    fn appearances_agree(&self, uri: &str) -> bool {
        let occurrences = &self.plan.occurrences;
        (0..occurrences.len())
            .filter(|&i| !occurrences[i].primary)
            .all(|i| {
                let var = occurrences[i].var;
                let primary = (0..occurrences.len())
                    .find(|&p| occurrences[p].var == var && occurrences[p].primary);
                match (
                    primary.and_then(|p| self.appearance(uri, p)),
                    self.appearance(uri, i),
                ) {
                    (Some(p), Some(s)) => agree(p, s),
                    _ => false,
                }
            })
    }

    /// Where occurrence `index` is in a matched `uri`.
    fn appearance<'u>(&self, uri: &'u str, index: usize) -> Option<Appearance<'u>> {
        let bytes = uri.as_bytes();
        let mut pos = 0;
        for step in &self.plan.steps {
            let e = match step {
                Step::Literal(literal) => {
                    pos += literal.len();
                    continue;
                }
                Step::Expression(e) => e,
            };
            let end = e.extent.end(bytes, pos)?;
            let text = uri.get(pos..end)?;
            pos = end;
            let first = e.first_occurrence as usize;
            let k = match index.checked_sub(first) {
                Some(k) if k < e.count as usize => k,
                _ => continue,
            };
            let spec = self.step_specs(e).get(k)?;
            let found = if e.family.named() {
                text.get(1..).and_then(|body| {
                    split_byte(
                        body,
                        if e.family == Family::Query {
                            b'&'
                        } else {
                            b';'
                        },
                    )
                    .map(split_param)
                    .find(|(name, _)| same(name, spec.name))
                    .map(|(_, value)| value.unwrap_or(""))
                })
            } else {
                let Part::Expression { operator, varspecs } = self.parts.get(e.parts.0 as usize)?
                else {
                    return None;
                };
                let body = if e.family.leadless() {
                    Some(text)
                } else {
                    text.get(1..).filter(|_| !text.is_empty())
                };
                body.and_then(|body| {
                    if varspecs.len() == 1 {
                        Some(body)
                    } else {
                        split_byte(body, operator.sep as u8).nth(k)
                    }
                })
            };
            return Some(Appearance {
                text: found,
                family: e.family,
                modifier: spec.modifier,
            });
        }
        None
    }
}

/// Whether a variable's value, read at its primary appearance `p`, is what
/// its other appearance `s` shows.
fn agree(p: Appearance<'_>, s: Appearance<'_>) -> bool {
    // An empty simple or reserved expansion may be an undefined value.
    let maybe_undefined = |a: Appearance<'_>| a.family.leadless() && a.text == Some("");
    match (p.text, s.text) {
        (None, None) => true,
        (None, Some(_)) => maybe_undefined(s),
        (Some(_), None) => maybe_undefined(p),
        (Some(a), Some(b)) => {
            let limit = match s.modifier {
                Modifier::Prefix(n) => n,
                _ => usize::MAX,
            };
            let mut chars = 0;
            let expected = symbols(a, !p.family.reserved()).take_while(|sym| {
                if sym.is_none_or(|b| b & 0xC0 != 0x80) {
                    chars += 1;
                }
                chars <= limit
            });
            expected.eq(symbols(b, !s.family.reserved()))
        }
    }
}
