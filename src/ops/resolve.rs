//! Reference resolution (RFC 3986 section 5): turning a URI reference into
//! the URI it stands for, given a base URI.
//!
//! [`Resolver`] implements section 5.2 as written: 5.2.1
//! (the base), 5.2.2 (transforming references), 5.2.3 (merging paths),
//! 5.2.4 ([`remove_dot_segments`]) and 5.3 (recomposition). The components
//! of the base and of the reference come from the parser; the algorithm
//! never looks for a delimiter in the text itself.
//!
//! The interpretations of the RFC that peguri chose are listed, with their
//! reasons, in the documentation of [`Resolver`].

use core::fmt;

use crate::syntax::entry::Grammar;
use crate::syntax::layout::{Layout, Span};
use crate::types::authority::Authority;
use crate::types::parsed::Parsed;
use alloc::{borrow::ToOwned, string::String};

/// How to resolve references: RFC 3986 section 5.2 with named switches,
/// strict by default. It is a plain value, usable in `const` items.
///
/// # Interpretations
///
/// Where the RFC leaves room, or where peers choose otherwise, peguri does
/// the following. Each point is tested in `tests/library/resolve.rs`.
///
/// - *A base with a fragment is accepted and its fragment ignored.* Section
///   5.2.1 says a base URI "must be ... stripped of any fragment component
///   prior to its use as a base URI"; peguri does the stripping (fluent-uri
///   rejects such a base instead).
/// - *A base has a scheme*: section 5.2.1 requires one, and without it
///   5.2.2 has no scheme to give the result. The base's type says so (a
///   [`Uri`](crate::Uri) or an [`Iri`](crate::Iri)), so a relative base is
///   refused when the program is compiled, and resolution cannot fail.
/// - *Extra `..` segments are dropped* (`http://a/b/c/d;p?q` + `../../../g`
///   gives `http://a/g`), as the examples of section 5.4.2 show and the
///   algorithm of 5.2.4 does. RFC 3986 Errata 4547 (followed by Boost.URL)
///   would keep them (`http://a/../g`); the RFC text does not.
/// - *`%2E` is not a dot segment.* Section 5.2.4 works on the path as
///   written, and section 6.2.2.2 treats decoding `%2E` as normalization,
///   which resolution does not do. So `%2E%2E/g` stays `%2E%2E/g`
///   (iri-string and Boost.URL treat it as `..`).
/// - *The base path is kept as is for an empty reference, `?y` or `#s`*:
///   5.2.2 copies `Base.path` without calling `remove_dot_segments` when
///   the reference path is empty, so `http://a/b/../c` + `#s` gives
///   `http://a/b/../c#s` (the JSON-LD cases in oxiri's suite remove the dot
///   segments).
/// - *A path that would start with `//` without an authority gets a `/.`
///   prefix.* The literal algorithm turns `m:/` + `.//p` into `m://p`, where
///   `p` would read back as a host. peguri returns `m:/.//p` instead: the
///   same path once dot segments are removed, and a string that parses
///   back to the components the algorithm computed (uriparser, fluent-uri
///   and iri-string do the same). Literal network-uri returns `m://p`.
/// - *A rootless base path merges like any other* (`foo:a/b` + `c` gives
///   `foo:a/c`), as section 5.2.3 says; fluent-uri rejects relative
///   references against such "opaque" bases.
/// - *Non-strict mode compares schemes case-insensitively*, since schemes
///   are case-insensitive (section 3.1); the result keeps the base's
///   spelling.
///
/// The result always parses again as a URI whose components equal the ones
/// the algorithm computed (property tests and a fuzz target check it).
///
/// ```
/// use peguri::{Resolver, Uri, UriRef};
///
/// const LENIENT: Resolver = Resolver::new().non_strict(true);
///
/// let base = Uri::parse("http://a/b/c/d;p?q")?;
/// let reference = UriRef::parse("http:g")?;
/// assert_eq!(Resolver::new().resolve(&base, &reference), "http:g");
/// assert_eq!(LENIENT.resolve(&base, &reference), "http://a/b/c/g");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use = "a resolver does nothing until `resolve` is called"]
pub struct Resolver {
    non_strict: bool,
}

impl Resolver {
    /// The strict resolver of RFC 3986 section 5.2.2.
    ///
    /// ```
    /// assert!(!peguri::Resolver::new().is_non_strict());
    /// ```
    pub const fn new() -> Self {
        Resolver { non_strict: false }
    }

