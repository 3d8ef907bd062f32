//! Why the two readings differ: the causes, with a stable code each, and
//! how they are told apart.
//!
//! Each cause is found from what the readings hold (the RFC 3986 error
//! and components, the WHATWG error, components and syntax violations)
//! and, for the characters the URL Standard treats specially (backslash,
//! tab and newline, leading and trailing C0 controls and spaces, the
//! slashes after a special scheme), from the input itself: that describes
//! the other standard, it does not parse RFC 3986.

use std::fmt;

use url::{SyntaxViolation, Url};

use super::meaning::{HostMeaning, Meaning, is_special};
use crate::reference::IriRef;
use crate::reference::UriRef;
use crate::syntax::component::Component;
use crate::syntax::error::ParseError;
use crate::syntax::layout::offset_in;
use crate::syntax::pct::decode;
use crate::types::authority::{Authority, Host};
use alloc::{borrow::ToOwned, format, string::String, vec::Vec};

/// Why the two readings of a URL differ: a stable code (kebab-case, as
/// [`as_str`](Self::as_str) writes it), grouped below by the five
/// categories of Claroty and Snyk's study "Exploiting URL Parsing
/// Confusion" (2022) and by what else the two standards disagree on. Each
/// variant's example is a test.
///
/// ```
/// use peguri::whatwg::{compare, Cause};
///
/// let comparison = compare(r"http://evil.example\@good.example/");
/// assert_eq!(comparison.causes()[0].cause, Cause::Backslash);
/// assert_eq!(Cause::Backslash.as_str(), "backslash");
/// assert_eq!(Cause::from_name("backslash"), Some(Cause::Backslash));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Cause {
    // Scheme confusion: a missing or malformed scheme.
    /// `scheme-relative`: a network-path reference (`//host/path`). RFC
    /// 3986 reads its host; the URL Standard needs a base URL for it and
    /// rejects it without one (with one, it takes the base's scheme).
    ///
    /// ```
    /// let c = peguri::whatwg::compare("//evil.example/x");
    /// assert_eq!(c.rfc3986().unwrap().authority().unwrap().host_str(), "evil.example");
    /// assert_eq!(c.whatwg().unwrap_err(), url::ParseError::RelativeUrlWithoutBase);
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::SchemeRelative);
    /// ```
    SchemeRelative,
    /// `relative-reference`: a reference without a scheme, such as
    /// `evil.example/x`. RFC 3986 reads a relative path; the URL Standard
    /// rejects it without a base URL.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("evil.example/x");
    /// assert_eq!(c.rfc3986().unwrap().path(), "evil.example/x");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::RelativeReference);
    /// ```
    RelativeReference,
    /// `tab-or-newline`: the URL Standard removes every tab, CR and LF
    /// before parsing (`java\nscript:` is `javascript:`); RFC 3986 allows
    /// none.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("java\nscript:alert(1)");
    /// assert!(c.rfc3986().is_err());
    /// assert_eq!(c.whatwg().unwrap().scheme(), "javascript");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::TabOrNewline);
    /// ```
    TabOrNewline,
    /// `c0-space-trimmed`: the URL Standard removes leading and trailing C0
    /// controls and spaces; RFC 3986 allows none.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("\u{1} javascript:alert(1)");
    /// assert_eq!(c.whatwg().unwrap().as_str(), "javascript:alert(1)");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::C0SpaceTrimmed);
    /// ```
    C0SpaceTrimmed,
    // Slash confusion: an irregular number of slashes.
    /// `missing-slashes`: a special scheme followed by fewer than two
    /// slashes (`http:evil.example`). RFC 3986 reads no authority, the name
    /// is part of the path; the URL Standard reads it as the host.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http:evil.example/x");
    /// assert!(c.rfc3986().unwrap().authority().is_none());
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("evil.example"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::MissingSlashes);
    /// ```
    MissingSlashes,
    /// `extra-slashes`: a special scheme followed by more than two slashes
    /// (`http:///evil.example`). RFC 3986 reads an empty host and a path;
    /// the URL Standard skips the slashes and reads the host.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http:///evil.example/");
    /// assert_eq!(c.rfc3986().unwrap().authority().unwrap().host_str(), "");
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("evil.example"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::ExtraSlashes);
    /// ```
    ExtraSlashes,
    /// `empty-host`: an empty or missing host in a special URL (`http://`,
    /// `http://:80/`, `http:`), or userinfo or a port without a host. RFC
    /// 3986 allows it; the URL Standard rejects it.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://:80/");
    /// assert!(c.rfc3986().is_ok());
    /// assert_eq!(c.whatwg().unwrap_err(), url::ParseError::EmptyHost);
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::EmptyHost);
    /// ```
    EmptyHost,
    // Backslash confusion.
    /// `backslash`: the URL Standard reads `\` as `/` in a special URL, so
    /// `http://evil.example\@good.example/` has the host `evil.example`;
    /// RFC 3986 allows no `\` (a lenient RFC 3986 parser may read the host
    /// `good.example`).
    ///
    /// ```
    /// let c = peguri::whatwg::compare(r"http://evil.example\@good.example/");
    /// assert!(c.rfc3986().is_err());
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("evil.example"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::Backslash);
    /// ```
    Backslash,
    // URL-encoded data confusion.
    /// `host-percent-decoded`: the URL Standard percent-decodes a special
    /// URL's host; RFC 3986 decodes only the triplets of unreserved
    /// characters (section 6.2.2.2), so `a%2Cb.example` and `a,b.example`
    /// are different names to it. Also given when decoding yields octets
    /// that are not UTF-8 or a character the URL Standard forbids in a
    /// host, and it rejects the URL.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://a%2Cb.example/");
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("a,b.example"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::HostPercentDecoded);
    /// ```
    HostPercentDecoded,
    /// `delimiter-in-host`: a fragment or query (or path, userinfo, port)
    /// delimiter percent-encoded in the host, `%23` for `#`, `%3F` for `?`
    /// (`%2F`, `%5C`, `%40`, `%3A`). RFC 3986 reads a registered name; the
    /// URL Standard decodes the host, finds the delimiter in it, and
    /// rejects the URL.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://evil.example%23.good.example/");
    /// assert!(c.rfc3986().is_ok());
    /// assert!(c.whatwg().is_err());
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::DelimiterInHost);
    /// ```
    DelimiterInHost,
    /// `bad-percent-encoding`: a `%` that does not start a triplet
    /// (`%zz`). RFC 3986 rejects it; the URL Standard keeps it as it is.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://h/%zz");
    /// assert_eq!(c.whatwg().unwrap().path(), "/%zz");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::BadPercentEncoding);
    /// ```
    BadPercentEncoding,
    /// `ipv4-number-forms`: a host the URL Standard reads as an IPv4
    /// address written in hexadecimal (`0x7f.1`), octal (`0177.0.0.1`),
    /// with fewer than four parts (`127.1`, `2130706433`) or a trailing
    /// dot; RFC 3986 reads a registered name. Also given when such a host
    /// is no valid address (`1.2.3.256`, `a.1`): the URL Standard then
    /// rejects the URL.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://0x7f.1/");
    /// assert_eq!(c.rfc3986().unwrap().authority().unwrap().host(), peguri::Host::RegName("0x7f.1"));
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("127.0.0.1"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::Ipv4NumberForms);
    /// ```
    Ipv4NumberForms,
    // Scheme mixup: rules of one scheme that RFC 3986's generic syntax
    // does not have.
    /// `windows-drive-letter`: in a `file` URL the URL Standard reads a
    /// Windows drive letter (`C:`, `C|`) as the first path segment, even
    /// where RFC 3986 reads a host (`file://C:/x`), and `..` never removes
    /// it.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("file://C:/x");
    /// assert_eq!(c.rfc3986().unwrap().authority().unwrap().host_str(), "C");
    /// assert_eq!(c.whatwg().unwrap().path(), "/C:/x");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::WindowsDriveLetter);
    /// ```
    WindowsDriveLetter,
    /// `file-authority`: userinfo or a port in a `file` URL. RFC 3986
    /// allows them; the URL Standard reads them as part of the host, and
    /// rejects it.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("file://user@host/x");
    /// assert!(c.rfc3986().is_ok() && c.whatwg().is_err());
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::FileAuthority);
    /// ```
    FileAuthority,
    /// `opaque-path`: the path of a URL without an authority whose path
    /// does not start with `/` (`mailto:a/../b`). The URL Standard keeps
    /// such an opaque path as written; RFC 3986 normalization removes its
    /// dot-segments.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("mailto:a/../b");
    /// assert_eq!(c.whatwg().unwrap().path(), "a/../b");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::OpaquePath);
    /// ```
    OpaquePath,
    // What else the standards disagree on.
    /// `last-at-sign`: more than one `@` in the authority. The URL
    /// Standard ends the userinfo at the last one and percent-encodes the
    /// others; RFC 3986 allows no `@` in userinfo and rejects the input (a
    /// lenient parser that splits at the first `@` reads another host).
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://a@evil.example@good.example/");
    /// assert_eq!(c.whatwg().unwrap().username(), "a%40evil.example");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::LastAtSign);
    /// ```
    LastAtSign,
    /// `port-out-of-range`: a port above 65535. RFC 3986 allows any number
    /// of digits (`port = *DIGIT`); the URL Standard rejects it.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://h:65536/");
    /// assert_eq!(c.whatwg().unwrap_err(), url::ParseError::InvalidPort);
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::PortOutOfRange);
    /// ```
    PortOutOfRange,
    /// `ipvfuture`: an `IPvFuture` literal (`[v1.x]`). RFC 3986 allows it;
    /// the URL Standard knows only IPv6 literals and rejects it.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://[v1.x]/");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::Ipvfuture);
    /// ```
    Ipvfuture,
    /// `idna-mapping`: a host with non-ASCII characters, which RFC 3986
    /// rejects (it is an IRI's, RFC 3987); the URL Standard maps it with
    /// UTS 46 ToASCII, which folds full-width forms, other dots (`。`) and
    /// case, and encodes the rest with Punycode. Also given when the
    /// mapping leaves nothing of a percent-encoded host (`%C2%AD`, a soft
    /// hyphen), and the URL Standard rejects the empty host.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://ＥＸＡＭＰＬＥ。com/");
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("example.com"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::IdnaMapping);
    /// ```
    IdnaMapping,
    /// `idna-rejected`: the URL Standard runs UTS 46 ToASCII on every
    /// special URL's host, ASCII or not, and it rejects this one (an
    /// `xn--` label that is not Punycode, a character IDNA disallows);
    /// RFC 3986 reads a registered name.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://xn--a.example/");
    /// assert!(c.rfc3986().is_ok() && c.whatwg().is_err());
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::IdnaRejected);
    /// ```
    IdnaRejected,
    /// `lenient-idna`: a registered name whose non-ASCII characters have
    /// no ASCII form by ToASCII as RFC 3987 section 3.1 applies it (with
    /// the STD3 rules, the hyphen rules and the DNS lengths); the URL
    /// Standard's ToASCII leaves those checks out and maps it.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://a_b.%C3%BC/");
    /// assert_eq!(c.whatwg().unwrap().host_str(), Some("a_b.xn--tda"));
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::LenientIdna);
    /// ```
    LenientIdna,
    /// `encoded-by-whatwg`: a character RFC 3986 does not allow where it
    /// is (a space, `"`, `<`, `>`, `` ` ``, `{`, `}`, a non-ASCII
    /// character), which the URL Standard percent-encodes.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://h/a b");
    /// assert_eq!(c.whatwg().unwrap().path(), "/a%20b");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::EncodedByWhatwg);
    /// ```
    EncodedByWhatwg,
    /// `kept-by-whatwg`: a character RFC 3986 does not allow where it is
    /// (`|`, `^`, a second `#`, `[`, `]`, `{` in a query...), which the URL
    /// Standard keeps as it is: its serialization is no URI either.
    ///
    /// ```
    /// let c = peguri::whatwg::compare("http://h/a|b");
    /// assert_eq!(c.whatwg().unwrap().path(), "/a|b");
    /// assert_eq!(c.causes()[0].cause, peguri::whatwg::Cause::KeptByWhatwg);
    /// ```
    KeptByWhatwg,
    /// `rfc3986-rejects`: RFC 3986 rejects the input and the URL Standard
    /// accepts it, for none of the reasons above (the message gives RFC
    /// 3986's).
    ///
    /// ```
    /// assert_eq!(peguri::whatwg::Cause::Rfc3986Rejects.as_str(), "rfc3986-rejects");
    /// ```
    Rfc3986Rejects,
    /// `whatwg-rejects`: the URL Standard rejects the input and RFC 3986
    /// accepts it, for none of the reasons above (the message gives the
    /// URL Standard's).
    ///
    /// ```
    /// assert_eq!(peguri::whatwg::Cause::WhatwgRejects.as_str(), "whatwg-rejects");
    /// ```
    WhatwgRejects,
}

