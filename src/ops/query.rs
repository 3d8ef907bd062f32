//! Key/value pairs in a query (`key=value&key=value`): reading them
//! decoded ([`QueryPairs`], `(key, value)` tuples, as the `url` crate
//! gives them) or as written ([`QueryPairs::raw`]), writing them
//! ([`QueryBuilder`]) and editing them in an owned reference
//! ([`QueryEditor`]).
//!
//! RFC 3986 gives the query no inner structure (section 3.4); pairs are a
//! convention on top of it. HTML forms (`application/x-www-form-urlencoded`)
//! separate pairs with `&` and write a space as `+`; older documents
//! (HTML 4.01, appendix B.2.2, and several URI scheme specifications)
//! recommend `;`. [`QueryPairs`] reads either or both, and
//! [`QueryBuilder`] writes pairs with `&` or `;`.
//!
//! Splitting at the separators and at the first `=` is the convention
//! itself, applied to a query the grammar has already delimited; every
//! character that appears in the built query is checked against the
//! grammar's `query` class (see [`pct`](crate::pct)).

use alloc::borrow::{Cow, ToOwned};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::ops::edit::Edit;
pub use crate::types::query::{QueryBuilder, QueryPair, QueryPairs, RawQueryPairs, Separator};

/// Edits the `key=value` pairs of an owned reference's query in place,
/// from [`Reference::edit_query`](crate::Reference::edit_query).
///
/// Keys are compared after percent-decoding (and, with
/// [`plus_as_space`](Self::plus_as_space), reading `+` as a space), with
/// the key given unencoded. New keys and values are encoded as
/// [`QueryBuilder`] encodes them. Every change is made at once; pairs that
/// are not touched keep their text, their order and the separator written
/// before them. Empty pieces (`a=1&&b=2`) are left as they are. When the
/// last pair is removed, the query goes, `?` included.
///
/// ```
/// use peguri::query::Separator;
/// use peguri::UriBuf;
///
/// let mut uri = UriBuf::parse("http://h/search?q=rust&page=2&lang=en")?;
/// uri.edit_query().remove("page").append("sort", "new first");
/// assert_eq!(uri, "http://h/search?q=rust&lang=en&sort=new%20first");
/// uri.edit_query().retain(|pair| pair.key() == "q");
/// assert_eq!(uri, "http://h/search?q=rust");
/// uri.edit_query().remove("q");
/// assert_eq!(uri, "http://h/search");
///
/// let mut semi = UriBuf::parse("http://h/?a=1;b=2")?;
/// semi.edit_query().separator(Separator::Semicolon).set("a", "x").append("c", "3");
/// assert_eq!(semi, "http://h/?a=x;b=2;c=3");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub struct QueryEditor<'u> {
    target: Edit<'u>,
    separator: Separator,
    plus_as_space: bool,
}

/// One piece of a query between separators: its span, and the separator
/// written before it (none for the first).
#[derive(Clone, Copy)]
struct Piece {
    start: usize,
    end: usize,
    separator_before: Option<char>,
}

impl<'u> QueryEditor<'u> {
    pub(crate) fn new(target: Edit<'u>) -> Self {
        QueryEditor {
            target,
            separator: Separator::Ampersand,
            plus_as_space: false,
        }
    }

