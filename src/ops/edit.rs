//! Changing one component of an owned reference in place: the setters of
//! every owned type ([`UriRefBuf`], [`UriBuf`], [`IriRefBuf`], [`IriBuf`]),
//! and [`QueryEditor`] for `key=value` pairs.
//!
//! A setter checks its text as [`UriBuilder`](crate::UriBuilder) does
//! (raw text against the component's grammar rule, unencoded text
//! percent-encoded with [`pct`](crate::pct)'s classes), refuses the
//! combinations RFC 3986 forbids, and leaves the reference unchanged when it
//! returns an error. The other components keep their text exactly. Text is
//! checked against the grammar the reference was parsed with: an IRI's
//! components may hold what RFC 3987 allows, and a reference parsed with
//! zone identifiers allowed takes a host with one.

use alloc::borrow::Cow;
use core::net::IpAddr;

use crate::ops::build::{
    BuildError, BuildErrorKind, Parts, authority_parts, check, encode_path, ip_host, push_segment,
};
use crate::syntax::component::Component;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::Layout;
use crate::syntax::pct::{self, EncodeSet};
use crate::types::parsed::Parsed;
use crate::types::query::{QueryBuilder, QueryPair, QueryPairs, Separator};
use alloc::{
    borrow::ToOwned,
    format,
    string::{String, ToString},
    vec::Vec,
};

/// An owned reference's text, layout and grammar, changed in place: the
/// one place the setters of every owned type and [`QueryEditor`] write.
pub(crate) struct Edit<'u> {
    text: &'u mut String,
    layout: &'u mut Layout,
    grammar: Grammar,
}

/// Puts the reference `parts` make in place of the text and layout `$edit`
/// changes, in its grammar; an error leaves them unchanged.
macro_rules! replace_with {
    ($edit:ident, $parts:expr) => {
        $parts.assemble($edit.grammar).map(|(text, layout)| {
            *$edit.text = text;
            *$edit.layout = layout;
        })
    };
}

/// Refuses a userinfo or port where there is no authority to hold it.
fn needs_authority(parts: &Parts<'_>, component: Component) -> Result<(), BuildError> {
    if parts.authority.is_none() {
        return Err(BuildError::new(component, BuildErrorKind::NoHost));
    }
    Ok(())
}

impl<'u> Edit<'u> {
    /// The text, layout and grammar of an owned reference, to change.
    pub(crate) fn new(text: &'u mut String, layout: &'u mut Layout, grammar: Grammar) -> Self {
        Edit {
            text,
            layout,
            grammar,
        }
    }

    fn view(&self) -> Parsed<'_> {
        Parsed::new(self.text, *self.layout, self.grammar)
    }

    fn path(&self) -> &str {
        self.view().path()
    }

    fn query(&self) -> Option<&str> {
        self.view().query()
    }

    pub(crate) fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        if let Some(scheme) = scheme {
            check(scheme, Component::Scheme, self.grammar)?;
        }
        let mut parts = Parts::of(self.view());
        parts.scheme = scheme.map(Cow::Borrowed);
        replace_with!(self, parts)?;
        Ok(())
    }
}

impl Edit<'_> {
    pub(crate) fn set_authority(&mut self, authority: Option<&str>) -> Result<(), BuildError> {
        let authority = authority
            .map(|a| authority_parts(a, self.grammar))
            .transpose()?;
        let mut parts = Parts::of(self.view());
        parts.authority = authority;
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        if let Some(userinfo) = userinfo {
            check(userinfo, Component::Userinfo, self.grammar)?;
        }
        self.put_userinfo(userinfo.map(Cow::Borrowed))
    }

    pub(crate) fn set_userinfo_unencoded(&mut self, userinfo: &str) -> Result<(), BuildError> {
        self.put_userinfo(Some(pct::encode(userinfo, EncodeSet::Userinfo)))
    }

    fn put_userinfo(&mut self, userinfo: Option<Cow<'_, str>>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        match parts.authority.as_mut() {
            Some(authority) => authority.userinfo = userinfo,
            None if userinfo.is_none() => return Ok(()),
            None => needs_authority(&parts, Component::Userinfo)?,
        }
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_host(&mut self, host: &str) -> Result<(), BuildError> {
        check(host, Component::Host, self.grammar)?;
        self.put_host(Cow::Borrowed(host))
    }

    pub(crate) fn set_host_unencoded(&mut self, host: &str) -> Result<(), BuildError> {
        self.put_host(pct::encode(host, EncodeSet::RegName))
    }

    pub(crate) fn set_host_ip(&mut self, ip: impl Into<IpAddr>) -> Result<(), BuildError> {
        self.put_host(Cow::Owned(ip_host(ip.into())))
    }

    fn put_host(&mut self, host: Cow<'_, str>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        parts.authority_mut().host = host;
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_port(&mut self, port: Option<u16>) -> Result<(), BuildError> {
        self.put_port(port.map(|p| Cow::Owned(p.to_string())))
    }

    pub(crate) fn set_port_str(&mut self, port: Option<&str>) -> Result<(), BuildError> {
        if let Some(port) = port {
            check(port, Component::Port, self.grammar)?;
        }
        self.put_port(port.map(Cow::Borrowed))
    }

    fn put_port(&mut self, port: Option<Cow<'_, str>>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        match parts.authority.as_mut() {
            Some(authority) => authority.port = port,
            None if port.is_none() => return Ok(()),
            None => needs_authority(&parts, Component::Port)?,
        }
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        check(path, Component::Path, self.grammar)?;
        self.put_path(Cow::Borrowed(path))
    }

    pub(crate) fn set_path_unencoded(&mut self, path: &str) -> Result<(), BuildError> {
        self.put_path(encode_path(path))
    }

    pub(crate) fn push_segment(&mut self, segment: &str) -> Result<(), BuildError> {
        let mut path = self.path().to_owned();
        push_segment(&mut path, segment)?;
        self.put_path(Cow::Owned(path))
    }

    fn put_path(&mut self, path: Cow<'_, str>) -> Result<(), BuildError> {
        let mut parts = Parts::of(self.view());
        parts.path = path;
        replace_with!(self, parts)?;
        Ok(())
    }

    pub(crate) fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        if let Some(query) = query {
            check(query, Component::Query, self.grammar)?;
        }
        self.put_query(query.map(Cow::Borrowed));
        Ok(())
    }

    pub(crate) fn set_query_unencoded(&mut self, query: &str) {
        self.put_query(Some(pct::encode(query, EncodeSet::Query)));
    }

    pub(crate) fn put_query(&mut self, query: Option<Cow<'_, str>>) {
        let mut parts = Parts::of(self.view());
        parts.query = query;
        // The query takes no part in the section 3.3 and 4.2
        // checks, and the rest is as it was: this cannot fail.
        let _ = replace_with!(self, parts);
    }

    pub(crate) fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        if let Some(fragment) = fragment {
            check(fragment, Component::Fragment, self.grammar)?;
        }
        self.put_fragment(fragment.map(Cow::Borrowed));
        Ok(())
    }

    pub(crate) fn set_fragment_unencoded(&mut self, fragment: &str) {
        self.put_fragment(Some(pct::encode(fragment, EncodeSet::Fragment)));
    }

    fn put_fragment(&mut self, fragment: Option<Cow<'_, str>>) {
        let mut parts = Parts::of(self.view());
        parts.fragment = fragment;
        // As for the query, this cannot fail.
        let _ = replace_with!(self, parts);
    }
}

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
