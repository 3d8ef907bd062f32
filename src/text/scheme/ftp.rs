//! `ftp` (RFC 1738 section 3.2), by `schemes/ftp.pest`: a login (user,
//! password, host, port), then an optional path and transfer type.

use core::ops::Range;

use super::error::{Cited, Kind};
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::ftp as compiled;
use crate::syntax::runtime::Slot;
use alloc::{boxed::Box, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "EOI",
            "end of input (an ftp URL has no query, and a path segment holds ';' percent-encoded)",
        ),
        (
            "ftpurl",
            "an ftp URL, \"ftp://\" login [ \"/\" fpath [ \";type=\" ftptype ] ]",
        ),
        ("ftp_scheme", "\"ftp\""),
        (
            "login",
            "a login, [ user [ \":\" password ] \"@\" ] host [ \":\" port ]",
        ),
        ("hostport", "a host"),
        ("ftp_host", "a host (it is not empty)"),
        ("ftp_port", "a port (digits)"),
        ("user", "a user name"),
        ("password", "a password"),
        ("fpath", "a path"),
        ("fsegment", "a path segment"),
        ("uchar", "a character of a path segment"),
        ("ftptype", "a transfer type ('a', 'i' or 'd')"),
    ],
    limits: rule_words![],
};

/// RFC 9293 section 3.1: a TCP port is 16 bits.
pub(super) const TCP_PORT: Cited = &("RFC 9293", "3.1");

/// An ftp URL (RFC 1738 section 3.2): the login (user, password, host,
/// port), the path segments and the transfer type, as written.
///
/// The user, password and segments are "possibly encoded" (section
/// 3.2.2); [`pct::decode`](crate::pct::decode) gives the octets the FTP
/// commands send.
///
/// ```
/// use peguri::scheme::Ftp;
///
/// let uri = peguri::UriRef::parse("ftp://anne:secret@ftp.example.com:2121/pub/file.txt;type=i")?;
/// let ftp = Ftp::parse(&uri)?;
/// assert_eq!((ftp.user(), ftp.password()), (Some("anne"), Some("secret")));
/// assert_eq!((ftp.host(), ftp.port()), ("ftp.example.com", Some(2121)));
/// assert_eq!(ftp.path_segments().collect::<Vec<_>>(), ["pub", "file.txt"]);
/// assert_eq!(ftp.transfer_type(), Some('i'));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ftp<'a> {
    text: &'a str,
    user: Option<Range<usize>>,
    password: Option<Range<usize>>,
    host: Range<usize>,
    port: Option<(Range<usize>, u16)>,
    path: Option<Range<usize>>,
    transfer_type: Option<Range<usize>>,
}