    /// Switches the backward-compatible rule of section 5.2.2 on or off
    /// (off by default): a reference whose scheme equals the base's
    /// (compared ignoring ASCII case, section 3.1) is resolved as if it had
    /// no scheme. The RFC says its use "should be avoided".
    ///
    /// ```
    /// use peguri::{Resolver, Uri, UriRef};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let reference = UriRef::parse("HTTP:g?y")?;
    /// let resolved = Resolver::new().non_strict(true).resolve(&base, &reference);
    /// assert_eq!(resolved, "http://a/b/c/g?y");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn non_strict(mut self, on: bool) -> Self {
        self.non_strict = on;
        self
    }

    /// Whether the non-strict rule is on.
    ///
    /// ```
    /// assert!(peguri::Resolver::new().non_strict(true).is_non_strict());
    /// ```
    pub const fn is_non_strict(&self) -> bool {
        self.non_strict
    }

    /// Resolution against a base whose scheme is `base_scheme`, of
    /// references of any grammar: the result's text, layout and grammar
    /// (an IRI's if either is an IRI, with zone identifiers if either
    /// allowed them). It cannot fail. The result is what the algorithm
    /// computes, its layout known by construction; it is not parsed again,
    /// so a grammar edited so that it reads the result otherwise changes
    /// nothing here.
    pub(crate) fn resolve_with_scheme<'a>(
        &self,
        base: &Parsed<'a>,
        base_scheme: &'a str,
        reference: &Parsed<'a>,
    ) -> (String, Layout, Grammar) {
        let grammar = base.grammar.union(reference.grammar);
        let keeps_scheme = self.reference_scheme(base_scheme, reference).is_some();
        if keeps_scheme && first_dot_segment(reference.path().as_bytes()).is_none() {
            return (reference.as_str().to_owned(), reference.layout, grammar);
        }
        let (text, layout) = self.transform(base, base_scheme, reference).write();
        (text, layout, grammar)
    }

    /// The reference's scheme as 5.2.2 uses it: `None` when it has none, or
    /// when the non-strict rule drops it for being the base's.
    fn reference_scheme<'a>(&self, base_scheme: &str, r: &Parsed<'a>) -> Option<&'a str> {
        r.scheme()
            .filter(|s| !(self.non_strict && s.eq_ignore_ascii_case(base_scheme)))
    }

    /// Section 5.2.2, laid out as the RFC's pseudo-code so the two can be
    /// read side by side. The target path is kept as the pieces it is made
    /// of; [`Components::recompose`] writes it and removes its dot segments
    /// in the result's own buffer.
    #[inline(always)]
    fn transform<'a>(
        &self,
        base: &Parsed<'a>,
        base_scheme: &'a str,
        r: &Parsed<'a>,
    ) -> Components<'a> {
        let r_scheme = self.reference_scheme(base_scheme, r);
        let (scheme, authority, path, query);
        if let Some(s) = r_scheme {
            scheme = s;
            authority = r.authority();
            path = TargetPath::without_dots(r.path());
            query = r.query();
        } else {
            if let Some(a) = r.authority() {
                authority = Some(a);
                path = TargetPath::without_dots(r.path());
                query = r.query();
            } else {
                if r.path().is_empty() {
                    path = TargetPath::verbatim(base.path());
                    query = r.query().or(base.query());
                } else {
                    if r.path().starts_with('/') {
                        path = TargetPath::without_dots(r.path());
                    } else {
                        path = TargetPath::merge(base, r.path());
                    }
                    query = r.query();
                }
                authority = base.authority();
            }
            scheme = base_scheme;
        }
        Components {
            scheme,
            authority,
            path,
            query,
            fragment: r.fragment(),
        }
    }
}

/// Removes the dot segments (`.` and `..`) of a path: the
/// `remove_dot_segments` routine of RFC 3986 section 5.2.4, step by step.
///
/// It works on the path text: `/` never occurs inside a segment, and the
/// RFC states the routine as string operations. Only the literal segments
/// `.` and `..` are dot segments; `%2E` is not decoded. A `..` with nothing
/// left to remove is dropped (`/../g` gives `/g`).
///
/// ```
/// use peguri::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/../g"), "/g");
/// assert_eq!(remove_dot_segments("/a/%2E%2E/g"), "/a/%2E%2E/g");
/// ```
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    push_without_dot_segments(&mut out, path, "");
    out
}