impl Cause {
    /// Every cause, in the order of the table in the
    /// [module documentation](super).
    ///
    /// ```
    /// assert_eq!(peguri::whatwg::Cause::ALL[0].as_str(), "scheme-relative");
    /// ```
    pub const ALL: [Cause; 25] = [
        Cause::SchemeRelative,
        Cause::RelativeReference,
        Cause::TabOrNewline,
        Cause::C0SpaceTrimmed,
        Cause::MissingSlashes,
        Cause::ExtraSlashes,
        Cause::EmptyHost,
        Cause::Backslash,
        Cause::HostPercentDecoded,
        Cause::DelimiterInHost,
        Cause::BadPercentEncoding,
        Cause::Ipv4NumberForms,
        Cause::WindowsDriveLetter,
        Cause::FileAuthority,
        Cause::OpaquePath,
        Cause::LastAtSign,
        Cause::PortOutOfRange,
        Cause::Ipvfuture,
        Cause::IdnaMapping,
        Cause::IdnaRejected,
        Cause::LenientIdna,
        Cause::EncodedByWhatwg,
        Cause::KeptByWhatwg,
        Cause::Rfc3986Rejects,
        Cause::WhatwgRejects,
    ];

    /// The cause's code, such as `backslash`: what JSON output and
    /// messages show.
    ///
    /// ```
    /// assert_eq!(peguri::whatwg::Cause::Ipv4NumberForms.as_str(), "ipv4-number-forms");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Cause::SchemeRelative => "scheme-relative",
            Cause::RelativeReference => "relative-reference",
            Cause::TabOrNewline => "tab-or-newline",
            Cause::C0SpaceTrimmed => "c0-space-trimmed",
            Cause::MissingSlashes => "missing-slashes",
            Cause::ExtraSlashes => "extra-slashes",
            Cause::EmptyHost => "empty-host",
            Cause::Backslash => "backslash",
            Cause::HostPercentDecoded => "host-percent-decoded",
            Cause::DelimiterInHost => "delimiter-in-host",
            Cause::BadPercentEncoding => "bad-percent-encoding",
            Cause::Ipv4NumberForms => "ipv4-number-forms",
            Cause::WindowsDriveLetter => "windows-drive-letter",
            Cause::FileAuthority => "file-authority",
            Cause::OpaquePath => "opaque-path",
            Cause::LastAtSign => "last-at-sign",
            Cause::PortOutOfRange => "port-out-of-range",
            Cause::Ipvfuture => "ipvfuture",
            Cause::IdnaMapping => "idna-mapping",
            Cause::IdnaRejected => "idna-rejected",
            Cause::LenientIdna => "lenient-idna",
            Cause::EncodedByWhatwg => "encoded-by-whatwg",
            Cause::KeptByWhatwg => "kept-by-whatwg",
            Cause::Rfc3986Rejects => "rfc3986-rejects",
            Cause::WhatwgRejects => "whatwg-rejects",
        }
    }

    /// The cause of a code, as [`as_str`](Self::as_str) writes it.
    ///
    /// ```
    /// use peguri::whatwg::Cause;
    /// assert_eq!(Cause::from_name("last-at-sign"), Some(Cause::LastAtSign));
    /// assert_eq!(Cause::from_name("nonsense"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Cause> {
        Cause::ALL.into_iter().find(|cause| cause.as_str() == name)
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One cause of a difference, with a sentence that says what each
/// standard reads.
///
/// `Display` shows `code: message`.
///
/// ```
/// use peguri::whatwg::{compare, Cause};
///
/// let comparison = compare("http://h:65536/");
/// let explanation = &comparison.causes()[0];
/// assert_eq!(explanation.cause, Cause::PortOutOfRange);
/// assert_eq!(
///     explanation.to_string(),
///     "port-out-of-range: RFC 3986 allows a port of any number of digits (\"65536\"); \
///      WHATWG rejects a port above 65535"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Explanation {
    /// The cause, with its stable code.
    pub cause: Cause,
    /// One sentence saying what each standard makes of the input.
    pub message: String,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.cause, self.message)
    }
}

