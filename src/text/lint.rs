//! Security lints (RFC 3986 section 7): valid URIs that deserve a second
//! look before they are dereferenced, shown to a user, or logged.
//!
//! [`lint`] takes a URI reference the grammar accepted and returns
//! [`Finding`]s, each with a stable code, a [`Severity`], the byte span in
//! the reference and a one-line message citing the section. Findings are
//! advice: every URI linted here is valid.
//!
//! ```
//! use peguri::lint::{lint, Severity};
//!
//! let uri = peguri::UriRef::parse("http://user:hunter2@0x7f.1:25/")?;
//! let codes: Vec<&str> = lint(&uri).iter().map(|f| f.code.as_str()).collect();
//! assert_eq!(codes, ["password-in-userinfo", "ambiguous-ipv4", "foreign-port"]);
//! assert!(lint(&uri).iter().all(|f| f.severity == Severity::Warning));
//! assert_eq!(peguri::lint::mask_password(&uri), "http://user:***@0x7f.1:25/");
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! | code | severity | section | what |
//! |---|---|---|---|
//! | `foreign-port` | warning | 7.2 | a scheme with a port that belongs to another well-known protocol ([`WELL_KNOWN_PORTS`]) |
//! | `port-out-of-range` | warning | 7.2 | a port above 65535, which no TCP or UDP port is |
//! | `encoded-nul` | warning | 7.3 | `%00` anywhere |
//! | `encoded-line-break` | warning | 7.3 | `%0D` or `%0A` anywhere |
//! | `encoded-control` | info | 7.3 | another percent-encoded C0 control or DEL |
//! | `encoded-slash` | warning | 7.3 | `%2F` or `%5C` inside a path segment |
//! | `encoded-dot-segment` | warning | 7.3 | a segment that is `.` or `..` once decoded |
//! | `ambiguous-ipv4` | warning | 7.4 | a reg-name that `inet_aton`-style resolvers read as an IPv4 address |
//! | `password-in-userinfo` | warning | 7.5 | `user:password` with a password |
//! | `empty-password` | info | 7.5 | `user:` with an empty password (still the deprecated form) |
//! | `deceptive-userinfo` | warning | 7.6 | userinfo that looks like a host name or URL |
//! | `mixed-script-host` | warning | 7.6 | a reg-name label mixing Latin, Greek or Cyrillic letters once decoded (percent-decoded, and with the feature `idna` an `xn--` label by IDNA ToUnicode) |
//! | `encoded-bidi` | warning | 7.6 | a percent-encoded bidirectional formatting character (RFC 3987 section 4.1) |
//! | `dangerous-scheme` | warning | 7 | a `javascript:` or `vbscript:` reference, or a `data:` URL of an HTML, XML, SVG or script media type: a link that runs script when followed |
//! | `unregistered-scheme` | info (warning with a suggestion) | 3.1 | a scheme the IANA URI Schemes registry in use does not list ([`SchemeRegistry`](crate::scheme::SchemeRegistry)); when the name is one typing slip from one registered scheme, a warning that names it (`htp` → `http`) |
//! | `historical-scheme` | warning | 3.1 | a scheme the registry lists as historical: no longer in common use or no longer recommended |
//! | `whatwg-differs` | warning | 7 | the WHATWG URL Standard reads the reference differently (feature `whatwg`: `whatwg::Comparison::finding`, not `lint`) |
//! | `scheme-syntax` | warning | the scheme's RFC | the reference breaks its scheme's own syntax (feature `schemes`: `scheme::finding`, not `lint`) |
//!
//! Component boundaries come from the parsed reference (the grammar);
//! these lints only look inside components: at percent-encoded octets, at
//! the `user:password` split of userinfo (section 3.2.1), and at how a
//! resolver would read a reg-name.
//!
//! # Rationale
//!
//! - *7.4 follows `inet_aton` and the WHATWG URL host parser*: one to four
//!   dot-separated numbers, each decimal, octal (leading `0`) or
//!   hexadecimal (`0x`), the last filling the remaining bytes; a trailing
//!   dot is ignored. A reg-name is percent-decoded first. Dotted-decimal
//!   text the grammar matched as `IPv4address` is not a reg-name and is not
//!   flagged.
//! - *7.6 is a heuristic.* Userinfo is flagged when, percent-decoded, it
//!   contains `://`, starts with `www.`, or begins with a dotted name of
//!   three or more labels, or of two labels ending in a generic top-level
//!   domain (`com`, `net`, `org`, `edu`, `gov`, `mil`, `int`; RFC 1591), or
//!   with a dotted quad. A user name like `first.last` is not flagged.
//! - *7.2 only judges schemes the port table knows*: for an unknown scheme
//!   no port is "foreign".
//! - *Mixed scripts* are detected cheaply, by Unicode block, for Latin,
//!   Greek and Cyrillic only (the classic homographs); mixing with CJK or
//!   other scripts is common and legitimate. A label is read as a
//!   resolver and a browser show it: percent-decoded, and, with the
//!   feature `idna`, an IDNA label (`xn--`) decoded by UTS 46 ToUnicode,
//!   as RFC 3987 section 8 asks, so that `xn--pypal-4ve` is read as the
//!   `pаypal` (with a Cyrillic `а`) it stands for. A label ToUnicode
//!   rejects is left as written.
//! - *A port above 65535* matches `port = *DIGIT` but names no TCP or UDP
//!   port: a client may refuse it, or keep its low 16 bits and connect to
//!   another port than the one shown, which is the confusion section 7.2
//!   warns about. Leading zeros do not count (`00080` is 80).
//! - *`dangerous-scheme` flags what HTML sanitizers remove from links*
//!   (the OWASP Cross Site Scripting Prevention Cheat Sheet, the OWASP
//!   Java HTML Sanitizer, DOMPurify): `javascript:` and `vbscript:`, and
//!   `data:` URLs that a browser renders as a document or runs as script
//!   (`text/html`, `application/xhtml+xml`, `image/svg+xml`, `text/xml`,
//!   `application/xml`, and the JavaScript, ECMAScript and VBScript
//!   types). A `data:` URL's media type is read as the Fetch Standard's
//!   `data:` URL processor reads it: the text up to the first `,`, its
//!   essence before the first `;`, in any case, not percent-decoded.
//!   Schemes compare without regard to case (RFC 3986 section 3.1).
//! - *`unregistered-scheme` is on, as information.* RFC 3986 section 3.1
//!   leaves the registration of schemes to BCP 35 (RFC 7595), and a
//!   scheme outside the registry is no error: applications use their own
//!   (`slack:`, `vscode:`), and the built-in copy of the registry is of
//!   2015, without the provisional schemes registered since. So the finding
//!   is information, which `peguri check` does not fail on. A name one
//!   typing slip from exactly one registered scheme is likely a typo that
//!   makes the link go nowhere, and is a warning that names the scheme.
//!   The rule is [`SchemeRegistry::near_miss`](crate::scheme::SchemeRegistry::near_miss)'s:
//!   one character left out (`htp`, `mailt`) or one too many (`htttp`),
//!   two neighbouring characters swapped (`mailot`), or one replaced by a
//!   key next to it on a US QWERTY keyboard (`htto`); never for names of
//!   fewer than 3 characters, against registered names of fewer than 4
//!   or historical ones, for a registered name with an `s` before or after
//!   it (`imaps`, `nntps`: how secure variants are named) or a name that
//!   differs from one only so, or when two registered names are as close. `javascript:` and `vbscript:` get
//!   `dangerous-scheme` instead, which says more.
//! - *`historical-scheme` is a warning*: the registry's historical status
//!   (RFC 7595 section 5) marks a scheme that is no longer in use or
//!   recommended, which clients are unlikely to support.
//! - [`lint`] reads the built-in registry, [`lint_with_registry`] the
//!   one it is given (a current file read with
//!   [`SchemeRegistry::parse`](crate::scheme::SchemeRegistry::parse)).

