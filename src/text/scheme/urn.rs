//! `urn` (RFC 8141 section 2), by `schemes/urn.pest`, and URN-equivalence
//! (section 3.1).

use core::ops::Range;

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::scheme::urn as compiled;
use crate::syntax::pct::rewrite_triplets;
use alloc::string::String;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("namestring", "a URN, \"urn:\" NID \":\" NSS"),
        ("assigned_name", "a URN, \"urn:\" NID \":\" NSS"),
        ("NID", "an NID (2 to 32 letters, digits or '-')"),
        ("alphanum", "a letter or digit"),
        (
            "ldh",
            "a letter, digit or '-' (an NID has 2 to 32 characters)",
        ),
        ("NSS", "an NSS"),
    ],
    limits: rule_words![("ldh", "an NID has at most 32 characters")],
};

/// A URN (RFC 8141): its namespace identifier (NID), its
/// namespace-specific string (NSS), and its optional r-, q- and
/// f-components, as written.
///
/// ```
/// use peguri::scheme::Urn;
///
/// let uri = peguri::UriRef::parse("urn:example:weather?=op=map&lat=39.56#top")?;
/// let urn = Urn::parse(&uri)?;
/// assert_eq!(urn.nid(), "example");
/// assert_eq!(urn.nss(), "weather");
/// assert_eq!(urn.r_component(), None);
/// assert_eq!(urn.q_component(), Some("op=map&lat=39.56"));
/// assert_eq!(urn.f_component(), Some("top"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Urn<'a> {
    text: &'a str,
    nid: Range<usize>,
    nss: Range<usize>,
    r_component: Option<Range<usize>>,
    q_component: Option<Range<usize>>,
    f_component: Option<Range<usize>>,
}

impl<'a> Urn<'a> {
    /// Reads `reference` as a URN.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 8141 section 2).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:ISBN:0451450523")?;
    /// assert_eq!(peguri::scheme::Urn::parse(&uri)?.nid(), "ISBN");
    /// assert!(peguri::scheme::Urn::parse(&peguri::UriRef::parse("urn:a:b")?).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: Kind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Urn::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_urn_entry,
            fail: compiled::fail_urn_entry,
        };
        let rec = entry.check(
            Scheme::Urn,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Urn.cited(),
        )?;
        let span = |slot: crate::syntax::runtime::Slot| slot.get().map(|(a, b)| a..b);
        Ok(Urn {
            text: uri,
            nid: span(rec.NID).unwrap_or_default(),
            nss: span(rec.NSS).unwrap_or_default(),
            r_component: span(rec.r_component),
            q_component: span(rec.q_component),
            f_component: span(rec.f_component),
        })
    }

    /// The whole URN, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:example:a")?;
    /// assert_eq!(peguri::scheme::Urn::parse(&uri)?.as_str(), "urn:example:a");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The namespace identifier, as written (case-insensitive).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("URN:EXAMPLE:a123,z456")?;
    /// assert_eq!(peguri::scheme::Urn::parse(&uri)?.nid(), "EXAMPLE");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn nid(&self) -> &'a str {
        &self.text[self.nid.clone()]
    }

    /// The namespace-specific string, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:example:a123,z456?+abc")?;
    /// assert_eq!(peguri::scheme::Urn::parse(&uri)?.nss(), "a123,z456");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn nss(&self) -> &'a str {
        &self.text[self.nss.clone()]
    }

    /// The r-component (parameters for a resolver), without its `?+`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk")?;
    /// assert_eq!(peguri::scheme::Urn::parse(&uri)?.r_component(), Some("CCResolve:cc=uk"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn r_component(&self) -> Option<&'a str> {
        self.r_component.clone().map(|r| &self.text[r])
    }

    /// The q-component (parameters for the named resource), without its
    /// `?=`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:example:a?+r?=q")?;
    /// let urn = peguri::scheme::Urn::parse(&uri)?;
    /// assert_eq!((urn.r_component(), urn.q_component()), (Some("r"), Some("q")));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn q_component(&self) -> Option<&'a str> {
        self.q_component.clone().map(|r| &self.text[r])
    }

    /// The f-component (the fragment), without its `#`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:example:a123,z456#789")?;
    /// assert_eq!(peguri::scheme::Urn::parse(&uri)?.f_component(), Some("789"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn f_component(&self) -> Option<&'a str> {
        self.f_component.clone().map(|r| &self.text[r])
    }

    /// Where the NID and the NSS are in [`as_str`](Self::as_str), for the
    /// component diagram.
    pub(crate) fn spans(&self) -> [Range<usize>; 2] {
        [self.nid.clone(), self.nss.clone()]
    }

    /// The text two URNs are compared by (RFC 8141 section 3.1): `urn:`,
    /// the NID in lowercase, `:`, the NSS with the hex digits of its
    /// percent-encoding in uppercase (the octets stay encoded); the r-, q-
    /// and f-components left out.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("URN:EXAMPLE:a123,z456%2d?+abc#789")?;
    /// let urn = peguri::scheme::Urn::parse(&uri)?;
    /// assert_eq!(urn.equivalence_key(), "urn:example:a123,z456%2D");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn equivalence_key(&self) -> String {
        let mut key = String::with_capacity(5 + self.nid.len() + self.nss.len());
        key.push_str("urn:");
        key.push_str(&self.nid().to_ascii_lowercase());
        key.push(':');
        key.push_str(&rewrite_triplets(self.nss(), true, false, false));
        key
    }

    /// Whether two URNs are URN-equivalent (RFC 8141 section 3.1): equal
    /// [`equivalence_key`](Self::equivalence_key)s. A namespace may define
    /// more equivalences (section 3.2); these are not known here.
    ///
    /// ```
    /// use peguri::scheme::Urn;
    /// use peguri::UriRef;
    ///
    /// let a = UriRef::parse("urn:example:a123,z456")?;
    /// let b = UriRef::parse("URN:EXAMPLE:a123,z456?=xyz")?;
    /// let c = UriRef::parse("urn:example:a123,z456%2D")?;
    /// assert!(Urn::parse(&a)?.equivalent(&Urn::parse(&b)?));
    /// assert!(!Urn::parse(&a)?.equivalent(&Urn::parse(&c)?));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn equivalent(&self, other: &Urn<'_>) -> bool {
        self.equivalence_key() == other.equivalence_key()
    }
}
