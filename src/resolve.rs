//! Reference resolution (RFC 3986 section 5): turning a URI reference into
//! the URI it stands for, given a base URI.
//!
//! [`resolve`] and [`Resolver`] implement section 5.2 as written: 5.2.1
//! (the base), 5.2.2 (transforming references), 5.2.3 (merging paths),
//! 5.2.4 ([`remove_dot_segments`]) and 5.3 (recomposition). The components
//! of the base and of the reference come from the parser; the algorithm
//! never looks for a delimiter in the text itself.
//!
//! The interpretations of the RFC that peguri chose are listed, with their
//! reasons, in the documentation of [`Resolver`].

use std::borrow::Cow;
use std::fmt;

use crate::layout::{Layout, Span};
use crate::{Authority, UriBuf, UriRef, UriRefBuf};

/// How to resolve references: RFC 3986 section 5.2 with named switches,
/// strict by default. It is a plain value, usable in `const` items.
///
/// # Interpretations
///
/// Where the RFC leaves room, or where peers choose otherwise, peguri does
/// the following. Each point is tested in `tests/resolve.rs`.
///
/// - *A base with a fragment is accepted and its fragment ignored.* Section
///   5.2.1 says a base URI "must be ... stripped of any fragment component
///   prior to its use as a base URI"; peguri does the stripping (fluent-uri
///   rejects such a base instead).
/// - *A relative base is an error* ([`ResolveErrorKind::RelativeBase`]):
///   section 5.2.1 requires a scheme, and without one 5.2.2 has no scheme
///   to give the result.
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
/// the algorithm computed; this is checked on every call (a mismatch would
/// be a bug, reported as [`ResolveErrorKind::Recomposition`] rather than a
/// wrong answer).
///
/// ```
/// use peguri::{Resolver, UriRef};
///
/// const LENIENT: Resolver = Resolver::new().non_strict(true);
///
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let reference = UriRef::parse("http:g")?;
/// assert_eq!(Resolver::new().resolve(&base, &reference).unwrap(), "http:g");
/// assert_eq!(LENIENT.resolve(&base, &reference).unwrap(), "http://a/b/c/g");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
    /// use peguri::{Resolver, UriRef};
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// let reference = UriRef::parse("HTTP:g?y")?;
    /// let resolved = Resolver::new().non_strict(true).resolve(&base, &reference).unwrap();
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

    /// Resolves `reference` against `base` (RFC 3986 section 5.2).
    ///
    /// See [`Resolver`](#interpretations) for the points where
    /// an interpretation was needed.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::RelativeBase`] if `base` has no scheme.
    ///
    /// ```
    /// use peguri::{Resolver, UriRef};
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// let resolved = Resolver::new().resolve(&base, &UriRef::parse("../g?y#s")?).unwrap();
    /// assert_eq!(resolved, "http://a/b/g?y#s");
    /// assert_eq!(resolved.path(), "/b/g");
    ///
    /// let err = Resolver::new().resolve(&UriRef::parse("a/b")?, &UriRef::parse("c")?).unwrap_err();
    /// assert_eq!(err.kind(), peguri::ResolveErrorKind::RelativeBase);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn resolve(
        &self,
        base: &UriRef<'_>,
        reference: &UriRef<'_>,
    ) -> Result<UriBuf, ResolveError> {
        let target = self.transform(base, reference)?;
        target.recompose()
    }

    /// Section 5.2.2, laid out as the RFC's pseudo-code so the two can be
    /// read side by side, then the `/.` prefix for an authority-less path
    /// starting with `//`.
    fn transform<'a>(
        &self,
        base: &UriRef<'a>,
        r: &UriRef<'a>,
    ) -> Result<Components<'a>, ResolveError> {
        let Some(base_scheme) = base.scheme() else {
            return Err(ResolveError::new(
                ResolveErrorKind::RelativeBase,
                base.as_str(),
                0,
            ));
        };
        let r_scheme = match r.scheme() {
            Some(s) if self.non_strict && s.eq_ignore_ascii_case(base_scheme) => None,
            other => other,
        };
        let (scheme, authority, path, query);
        if let Some(s) = r_scheme {
            scheme = s;
            authority = r.authority();
            path = remove_dot_segments_cow(r.path());
            query = r.query();
        } else {
            if let Some(a) = r.authority() {
                authority = Some(a);
                path = remove_dot_segments_cow(r.path());
                query = r.query();
            } else {
                if r.path().is_empty() {
                    path = Cow::Borrowed(base.path());
                    query = r.query().or(base.query());
                } else {
                    if r.path().starts_with('/') {
                        path = remove_dot_segments_cow(r.path());
                    } else {
                        let merged = merge(base, r.path());
                        path = if has_dot_segment(&merged) {
                            Cow::Owned(remove_dot_segments(&merged))
                        } else {
                            Cow::Owned(merged)
                        };
                    }
                    query = r.query();
                }
                authority = base.authority();
            }
            scheme = base_scheme;
        }
        Ok(Components {
            scheme,
            authority,
            path: output_path(authority.is_some(), path),
            query,
            fragment: r.fragment(),
        })
    }
}

