//! `mailto` (RFC 6068 section 2), by `schemes/mailto.pest`: the URI's
//! text first, then each address list percent-decoded, as section 2 reads
//! it.

use core::ops::Range;

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::scheme::mailto as compiled;
use crate::syntax::runtime::Slot;
use alloc::{string::String, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("mailtoURI", "a mailto URI, \"mailto:\" [ to ] [ hfields ]"),
        ("to_text", "an address, local-part \"@\" domain"),
        ("addr_text", "an address, local-part \"@\" domain"),
        ("addr_spec", "an address, local-part \"@\" domain"),
        ("addr_spec_entry", "an address, local-part \"@\" domain"),
        ("at_sign", "'@'"),
        ("atext", "an atom character (atext)"),
        ("dot_atom_text", "an atom (dot-atom-text)"),
        ("local_part", "a local part"),
        ("domain", "a domain"),
        ("hfields", "header fields, \"?\" hfield *( \"&\" hfield )"),
        ("hfield", "a header field, hfname \"=\" hfvalue"),
        ("hfname", "a header field name"),
        ("hfvalue", "a header field value"),
        ("address_list", "an address"),
        ("address_list_entry", "an address"),
        ("address", "an address"),
        ("mailbox", "an address"),
        ("name_addr", "a display name and an address in '<' '>'"),
        ("angle_addr", "'<'"),
        ("group", "a group, display-name \":\" [ group-list ] \";\""),
        ("display_name", "a display name"),
        ("phrase", "a word"),
        ("word", "a word"),
        ("atom", "an atom"),
        ("phrase_quoted", "a quoted string"),
        ("CFWS", "whitespace or a comment"),
        ("FWS", "whitespace"),
        ("comment", "a comment"),
        ("ccontent", "a comment character"),
        ("qchar", "a character of a header field (qchar)"),
    ],
    limits: rule_words![(
        "semicolon",
        "';' is percent-encoded (%3B) in an address, as item 1 requires",
    )],
};

/// A mailto URI (RFC 6068): its recipients and header fields,
/// percent-decoded.
///
/// The recipients are those of the path, then those of every `to` header
/// field, as section 2 makes `mailto:a@x?to=b@y` and `mailto:a@x,b@y` the
/// same. A `to`, `cc` or `bcc` field's value is an RFC 5322 address list
/// (section 3.4: display names and groups too); the recipients of a `to`
/// field are its mailboxes' addresses. Every header field, `to` included,
/// is in [`headers`](Self::headers), in order, decoded.
///
/// ```
/// use peguri::scheme::Mailto;
///
/// let uri = peguri::UriRef::parse("mailto:joe@example.com?cc=bob@example.com&body=hello%20there")?;
/// let mailto = Mailto::parse(&uri)?;
/// assert_eq!(mailto.to()[0].as_str(), "joe@example.com");
/// assert_eq!(mailto.header("CC"), Some("bob@example.com"));
/// assert_eq!(mailto.header("body"), Some("hello there"));
///
/// let uri = peguri::UriRef::parse("mailto:?to=Ann%20%3Cann@example.com%3E")?;
/// let mailto = Mailto::parse(&uri)?;
/// assert_eq!(mailto.to()[0].as_str(), "ann@example.com");
/// assert_eq!(mailto.header("to"), Some("Ann <ann@example.com>"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mailto {
    to: Vec<Address>,
    headers: Vec<(String, String)>,
}

/// One recipient of a [`Mailto`]: an `addr-spec`, percent-decoded.
///
/// ```
/// let uri = peguri::UriRef::parse("mailto:%22not%40me%22@example.org")?;
/// let mailto = peguri::scheme::Mailto::parse(&uri)?;
/// let address = &mailto.to()[0];
/// assert_eq!(address.as_str(), "\"not@me\"@example.org");
/// assert_eq!((address.local_part(), address.domain()), ("\"not@me\"", "example.org"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Address {
    text: String,
    /// Where the `@` between the local part and the domain is.
    at: usize,
}

impl Address {
    /// The address, as decoded.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:gorby%25kremvax@example.com")?;
    /// let mailto = peguri::scheme::Mailto::parse(&uri)?;
    /// assert_eq!(mailto.to()[0].as_str(), "gorby%kremvax@example.com");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The part before the `@` (a dot-atom or a quoted string, quotes
    /// included).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:joe.bloggs@example.com")?;
    /// let mailto = peguri::scheme::Mailto::parse(&uri)?;
    /// assert_eq!(mailto.to()[0].local_part(), "joe.bloggs");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn local_part(&self) -> &str {
        &self.text[..self.at]
    }

    /// The part after the `@`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:joe@%5B192.0.2.1%5D")?;
    /// let mailto = peguri::scheme::Mailto::parse(&uri)?;
    /// assert_eq!(mailto.to()[0].domain(), "[192.0.2.1]");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn domain(&self) -> &str {
        &self.text[self.at + 1..]
    }

    /// Whether two addresses are the same mailbox as far as the text
    /// tells: the same local part, and domains equal in ASCII case
    /// (domain names are case-insensitive, RFC 5321 section 2.4; local
    /// parts are not).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:Joe@Example.COM,joe@example.com")?;
    /// let mailto = peguri::scheme::Mailto::parse(&uri)?;
    /// let [a, b] = mailto.to() else { panic!() };
    /// assert!(!a.same_mailbox(b));
    /// let uri = peguri::UriRef::parse("mailto:joe@EXAMPLE.com")?;
    /// assert!(b.same_mailbox(&peguri::scheme::Mailto::parse(&uri)?.to()[0]));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn same_mailbox(&self, other: &Address) -> bool {
        self.local_part() == other.local_part()
            && self.domain().eq_ignore_ascii_case(other.domain())
    }
}

