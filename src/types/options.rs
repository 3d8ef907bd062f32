//! Parsing with named, default-off leniencies.

use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::parse::parse_into;
use crate::types::family::{Iri, IriRef, Uri, UriRef};
use crate::types::parsed::Parsed;

/// How to parse: strict RFC 3986 by default, with each relaxation a named
/// switch that is off unless turned on, in the manner of httparse's
/// `ParserConfig`.
///
/// The one relaxation today is RFC 6874's IPv6 zone identifiers
/// (`[fe80::1%25en0]`). RFC 3986 has no zone identifiers; RFC 6874 updates
/// it to allow them in IP literals, written after `%25`. The rules are in
/// `rfc6874.pest`, compiled into the same parser. A zoned reference
/// resolves and normalizes like any other: the address is case-insensitive,
/// the zone keeps its case.
///
/// There is one method per typed result, as for the types' own `parse`
/// functions: [`parse`](Self::parse) (`URI-reference`),
/// [`parse_relative`](Self::parse_relative), [`parse_uri`](Self::parse_uri),
/// [`parse_absolute`](Self::parse_absolute), and the same for IRIs
/// (RFC 3987, whose `ihost` uses RFC 3986's `IP-literal`, the rule RFC 6874
/// updates): [`parse_iri_ref`](Self::parse_iri_ref),
/// [`parse_iri_relative`](Self::parse_iri_relative),
/// [`parse_iri`](Self::parse_iri) and
/// [`parse_iri_absolute`](Self::parse_iri_absolute).
///
/// ```
/// use peguri::{ParseOptions, UriRef};
///
/// let input = "http://[fe80::a%25en1]/";
/// let err = UriRef::parse(input).unwrap_err();
/// assert!(err.message().to_string().contains("allow_zone_id"));
///
/// const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);
/// let uri = ZONES.parse(input)?;
/// assert_eq!(uri.authority().unwrap().host_str(), "[fe80::a%25en1]");
/// assert_eq!(peguri::normalize(&ZONES.parse("HTTP://[FE80::A%25En1]")?), "http://[fe80::a%25En1]/");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use = "options do nothing until a `parse` method is called"]
pub struct ParseOptions {
    zone_id: bool,
}

impl ParseOptions {
    /// Strict RFC 3986: every switch off.
    ///
    /// ```
    /// assert_eq!(peguri::ParseOptions::new(), peguri::ParseOptions::default());
    /// ```
    pub const fn new() -> Self {
        ParseOptions { zone_id: false }
    }

    /// Accept an RFC 6874 zone identifier in an IPv6 literal:
    /// `"[" IPv6address "%25" ZoneID "]"`. [`Host::Ipv6`](crate::Host::Ipv6)
    /// then carries the zone, raw and decoded.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert!(zones.parse("//[::1%25lo]").is_ok());
    /// assert!(zones.parse("//[::1%lo]").is_err()); // `%` must be written `%25`
    /// ```
    pub const fn allow_zone_id(mut self, allow: bool) -> Self {
        self.zone_id = allow;
        self
    }

    /// Whether zone identifiers are accepted.
    ///
    /// ```
    /// assert!(!peguri::ParseOptions::new().zone_id_allowed());
    /// ```
    pub const fn zone_id_allowed(&self) -> bool {
        self.zone_id
    }

    /// Parses `input` as `entry` of `family`'s grammar, with these options.
    #[inline]
    fn parse_as<'a, T>(
        &self,
        input: &'a str,
        entry: Entry,
        family: Grammar,
        make: fn(Parsed<'a>) -> T,
    ) -> Result<T, ParseError> {
        let grammar = family.with_zones(self.zone_id);
        parse_into(input, Syntax::new(entry, grammar), |layout| {
            make(Parsed::new(input, layout, grammar))
        })
    }

