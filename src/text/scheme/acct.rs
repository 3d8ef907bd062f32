//! `acct` (RFC 7565 section 7), by `schemes/acct.pest`.

use core::ops::Range;

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::scheme::acct as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("acctURI", "an acct URI, \"acct:\" userpart \"@\" host"),
        (
            "userpart",
            "a user part (its first character is not percent-encoded)",
        ),
        ("at_sign", "'@'"),
    ],
    limits: rule_words![],
};

/// An acct URI (RFC 7565): an account at a service provider, its user
/// part and the provider's host, as written.
///
/// ```
/// use peguri::scheme::Acct;
///
/// let uri = peguri::UriRef::parse("acct:juliet%40capulet.example@shoppingsite.example")?;
/// let acct = Acct::parse(&uri)?;
/// assert_eq!(acct.userpart(), "juliet%40capulet.example");
/// assert_eq!(acct.host(), "shoppingsite.example");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Acct<'a> {
    text: &'a str,
    userpart: Range<usize>,
    host: Range<usize>,
}

impl<'a> Acct<'a> {
    /// Reads `reference` as an acct URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 7565 section 7).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("acct:foobar")?;
    /// let err = peguri::scheme::Acct::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 11);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: Kind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Acct::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_acct_entry,
            fail: compiled::fail_acct_entry,
        };
        let cited = Scheme::Acct.cited();
        let rec = entry.check(Scheme::Acct, &RULES, uri, &Source::uri(uri), cited)?;
        let span = |slot: crate::syntax::runtime::Slot| slot.get().map(|(a, b)| a..b);
        Ok(Acct {
            text: uri,
            userpart: span(rec.userpart).unwrap_or_default(),
            host: span(rec.host).unwrap_or_default(),
        })
    }

    /// The whole URI, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("acct:foobar@status.example.net")?;
    /// assert_eq!(peguri::scheme::Acct::parse(&uri)?.as_str(), "acct:foobar@status.example.net");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The user part, as written (an `@` in it is `%40`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("acct:foobar@status.example.net")?;
    /// assert_eq!(peguri::scheme::Acct::parse(&uri)?.userpart(), "foobar");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn userpart(&self) -> &'a str {
        &self.text[self.userpart.clone()]
    }

    /// The host of the service provider (RFC 3986's host).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("acct:foobar@status.example.net")?;
    /// assert_eq!(peguri::scheme::Acct::parse(&uri)?.host(), "status.example.net");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> &'a str {
        &self.text[self.host.clone()]
    }

    /// Where the user part and the host are, for the component diagram.
    pub(crate) fn spans(&self) -> [(&'static str, Range<usize>); 2] {
        [
            ("userpart", self.userpart.clone()),
            ("host", self.host.clone()),
        ]
    }
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `userpart` and `host`, as written.
///
/// ```
/// let uri = peguri::UriRef::parse("acct:foobar@status.example.net")?;
/// let acct = peguri::scheme::Acct::parse(&uri)?;
/// assert_eq!(serde_json::to_string(&acct)?, r#"{"userpart":"foobar","host":"status.example.net"}"#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Acct<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("userpart", self.userpart())?;
        map.serialize_entry("host", self.host())?;
        map.end()
    }
}