/// `{"code", "message"}`.
///
/// ```
/// let comparison = peguri::whatwg::compare("//h/");
/// let json = serde_json::to_string(&comparison.causes()[0]).unwrap();
/// assert!(json.starts_with(r#"{"code":"scheme-relative","message":"#));
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Explanation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Explanation", 2)?;
        s.serialize_field("code", self.cause.as_str())?;
        s.serialize_field("message", &self.message)?;
        s.end()
    }
}

/// The causes found so far: one explanation per cause, in [`Cause`]
/// order once finished.
#[derive(Default)]
struct Causes(Vec<Explanation>);

impl Causes {
    fn add(&mut self, cause: Cause, message: String) {
        if !self.has(cause) {
            self.0.push(Explanation { cause, message });
        }
    }

    fn has(&self, cause: Cause) -> bool {
        self.0.iter().any(|e| e.cause == cause)
    }

    fn finish(mut self) -> Vec<Explanation> {
        self.0.sort_by_key(|e| e.cause);
        self.0
    }
}

/// What the URL Standard read: the input and the violations its parser
/// reported (the `url` crate's non-fatal `SyntaxViolation`s).
pub(super) struct WhatwgRun<'r> {
    pub(super) input: &'r str,
    pub(super) violations: &'r [SyntaxViolation],
}