use crate::syntax::bidi::BIDI_FORMATTING;
use crate::syntax::excerpt::Quoted;
use crate::syntax::layout::offset_in;
use crate::syntax::pct::{self, decode as percent_decode};
use alloc::borrow::Cow;
use core::fmt;
use core::ops::Range;

use crate::reference::{Family, Kind, Lend, Reference, Storage};
use crate::text::registry::SchemeRegistry;
use crate::types::authority::Host;
use crate::types::inet_aton::lenient_ipv4;
use crate::types::parsed::Parsed;
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};

mod dangerous;
mod registered;

/// How much a finding matters.
///
/// ```
/// use peguri::lint::Severity;
/// assert!(Severity::Warning > Severity::Info);
/// assert_eq!(Severity::Warning.as_str(), "warning");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// Worth knowing; not a risk by itself.
    Info,
    /// A construction section 7 warns about.
    Warning,
}

impl Severity {
    /// `"info"` or `"warning"`.
    ///
    /// ```
    /// assert_eq!(peguri::lint::Severity::Info.as_str(), "info");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One lint finding.
///
/// `Display` shows `severity[code]: message`.
///
/// ```
/// let uri = peguri::UriRef::parse("http://2130706433/")?;
/// let finding = &peguri::lint::lint(&uri)[0];
/// assert_eq!(finding.code, "ambiguous-ipv4");
/// assert_eq!(finding.section, "7.4");
/// assert_eq!(finding.span, 7..17);
/// assert_eq!(
///     finding.to_string(),
///     "warning[ambiguous-ipv4]: reg-name \"2130706433\" may be read as the IPv4 address \
///      127.0.0.1 by resolvers that accept numeric, octal, hexadecimal or shortened forms \
///      (RFC 3986 section 7.4)"
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Finding {
    /// A stable identifier, such as `ambiguous-ipv4` (see the table in the
    /// [module documentation](self)).
    pub code: Code,
    /// How much it matters.
    pub severity: Severity,
    /// The section of RFC 3986 it comes from, such as `"7.4"`; for
    /// `scheme-syntax`, the section of the scheme's RFC, which the message
    /// names (`"2"` of RFC 8141).
    pub section: &'static str,
    /// The byte range in the reference's text it is about.
    pub span: Range<usize>,
    /// One line saying what was found and why it matters, citing the
    /// section.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)
    }
}

