//! Two readings of one URL, RFC 3986's and the WHATWG URL Standard's, and
//! where their meanings differ (feature `whatwg`).
//!
//! A validator that reads a URL by RFC 3986 and a client that fetches it by
//! the URL Standard (browsers, and the `url` crate under Rust's HTTP
//! clients) can disagree on what it names: many SSRF and open-redirect bugs
//! come from that. [`compare`] reads an input both ways, peguri's grammar
//! for RFC 3986 and the `url` crate for the URL Standard, and reports the
//! components whose meaning differs ([`Comparison::differences`]), each
//! with the causes peguri can tell ([`Comparison::causes`]).
//!
//! ```
//! use peguri::{whatwg::{compare, Cause}, Component};
//!
//! let comparison = compare("http://0x7f.1/");
//! assert_eq!(comparison.differences(), [Component::Host]);
//! assert_eq!(comparison.causes()[0].cause, Cause::Ipv4NumberForms);
//! assert_eq!(comparison.whatwg().unwrap().as_str(), "http://127.0.0.1/");
//!
//! // Two spellings of one meaning are no difference.
//! assert!(!compare("HTTP://H:80/a/./b").differs());
//! ```
//!
//! # Meanings, not spellings
//!
//! The URL Standard canonicalizes what it parses (lowercase scheme and
//! host, no default port, no dot-segments, `/` for an empty path, some
//! characters percent-encoded), and RFC 3986 defines the same
//! equivalences as normalization. So the RFC 3986 reading is compared in
//! its normal form: syntax-based and scheme-based normalization (sections
//! 6.2.2 and 6.2.3, [`normalize`](crate::Reference::normalize)), and a registered
//! name with non-ASCII characters (percent-encoded UTF-8) mapped by ToASCII
//! as RFC 3987 section 3.1 maps an IRI's ([`IriRef::to_uri_idna`]). The WHATWG
//! reading gets the same percent-encoding normalization. Then these count
//! as the same meaning too:
//!
//! - an empty path and `/` after a special scheme's authority (the URL
//!   Standard's special schemes are `ftp`, `file`, `http`, `https`, `ws`
//!   and `wss`);
//! - empty and absent userinfo, and `user:` and `user`: credentials are
//!   compared as the decoded user and password;
//! - a port equal to the scheme's default and no port, by peguri's
//!   [scheme table](crate::scheme::scheme_info) (which has every special
//!   scheme's default);
//! - `'` and `%27` in the query of a special URL, which the URL Standard
//!   percent-encodes;
//! - in a `file` URL, `localhost`, an empty host and no authority (RFC
//!   8089 section 2; the URL Standard writes all three `file:///`);
//! - an opaque host (the host of a URL whose scheme is not special, which
//!   the URL Standard keeps as written) and the same text as an RFC 3986
//!   host, normalized alike.
//!
//! What remains is a difference in [`Component`]s: scheme, userinfo, host,
//! port, path, query, fragment, or in validity when one standard rejects
//! the input ([`Comparison::validity_differs`]). The input is compared as given: neither standard reads it
//! against a base, so a relative reference is valid to RFC 3986 only.
//!
//! # Causes
//!
//! The causes cover the five categories of Claroty and Snyk's study
//! "Exploiting URL Parsing Confusion" (2022), and what else the two
//! standards disagree on. Each [`Cause`] variant has an example.
//!
//! | code | category | example | RFC 3986 | WHATWG |
//! |---|---|---|---|---|
//! | `scheme-relative` | scheme confusion | `//evil.example/x` | host `evil.example` | rejected without a base |
//! | `relative-reference` | scheme confusion | `evil.example/x` | path `evil.example/x` | rejected without a base |
//! | `tab-or-newline` | scheme confusion | `java\nscript:alert(1)` | rejected | `javascript:alert(1)` |
//! | `c0-space-trimmed` | scheme confusion | `\x01 javascript:alert(1)` | rejected | `javascript:alert(1)` |
//! | `missing-slashes` | slash confusion | `http:evil.example/x` | no host, path `evil.example/x` | host `evil.example` |
//! | `extra-slashes` | slash confusion | `http:///evil.example/` | empty host, path `/evil.example/` | host `evil.example` |
//! | `empty-host` | slash confusion | `http://:80/` | empty host | rejected |
//! | `backslash` | backslash confusion | `http://evil.example\@good.example/` | rejected | host `evil.example` |
//! | `host-percent-decoded` | URL-encoded data | `http://a%2Cb.example/` | host `a%2Cb.example` | host `a,b.example` |
//! | `delimiter-in-host` | URL-encoded data | `http://evil.example%23.good.example/` | host `evil.example%23.good.example` | rejected |
//! | `bad-percent-encoding` | URL-encoded data | `http://h/%zz` | rejected | path `/%zz` |
//! | `ipv4-number-forms` | URL-encoded data | `http://0x7f.1/` | reg-name `0x7f.1` | IPv4 `127.0.0.1` |
//! | `windows-drive-letter` | scheme mixup | `file://C:/x` | host `C`, path `/x` | no host, path `/C:/x` |
//! | `file-authority` | scheme mixup | `file://user@host/x` | userinfo `user` | rejected |
//! | `opaque-path` | scheme mixup | `mailto:a/../b` | path `/b` (normalized) | path `a/../b` |
//! | `last-at-sign` | | `http://a@evil.example@good.example/` | rejected | user `a%40evil.example` |
//! | `port-out-of-range` | | `http://h:65536/` | port `65536` | rejected |
//! | `ipvfuture` | | `http://[v1.x]/` | IPvFuture `[v1.x]` | rejected |
//! | `idna-mapping` | | `http://ＥＸＡＭＰＬＥ。com/` | rejected | host `example.com` |
//! | `idna-rejected` | | `http://xn--a.example/` | host `xn--a.example` | rejected |
//! | `lenient-idna` | | `http://a_b.%C3%BC/` | no ASCII form (ToASCII, STD3) | host `a_b.xn--tda` |
//! | `encoded-by-whatwg` | | `http://h/a b` | rejected | path `/a%20b` |
//! | `kept-by-whatwg` | | `http://h/a\|b` | rejected | path `/a\|b` |
//! | `rfc3986-rejects` | | | rejected | accepted, for another reason |
//! | `whatwg-rejects` | | | accepted | rejected, for another reason |
//!
//! `docs/whatwg.md` has these counted over a corpus of 109,000 URLs.
//!
//! # Rationale
//!
//! - *The URL Standard is the `url` crate's reading of it*: the crate
//!   follows the standard closely, and it is what Rust's HTTP stack uses.
//! - *RFC 3986 reads URIs, not IRIs.* A non-ASCII character is an error to
//!   it, and a difference in validity (`idna-mapping` in a host,
//!   `encoded-by-whatwg` elsewhere).
//! - *A cause is found where the readings show it.* When RFC 3986 rejects
//!   the input, its error names the first character at fault; the URL
//!   Standard's parser reports what it tolerated (the `url` crate's syntax
//!   violations), and the input is read for the characters the URL
//!   Standard removes or reinterprets. Component boundaries always come
//!   from the grammar. A difference whose cause peguri cannot tell has
//!   none listed.
//!
//! [`IriRef::to_uri_idna`]: crate::IriRef::to_uri_idna

