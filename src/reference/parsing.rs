//! Parsing: the type's rule from borrowed text, from owned text, from
//! bytes, with options, and the narrower rules `relative-ref` and
//! `absolute-URI`.

use core::marker::PhantomData;

use alloc::string::String;

use super::{Family, Kind, MaybeRelative, Reference, WithScheme};
use crate::syntax::entry::{Entry, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::parse::{parse_into, utf8};
use crate::types::options::ParseOptions;

/// Parsing borrowed text, which the reference then points into: nothing
/// is allocated for a valid input. The rule is the type's: `URI-reference`
/// for [`UriRef`](crate::UriRef), `URI` for [`Uri`](crate::Uri),
/// `IRI-reference` for [`IriRef`](crate::IriRef), `IRI` for
/// [`Iri`](crate::Iri).
impl<'a, F: Family, K: Kind> Reference<&'a str, F, K> {
    /// Parses the type's rule: `URI-reference` for [`UriRef`](crate::UriRef), `URI` for
    /// [`Uri`](crate::Uri), `IRI-reference` for [`IriRef`](crate::IriRef), `IRI` for [`Iri`](crate::Iri).
    /// Nothing is allocated; the components are slices of `input`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why the text is not of the rule.
    ///
    /// ```
    /// use peguri::{Uri, UriRef};
    ///
    /// let r = UriRef::parse("http://user@example.com:8080/a/b?q#f")?;
    /// assert_eq!(r.path(), "/a/b");
    /// let err = UriRef::parse("http://h/a b").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (10, 11));
    /// assert_eq!(err.message(), "invalid character ' ' in path");
    /// // A `Uri` has a scheme.
    /// assert_eq!(Uri::parse("/relative").unwrap_err().rule(), "URI");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(input, Self::syntax())
    }

    /// Parses the type's rule with the leniencies `options` switches on
    /// (RFC 6874's zone identifiers).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why the text is not of the rule.
    ///
    /// ```
    /// use peguri::{ParseOptions, UriRef};
    ///
    /// const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);
    /// let uri = UriRef::parse_with("http://[fe80::a%25en1]/", &ZONES)?;
    /// assert_eq!(uri.authority().unwrap().host_str(), "[fe80::a%25en1]");
    /// assert!(UriRef::parse("http://[fe80::a%25en1]/").is_err());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_with(input: &'a str, options: &ParseOptions) -> Result<Self, ParseError> {
        let syntax = Self::syntax();
        let grammar = syntax.grammar.with_zones(options.zone_id_allowed());
        Self::parse_entry(input, Syntax::new(syntax.entry, grammar))
    }

    /// Parses the type's rule from bytes, such as a line read from a file
    /// or a socket: as [`parse`](Self::parse), after checking that they are
    /// UTF-8. Offsets in the error count the bytes as given.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] for the first byte that is not part of a UTF-8
    /// character, or why the text does not parse.
    ///
    /// ```
    /// let r = peguri::UriRef::parse_bytes(b"http://h/p")?;
    /// assert_eq!(r.path(), "/p");
    /// let err = peguri::UriRef::parse_bytes(b"http://h/\xff").unwrap_err();
    /// assert_eq!(err.offset(), 9);
    /// assert_eq!(
    ///     err.message(),
    ///     "invalid UTF-8: byte 0xFF is not part of a character; a reference is text, and an \
    ///      octet that is not must be percent-encoded (%FF)"
    /// );
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, ParseError> {
        Self::parse(utf8(input, Self::syntax())?)
    }

    /// Parses `input` as `syntax`.
    #[inline]
    fn parse_entry(input: &'a str, syntax: Syntax) -> Result<Self, ParseError> {
        parse_into(input, syntax, |layout| Reference {
            text: input,
            layout,
            grammar: syntax.grammar,
            rule: PhantomData,
        })
    }
}

/// Parsing the narrower rule of a reference that may be relative:
/// `relative-ref` (RFC 3986 section 4.2; `irelative-ref` for IRIs), a
/// reference that has no scheme. Only the reference types have it: a
/// [`Uri`](crate::Uri) always has a scheme.
impl<'a, F: Family> Reference<&'a str, F, MaybeRelative> {
    /// Parses a relative reference only (`relative-ref`, RFC 3986 section
    /// 4.2; `irelative-ref` for IRIs).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a relative reference, for example
    /// because it has a scheme.
    ///
    /// ```
    /// assert!(peguri::UriRef::parse_relative("./a:b").is_ok());
    /// assert!(peguri::IriRef::parse_relative("a:b").is_err());
    /// ```
    pub fn parse_relative(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(
            input,
            Syntax::new(Entry::RelativeRef, Self::syntax().grammar),
        )
    }
}

/// Parsing the narrower rule of a reference with a scheme:
/// `absolute-URI` (RFC 3986 section 4.3; `absolute-IRI` for IRIs), a URI
/// without a fragment, as a base must be. Only the types with a scheme
/// have it.
impl<'a, F: Family> Reference<&'a str, F, WithScheme> {
    /// Parses an absolute URI (`absolute-URI`, RFC 3986 section 4.3;
    /// `absolute-IRI` for IRIs): a scheme and no fragment, as a base must
    /// be.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if the text has no scheme or has a fragment.
    ///
    /// ```
    /// assert!(peguri::Uri::parse_absolute("http://a/b?c").is_ok());
    /// assert!(peguri::Iri::parse_absolute("http://a/b#c").is_err());
    /// ```
    pub fn parse_absolute(input: &'a str) -> Result<Self, ParseError> {
        Self::parse_entry(
            input,
            Syntax::new(Entry::AbsoluteUri, Self::syntax().grammar),
        )
    }
}

/// Parsing text the reference then owns, and giving the text back.
impl<F: Family, K: Kind> Reference<String, F, K> {
    /// Parses the type's rule from text it then owns (see
    /// [`parse`](Reference::parse) for the borrowed types). Parsing
    /// borrowed text with `FromStr` (`"...".parse()`) copies it only when it
    /// is valid.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] saying where and why the text is not of the rule.
    ///
    /// ```
    /// let owned = peguri::UriRefBuf::parse(String::from("http://h/a?b"))?;
    /// assert_eq!(owned.query(), Some("b"));
    /// assert_eq!(peguri::UriBuf::parse("a b").unwrap_err().offset(), 1);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(text: impl Into<String>) -> Result<Self, ParseError> {
        let text = text.into();
        let syntax = Self::syntax();
        let layout = parse_into(&text, syntax, |layout| layout)?;
        Ok(Reference {
            text,
            layout,
            grammar: syntax.grammar,
            rule: PhantomData,
        })
    }

    /// The text, giving up the component positions.
    ///
    /// ```
    /// assert_eq!(peguri::UriBuf::parse("a:b")?.into_string(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.text
    }
}
