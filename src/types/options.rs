//! Parsing with named, default-off leniencies.

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
/// Options are taken by `parse_with` of the four borrowed types
/// ([`UriRef::parse_with`](crate::Reference::parse_with), `Uri`, `IriRef`,
/// `Iri`), which an owned reference is made from with `to_owned`; by
/// [`UriBuilder::with_options`](crate::UriBuilder::with_options); and by
/// `report::Report::parse_with` (feature `serde`). The narrower rules
/// (`parse_relative`, `parse_absolute`) and `parse_bytes` parse strictly.
/// A reference parsed with zone identifiers allowed keeps allowing them:
/// its setters and the references built from it take a zoned host. IRIs
/// take zone identifiers too (RFC 3987's `ihost` uses RFC 3986's
/// `IP-literal`, the rule RFC 6874 updates).
///
/// ```
/// use peguri::{ParseOptions, UriRef};
///
/// let input = "http://[fe80::a%25en1]/";
/// let err = UriRef::parse(input).unwrap_err();
/// assert!(err.message().to_string().contains("allow_zone_id"));
///
/// const ZONES: ParseOptions = ParseOptions::new().allow_zone_id(true);
/// let uri = UriRef::parse_with(input, &ZONES)?;
/// assert_eq!(uri.authority().unwrap().host_str(), "[fe80::a%25en1]");
/// let upper = UriRef::parse_with("HTTP://[FE80::A%25En1]", &ZONES)?;
/// assert_eq!(upper.normalize(), "http://[fe80::a%25En1]/");
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
    /// use peguri::{ParseOptions, UriRef};
    ///
    /// let zones = ParseOptions::new().allow_zone_id(true);
    /// assert!(UriRef::parse_with("//[::1%25lo]", &zones).is_ok());
    /// assert!(UriRef::parse_with("//[::1%lo]", &zones).is_err()); // `%` must be written `%25`
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
}