mod cause;
mod meaning;

use std::borrow::Cow;
use std::cell::RefCell;

use url::Url;

pub use cause::{Cause, Explanation};

use crate::reference::UriRef;
use crate::syntax::component::Component;
use crate::syntax::error::ParseError;
use crate::syntax::layout::offset_in;
use crate::text::lint::{Code, Finding, Severity};
#[cfg(feature = "serde")]
use alloc::vec;
use alloc::{
    borrow::ToOwned,
    format,
    string::{String, ToString},
    vec::Vec,
};

/// Both readings of one input, and where they differ.
///
/// ```
/// let comparison = peguri::whatwg::compare(r"http://evil.example\@good.example/");
/// assert!(comparison.rfc3986().is_err());
/// assert_eq!(comparison.whatwg().unwrap().host_str(), Some("evil.example"));
/// assert!(comparison.validity_differs());
/// assert_eq!(comparison.causes()[0].cause.as_str(), "backslash");
/// ```
#[derive(Clone, Debug)]
pub struct Comparison<'a> {
    input: Cow<'a, str>,
    rfc3986: Result<UriRef<'a>, ParseError>,
    whatwg: Result<Url, url::ParseError>,
    differences: Vec<Component>,
    /// Whether one standard accepts the input and the other rejects it.
    validity_differs: bool,
    causes: Vec<Explanation>,
}