/// Appends `remove_dot_segments(head + tail)` to `out`, reading the two
/// pieces where they are (a merged path, section 5.2.3, is the base's
/// directory and the reference's path) and writing only the output: runs
/// of ordinary segments, which rule E moves unchanged one by one, are
/// appended in one go, and rule C's removal truncates `out`. `head` is
/// empty or ends with `/` unless `tail` is empty, so no segment but a dot
/// segment right after that `/` spans the two.
fn push_without_dot_segments(out: &mut String, head: &str, tail: &str) {
    let start = out.len();
    let input = Pieces { head, tail };
    let end = head.len() + tail.len();
    // The RFC's input buffer is `input[at..]`.
    let mut at = 0;
    while let Some(dot) = input.first_dot_segment(at) {
        input.push_range(out, at, dot);
        at = dot;
        // The input starts with a dot segment: one of rules A to D applies.
        let byte = |i: usize| input.byte(at + i);
        if byte(0) == Some(b'.') {
            // A: a leading "../" or "./" goes. D: a lone "." or ".." goes.
            at = (at + if byte(1) == Some(b'.') { 3 } else { 2 }).min(end);
        } else {
            // B: "/./" or a final "/." becomes "/". C: "/../" or a final
            // "/.." becomes "/", and the last output segment goes.
            let dots = if byte(2) == Some(b'.') { 2 } else { 1 };
            if dots == 2 {
                let cut = out[start..].rfind('/').map_or(start, |i| start + i);
                out.truncate(cut);
            }
            if at + 1 + dots == end {
                // The final "/" then moves to the output (rule E).
                out.push('/');
                return;
            }
            at += 1 + dots;
        }
    }
    input.push_range(out, at, end);
}

/// A path given as two pieces, read as one.
struct Pieces<'a> {
    head: &'a str,
    tail: &'a str,
}

impl Pieces<'_> {
    fn byte(&self, i: usize) -> Option<u8> {
        let head = self.head.as_bytes();
        head.get(i)
            .or_else(|| self.tail.as_bytes().get(i.checked_sub(head.len())?))
            .copied()
    }

    /// Appends bytes `from..to` (at segment boundaries, so at ASCII bytes).
    fn push_range(&self, out: &mut String, from: usize, to: usize) {
        let split = self.head.len();
        if from < split {
            out.push_str(&self.head[from..to.min(split)]);
        }
        if to > split {
            out.push_str(&self.tail[from.max(split) - split..to - split]);
        }
    }

    /// [`first_dot_segment`] of the input starting at `from`, as an offset
    /// into the whole.
    fn first_dot_segment(&self, from: usize) -> Option<usize> {
        let split = self.head.len();
        if from < split {
            if let Some(i) = first_dot_segment(&self.head.as_bytes()[from..]) {
                return Some(from + i);
            }
            // A dot segment at the start of `tail` follows the `/` that
            // ends `head`.
            return match first_dot_segment(self.tail.as_bytes()) {
                Some(0) if self.tail.starts_with('.') => Some(split - 1),
                found => found.map(|i| split + i),
            };
        }
        first_dot_segment(&self.tail.as_bytes()[from - split..]).map(|i| from + i)
    }
}

/// Whether the path has a dot segment (`.` or `..`), which
/// [`remove_dot_segments`] would remove.
pub(crate) fn has_dot_segment(path: &str) -> bool {
    first_dot_segment(path.as_bytes()).is_some()
}

/// Where the first dot segment (`.` or `..`) of `path` starts: the offset
/// of its first `.`.
pub(crate) fn dot_segment_start(path: &str) -> Option<usize> {
    let at = first_dot_segment(path.as_bytes())?;
    Some(if path.as_bytes()[at] == b'/' {
        at + 1
    } else {
        at
    })
}

/// Where the first dot segment (`.` or `..`) of a path starts, as the RFC's
/// rules see it: the `/` before it, or 0 when the path starts with it.
fn first_dot_segment(path: &[u8]) -> Option<usize> {
    if path.first() != Some(&b'.') && !has_slash_dot(path) {
        return None;
    }
    memchr::memchr_iter(b'.', path).find_map(|dot| {
        let at_segment_start = dot == 0 || path[dot - 1] == b'/';
        let whole_segment = matches!(
            &path[dot + 1..],
            [] | [b'/', ..] | [b'.'] | [b'.', b'/', ..]
        );
        (at_segment_start && whole_segment).then_some(dot.saturating_sub(1))
    })
}

