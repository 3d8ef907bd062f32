//! URI Templates (RFC 6570): `https://api.example.com/users/{id}{?fields*}`
//! and the URI references they expand to, at all four levels.
//!
//! The template syntax is `rfc6570.pest`, RFC 6570 section 2 transcribed
//! rule by rule, compiled by pest like `uri.pest`. Expansion follows the
//! algorithm and the operator table of the RFC's Appendix A: simple
//! `{var}`, reserved `{+var}`, fragment
//! `{#var}`, label `{.var}`, path segment `{/var}`, path-style parameter
//! `{;var}`, query `{?var}` and query continuation `{&var}`, each with the
//! prefix (`{var:3}`) and explode (`{list*}`) modifiers. Characters are
//! percent-encoded with the classes of [`pct`](crate::pct), which come from
//! the `unreserved` and `reserved` rules of `uri.pest`.
//!
//! ```
//! use peguri::template::{UriTemplate, Value};
//!
//! let template = UriTemplate::parse("https://api.example.com/users/{id}{/path*}{?fields,lang}")?;
//! let expanded = template.expand(&[
//!     ("id", Value::from("jo ann")),
//!     ("path", Value::list(["repos", "a/b"])),
//!     ("fields", Value::list(["name", "email"])),
//! ])?;
//! assert_eq!(expanded, "https://api.example.com/users/jo%20ann/repos/a%2Fb?fields=name,email");
//!
//! let err = UriTemplate::parse("/users/{id").unwrap_err();
//! assert_eq!(err.offset(), 7);
//! assert_eq!(err.to_string(), "expression opened at byte 7 is not closed with '}'");
//! # Ok::<_, peguri::template::TemplateError>(())
//! ```
//!
//! # Rationale
//!
//! - *Errors stop the expansion.* Section 3 lets a processor copy a faulty
//!   expression to the output and carry on; here [`UriTemplate::parse`]
//!   and [`UriTemplate::expand`] return a [`TemplateError`] with the byte
//!   offset of the fault instead, so no half-expanded reference is used by
//!   mistake.
//! - *Reserved operators are refused.* `=`, `,`, `!`, `@` and `|` are valid
//!   syntax (`op-reserve`) with no defined expansion (section 2.2).
//! - *A prefix modifier on a list or an associative array is an error*
//!   (section 2.4.1: "not applicable to variables that have composite
//!   values").
//! - *A prefix counts Unicode characters*, not bytes or triplets, of the
//!   value before encoding (section 2.4.1), so a character is never cut.
//! - *Undefined values* (section 2.3): a name the variables do not have, an
//!   empty list and an empty associative array. The empty string is
//!   defined.
//! - *"If the value is empty"* in Appendix A's named operators (`;`, `?`,
//!   `&`) is read, for a list or an associative array that is not exploded,
//!   as "if its expansion is empty": `{;list}` with the list `[""]` gives
//!   `;list`.
//! - *Literal text* is copied, except characters outside US-ASCII, which
//!   are percent-encoded as UTF-8 (section 3.1).
//! - *The result is a string*, not a parsed reference: reserved (`+`) and
//!   fragment (`#`) expansion copy reserved characters from values, so a
//!   value holding `#`, `[` or `]` can make text that is not a URI
//!   reference, as section 3.2.3 warns. Parse the result (for example with
//!   [`UriRef::parse`](crate::UriRef::parse)) where a URI is needed; the
//!   other operators encode everything but `unreserved`.
//!
//! # Matching
//!
//! RFC 6570 defines expansion only. [`UriTemplate::match_uri`] goes the
//! other way: it finds the variables whose expansion gives a URI, and
//! [`TemplateSet`] picks the best of many templates for one URI.
//!
//! ```
//! use peguri::template::{UriTemplate, Value};
//!
//! let template = UriTemplate::parse("/users/{id}/repos{/path*}{?page,sort}")?;
//! let found = template.match_uri("/users/jo%20ann/repos/a/b?sort=asc&page=2").unwrap();
//! assert_eq!(found.get("id"), Some(&Value::from("jo ann")));
//! assert_eq!(found.get("path"), Some(&Value::list(["a", "b"])));
//! assert_eq!(found.get("page"), Some(&Value::from("2")));
//! # Ok::<_, peguri::template::TemplateError>(())
//! ```
//!
//! Expansion loses information, so matching reads a URI by these rules,
//! and the round trip `match_uri(expand(t, v)) == v` holds for the values
//! they describe:
//!
//! - *Every byte is accounted for.* Literal text must appear as the
//!   expansion writes it (non-ASCII characters percent-encoded, triplets
//!   byte for byte). A value holds only what its operator writes: `{var}`,
//!   `{.var}`, `{/var}`, `{;var}`, `{?var}` and `{&var}` unreserved
//!   characters and triplets, so `{var}` never captures a `/`; `{+var}` and
//!   `{#var}` reserved characters too. The sets are [`pct`](crate::pct)'s
//!   classes, from the grammar.
//! - *Values are percent-decoded* and must be UTF-8. Reserved and fragment
//!   expansion keep a triplet found in a value, so `{+var}` reads `%41` as
//!   `A`, not as the `%41` it may have been given.
//! - *Query parameters come in any order.* A `{?...}` expression and the
//!   `{&...}` expressions right after it are read as one set of
//!   parameters, by name: `{?query,start,end}` matches `?start=1&query=x`,
//!   and `end` is undefined. A parameter no variable names, one named
//!   twice, and `name` without `=` do not match, unless an exploded
//!   variable takes the other names (`{?page,filters*}`). `{;...}`
//!   parameters are read by name too, in the template's order.
//! - *Undefined and empty.* `{var}` and `{+var}` write nothing for an
//!   empty string and for an undefined value alike; matching reads the
//!   empty string. In an expression without names (`{x,y}`, `{/x,y}`), the
//!   values are given to the variables from the left, since `{x,y}` with
//!   only `y` defined writes what `{x,y}` with only `x` does.
//! - *Prefixes.* `{var:3}` reads its text as the value (at most 3
//!   characters); a variable that also appears without a prefix takes that
//!   value, and every appearance must agree with it.
//! - *Lists and maps.* An exploded variable (`{/path*}`, `{?list*}`) reads
//!   a list, or an associative array when its members are `key=value`
//!   pairs (for a named operator: when a member is not named after the
//!   variable). A comma in the text of a variable that is not exploded is
//!   a list separator, since the operator would have encoded a comma in a
//!   string; a list of one member reads as a string, and an associative
//!   array that is not exploded as the list of its keys and values.
//!
//! A template that these rules cannot read one way is ambiguous, and
//! [`UriTemplate::matchability`] says which expressions and why (an
//! [`Ambiguity`]); such a template matches nothing. Each expression must
//! know where its text ends from the text itself: nothing after it may
//! start with a character it may hold (`{a}{b}`, `{+path}{?q}` are
//! ambiguous), unless only literal text follows (`{name}.json`) or the
//! literal after it holds a character it cannot (`{user}@{host}`). An
//! expression whose variables may all be undefined must not start with what
//! may follow it (`{/a}{/b}`). Its values must be told apart: `{+a,b}`,
//! `{#list*}` and `{.a,b}` are ambiguous since their separator may appear
//! in a value, `{/list*,x}` since the list may take any number of values.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use core::borrow::Borrow;
use core::fmt;
#[cfg(feature = "std")]
use std::collections::HashMap;
#[cfg(feature = "std")]
use std::hash::{BuildHasher, Hash};

