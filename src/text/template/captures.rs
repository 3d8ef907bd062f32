//! What a match gives back, and how a walk hands it over: the
//! [`Captures`] of a match, and the [`Sink`]s a walk gives each value's
//! text to, which check it, record where it is, or decode it.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::UriTemplate;
use super::bytes::{find_byte, split_byte};
use super::plan::ExpressionStep;
use super::value::{Value, Variables};
use crate::syntax::pct;

/// The variables a match found, in the order they first appear in the
/// template, each with its value, percent-decoded. Undefined variables are
/// not there. It is [`Variables`], so it expands back.
///
/// `'a` is the shorter of the template's text and the URI's: a value's
/// string borrows from the URI unless decoding changed it (it held a
/// triplet), and a name from the template.
///
/// ```
/// use peguri::template::{UriTemplate, Value};
///
/// let template = UriTemplate::parse("/users/{id}{/path*}{?fields}")?;
/// let found = template.match_uri("/users/jo%20ann/a/b?fields=name").unwrap();
/// assert_eq!(found.get("id"), Some(&Value::from("jo ann")));
/// assert_eq!(found.get("path"), Some(&Value::list(["a", "b"])));
/// assert_eq!(found.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["id", "path", "fields"]);
/// assert_eq!(template.expand(&found)?, "/users/jo%20ann/a/b?fields=name");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captures<'t> {
    /// (variable index in the template, name, value), by index.
    entries: Vec<(u32, &'t str, Value<'t>)>,
}

impl<'t> Captures<'t> {
    /// The value of the variable `name`, if it is defined.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/u/{id}{?q}")?;
    /// let found = t.match_uri("/u/7").unwrap();
    /// assert_eq!(found.get("id"), Some(&"7".into()));
    /// assert_eq!(found.get("q"), None);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value<'t>> {
        self.entries
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(_, _, v)| v)
    }

    /// The number of defined variables.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{?a,b,c}")?;
    /// assert_eq!(t.match_uri("?c=1&a=2").unwrap().len(), 2);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no variable is defined.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("/search{?q}")?;
    /// assert!(t.match_uri("/search").unwrap().is_empty());
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The names and values, in the order the names first appear in the
    /// template.
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{?a,b}")?;
    /// let found = t.match_uri("?b=1&a=2").unwrap();
    /// let names: Vec<&str> = found.iter().map(|(name, _)| name).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'t str, &Value<'t>)> + '_ {
        self.entries.iter().map(|(_, name, value)| (*name, value))
    }

    pub(super) fn insert(&mut self, var: Var<'t>, value: Value<'t>, capacity: usize) {
        if self.entries.capacity() == 0 {
            // Allocated by the first value (not by `reserve`'s growth path).
            self.entries = Vec::with_capacity(capacity);
        }
        // Values mostly come in the template's order.
        if self.entries.last().is_none_or(|(id, _, _)| *id < var.id) {
            self.entries.push((var.id, var.name, value));
            return;
        }
        let at = self
            .entries
            .iter()
            .rposition(|(id, _, _)| *id < var.id)
            .map_or(0, |p| p + 1);
        self.entries.insert(at, (var.id, var.name, value));
    }
}

impl Variables for Captures<'_> {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        Captures::get(self, name)
    }
}

impl<'t> IntoIterator for Captures<'t> {
    type Item = (&'t str, Value<'t>);
    type IntoIter = core::iter::Map<
        alloc::vec::IntoIter<(u32, &'t str, Value<'t>)>,
        fn((u32, &'t str, Value<'t>)) -> (&'t str, Value<'t>),
    >;

    fn into_iter(self) -> Self::IntoIter {
        fn entry<'t>((_, name, value): (u32, &'t str, Value<'t>)) -> (&'t str, Value<'t>) {
            (name, value)
        }
        self.entries.into_iter().map(entry as fn(_) -> _)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Captures<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (name, value) in self.iter() {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A variable, as a sink receives it.
#[derive(Clone, Copy)]
pub(super) struct Var<'t> {
    pub(super) id: u32,
    pub(super) name: &'t str,
}

/// Where an exploded variable's members are in the URI.
#[derive(Clone, Copy)]
pub(super) struct Members<'s, 'u> {
    /// The text holding them: the rest of an expression without names, or
    /// a named step's parameters.
    pub(super) text: &'u str,
    pub(super) sep: u8,
    /// Whether they are `key=value` pairs rather than list members.
    pub(super) pairs: bool,
    /// For a named step, the step: the parameters of its other variables
    /// are not members.
    pub(super) named: Option<&'s ExpressionStep>,
}

/// What a walk does with the values it reads, each given as its text in
/// the URI `'u` (checked: only the characters its operator writes, and
/// triplets that decode to UTF-8). A walk may hand values over before it
/// finds that the URI does not match; only [`Check`] and [`Record`] walk
/// URIs that may not, and [`Capture`] those that do.
pub(super) trait Sink<'s, 't, 'u> {
    /// Whether the sink keeps values; a walk that only checks skips
    /// handing them over.
    const CAPTURES: bool;
    /// Whether the sink walks only URIs known to match, whose values need
    /// no second check.
    const TRUSTED: bool = false;
    /// A variable that is not exploded: a string, or a list when `list`
    /// (its members separated by commas).
    fn value(&mut self, var: Var<'t>, text: &'u str, list: bool) -> bool;
    /// An exploded variable's members.
    fn members(&mut self, var: Var<'t>, members: Members<'s, 'u>) -> bool;
}

/// Keeps nothing: the walk has checked the values as it read them.
pub(super) struct Check;

impl<'s, 't, 'u> Sink<'s, 't, 'u> for Check {
    const CAPTURES: bool = false;
    fn value(&mut self, _: Var<'t>, _: &'u str, _: bool) -> bool {
        true
    }
    fn members(&mut self, _: Var<'t>, _: Members<'s, 'u>) -> bool {
        true
    }
}

/// Decodes the values into [`Captures`].
pub(super) struct Capture<'s, 't> {
    template: &'s UriTemplate<'t>,
    pub(super) captures: Captures<'t>,
}

impl<'s, 't> Capture<'s, 't> {
    pub(super) fn new(template: &'s UriTemplate<'t>) -> Self {
        Capture {
            template,
            captures: Captures::default(),
        }
    }
}

/// A value's text, decoded: borrowed unless it holds a triplet; `None`
/// when it is not UTF-8 (the walk has ruled that out before decoding).
#[inline]
fn decode(text: &str) -> Option<Cow<'_, str>> {
    match find_byte(text, b'%') {
        None => Some(Cow::Borrowed(text)),
        Some(_) => pct::decode_utf8(text).ok(),
    }
}