/// `{"code", "severity", "section", "start", "end", "message"}`.
///
/// ```
/// let uri = peguri::UriRef::parse("http://a/%00")?;
/// let json = serde_json::to_string(&peguri::lint::lint(&uri)[0]).unwrap();
/// assert!(json.starts_with(r#"{"code":"encoded-nul","severity":"warning","section":"7.3","start":9,"end":12,"#));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Finding", 6)?;
        s.serialize_field("code", self.code.as_str())?;
        s.serialize_field("severity", self.severity.as_str())?;
        s.serialize_field("section", self.section)?;
        s.serialize_field("start", &self.span.start)?;
        s.serialize_field("end", &self.span.end)?;
        s.serialize_field("message", &self.message)?;
        s.end()
    }
}

/// What a [`Finding`] is about: a stable code, written in JSON and in
/// messages as its name ([`as_str`](Self::as_str), `Display`), and
/// comparable with that name.
///
/// ```
/// use peguri::lint::Code;
///
/// assert_eq!(Code::AmbiguousIpv4.as_str(), "ambiguous-ipv4");
/// assert_eq!(Code::AmbiguousIpv4, "ambiguous-ipv4");
/// assert_eq!(Code::ALL.len(), 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Code {
    /// `foreign-port`: A scheme with a port that belongs to another well-known protocol (7.2).
    ForeignPort,
    /// `port-out-of-range`: A port above 65535, which no TCP or UDP port is (7.2).
    PortOutOfRange,
    /// `encoded-nul`: `%00` anywhere (7.3).
    EncodedNul,
    /// `encoded-line-break`: `%0D` or `%0A` anywhere (7.3).
    EncodedLineBreak,
    /// `encoded-control`: Another percent-encoded C0 control or DEL (7.3).
    EncodedControl,
    /// `encoded-slash`: `%2F` or `%5C` inside a path segment (7.3).
    EncodedSlash,
    /// `encoded-dot-segment`: A segment that is `.` or `..` once decoded (7.3).
    EncodedDotSegment,
    /// `ambiguous-ipv4`: A reg-name that `inet_aton`-style resolvers read as an IPv4 address (7.4).
    AmbiguousIpv4,
    /// `password-in-userinfo`: `user:password` with a password (7.5).
    PasswordInUserinfo,
    /// `empty-password`: `user:` with an empty password (7.5).
    EmptyPassword,
    /// `deceptive-userinfo`: Userinfo that looks like a host name or URL (7.6).
    DeceptiveUserinfo,
    /// `mixed-script-host`: A reg-name label mixing Latin, Greek or Cyrillic letters once decoded
    /// (percent-decoded, and with the feature `idna` an `xn--` label by ToUnicode) (7.6).
    MixedScriptHost,
    /// `encoded-bidi`: A percent-encoded bidirectional formatting character (7.6, RFC 3987 section 4.1).
    EncodedBidi,
    /// `dangerous-scheme`: A `javascript:` or `vbscript:` reference, or a
    /// `data:` URL of an HTML, XML, SVG or script media type (7).
    DangerousScheme,
    /// `unregistered-scheme`: A scheme the registry in use does not list
    /// (3.1; RFC 7595).
    UnregisteredScheme,
    /// `historical-scheme`: A scheme the registry lists as historical
    /// (3.1; RFC 7595 section 5).
    HistoricalScheme,
    /// `whatwg-differs`: The WHATWG URL Standard reads the reference
    /// differently (feature `whatwg`). [`lint`] never reports it, so it is
    /// not in [`ALL`](Self::ALL): `whatwg::Comparison::finding` does.
    WhatwgDiffers,
    /// `scheme-syntax`: The reference breaks its scheme's own syntax
    /// (feature `schemes`). [`lint`] never reports it, so it is not in
    /// [`ALL`](Self::ALL): `scheme::finding` does.
    #[cfg(feature = "schemes")]
    #[cfg_attr(docsrs, doc(cfg(feature = "schemes")))]
    SchemeSyntax,
}

impl Code {
    /// Every code [`lint`] can produce, in the order of the table in the
    /// [module documentation](self).
    ///
    /// ```
    /// assert_eq!(peguri::lint::Code::ALL[0], "foreign-port");
    /// ```
    pub const ALL: [Code; 16] = [
        Code::ForeignPort,
        Code::PortOutOfRange,
        Code::EncodedNul,
        Code::EncodedLineBreak,
        Code::EncodedControl,
        Code::EncodedSlash,
        Code::EncodedDotSegment,
        Code::AmbiguousIpv4,
        Code::PasswordInUserinfo,
        Code::EmptyPassword,
        Code::DeceptiveUserinfo,
        Code::MixedScriptHost,
        Code::EncodedBidi,
        Code::DangerousScheme,
        Code::UnregisteredScheme,
        Code::HistoricalScheme,
    ];