impl WhatwgRun<'_> {
    fn saw(&self, violation: SyntaxViolation) -> bool {
        self.violations.contains(&violation)
    }

    /// The input as the URL Standard parses it: without leading and
    /// trailing C0 controls and spaces, and without tabs and newlines.
    fn cleaned(&self) -> String {
        self.input
            .trim_matches(is_c0_or_space)
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect()
    }

    /// What slashes the URL Standard skipped after a special scheme: the
    /// count of `/` and `\` that follow `scheme:`, if it is not two.
    fn slashes(&self, scheme: &str) -> Option<Slashes> {
        let cleaned = self.cleaned();
        let rest = cleaned.get(scheme.len() + 1..)?;
        let count = rest.chars().take_while(|c| matches!(c, '/' | '\\')).count();
        match count {
            0 | 1 => Some(Slashes::Missing(count)),
            2 => None,
            _ => Some(Slashes::Extra(count)),
        }
    }
}

enum Slashes {
    Missing(usize),
    Extra(usize),
}

fn is_c0_or_space(c: char) -> bool {
    c <= ' '
}

/// The URL Standard's reading of a host, for messages.
fn whatwg_host(url: &Url) -> String {
    match url.host_str() {
        Some("") | None => "no host".to_owned(),
        Some(host) => format!("the host {host:?}"),
    }
}