    /// Parses a URI reference (`URI-reference`) with these options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a URI reference.
    ///
    /// ```
    /// let uri = peguri::ParseOptions::new().parse("/a?b")?;
    /// assert_eq!(uri.path(), "/a");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<'a>(&self, input: &'a str) -> Result<UriRef<'a>, ParseError> {
        self.parse_as(
            input,
            Entry::UriReference,
            Grammar::Rfc3986,
            UriRef::from_parsed,
        )
    }

    /// Parses a relative reference (`relative-ref`) with these options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a relative reference.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert!(zones.parse_relative("//[fe80::1%25eth0]:8080/").is_ok());
    /// ```
    pub fn parse_relative<'a>(&self, input: &'a str) -> Result<UriRef<'a>, ParseError> {
        self.parse_as(
            input,
            Entry::RelativeRef,
            Grammar::Rfc3986,
            UriRef::from_parsed,
        )
    }

    /// Parses a URI (`URI`) with these options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a URI.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert_eq!(zones.parse_uri("ftp://[fe80::2%25wlan0]/")?.scheme(), "ftp");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_uri<'a>(&self, input: &'a str) -> Result<Uri<'a>, ParseError> {
        self.parse_as(input, Entry::Uri, Grammar::Rfc3986, Uri::from_parsed)
    }

    /// Parses an absolute URI (`absolute-URI`, no fragment) with these
    /// options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not an absolute URI.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert!(zones.parse_absolute("http://[::1%25lo]/#f").is_err());
    /// ```
    pub fn parse_absolute<'a>(&self, input: &'a str) -> Result<Uri<'a>, ParseError> {
        self.parse_as(
            input,
            Entry::AbsoluteUri,
            Grammar::Rfc3986,
            Uri::from_parsed,
        )
    }

    /// Parses an IRI reference (`IRI-reference`, RFC 3987) with these
    /// options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not an IRI reference.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// let iri = zones.parse_iri_ref("http://[fe80::1%25eth0]/über")?;
    /// assert_eq!(iri.authority().unwrap().host_str(), "[fe80::1%25eth0]");
    /// assert!(peguri::IriRef::parse("http://[fe80::1%25eth0]/über").is_err());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_iri_ref<'a>(&self, input: &'a str) -> Result<IriRef<'a>, ParseError> {
        self.parse_as(
            input,
            Entry::UriReference,
            Grammar::Rfc3987,
            IriRef::from_parsed,
        )
    }

    /// Parses a relative IRI reference (`irelative-ref`) with these
    /// options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a relative IRI reference.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert!(zones.parse_iri_relative("//[::1%25lo]/ä").is_ok());
    /// assert!(zones.parse_iri_relative("a:ä").is_err());
    /// ```
    pub fn parse_iri_relative<'a>(&self, input: &'a str) -> Result<IriRef<'a>, ParseError> {
        self.parse_as(
            input,
            Entry::RelativeRef,
            Grammar::Rfc3987,
            IriRef::from_parsed,
        )
    }

    /// Parses an IRI (`IRI`: a scheme, and a fragment allowed) with these
    /// options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not an IRI.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert_eq!(zones.parse_iri("http://[::1%25lo]/ä#f")?.scheme(), "http");
    /// assert!(zones.parse_iri("//[::1%25lo]/ä").is_err());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse_iri<'a>(&self, input: &'a str) -> Result<Iri<'a>, ParseError> {
        self.parse_as(input, Entry::Uri, Grammar::Rfc3987, Iri::from_parsed)
    }

    /// Parses an absolute IRI (`absolute-IRI`: a scheme, no fragment) with
    /// these options.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not an absolute IRI.
    ///
    /// ```
    /// let zones = peguri::ParseOptions::new().allow_zone_id(true);
    /// assert!(zones.parse_iri_absolute("http://[::1%25lo]/ä").is_ok());
    /// assert!(zones.parse_iri_absolute("http://[::1%25lo]/ä#f").is_err());
    /// ```
    pub fn parse_iri_absolute<'a>(&self, input: &'a str) -> Result<Iri<'a>, ParseError> {
        self.parse_as(
            input,
            Entry::AbsoluteUri,
            Grammar::Rfc3987,
            Iri::from_parsed,
        )
    }
}
