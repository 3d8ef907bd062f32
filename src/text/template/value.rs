//! The values of a template's variables (RFC 6570 section 2.3), and where
//! a template finds them.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::{string::String, vec::Vec};
use core::borrow::Borrow;
#[cfg(feature = "std")]
use std::collections::HashMap;
#[cfg(feature = "std")]
use std::hash::{BuildHasher, Hash};

/// A variable's value (RFC 6570 section 2.3): a string, a list of strings,
/// or an associative array of (name, value) pairs, in order.
///
/// The strings are [`Cow`]s, so a value may borrow its text (`'a`): from
/// the caller's strings for expansion, and from the URI for a match, whose
/// values are copied only when decoding changes them (see
/// [`UriTemplate::match_uri`](super::UriTemplate::match_uri)).
/// [`into_owned`](Value::into_owned) gives a value that borrows nothing.
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
