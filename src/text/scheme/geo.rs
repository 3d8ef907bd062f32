//! `geo` (RFC 5870 section 3.3), by `schemes/geo.pest`, with section
//! 3.4.2's rules for WGS-84 coordinates (their form and their ranges).

use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::geo as compiled;
use crate::syntax::runtime::{Failure, Slot};
use alloc::{boxed::Box, string::String, vec, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("geo_URI", "a geo URI, \"geo:\" coordinates"),
        ("geo_scheme", "\"geo\""),
        ("coordinates", "two or three coordinates"),
        ("coord_a", "a number"),
        ("coord_b", "a number"),
        ("coord_c", "a number"),
        ("num", "a number"),
        ("pnum", "a number"),
        ("uval", "a number"),
        ("crsp", "';crs='"),
        ("uncp", "';u='"),
        ("crslabel", "a coordinate reference system"),
        ("parameter", "a parameter"),
        ("pname", "a parameter name"),
        ("pvalue", "a parameter value"),
    ],
    limits: rule_words![(
        "reserved_pname",
        "crs and u come once each, before the other parameters",
    )],
};

/// A geo URI (RFC 5870): its coordinates, its coordinate reference system
/// and uncertainty, and its other parameters.
///
/// In the WGS-84 reference system (the default, and the only one
/// RFC 5870 defines), the coordinates are the latitude and longitude in
/// degrees, within -90 to 90 and -180 to 180, and the altitude in meters
/// (section 3.4.2).
///
/// ```
/// use peguri::scheme::Geo;
///
/// let uri = peguri::UriRef::parse("geo:48.198634,16.371648;crs=wgs84;u=40")?;
/// let geo = Geo::parse(&uri)?;
/// assert_eq!(geo.coordinates(), [48.198634, 16.371648]);
/// assert_eq!(geo.crs(), "wgs84");
/// assert_eq!(geo.uncertainty(), Some(40.0));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Geo<'a> {
    coordinates: Vec<f64>,
    crs: String,
    uncertainty: Option<f64>,
    parameters: Vec<(&'a str, Option<&'a str>)>,
}

/// A WGS-84 coordinate (section 3.4.2): its name, its range (the bound of
/// its absolute value, in words), its rule's recognizer and error pass,
/// and the rule in words.
struct Wgs84 {
    what: &'static str,
    range: Option<(u32, &'static str)>,
    matcher: fn(&[u8], &mut compiled::Rec) -> Option<usize>,
    fail: fn(&[u8]) -> Option<Failure<{ compiled::RULE_WORDS }>>,
    form: &'static str,
}

const WGS84: [Wgs84; 3] = [
    Wgs84 {
        what: "latitude",
        range: Some((90, "-90 to 90")),
        matcher: compiled::match_latitude_entry,
        fail: compiled::fail_latitude_entry,
        form: "a latitude, [ \"-\" ] 1*2DIGIT [ \".\" 1*DIGIT ]",
    },
    Wgs84 {
        what: "longitude",
        range: Some((180, "-180 to 180")),
        matcher: compiled::match_longitude_entry,
        fail: compiled::fail_longitude_entry,
        form: "a longitude, [ \"-\" ] 1*3DIGIT [ \".\" 1*DIGIT ]",
    },
    Wgs84 {
        what: "altitude",
        range: None,
        matcher: compiled::match_altitude_entry,
        fail: compiled::fail_altitude_entry,
        form: "an altitude, [ \"-\" ] 1*DIGIT [ \".\" 1*DIGIT ]",
    },
];

impl<'a> Geo<'a> {
    /// Reads `reference` as a geo URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 5870 section 3.3), or if,
    /// in WGS-84, a coordinate breaks section 3.4.2: a latitude outside
    /// -90 to 90, a longitude outside -180 to 180, or too many digits
    /// before the decimal point.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:91,0")?;
    /// let err = peguri::scheme::Geo::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Geo::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_geo_entry,
            fail: compiled::fail_geo_entry,
        };
        let rec = entry.check(
            Scheme::Geo,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Geo.cited(),
        )?;
        let crs = span(rec.crslabel)
            .map_or_else(|| String::from("wgs84"), |r| uri[r].to_ascii_lowercase());
        let wgs84 = crs == "wgs84";
        let mut coordinates = Vec::with_capacity(3);
        for (slot, check) in [rec.coord_a, rec.coord_b, rec.coord_c].iter().zip(&WGS84) {
            let Some(at) = span(*slot) else { continue };
            if wgs84 {
                wgs84_coordinate(uri, at.clone(), check)?;
            }
            coordinates.push(number(&uri[at]));
        }
        let mut geo = Geo {
            coordinates,
            crs,
            uncertainty: span(rec.uval).map(|r| number(&uri[r])),
            parameters: Vec::new(),
        };
        // The other parameters follow the coordinates, `crs` and `u`: each
        // starts with `;` and ends where its rule's match does.
        let bytes = uri.as_bytes();
        let mut at = [rec.uval, rec.crslabel, rec.coord_c, rec.coord_b]
            .into_iter()
            .find_map(span)
            .map_or(0, |r| r.end);
        while let Some(end) = compiled::quiet_parameter(bytes, at) {
            let name_end = compiled::quiet_pname(bytes, at + 1).unwrap_or(at + 1);
            let value = (name_end < end).then(|| &uri[name_end + 1..end]);
            geo.parameters.push((&uri[at + 1..name_end], value));
            at = end;
        }
        Ok(geo)
    }

    /// The two or three coordinates, as numbers (`-0` is 0). In WGS-84:
    /// latitude, longitude, altitude.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:48.2010,16.3695,183")?;
    /// assert_eq!(peguri::scheme::Geo::parse(&uri)?.coordinates(), [48.2010, 16.3695, 183.0]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn coordinates(&self) -> &[f64] {
        &self.coordinates
    }

    /// The coordinate reference system's label, lowercase: `wgs84` when
    /// the URI names none.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:13.4125,103.8667")?;
    /// assert_eq!(peguri::scheme::Geo::parse(&uri)?.crs(), "wgs84");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn crs(&self) -> &str {
        &self.crs
    }

    /// The uncertainty of the location, in meters (`u`, section 3.4.3).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:13.4125,103.8667")?;
    /// assert_eq!(peguri::scheme::Geo::parse(&uri)?.uncertainty(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn uncertainty(&self) -> Option<f64> {
        self.uncertainty
    }

    /// The parameters besides `crs` and `u`, each as its name and value
    /// (`None` for a name alone), as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:66,30;u=6.500;FOo=this%2dthat")?;
    /// let geo = peguri::scheme::Geo::parse(&uri)?;
    /// assert_eq!(geo.parameters(), [("FOo", Some("this%2dthat"))]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn parameters(&self) -> &[(&'a str, Option<&'a str>)] {
        &self.parameters
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The value of a number the grammar's `num` or `pnum` matched.
fn number(text: &str) -> f64 {
    text.parse().unwrap_or(f64::NAN)
}