/// Whether `path` has a `/` followed by a `.`, which every dot segment but a
/// leading one starts with. Most paths have none, so this is the common
/// answer; it looks at eight bytes at a time (a byte loop was a seventh of
/// the time to resolve an absolute reference).
fn has_slash_dot(path: &[u8]) -> bool {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of the result is set where `word` has `byte`.
    let bytes_equal = |word: u64, byte: u8| {
        let t = word ^ (u64::from(byte) * 0x0101_0101_0101_0101);
        !(((t & LOW7) + LOW7) | t) & HIGH
    };
    let mut chunks = path.chunks_exact(8);
    // Whether the byte before the current word was a '/'.
    let mut carry = 0;
    for chunk in chunks.by_ref() {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let slashes = bytes_equal(word, b'/');
        if ((slashes << 8) | carry) & bytes_equal(word, b'.') != 0 {
            return true;
        }
        carry = slashes >> 56;
    }
    let rest = chunks.remainder();
    let last_was_slash = carry != 0;
    (last_was_slash && rest.first() == Some(&b'.')) || rest.windows(2).any(|w| w == b"/.")
}

/// The path of a result as the pieces section 5.2.2 makes it from: a
/// merge (5.2.3) is the base path up to its last `/` followed by the
/// reference path. Written out by [`Components::recompose`].
#[derive(Clone, Copy)]
struct TargetPath<'a> {
    head: &'a str,
    tail: &'a str,
    remove_dots: bool,
}

impl<'a> TargetPath<'a> {
    /// A path copied as it is (the base path, for an empty reference path).
    fn verbatim(path: &'a str) -> Self {
        TargetPath {
            head: path,
            tail: "",
            remove_dots: false,
        }
    }

    /// `remove_dot_segments(path)`.
    fn without_dots(path: &'a str) -> Self {
        TargetPath {
            remove_dots: true,
            ..Self::verbatim(path)
        }
    }

    /// `remove_dot_segments(merge(Base.path, r_path))`. Section 5.2.3: the
    /// reference path appended to the base path without its last segment;
    /// `/` and the reference path when the base has an authority and an
    /// empty path.
    fn merge(base: &Parsed<'a>, r_path: &'a str) -> Self {
        let base_path = base.path();
        let head = if base.authority().is_some() && base_path.is_empty() {
            "/"
        } else {
            base_path.rfind('/').map_or("", |i| &base_path[..=i])
        };
        TargetPath {
            head,
            tail: r_path,
            remove_dots: true,
        }
    }

    /// An upper bound of the written length (the `/.` prefix included).
    fn max_len(&self) -> usize {
        self.head.len() + self.tail.len() + 2
    }

    /// Appends the path to `text`: the pieces, dot segments removed, and the
    /// prefix `/.` when there is no authority and the path starts with `//`,
    /// so that it cannot be read back as an authority (see [`Resolver`]).
    fn write_to(&self, text: &mut String, has_authority: bool) {
        let start = text.len();
        if self.remove_dots {
            push_without_dot_segments(text, self.head, self.tail);
        } else {
            text.push_str(self.head);
        }
        if !has_authority && text[start..].starts_with("//") {
            text.insert_str(start, "/.");
        }
    }
}

/// The components of a result (section 5.2.2's `T`).
struct Components<'a> {
    scheme: &'a str,
    authority: Option<Authority<'a>>,
    path: TargetPath<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl Components<'_> {
    /// Section 5.3: the components joined with their delimiters, written
    /// into one buffer, with the layout of the result. The layout is known
    /// by construction (each component lands right after the previous one
    /// and its delimiter; the authority's own layout moves over whole), so
    /// nothing is parsed again.
    #[inline(always)]
    fn write(&self) -> (String, Layout) {
        let capacity = self.scheme.len()
            + 1
            + self.authority.map_or(0, |a| a.as_str().len() + 2)
            + self.path.max_len()
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1);
        let mut text = String::with_capacity(capacity);
        text.push_str(self.scheme);
        let scheme = Span::new(0, text.len());
        text.push(':');
        let authority = self.authority.map(|a| {
            text.push_str("//");
            let moved = a.layout().moved_to(text.len());
            text.push_str(a.as_str());
            moved
        });
        let path_start = text.len();
        self.path.write_to(&mut text, authority.is_some());
        let path = Span::new(path_start, text.len());
        let mut after = |delimiter: char, part: Option<&str>| {
            part.map(|p| {
                text.push(delimiter);
                let start = text.len();
                text.push_str(p);
                Span::new(start, text.len())
            })
        };
        let query = after('?', self.query);
        let fragment = after('#', self.fragment);
        let layout = Layout {
            scheme: Some(scheme),
            authority,
            path,
            query,
            fragment,
        };
        (text, layout)
    }
}

