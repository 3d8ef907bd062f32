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

use super::{Parts, Scheme, SchemeError, parts};
use crate::reference::{Family, Kind, Reference, Storage};

/// A reference checked against its scheme's syntax, serialized as the
/// JSON contract's object (see the module documentation of
/// [`scheme`](super)).
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
/// of [`scheme`](super)).
///
/// ```
/// let uri = peguri::UriRef::parse("tel:+1-201-555-0123")?;
/// let parts = peguri::scheme::parts(&uri).unwrap().unwrap();
/// assert_eq!(serde_json::to_string(&parts).unwrap(), r#"{"number":"+1-201-555-0123","global":true}"#);
/// # Ok::<_, peguri::ParseError>(())
/// ```
impl Serialize for Parts<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The views of these schemes serialize as their parts.
        match self {
            Parts::Sip(sip) | Parts::Sips(sip) => return sip.serialize(serializer),
            Parts::Tag(tag) => return tag.serialize(serializer),
            Parts::Acct(acct) => return acct.serialize(serializer),
            Parts::Xmpp(xmpp) => return xmpp.serialize(serializer),
            Parts::Sms(sms) => return sms.serialize(serializer),
            Parts::About(about) => return about.serialize(serializer),
            Parts::Cid(url) | Parts::Mid(url) => return url.serialize(serializer),
            _ => {}
        }
        let mut map = serializer.serialize_map(None)?;
        match self {
            Parts::Http
            | Parts::Https
            | Parts::Ws
            | Parts::Wss
            | Parts::File
            | Parts::Sip(_)
            | Parts::Sips(_)
            | Parts::Tag(_)
            | Parts::Acct(_)
            | Parts::Xmpp(_)
            | Parts::Sms(_)
            | Parts::About(_)
            | Parts::Cid(_)
            | Parts::Mid(_)
            | Parts::Coap
            | Parts::Coaps
            | Parts::CoapTcp
            | Parts::CoapsTcp
            | Parts::CoapWs
            | Parts::CoapsWs
            | Parts::Rtsp
            | Parts::Rtsps => {}
            Parts::Mailto(mailto) => {
                let to: alloc::vec::Vec<&str> = mailto.to().iter().map(|a| a.as_str()).collect();
                map.serialize_entry("to", &to)?;
                let headers: alloc::vec::Vec<[&str; 2]> = mailto
                    .headers()
                    .iter()
                    .map(|(n, v)| [n.as_str(), v.as_str()])
                    .collect();
                map.serialize_entry("headers", &headers)?;
            }
            Parts::Urn(urn) => {
                map.serialize_entry("nid", urn.nid())?;
                map.serialize_entry("nss", urn.nss())?;
                map.serialize_entry("r_component", &urn.r_component())?;
                map.serialize_entry("q_component", &urn.q_component())?;
            }
            Parts::Data(data) => {
                map.serialize_entry("media_type", &data.media_type())?;
                map.serialize_entry("base64", &data.is_base64())?;
                map.serialize_entry("data_length", &data.data().len())?;
            }
            Parts::Tel(tel) => {
                map.serialize_entry("number", tel.number())?;
                map.serialize_entry("global", &tel.is_global())?;
            }
            Parts::Geo(geo) => {
                map.serialize_entry("coordinates", geo.coordinates())?;
                map.serialize_entry("crs", geo.crs())?;
                map.serialize_entry("uncertainty", &geo.uncertainty())?;
            }
            Parts::Ftp(ftp) => ftp.write_json(&mut map)?,
            Parts::Ldap(ldap) => ldap.write_json(&mut map)?,
            Parts::Ni(ni) | Parts::Nih(ni) => ni.write_json(&mut map)?,
            Parts::News(news) | Parts::Nntp(news) => news.write_json(&mut map)?,
        }
        map.end()
    }
}