/// Resolves `reference` against `base` with the strict rules of RFC 3986
/// section 5.2 (the same as [`Resolver::new`]`.resolve`).
///
/// # Errors
///
/// [`ResolveErrorKind::RelativeBase`] if `base` has no scheme.
///
/// ```
/// use peguri::UriRef;
///
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let resolved = peguri::resolve(&base, &UriRef::parse("g;x?y#s")?).unwrap();
/// assert_eq!(resolved, "http://a/b/c/g;x?y#s");
/// // RFC 3986 section 5.4.2: extra ".." segments are dropped.
/// assert_eq!(peguri::resolve(&base, &UriRef::parse("../../../g")?).unwrap(), "http://a/g");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn resolve(base: &UriRef<'_>, reference: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
    Resolver::new().resolve(base, reference)
}

impl UriRef<'_> {
    /// Resolves this reference against `base`, strictly. The same as
    /// [`resolve`]`(base, self)`.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::RelativeBase`] if `base` has no scheme.
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let base = UriRef::parse("http://example.com/docs/index.html")?;
    /// let link = UriRef::parse("../img/logo.png")?;
    /// assert_eq!(link.resolve_against(&base).unwrap(), "http://example.com/img/logo.png");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn resolve_against(&self, base: &UriRef<'_>) -> Result<UriBuf, ResolveError> {
        resolve(base, self)
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
pub fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while let Some(&first) = input.as_bytes().first() {
        // The rules, in the RFC's order, dispatched on the first bytes (the
        // buffer is ASCII wherever a rule looks, so byte offsets are safe).
        let b = input.as_bytes();
        let dot_at = |i: usize| b.get(i) == Some(&b'.');
        let slash_or_end_at = |i: usize| b.get(i).is_none_or(|&c| c == b'/');
        if first == b'.' && (b.get(1) == Some(&b'/') || (dot_at(1) && b.get(2) == Some(&b'/'))) {
            // A: a leading "../" or "./" goes.
            input = &input[if dot_at(1) { 3 } else { 2 }..];
        } else if first == b'/' && dot_at(1) && slash_or_end_at(2) {
            // B: "/./" or a final "/." becomes "/".
            input = if b.len() == 2 { "/" } else { &input[2..] };
        } else if first == b'/' && dot_at(1) && dot_at(2) && slash_or_end_at(3) {
            // C: "/../" or a final "/.." becomes "/", and the last output
            // segment goes.
            input = if b.len() == 3 { "/" } else { &input[3..] };
            pop_segment(&mut output);
        } else if input == "." || input == ".." {
            // D: a lone "." or ".." goes.
            input = "";
        } else {
            // E: the first segment, with its leading "/" if any, moves over.
            let start = usize::from(first == b'/');
            let end = b[start..]
                .iter()
                .position(|&c| c == b'/')
                .map_or(b.len(), |i| start + i);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Removes the last segment and the `/` before it (if any) from `output`.
fn pop_segment(output: &mut String) {
    let cut = output.rfind('/').unwrap_or(0);
    output.truncate(cut);
}

/// Whether the path has a `.` or `..` segment.
fn has_dot_segment(path: &str) -> bool {
    path.contains('.')
        && path
            .as_bytes()
            .split(|&c| c == b'/')
            .any(|s| s == b"." || s == b"..")
}

/// [`remove_dot_segments`], without allocating when there is nothing to
/// remove (the routine is the identity then).
fn remove_dot_segments_cow(path: &str) -> Cow<'_, str> {
    if has_dot_segment(path) {
        Cow::Owned(remove_dot_segments(path))
    } else {
        Cow::Borrowed(path)
    }
}

/// Section 5.2.3: the reference path appended to the base path without its
/// last segment; `/` + the reference path when the base has an authority
/// and an empty path.
fn merge(base: &UriRef<'_>, r_path: &str) -> String {
    let base_path = base.path();
    if base.authority().is_some() && base_path.is_empty() {
        return format!("/{r_path}");
    }
    let dir = base_path.rfind('/').map_or("", |i| &base_path[..=i]);
    let mut merged = String::with_capacity(dir.len() + r_path.len());
    merged.push_str(dir);
    merged.push_str(r_path);
    merged
}

/// The path as it is written in a result: without an authority, a path
/// starting with `//` gets the prefix `/.` so that it cannot be read back as
/// an authority (see the module documentation).
fn output_path(has_authority: bool, path: Cow<'_, str>) -> Cow<'_, str> {
    if !has_authority && path.starts_with("//") {
        Cow::Owned(format!("/.{path}"))
    } else {
        path
    }
}

/// The components of a result (section 5.2.2's `T`).
struct Components<'a> {
    scheme: &'a str,
    authority: Option<Authority<'a>>,
    path: Cow<'a, str>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl Components<'_> {
    /// Section 5.3: the components joined with their delimiters.
    fn to_text(&self) -> String {
        let len = self.scheme.len()
            + 1
            + self.authority.map_or(0, |a| a.as_str().len() + 2)
            + self.path.len()
            + self.query.map_or(0, |q| q.len() + 1)
            + self.fragment.map_or(0, |f| f.len() + 1);
        let mut text = String::with_capacity(len);
        text.push_str(self.scheme);
        text.push(':');
        if let Some(a) = self.authority {
            text.push_str("//");
            text.push_str(a.as_str());
        }
        text.push_str(&self.path);
        if let Some(q) = self.query {
            text.push('?');
            text.push_str(q);
        }
        if let Some(f) = self.fragment {
            text.push('#');
            text.push_str(f);
        }
        text
    }

    /// Recomposes. The layout of the result is known by construction (each
    /// component lands right after the previous one and its delimiter; the
    /// authority's own layout moves over whole), so nothing is parsed again.
    /// Builds with debug assertions (the test suite, the fuzzers) also parse
    /// the text again and check that the parse finds exactly these
    /// components.
    fn recompose(&self) -> Result<UriBuf, ResolveError> {
        let text = self.to_text();
        let mut at = self.scheme.len();
        let scheme = Span::new(0, at);
        at += 1;
        let authority = self.authority.map(|a| {
            at += 2;
            let moved = a.layout().moved_to(at);
            at = moved.span.end;
            moved
        });
        let path = Span::new(at, at + self.path.len());
        at = path.end;
        let mut after = |part: Option<&str>| {
            part.map(|p| {
                let span = Span::new(at + 1, at + 1 + p.len());
                at = span.end;
                span
            })
        };
        let query = after(self.query);
        let fragment = after(self.fragment);
        let layout = Layout {
            scheme: Some(scheme),
            authority,
            path,
            query,
            fragment,
        };
        #[cfg(debug_assertions)]
        self.check_reparse(&text, &layout)?;
        Ok(UriBuf::from_uri_ref_buf(UriRefBuf::from_parts(
            text, layout,
        )))
    }

    /// Parses the recomposed text again and checks that the parse found
    /// exactly these components, where `layout` says they are.
    #[cfg(debug_assertions)]
    fn check_reparse(&self, text: &str, layout: &Layout) -> Result<(), ResolveError> {
        let mismatch = || ResolveError::new(ResolveErrorKind::Recomposition, text, 0);
        let uri = UriBuf::parse(text).map_err(|_| mismatch())?;
        let same = uri.as_uri_ref().layout() == *layout
            && uri.scheme() == self.scheme
            && uri.authority().map(|a| a.as_str()) == self.authority.map(|a| a.as_str())
            && uri.path() == self.path
            && uri.query() == self.query
            && uri.fragment() == self.fragment;
        if same {
            Ok(())
        } else {
            Err(mismatch())
        }
    }
}

/// Why a reference could not be resolved, or a relative reference not made.
///
/// It knows what went wrong ([`kind`](Self::kind)), the text it is about
/// and where; `Display` shows a message and the text with a caret:
///
/// ```
/// use peguri::UriRef;
///
/// let err = peguri::resolve(&UriRef::parse("a/b")?, &UriRef::parse("c")?).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "cannot resolve against a relative reference: a base URI must start with a scheme \
///      (RFC 3986 section 5.2.1)\n  a/b\n  ^"
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
/// use peguri::{ResolveErrorKind, UriRef};
///
/// let err = peguri::resolve(&UriRef::parse("//h/p")?, &UriRef::parse("q")?).unwrap_err();
/// assert_eq!(err.kind(), ResolveErrorKind::RelativeBase);
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResolveErrorKind {
    /// The base has no scheme: a base must be an absolute URI (section
    /// 5.2.1).
    RelativeBase,
    /// The target given to [`make_relative`](crate::make_relative) has no
    /// scheme.
    RelativeTarget,
    /// No reference resolves to the target given to
    /// [`make_relative`](crate::make_relative): its path has a dot segment,
    /// which resolution removes from every path but the base's own (section
    /// 5.2.2 and 5.2.4).
    UnreachableTarget,
    /// The recomposed result did not parse back to the components the
    /// algorithm computed. This is a bug in peguri if it ever happens.
    Recomposition,
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
    /// use peguri::{ResolveErrorKind, UriRef};
    ///
    /// let base = UriRef::parse("http://h/s")?;
    /// let err = peguri::make_relative(&base, &UriRef::parse("http://h/a/../b")?).unwrap_err();
    /// assert_eq!(err.kind(), ResolveErrorKind::UnreachableTarget);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn kind(&self) -> ResolveErrorKind {
        self.kind
    }

    /// The text the error is about: the base, the target, or (for
    /// [`ResolveErrorKind::Recomposition`]) the recomposed result.
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let err = peguri::resolve(&UriRef::parse("a/b")?, &UriRef::parse("c")?).unwrap_err();
    /// assert_eq!(err.input(), "a/b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The byte offset in [`input`](Self::input) the error points at: `0`
    /// for a missing scheme, the start of the first dot segment for
    /// [`ResolveErrorKind::UnreachableTarget`].
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let base = UriRef::parse("http://h/s")?;
    /// let err = peguri::make_relative(&base, &UriRef::parse("http://h/a/../b")?).unwrap_err();
    /// assert_eq!(err.offset(), 11);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// A one-line description of the problem.
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let base = UriRef::parse("http://h/s")?;
    /// let err = peguri::make_relative(&base, &UriRef::parse("b")?).unwrap_err();
    /// assert_eq!(
    ///     err.message(),
    ///     "cannot make a reference to a relative reference: the target must start with a scheme"
    /// );
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn message(&self) -> &'static str {
        match self.kind {
            ResolveErrorKind::RelativeBase => {
                "cannot resolve against a relative reference: a base URI must start with a scheme \
                 (RFC 3986 section 5.2.1)"
            }
            ResolveErrorKind::RelativeTarget => {
                "cannot make a reference to a relative reference: the target must start with a scheme"
            }
            ResolveErrorKind::UnreachableTarget => {
                "no reference resolves to this target: its path has a dot segment ('.' or '..'), \
                 which resolution removes from every path but the base's own (RFC 3986 section 5.2)"
            }
            ResolveErrorKind::Recomposition => {
                "internal error: the recomposed result does not parse back to the components \
                 computed by RFC 3986 section 5.2 (please report this)"
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
        let (excerpt, caret) = crate::error::excerpt(&self.input, offset);
        write!(
            f,
            "{}\n  {}\n  {:caret$}^",
            self.message(),
            excerpt,
            "",
            caret = caret
        )
    }
}

impl std::error::Error for ResolveError {}

#[cfg(test)]
mod tests {
    use super::*;

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

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        #[test]
        fn remove_dot_segments_matches_the_rfc_text(path in "[a./]{0,16}") {
            proptest::prop_assert_eq!(remove_dot_segments(&path), remove_dot_segments_literal(&path));
        }
    }

    /// The re-parse check catches components whose text means something
    /// else: here the literal 5.2 output `m://p`, without the `/.` prefix.
    #[cfg(debug_assertions)]
    #[test]
    fn recompose_rejects_text_that_reads_back_differently() {
        let literal = Components {
            scheme: "m",
            authority: None,
            path: Cow::Borrowed("//p"),
            query: None,
            fragment: None,
        };
        let err = literal.recompose().unwrap_err();
        assert_eq!(err.kind(), ResolveErrorKind::Recomposition);
        assert_eq!(err.input(), "m://p");

        let fixed = Components {
            path: output_path(false, Cow::Borrowed("//p")),
            ..literal
        };
        assert_eq!(fixed.recompose().unwrap(), "m:/.//p");
    }

    /// A recomposition that does not parse at all is reported too.
    #[cfg(debug_assertions)]
    #[test]
    fn recompose_rejects_text_that_does_not_parse() {
        let a = UriRef::parse("//a").unwrap();
        let bad = Components {
            scheme: "h",
            authority: a.authority(),
            path: Cow::Borrowed("rootless"),
            query: None,
            fragment: None,
        };
        // "h://arootless" parses, but with host "arootless" and an empty path.
        assert_eq!(
            bad.recompose().unwrap_err().kind(),
            ResolveErrorKind::Recomposition
        );
        let bad = Components {
            scheme: "h",
            authority: a.authority(),
            path: Cow::Borrowed(""),
            query: Some("#"),
            fragment: Some("#"),
        };
        assert_eq!(bad.recompose().unwrap_err().input(), "h://a?###");
    }
}