/// Whether `text`, a number the grammar's `num` matched (`[ "-" ] 1*DIGIT
/// [ "." 1*DIGIT ]`), lies within `-bound` to `bound`. Section 3.4.2's
/// ranges are exact and the ABNF allows any number of decimals, so the
/// decimal text is compared, not a rounded binary number: at the bound,
/// every further digit must be 0 (`90.000` is in range,
/// `90.00000000000000001` is not).
fn within(text: &str, bound: u32) -> bool {
    let magnitude = text.strip_prefix('-').unwrap_or(text);
    let (integer, fraction) = magnitude.split_once('.').unwrap_or((magnitude, ""));
    let integer = integer.trim_start_matches('0');
    // More significant digits than any bound has: beyond it.
    if integer.len() > 9 {
        return false;
    }
    let mut value = 0u32;
    for digit in integer.chars() {
        let Some(digit) = digit.to_digit(10) else {
            return false;
        };
        value = value * 10 + digit;
    }
    value < bound || (value == bound && fraction.bytes().all(|digit| digit == b'0'))
}

/// Section 3.4.2: a WGS-84 coordinate (at `at` of `uri`) lies in its
/// range and matches its rule.
fn wgs84_coordinate(uri: &str, at: Range<usize>, check: &Wgs84) -> Result<(), SchemeError> {
    let cited = &("RFC 5870", "3.4.2");
    let text = &uri[at.clone()];
    if let Some((bound, range)) = check.range {
        if !within(text, bound) {
            let kind = Kind::OutOfRange {
                what: check.what,
                value: Box::from(text),
                range,
            };
            return Err(SchemeError::new(
                Scheme::Geo,
                uri,
                at.start,
                cited,
                kind,
                Vec::new(),
            ));
        }
    }
    let entry = Entry {
        matcher: check.matcher,
        fail: check.fail,
    };
    // The rule's own failure is at the character it stops at, expecting
    // the end of the coordinate; the error names the rule instead.
    entry
        .check(
            Scheme::Geo,
            &RULES,
            uri,
            &Source::part(text, at.start),
            cited,
        )
        .map(|_| ())
        .map_err(|error| error.expecting(vec![check.form]))
}