    /// The code's name, such as `ambiguous-ipv4`: what JSON output and
    /// messages show.
    ///
    /// ```
    /// assert_eq!(peguri::lint::Code::EncodedNul.as_str(), "encoded-nul");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::ForeignPort => "foreign-port",
            Code::PortOutOfRange => "port-out-of-range",
            Code::EncodedNul => "encoded-nul",
            Code::EncodedLineBreak => "encoded-line-break",
            Code::EncodedControl => "encoded-control",
            Code::EncodedSlash => "encoded-slash",
            Code::EncodedDotSegment => "encoded-dot-segment",
            Code::AmbiguousIpv4 => "ambiguous-ipv4",
            Code::PasswordInUserinfo => "password-in-userinfo",
            Code::EmptyPassword => "empty-password",
            Code::DeceptiveUserinfo => "deceptive-userinfo",
            Code::MixedScriptHost => "mixed-script-host",
            Code::EncodedBidi => "encoded-bidi",
            Code::DangerousScheme => "dangerous-scheme",
            Code::UnregisteredScheme => "unregistered-scheme",
            Code::HistoricalScheme => "historical-scheme",
            Code::WhatwgDiffers => "whatwg-differs",
            #[cfg(feature = "schemes")]
            Code::SchemeSyntax => "scheme-syntax",
        }
    }

    /// The code of a name, as [`as_str`](Self::as_str) writes it.
    ///
    /// ```
    /// use peguri::lint::Code;
    /// assert_eq!(Code::from_name("encoded-bidi"), Some(Code::EncodedBidi));
    /// assert_eq!(Code::from_name("whatwg-differs"), Some(Code::WhatwgDiffers));
    /// assert_eq!(Code::from_name("nonsense"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL
            .into_iter()
            .chain([
                Code::WhatwgDiffers,
                #[cfg(feature = "schemes")]
                Code::SchemeSyntax,
            ])
            .find(|code| code.as_str() == name)
    }
}

impl Code {
    /// The code's position in its declaration: [`Code::ALL`]'s order, then
    /// `WhatwgDiffers` and `SchemeSyntax`.
    const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for str {
    fn eq(&self, other: &Code) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

/// Every finding code [`lint`] can produce: [`Code::ALL`].
///
/// ```
/// use peguri::lint::{Code, CODES};
/// assert!(CODES.contains(&Code::DeceptiveUserinfo));
/// assert!(CODES.iter().any(|c| *c == "deceptive-userinfo"));
/// ```
pub const CODES: &[Code] = &Code::ALL;

/// Well-known ports (IANA Service Name and Transport Protocol Port Number
/// Registry, RFC 6335) of protocols a crafted URI could make a client talk
/// to (RFC 3986 section 7.2): `(port, protocol and its reference, schemes
/// whose protocol belongs on that port)`.
///
/// A scheme that appears in this table is linted: using it with a port of
/// the table that lists other schemes is a `foreign-port` finding.
///
/// ```
/// let smtp = peguri::lint::WELL_KNOWN_PORTS.iter().find(|p| p.0 == 25).unwrap();
/// assert_eq!(smtp.1, "SMTP (RFC 5321)");
/// ```
pub const WELL_KNOWN_PORTS: &[(u16, &str, &[&str])] = &[
    (20, "FTP data (RFC 959)", &["ftp"]),
    (21, "FTP (RFC 959)", &["ftp"]),
    (22, "SSH (RFC 4251)", &["ssh", "sftp"]),
    (23, "Telnet (RFC 854)", &["telnet"]),
    (25, "SMTP (RFC 5321)", &[]),
    (53, "DNS (RFC 1035)", &[]),
    (70, "Gopher (RFC 1436)", &["gopher"]),
    (79, "Finger (RFC 1288)", &[]),
    (80, "HTTP (RFC 9110)", &["http", "ws"]),
    (110, "POP3 (RFC 1939)", &["pop"]),
    (119, "NNTP (RFC 3977)", &["nntp", "news"]),
    (143, "IMAP (RFC 9051)", &["imap"]),
    (389, "LDAP (RFC 4511)", &["ldap"]),
    (443, "HTTPS (RFC 9110)", &["https", "wss"]),
    (465, "mail submission over TLS (RFC 8314)", &[]),
    (563, "NNTP over TLS (RFC 4642)", &["nntps", "snews"]),
    (587, "mail submission (RFC 6409)", &[]),
    (636, "LDAP over TLS (RFC 4513)", &["ldaps"]),
    (993, "IMAP over TLS (RFC 8314)", &["imaps"]),
    (995, "POP3 over TLS (RFC 8314)", &["pops"]),
];

/// Lints a reference of any type for the constructions RFC 3986 section 7
/// warns about. Findings are ordered by position, then by code. An IRI
/// (RFC 3987) gets the same checks on the same components, a registered
/// name's letters read as written or percent-encoded (it cannot hold the
/// bidirectional formatting characters unencoded: parsing rejects them).
///
/// ```
/// use peguri::{lint::lint, IriRef, UriRef};
///
/// let ok = UriRef::parse("https://example.com/a/b?c#d")?;
/// assert!(lint(&ok).is_empty());
///
/// let bad = UriRef::parse("http://www.bank.example@evil.example/%2e%2e/etc")?;
/// let codes: Vec<&str> = lint(&bad).iter().map(|f| f.code.as_str()).collect();
/// assert_eq!(codes, ["deceptive-userinfo", "encoded-dot-segment"]);
///
/// let script = UriRef::parse("javascript:alert(document.cookie)")?;
/// assert_eq!(lint(&script)[0].code, "dangerous-scheme");
/// assert_eq!(lint(&script)[0].span, 0..10);
///
/// let iri = IriRef::parse("http://pаypal.example/")?; // Cyrillic "а"
/// assert_eq!(lint(&iri)[0].code, "mixed-script-host");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[must_use]
pub fn lint<S: Storage, F: Family, K: Kind>(reference: &Reference<S, F, K>) -> Findings {
    lint_with_registry(reference, SchemeRegistry::built_in())
}

/// Lints a reference as [`lint`] does, with `registry` as the list of
/// registered schemes (`unregistered-scheme`, `historical-scheme`): a
/// newer copy of IANA's than the one built in, or one of its own.
///
/// ```
/// use peguri::lint::lint_with_registry;
/// use peguri::scheme::SchemeRegistry;
///
/// let uri = peguri::UriRef::parse("ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi")?;
/// let codes = |r: &SchemeRegistry| lint_with_registry(&uri, r).iter().map(|f| f.code.as_str()).collect::<Vec<_>>();
/// assert_eq!(codes(SchemeRegistry::built_in()), ["unregistered-scheme"]);
/// let current = SchemeRegistry::parse("URI Scheme,Status\nipfs,Provisional\n")?;
/// assert!(codes(&current).is_empty());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn lint_with_registry<S: Storage, F: Family, K: Kind>(
    reference: &Reference<S, F, K>,
    registry: &SchemeRegistry,
) -> Findings {
    let uri = &reference.view();
    let mut findings = Collector::default();
    let text = uri.as_str();
    if let Some(authority) = uri.authority() {
        if let Some(userinfo) = authority.userinfo() {
            let start = offset_in(text, userinfo);
            lint_password(userinfo, start, &mut findings);
            lint_deceptive_userinfo(userinfo, start, authority.host_str(), &mut findings);
        }
        if let Host::RegName(name) = authority.host() {
            let span = offset_in(text, name)..offset_in(text, name) + name.len();
            lint_ambiguous_ipv4(name, span.clone(), &mut findings);
            lint_mixed_script(name, span, &mut findings);
        }
        if let Some(port) = authority.port() {
            let start = offset_in(text, port);
            lint_port(uri.scheme(), port, start..start + port.len(), &mut findings);
        }
    }
    lint_encoded_octets(uri, &mut findings);
    lint_dot_segments(uri, &mut findings);
    dangerous::lint_dangerous_scheme(uri, &mut findings);
    registered::lint_registration(uri, registry, &mut findings);
    findings.finish()
}

/// How many findings of one code [`lint`] keeps for one reference. A
/// reference can repeat a problem (`%00` a million times); the first ones
/// say what there is to say, and [`Findings::omitted`] counts the rest, so
/// that what is reported stays small whatever the input's length.
pub const MAX_FINDINGS_PER_CODE: usize = 100;

/// The findings of one reference, in the order of their position: at most
/// [`MAX_FINDINGS_PER_CODE`] of each code, and how many more of each code
/// there were. It derefs to a slice of [`Finding`]s.
///
/// ```
/// let text = format!("http://a/{}", "%00".repeat(250));
/// let findings = peguri::lint::lint(&peguri::UriRef::parse(&text)?);
/// assert_eq!(findings.len(), peguri::lint::MAX_FINDINGS_PER_CODE);
/// assert_eq!(findings.omitted(), [(peguri::lint::Code::EncodedNul, 150)]);
/// assert_eq!(findings.count(peguri::lint::Code::EncodedNul), 250);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Findings {
    list: Vec<Finding>,
    /// Each code with findings left out, and how many, in [`Code::ALL`]'s
    /// order.
    omitted: Vec<(Code, usize)>,
}