/// Reads `input` by RFC 3986 (as [`UriRef::parse`] does) and by the WHATWG
/// URL Standard (as `url::Url::parse` does, without a base), and compares
/// the meanings (see the [module documentation](self)).
///
/// ```
/// use peguri::{whatwg::compare, Component};
///
/// let comparison = compare("http:///evil.example/");
/// assert_eq!(comparison.differences(), [Component::Host, Component::Path]);
/// assert_eq!(comparison.causes()[0].cause.as_str(), "extra-slashes");
/// assert!(compare("https://example.com").differences().is_empty());
/// ```
pub fn compare(input: &str) -> Comparison<'_> {
    Comparison::new(Cow::Borrowed(input), UriRef::parse(input))
}

/// [`compare`] for input that may not be UTF-8: RFC 3986 rejects such
/// bytes (the error names the first bad byte, as
/// [`UriRef::parse_bytes`] does), and the URL Standard reads the text
/// decoded with U+FFFD for each bad sequence, as the Encoding Standard's
/// UTF-8 decode gives it.
///
/// ```
/// use peguri::whatwg::compare_bytes;
///
/// let comparison = compare_bytes(b"http://h/\xFF");
/// assert_eq!(comparison.input(), "http://h/\u{FFFD}");
/// assert_eq!(comparison.rfc3986().unwrap_err().offset(), 9);
/// assert_eq!(comparison.whatwg().unwrap().path(), "/%EF%BF%BD");
/// assert!(comparison.validity_differs());
/// ```
pub fn compare_bytes(input: &[u8]) -> Comparison<'_> {
    match std::str::from_utf8(input) {
        Ok(text) => compare(text),
        Err(_) => Comparison::new(String::from_utf8_lossy(input), UriRef::parse_bytes(input)),
    }
}

impl<'a> Comparison<'a> {
    fn new(input: Cow<'a, str>, rfc3986: Result<UriRef<'a>, ParseError>) -> Self {
        let violations = RefCell::new(Vec::new());
        let record = |violation| violations.borrow_mut().push(violation);
        let whatwg = Url::options()
            .syntax_violation_callback(Some(&record))
            .parse(&input);
        let violations = violations.into_inner();
        let run = cause::WhatwgRun {
            input: &input,
            violations: &violations,
        };
        let validity_differs = rfc3986.is_ok() != whatwg.is_ok();
        let (differences, causes) = match (&rfc3986, &whatwg) {
            (Ok(uri), Ok(url)) => {
                let normal = meaning::rfc_normal(uri);
                let rfc = meaning::Meaning::of_rfc(&normal.uri.borrow());
                let read = meaning::Meaning::of_whatwg(url);
                let differences = rfc.differing(&read);
                let causes = if differences.is_empty() {
                    Vec::new()
                } else {
                    cause::both_accept(&run, url, &rfc, &read, normal.idna_failed, &differences)
                };
                (differences, causes)
            }
            (Err(error), Ok(url)) => (Vec::new(), cause::whatwg_accepts(&run, error, url)),
            (Ok(uri), Err(error)) => (Vec::new(), cause::whatwg_rejects(uri, *error)),
            (Err(_), Err(_)) => (Vec::new(), Vec::new()),
        };
        Comparison {
            input,
            rfc3986,
            whatwg,
            differences,
            validity_differs,
            causes,
        }
    }

