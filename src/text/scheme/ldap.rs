//! `ldap` (RFC 4516 section 2), by `schemes/ldap.pest`: the URL's text
//! first, then the DN and the filter percent-decoded, as section 2.1 reads
//! them, with the grammars of RFC 4514 section 3 and RFC 4515 section 3.

use alloc::borrow::Cow;
use core::ops::Range;

use super::ftp::tcp_port;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::ldap as compiled;
use crate::syntax::runtime::Slot;
use alloc::vec::Vec;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "ldapurl",
            "an ldap URL, \"ldap://\" [ host [ \":\" port ] ] [ \"/\" dn [ \"?\" ... ] ]",
        ),
        ("ldap_scheme", "\"ldap\""),
        ("dn", "a DN"),
        ("attributes", "attribute selectors"),
        ("attrdesc", "attribute selectors"),
        ("selector", "an attribute selector"),
        ("attributeSelector", "an attribute selector"),
        ("scope", "a scope ('base', 'one' or 'sub')"),
        ("filter_4516", "a filter"),
        ("extensions", "an extension"),
        ("extension", "an extension"),
        ("critical", "'!'"),
        ("extype", "an extension type (an OID)"),
        ("exvalue", "an extension value"),
        ("oid", "an OID (a name or dotted numbers)"),
        ("descr", "a name"),
        ("attributetype", "an attribute type"),
        ("attributedescription", "an attribute description"),
        ("options", "';' and an option"),
        ("option", "an option"),
        ("keystring", "a name"),
        ("keychar", "a letter, digit or '-'"),
        ("numericoid", "a dotted OID"),
        ("number", "a number"),
        (
            "distinguishedName",
            "a DN, attribute=value pairs separated by ','",
        ),
        ("relativeDistinguishedName", "an RDN, attribute=value"),
        ("attributeTypeAndValue", "attribute=value"),
        ("attributeType", "an attribute type"),
        ("attributeValue", "an attribute value"),
        ("string", "a value, with '\\' before special characters"),
        ("leadchar", "a value character"),
        ("trailchar", "a value character"),
        ("pair", "'\\' and an escaped character"),
        ("hexstring", "'#' and hex pairs"),
        ("hexpair", "two hex digits"),
        ("filter", "a filter in parentheses"),
        ("LPAREN", "'('"),
        ("RPAREN", "')'"),
        ("and", "'&' and filters"),
        ("or", "'|' and filters"),
        ("not", "'!' and a filter"),
        ("any", "'*'"),
        ("present", "an item, attr \"=\" value"),
        ("substring", "an item, attr \"=\" value"),
        ("simple", "an item, attr \"=\" value"),
        ("extensible", "an item, attr \"=\" value"),
        ("filtercomp", "'&', '|', '!' or an item"),
        ("filterlist", "a filter in parentheses"),
        ("item", "an item, attr \"=\" value"),
        ("attr", "an attribute description"),
        ("filtertype", "'=', '~=', '>=' or '<='"),
        ("assertionvalue", "a value"),
        (
            "valueencoding",
            "a value, with '\\' and hex for '(', ')', '*', '\\'",
        ),
        ("normal", "a value character"),
        ("escaped_4515", "'\\' and two hex digits"),
        ("matchingrule", "':' and a matching rule"),
        ("dnattrs", "':dn'"),
    ],
    limits: rule_words![],
};