/// The causes when RFC 3986 rejects the input and the URL Standard
/// accepts it.
pub(super) fn whatwg_accepts(
    run: &WhatwgRun<'_>,
    error: &ParseError,
    url: &Url,
) -> Vec<Explanation> {
    let mut causes = Causes::default();
    let input = run.input;
    let href = url.as_str();
    let lead = input.len() - input.trim_start_matches(is_c0_or_space).len();
    let trail = input.trim_end_matches(is_c0_or_space).len().max(lead);
    if lead > 0 || trail < input.len() {
        let trimmed: String = input[..lead]
            .chars()
            .chain(input[trail..].chars())
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect::<Vec<_>>()
            .join(", ");
        causes.add(
            Cause::C0SpaceTrimmed,
            format!(
                "WHATWG removes the leading and trailing C0 controls and spaces ({trimmed}) \
                 and reads {href:?}; RFC 3986 allows none"
            ),
        );
    }
    let inner = &input[lead..trail];
    if let Some(i) = inner.find(['\t', '\n', '\r']) {
        let c = inner[i..].chars().next().unwrap_or('\t');
        causes.add(
            Cause::TabOrNewline,
            format!(
                "WHATWG removes every tab, CR and LF ({c:?} at byte {}) and reads {href:?}; \
                 RFC 3986 allows none",
                lead + i
            ),
        );
    }
    let scheme = url.scheme();
    // The `url` crate reports no violation for a backslash among the
    // slashes after the scheme; a backslash the serialization lost was
    // read as `/` (the URL Standard never percent-encodes one there).
    let read_as_slash =
        is_special(scheme) && run.cleaned().matches('\\').count() > href.matches('\\').count();
    if run.saw(SyntaxViolation::Backslash) || read_as_slash {
        causes.add(
            Cause::Backslash,
            format!(
                "WHATWG reads \"\\\" as \"/\" before the query of a {scheme:?} URL, so it \
                 reads {} and the path {:?}; RFC 3986 allows no \"\\\"",
                whatwg_host(url),
                url.path()
            ),
        );
    }
    if run.saw(SyntaxViolation::UnencodedAtSign) {
        causes.add(
            Cause::LastAtSign,
            format!(
                "WHATWG ends the userinfo at the last \"@\" of the authority and \
                 percent-encodes the others: the user is {:?} and it reads {}; RFC 3986 \
                 allows no \"@\" in userinfo",
                url.username(),
                whatwg_host(url)
            ),
        );
    }
    if run.saw(SyntaxViolation::PercentDecode) {
        causes.add(
            Cause::BadPercentEncoding,
            format!(
                "RFC 3986 allows \"%\" only before two hex digits; WHATWG keeps a \"%\" that \
                 starts no triplet as it is: {href:?}"
            ),
        );
    }
    if is_special(scheme) {
        slash_causes(run, url, &mut causes);
    }
    let offset = error.offset();
    if (lead..trail).contains(&offset) {
        if let Some(c) = input.get(offset..).and_then(|rest| rest.chars().next()) {
            rejected_character(run, error, url, c, &mut causes);
        }
    }
    if causes.0.is_empty() {
        causes.add(
            Cause::Rfc3986Rejects,
            format!(
                "RFC 3986 rejects it ({} at byte {offset}); WHATWG reads {href:?}",
                error.message()
            ),
        );
    }
    causes.finish()
}

