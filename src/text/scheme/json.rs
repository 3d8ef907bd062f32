//! The JSON of a reference's scheme-specific syntax (features `schemes`
//! and `serde`): the object `peguri parse --scheme-syntax` prints as
//! `"scheme_syntax"`, and a contract other tools consume.
//!
//! ```text
//! {"scheme": "urn", "spec": "RFC 8141", "valid": true|false,
//!  "error": {"offset": <byte offset into the whole input>, "message": "..."} | null,
//!  "parts": {...} | null}
//! ```
//!
//! `error` is `null` when the reference is valid, `parts` when it is not.
//! The parts, by scheme:
//!
//! - `mailto`: `to` (the recipients, decoded: those of the path, then
//!   those of every `to` header field) and `headers` (every header field
//!   as a decoded `[name, value]` pair, in order);
//! - `urn`: `nid` (as written), `nss`, `r_component`, `q_component`
//!   (without `?+` and `?=`, `null` when absent);
//! - `data`: `media_type` (as written with its parameters, without
//!   `;base64`, `null` when empty), `base64`, `data_length` (bytes after
//!   decoding);
//! - `tel`: `number` (without the parameters), `global`;
//! - `geo`: `coordinates` (numbers), `crs` (lowercase, `"wgs84"` when
//!   absent), `uncertainty` (a number or `null`);
//! - `sip`, `sips`: `user`, `password`, `host`, `port` (as written,
//!   `null` when absent), `parameters` (`[name, value]` pairs, the value
//!   `null` for a name alone), `headers` (`[name, value]` pairs);
//! - `tag`: `authority_name`, `date`, `specific` (as written);
//! - `acct`: `userpart`, `host` (as written);
//! - `xmpp`: `account`, `node`, `domain`, `resource`, `query_type` (as
//!   written, `null` when absent), `pairs` (`[key, value]` pairs);
//! - `sms`: `recipients` (as written), `body` (decoded, `null` when
//!   absent);
//! - `about`: `token`;
//! - `cid`, `mid`: `message_id` (a mid URL's), `content_id` (decoded,
//!   `null` when absent);
//! - `ftp`: `user`, `password` (as written, `null` when absent), `host`,
//!   `port` (a number or `null`), `path_segments` (as written), `type`
//!   (`"a"`, `"i"`, `"d"` or `null`);
//! - `ldap`: `host`, `port`, `dn` (decoded, `""` when absent),
//!   `attributes`, `scope` (as written), `filter` (decoded), `extensions`
//!   (`{"critical", "type", "value"}` objects, the value decoded);
//! - `ni`, `nih`: `authority`, `algorithm`, `value` (as written), `digest`
//!   (lowercase hex), `query`, `check_digit`;
//! - `news`, `nntp`: `server` (the authority), `message_id`, `newsgroups`,
//!   `group` (decoded), `article_number`;
//! - `http`, `https`, `ws`, `wss`, `file`, `coap`, `coaps`, `coap+tcp`,
//!   `coaps+tcp`, `coap+ws`, `coaps+ws`, `rtsp`, `rtsps`: `{}`.

use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use alloc::string::ToString as _;
use alloc::vec::Vec;

use super::{Address, DataUrl, Geo, Mailto, Parts, Scheme, SchemeError, Tel, Urn, parts};
use crate::reference::{Family, Kind, Reference, Storage};

/// A reference checked against its scheme's syntax, serialized as the
/// JSON contract's object (see the module documentation of
/// [`scheme`](crate::scheme)).
///
/// ```
/// let uri = peguri::UriRef::parse("urn:example:animal:ferret:nose")?;
/// let report = peguri::scheme::SyntaxReport::of(&uri).unwrap();
/// assert_eq!(
///     serde_json::to_string(&report).unwrap(),
///     r#"{"scheme":"urn","spec":"RFC 8141","valid":true,"error":null,"parts":{"nid":"example","nss":"animal:ferret:nose","r_component":null,"q_component":null}}"#
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SyntaxReport<'a> {
    scheme: Scheme,
    result: Result<Parts<'a>, SchemeError>,
}