/// An ldap URL (RFC 4516): the server, the DN, the attributes, scope and
/// filter of a search, and extensions.
///
/// The DN, the filter and the extension values are percent-decoded (RFC 4516
/// section 2.1), and valid under RFC 4514 section 3 and RFC 4515 section 3;
/// the rest is as written.
///
/// ```
/// use peguri::scheme::Ldap;
///
/// let uri = peguri::UriRef::parse(
///     "ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
/// )?;
/// let ldap = Ldap::parse(&uri)?;
/// assert_eq!((ldap.host(), ldap.port()), (Some("ldap1.example.net"), Some(6666)));
/// assert_eq!(ldap.dn(), "o=University of Michigan,c=US");
/// assert_eq!(ldap.attributes().count(), 0);
/// assert_eq!(ldap.scope(), Some("sub"));
/// assert_eq!(ldap.filter(), Some("(cn=Babs Jensen)"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ldap<'a> {
    text: &'a str,
    host: Option<Range<usize>>,
    port: Option<(Range<usize>, u16)>,
    dn: Option<(Range<usize>, Cow<'a, str>)>,
    attributes: Vec<Range<usize>>,
    scope: Option<Range<usize>>,
    filter: Option<(Range<usize>, Cow<'a, str>)>,
    extensions: Vec<(Range<usize>, LdapExtension<'a>)>,
}

/// An extension of an [`Ldap`] URL (RFC 4516 section 2): whether it is
/// critical, its type, its value.
///
/// ```
/// let uri = peguri::UriRef::parse("ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com")?;
/// let ldap = peguri::scheme::Ldap::parse(&uri)?;
/// let extension = ldap.extensions().next().unwrap();
/// assert!(extension.is_critical());
/// assert_eq!(extension.extension_type(), "e-bindname");
/// assert_eq!(extension.value(), Some("cn=Manager,dc=example,dc=com"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LdapExtension<'a> {
    critical: bool,
    extension_type: &'a str,
    value: Option<Cow<'a, str>>,
}

impl LdapExtension<'_> {
    /// Whether the extension is marked critical (`!`): a client that does
    /// not implement it must not process the URL.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap:///????x-ext")?;
    /// let ldap = peguri::scheme::Ldap::parse(&uri)?;
    /// assert!(!ldap.extensions().next().unwrap().is_critical());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_critical(&self) -> bool {
        self.critical
    }

    /// The extension's type: a descriptor or a numeric OID, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap:///????1.2.3.4=x")?;
    /// let ldap = peguri::scheme::Ldap::parse(&uri)?;
    /// assert_eq!(ldap.extensions().next().unwrap().extension_type(), "1.2.3.4");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn extension_type(&self) -> &str {
        self.extension_type
    }

    /// The extension's value, percent-decoded; `None` when the extension
    /// has none.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap:///????x-ext=a%2Cb")?;
    /// let ldap = peguri::scheme::Ldap::parse(&uri)?;
    /// assert_eq!(ldap.extensions().next().unwrap().value(), Some("a,b"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn value(&self) -> Option<&str> {
        self.value.as_deref()
    }
}