    /// The input as compared (for [`compare_bytes`], with U+FFFD for the
    /// bytes that are not UTF-8).
    ///
    /// ```
    /// assert_eq!(peguri::whatwg::compare("a:b").input(), "a:b");
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The RFC 3986 reading: the reference, or why the input is none.
    ///
    /// ```
    /// let comparison = peguri::whatwg::compare("http://h/a b");
    /// assert_eq!(comparison.rfc3986().unwrap_err().message(), "invalid character ' ' in path");
    /// ```
    pub fn rfc3986(&self) -> Result<&UriRef<'a>, &ParseError> {
        self.rfc3986.as_ref()
    }

    /// The WHATWG reading: the URL as the `url` crate parses it, or why
    /// it rejects the input.
    ///
    /// ```
    /// let comparison = peguri::whatwg::compare("HTTP://Example.COM:80/a/../b");
    /// assert_eq!(comparison.whatwg().unwrap().as_str(), "http://example.com/b");
    /// ```
    pub fn whatwg(&self) -> Result<&Url, url::ParseError> {
        self.whatwg.as_ref().map_err(|e| *e)
    }

    /// The components whose meaning differs, in [`Component::ALL`] order
    /// (the authority as a whole is not compared, its parts are); nothing
    /// when either standard rejects the input (see
    /// [`validity_differs`](Self::validity_differs)).
    ///
    /// ```
    /// use peguri::{whatwg::compare, Component};
    ///
    /// assert_eq!(compare("http:evil.example/x").differences(), [Component::Host, Component::Path]);
    /// assert!(compare("http://a b/").differences().is_empty());
    /// ```
    pub fn differences(&self) -> &[Component] {
        &self.differences
    }

    /// Whether one standard accepts the input and the other rejects it.
    ///
    /// ```
    /// assert!(peguri::whatwg::compare("http://h/{x}").validity_differs());
    /// assert!(!peguri::whatwg::compare("http://a b/").validity_differs());
    /// ```
    pub fn validity_differs(&self) -> bool {
        self.validity_differs
    }

    /// Whether the readings differ: in validity, or in a component.
    ///
    /// ```
    /// assert!(peguri::whatwg::compare("http://h:65536/").differs());
    /// assert!(!peguri::whatwg::compare("http://h:8080/").differs());
    /// ```
    pub fn differs(&self) -> bool {
        self.validity_differs || !self.differences.is_empty()
    }

    /// Why the readings differ, one explanation per cause, in
    /// [`Cause::ALL`] order; empty when they do not differ, or when peguri
    /// cannot tell why.
    ///
    /// ```
    /// let comparison = peguri::whatwg::compare(" http://h/a\tb");
    /// let codes: Vec<&str> = comparison.causes().iter().map(|e| e.cause.as_str()).collect();
    /// assert_eq!(codes, ["tab-or-newline", "c0-space-trimmed"]);
    /// ```
    pub fn causes(&self) -> &[Explanation] {
        &self.causes
    }

    /// The differences as a section 7 finding, `whatwg-differs` (what
    /// `peguri check --whatwg` adds to [`lint`](crate::lint::lint)'s):
    /// `None` when the readings agree, or when the input is no URI
    /// reference (there is nothing to lint). The span covers the
    /// differing components, or the whole reference when WHATWG rejects it.
    ///
    /// ```
    /// let comparison = peguri::whatwg::compare("http://user@0x7f.1/");
    /// let finding = comparison.finding().unwrap();
    /// assert_eq!(finding.code, "whatwg-differs");
    /// assert_eq!(finding.span, 12..18);
    /// assert!(finding.message.starts_with("the WHATWG URL Standard reads the host differently"));
    /// assert!(peguri::whatwg::compare("http://h/").finding().is_none());
    /// ```
    pub fn finding(&self) -> Option<Finding> {
        let uri = self.rfc3986.as_ref().ok()?;
        if !self.differs() {
            return None;
        }
        let text = uri.as_str();
        let whole = 0..text.len();
        let span_of = |part: &str| {
            let start = offset_in(text, part);
            start..start + part.len()
        };
        let authority = uri.authority();
        let span = self
            .differences
            .iter()
            .map(|component| match component {
                Component::Scheme => uri.scheme().map_or(whole.clone(), span_of),
                Component::Userinfo => authority
                    .and_then(|a| a.userinfo())
                    .or(authority.map(|a| a.as_str()))
                    .map_or(whole.clone(), span_of),
                Component::Host => authority.map_or(span_of(uri.path()), |a| span_of(a.host_str())),
                Component::Port => authority
                    .map(|a| a.port().unwrap_or(a.as_str()))
                    .map_or(whole.clone(), span_of),
                Component::Path => span_of(uri.path()),
                Component::Query => uri.query().map_or(whole.end..whole.end, span_of),
                Component::Fragment => uri.fragment().map_or(whole.end..whole.end, span_of),
                // Not compared: its parts are.
                _ => whole.clone(),
            })
            .reduce(|a, b| a.start.min(b.start)..a.end.max(b.end))
            .unwrap_or(whole);
        let what = if self.validity_differs {
            "the WHATWG URL Standard rejects this reference".to_owned()
        } else {
            let names: Vec<&str> = self.differences.iter().map(|c| c.as_str()).collect();
            let names = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => names.concat(),
            };
            format!("the WHATWG URL Standard reads the {names} differently")
        };
        let causes: Vec<String> = self.causes.iter().map(|e| e.to_string()).collect();
        let message = if causes.is_empty() {
            what
        } else {
            format!("{what} ({})", causes.join("; "))
        };
        Some(Finding {
            code: Code::WhatwgDiffers,
            severity: Severity::Warning,
            section: "7",
            span,
            message,
        })
    }
}