impl Findings {
    /// Each code of which findings were left out past
    /// [`MAX_FINDINGS_PER_CODE`], with how many, in [`Code::ALL`]'s order;
    /// empty when every finding is kept.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://a/%00")?;
    /// assert!(peguri::lint::lint(&uri).omitted().is_empty());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn omitted(&self) -> &[(Code, usize)] {
        &self.omitted
    }

    /// How many findings of `code` there are, those kept and those left
    /// out.
    ///
    /// ```
    /// use peguri::lint::Code;
    ///
    /// let uri = peguri::UriRef::parse("http://a/%00%0A%00")?;
    /// let findings = peguri::lint::lint(&uri);
    /// assert_eq!(findings.count(Code::EncodedNul), 2);
    /// assert_eq!(findings.count(Code::EncodedSlash), 0);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn count(&self, code: Code) -> usize {
        let kept = self.list.iter().filter(|f| f.code == code).count();
        let omitted = self
            .omitted
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(0, |(_, n)| *n);
        kept + omitted
    }

    /// The findings kept, as a vector.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("http://a:b@h/")?;
    /// let findings: Vec<peguri::lint::Finding> = peguri::lint::lint(&uri).into_vec();
    /// assert_eq!(findings[0].code, "password-in-userinfo");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_vec(self) -> Vec<Finding> {
        self.list
    }
}

impl core::ops::Deref for Findings {
    type Target = [Finding];

    fn deref(&self) -> &[Finding] {
        &self.list
    }
}