/// The cause of the character RFC 3986 rejected, when the causes found
/// so far do not already account for it.
fn rejected_character(
    run: &WhatwgRun<'_>,
    error: &ParseError,
    url: &Url,
    c: char,
    causes: &mut Causes,
) {
    let href = url.as_str();
    let drive = drive_letter(url.path()).filter(|_| url.scheme() == "file");
    match c {
        '\t' | '\n' | '\r' => {}
        '\\' if causes.has(Cause::Backslash) => {}
        '@' if causes.has(Cause::LastAtSign) => {}
        // A `%` that starts no triplet, or a character after one.
        _ if causes.has(Cause::BadPercentEncoding) && in_bad_triplet(run.input, error.offset()) => {
        }
        '|' if drive.is_some() => {
            let letter = drive.unwrap_or_default();
            causes.add(
                Cause::WindowsDriveLetter,
                format!(
                    "WHATWG reads \"{letter}|\" as the Windows drive letter \"{letter}:\" of a \
                     file URL: the path is {:?}; RFC 3986 allows no \"|\"",
                    url.path()
                ),
            );
        }
        c if !c.is_ascii() => non_ascii(run, error, url, c, causes),
        c => {
            let written = run.cleaned().matches(c).count();
            let kept = href.matches(c).count();
            let what = error.message();
            if kept < written {
                causes.add(
                    Cause::EncodedByWhatwg,
                    format!(
                        "{what}: RFC 3986 rejects it; WHATWG percent-encodes it as \"%{:02X}\": \
                         {href:?}",
                        u32::from(c)
                    ),
                );
            } else {
                causes.add(
                    Cause::KeptByWhatwg,
                    format!("{what}: RFC 3986 rejects it; WHATWG keeps it as it is: {href:?}"),
                );
            }
        }
    }
}

/// Whether `offset` is at a `%`, or at one of the two characters after a
/// `%`, where RFC 3986 expects hex digits.
fn in_bad_triplet(input: &str, offset: usize) -> bool {
    let bytes = input.as_bytes();
    (offset.saturating_sub(2)..=offset).any(|i| bytes.get(i) == Some(&b'%'))
}

/// A non-ASCII character RFC 3986 rejected: in a special URL's host the
/// URL Standard maps it with UTS 46; elsewhere it percent-encodes it.
fn non_ascii(run: &WhatwgRun<'_>, error: &ParseError, url: &Url, c: char, causes: &mut Causes) {
    let input = run.input;
    // The IRI grammar (RFC 3987) says where the host is.
    let iri_host = IriRef::parse(input).ok().and_then(|iri| {
        let host = iri.authority()?.host_str();
        let start = offset_in(input, host);
        (start..start + host.len())
            .contains(&error.offset())
            .then_some(host)
    });
    match (iri_host, url.host()) {
        (Some(written), Some(url::Host::Domain(mapped))) if is_special(url.scheme()) => {
            let (shown, _) = idna::domain_to_unicode(mapped);
            let how = if shown == written {
                "encodes it with Punycode (UTS 46 ToASCII)"
            } else {
                "maps it with UTS 46 ToASCII, which folds full-width forms, other dots and case"
            };
            causes.add(
                Cause::IdnaMapping,
                format!(
                    "the host {written:?} is not ASCII: WHATWG {how}, reading {mapped:?}; RFC \
                     3986 allows only ASCII (an IRI's host, RFC 3987, is mapped by ToASCII)"
                ),
            );
        }
        _ => {
            let mut utf8 = [0; 4];
            let octets: String = c
                .encode_utf8(&mut utf8)
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect();
            causes.add(
                Cause::EncodedByWhatwg,
                format!(
                    "{}: RFC 3986 allows only ASCII; WHATWG percent-encodes {c:?} as UTF-8, \
                     \"{octets}\": {:?}",
                    error.message(),
                    url.as_str()
                ),
            );
        }
    }
}

/// `missing-slashes` or `extra-slashes`, when the URL Standard reported
/// that the slashes after a special scheme were not two.
fn slash_causes(run: &WhatwgRun<'_>, url: &Url, causes: &mut Causes) {
    if !(run.saw(SyntaxViolation::ExpectedDoubleSlash)
        || run.saw(SyntaxViolation::ExpectedFileDoubleSlash))
    {
        return;
    }
    let scheme = url.scheme();
    match run.slashes(scheme) {
        Some(Slashes::Missing(count)) => causes.add(
            Cause::MissingSlashes,
            format!(
                "WHATWG reads a {scheme:?} URL with {} after the scheme as if it had two: it \
                 reads {}; RFC 3986 reads an authority only after \"//\"",
                if count == 0 { "no slash" } else { "one slash" },
                whatwg_host(url)
            ),
        ),
        Some(Slashes::Extra(count)) => causes.add(
            Cause::ExtraSlashes,
            format!(
                "WHATWG skips all {count} slashes after the scheme of a {scheme:?} URL and \
                 reads {}; RFC 3986 reads an empty host after \"//\" and the rest as the path",
                whatwg_host(url)
            ),
        ),
        None => {}
    }
}