/// How many pieces `text` has between the bytes `sep`: at most this many
/// members, found without splitting.
fn pieces(text: &str, sep: u8) -> usize {
    1 + text.bytes().filter(|&b| b == sep).count()
}

/// The decoded members of a list, at most `capacity` of them.
fn decode_list<'u>(items: impl Iterator<Item = &'u str>, capacity: usize) -> Option<Value<'u>> {
    let mut list = Vec::with_capacity(capacity);
    for item in items {
        list.push(decode(item)?);
    }
    Some(Value::List(list))
}

/// The values borrow from the URI, so the URI's text lives as long as the
/// template's here (a longer-lived template is shortened to the URI's).
impl<'s, 't> Sink<'s, 't, 't> for Capture<'s, 't> {
    const CAPTURES: bool = true;
    const TRUSTED: bool = true;
    fn value(&mut self, var: Var<'t>, text: &'t str, list: bool) -> bool {
        let value = if list {
            decode_list(split_byte(text, b','), pieces(text, b','))
        } else {
            decode(text).map(Value::String)
        };
        let Some(value) = value else {
            return false;
        };
        let capacity = self.template.plan.names.len();
        self.captures.insert(var, value, capacity);
        true
    }
    fn members(&mut self, var: Var<'t>, members: Members<'s, 't>) -> bool {
        let each = self.template.members(members);
        // The members are among the pieces (a named step's other
        // parameters are not members).
        let capacity = pieces(members.text, members.sep);
        let value = if members.pairs {
            let mut map = Vec::with_capacity(capacity);
            for (key, value) in each {
                let (Some(key), Some(value)) = (decode(key), decode(value)) else {
                    return false;
                };
                map.push((key, value));
            }
            Value::Map(map)
        } else {
            match decode_list(each.map(|(_, value)| value), capacity) {
                Some(list) => list,
                None => return false,
            }
        };
        let capacity = self.template.plan.names.len();
        self.captures.insert(var, value, capacity);
        true
    }
}

/// How many values [`Record`] keeps.
const RECORDED: usize = 16;

/// A value as [`Record`] keeps it.
#[derive(Clone, Copy)]
enum Recorded<'s, 'u> {
    Value(&'u str, bool),
    Members(Members<'s, 'u>),
}

/// Keeps where the values are, on the stack, to be decoded once the walk
/// has matched: matching then takes one walk. A URI with more values than
/// it keeps is captured by a second walk.
pub(super) struct Record<'s, 't, 'u> {
    values: [Option<(Var<'t>, Recorded<'s, 'u>)>; RECORDED],
    len: usize,
    overflowed: bool,
}

impl<'s, 't, 'u> Record<'s, 't, 'u> {
    pub(super) fn new() -> Self {
        Record {
            values: [None; RECORDED],
            len: 0,
            overflowed: false,
        }
    }

    fn push(&mut self, var: Var<'t>, value: Recorded<'s, 'u>) -> bool {
        match self.values.get_mut(self.len) {
            Some(slot) => {
                *slot = Some((var, value));
                self.len += 1;
            }
            None => self.overflowed = true,
        }
        true
    }

    /// The values, decoded; `None` if the record overflowed.
    pub(super) fn captures(&self, template: &'s UriTemplate<'t>) -> Option<Captures<'t>>
    where
        'u: 't,
    {
        if self.overflowed {
            return None;
        }
        let mut capture = Capture::new(template);
        for &(var, value) in self.values[..self.len].iter().flatten() {
            let read = match value {
                Recorded::Value(text, list) => capture.value(var, text, list),
                Recorded::Members(members) => capture.members(var, members),
            };
            if !read {
                return None;
            }
        }
        Some(capture.captures)
    }
}

impl<'s, 't, 'u> Sink<'s, 't, 'u> for Record<'s, 't, 'u> {
    const CAPTURES: bool = true;
    fn value(&mut self, var: Var<'t>, text: &'u str, list: bool) -> bool {
        self.push(var, Recorded::Value(text, list))
    }
    fn members(&mut self, var: Var<'t>, members: Members<'s, 'u>) -> bool {
        self.push(var, Recorded::Members(members))
    }
}