/// The address, as decoded.
///
/// ```
/// let uri = peguri::UriRef::parse("mailto:joe@example.com")?;
/// let mailto = peguri::scheme::Mailto::parse(&uri)?;
/// assert_eq!(mailto.to()[0].to_string(), "joe@example.com");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl core::fmt::Display for Address {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Mailto {
    /// Reads `reference` as a mailto URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 6068 section 2): an address
    /// that is not an `addr-spec` or holds `;` unencoded, a `to`, `cc` or
    /// `bcc` field that is not an RFC 5322 address list, a header field
    /// without `=`, percent-encoded octets that are not UTF-8.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:joe")?;
    /// let err = peguri::scheme::Mailto::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 10);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: Kind>(
        reference: &Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Mailto::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_mailto_entry,
            fail: compiled::fail_mailto_entry,
        };
        let rec = entry.check(
            Scheme::Mailto,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Mailto.cited(),
        )?;
        let mut mailto = Mailto {
            to: Vec::new(),
            headers: Vec::new(),
        };
        if let Some(to) = span(rec.to_text) {
            mailto.read_addresses(uri, to)?;
        }
        let Some(fields) = span(rec.hfields) else {
            return Ok(mailto);
        };
        // hfields = "?" hfield *( "&" hfield ): each name and value ends
        // where its rule's match does.
        let bytes = uri.as_bytes();
        let mut at = fields.start + 1;
        loop {
            let name = at..compiled::quiet_hfname(bytes, at).unwrap_or(at);
            let value_start = name.end + 1;
            let value =
                value_start..compiled::quiet_hfvalue(bytes, value_start).unwrap_or(value_start);
            let decoded_name = decode(uri, name.clone(), "a header field name")?;
            if ADDRESS_FIELDS
                .iter()
                .any(|field| decoded_name.eq_ignore_ascii_case(field))
                && !value.is_empty()
            {
                let addresses = address_field(uri, value.clone())?;
                if decoded_name.eq_ignore_ascii_case("to") {
                    mailto.to.extend(addresses);
                }
            }
            let decoded_value = decode(uri, value.clone(), "a header field value")?;
            mailto.headers.push((decoded_name, decoded_value));
            if value.end < fields.end {
                at = value.end + 1;
            } else {
                break;
            }
        }
        Ok(mailto)
    }

    /// Reads the addresses of `to` at `span` of `uri`: each, between the
    /// literal commas, percent-decoded and matched with `addr_spec`.
    fn read_addresses(&mut self, uri: &str, span: Range<usize>) -> Result<(), SchemeError> {
        let cited = Scheme::Mailto.cited();
        let bytes = uri.as_bytes();
        let mut at = span.start;
        // to = addr-spec *( "," addr-spec ), in the URI's text.
        while let Some(end) = compiled::quiet_addr_text(bytes, at) {
            let source =
                Source::decoded(Scheme::Mailto, uri, &uri[at..end], at, "an address", cited)?;
            let entry = Entry {
                matcher: compiled::match_addr_spec_entry,
                fail: compiled::fail_addr_spec_entry,
            };
            entry.check(Scheme::Mailto, &RULES, uri, &source, cited)?;
            let text = source.text.as_ref();
            self.to.push(address(text, 0..text.len()));
            if end >= span.end {
                break;
            }
            at = end + 1;
        }
        Ok(())
    }

    /// The recipients: those of the path, then those of every `to` header
    /// field.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:addr1@an.example?to=addr2@an.example")?;
    /// let mailto = peguri::scheme::Mailto::parse(&uri)?;
    /// let to: Vec<&str> = mailto.to().iter().map(|a| a.as_str()).collect();
    /// assert_eq!(to, ["addr1@an.example", "addr2@an.example"]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to(&self) -> &[Address] {
        &self.to
    }

    /// Every header field, as a decoded name and value, in order.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:?subject=caf%C3%A9&Body=x")?;
    /// let mailto = peguri::scheme::Mailto::parse(&uri)?;
    /// let headers: Vec<(&str, &str)> =
    ///     mailto.headers().iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    /// assert_eq!(headers, [("subject", "café"), ("Body", "x")]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// The value of the first header field of that name (names are
    /// case-insensitive, section 2).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:x@y?Subject=hi")?;
    /// assert_eq!(peguri::scheme::Mailto::parse(&uri)?.header("subject"), Some("hi"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether two mailto URIs ask for the same message: the same
    /// recipients in the same order (domains compared without regard to
    /// ASCII case, [`Address::same_mailbox`]), and the same other header
    /// fields in the same order (names without regard to case, values
    /// exactly, section 2). The three forms section 2 calls equivalent are:
    ///
    /// ```
    /// use peguri::scheme::Mailto;
    /// use peguri::UriRef;
    ///
    /// let forms = [
    ///     "mailto:addr1@an.example,addr2@an.example",
    ///     "mailto:?to=addr1@an.example,addr2@an.example",
    ///     "mailto:addr1@AN.EXAMPLE?to=addr2@an.example",
    /// ];
    /// let parsed: Vec<_> = forms.iter().map(|f| UriRef::parse(f).unwrap()).collect();
    /// let first = Mailto::parse(&parsed[0])?;
    /// assert!(parsed.iter().all(|u| Mailto::parse(u).unwrap().equivalent(&first)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn equivalent(&self, other: &Mailto) -> bool {
        fn others(m: &Mailto) -> Vec<(String, &str)> {
            m.headers
                .iter()
                .filter(|(n, _)| !n.eq_ignore_ascii_case("to"))
                .map(|(n, v)| (n.to_ascii_lowercase(), v.as_str()))
                .collect()
        }
        self.to.len() == other.to.len()
            && self
                .to
                .iter()
                .zip(&other.to)
                .all(|(a, b)| a.same_mailbox(b))
            && others(self) == others(other)
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The header fields whose values are addresses (RFC 5322 section 3.6.3:
/// an `address-list` each).
const ADDRESS_FIELDS: [&str; 3] = ["to", "cc", "bcc"];

/// The address `text[span]`, which `addr_spec` matches.
fn address(text: &str, span: Range<usize>) -> Address {
    let bytes = text.as_bytes();
    let local = compiled::quiet_local_part(bytes, span.start).unwrap_or(span.start);
    Address {
        text: String::from(&text[span.clone()]),
        at: local - span.start,
    }
}

/// Checks the value of a `to`, `cc` or `bcc` header field at `span` of
/// `uri`: in the URI's text, no `;` (section 2, item 1); percent-decoded,
/// an RFC 5322 `address-list`. Its mailboxes' addresses, in order (a
/// group's included).
fn address_field(uri: &str, span: Range<usize>) -> Result<Vec<Address>, SchemeError> {
    let cited = Scheme::Mailto.cited();
    let raw = &uri[span.clone()];
    let entry = Entry {
        matcher: compiled::match_address_field_entry,
        fail: compiled::fail_address_field_entry,
    };
    entry.check(
        Scheme::Mailto,
        &RULES,
        uri,
        &Source::part(raw, span.start),
        cited,
    )?;
    let source = Source::decoded(Scheme::Mailto, uri, raw, span.start, "an address", cited)?;
    let entry = Entry {
        matcher: compiled::match_address_list_entry,
        fail: compiled::fail_address_list_entry,
    };
    entry.check(Scheme::Mailto, &RULES, uri, &source, cited)?;
    let text = source.text.as_ref();
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    // address-list = address *( "," address ); an address is a mailbox or
    // a group, display-name ":" [ mailbox *( "," mailbox ) ] ";" [CFWS].
    let mut at = 0;
    while let Some(end) = compiled::quiet_address(bytes, at) {
        if compiled::quiet_mailbox(bytes, at) == Some(end) {
            out.extend(mailbox_address(text, at));
        } else if let Some(colon) = compiled::quiet_display_name(bytes, at) {
            let mut member = colon + 1;
            while let Some(next) = compiled::quiet_mailbox(bytes, member) {
                out.extend(mailbox_address(text, member));
                if bytes.get(next) != Some(&b',') {
                    break;
                }
                member = next + 1;
            }
        }
        if end >= bytes.len() {
            break;
        }
        at = end + 1;
    }
    Ok(out)
}

/// The address of the mailbox at `at` of `text`: the addr-spec in angle
/// brackets after a display name, or the addr-spec alone between
/// whitespace and comments.
fn mailbox_address(text: &str, at: usize) -> Option<Address> {
    let bytes = text.as_bytes();
    let start = if compiled::quiet_name_addr(bytes, at).is_some() {
        // name-addr = [display-name] [CFWS] "<" addr-spec ">" [CFWS]
        let p = compiled::quiet_display_name(bytes, at).unwrap_or(at);
        compiled::quiet_CFWS(bytes, p).unwrap_or(p) + 1
    } else {
        compiled::quiet_CFWS(bytes, at).unwrap_or(at)
    };
    let end = compiled::quiet_addr_spec(bytes, start)?;
    Some(address(text, start..end))
}

/// `uri[span]` percent-decoded, as UTF-8.
fn decode(uri: &str, span: Range<usize>, what: &'static str) -> Result<String, SchemeError> {
    let source = Source::decoded(
        Scheme::Mailto,
        uri,
        &uri[span.clone()],
        span.start,
        what,
        Scheme::Mailto.cited(),
    )?;
    Ok(source.text.into_owned())
}
