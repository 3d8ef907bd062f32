//! Suffix references (RFC 3986 section 4.5): the `www.w3.org/Addressing/`
//! that people type, read as the URI they mean where the RFC's heuristic
//! says which.

use crate::reference::{Uri, UriBuf, UriRef};
use crate::syntax::component::Component;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::{ExpectedSet, Found, Kind, ParseError};
use crate::syntax::parse::parse;
use alloc::format;

/// The prefixes section 4.5 reads a scheme from, and the scheme each
/// stands for.
const HEURISTIC: [(&str, &str); 2] = [("www.", "http"), ("ftp.", "ftp")];

/// The rule name errors give.
const RULE: &str = "suffix reference";

/// Parsing a suffix reference (RFC 3986 section 4.5), as a user types
/// `www.w3.org/Addressing/` for a URI whose scheme the text implies.
impl UriRef<'_> {
    /// The URI a suffix reference stands for (RFC 3986 section 4.5): the
    /// authority and path of a URI without its scheme and `//`, as people
    /// write them. The section describes the heuristic and warns against
    /// it; this applies it as written and no further: a text that starts
    /// with `www.` is read with `http://` in front, one that starts with
    /// `ftp.` with `ftp://` (the prefixes compare ignoring ASCII case).
    /// Nothing else is guessed.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] of the kind
    /// [`NotASuffixReference`](crate::ParseErrorKind::NotASuffixReference)
    /// for a text that is a URI already (one that starts with `www.` or
    /// `ftp.` is not: the heuristic reads what is before its `:` as a
    /// host, as in `www.example.com:8080/`) or that starts otherwise, a
    /// path without a host among them; and the error that makes the text,
    /// with its scheme, no URI, at its spot in the text as given.
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// assert_eq!(UriRef::from_suffix("www.w3.org/Addressing/")?, "http://www.w3.org/Addressing/");
    /// assert_eq!(UriRef::from_suffix("ftp.is.co.za/rfc/rfc1808.txt")?, "ftp://ftp.is.co.za/rfc/rfc1808.txt");
    /// assert_eq!(UriRef::from_suffix("WWW.Example.com:8080?q")?, "http://WWW.Example.com:8080?q");
    /// assert_eq!(UriRef::from_suffix("mailto:a@example.com").unwrap_err().offset(), 6);
    /// assert!(UriRef::from_suffix("/Addressing/").is_err());
    /// let err = UriRef::from_suffix("www.example.com/a b").unwrap_err();
    /// assert_eq!((err.offset(), err.message().to_string()), (17, "invalid character ' ' in path".into()));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn from_suffix(text: &str) -> Result<UriBuf, ParseError> {
        let scheme = HEURISTIC.iter().find_map(|&(prefix, scheme)| {
            let head = text.get(..prefix.len())?;
            head.eq_ignore_ascii_case(prefix).then_some(scheme)
        });
        let Some(scheme) = scheme else {
            let found = match Uri::parse(text) {
                Ok(uri) => Found::new(uri.scheme().len(), Kind::SuffixHasScheme, ExpectedSet::NONE)
                    .within(Some(Component::Scheme)),
                Err(_) => Found::new(
                    0,
                    Kind::SuffixNoKnownHost,
                    ExpectedSet::Words(&["'www.'", "'ftp.'"]),
                )
                .within(Some(Component::Host)),
            };
            return Err(ParseError::new(text, RULE, found));
        };
        let prefix_len = scheme.len() + 3;
        let uri = format!("{scheme}://{text}");
        let grammar = Grammar::Rfc3986;
        match parse(&uri, Syntax::new(Entry::Uri, grammar)) {
            Ok(layout) => Ok(UriBuf::from_parts(uri, layout, grammar)),
            Err(error) => Err(error.in_unprefixed(text, prefix_len, RULE)),
        }
    }
}