    /// Which character separates pairs (`&` by default). With
    /// [`Separator::Both`], both split pairs and `&` is written.
    ///
    /// ```
    /// use peguri::query::Separator;
    /// let mut uri = peguri::UriBuf::parse("s:x?a=1;b=2&c=3")?;
    /// uri.edit_query().separator(Separator::Both).remove("b");
    /// assert_eq!(uri, "s:x?a=1&c=3");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn separator(mut self, separator: Separator) -> Self {
        self.separator = separator;
        self
    }

    /// Whether `+` means a space, as in HTML forms: keys compare with `+`
    /// read as a space, and spaces in new keys and values are written as
    /// `+`. Off by default.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?first+name=Jo")?;
    /// uri.edit_query().plus_as_space(true).set("first name", "Jo Ann");
    /// assert_eq!(uri, "s:x?first+name=Jo+Ann");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn plus_as_space(mut self, on: bool) -> Self {
        self.plus_as_space = on;
        self
    }

    /// Appends `key=value`, creating the query if there is none.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x")?;
    /// uri.edit_query().append("a", "1").append("a", "2");
    /// assert_eq!(uri, "s:x?a=1&a=2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn append(&mut self, key: &str, value: &str) -> &mut Self {
        let pair = self.encoded(key, Some(value));
        self.push(&pair)
    }

    /// Appends a key with no `=` and no value.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?a=1")?;
    /// uri.edit_query().append_key("debug");
    /// assert_eq!(uri, "s:x?a=1&debug");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn append_key(&mut self, key: &str) -> &mut Self {
        let pair = self.encoded(key, None);
        self.push(&pair)
    }

    /// Gives `key` the one value `value`: the first pair with that key is
    /// rewritten in place (its key keeps its text), later ones are
    /// removed; without one, the pair is appended.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?k=1&other=2&k=3")?;
    /// uri.edit_query().set("k", "9");
    /// assert_eq!(uri, "s:x?k=9&other=2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn set(&mut self, key: &str, value: &str) -> &mut Self {
        let query = self.query().map(str::to_owned);
        let Some(query) = query else {
            return self.append(key, value);
        };
        let mut found = false;
        let encoded_value = self.encoded_value(value);
        let edited = self.rewrite(&query, |pair, piece| {
            if !pair.is_some_and(|p| key_matches(&p, key)) {
                return Some(Cow::Borrowed(piece));
            }
            if found {
                return None;
            }
            found = true;
            let raw_key = pair.map_or("", |p| p.raw_key());
            Some(Cow::Owned(format!("{raw_key}={encoded_value}")))
        });
        if found {
            self.store(edited);
            self
        } else {
            self.append(key, value)
        }
    }

    /// Removes every pair whose key is `key`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?a=1&b=2&a=3")?;
    /// uri.edit_query().remove("a");
    /// assert_eq!(uri, "s:x?b=2");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn remove(&mut self, key: &str) -> &mut Self {
        self.retain(|pair| !key_matches(pair, key))
    }

    /// Keeps only the pairs for which `keep` returns `true`.
    ///
    /// ```
    /// let mut uri = peguri::UriBuf::parse("s:x?utm_source=a&id=7&utm_medium=b")?;
    /// uri.edit_query().retain(|pair| !pair.raw_key().starts_with("utm_"));
    /// assert_eq!(uri, "s:x?id=7");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&QueryPair<'_>) -> bool) -> &mut Self {
        let Some(query) = self.query().map(str::to_owned) else {
            return self;
        };
        let edited = self.rewrite(&query, |pair, piece| match pair {
            Some(pair) if !keep(&pair) => None,
            _ => Some(Cow::Borrowed(piece)),
        });
        self.store(edited);
        self
    }

    fn query(&self) -> Option<&str> {
        self.target.query()
    }

    /// Puts the edited query in place; `None` removes it.
    fn store(&mut self, query: Option<String>) {
        self.target.put_query(query.map(Cow::Owned));
    }

    /// `key=value` (or `key`), encoded for a query pair.
    fn encoded(&self, key: &str, value: Option<&str>) -> String {
        let mut pair = QueryBuilder::new()
            .separator(self.separator)
            .space_as_plus(self.plus_as_space);
        match value {
            Some(value) => pair.append_pair(key, value),
            None => pair.append_key(key),
        };
        pair.into_string()
    }

    /// A value, encoded for a query pair.
    fn encoded_value(&self, value: &str) -> String {
        let pair = self.encoded("", Some(value));
        pair[1..].to_owned()
    }

    /// Appends an encoded pair after the last piece.
    fn push(&mut self, pair: &str) -> &mut Self {
        let query = match self.query() {
            None | Some("") => pair.to_owned(),
            Some(query) => {
                let mut query = query.to_owned();
                if !query.ends_with(|c| splits_at(self.separator, c)) {
                    query.push(written(self.separator));
                }
                query.push_str(pair);
                query
            }
        };
        self.store(Some(query));
        self
    }

    /// The query's pieces between separators.
    fn pieces(&self, query: &str) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let mut start = 0;
        let mut separator_before = None;
        for (i, c) in query.char_indices() {
            if splits_at(self.separator, c) {
                pieces.push(Piece {
                    start,
                    end: i,
                    separator_before,
                });
                start = i + 1;
                separator_before = Some(c);
            }
        }
        pieces.push(Piece {
            start,
            end: query.len(),
            separator_before,
        });
        pieces
    }

    /// The query with each piece replaced by what `edit` makes of it (the
    /// piece's pair, or `None` for an empty piece, and its text): `None`
    /// removes it. `None` overall when the last piece went.
    fn rewrite<'q>(
        &self,
        query: &'q str,
        mut edit: impl FnMut(Option<QueryPair<'q>>, &'q str) -> Option<Cow<'q, str>>,
    ) -> Option<String> {
        let mut out = String::with_capacity(query.len());
        let mut removed = false;
        let mut first = true;
        for piece in self.pieces(query) {
            let text = &query[piece.start..piece.end];
            let pair = QueryPairs::new(text)
                .separator(self.separator)
                .plus_as_space(self.plus_as_space)
                .raw()
                .next();
            match edit(pair, text) {
                Some(kept) => {
                    if !first {
                        // A piece keeps the separator written before it; the
                        // first one kept has none.
                        out.push(piece.separator_before.unwrap_or(written(self.separator)));
                    }
                    out.push_str(&kept);
                    first = false;
                }
                None => removed = true,
            }
        }
        if removed && out.is_empty() {
            return None;
        }
        Some(out)
    }
}

/// Whether a pair's decoded key is `key`.
fn key_matches(pair: &QueryPair<'_>, key: &str) -> bool {
    *pair.key_bytes() == *key.as_bytes()
}

fn splits_at(separator: Separator, c: char) -> bool {
    match separator {
        Separator::Ampersand => c == '&',
        Separator::Semicolon => c == ';',
        Separator::Both => c == '&' || c == ';',
    }
}

fn written(separator: Separator) -> char {
    match separator {
        Separator::Semicolon => ';',
        Separator::Ampersand | Separator::Both => '&',
    }
}
