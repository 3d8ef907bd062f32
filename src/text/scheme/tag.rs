//! `tag` (RFC 4151 section 2.1), by `schemes/tag.pest`, with the check
//! that the date is one of the calendar.

use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::tag as compiled;
use crate::syntax::runtime::Slot;
use alloc::{boxed::Box, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "tagURI",
            "a tag, \"tag:\" taggingEntity \":\" specific [ \"#\" fragment ]",
        ),
        (
            "taggingEntity",
            "a tagging entity, authorityName \",\" date",
        ),
        (
            "authorityName",
            "an authority name (a domain name or an email address)",
        ),
        ("comma", "','"),
        ("DNSname", "a domain name"),
        ("DNScomp", "a domain name"),
        ("emailAddress", "an email address"),
        ("alphaNum", "a letter or digit"),
        ("date", "a date, YYYY[-MM[-DD]]"),
        ("year", "a year (four digits)"),
        ("month", "a month (two digits)"),
        ("day", "a day (two digits)"),
        ("specific", "the specific part"),
    ],
    limits: rule_words![],
};

/// A tag URI (RFC 4151): who minted it (the authority name and the date
/// they held it on), and the name they gave, as written.
///
/// ```
/// use peguri::scheme::Tag;
///
/// let uri = peguri::UriRef::parse("tag:sandro@w3.org,2004-05:Sandro")?;
/// let tag = Tag::parse(&uri)?;
/// assert_eq!(tag.authority_name(), "sandro@w3.org");
/// assert_eq!(tag.date(), "2004-05");
/// assert_eq!((tag.year(), tag.month(), tag.day()), (2004, Some(5), None));
/// assert_eq!(tag.specific(), "Sandro");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag<'a> {
    text: &'a str,
    authority_name: Range<usize>,
    date: Range<usize>,
    year: u16,
    month: Option<u8>,
    day: Option<u8>,
    specific: Range<usize>,
}

impl<'a> Tag<'a> {
    /// Reads `reference` as a tag URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 4151 section 2.1), or if its
    /// date is not one of the calendar (a month 13, a February 30).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:example.com,2001-02-30:x")?;
    /// let err = peguri::scheme::Tag::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 24);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Tag::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_tag_entry,
            fail: compiled::fail_tag_entry,
        };
        let cited = Scheme::Tag.cited();
        let rec = entry.check(Scheme::Tag, &RULES, uri, &Source::uri(uri), cited)?;
        let year = span(rec.year).unwrap_or_default();
        let month = span(rec.month);
        let day = span(rec.day);
        let end = day.as_ref().or(month.as_ref()).unwrap_or(&year).end;
        let number = |r: &Range<usize>| uri[r.clone()].parse::<u16>().unwrap_or(0);
        let tag = Tag {
            text: uri,
            authority_name: span(rec.authorityName).unwrap_or_default(),
            date: year.start..end,
            year: number(&year),
            month: month.as_ref().map(|m| number(m) as u8),
            day: day.as_ref().map(|d| number(d) as u8),
            specific: span(rec.specific).unwrap_or_default(),
        };
        // The date is a day of the Gregorian calendar, as the YYYY-MM-DD
        // of section 2.1 means it.
        let out_of_range = |at: &Range<usize>, what, range| {
            let kind = Kind::OutOfRange {
                what,
                value: Box::from(&uri[at.clone()]),
                range,
            };
            SchemeError::new(Scheme::Tag, uri, at.start, cited, kind, Vec::new())
        };
        if let (Some(at), Some(value)) = (&month, tag.month) {
            if !(1..=12).contains(&value) {
                return Err(out_of_range(at, "month", "01 to 12"));
            }
            if let (Some(at), Some(value)) = (&day, tag.day) {
                let (last, range) = match days_in_month(tag.year, tag.month.unwrap_or(1)) {
                    28 => (28, "01 to 28"),
                    29 => (29, "01 to 29"),
                    30 => (30, "01 to 30"),
                    _ => (31, "01 to 31"),
                };
                if !(1..=last).contains(&value) {
                    return Err(out_of_range(at, "day", range));
                }
            }
        }
        Ok(tag)
    }

    /// The whole tag, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:yaml.org,2002:int")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.as_str(), "tag:yaml.org,2002:int");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The authority name: a domain name or an email address.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:blogger.com,1999:blog-555")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.authority_name(), "blogger.com");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn authority_name(&self) -> &'a str {
        &self.text[self.authority_name.clone()]
    }

    /// The date, as written: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:my-ids.com,2001-09-15:TimKindberg:presentations")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.date(), "2001-09-15");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn date(&self) -> &'a str {
        &self.text[self.date.clone()]
    }

    /// The year of the date.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:yaml.org,2002:int")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.year(), 2002);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn year(&self) -> u16 {
        self.year
    }

    /// The month of the date, 1 to 12, if the date has one.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:yaml.org,2002:int")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.month(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn month(&self) -> Option<u8> {
        self.month
    }

    /// The day of the date, if the date has one.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:example.com,2004-02-29:leap")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.day(), Some(29));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn day(&self) -> Option<u8> {
        self.day
    }

    /// The specific part: the name the tagging entity gives, as written
    /// (possibly empty).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tag:timothy@hpl.hp.com,2001:web/externalHome")?;
    /// assert_eq!(peguri::scheme::Tag::parse(&uri)?.specific(), "web/externalHome");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn specific(&self) -> &'a str {
        &self.text[self.specific.clone()]
    }

    /// Where the authority name, the date and the specific part are, for
    /// the component diagram.
    pub(crate) fn spans(&self) -> [(&'static str, Range<usize>); 3] {
        [
            ("authority name", self.authority_name.clone()),
            ("date", self.date.clone()),
            ("specific", self.specific.clone()),
        ]
    }
}

/// The days of `month` (1 to 12) in `year` of the Gregorian calendar.
fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `authority_name`, `date` and `specific`, as written.
///
/// ```
/// let uri = peguri::UriRef::parse("tag:yaml.org,2002:int")?;
/// let tag = peguri::scheme::Tag::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&tag)?,
///     r#"{"authority_name":"yaml.org","date":"2002","specific":"int"}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Tag<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("authority_name", self.authority_name())?;
        map.serialize_entry("date", self.date())?;
        map.serialize_entry("specific", self.specific())?;
        map.end()
    }
}