use crate::syntax::compiled::template as compiled;
use crate::syntax::pct;
use alloc::{string::String, vec::Vec};

mod matching;
mod set;

pub use matching::{Ambiguity, AmbiguityKind, Captures};
pub use set::{SetMatch, TemplateSet};

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
enum Rule {
    UriTemplate,
    Literals,
    Expression,
    Operator,
    Varname,
    MaxLength,
}

/// The text of `rfc6570.pest`, as compiled into this crate.
///
/// ```
/// assert!(peguri::template::TEMPLATE_GRAMMAR.contains("varspec"));
/// ```
pub const TEMPLATE_GRAMMAR: &str = include_str!("../../../rfc6570.pest");

/// The most variables a template may hold: each variable of each
/// expression counts (`{a,b}` holds two, and a name written twice counts
/// twice), so a template holds at most this many expressions too. A
/// template with more is an error,
/// [`TemplateErrorKind::TooManyVariables`]. Real templates hold a few
/// dozen; the bound keeps the work of matching one in proportion to the
/// URI.
///
/// ```
/// use peguri::template::{MAX_VARIABLES, TemplateErrorKind, UriTemplate};
///
/// let fits = "{v}/".repeat(MAX_VARIABLES);
/// assert!(UriTemplate::parse(&fits).is_ok());
/// let err = UriTemplate::parse(&format!("{fits}{{w}}")).unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::TooManyVariables { offset: fits.len() + 1 });
/// ```
pub const MAX_VARIABLES: usize = 10_000;