impl<'a> SyntaxReport<'a> {
    /// The report for `reference`: `None` when it has no scheme or peguri
    /// has no grammar for its scheme (the JSON's `null`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("mailto:joe")?;
    /// let report = peguri::scheme::SyntaxReport::of(&uri).unwrap();
    /// assert!(!report.is_valid());
    /// assert!(peguri::scheme::SyntaxReport::of(&peguri::UriRef::parse("x:y")?).is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn of<S: Storage, F: Family, K: Kind>(reference: &'a Reference<S, F, K>) -> Option<Self> {
        let result = parts(reference)?;
        let scheme = match &result {
            Ok(parts) => parts.scheme(),
            Err(error) => error.scheme(),
        };
        Some(SyntaxReport { scheme, result })
    }

    /// Whether the reference is valid under its scheme's syntax.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("geo:90,180")?;
    /// assert!(peguri::scheme::SyntaxReport::of(&uri).unwrap().is_valid());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// The parts, or why the reference breaks its scheme's syntax.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("tel:7042")?;
    /// let report = peguri::scheme::SyntaxReport::of(&uri).unwrap();
    /// assert_eq!(report.result().as_ref().unwrap_err().offset(), 8);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn result(&self) -> &Result<Parts<'a>, SchemeError> {
        &self.result
    }
}

impl Serialize for SyntaxReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("SyntaxReport", 5)?;
        st.serialize_field("scheme", self.scheme.name())?;
        st.serialize_field("spec", self.scheme.spec())?;
        st.serialize_field("valid", &self.is_valid())?;
        match &self.result {
            Ok(parts) => {
                st.serialize_field("error", &())?;
                st.serialize_field("parts", parts)?;
            }
            Err(error) => {
                st.serialize_field("error", &ErrorJson(error))?;
                st.serialize_field("parts", &())?;
            }
        }
        st.end()
    }
}

/// `{"offset", "message"}`.
struct ErrorJson<'a>(&'a SchemeError);

impl Serialize for ErrorJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("SchemeError", 2)?;
        st.serialize_field("offset", &self.0.offset())?;
        st.serialize_field("message", &self.0.message().to_string())?;
        st.end()
    }
}

/// A [`SchemeError`] as the JSON contract's `error` object:
/// `{"offset", "message"}`.
///
/// ```
/// let uri = peguri::UriRef::parse("geo:91,0")?;
/// let err = peguri::scheme::validate(&uri).unwrap().unwrap_err();
/// assert_eq!(
///     serde_json::to_string(&err).unwrap(),
///     r#"{"offset":4,"message":"latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2)"}"#
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl Serialize for SchemeError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ErrorJson(self).serialize(serializer)
    }
}

/// The parts object of the JSON contract (see the module documentation
/// of [`scheme`](crate::scheme)).
///
/// ```
/// let uri = peguri::UriRef::parse("tel:+1-201-555-0123")?;
/// let parts = peguri::scheme::parts(&uri).unwrap().unwrap();
/// assert_eq!(serde_json::to_string(&parts).unwrap(), r#"{"number":"+1-201-555-0123","global":true}"#);
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl Serialize for Parts<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Parts::Http
            | Parts::Https
            | Parts::Ws
            | Parts::Wss
            | Parts::File
            | Parts::Coap
            | Parts::Coaps
            | Parts::CoapTcp
            | Parts::CoapsTcp
            | Parts::CoapWs
            | Parts::CoapsWs
            | Parts::Rtsp
            | Parts::Rtsps => serializer.serialize_map(Some(0))?.end(),
            Parts::Mailto(mailto) => mailto.serialize(serializer),
            Parts::Urn(urn) => urn.serialize(serializer),
            Parts::Data(data) => data.serialize(serializer),
            Parts::Tel(tel) => tel.serialize(serializer),
            Parts::Geo(geo) => geo.serialize(serializer),
            Parts::Sip(sip) | Parts::Sips(sip) => sip.serialize(serializer),
            Parts::Tag(tag) => tag.serialize(serializer),
            Parts::Acct(acct) => acct.serialize(serializer),
            Parts::Xmpp(xmpp) => xmpp.serialize(serializer),
            Parts::Sms(sms) => sms.serialize(serializer),
            Parts::About(about) => about.serialize(serializer),
            Parts::Cid(url) | Parts::Mid(url) => url.serialize(serializer),
            Parts::Ftp(ftp) => ftp.serialize(serializer),
            Parts::Ldap(ldap) => ldap.serialize(serializer),
            Parts::Ni(ni) | Parts::Nih(ni) => ni.serialize(serializer),
            Parts::News(news) | Parts::Nntp(news) => news.serialize(serializer),
        }
    }
}