/// Why no relative reference reaches a target
/// ([`make_relative`](crate::Reference::make_relative)).
///
/// It knows what went wrong ([`kind`](Self::kind)), the text it is about
/// and where; `Display` shows a message and the text with a caret:
///
/// ```
/// use peguri::Uri;
///
/// let base = Uri::parse("http://h/s")?;
/// let err = base.make_relative(&Uri::parse("http://h/a/./b")?).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "no reference resolves to this target: its path has a dot segment ('.' or '..'), which \
///      resolution removes from every path but the base's own (RFC 3986 section 5.2)\n  \
///      http://h/a/./b\n             ^"
/// );
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    kind: ResolveErrorKind,
    input: String,
    offset: usize,
}

/// What a [`ResolveError`] is about.
///
/// ```
/// use peguri::Uri;
/// use peguri::error::ResolveErrorKind;
///
/// let base = Uri::parse("http://h/s")?;
/// let err = base.make_relative(&Uri::parse("http://h/a/../b")?).unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// No reference resolves to the target given to
    /// [`make_relative`](crate::Reference::make_relative): its path has a dot segment,
    /// which resolution removes from every path but the base's own (section
    /// 5.2.2 and 5.2.4).
    UnreachableTarget,
}

impl ResolveErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::ResolveErrorKind::UnreachableTarget.as_str(), "unreachable_target");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ResolveErrorKind::UnreachableTarget => "unreachable_target",
        }
    }
}