/// A variable's value (RFC 6570 section 2.3): a string, a list of strings,
/// or an associative array of (name, value) pairs, in order.
///
/// The strings are [`Cow`]s, so a value may borrow its text (`'a`): from
/// the caller's strings for expansion, and from the URI for a match, whose
/// values are copied only when decoding changes them (see
/// [`UriTemplate::match_uri`]). [`into_owned`](Value::into_owned) gives a
/// value that borrows nothing.
///
/// ```
/// use peguri::template::Value;
///
/// assert_eq!(Value::from("red"), Value::String("red".into()));
/// assert_eq!(Value::from(String::from("red")), Value::from("red"));
/// assert_eq!(Value::list(["red", "green"]), Value::List(vec!["red".into(), "green".into()]));
/// assert_eq!(
///     Value::map([("semi", ";")]),
///     Value::Map(vec![("semi".into(), ";".into())])
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value<'a> {
    /// A string. The empty string is defined (it expands to nothing, or to
    /// the name alone for `;`, and `name=` for `?` and `&`).
    String(Cow<'a, str>),
    /// A list of strings; an empty list is undefined.
    List(Vec<Cow<'a, str>>),
    /// An associative array, in order; an empty one is undefined.
    Map(Vec<(Cow<'a, str>, Cow<'a, str>)>),
}

impl<'a> Value<'a> {
    /// A list value.
    ///
    /// ```
    /// let v = peguri::template::Value::list(vec![String::from("a"), String::from("b")]);
    /// assert!(matches!(v, peguri::template::Value::List(items) if items.len() == 2));
    /// ```
    pub fn list<I, S>(items: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<Cow<'a, str>>,
    {
        Value::List(items.into_iter().map(Into::into).collect())
    }

    /// An associative array value, its pairs in the order given.
    ///
    /// ```
    /// let v = peguri::template::Value::map([("x", "1024"), ("y", "768")]);
    /// assert!(matches!(v, peguri::template::Value::Map(pairs) if pairs[1].0 == "y"));
    /// ```
    pub fn map<I, K, V>(pairs: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<Cow<'a, str>>,
        V: Into<Cow<'a, str>>,
    {
        Value::Map(
            pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }

    /// Whether the value is defined (section 2.3): empty lists and empty
    /// associative arrays are not.
    ///
    /// ```
    /// use peguri::template::Value;
    /// assert!(Value::from("").is_defined());
    /// assert!(!Value::List(vec![]).is_defined());
    /// ```
    pub fn is_defined(&self) -> bool {
        match self {
            Value::String(_) => true,
            Value::List(items) => !items.is_empty(),
            Value::Map(pairs) => !pairs.is_empty(),
        }
    }

    /// The string, if the value is one.
    ///
    /// ```
    /// use peguri::template::Value;
    /// assert_eq!(Value::from("red").as_str(), Some("red"));
    /// assert_eq!(Value::list(["red"]).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value, borrowing nothing: borrowed strings are copied.
    ///
    /// ```
    /// use peguri::template::{UriTemplate, Value};
    ///
    /// let template = UriTemplate::parse("/users/{id}")?;
    /// let id: Value<'static> = {
    ///     let uri = String::from("/users/42");
    ///     template.match_uri(&uri).unwrap().get("id").unwrap().clone().into_owned()
    /// };
    /// assert_eq!(id, Value::from("42"));
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn into_owned(self) -> Value<'static> {
        fn own(s: Cow<'_, str>) -> Cow<'static, str> {
            Cow::Owned(s.into_owned())
        }
        match self {
            Value::String(s) => Value::String(own(s)),
            Value::List(items) => Value::List(items.into_iter().map(own).collect()),
            Value::Map(pairs) => {
                Value::Map(pairs.into_iter().map(|(k, v)| (own(k), own(v))).collect())
            }
        }
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(s: &'a str) -> Self {
        Value::String(Cow::Borrowed(s))
    }
}

impl From<String> for Value<'_> {
    fn from(s: String) -> Self {
        Value::String(Cow::Owned(s))
    }
}

impl<'a> From<Cow<'a, str>> for Value<'a> {
    fn from(s: Cow<'a, str>) -> Self {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value<'_> {
    fn from(items: Vec<String>) -> Self {
        Value::list(items)
    }
}

impl From<Vec<(String, String)>> for Value<'_> {
    fn from(pairs: Vec<(String, String)>) -> Self {
        Value::map(pairs)
    }
}

/// Where a template finds its variables' values. A name that is not there
/// is undefined.
///
/// Implemented for `HashMap` and `BTreeMap` from names to [`Value`]s, for
/// slices, arrays and vectors of `(name, value)` pairs, and for
/// references to any of them.
///
/// ```
/// use std::collections::HashMap;
/// use peguri::template::{UriTemplate, Value};
///
/// let mut vars = HashMap::new();
/// vars.insert("q", Value::from("pest"));
/// assert_eq!(UriTemplate::parse("/search{?q}")?.expand(&vars)?, "/search?q=pest");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
pub trait Variables {
    /// The value of the variable `name`, if it has one.
    fn get(&self, name: &str) -> Option<&Value<'_>>;
}

#[cfg(feature = "std")]
impl<K: Borrow<str> + Hash + Eq, S: BuildHasher> Variables for HashMap<K, Value<'_>, S> {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        HashMap::get(self, name)
    }
}

impl<K: Borrow<str> + Ord> Variables for BTreeMap<K, Value<'_>> {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        BTreeMap::get(self, name)
    }
}