impl<'a> Ldap<'a> {
    /// Reads `reference` as an ldap URL.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 4516 section 2), if its DN
    /// or filter, decoded, breaks RFC 4514 section 3 or RFC 4515 section 3,
    /// if they or an extension value are not UTF-8 once decoded, or if the
    /// port is beyond 65535.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap://h/cn=a,,b")?;
    /// let err = peguri::scheme::Ldap::parse(&uri).unwrap_err();
    /// assert_eq!((err.offset(), err.citation().to_string().as_str()), (14, "RFC 4514 section 3"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Ldap::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_ldap_entry,
            fail: compiled::fail_ldap_entry,
        };
        let rec = entry.check(
            Scheme::Ldap,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Ldap.cited(),
        )?;
        let port = match span(rec.port).filter(|r| !r.is_empty()) {
            Some(at) => Some((at.clone(), tcp_port(Scheme::Ldap, uri, at)?)),
            None => None,
        };
        let dn = match span(rec.dn) {
            Some(at) => Some((at.clone(), decoded(uri, at, Decoded::Dn)?)),
            None => None,
        };
        let filter = match span(rec.filter_4516) {
            Some(at) => Some((at.clone(), decoded(uri, at, Decoded::Filter)?)),
            None => None,
        };
        let bytes = uri.as_bytes();
        let attributes = match span(rec.attributes) {
            Some(list) => list_items(bytes, list, compiled::quiet_selector),
            None => Vec::new(),
        };
        let mut extensions = Vec::new();
        if let Some(list) = span(rec.extensions) {
            for at in list_items(bytes, list, compiled::quiet_extension) {
                let type_start = compiled::quiet_critical(bytes, at.start).unwrap_or(at.start);
                let type_end = compiled::quiet_extype(bytes, type_start).unwrap_or(type_start);
                // extension = [EXCLAMATION] extype [EQUALS exvalue]: what
                // follows the type is `=` and the value.
                let value = if type_end < at.end {
                    Some(decoded(uri, type_end + 1..at.end, Decoded::Value)?)
                } else {
                    None
                };
                let extension = LdapExtension {
                    critical: type_start > at.start,
                    extension_type: &uri[type_start..type_end],
                    value,
                };
                extensions.push((at, extension));
            }
        }
        Ok(Ldap {
            text: uri,
            host: span(rec.host).filter(|r| !r.is_empty()),
            port,
            dn,
            attributes,
            scope: span(rec.scope),
            filter,
            extensions,
        })
    }

    /// The whole URL, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap:///o=x")?;
    /// assert_eq!(peguri::scheme::Ldap::parse(&uri)?.as_str(), "ldap:///o=x");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The host, as written; `None` when the URL has none (the client
    /// picks a server, section 3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap:///o=University%20of%20Michigan,c=US")?;
    /// assert_eq!(peguri::scheme::Ldap::parse(&uri)?.host(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> Option<&'a str> {
        self.host.clone().map(|r| &self.text[r])
    }

    /// The port, if the URL names one (389 when it does not, section 3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap://h:636/")?;
    /// assert_eq!(peguri::scheme::Ldap::parse(&uri)?.port(), Some(636));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port.as_ref().map(|(_, port)| *port)
    }

    /// The DN, percent-decoded: RFC 4514's string form, its own escapes
    /// (`\2C`, `\,`) kept. Empty when the URL has none (the zero-length
    /// DN, section 3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap://ldap.example.com/o=An%20Example%5C2C%20Inc.,c=US")?;
    /// assert_eq!(peguri::scheme::Ldap::parse(&uri)?.dn(), "o=An Example\\2C Inc.,c=US");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn dn(&self) -> &str {
        self.dn.as_ref().map_or("", |(_, dn)| dn)
    }

    /// The attribute selectors, as written; none when the URL names none
    /// (all user attributes, section 3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap://h/c=GB?objectClass,cn;lang-en?ONE")?;
    /// let ldap = peguri::scheme::Ldap::parse(&uri)?;
    /// assert_eq!(ldap.attributes().collect::<Vec<_>>(), ["objectClass", "cn;lang-en"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn attributes(&self) -> impl Iterator<Item = &'a str> + '_ {
        let text = self.text;
        self.attributes.iter().map(move |r| &text[r.clone()])
    }

    /// The scope, as written (`base`, `one` or `sub` in any case); `None`
    /// when the URL has none (`base`, section 3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("LDAP://ldap1.example.com/c=GB?objectClass?ONE")?;
    /// assert_eq!(peguri::scheme::Ldap::parse(&uri)?.scope(), Some("ONE"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn scope(&self) -> Option<&'a str> {
        self.scope.clone().map(|r| &self.text[r])
    }

    /// The filter, percent-decoded (RFC 4515's string form, its own
    /// escapes kept); `None` when the URL has none (`(objectClass=*)`,
    /// section 3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap://h/o=Babsco,c=US???(four-octet=%5c00%5c00%5c00%5c04)")?;
    /// let ldap = peguri::scheme::Ldap::parse(&uri)?;
    /// assert_eq!(ldap.filter(), Some("(four-octet=\\00\\00\\00\\04)"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn filter(&self) -> Option<&str> {
        self.filter.as_ref().map(|(_, filter)| filter.as_ref())
    }

    /// The extensions, in order.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ldap:///??sub??e-bindname=cn=Manager%2cdc=example%2cdc=com")?;
    /// let ldap = peguri::scheme::Ldap::parse(&uri)?;
    /// let extension = ldap.extensions().next().unwrap();
    /// assert!(!extension.is_critical());
    /// assert_eq!(extension.value(), Some("cn=Manager,dc=example,dc=com"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn extensions(&self) -> impl Iterator<Item = &LdapExtension<'a>> + '_ {
        self.extensions.iter().map(|(_, extension)| extension)
    }

    /// Where the parts are in [`as_str`](Self::as_str), for the component
    /// diagram.
    pub(crate) fn spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let mut spans = Vec::new();
        spans.extend(self.host.clone().map(|r| ("host", r)));
        spans.extend(self.port.clone().map(|(r, _)| ("port", r)));
        spans.extend(
            self.dn
                .as_ref()
                .filter(|(r, _)| !r.is_empty())
                .map(|(r, _)| ("DN", r.clone())),
        );
        if let (Some(first), Some(last)) = (self.attributes.first(), self.attributes.last()) {
            spans.push(("attributes", first.start..last.end));
        }
        spans.extend(self.scope.clone().map(|r| ("scope", r)));
        spans.extend(self.filter.as_ref().map(|(r, _)| ("filter", r.clone())));
        spans.extend(
            self.extensions
                .iter()
                .map(|(r, _)| ("extension", r.clone())),
        );
        spans
    }
}

