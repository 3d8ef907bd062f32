//! `cid` and `mid` (RFC 2392 section 2), by `schemes/cid.pest`: the URI's
//! text first, then each address percent-decoded, as section 2 reads it.

use core::ops::Range;

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::scheme::cid as compiled;
use crate::syntax::runtime::Slot;
use alloc::string::String;
use alloc::vec::Vec;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("cid_url", "a cid URL, \"cid:\" content-id"),
        (
            "mid_url",
            "a mid URL, \"mid:\" message-id [ \"/\" content-id ]",
        ),
        ("content_id", "a Content-ID (an address, percent-encoded)"),
        ("message_id", "a Message-ID (an address, percent-encoded)"),
        ("url_addr_spec", "an address, percent-encoded"),
        ("addr_spec", "an address, local-part \"@\" domain"),
        ("addr_spec_entry", "an address, local-part \"@\" domain"),
        ("at_sign", "'@'"),
        ("local_part", "a local part"),
        ("word", "a word (an atom or a quoted string)"),
        ("atom", "an atom"),
        ("domain", "a domain"),
        ("sub_domain", "a sub-domain (an atom or a domain literal)"),
        ("domain_ref", "an atom"),
    ],
    limits: rule_words![],
};

/// A cid or mid URL (RFC 2392): the Message-ID of a message, the
/// Content-ID of a body part, or both, each percent-decoded (without the
/// angle brackets of the header field).
///
/// ```
/// use peguri::scheme::MessageUrl;
///
/// let uri = peguri::UriRef::parse("mid:960830.1639@XIson.com/partA.960830.1639@XIson.com")?;
/// let mid = MessageUrl::parse(&uri)?;
/// assert_eq!(mid.message_id(), Some("960830.1639@XIson.com"));
/// assert_eq!(mid.content_id(), Some("partA.960830.1639@XIson.com"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MessageUrl {
    scheme: Scheme,
    message_id: Option<String>,
    content_id: Option<String>,
    /// Where each is in the reference's text, percent-encoded.
    message_id_span: Option<Range<usize>>,
    content_id_span: Option<Range<usize>>,
}

impl MessageUrl {
    /// Reads `reference` as a cid or mid URL.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 2392 section 2), or if an
    /// address, percent-decoded, is not an RFC 822 `addr-spec`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("cid:foo4%25foo1")?;
    /// assert_eq!(peguri::scheme::MessageUrl::parse(&uri).unwrap_err().offset(), 15);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: Kind>(
        reference: &Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        // Another scheme is read as cid, whose grammar refuses it.
        let scheme = super::scheme_of(reference).filter(|&s| s == Scheme::Mid);
        MessageUrl::read(scheme.unwrap_or(Scheme::Cid), reference.view().as_str())
    }

    /// Reads the text of a reference of `scheme` ([`Scheme::Cid`] or
    /// [`Scheme::Mid`]).
    pub(super) fn read(scheme: Scheme, uri: &str) -> Result<Self, SchemeError> {
        let entry = if scheme == Scheme::Mid {
            Entry {
                matcher: compiled::match_mid_entry,
                fail: compiled::fail_mid_entry,
            }
        } else {
            Entry {
                matcher: compiled::match_cid_entry,
                fail: compiled::fail_cid_entry,
            }
        };
        let rec = entry.check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())?;
        let (message_id_span, content_id_span) = (span(rec.message_id), span(rec.content_id));
        Ok(MessageUrl {
            scheme,
            message_id: address(scheme, uri, message_id_span.clone())?,
            content_id: address(scheme, uri, content_id_span.clone())?,
            message_id_span,
            content_id_span,
        })
    }

    /// Whether it is a mid URL (a Message-ID, perhaps with a Content-ID)
    /// rather than a cid URL (a Content-ID alone).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("cid:foo4*foo1@bar.net")?;
    /// assert!(!peguri::scheme::MessageUrl::parse(&uri)?.is_mid());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_mid(&self) -> bool {
        self.scheme == Scheme::Mid
    }

    /// The Message-ID, percent-decoded: a mid URL's.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mid:foo4%25foo1@bar.net")?;
    /// assert_eq!(peguri::scheme::MessageUrl::parse(&uri)?.message_id(), Some("foo4%foo1@bar.net"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn message_id(&self) -> Option<&str> {
        self.message_id.as_deref()
    }

    /// The Content-ID, percent-decoded: a cid URL's, or the body part of a
    /// mid URL's message.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("cid:foo4%25foo1@bar.net")?;
    /// assert_eq!(peguri::scheme::MessageUrl::parse(&uri)?.content_id(), Some("foo4%foo1@bar.net"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn content_id(&self) -> Option<&str> {
        self.content_id.as_deref()
    }

    /// The Message-ID and the Content-ID where the reference holds them,
    /// labeled, for `Explainer::scheme_parts`.
    pub(crate) fn spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let message_id = self.message_id_span.clone().map(|r| ("Message-ID", r));
        let content_id = self.content_id_span.clone().map(|r| ("Content-ID", r));
        message_id.into_iter().chain(content_id).collect()
    }
}

/// The address at `span` of `uri`, percent-decoded and matched with
/// `addr_spec`.
fn address(
    scheme: Scheme,
    uri: &str,
    span: Option<Range<usize>>,
) -> Result<Option<String>, SchemeError> {
    let Some(span) = span else {
        return Ok(None);
    };
    let cited = scheme.cited();
    let source = Source::decoded(
        scheme,
        uri,
        &uri[span.clone()],
        span.start,
        "an address",
        cited,
    )?;
    let entry = Entry {
        matcher: compiled::match_addr_spec_entry,
        fail: compiled::fail_addr_spec_entry,
    };
    entry.check(scheme, &RULES, uri, &source, cited)?;
    Ok(Some(source.text.into_owned()))
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `message_id` (a mid URL's) and `content_id`, decoded,
/// `null` when absent.
///
/// ```
/// let uri = peguri::UriRef::parse("cid:foo4%25foo1@bar.net")?;
/// let cid = peguri::scheme::MessageUrl::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&cid)?,
///     r#"{"message_id":null,"content_id":"foo4%foo1@bar.net"}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for MessageUrl {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("message_id", &self.message_id())?;
        map.serialize_entry("content_id", &self.content_id())?;
        map.end()
    }
}