impl<K: AsRef<str>> Variables for [(K, Value<'_>)] {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        self.iter()
            .find(|(k, _)| k.as_ref() == name)
            .map(|(_, v)| v)
    }
}

impl<K: AsRef<str>, const N: usize> Variables for [(K, Value<'_>); N] {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        Variables::get(self.as_slice(), name)
    }
}

impl<K: AsRef<str>> Variables for Vec<(K, Value<'_>)> {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        Variables::get(self.as_slice(), name)
    }
}

impl<T: Variables + ?Sized> Variables for &T {
    fn get(&self, name: &str) -> Option<&Value<'_>> {
        (**self).get(name)
    }
}

/// What is wrong with a template, or with a value for it.
///
/// ```
/// use peguri::template::{TemplateErrorKind, UriTemplate};
/// let err = UriTemplate::parse("{a b}").unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::InvalidExpression { ch: ' ', offset: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A character that literal text may not hold (space, `"`, `<`, `>`,
    /// `\`, `^`, `` ` ``, `|`, `}`, a control character...).
    InvalidLiteral {
        /// The character.
        ch: char,
        /// Its byte offset in the template.
        offset: usize,
    },
    /// A `%` not followed by two hexadecimal digits.
    InvalidPercentEncoding {
        /// The byte offset of the `%`.
        offset: usize,
    },
    /// A `{` with no `}` after it.
    UnclosedExpression {
        /// The byte offset of the `{`.
        offset: usize,
    },
    /// A character that cannot appear where it is in an expression.
    InvalidExpression {
        /// The character.
        ch: char,
        /// Its byte offset in the template.
        offset: usize,
    },
    /// An expression, or a `,` in one, without a variable name after it.
    MissingVariableName {
        /// The byte offset where the name should start.
        offset: usize,
    },
    /// A prefix modifier whose length is not 1 to 9999.
    InvalidPrefix {
        /// The byte offset of the `:`.
        offset: usize,
    },
    /// An operator reserved for future extensions (`=`, `,`, `!`, `@`,
    /// `|`).
    ReservedOperator {
        /// The operator.
        op: char,
        /// Its byte offset in the template.
        offset: usize,
    },
    /// A prefix modifier on a variable whose value is a list or an
    /// associative array (an expansion error).
    PrefixOnComposite {
        /// The byte offset of the variable's name.
        offset: usize,
    },
    /// More variables than [`MAX_VARIABLES`].
    TooManyVariables {
        /// The byte offset of the name of the first variable past the
        /// limit.
        offset: usize,
    },
}