/// The kind's name, as [`as_str`](ResolveErrorKind::as_str) gives it.
#[cfg(feature = "serde")]
impl serde::Serialize for ResolveErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl ResolveError {
    pub(crate) fn new(kind: ResolveErrorKind, input: &str, offset: usize) -> Self {
        ResolveError {
            kind,
            input: input.to_owned(),
            offset,
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use peguri::Uri;
    /// use peguri::error::ResolveErrorKind;
    ///
    /// let base = Uri::parse("http://h/s")?;
    /// let err = base.make_relative(&Uri::parse("http://h/a/../b")?).unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// The text the error is about: the target.
    ///
    /// ```
    /// use peguri::Uri;
    ///
    /// let base = Uri::parse("http://h/s")?;
    /// let err = base.make_relative(&Uri::parse("http://h/a/../b")?).unwrap_err();
    /// assert_eq!(err.input(), "http://h/a/../b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The byte offset in [`input`](Self::input) the error points at: the
    /// start of the first dot segment for
    /// [`ResolveErrorKind::UnreachableTarget`].
    ///
    /// ```
    /// use peguri::Uri;
    ///
    /// let base = Uri::parse("http://h/s")?;
    /// let err = base.make_relative(&Uri::parse("http://h/a/../b")?).unwrap_err();
    /// assert_eq!(err.offset(), 11);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// A one-line description of the problem.
    ///
    /// ```
    /// use peguri::Uri;
    ///
    /// let base = Uri::parse("http://h/s")?;
    /// let err = base.make_relative(&Uri::parse("http://h/./b")?).unwrap_err();
    /// assert!(err.message().starts_with("no reference resolves to this target"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn message(&self) -> &'static str {
        match self.kind {
            ResolveErrorKind::UnreachableTarget => {
                "no reference resolves to this target: its path has a dot segment ('.' or '..'), \
                 which resolution removes from every path but the base's own (RFC 3986 section 5.2)"
            }
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let offset = self.offset.min(self.input.len());
        let offset = (0..=offset)
            .rev()
            .find(|&i| self.input.is_char_boundary(i))
            .unwrap_or(0);
        let excerpt = crate::syntax::excerpt::Excerpt::new(&self.input, offset);
        write!(f, "{}\n{excerpt}", self.message())
    }
}

impl core::error::Error for ResolveError {}

/// `{"offset", "column", "expected", "message"}`, the fields of a
/// [`ParseError`](crate::ParseError)'s object (`expected` is empty).
///
/// ```
/// use peguri::Uri;
///
/// let err = Uri::parse("http://h/")?.make_relative(&Uri::parse("http://h/a/../b")?).unwrap_err();
/// let json = serde_json::to_string(&err).unwrap();
/// assert!(json.starts_with(r#"{"offset":11,"column":12,"expected":[],"message":"no reference resolves"#));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for ResolveError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let before = self.input.get(..self.offset).unwrap_or(&self.input);
        let mut s = serializer.serialize_struct("ResolveError", 4)?;
        s.serialize_field("offset", &self.offset)?;
        s.serialize_field("column", &(before.chars().count() + 1))?;
        s.serialize_field("expected", &[] as &[&str])?;
        s.serialize_field("message", self.message())?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::reparse;
    use alloc::{format, vec};

    /// Section 5.2.4 as the RFC writes it, string operation by string
    /// operation: the oracle for the byte-dispatching version.
    fn remove_dot_segments_literal(path: &str) -> String {
        let mut input = path.to_owned();
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input.replace_range(..3, "");
            } else if input.starts_with("./") {
                input.replace_range(..2, "");
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = "/".to_owned();
            } else if input.starts_with("/../") || input == "/.." {
                let prefix = if input == "/.." { 3 } else { 4 };
                input.replace_range(..prefix, "/");
                let cut = output.rfind('/').unwrap_or(0);
                output.truncate(cut);
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let start = usize::from(input.starts_with('/'));
                let end = input[start..].find('/').map_or(input.len(), |i| start + i);
                output.push_str(&input[..end]);
                input.replace_range(..end, "");
            }
        }
        output
    }

    /// The word-at-a-time scan, against the plain one, over every length
    /// and position around the word boundaries.
    #[test]
    fn slash_dot_scan_matches_a_byte_loop() {
        for len in 0..=26 {
            for at in 0..len {
                for (a, b) in [(b'/', b'.'), (b'.', b'/'), (b'/', b'/'), (b'.', b'.')] {
                    let mut path = vec![b'a'; len];
                    path[at] = a;
                    if at + 1 < len {
                        path[at + 1] = b;
                    }
                    let expected = path.windows(2).any(|w| w == b"/.");
                    assert_eq!(
                        has_slash_dot(&path),
                        expected,
                        "{:?}",
                        String::from_utf8_lossy(&path)
                    );
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 2000,
            // The one folder of seeds, named after this file.
            failure_persistence: Some(alloc::boxed::Box::new(
                proptest::test_runner::FileFailurePersistence::Direct(
                    "tests/proptest-regressions/src/ops/resolve.txt",
                ),
            )),
            ..proptest::prelude::ProptestConfig::default()
        })]
        #[test]
        fn remove_dot_segments_matches_the_rfc_text(path in "[a./]{0,16}") {
            proptest::prop_assert_eq!(remove_dot_segments(&path), remove_dot_segments_literal(&path));
        }

        /// Behind a prefix (as in a result buffer), the routine touches
        /// only the path and leaves the prefix alone.
        #[test]
        fn dot_removal_of_two_pieces_keeps_the_prefix(
            prefix in "[a:/]{0,6}",
            head in "([a.]{0,3}/){0,4}",
            tail in "[a./]{0,16}",
        ) {
            let mut text = prefix.clone();
            push_without_dot_segments(&mut text, &head, &tail);
            let expected = remove_dot_segments_literal(&format!("{head}{tail}"));
            proptest::prop_assert_eq!(text, format!("{prefix}{expected}"));
        }

        /// `first_dot_segment` finds one exactly "the routine changes something".
        #[test]
        fn dot_segment_check_agrees_with_the_routine(path in "[a./]{0,40}") {
            let changes = remove_dot_segments_literal(&path) != path;
            proptest::prop_assert_eq!(first_dot_segment(path.as_bytes()).is_some(), changes);
        }
    }

    /// The literal 5.2 output `m://p` would read `p` as a host: the text
    /// written is `m:/.//p`, which parses back to the components computed.
    #[test]
    fn written_text_reads_back_as_its_components() {
        let target = Components {
            scheme: "m",
            authority: None,
            path: TargetPath::verbatim("//p"),
            query: None,
            fragment: None,
        };
        let (text, layout) = target.write();
        assert_eq!(text, "m:/.//p");
        for grammar in [Grammar::Rfc3986, Grammar::Rfc3987] {
            assert_eq!(reparse(&text, grammar), Ok(layout));
        }
    }
}