/// The parts of the URL that are percent-decoded.
#[derive(Clone, Copy)]
enum Decoded {
    Dn,
    Filter,
    Value,
}

/// `uri[at]` percent-decoded, as UTF-8, and for a DN or a filter matched
/// with its grammar.
fn decoded(uri: &str, at: Range<usize>, what: Decoded) -> Result<Cow<'_, str>, SchemeError> {
    let (name, cited, entry) = match what {
        Decoded::Dn => (
            "the DN",
            &("RFC 4514", "3"),
            Some(Entry {
                matcher: compiled::match_dn_entry,
                fail: compiled::fail_dn_entry,
            }),
        ),
        Decoded::Filter => (
            "the filter",
            &("RFC 4515", "3"),
            Some(Entry {
                matcher: compiled::match_filter_entry,
                fail: compiled::fail_filter_entry,
            }),
        ),
        Decoded::Value => ("an extension value", &("RFC 4511", "4.1.2"), None),
    };
    let source = Source::decoded(Scheme::Ldap, uri, &uri[at.clone()], at.start, name, cited)?;
    if let Some(entry) = entry {
        entry.check(Scheme::Ldap, &RULES, uri, &source, cited)?;
    }
    Ok(source.text)
}

/// The items of the list at `list` of `bytes` (items separated by `,`),
/// each where `item` matches.
fn list_items(
    bytes: &[u8],
    list: Range<usize>,
    item: fn(&[u8], usize) -> Option<usize>,
) -> Vec<Range<usize>> {
    let mut items = Vec::new();
    let mut at = list.start;
    while let Some(end) = item(bytes, at) {
        items.push(at..end);
        if end >= list.end {
            break;
        }
        at = end + 1;
    }
    items
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts object of `peguri parse --scheme-syntax`: `host`, `port`,
/// `dn`, `attributes`, `scope`, `filter`, `extensions` (objects with
/// `critical`, `type`, `value`).
///
/// ```
/// let uri = peguri::UriRef::parse("ldap://ldap2.example.com/o=Question%3f,c=US?mail")?;
/// let ldap = peguri::scheme::Ldap::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&ldap)?,
///     r#"{"host":"ldap2.example.com","port":null,"dn":"o=Question?,c=US","attributes":["mail"],"scope":null,"filter":null,"extensions":[]}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Ldap<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(7))?;
        map.serialize_entry("host", &self.host())?;
        map.serialize_entry("port", &self.port())?;
        map.serialize_entry("dn", self.dn())?;
        let attributes: Vec<&str> = self.attributes().collect();
        map.serialize_entry("attributes", &attributes)?;
        map.serialize_entry("scope", &self.scope())?;
        map.serialize_entry("filter", &self.filter())?;
        let extensions: Vec<&LdapExtension<'_>> = self.extensions().collect();
        map.serialize_entry("extensions", &extensions)?;
        map.end()
    }
}

/// `{"critical", "type", "value"}`.
///
/// ```
/// let uri = peguri::UriRef::parse("ldap:///????!x-ext=1")?;
/// let ldap = peguri::scheme::Ldap::parse(&uri)?;
/// let extension = ldap.extensions().next().unwrap();
/// assert_eq!(serde_json::to_string(extension)?, r#"{"critical":true,"type":"x-ext","value":"1"}"#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for LdapExtension<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("critical", &self.critical)?;
        map.serialize_entry("type", self.extension_type)?;
        map.serialize_entry("value", &self.value())?;
        map.end()
    }
}