/// A template that does not follow RFC 6570's syntax, or a value that its
/// expression cannot take. It says where, as a byte offset into the
/// template.
///
/// ```
/// let err = peguri::template::UriTemplate::parse("{/list*,path:0}").unwrap_err();
/// assert_eq!(err.to_string(), "invalid prefix modifier at byte 12: the length must be 1 to 9999");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TemplateError {
    kind: TemplateErrorKind,
}

impl TemplateError {
    /// What is wrong.
    ///
    /// ```
    /// use peguri::template::{TemplateErrorKind, UriTemplate};
    /// let err = UriTemplate::parse("{=x}").unwrap_err();
    /// assert_eq!(err.kind(), TemplateErrorKind::ReservedOperator { op: '=', offset: 1 });
    /// ```
    pub fn kind(&self) -> TemplateErrorKind {
        self.kind
    }

    /// The byte offset of the fault in the template.
    ///
    /// ```
    /// let err = peguri::template::UriTemplate::parse("a b").unwrap_err();
    /// assert_eq!(err.offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        match self.kind {
            TemplateErrorKind::InvalidLiteral { offset, .. }
            | TemplateErrorKind::InvalidPercentEncoding { offset }
            | TemplateErrorKind::UnclosedExpression { offset }
            | TemplateErrorKind::InvalidExpression { offset, .. }
            | TemplateErrorKind::MissingVariableName { offset }
            | TemplateErrorKind::InvalidPrefix { offset }
            | TemplateErrorKind::ReservedOperator { offset, .. }
            | TemplateErrorKind::PrefixOnComposite { offset }
            | TemplateErrorKind::TooManyVariables { offset } => offset,
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            TemplateErrorKind::InvalidLiteral { ch, offset } => {
                write!(
                    f,
                    "invalid character {ch:?} in literal text at byte {offset}"
                )
            }
            TemplateErrorKind::InvalidPercentEncoding { offset } => write!(
                f,
                "invalid percent-encoding at byte {offset}: '%' must be followed by two hex digits"
            ),
            TemplateErrorKind::UnclosedExpression { offset } => {
                write!(
                    f,
                    "expression opened at byte {offset} is not closed with '}}'"
                )
            }
            TemplateErrorKind::InvalidExpression { ch, offset } => {
                write!(f, "invalid character {ch:?} in expression at byte {offset}")
            }
            TemplateErrorKind::MissingVariableName { offset } => {
                write!(f, "expected a variable name at byte {offset}")
            }
            TemplateErrorKind::InvalidPrefix { offset } => write!(
                f,
                "invalid prefix modifier at byte {offset}: the length must be 1 to 9999"
            ),
            TemplateErrorKind::ReservedOperator { op, offset } => write!(
                f,
                "operator {op:?} at byte {offset} is reserved for future extensions (RFC 6570 section 2.2)"
            ),
            TemplateErrorKind::PrefixOnComposite { offset } => write!(
                f,
                "prefix modifier on a list or associative array at byte {offset} (RFC 6570 section 2.4.1)"
            ),
            TemplateErrorKind::TooManyVariables { offset } => write!(
                f,
                "the variable at byte {offset} is one more than a template may hold: \
                 at most {MAX_VARIABLES}"
            ),
        }
    }
}

impl core::error::Error for TemplateError {}

impl From<TemplateErrorKind> for TemplateError {
    fn from(kind: TemplateErrorKind) -> Self {
        TemplateError { kind }
    }
}

/// How an operator expands (RFC 6570 Appendix A's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Operator {
    /// Written before the first defined value.
    first: &'static str,
    /// Written between values.
    sep: char,
    /// Whether values are written as `name=value`.
    named: bool,
    /// Written after the name of an empty value.
    if_empty: &'static str,
    /// Whether reserved characters and triplets stay as they are (`U+R`).
    allow_reserved: bool,
}