impl IntoIterator for Findings {
    type Item = Finding;
    type IntoIter = alloc::vec::IntoIter<Finding>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl<'a> IntoIterator for &'a Findings {
    type Item = &'a Finding;
    type IntoIter = core::slice::Iter<'a, Finding>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// Findings as the checks make them: each code counted, and kept while
/// under [`MAX_FINDINGS_PER_CODE`].
#[derive(Default)]
struct Collector {
    list: Vec<Finding>,
    /// Indexed by [`Code::index`].
    counts: [usize; Code::ALL.len() + 1],
}

impl Collector {
    /// Counts a finding of `code`, and keeps the one `make` makes while
    /// fewer than [`MAX_FINDINGS_PER_CODE`] of that code are kept (its
    /// message is not written otherwise).
    fn add(&mut self, code: Code, make: impl FnOnce() -> Finding) {
        let count = &mut self.counts[code.index()];
        *count += 1;
        if *count <= MAX_FINDINGS_PER_CODE {
            self.list.push(make());
        }
    }

    fn finish(mut self) -> Findings {
        self.list
            .sort_by(|a, b| (a.span.start, a.code.as_str()).cmp(&(b.span.start, b.code.as_str())));
        let omitted = Code::ALL
            .into_iter()
            .zip(self.counts)
            .filter(|(_, n)| *n > MAX_FINDINGS_PER_CODE)
            .map(|(code, n)| (code, n - MAX_FINDINGS_PER_CODE))
            .collect();
        Findings {
            list: self.list,
            omitted,
        }
    }
}

/// The userinfo of `uri` with its password (after the first `:`, section
/// 3.2.1) replaced by `***`, for logging. A reference without a password
/// (no userinfo, no `:` in it, or an empty password) is returned as is.
///
/// ```
/// use peguri::{lint::mask_password, UriRef};
///
/// let uri = UriRef::parse("ftp://user:secret@ftp.example.com/file")?;
/// assert_eq!(mask_password(&uri), "ftp://user:***@ftp.example.com/file");
/// let plain = UriRef::parse("ftp://user@ftp.example.com/file")?;
/// assert!(matches!(mask_password(&plain), std::borrow::Cow::Borrowed(_)));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[must_use]
pub fn mask_password<'i, 'o, S: Lend<'i, 'o>, F: Family, K: Kind>(
    reference: &'i Reference<S, F, K>,
) -> Cow<'o, str> {
    let uri = reference.lend();
    let text = uri.as_str();
    let Some(userinfo) = uri.authority().and_then(|a| a.userinfo()) else {
        return Cow::Borrowed(text);
    };
    match password_span(userinfo, offset_in(text, userinfo)) {
        Some(span) if !span.is_empty() => {
            Cow::Owned(format!("{}***{}", &text[..span.start], &text[span.end..]))
        }
        _ => Cow::Borrowed(text),
    }
}

/// The span of the password in a userinfo starting at `start`: what
/// follows its first `:`, if any.
fn password_span(userinfo: &str, start: usize) -> Option<Range<usize>> {
    let colon = userinfo.find(':')?;
    Some(start + colon + 1..start + userinfo.len())
}

fn lint_password(userinfo: &str, start: usize, findings: &mut Collector) {
    let Some(span) = password_span(userinfo, start) else {
        return;
    };
    if span.is_empty() {
        findings.add(Code::EmptyPassword, || Finding {
            code: Code::EmptyPassword,
            severity: Severity::Info,
            section: "7.5",
            span: start..start + userinfo.len(),
            message: "userinfo uses the deprecated \"user:password\" form, with an empty \
                      password (RFC 3986 sections 3.2.1 and 7.5)"
                .to_owned(),
        });
    } else {
        findings.add(Code::PasswordInUserinfo, || Finding {
            code: Code::PasswordInUserinfo,
            severity: Severity::Warning,
            section: "7.5",
            span,
            message: "a password in userinfo is deprecated and ends up in logs, bookmarks and \
                      history (RFC 3986 sections 3.2.1 and 7.5)"
                .to_owned(),
        });
    }
}

/// Generic top-level domains of RFC 1591.
const GENERIC_TLDS: &[&str] = &["com", "net", "org", "edu", "gov", "mil", "int"];

fn lint_deceptive_userinfo(userinfo: &str, start: usize, host: &str, findings: &mut Collector) {
    let decoded = String::from_utf8_lossy(&percent_decode(userinfo)).into_owned();
    let lower = decoded.to_ascii_lowercase();
    let what = if lower.contains("://") {
        Some("a URL")
    } else if lower.starts_with("www.") || looks_like_host(&lower) {
        Some("a host name")
    } else {
        None
    };
    if let Some(what) = what {
        findings.add(Code::DeceptiveUserinfo, || Finding {
            code: Code::DeceptiveUserinfo,
            severity: Severity::Warning,
            section: "7.6",
            span: start..start + userinfo.len(),
            message: format!(
                "userinfo \"{}\" looks like {what}, but the host is \"{}\" \
                 (RFC 3986 section 7.6)",
                Quoted::new(&decoded),
                Quoted::new(host)
            ),
        });
    }
}

/// Whether `s` begins with a dotted name that reads as a host: three or
/// more labels, two labels ending in a generic TLD, or a dotted quad.
fn looks_like_host(s: &str) -> bool {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .unwrap_or(s.len());
    let name = s[..end].trim_end_matches('.');
    let labels: Vec<&str> = name.split('.').collect();
    if labels.iter().any(|l| l.is_empty()) {
        return false;
    }
    let numeric = |l: &&str| l.bytes().all(|b| b.is_ascii_digit());
    if labels.len() == 4 && labels.iter().all(numeric) {
        return true;
    }
    let Some(last) = labels.last() else {
        return false;
    };
    let alphabetic_tld = last.len() >= 2 && last.bytes().all(|b| b.is_ascii_alphabetic());
    alphabetic_tld && (labels.len() >= 3 || (labels.len() == 2 && GENERIC_TLDS.contains(last)))
}

fn lint_ambiguous_ipv4(name: &str, span: Range<usize>, findings: &mut Collector) {
    let decoded = percent_decode(name);
    let Ok(decoded) = core::str::from_utf8(&decoded) else {
        return;
    };
    if let Some(addr) = lenient_ipv4(decoded) {
        findings.add(Code::AmbiguousIpv4, || Finding {
            code: Code::AmbiguousIpv4,
            severity: Severity::Warning,
            section: "7.4",
            span,
            message: format!(
                "reg-name \"{}\" may be read as the IPv4 address {addr} by resolvers that \
                 accept numeric, octal, hexadecimal or shortened forms (RFC 3986 section 7.4)",
                Quoted::new(name)
            ),
        });
    }
}

fn lint_port(scheme: Option<&str>, port: &str, span: Range<usize>, findings: &mut Collector) {
    let significant = port.trim_start_matches('0');
    if significant.len() > 5 || significant.parse::<u32>().is_ok_and(|n| n > 65535) {
        // The low 16 bits, digit by digit: the port may have any length.
        let low = port.bytes().fold(0u32, |low, digit| {
            (low * 10 + u32::from(digit - b'0')) % 65536
        });
        let shown = if port.len() > 20 {
            format!("{}... ({} digits)", &port[..20], port.len())
        } else {
            port.to_owned()
        };
        findings.add(Code::PortOutOfRange, || Finding {
            code: Code::PortOutOfRange,
            severity: Severity::Warning,
            section: "7.2",
            span,
            message: format!(
                "port {shown} is above 65535, the largest TCP or UDP port: a client may refuse \
                 it, or keep its low 16 bits and connect to port {low} instead \
                 (RFC 3986 sections 3.2.3 and 7.2)"
            ),
        });
        return;
    }
    let Some(scheme) = scheme else {
        return;
    };
    let scheme = scheme.to_ascii_lowercase();
    let known = WELL_KNOWN_PORTS
        .iter()
        .any(|(_, _, owners)| owners.contains(&scheme.as_str()));
    let Ok(number) = port.parse::<u16>() else {
        return;
    };
    let Some((_, protocol, owners)) = WELL_KNOWN_PORTS.iter().find(|(p, _, _)| *p == number) else {
        return;
    };
    if known && !owners.contains(&scheme.as_str()) {
        findings.add(Code::ForeignPort, || Finding {
            code: Code::ForeignPort,
            severity: Severity::Warning,
            section: "7.2",
            span,
            message: format!(
                "port {number} is the well-known port of {protocol}, not of {scheme}: a \
                 crafted URI can make a client talk to another protocol (RFC 3986 section 7.2)"
            ),
        });
    }
}

/// The percent-encoded octets of the reference: NUL, CR, LF and other
/// controls anywhere, `/` and `\` inside a path segment.
fn lint_encoded_octets(uri: &Parsed<'_>, findings: &mut Collector) {
    let text = uri.as_str();
    let path_start = offset_in(text, uri.path());
    let path = path_start..path_start + uri.path().len();
    // In a reference the grammar accepted, every `%` starts a
    // `pct-encoded` triple.
    for (i, _) in text.match_indices('%') {
        let Some(octet) = pct::triplet_at(text.as_bytes(), i) else {
            continue;
        };
        if let Some(c) = encoded_bidi(text, i) {
            let span = i..i + 9;
            findings.add(Code::EncodedBidi, || Finding {
                code: Code::EncodedBidi,
                severity: Severity::Warning,
                section: "7.6",
                span: span.clone(),
                message: format!(
                    "{} is the percent-encoded bidirectional formatting character U+{:04X}, \
                     which IRIs must not contain (RFC 3987 section 4.1): decoded for display, it \
                     can make the text read in another order than it is resolved (RFC 3986 \
                     section 7.6)",
                    &text[span],
                    u32::from(c)
                ),
            });
            continue;
        }
        let span = i..i + 3;
        let triple = &text[span.clone()];
        let (code, severity) = match octet {
            0x00 => (Code::EncodedNul, Severity::Warning),
            0x0A | 0x0D => (Code::EncodedLineBreak, Severity::Warning),
            0x01..=0x1F | 0x7F => (Code::EncodedControl, Severity::Info),
            b'/' | b'\\' if path.contains(&i) => (Code::EncodedSlash, Severity::Warning),
            _ => continue,
        };
        // The message is written only for the findings that are kept.
        findings.add(code, || Finding {
            code,
            severity,
            section: "7.3",
            span,
            message: match code {
                Code::EncodedNul => format!(
                    "percent-encoded NUL ({triple}) can truncate the string in a back end \
                     that decodes it (RFC 3986 section 7.3)"
                ),
                Code::EncodedLineBreak => format!(
                    "percent-encoded {} ({triple}) can inject a line into a line-based \
                     protocol or log once decoded (RFC 3986 sections 7.2 and 7.3)",
                    if octet == 0x0A { "LF" } else { "CR" }
                ),
                Code::EncodedControl => format!(
                    "percent-encoded control character ({triple}) may be misread by a back \
                     end that decodes it (RFC 3986 section 7.3)"
                ),
                _ => format!(
                    "percent-encoded {:?} ({triple}) inside a path segment may become a path \
                     separator in a back end that decodes it (RFC 3986 section 7.3)",
                    char::from(octet)
                ),
            },
        });
    }
}

/// The bidirectional formatting character whose UTF-8 octets are
/// percent-encoded at `at` (three triplets), if there is one.
fn encoded_bidi(text: &str, at: usize) -> Option<char> {
    let bytes = text.as_bytes();
    let mut octets = [0u8; 3];
    for (k, octet) in octets.iter_mut().enumerate() {
        *octet = pct::triplet_at(bytes, at + 3 * k)?;
    }
    let c = core::str::from_utf8(&octets).ok()?.chars().next()?;
    BIDI_FORMATTING.contains(&c).then_some(c)
}

/// Path segments that are `.` or `..` once percent-decoded but not as
/// written: resolution (section 5.2.4) leaves them alone, a back end that
/// decodes first does not.
fn lint_dot_segments(uri: &Parsed<'_>, findings: &mut Collector) {
    let text = uri.as_str();
    let path = uri.path();
    // Segments are the text between the path's `/`s (see `Segments`).
    let mut start = offset_in(text, path) + usize::from(path.starts_with('/'));
    for segment in uri.segments() {
        let span = start..start + segment.len();
        start = span.end + 1;
        if !segment.contains('%') {
            continue;
        }
        let decoded = percent_decode(segment);
        if *decoded == *b"." || *decoded == *b".." {
            findings.add(Code::EncodedDotSegment, || Finding {
                code: Code::EncodedDotSegment,
                severity: Severity::Warning,
                section: "7.3",
                span,
                message: format!(
                    "segment {segment:?} is {:?} once decoded: dot-segment removal does not \
                     see it, a back end that decodes it may climb the directory tree \
                     (RFC 3986 sections 6.2.2.2 and 7.3)",
                    String::from_utf8_lossy(&decoded)
                ),
            });
        }
    }
}

/// Letters of the scripts most used for homographs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
}

