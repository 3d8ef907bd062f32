//! Reading and writing the `key=value` pairs of a query: the types of the
//! public [`query`](crate::query) module, which says what the convention
//! is.

use alloc::borrow::Cow;
use core::iter::FusedIterator;

use crate::syntax::pct::{self, EncodeSet};
use alloc::string::String;

/// Which character separates pairs.
///
/// ```
/// use peguri::query::{QueryPairs, Separator};
///
/// let count = |sep| QueryPairs::new("a=1;b=2&c=3").separator(sep).count();
/// assert_eq!(count(Separator::Ampersand), 2);
/// assert_eq!(count(Separator::Semicolon), 2);
/// assert_eq!(count(Separator::Both), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Separator {
    /// `&`, as HTML forms write it. The default.
    #[default]
    Ampersand,
    /// `;`.
    Semicolon,
    /// Either `&` or `;` (reading only; a builder given this writes `&`).
    Both,
}

impl Separator {
    fn splits_at(self, c: char) -> bool {
        match self {
            Separator::Ampersand => c == '&',
            Separator::Semicolon => c == ';',
            Separator::Both => c == '&' || c == ';',
        }
    }

    fn written(self) -> char {
        match self {
            Separator::Semicolon => ';',
            Separator::Ampersand | Separator::Both => '&',
        }
    }
}

/// An iterator over the key/value pairs of a query (given without its
/// `?`), decoded: each is a `(key, value)` tuple of percent-decoded text,
/// with `""` as the value of a pair without `=` (`?flag`), as the `url`
/// crate's `query_pairs` gives them. Empty pieces (`a=1&&b=2`) are
/// skipped. `+` stays `+` unless [`plus_as_space`](Self::plus_as_space)
/// is on: in RFC 3986 it is just `+`, and reading it as a space is HTML
/// forms' convention. [`raw`](Self::raw) gives the pairs as written
/// instead, each a [`QueryPair`] with its raw text, its bytes and whether
/// it has a value.
///
/// ```
/// use peguri::UriRef;
///
/// let uri = UriRef::parse("http://h/?name=J%C3%BCrgen&flag&empty=&x=a+b")?;
/// let pairs: Vec<(String, String)> = uri
///     .query_pairs()
///     .plus_as_space(true)
///     .map(|(k, v)| (k.into_owned(), v.into_owned()))
///     .collect();
/// assert_eq!(pairs, [
///     ("name".to_owned(), "Jürgen".to_owned()),
///     ("flag".to_owned(), String::new()),
///     ("empty".to_owned(), String::new()),
///     ("x".to_owned(), "a b".to_owned()),
/// ]);
/// // As written: a pair without `=` has no value.
/// let flag = uri.query_pairs().raw().nth(1).unwrap();
/// assert_eq!((flag.raw_key(), flag.raw_value()), ("flag", None));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct QueryPairs<'a> {
    raw: RawQueryPairs<'a>,
}

impl<'a> QueryPairs<'a> {
    /// Pairs of `query`, separated by `&`, with `+` kept as `+`.
    ///
    /// ```
    /// let mut pairs = peguri::query::QueryPairs::new("a=b%20c");
    /// assert_eq!(pairs.next(), Some(("a".into(), "b c".into())));
    /// assert!(pairs.next().is_none());
    /// ```
    pub fn new(query: &'a str) -> Self {
        QueryPairs {
            raw: RawQueryPairs {
                rest: Some(query),
                separator: Separator::Ampersand,
                plus_as_space: false,
            },
        }
    }

    /// Chooses the separator.
    ///
    /// ```
    /// use peguri::query::{QueryPairs, Separator};
    /// let keys: Vec<_> = QueryPairs::new("a;b").separator(Separator::Semicolon).map(|(k, _)| k).collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn separator(mut self, separator: Separator) -> Self {
        self.raw.separator = separator;
        self
    }

    /// Whether decoded keys and values read `+` as a space, as HTML forms
    /// write it. Off by default: in RFC 3986, `+` is just `+`.
    ///
    /// ```
    /// let (_, value) = peguri::query::QueryPairs::new("q=a+b").plus_as_space(true).next().unwrap();
    /// assert_eq!(value, "a b");
    /// ```
    pub fn plus_as_space(mut self, on: bool) -> Self {
        self.raw.plus_as_space = on;
        self
    }

    /// The same pairs as written: each a [`QueryPair`], with its raw key
    /// and value, its decoded bytes, and `None` as the value of a pair
    /// without `=`. The separator and `+` are read as chosen.
    ///
    /// ```
    /// let mut pairs = peguri::query::QueryPairs::new("k=%FF&flag").raw();
    /// let first = pairs.next().unwrap();
    /// assert_eq!((first.raw_value(), first.value_bytes().as_deref()), (Some("%FF"), Some(&[0xFF][..])));
    /// assert_eq!(pairs.next().unwrap().value(), None);
    /// ```
    pub fn raw(self) -> RawQueryPairs<'a> {
        self.raw
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        let pair = self.raw.next()?;
        Some((pair.key(), pair.value().unwrap_or(Cow::Borrowed(""))))
    }
}

