//! `about` (RFC 6694 section 2), by `schemes/about.pest`.

use core::ops::Range;

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::scheme::about as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "about_uri",
            "an about URI, \"about:\" about-token [ about-query ] [ about-fragment ]",
        ),
        ("about_token", "an about token (pchar)"),
        ("about_query", "'?' and a query"),
        ("about_fragment", "'#' and a fragment"),
    ],
    limits: rule_words![],
};

/// An about URI (RFC 6694): the token naming what the application shows,
/// as written.
///
/// ```
/// let uri = peguri::UriRef::parse("about:blank")?;
/// assert_eq!(peguri::scheme::About::parse(&uri)?.token(), "blank");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct About<'a> {
    text: &'a str,
    token: Range<usize>,
}

impl<'a> About<'a> {
    /// Reads `reference` as an about URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 6694 section 2): a token
    /// with a `/`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("about:a/b")?;
    /// assert_eq!(peguri::scheme::About::parse(&uri).unwrap_err().offset(), 7);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: Kind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        About::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_about_entry,
            fail: compiled::fail_about_entry,
        };
        let cited = Scheme::About.cited();
        let rec = entry.check(Scheme::About, &RULES, uri, &Source::uri(uri), cited)?;
        let token = rec.about_token.get().map(|(a, b)| a..b);
        // An empty token is an empty match right after `about:`.
        Ok(About {
            text: uri,
            token: token.unwrap_or(6..6),
        })
    }

    /// The token, as written (possibly empty): `blank` (section 3), or
    /// another of the IANA registry's (section 5.2).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("about:")?;
    /// assert_eq!(peguri::scheme::About::parse(&uri)?.token(), "");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn token(&self) -> &'a str {
        &self.text[self.token.clone()]
    }

    /// Where the token is, for the component diagram.
    pub(crate) fn span(&self) -> Range<usize> {
        self.token.clone()
    }
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `token`, as written.
///
/// ```
/// let uri = peguri::UriRef::parse("about:blank")?;
/// let about = peguri::scheme::About::parse(&uri)?;
/// assert_eq!(serde_json::to_string(&about)?, r#"{"token":"blank"}"#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for About<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("token", self.token())?;
        map.end()
    }
}
