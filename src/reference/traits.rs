//! The standard traits of every reference type, and the conversions
//! between them: equality, ordering and hashing of the text (RFC 3986
//! section 6.2.1, simple string comparison), `Display`, `AsRef<str>`,
//! `Borrow<str>`, `Debug`, parsing with `FromStr` and `TryFrom`, and
//! `From`/`TryFrom` along the rules' inclusions (every URI is a URI
//! reference, every URI reference an IRI reference).

use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use alloc::string::String;

use super::{Family, Kind, MaybeRelative, Reference, Rfc3986, Rfc3987, Storage, WithScheme};
use crate::syntax::error::ParseError;
use crate::syntax::parse::parse_into;

impl<S: Clone, F, K> Clone for Reference<S, F, K> {
    fn clone(&self) -> Self {
        Reference {
            text: self.text.clone(),
            layout: self.layout,
            grammar: self.grammar,
            rule: self.rule,
        }
    }
}

impl<S: Copy, F, K> Copy for Reference<S, F, K> {}

/// Equal when the texts are, whatever the storage, family or kind.
impl<S: Storage, S2: Storage, F, F2, K, K2> PartialEq<Reference<S2, F2, K2>>
    for Reference<S, F, K>
{
    fn eq(&self, other: &Reference<S2, F2, K2>) -> bool {
        self.text.text() == other.text.text()
    }
}

impl<S: Storage, F, K> Eq for Reference<S, F, K> {}

impl<S: Storage, F, K> PartialOrd for Reference<S, F, K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<S: Storage, F, K> Ord for Reference<S, F, K> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.text.text().cmp(other.text.text())
    }
}

/// Hashes like the `str` it compares as, so that a map keyed by references
/// can be looked up with a `&str` (`Borrow<str>`).
impl<S: Storage, F, K> Hash for Reference<S, F, K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.text().hash(state);
    }
}

impl<S: Storage, F, K> PartialEq<str> for Reference<S, F, K> {
    fn eq(&self, other: &str) -> bool {
        self.text.text() == other
    }
}

impl<S: Storage, F, K> PartialEq<&str> for Reference<S, F, K> {
    fn eq(&self, other: &&str) -> bool {
        self.text.text() == *other
    }
}

impl<S: Storage, F, K> PartialEq<String> for Reference<S, F, K> {
    fn eq(&self, other: &String) -> bool {
        self.text.text() == other.as_str()
    }
}

impl<S: Storage, F, K> PartialEq<Reference<S, F, K>> for str {
    fn eq(&self, other: &Reference<S, F, K>) -> bool {
        self == other.text.text()
    }
}

impl<S: Storage, F, K> PartialEq<Reference<S, F, K>> for &str {
    fn eq(&self, other: &Reference<S, F, K>) -> bool {
        *self == other.text.text()
    }
}

impl<S: Storage, F, K> PartialEq<Reference<S, F, K>> for String {
    fn eq(&self, other: &Reference<S, F, K>) -> bool {
        self.as_str() == other.text.text()
    }
}

impl<S: Storage, F, K> Borrow<str> for Reference<S, F, K> {
    fn borrow(&self) -> &str {
        self.text.text()
    }
}

impl<S: Storage, F, K> AsRef<str> for Reference<S, F, K> {
    fn as_ref(&self) -> &str {
        self.text.text()
    }
}

impl<S: Storage, F, K> fmt::Display for Reference<S, F, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text.text())
    }
}

/// The type's name, its text and its components.
///
/// ```
/// let uri = peguri::UriBuf::parse("http://h/p")?;
/// let shown = format!("{uri:?}");
/// assert!(shown.starts_with(r#"UriBuf { as_str: "http://h/p", scheme: Some("http"), "#));
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl<S: Storage, F: Family, K: Kind> fmt::Debug for Reference<S, F, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [family, kind, storage] = Self::type_name();
        let name = [family, kind, storage].concat();
        let r = self.view();
        f.debug_struct(&name)
            .field("as_str", &r.as_str())
            .field("scheme", &r.scheme())
            .field("authority", &r.authority())
            .field("path", &r.path())
            .field("query", &r.query())
            .field("fragment", &r.fragment())
            .finish()
    }
}

impl<'a, F: Family, K: Kind> TryFrom<&'a str> for Reference<&'a str, F, K> {
    type Error = ParseError;

    fn try_from(text: &'a str) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

/// From borrowed text, parse first and copy only what is valid: an invalid
/// input costs no copy.
impl<F: Family, K: Kind> FromStr for Reference<String, F, K> {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let syntax = Self::syntax();
        let layout = parse_into(text, syntax, |layout| layout)?;
        Ok(Reference::from_parts(
            String::from(text),
            layout,
            syntax.grammar,
        ))
    }
}

impl<F: Family, K: Kind> TryFrom<&str> for Reference<String, F, K> {
    type Error = ParseError;

    fn try_from(text: &str) -> Result<Self, ParseError> {
        text.parse()
    }
}

impl<F: Family, K: Kind> TryFrom<String> for Reference<String, F, K> {
    type Error = ParseError;

    fn try_from(text: String) -> Result<Self, ParseError> {
        Self::parse(text)
    }
}

/// A borrowed reference made owned, its positions kept.
impl<'a, F: Family, K: Kind> From<Reference<&'a str, F, K>> for Reference<String, F, K> {
    fn from(borrowed: Reference<&'a str, F, K>) -> Self {
        borrowed.to_owned()
    }
}

/// A reference of any storage, borrowed.
impl<'a, S: Storage, F: Family, K: Kind> From<&'a Reference<S, F, K>> for Reference<&'a str, F, K> {
    fn from(value: &'a Reference<S, F, K>) -> Self {
        Reference::from_view(value.view())
    }
}

impl<F, K> From<Reference<String, F, K>> for String {
    fn from(value: Reference<String, F, K>) -> Self {
        value.text
    }
}

/// Every reference with a scheme is a reference.
impl<S: Storage, F: Family> From<Reference<S, F, WithScheme>> for Reference<S, F, MaybeRelative> {
    fn from(value: Reference<S, F, WithScheme>) -> Self {
        value.retype()
    }
}

/// Every URI (reference) is an IRI (reference).
impl<S: Storage, K: Kind> From<Reference<S, Rfc3986, K>> for Reference<S, Rfc3987, K> {
    fn from(value: Reference<S, Rfc3986, K>) -> Self {
        value.retype()
    }
}

/// Every URI is an IRI reference.
impl<S: Storage> From<Reference<S, Rfc3986, WithScheme>> for Reference<S, Rfc3987, MaybeRelative> {
    fn from(value: Reference<S, Rfc3986, WithScheme>) -> Self {
        value.retype()
    }
}

/// A reference with a scheme is a URI (an IRI); one without is given back.
///
/// ```
/// use peguri::{Uri, UriRef};
///
/// assert!(Uri::try_from(UriRef::parse("a:b")?).is_ok());
/// assert_eq!(Uri::try_from(UriRef::parse("b")?).unwrap_err(), "b");
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl<S: Storage, F: Family> TryFrom<Reference<S, F, MaybeRelative>>
    for Reference<S, F, WithScheme>
{
    type Error = Reference<S, F, MaybeRelative>;

    fn try_from(value: Reference<S, F, MaybeRelative>) -> Result<Self, Self::Error> {
        if value.layout.scheme.is_some() {
            Ok(value.retype())
        } else {
            Err(value)
        }
    }
}