impl FusedIterator for QueryPairs<'_> {}

/// The pairs of a query as written, each a [`QueryPair`]: what
/// [`QueryPairs::raw`] gives.
///
/// ```
/// let keys: Vec<&str> = peguri::query::QueryPairs::new("a%20b=1&c").raw().map(|p| p.raw_key()).collect();
/// assert_eq!(keys, ["a%20b", "c"]);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct RawQueryPairs<'a> {
    rest: Option<&'a str>,
    separator: Separator,
    plus_as_space: bool,
}

impl<'a> Iterator for RawQueryPairs<'a> {
    type Item = QueryPair<'a>;

    fn next(&mut self) -> Option<QueryPair<'a>> {
        loop {
            let rest = self.rest?;
            let piece = match rest.find(|c| self.separator.splits_at(c)) {
                Some(i) => {
                    self.rest = Some(&rest[i + 1..]);
                    &rest[..i]
                }
                None => {
                    self.rest = None;
                    rest
                }
            };
            if piece.is_empty() {
                continue;
            }
            let (key, value) = match piece.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None => (piece, None),
            };
            return Some(QueryPair {
                key,
                value,
                plus_as_space: self.plus_as_space,
            });
        }
    }
}

impl FusedIterator for RawQueryPairs<'_> {}

/// One key/value pair of a query, raw (as written) and decoded.
///
/// ```
/// let p = peguri::query::QueryPairs::new("caf%C3%A9=%E2%82%AC5").raw().next().unwrap();
/// assert_eq!(p.raw_key(), "caf%C3%A9");
/// assert_eq!(p.key(), "café");
/// assert_eq!(p.value().as_deref(), Some("€5"));
/// assert_eq!(p.value_bytes().as_deref(), Some("€5".as_bytes()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryPair<'a> {
    key: &'a str,
    value: Option<&'a str>,
    plus_as_space: bool,
}

impl<'a> QueryPair<'a> {
    /// The key as written.
    ///
    /// ```
    /// let p = peguri::query::QueryPairs::new("a%20b=c").raw().next().unwrap();
    /// assert_eq!(p.raw_key(), "a%20b");
    /// ```
    pub fn raw_key(&self) -> &'a str {
        self.key
    }

    /// The value as written, `None` when the pair has no `=`.
    ///
    /// ```
    /// let mut pairs = peguri::query::QueryPairs::new("a&b=").raw();
    /// assert_eq!(pairs.next().unwrap().raw_value(), None);
    /// assert_eq!(pairs.next().unwrap().raw_value(), Some(""));
    /// ```
    pub fn raw_value(&self) -> Option<&'a str> {
        self.value
    }

    /// The key's octets, decoded (and `+` read as a space if chosen).
    ///
    /// ```
    /// let p = peguri::query::QueryPairs::new("%FF=1").raw().next().unwrap();
    /// assert_eq!(p.key_bytes(), &[0xFF][..]);
    /// ```
    pub fn key_bytes(&self) -> Cow<'a, [u8]> {
        self.decode_bytes(self.key)
    }

    /// The value's octets, decoded (and `+` read as a space if chosen).
    ///
    /// ```
    /// let p = peguri::query::QueryPairs::new("k=%00").raw().next().unwrap();
    /// assert_eq!(p.value_bytes().as_deref(), Some(&[0u8][..]));
    /// ```
    pub fn value_bytes(&self) -> Option<Cow<'a, [u8]>> {
        self.value.map(|v| self.decode_bytes(v))
    }

    /// The key, decoded as UTF-8; octets that are not UTF-8 become U+FFFD
    /// (use [`key_bytes`](Self::key_bytes) to see them).
    ///
    /// ```
    /// let p = peguri::query::QueryPairs::new("a%2Bb=").raw().next().unwrap();
    /// assert_eq!(p.key(), "a+b");
    /// ```
    pub fn key(&self) -> Cow<'a, str> {
        lossy(self.key_bytes())
    }

    /// The value, decoded as UTF-8 like [`key`](Self::key); `None` when the
    /// pair has no `=`.
    ///
    /// ```
    /// let p = peguri::query::QueryPairs::new("k=%E2%9C%93").raw().next().unwrap();
    /// assert_eq!(p.value().as_deref(), Some("✓"));
    /// ```
    pub fn value(&self) -> Option<Cow<'a, str>> {
        self.value_bytes().map(lossy)
    }

    fn decode_bytes(&self, raw: &'a str) -> Cow<'a, [u8]> {
        if self.plus_as_space && raw.contains('+') {
            let spaced = raw.replace('+', "%20");
            Cow::Owned(pct::decode(&spaced).into_owned())
        } else {
            pct::decode(raw)
        }
    }
}