/// `{"input", "rfc3986", "whatwg", "differs", "causes"}`: `rfc3986` is the
/// object `peguri parse` prints for the input ([`Report`](crate::report::Report)),
/// `whatwg` the URL's components (`href`, `scheme`, `authority` with
/// `userinfo`, `host`, `host_kind` and `port`, `path`, `query`,
/// `fragment`) or `{"error": "..."}`, `differs` the names of the
/// components that differ (`["validity"]` when one standard rejects the
/// input) and `causes` the explanations.
///
/// ```
/// let comparison = peguri::whatwg::compare("http://0x7f.1/");
/// let json = serde_json::to_value(&comparison).unwrap();
/// assert_eq!(json["rfc3986"]["authority"]["host_kind"], "reg-name");
/// assert_eq!(json["whatwg"]["authority"]["host"], "127.0.0.1");
/// assert_eq!(json["whatwg"]["authority"]["host_kind"], "ipv4");
/// assert_eq!(json["differs"], serde_json::json!(["host"]));
/// assert_eq!(json["causes"][0]["code"], "ipv4-number-forms");
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Comparison<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let report = match &self.rfc3986 {
            Ok(uri) => crate::reference::report::Report::Valid(uri.components()),
            Err(error) => crate::reference::report::Report::Invalid {
                input: &self.input,
                error: error.clone(),
            },
        };
        let mut s = serializer.serialize_struct("Comparison", 5)?;
        s.serialize_field("input", &*self.input)?;
        s.serialize_field("rfc3986", &report)?;
        s.serialize_field("whatwg", &WhatwgReading(&self.whatwg))?;
        let differs: Vec<&str> = if self.validity_differs {
            vec!["validity"]
        } else {
            self.differences.iter().map(|c| c.as_str()).collect()
        };
        s.serialize_field("differs", &differs)?;
        s.serialize_field("causes", &self.causes)?;
        s.end()
    }
}

/// The WHATWG reading as JSON.
#[cfg(feature = "serde")]
struct WhatwgReading<'r>(&'r Result<Url, url::ParseError>);

#[cfg(feature = "serde")]
impl serde::Serialize for WhatwgReading<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let url = match self.0 {
            Ok(url) => url,
            Err(error) => {
                let mut s = serializer.serialize_struct("WhatwgError", 1)?;
                s.serialize_field("error", &error.to_string())?;
                return s.end();
            }
        };
        let mut s = serializer.serialize_struct("WhatwgComponents", 6)?;
        s.serialize_field("href", url.as_str())?;
        s.serialize_field("scheme", url.scheme())?;
        s.serialize_field(
            "authority",
            &url.has_authority().then_some(WhatwgAuthority(url)),
        )?;
        s.serialize_field("path", url.path())?;
        s.serialize_field("query", &url.query())?;
        s.serialize_field("fragment", &url.fragment())?;
        s.end()
    }
}

/// `{"userinfo", "host", "host_kind", "port"}` of a URL with an
/// authority: `userinfo` as serialized (`user:password`, null when both
/// are empty), `host_kind` one of `domain`, `opaque` (a host of a scheme
/// that is not special), `ipv4`, `ipv6`, `empty`.
#[cfg(feature = "serde")]
struct WhatwgAuthority<'r>(&'r Url);

#[cfg(feature = "serde")]
impl serde::Serialize for WhatwgAuthority<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let url = self.0;
        let userinfo = match (url.username(), url.password()) {
            ("", None) => None,
            (user, None) => Some(user.to_owned()),
            (user, Some(password)) => Some(format!("{user}:{password}")),
        };
        let host_kind = match url.host() {
            None => "empty",
            Some(url::Host::Domain(_)) if meaning::is_special(url.scheme()) => "domain",
            Some(url::Host::Domain(_)) => "opaque",
            Some(url::Host::Ipv4(_)) => "ipv4",
            Some(url::Host::Ipv6(_)) => "ipv6",
        };
        let mut s = serializer.serialize_struct("WhatwgAuthority", 4)?;
        s.serialize_field("userinfo", &userinfo)?;
        s.serialize_field("host", url.host_str().unwrap_or_default())?;
        s.serialize_field("host_kind", host_kind)?;
        s.serialize_field("port", &url.port().map(|p| p.to_string()))?;
        s.end()
    }
}