/// The Windows drive letter (`C`) that starts a file URL's path, as the
/// URL Standard normalizes it (`/C:`).
fn drive_letter(path: &str) -> Option<char> {
    let mut chars = path.chars();
    let (Some('/'), Some(letter), Some(':')) = (chars.next(), chars.next(), chars.next()) else {
        return None;
    };
    (letter.is_ascii_alphabetic() && matches!(chars.next(), None | Some('/'))).then_some(letter)
}

/// The causes when RFC 3986 accepts the input and the URL Standard
/// rejects it.
pub(super) fn whatwg_rejects(uri: &UriRef<'_>, error: url::ParseError) -> Vec<Explanation> {
    let mut causes = Causes::default();
    let scheme = uri
        .scheme()
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let authority = uri.authority();
    match error {
        url::ParseError::RelativeUrlWithoutBase => match authority {
            Some(authority) => causes.add(
                Cause::SchemeRelative,
                format!(
                    "a network-path reference: RFC 3986 reads the host {:?} and takes the \
                     scheme from the base URI; WHATWG rejects it without a base URL, and with \
                     one takes the base's scheme",
                    authority.host_str()
                ),
            ),
            None => causes.add(
                Cause::RelativeReference,
                format!(
                    "a reference without a scheme: RFC 3986 reads the path {:?}, relative to \
                     a base URI; WHATWG rejects it without a base URL",
                    uri.path()
                ),
            ),
        },
        url::ParseError::EmptyHost if authority.is_some_and(|a| !a.host_str().is_empty()) => {
            let host = authority.map_or("", |a| a.host_str());
            causes.add(
                Cause::IdnaMapping,
                format!(
                    "WHATWG maps the host {host:?} with UTS 46 ToASCII to nothing (it drops \
                     characters such as U+00AD SOFT HYPHEN), and rejects the empty host; RFC \
                     3986 reads a registered name"
                ),
            );
        }
        url::ParseError::EmptyHost => {
            let rfc = match authority {
                None => "no authority".to_owned(),
                Some(a) => format!("the authority {:?} with an empty host", a.as_str()),
            };
            let whatwg = if is_special(&scheme) {
                format!("WHATWG requires a host in a {scheme:?} URL")
            } else {
                "WHATWG requires a host where there is userinfo or a port".to_owned()
            };
            causes.add(
                Cause::EmptyHost,
                format!("RFC 3986 reads {rfc}; {whatwg}, and rejects it"),
            );
        }
        url::ParseError::InvalidPort => {
            if let Some(port) = authority.and_then(|a| a.port()) {
                if port.parse::<u16>().is_err() && !port.is_empty() {
                    causes.add(
                        Cause::PortOutOfRange,
                        format!(
                            "RFC 3986 allows a port of any number of digits ({port:?}); \
                             WHATWG rejects a port above 65535"
                        ),
                    );
                }
            }
        }
        url::ParseError::InvalidIpv4Address => {
            let host = authority.map_or("", |a| a.host_str());
            causes.add(
                Cause::Ipv4NumberForms,
                format!(
                    "WHATWG reads a host that ends in a number as an IPv4 address (decimal, \
                     octal, hexadecimal, fewer than four parts), and {host:?} is no valid \
                     one; RFC 3986 reads it as a registered name"
                ),
            );
        }
        url::ParseError::InvalidIpv6Address => {
            if let Some(Host::IpvFuture { text, .. }) = authority.map(|a| a.host()) {
                causes.add(
                    Cause::Ipvfuture,
                    format!(
                        "RFC 3986 reads the IPvFuture literal {text:?}; WHATWG knows only IPv6 \
                         literals and rejects it"
                    ),
                );
            }
        }
        url::ParseError::IdnaError | url::ParseError::InvalidDomainCharacter => {
            if let Some(authority) = authority {
                host_rejected(&scheme, authority, &mut causes);
            }
        }
        _ => {}
    }
    if causes.0.is_empty() {
        causes.add(
            Cause::WhatwgRejects,
            format!("WHATWG rejects it ({error}); RFC 3986 accepts it"),
        );
    }
    causes.finish()
}