fn lossy(bytes: Cow<'_, [u8]>) -> Cow<'_, str> {
    match bytes {
        Cow::Borrowed(b) => String::from_utf8_lossy(b),
        Cow::Owned(b) => Cow::Owned(match String::from_utf8(b) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }),
    }
}

/// The pair convention's own delimiters: these are allowed in a query by
/// the grammar, but inside a key or value they must be encoded so that the
/// pairs read back the same.
const PAIR_DELIMITERS: &[u8] = b"&;=+";

/// Builds a query from key/value pairs, percent-encoding each key and value
/// so that it reads back unchanged: every character the grammar's `query`
/// rule does not allow is encoded, and so are `&`, `;`, `=` and `+`.
///
/// ```
/// use peguri::query::{QueryBuilder, QueryPairs};
///
/// let mut q = QueryBuilder::new();
/// q.append_pair("name", "Jürgen & co").append_pair("a=b", "1+1").append_key("flag");
/// assert_eq!(q.as_str(), "name=J%C3%BCrgen%20%26%20co&a%3Db=1%2B1&flag");
///
/// let back: Vec<(String, String)> = QueryPairs::new(q.as_str())
///     .map(|(k, v)| (k.into_owned(), v.into_owned()))
///     .collect();
/// assert_eq!(back[0], ("name".to_owned(), "Jürgen & co".to_owned()));
/// assert_eq!(back[1], ("a=b".to_owned(), "1+1".to_owned()));
/// assert_eq!(back[2], ("flag".to_owned(), String::new()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueryBuilder {
    query: String,
    separator: Separator,
    space_as_plus: bool,
}

impl QueryBuilder {
    /// An empty query that separates pairs with `&` and writes a space as
    /// `%20`.
    ///
    /// ```
    /// assert_eq!(peguri::query::QueryBuilder::new().as_str(), "");
    /// ```
    pub fn new() -> Self {
        QueryBuilder::default()
    }

    /// Separates pairs with `;` ([`Separator::Semicolon`]) or `&` (the
    /// others).
    ///
    /// ```
    /// use peguri::query::{QueryBuilder, Separator};
    /// let mut q = QueryBuilder::new().separator(Separator::Semicolon);
    /// q.append_pair("a", "1").append_pair("b", "2");
    /// assert_eq!(q.as_str(), "a=1;b=2");
    /// ```
    pub fn separator(mut self, separator: Separator) -> Self {
        self.separator = separator;
        self
    }

    /// Writes a space as `+` (HTML form style) instead of `%20`.
    ///
    /// ```
    /// let mut q = peguri::query::QueryBuilder::new().space_as_plus(true);
    /// q.append_pair("q", "a b+c");
    /// assert_eq!(q.as_str(), "q=a+b%2Bc");
    /// ```
    pub fn space_as_plus(mut self, on: bool) -> Self {
        self.space_as_plus = on;
        self
    }

    /// Appends `key=value`, both encoded.
    ///
    /// ```
    /// let mut q = peguri::query::QueryBuilder::new();
    /// q.append_pair("k", "#1");
    /// assert_eq!(q.as_str(), "k=%231");
    /// ```
    pub fn append_pair(&mut self, key: &str, value: &str) -> &mut Self {
        self.start_pair();
        self.push_encoded(key);
        self.query.push('=');
        self.push_encoded(value);
        self
    }

    /// Appends a key with no `=` and no value.
    ///
    /// ```
    /// let mut q = peguri::query::QueryBuilder::new();
    /// q.append_key("a b");
    /// assert_eq!(q.as_str(), "a%20b");
    /// ```
    pub fn append_key(&mut self, key: &str) -> &mut Self {
        self.start_pair();
        self.push_encoded(key);
        self
    }

    /// The query built so far, without a `?`.
    ///
    /// ```
    /// let mut q = peguri::query::QueryBuilder::new();
    /// q.append_pair("a", "/?");
    /// assert_eq!(q.as_str(), "a=/?");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.query
    }

    /// The query as a `String`, without a `?`.
    ///
    /// ```
    /// let mut q = peguri::query::QueryBuilder::new();
    /// q.append_pair("a", "1");
    /// let url = format!("http://h/?{}", q.into_string());
    /// assert!(peguri::UriRef::parse(&url).is_ok());
    /// ```
    pub fn into_string(self) -> String {
        self.query
    }

    fn start_pair(&mut self) {
        if !self.query.is_empty() {
            self.query.push(self.separator.written());
        }
    }

    fn push_encoded(&mut self, text: &str) {
        let class = pct::classes().encode_set(EncodeSet::Query);
        if self.space_as_plus {
            for (i, piece) in text.split(' ').enumerate() {
                if i > 0 {
                    self.query.push('+');
                }
                self.query
                    .push_str(&pct::encode_class(piece.as_bytes(), class, PAIR_DELIMITERS));
            }
        } else {
            self.query
                .push_str(&pct::encode_class(text.as_bytes(), class, PAIR_DELIMITERS));
        }
    }
}
