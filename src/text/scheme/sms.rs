//! `sms` (RFC 5724 section 2.2), by the sms rules of `schemes/tel.pest`
//! (its recipients are RFC 3966's telephone-subscriber), with the rule
//! that `body` appears once.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::tel as compiled;
use crate::syntax::pct;
use crate::syntax::runtime::Slot;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "sms_uri",
            "an sms URI, \"sms:\" sms-hier-part [ \"?\" sms-fields ]",
        ),
        ("sms_hier_part", "a recipient (a telephone number)"),
        ("sms_recipient", "a recipient (a telephone number)"),
        (
            "telephone_subscriber",
            "a global number (\"+\" and digits) or a local number",
        ),
        ("global_number", "a global number, \"+\" and digits"),
        ("global_number_digits", "a global number, \"+\" and digits"),
        ("local_number", "a local number"),
        ("local_number_digits", "a local number"),
        ("par", "a parameter"),
        ("parameter", "a parameter"),
        (
            "context",
            "';phone-context=' (a local number needs one, RFC 3966 section 5.1.5)",
        ),
        ("phonedigit", "a digit or visual separator"),
        (
            "phonedigit_hex",
            "a hex digit, '*', '#' or visual separator",
        ),
        ("sms_field", "a field, sms-field-name \"=\" escaped-value"),
        ("sms_field_name", "a field name"),
        ("sms_field_ext", "a field name"),
        ("escaped_value", "a field value"),
    ],
    limits: rule_words![(
        "reserved_pname",
        "isub, ext and phone-context are not other parameters; each comes once, before them",
    )],
};

/// The RFC and section of the sms syntax.
const CITED: &(&str, &str) = &("RFC 5724", "2.2");

/// An sms URI (RFC 5724): its recipients (telephone numbers, as written)
/// and its fields; the `body` field percent-decoded.
///
/// ```
/// use peguri::scheme::Sms;
///
/// let uri = peguri::UriRef::parse("sms:+15105550101,+15105550102?body=hello%20there")?;
/// let sms = Sms::parse(&uri)?;
/// assert_eq!(sms.recipients().collect::<Vec<_>>(), ["+15105550101", "+15105550102"]);
/// assert_eq!(sms.body(), Some("hello there"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sms<'a> {
    text: &'a str,
    recipients: Vec<Range<usize>>,
    fields: Vec<(Range<usize>, Range<usize>)>,
    body: Option<Cow<'a, str>>,
}

impl<'a> Sms<'a> {
    /// Reads `reference` as an sms URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 5724 section 2.2), if
    /// `body` appears twice, or if the body's percent-encoded octets are
    /// not UTF-8.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sms:+15105550101?body=a&body=b")?;
    /// let err = peguri::scheme::Sms::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 24);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Sms::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_sms_entry,
            fail: compiled::fail_sms_entry,
        };
        let rec = entry.check(Scheme::Sms, &RULES, uri, &Source::uri(uri), CITED)?;
        let bytes = uri.as_bytes();
        let mut sms = Sms {
            text: uri,
            recipients: Vec::new(),
            fields: Vec::new(),
            body: None,
        };
        // sms-hier-part = sms-recipient *( "," sms-recipient )
        if let Some(part) = span(rec.sms_hier_part) {
            let mut at = part.start;
            while let Some(end) = compiled::quiet_sms_recipient(bytes, at) {
                sms.recipients.push(at..end);
                if end >= part.end {
                    break;
                }
                at = end + 1;
            }
        }
        // sms-fields = sms-field *( "&" sms-field ),
        // sms-field = sms-field-name "=" escaped-value
        if let Some(fields) = span(rec.sms_fields) {
            let mut at = fields.start;
            loop {
                let name = at..compiled::quiet_sms_field_name(bytes, at).unwrap_or(at);
                let value_start = name.end + 1;
                let value = value_start
                    ..compiled::quiet_escaped_value(bytes, value_start).unwrap_or(value_start);
                let end = value.end;
                sms.read_field(name, value)?;
                if end >= fields.end {
                    break;
                }
                at = end + 1;
            }
        }
        Ok(sms)
    }

    /// Adds a field; the body is decoded, and comes once (section 2.2:
    /// `"body" MUST only appear once`).
    fn read_field(&mut self, name: Range<usize>, value: Range<usize>) -> Result<(), SchemeError> {
        let uri = self.text;
        let written = &uri[name.clone()];
        if written.eq_ignore_ascii_case("body") {
            if self.body.is_some() {
                let kind = Kind::Repeated {
                    what: "the field",
                    name: Box::from(written),
                };
                return Err(SchemeError::new(
                    Scheme::Sms,
                    uri,
                    name.start,
                    CITED,
                    kind,
                    Vec::new(),
                ));
            }
            let body = pct::decode_utf8(&uri[value.clone()]).map_err(|e| {
                let kind = Kind::NotUtf8 { what: "the body" };
                SchemeError::new(
                    Scheme::Sms,
                    uri,
                    value.start + e.offset(),
                    CITED,
                    kind,
                    Vec::new(),
                )
            })?;
            self.body = Some(body);
        }
        self.fields.push((name, value));
        Ok(())
    }

    /// The whole URI, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sms:+15105550101")?;
    /// assert_eq!(peguri::scheme::Sms::parse(&uri)?.as_str(), "sms:+15105550101");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The recipients, in order: each a telephone number with its
    /// parameters, as written (a tel URI's text after `tel:`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sms:+15105550101,7042;phone-context=example.com")?;
    /// let sms = peguri::scheme::Sms::parse(&uri)?;
    /// let recipients: Vec<&str> = sms.recipients().collect();
    /// assert_eq!(recipients, ["+15105550101", "7042;phone-context=example.com"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn recipients(&self) -> impl Iterator<Item = &'a str> + '_ {
        let text = self.text;
        self.recipients.iter().map(move |r| &text[r.clone()])
    }

    /// The message, percent-decoded: the value of the `body` field.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sms:+15105550101?body=caf%C3%A9")?;
    /// assert_eq!(peguri::scheme::Sms::parse(&uri)?.body(), Some("café"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn body(&self) -> Option<&str> {
        self.body.as_deref()
    }

    /// Every field, `body` included, in order, as its name and value as
    /// written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("sms:+15105550101?x-a=1&body=hi")?;
    /// let sms = peguri::scheme::Sms::parse(&uri)?;
    /// assert_eq!(sms.fields().collect::<Vec<_>>(), [("x-a", "1"), ("body", "hi")]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn fields(&self) -> impl Iterator<Item = (&'a str, &'a str)> + '_ {
        let text = self.text;
        self.fields
            .iter()
            .map(move |(name, value)| (&text[name.clone()], &text[value.clone()]))
    }

    /// Where each recipient is, for the component diagram.
    pub(crate) fn spans(&self) -> impl Iterator<Item = (&'static str, Range<usize>)> + '_ {
        self.recipients.iter().map(|r| ("recipient", r.clone()))
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `recipients` (as written) and `body` (decoded, `null` when
/// absent).
///
/// ```
/// let uri = peguri::UriRef::parse("sms:+15105550101?body=hello%20there")?;
/// let sms = peguri::scheme::Sms::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&sms)?,
///     r#"{"recipients":["+15105550101"],"body":"hello there"}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Sms<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(2))?;
        let recipients: Vec<&str> = self.recipients().collect();
        map.serialize_entry("recipients", &recipients)?;
        map.serialize_entry("body", &self.body())?;
        map.end()
    }
}