/// The `mailto` parts object: `to`, the recipients (those of the path,
/// then those of every `to` header field), and `headers`, every header
/// field as a decoded `[name, value]` pair, in order.
///
/// ```
/// let uri = peguri::UriRef::parse("mailto:joe@example.com?subject=hi%20there")?;
/// let mailto = peguri::scheme::Mailto::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&mailto).unwrap(),
///     r#"{"to":["joe@example.com"],"headers":[["subject","hi there"]]}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Mailto {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("to", self.to())?;
        let headers: Vec<[&str; 2]> = self
            .headers()
            .iter()
            .map(|(n, v)| [n.as_str(), v.as_str()])
            .collect();
        map.serialize_entry("headers", &headers)?;
        map.end()
    }
}

/// As its text, decoded.
///
/// ```
/// let uri = peguri::UriRef::parse("mailto:%22not%40me%22@example.org")?;
/// let mailto = peguri::scheme::Mailto::parse(&uri)?;
/// assert_eq!(serde_json::to_string(&mailto.to()[0]).unwrap(), r#""\"not@me\"@example.org""#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Address {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The `urn` parts object: `nid` (as written), `nss`, `r_component` and
/// `q_component` (without `?+` and `?=`, `null` when absent).
///
/// ```
/// let uri = peguri::UriRef::parse("urn:example:a?=q")?;
/// let urn = peguri::scheme::Urn::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&urn).unwrap(),
///     r#"{"nid":"example","nss":"a","r_component":null,"q_component":"q"}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Urn<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("nid", self.nid())?;
        map.serialize_entry("nss", self.nss())?;
        map.serialize_entry("r_component", &self.r_component())?;
        map.serialize_entry("q_component", &self.q_component())?;
        map.end()
    }
}

/// The `data` parts object: `media_type` (as written with its
/// parameters, without `;base64`, `null` when empty), `base64` and
/// `data_length` (bytes after decoding).
///
/// ```
/// let uri = peguri::UriRef::parse("data:text/plain;base64,SGk=")?;
/// let data = peguri::scheme::DataUrl::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&data).unwrap(),
///     r#"{"media_type":"text/plain","base64":true,"data_length":2}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for DataUrl<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("media_type", &self.media_type())?;
        map.serialize_entry("base64", &self.is_base64())?;
        map.serialize_entry("data_length", &self.data().len())?;
        map.end()
    }
}

/// The `tel` parts object: `number` (without the parameters) and
/// `global`.
///
/// ```
/// let uri = peguri::UriRef::parse("tel:+1-201-555-0123;ext=1")?;
/// let tel = peguri::scheme::Tel::parse(&uri)?;
/// assert_eq!(serde_json::to_string(&tel).unwrap(), r#"{"number":"+1-201-555-0123","global":true}"#);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Tel<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("number", self.number())?;
        map.serialize_entry("global", &self.is_global())?;
        map.end()
    }
}

/// The `geo` parts object: `coordinates` (numbers), `crs` (lowercase,
/// `"wgs84"` when absent) and `uncertainty` (a number or `null`).
///
/// ```
/// let uri = peguri::UriRef::parse("geo:48.2,16.37;u=40")?;
/// let geo = peguri::scheme::Geo::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&geo).unwrap(),
///     r#"{"coordinates":[48.2,16.37],"crs":"wgs84","uncertainty":40.0}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Geo<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("coordinates", self.coordinates())?;
        map.serialize_entry("crs", self.crs())?;
        map.serialize_entry("uncertainty", &self.uncertainty())?;
        map.end()
    }
}