/// Why the URL Standard's host parser rejects a host RFC 3986 accepts.
fn host_rejected(scheme: &str, authority: Authority<'_>, causes: &mut Causes) {
    if scheme == "file" && (authority.userinfo().is_some() || authority.port().is_some()) {
        causes.add(
            Cause::FileAuthority,
            format!(
                "RFC 3986 reads the authority {:?} with {}; WHATWG allows neither userinfo nor \
                 a port in a file URL, reads them as part of the host, and rejects it",
                authority.as_str(),
                if authority.userinfo().is_some() {
                    "userinfo"
                } else {
                    "a port"
                }
            ),
        );
        return;
    }
    let Host::RegName(name) = authority.host() else {
        return;
    };
    let decoded = decode(name);
    let Ok(text) = std::str::from_utf8(&decoded) else {
        causes.add(
            Cause::HostPercentDecoded,
            format!(
                "WHATWG percent-decodes the host {name:?}, and its octets are not UTF-8, so it \
                 rejects it; RFC 3986 reads a registered name"
            ),
        );
        return;
    };
    if let Some(c) = text.chars().find(|c| "#?/\\@:".contains(*c)) {
        let ends = match c {
            '#' => "a fragment",
            '?' => "a query",
            '@' => "the userinfo",
            ':' => "a port",
            _ => "a path",
        };
        causes.add(
            Cause::DelimiterInHost,
            format!(
                "WHATWG percent-decodes the host {name:?} to {text:?}, where {c:?} would start \
                 {ends}, and rejects it; RFC 3986 reads a registered name with {c:?} \
                 percent-encoded"
            ),
        );
    } else if let Some(c) = text.chars().find(|&c| is_forbidden_in_domain(c)) {
        causes.add(
            Cause::HostPercentDecoded,
            format!(
                "WHATWG percent-decodes the host {name:?} to {text:?}, and a host may not hold \
                 {c:?}, so it rejects it; RFC 3986 reads a registered name"
            ),
        );
    } else if idna::domain_to_ascii_cow(text.as_bytes(), idna::AsciiDenyList::URL).is_err() {
        causes.add(
            Cause::IdnaRejected,
            format!(
                "WHATWG maps every special URL's host with UTS 46 ToASCII, which rejects \
                 {text:?}; RFC 3986 reads a registered name"
            ),
        );
    }
}

/// The URL Standard's forbidden domain code points other than the
/// delimiters: C0 controls, space, `%`, `<`, `>`, `[`, `]`, `^`, `|` and
/// DEL.
fn is_forbidden_in_domain(c: char) -> bool {
    c <= ' ' || c == '\u{7F}' || "%<>[]^|".contains(c)
}

/// The causes when both standards accept the input and read `differences`
/// differently; the meanings are the ones compared.
pub(super) fn both_accept(
    run: &WhatwgRun<'_>,
    url: &Url,
    rfc: &Meaning,
    whatwg: &Meaning,
    idna_failed: bool,
    differences: &[Component],
) -> Vec<Explanation> {
    let mut causes = Causes::default();
    let host_differs = differences.contains(&Component::Host);
    let path_differs = differences.contains(&Component::Path);
    if rfc.scheme == "file" && (host_differs || path_differs) {
        if let Some(letter) = drive_letter(&whatwg.path) {
            causes.add(
                Cause::WindowsDriveLetter,
                format!(
                    "WHATWG reads \"{letter}:\" as a Windows drive letter in a file URL, which \
                     starts the path {:?} and which \"..\" never removes; RFC 3986 reads the \
                     path {:?}{}",
                    whatwg.path,
                    rfc.path,
                    match &rfc.host {
                        HostMeaning::Name(name) => format!(" and the host {name:?}"),
                        _ => String::new(),
                    }
                ),
            );
        }
    }
    if host_differs {
        match (&rfc.host, &whatwg.host) {
            (HostMeaning::Name(name), HostMeaning::Ipv4(addr)) => causes.add(
                Cause::Ipv4NumberForms,
                format!(
                    "WHATWG reads the host {name:?} as the IPv4 address {addr} (numbers in \
                     decimal, octal or hexadecimal, fewer than four parts, a trailing dot); \
                     RFC 3986 reads a registered name, which a resolver looks up"
                ),
            ),
            (HostMeaning::Name(name), HostMeaning::Name(mapped)) if idna_failed => causes.add(
                Cause::LenientIdna,
                format!(
                    "ToASCII as RFC 3987 section 3.1 applies it (STD3 rules, hyphens, DNS \
                     lengths) finds no ASCII form for the host {name:?}; WHATWG's ToASCII \
                     leaves those checks out and reads {mapped:?}"
                ),
            ),
            (HostMeaning::Name(name), HostMeaning::Name(decoded)) if name.contains('%') => causes
                .add(
                    Cause::HostPercentDecoded,
                    format!(
                        "WHATWG percent-decodes the host {name:?} to {decoded:?}; RFC 3986 \
                         decodes only the triplets of unreserved characters (section 6.2.2.2), \
                         so to it the names differ"
                    ),
                ),
            _ => {}
        }
    }
    if host_differs || path_differs {
        slash_causes(run, url, &mut causes);
    }
    if path_differs && url.cannot_be_a_base() {
        causes.add(
            Cause::OpaquePath,
            format!(
                "WHATWG keeps the opaque path {:?} (a path after the scheme that does not \
                 start with \"/\") as written; RFC 3986 normalization removes its \
                 dot-segments: {:?}",
                whatwg.path, rfc.path
            ),
        );
    }
    causes.finish()
}