/// The script of a letter, by Unicode block (cheap and approximate).
fn script(c: char) -> Option<Script> {
    match c {
        'a'..='z' | 'A'..='Z' => Some(Script::Latin),
        '\u{00C0}'..='\u{024F}' if c != '\u{00D7}' && c != '\u{00F7}' => Some(Script::Latin),
        '\u{1E00}'..='\u{1EFF}' => Some(Script::Latin),
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some(Script::Greek),
        '\u{0400}'..='\u{052F}' => Some(Script::Cyrillic),
        _ => None,
    }
}

fn lint_mixed_script(name: &str, span: Range<usize>, findings: &mut Collector) {
    let idna_labels = cfg!(feature = "idna")
        && name
            .split('.')
            .any(|l| l.len() > 4 && l.as_bytes()[..4].eq_ignore_ascii_case(b"xn--"));
    if name.is_ascii() && !name.contains('%') && !idna_labels {
        // ASCII only, no IDNA label: a single script.
        return;
    }
    let decoded = percent_decode(name);
    let Ok(decoded) = core::str::from_utf8(&decoded) else {
        return;
    };
    for label in decoded.split('.') {
        let unicode = idna_label(label);
        let letters = unicode.as_deref().unwrap_or(label);
        let mut first: Option<Script> = None;
        for s in letters.chars().filter_map(script) {
            match first {
                None => first = Some(s),
                Some(f) if f != s => {
                    let message = match &unicode {
                        Some(unicode) => format!(
                            "host label \"{}\" is \"{}\" in Unicode (IDNA ToUnicode, \
                             RFC 3987 section 8), which mixes {f:?} and {s:?} letters, a way to \
                             imitate another name (RFC 3986 section 7.6)",
                            Quoted::new(label),
                            Quoted::new(unicode)
                        ),
                        None => format!(
                            "host label \"{}\" mixes {f:?} and {s:?} letters once decoded, \
                             a way to imitate another name (RFC 3986 section 7.6)",
                            Quoted::new(label)
                        ),
                    };
                    findings.add(Code::MixedScriptHost, || Finding {
                        code: Code::MixedScriptHost,
                        severity: Severity::Warning,
                        section: "7.6",
                        span,
                        message,
                    });
                    return;
                }
                Some(_) => {}
            }
        }
    }
}

/// The Unicode form of an IDNA label (`xn--...`) by UTS 46 ToUnicode, or
/// `None` for another label or one ToUnicode rejects.
#[cfg(feature = "idna")]
fn idna_label(label: &str) -> Option<String> {
    crate::ops::idna::label_to_unicode(label)
}

/// Without the feature `idna`, labels are read as written.
#[cfg(not(feature = "idna"))]
fn idna_label(_label: &str) -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_lookalikes() {
        assert!(looks_like_host("www.bank.example"));
        assert!(looks_like_host("cnn.example.com&story=breaking_news"));
        assert!(looks_like_host("bank.com:443"));
        assert!(looks_like_host("10.0.0.1"));
        assert!(!looks_like_host("first.last"));
        assert!(!looks_like_host("user"));
        assert!(!looks_like_host("a..b.c"));
        assert!(!looks_like_host("1.2.3"));
    }

    #[test]
    fn decoding() {
        assert_eq!(&*percent_decode("a%2Fb%zz%4"), b"a/b%zz%4");
    }
}