impl<'a> Ftp<'a> {
    /// Reads `reference` as an ftp URL.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 1738 section 5): no host, a
    /// query, a `;` in a path segment that is no `;type=`, a port beyond
    /// 65535 (a TCP port, RFC 9293 section 3.1).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://ftp.example.com/file;type=x")?;
    /// let err = peguri::scheme::Ftp::parse(&uri).unwrap_err();
    /// assert_eq!(err.offset(), 32);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Ftp::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_ftp_entry,
            fail: compiled::fail_ftp_entry,
        };
        let rec = entry.check(
            Scheme::Ftp,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::Ftp.cited(),
        )?;
        let port = match span(rec.ftp_port) {
            Some(at) => Some((at.clone(), tcp_port(Scheme::Ftp, uri, at)?)),
            None => None,
        };
        Ok(Ftp {
            text: uri,
            user: span(rec.user),
            password: span(rec.password),
            host: span(rec.ftp_host).unwrap_or_default(),
            port,
            path: span(rec.fpath),
            transfer_type: span(rec.ftptype),
        })
    }

    /// The whole URL, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://h/a")?;
    /// assert_eq!(peguri::scheme::Ftp::parse(&uri)?.as_str(), "ftp://h/a");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The user name, as written: `None` when there is none, `Some("")`
    /// when it is empty (section 3.1: `ftp://@host.com/` "has an empty
    /// user name and no password").
    ///
    /// ```
    /// use peguri::scheme::Ftp;
    /// use peguri::UriRef;
    ///
    /// assert_eq!(Ftp::parse(&UriRef::parse("ftp://@host.com/")?)?.user(), Some(""));
    /// assert_eq!(Ftp::parse(&UriRef::parse("ftp://host.com/")?)?.user(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn user(&self) -> Option<&'a str> {
        self.user.clone().map(|r| &self.text[r])
    }

    /// The password, as written: `Some("")` when empty
    /// (`ftp://foo:@host.com/`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://foo:@host.com/")?;
    /// assert_eq!(peguri::scheme::Ftp::parse(&uri)?.password(), Some(""));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn password(&self) -> Option<&'a str> {
        self.password.clone().map(|r| &self.text[r])
    }

    /// The host, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://[2001:db8::1]/")?;
    /// assert_eq!(peguri::scheme::Ftp::parse(&uri)?.host(), "[2001:db8::1]");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn host(&self) -> &'a str {
        &self.text[self.host.clone()]
    }

    /// The port, if the URL names one (21 when it does not, section 3.2:
    /// see [`port_or_default`](Self::port_or_default)).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://h:2121/")?;
    /// assert_eq!(peguri::scheme::Ftp::parse(&uri)?.port(), Some(2121));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn port(&self) -> Option<u16> {
        self.port.as_ref().map(|(_, port)| *port)
    }

    /// The port to connect to: the URL's, or 21.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://h/")?;
    /// assert_eq!(peguri::scheme::Ftp::parse(&uri)?.port_or_default(), 21);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn port_or_default(&self) -> u16 {
        self.port().unwrap_or(21)
    }

    /// The path segments, as written: the directories to change to, then
    /// the name (section 3.2.2), without the `;type=`. None when the URL
    /// has no path; an empty segment where two `/` meet or the path ends
    /// in `/`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://h/pub/dir/")?;
    /// let ftp = peguri::scheme::Ftp::parse(&uri)?;
    /// assert_eq!(ftp.path_segments().collect::<Vec<_>>(), ["pub", "dir", ""]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn path_segments(&self) -> impl Iterator<Item = &'a str> + '_ {
        let text = self.text;
        let bytes = text.as_bytes();
        let path = self.path.clone();
        let mut at = path.as_ref().map(|p| p.start);
        core::iter::from_fn(move || {
            let path = path.as_ref()?;
            let start = at?;
            let end = compiled::quiet_fsegment(bytes, start).unwrap_or(start);
            // fpath = fsegment *( "/" fsegment ): a segment that ends
            // before the path does is followed by its `/`.
            at = (end < path.end).then_some(end + 1);
            Some(&text[start..end])
        })
    }

    /// The transfer type, lowercase: `a` (ASCII), `i` (image) or `d` (a
    /// directory listing), section 3.2.2; `None` when the URL has none and
    /// the client guesses.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ftp://h/pub;type=D")?;
    /// assert_eq!(peguri::scheme::Ftp::parse(&uri)?.transfer_type(), Some('d'));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn transfer_type(&self) -> Option<char> {
        let at = self.transfer_type.as_ref()?;
        self.text[at.clone()]
            .chars()
            .next()
            .map(|c| c.to_ascii_lowercase())
    }

    /// Where the parts are in [`as_str`](Self::as_str), for the component
    /// diagram.
    pub(crate) fn spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let mut spans = Vec::new();
        spans.extend(self.user.clone().map(|r| ("user", r)));
        spans.extend(self.password.clone().map(|r| ("password", r)));
        spans.push(("host", self.host.clone()));
        spans.extend(self.port.clone().map(|(r, _)| ("port", r)));
        spans.extend(self.path.clone().map(|r| ("path", r)));
        spans.extend(self.transfer_type.clone().map(|r| ("type", r)));
        spans
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The TCP port the digits at `at` of `uri` (a URI of `scheme`) name, or
/// the error that they are beyond 65535 (RFC 9293 section 3.1).
pub(super) fn tcp_port(scheme: Scheme, uri: &str, at: Range<usize>) -> Result<u16, SchemeError> {
    let digits = &uri[at.clone()];
    digits.parse::<u16>().map_err(|_| {
        let kind = Kind::OutOfRange {
            what: "port",
            value: Box::from(digits),
            range: "0 to 65535",
        };
        SchemeError::new(scheme, uri, at.start, TCP_PORT, kind, Vec::new())
    })
}

/// The parts object of `peguri parse --scheme-syntax`: `user`, `password`,
/// `host`, `port`, `path_segments`, `type`.
///
/// ```
/// let uri = peguri::UriRef::parse("ftp://ftp.example.com/pub/a.txt;type=a")?;
/// let ftp = peguri::scheme::Ftp::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&ftp)?,
///     r#"{"user":null,"password":null,"host":"ftp.example.com","port":null,"path_segments":["pub","a.txt"],"type":"a"}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Ftp<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("user", &self.user())?;
        map.serialize_entry("password", &self.password())?;
        map.serialize_entry("host", self.host())?;
        map.serialize_entry("port", &self.port())?;
        let segments: Vec<&str> = self.path_segments().collect();
        map.serialize_entry("path_segments", &segments)?;
        map.serialize_entry("type", &self.transfer_type())?;
        map.end()
    }
}