impl Operator {
    const fn new(
        first: &'static str,
        sep: char,
        named: bool,
        if_empty: &'static str,
        allow_reserved: bool,
    ) -> Self {
        Operator {
            first,
            sep,
            named,
            if_empty,
            allow_reserved,
        }
    }

    /// The operator written as `op` (`None`: no operator, simple
    /// expansion); `None` for the reserved ones.
    fn from_char(op: Option<char>) -> Option<Self> {
        Some(match op {
            None => Operator::new("", ',', false, "", false),
            Some('+') => Operator::new("", ',', false, "", true),
            Some('.') => Operator::new(".", '.', false, "", false),
            Some('/') => Operator::new("/", '/', false, "", false),
            Some(';') => Operator::new(";", ';', true, "", false),
            Some('?') => Operator::new("?", '&', true, "=", false),
            Some('&') => Operator::new("&", '&', true, "=", false),
            Some('#') => Operator::new("#", ',', false, "", true),
            Some(_) => return None,
        })
    }
}

/// A variable's modifier (section 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Modifier {
    None,
    Prefix(usize),
    Explode,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct VarSpec<'a> {
    name: &'a str,
    /// The byte offset of the name in the template.
    offset: usize,
    modifier: Modifier,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part<'a> {
    Literal(&'a str),
    Expression {
        operator: Operator,
        varspecs: Vec<VarSpec<'a>>,
    },
}

/// A parsed URI Template, borrowed from its text.
///
/// ```
/// use peguri::template::{UriTemplate, Value};
///
/// let template = UriTemplate::parse("http://example.com/search{?q,lang}")?;
/// assert_eq!(template.variable_names().collect::<Vec<_>>(), ["q", "lang"]);
/// let uri = template.expand(&[("q", Value::from("URI Template")), ("lang", Value::from("en"))])?;
/// assert_eq!(uri, "http://example.com/search?q=URI%20Template&lang=en");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UriTemplate<'a> {
    text: &'a str,
    parts: Vec<Part<'a>>,
    /// How a URI is matched against the parts (see [`UriTemplate::match_uri`]).
    plan: matching::Plan<'a>,
}

impl<'a> UriTemplate<'a> {
    /// Parses a template with the grammar of RFC 6570 section 2.
    ///
    /// # Errors
    ///
    /// A [`TemplateError`] with the byte offset of the first fault: an
    /// invalid character in literal text or in an expression, a bad
    /// triplet, an unclosed expression, a missing variable name, a prefix
    /// length out of range, a reserved operator, or more variables than
    /// [`MAX_VARIABLES`].
    ///
    /// ```
    /// use peguri::template::UriTemplate;
    ///
    /// assert!(UriTemplate::parse("{+path:6}/here").is_ok());
    /// let err = UriTemplate::parse("{var:10000}").unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// let err = UriTemplate::parse("/a b").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character ' ' in literal text at byte 2");
    /// ```
    pub fn parse(text: &'a str) -> Result<Self, TemplateError> {
        if matched(Rule::UriTemplate, text, 0) != Some(text.len()) {
            return Err(syntax_error(text));
        }
        // `URI-Template = *( literals / expression )`: the parts in the
        // grammar's order, each ending where its rule's match ends.
        let mut parts = Vec::new();
        let mut pos = 0;
        let mut variables = 0;
        while pos < text.len() {
            if let Some(end) = matched(Rule::Literals, text, pos) {
                parts.push(Part::Literal(&text[pos..end]));
                pos = end;
            } else if let Some(end) = matched(Rule::Expression, text, pos) {
                let part = expression(text, pos, end)?;
                if let Part::Expression { varspecs, .. } = &part {
                    if let Some(over) = varspecs.get(MAX_VARIABLES.saturating_sub(variables)) {
                        return Err(TemplateErrorKind::TooManyVariables {
                            offset: over.offset,
                        }
                        .into());
                    }
                    variables += varspecs.len();
                }
                parts.push(part);
                pos = end;
            } else {
                // The whole template matched; its rule takes nothing else.
                return Err(syntax_error(text));
            }
        }
        let plan = matching::Plan::new(text, &parts);
        Ok(UriTemplate { text, parts, plan })
    }

