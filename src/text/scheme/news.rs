//! `news` and `nntp` (RFC 5538 section 2), by `schemes/news.pest`: the
//! URI's text first, then the message identifier, the wildmat or the
//! newsgroup name percent-decoded and matched with the rules of RFC 5322
//! and RFC 3977, and an article number's range (RFC 3977 section 6).

use alloc::borrow::Cow;
use core::ops::Range;

use super::error::Kind;
use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind as RefKind, Reference, Storage};
use crate::syntax::compiled::scheme::news as compiled;
use crate::syntax::runtime::Slot;
use alloc::{boxed::Box, vec::Vec};

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "newsURL",
            "a news URI, \"news:\" [ \"//\" authority \"/\" ] ( article / newsgroups )",
        ),
        ("news_scheme", "\"news\""),
        (
            "nntpURL",
            "an nntp URI, \"nntp://\" authority \"/\" group [ \"/\" article-number ]",
        ),
        ("nntp_scheme", "\"nntp\""),
        ("server", "\"//\" and a server"),
        ("article", "a message identifier, id-left \"@\" id-right"),
        ("article_char", "a character of a message identifier"),
        ("newsgroups", "a newsgroup name or wildmat"),
        ("group", "a newsgroup name"),
        ("article_number", "an article number"),
        ("msg_id", "a message identifier, id-left \"@\" id-right"),
        ("id_left", "an atom (dot-atom-text)"),
        ("id_right", "an atom (dot-atom-text) or a [literal]"),
        ("dot_atom_text", "an atom (dot-atom-text)"),
        ("atext", "an atom character (atext)"),
        ("no_fold_literal", "a [literal]"),
        ("dtext", "a character of a [literal]"),
        ("wildmat", "a wildmat, patterns separated by ','"),
        ("wildmat_pattern", "a newsgroup name or pattern"),
        ("wildmat_item", "a newsgroup name character or a wildcard"),
        ("wildmat_exact", "a newsgroup name character"),
        ("newsgroup_name", "a newsgroup name"),
    ],
    limits: rule_words![],
};

/// A news or nntp URI (RFC 5538): the server, if any, and the article or
/// newsgroups it names.
///
/// A news URI names an article by its message identifier or newsgroups by
/// a wildmat (RFC 3977 section 4.1); an nntp URI names a newsgroup on a
/// server and, optionally, an article by its number in that group. The
/// message identifier, the wildmat and the group are percent-decoded.
///
/// ```
/// use peguri::scheme::News;
///
/// let uri = peguri::UriRef::parse("news://news.server.example/example.group.this")?;
/// let news = News::parse(&uri)?;
/// assert_eq!(news.server(), Some("news.server.example"));
/// assert_eq!((news.newsgroups(), news.message_id()), (Some("example.group.this"), None));
///
/// let uri = peguri::UriRef::parse("nntp://news.server.example/example.group.this/12345")?;
/// let nntp = News::parse(&uri)?;
/// assert_eq!((nntp.group(), nntp.article_number()), (Some("example.group.this"), Some(12345)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct News<'a> {
    text: &'a str,
    server: Option<Range<usize>>,
    message_id: Option<(Range<usize>, Cow<'a, str>)>,
    newsgroups: Option<(Range<usize>, Cow<'a, str>)>,
    group: Option<(Range<usize>, Cow<'a, str>)>,
    article_number: Option<(Range<usize>, u32)>,
}

/// What a part of a news or nntp URI is, decoded, matched with.
#[derive(Clone, Copy)]
enum Part {
    MessageId,
    Wildmat,
    Group,
}

impl<'a> News<'a> {
    /// Reads `reference` as a news or nntp URI, by its scheme.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is neither, or is not one (RFC 5538
    /// section 2): a message identifier, wildmat or newsgroup name that
    /// breaks its RFC once decoded, an nntp URI without a group, an
    /// article number outside 1 to 2147483647 (RFC 3977 section 6).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nntp://h/example.group/0")?;
    /// let err = peguri::scheme::News::parse(&uri).unwrap_err();
    /// assert_eq!((err.offset(), err.citation().to_string().as_str()), (23, "RFC 3977 section 6"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: RefKind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        let nntp = reference
            .view()
            .scheme()
            .is_some_and(|scheme| scheme.eq_ignore_ascii_case("nntp"));
        let scheme = if nntp { Scheme::Nntp } else { Scheme::News };
        News::read(scheme, reference.view().as_str())
    }

    /// Reads the text of a news (`scheme` [`Scheme::News`]) or nntp URI
    /// reference.
    pub(super) fn read(scheme: Scheme, uri: &'a str) -> Result<Self, SchemeError> {
        let entry = match scheme {
            Scheme::Nntp => Entry {
                matcher: compiled::match_nntp_entry,
                fail: compiled::fail_nntp_entry,
            },
            _ => Entry {
                matcher: compiled::match_news_entry,
                fail: compiled::fail_news_entry,
            },
        };
        let rec = entry.check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())?;
        let decode = |slot: Slot, part| -> Result<_, SchemeError> {
            match span(slot) {
                Some(at) => Ok(Some((at.clone(), decoded(scheme, uri, at, part)?))),
                None => Ok(None),
            }
        };
        let article_number = match span(rec.article_number) {
            Some(at) => Some((at.clone(), article_number(uri, at)?)),
            None => None,
        };
        Ok(News {
            text: uri,
            server: span(rec.authority),
            message_id: decode(rec.article, Part::MessageId)?,
            newsgroups: decode(rec.newsgroups, Part::Wildmat)?,
            group: decode(rec.group, Part::Group)?,
            article_number,
        })
    }

    /// The whole URI, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("news:comp.lang.c")?;
    /// assert_eq!(peguri::scheme::News::parse(&uri)?.as_str(), "news:comp.lang.c");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The server's authority, as written; `None` for a news URI without
    /// one (the server configured for local use). Its port is 119 when
    /// absent.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nntp://news.example.com:563/comp.lang.c")?;
    /// assert_eq!(peguri::scheme::News::parse(&uri)?.server(), Some("news.example.com:563"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn server(&self) -> Option<&'a str> {
        self.server.clone().map(|r| &self.text[r])
    }

    /// A news URI's message identifier, percent-decoded, without the angle
    /// brackets a Message-ID header field has.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D")?;
    /// let news = peguri::scheme::News::parse(&uri)?;
    /// assert_eq!(news.message_id(), Some("p0624081dc30b8699bf9b@[10.20.30.108]"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn message_id(&self) -> Option<&str> {
        self.message_id.as_ref().map(|(_, id)| id.as_ref())
    }

    /// A news URI's newsgroups, percent-decoded: a newsgroup name, or a
    /// wildmat (`*` for all newsgroups, `comp.lang.*`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("news:example.group.*")?;
    /// assert_eq!(peguri::scheme::News::parse(&uri)?.newsgroups(), Some("example.group.*"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn newsgroups(&self) -> Option<&str> {
        self.newsgroups
            .as_ref()
            .map(|(_, wildmat)| wildmat.as_ref())
    }

    /// An nntp URI's newsgroup name, percent-decoded.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nntp://h/example.group.n%2Fa/1")?;
    /// assert_eq!(peguri::scheme::News::parse(&uri)?.group(), Some("example.group.n/a"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn group(&self) -> Option<&str> {
        self.group.as_ref().map(|(_, group)| group.as_ref())
    }

    /// An nntp URI's article number in its group.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("nntp://h/comp.lang.c")?;
    /// assert_eq!(peguri::scheme::News::parse(&uri)?.article_number(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn article_number(&self) -> Option<u32> {
        self.article_number.as_ref().map(|(_, number)| *number)
    }

    /// Where the parts are in [`as_str`](Self::as_str), for the component
    /// diagram.
    pub(crate) fn spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let mut spans = Vec::new();
        spans.extend(self.server.clone().map(|r| ("server", r)));
        spans.extend(
            self.message_id
                .as_ref()
                .map(|(r, _)| ("article", r.clone())),
        );
        spans.extend(
            self.newsgroups
                .as_ref()
                .map(|(r, _)| ("newsgroups", r.clone())),
        );
        spans.extend(self.group.as_ref().map(|(r, _)| ("group", r.clone())));
        spans.extend(
            self.article_number
                .as_ref()
                .map(|(r, _)| ("article number", r.clone())),
        );
        spans
    }
}

/// `uri[at]` percent-decoded, as UTF-8, and matched with the rule of
/// `part`.
fn decoded(
    scheme: Scheme,
    uri: &str,
    at: Range<usize>,
    part: Part,
) -> Result<Cow<'_, str>, SchemeError> {
    let (what, cited, entry) = match part {
        Part::MessageId => (
            "a message identifier",
            &("RFC 5322", "3.6.4"),
            Entry {
                matcher: compiled::match_msg_id_entry,
                fail: compiled::fail_msg_id_entry,
            },
        ),
        Part::Wildmat => (
            "a wildmat",
            &("RFC 3977", "4.1"),
            Entry {
                matcher: compiled::match_wildmat_entry,
                fail: compiled::fail_wildmat_entry,
            },
        ),
        Part::Group => (
            "a newsgroup name",
            &("RFC 3977", "9.8"),
            Entry {
                matcher: compiled::match_newsgroup_name_entry,
                fail: compiled::fail_newsgroup_name_entry,
            },
        ),
    };
    let source = Source::decoded(scheme, uri, &uri[at.clone()], at.start, what, cited)?;
    entry.check(scheme, &RULES, uri, &source, cited)?;
    Ok(source.text)
}

/// The article number the digits at `at` of `uri` name, or the error that
/// it is outside 1 to 2,147,483,647 (RFC 3977 section 6).
fn article_number(uri: &str, at: Range<usize>) -> Result<u32, SchemeError> {
    let digits = &uri[at.clone()];
    match digits.parse::<u32>() {
        Ok(number) if (1..=0x7FFF_FFFF).contains(&number) => Ok(number),
        _ => {
            let kind = Kind::OutOfRange {
                what: "article number",
                value: Box::from(digits),
                range: "1 to 2147483647",
            };
            Err(SchemeError::new(
                Scheme::Nntp,
                uri,
                at.start,
                &("RFC 3977", "6"),
                kind,
                Vec::new(),
            ))
        }
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts object of `peguri parse --scheme-syntax`: `server`,
/// `message_id`, `newsgroups`, `group`, `article_number`.
///
/// ```
/// let uri = peguri::UriRef::parse("nntp://news.server.example/example.group.this/12345")?;
/// let nntp = peguri::scheme::News::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&nntp)?,
///     r#"{"server":"news.server.example","message_id":null,"newsgroups":null,"group":"example.group.this","article_number":12345}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for News<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("server", &self.server())?;
        map.serialize_entry("message_id", &self.message_id())?;
        map.serialize_entry("newsgroups", &self.newsgroups())?;
        map.serialize_entry("group", &self.group())?;
        map.serialize_entry("article_number", &self.article_number())?;
        map.end()
    }
}