    /// The template's text.
    ///
    /// ```
    /// assert_eq!(peguri::template::UriTemplate::parse("{x}")?.as_str(), "{x}");
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The names of the variables, in the order of the template (a name
    /// used twice comes twice).
    ///
    /// ```
    /// let t = peguri::template::UriTemplate::parse("{a}{/b*,a:2}")?;
    /// assert_eq!(t.variable_names().collect::<Vec<_>>(), ["a", "b", "a"]);
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn variable_names(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.parts
            .iter()
            .flat_map(|part| match part {
                Part::Literal(_) => [].iter(),
                Part::Expression { varspecs, .. } => varspecs.iter(),
            })
            .map(|v| v.name)
    }

    /// Expands the template with `variables` (RFC 6570 section 3 and
    /// Appendix A).
    ///
    /// # Errors
    ///
    /// [`TemplateErrorKind::PrefixOnComposite`] when a variable with a
    /// prefix modifier has a list or associative array value.
    ///
    /// ```
    /// use peguri::template::{UriTemplate, Value};
    ///
    /// let vars = [
    ///     ("list", Value::list(["red", "green", "blue"])),
    ///     ("keys", Value::map([("semi", ";"), ("dot", "."), ("comma", ",")])),
    /// ];
    /// let expand = |t| UriTemplate::parse(t).unwrap().expand(&vars);
    /// assert_eq!(expand("{/list*}")?, "/red/green/blue");
    /// assert_eq!(expand("{?keys*}")?, "?semi=%3B&dot=.&comma=%2C");
    /// assert_eq!(expand("X{.undefined}")?, "X");
    /// assert_eq!(
    ///     expand("{list:2}").unwrap_err().to_string(),
    ///     "prefix modifier on a list or associative array at byte 1 (RFC 6570 section 2.4.1)"
    /// );
    /// # Ok::<_, peguri::template::TemplateError>(())
    /// ```
    pub fn expand<V: Variables + ?Sized>(&self, variables: &V) -> Result<String, TemplateError> {
        let mut out = String::with_capacity(self.text.len() * 2);
        for part in &self.parts {
            match part {
                Part::Literal(text) => encode(&mut out, text, true),
                Part::Expression { operator, varspecs } => {
                    expand_expression(&mut out, *operator, varspecs, variables)?;
                }
            }
        }
        Ok(out)
    }
}

impl fmt::Display for UriTemplate<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// Parses and expands `template` in one call.
///
/// # Errors
///
/// As [`UriTemplate::parse`] and [`UriTemplate::expand`].
///
/// ```
/// use peguri::template::{expand, Value};
/// assert_eq!(expand("{#section}", &[("section", Value::from("a b"))])?, "#a%20b");
/// # Ok::<_, peguri::template::TemplateError>(())
/// ```
pub fn expand<V: Variables + ?Sized>(
    template: &str,
    variables: &V,
) -> Result<String, TemplateError> {
    UriTemplate::parse(template)?.expand(variables)
}

/// The expression `text[start..end]`, which the grammar's `expression`
/// matched, as a [`Part`]: `"{" [ operator ] variable-list "}"`, each
/// piece ending where its rule's match ends.
fn expression(text: &str, start: usize, end: usize) -> Result<Part<'_>, TemplateError> {
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
fn matched(rule: Rule, text: &str, pos: usize) -> Option<usize> {
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
fn syntax_error(text: &str) -> TemplateError {
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

/// Expands one expression (RFC 6570 Appendix A).
fn expand_expression<V: Variables + ?Sized>(
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
                if op.named {
                    out.push_str(spec.name);
                    if s.is_empty() {
                        out.push_str(op.if_empty);
                        continue;
                    }
                    out.push('=');
                }
                let s = match spec.modifier {
                    Modifier::Prefix(n) => prefix(s, n),
                    _ => s,
                };
                encode(out, s, op.allow_reserved);
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
                    if op.named {
                        out.push_str(spec.name);
                        if item.is_empty() {
                            out.push_str(op.if_empty);
                            continue;
                        }
                        out.push('=');
                    }
                    encode(out, item, op.allow_reserved);
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

/// The first `n` characters of `s`.
fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((end, _)) => &s[..end],
        None => s,
    }
}

/// Appends `text`, percent-encoded: only unreserved characters stay
/// (`U`), or also reserved characters and triplets (`U+R`).
fn encode(out: &mut String, text: &str, allow_reserved: bool) {
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

#[cfg(feature = "serde")]
mod serde_impl {
    //! Values from and to serde data: a string, a sequence of strings, or
    //! a map of strings. Numbers and booleans become their text, as JSON
    //! test suites for RFC 6570 write some values.

    use alloc::borrow::Cow;
    use core::fmt;

    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
    use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

    use super::Value;
    use alloc::{
        borrow::ToOwned,
        string::{String, ToString},
        vec::Vec,
    };

    impl Serialize for Value<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            match self {
                Value::String(s) => serializer.serialize_str(s),
                Value::List(items) => {
                    let mut seq = serializer.serialize_seq(Some(items.len()))?;
                    for item in items {
                        seq.serialize_element(item)?;
                    }
                    seq.end()
                }
                Value::Map(pairs) => {
                    let mut map = serializer.serialize_map(Some(pairs.len()))?;
                    for (k, v) in pairs {
                        map.serialize_entry(k, v)?;
                    }
                    map.end()
                }
            }
        }
    }

    /// A string, or a number or boolean as its text.
    struct Scalar(String);

    struct ScalarVisitor;

    impl Visitor<'_> for ScalarVisitor {
        type Value = Scalar;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string, number or boolean")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
            Ok(Scalar(v.to_owned()))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
            Ok(Scalar(v.to_string()))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
            Ok(Scalar(v.to_string()))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
            Ok(Scalar(v.to_string()))
        }

        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar, E> {
            Ok(Scalar(v.to_string()))
        }
    }

    impl<'de> Deserialize<'de> for Scalar {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(ScalarVisitor)
        }
    }

    struct ValueVisitor;

    impl<'de> Visitor<'de> for ValueVisitor {
        type Value = Value<'static>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a string, a list of strings or a map of strings")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Value<'static>, E> {
            Ok(Value::from(v.to_owned()))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value<'static>, E> {
            Ok(Value::from(v.to_string()))
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value<'static>, E> {
            Ok(Value::from(v.to_string()))
        }

        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value<'static>, E> {
            Ok(Value::from(v.to_string()))
        }

        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value<'static>, E> {
            Ok(Value::from(v.to_string()))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value<'static>, A::Error> {
            let mut items = Vec::new();
            while let Some(Scalar(item)) = seq.next_element()? {
                items.push(Cow::Owned(item));
            }
            Ok(Value::List(items))
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value<'static>, A::Error> {
            // Entries in the order the data has them.
            let mut pairs = Vec::new();
            while let Some((k, Scalar(v))) = map.next_entry::<String, Scalar>()? {
                pairs.push((Cow::Owned(k), Cow::Owned(v)));
            }
            Ok(Value::Map(pairs))
        }
    }

    /// The strings of a deserialized value are owned, whatever `'a`.
    impl<'de, 'a> Deserialize<'de> for Value<'a> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_any(ValueVisitor)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{borrow::ToOwned, string::ToString, vec};
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

    #[test]
    fn operator_table_is_appendix_a() {
        let ops = [
            None,
            Some('+'),
            Some('.'),
            Some('/'),
            Some(';'),
            Some('?'),
            Some('&'),
            Some('#'),
        ];
        let table: Vec<(&str, char, bool, &str, bool)> = ops
            .iter()
            .map(|&op| {
                let o = Operator::from_char(op).unwrap();
                (o.first, o.sep, o.named, o.if_empty, o.allow_reserved)
            })
            .collect();
        assert_eq!(
            table,
            [
                ("", ',', false, "", false),
                ("", ',', false, "", true),
                (".", '.', false, "", false),
                ("/", '/', false, "", false),
                (";", ';', true, "", false),
                ("?", '&', true, "=", false),
                ("&", '&', true, "=", false),
                ("#", ',', false, "", true),
            ]
        );
        for reserved in ['=', ',', '!', '@', '|'] {
            assert!(Operator::from_char(Some(reserved)).is_none());
        }
    }
}
