//! Making relative references: the inverse of [`resolve`](crate::ops::resolve).

use crate::ops::resolve::{ResolveError, ResolveErrorKind, Resolver, dot_segment_start};
use crate::syntax::entry::Grammar;
use crate::syntax::layout::{Layout, offset_in};
use crate::syntax::parse::reparse;
use crate::{IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf};

/// The shortest reference `R` found for which
/// [`resolve`](crate::resolve())`(base, R)` is exactly `target` (string
/// equality).
///
/// The candidates, from the most to the least relative:
///
/// - an empty reference or a fragment-only one (`#s`), when only the
///   fragment differs; a query-only one (`?y#s`) when the path is the same;
/// - a relative path, climbing out of the base's directory with `../` as
///   far as needed. A first segment containing `:` (which would read as a
///   scheme) or an empty first segment (which would read as `//`) gets a
///   `./` prefix; a target that is the directory itself is `.` (or `..`,
///   `../..` ...);
/// - an absolute path (`/.` + the path when it starts with `//`);
/// - a network-path reference (`//authority/path`), when the target has an
///   authority;
/// - the target itself, when the schemes differ (schemes are compared
///   exactly, since the result must resolve to the very same string).
///
/// Each candidate is resolved against `base` and kept only if it gives
/// `target` back, so the answer is never wrong, and never longer than
/// `target`. Of the candidates of equal length, the more relative wins.
/// The fragment of `base` is ignored, as in resolution.
///
/// # Errors
///
/// - [`ResolveErrorKind::RelativeBase`] or
///   [`ResolveErrorKind::RelativeTarget`] if either has no scheme;
/// - [`ResolveErrorKind::UnreachableTarget`] if no reference resolves to
///   the target: its path has a dot segment, which resolution removes from
///   every path but the base's own (an empty reference, `?y` or `#s` keeps
///   the base path as it is).
///
/// ```
/// use peguri::{make_relative, UriRef};
///
/// let base = UriRef::parse("http://example.com/a/b/c")?;
/// let rel = |t| make_relative(&base, &UriRef::parse(t).unwrap()).unwrap().into_string();
/// assert_eq!(rel("http://example.com/a/b/d"), "d");
/// assert_eq!(rel("http://example.com/a/x/y"), "../x/y");
/// assert_eq!(rel("http://example.com/a/b/"), ".");
/// assert_eq!(rel("http://example.com/a/b/k:v"), "./k:v");
/// assert_eq!(rel("http://example.com/a/b/c?q"), "?q");
/// assert_eq!(rel("http://example.com/a/b/c#top"), "#top");
/// assert_eq!(rel("http://other.example/"), "//other.example/");
/// assert_eq!(rel("https://example.com/"), "https://example.com/");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn make_relative(base: &UriRef<'_>, target: &UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
    let (text, layout) = relative_in(base, target, Grammar::Rfc3986)?;
    Ok(UriRefBuf::from_parts(text, layout))
}

/// [`make_relative`] in `grammar` (RFC 3986 or RFC 3987): the reference's
/// text and layout.
fn relative_in(
    base: &UriRef<'_>,
    target: &UriRef<'_>,
    grammar: Grammar,
) -> Result<(String, Layout), ResolveError> {
    let Some(base_scheme) = base.scheme() else {
        return Err(ResolveError::new(
            ResolveErrorKind::RelativeBase,
            base.as_str(),
            0,
        ));
    };
    let Some(target_scheme) = target.scheme() else {
        return Err(ResolveError::new(
            ResolveErrorKind::RelativeTarget,
            target.as_str(),
            0,
        ));
    };
    let mut candidates = if base_scheme == target_scheme {
        relative_candidates(base, target)
    } else {
        Vec::new()
    };
    // The target itself comes last: it resolves to itself unless its path
    // has dot segments.
    candidates.push(target.as_str().to_owned());
    // Stable: of equal lengths, the earlier (more relative) candidate wins.
    candidates.sort_by_key(String::len);
    let zones = base.layout().has_zone_id() || target.layout().has_zone_id();
    for candidate in candidates {
        let Ok(layout) = reparse(&candidate, grammar, zones) else {
            continue;
        };
        let reference = UriRef::from_parts(&candidate, layout);
        let resolves_to_target = if grammar.is_iri() {
            Resolver::new()
                .resolve_iri(&IriRef::from(*base), &IriRef::from(reference))
                .is_ok_and(|r| r.as_str() == target.as_str())
        } else {
            crate::ops::resolve::resolve(base, &reference)
                .is_ok_and(|r| r.as_str() == target.as_str())
        };
        if resolves_to_target {
            return Ok((candidate, layout));
        }
    }
    // Only a target whose path has a dot segment, and is not the base's
    // path, gets here: every path but the base's own goes through
    // remove_dot_segments.
    let path = target.path();
    Err(ResolveError::new(
        ResolveErrorKind::UnreachableTarget,
        target.as_str(),
        offset_in(target.as_str(), path) + dot_segment_start(path).unwrap_or(0),
    ))
}

impl UriRef<'_> {
    /// The shortest reference that resolves against `base` to this URI; see
    /// [`make_relative`].
    ///
    /// # Errors
    ///
    /// As [`make_relative`].
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let base = UriRef::parse("http://example.com/docs/guide/intro.html")?;
    /// let target = UriRef::parse("http://example.com/docs/api/index.html")?;
    /// assert_eq!(target.relative_to(&base).unwrap(), "../api/index.html");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn relative_to(&self, base: &UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
        make_relative(base, self)
    }

    /// The shortest reference that resolves against this base to
    /// `target`: [`make_relative`]`(self, target)`.
    ///
    /// # Errors
    ///
    /// As [`make_relative`].
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// let base = UriRef::parse("http://example.com/docs/guide/intro.html")?;
    /// let target = UriRef::parse("http://example.com/docs/api/index.html")?;
    /// assert_eq!(base.make_relative(&target).unwrap(), "../api/index.html");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
        make_relative(self, target)
    }
}

impl Uri<'_> {
    /// The shortest reference that resolves against this base to
    /// `target`. See [`make_relative`].
    ///
    /// # Errors
    ///
    /// As [`make_relative`]; this base has a scheme.
    ///
    /// ```
    /// use peguri::{Uri, UriRef};
    ///
    /// let base = Uri::parse("http://h/a/b")?;
    /// assert_eq!(base.make_relative(&UriRef::parse("http://h/a/c?q")?).unwrap(), "c?q");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
        make_relative(self.as_uri_ref(), target)
    }
}

impl UriRefBuf {
    /// The shortest reference that resolves against this base to
    /// `target`. See [`make_relative`].
    ///
    /// # Errors
    ///
    /// As [`make_relative`].
    ///
    /// ```
    /// use peguri::{UriRef, UriRefBuf};
    ///
    /// let base = UriRefBuf::parse("http://h/a/b")?;
    /// assert_eq!(base.make_relative(&UriRef::parse("http://h/x")?).unwrap(), "/x");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
        make_relative(&self.as_uri_ref(), target)
    }
}

impl UriBuf {
    /// The shortest reference that resolves against this base to
    /// `target`. See [`make_relative`].
    ///
    /// # Errors
    ///
    /// As [`make_relative`]; this base has a scheme.
    ///
    /// ```
    /// use peguri::{UriBuf, UriRef};
    ///
    /// let base = UriBuf::parse("http://h/a/b")?;
    /// assert_eq!(base.make_relative(&UriRef::parse("http://h/a/b#f")?).unwrap(), "#f");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &UriRef<'_>) -> Result<UriRefBuf, ResolveError> {
        make_relative(&self.as_uri_ref(), target)
    }
}

impl IriRef<'_> {
    /// The shortest IRI reference that resolves against this base to
    /// `target` (RFC 3987 section 6.5 resolution): [`make_relative`] for
    /// IRIs, with the same candidates and choices.
    ///
    /// # Errors
    ///
    /// As [`make_relative`].
    ///
    /// ```
    /// use peguri::IriRef;
    ///
    /// let base = IriRef::parse("http://例え.jp/文書/目次.html")?;
    /// let target = IriRef::parse("http://例え.jp/文書/索引.html")?;
    /// assert_eq!(base.make_relative(&target).unwrap(), "索引.html");
    /// // An absolute path is shorter than climbing with "..".
    /// let target = IriRef::parse("http://例え.jp/画像/ロゴ.png")?;
    /// assert_eq!(base.make_relative(&target).unwrap(), "/画像/ロゴ.png");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &IriRef<'_>) -> Result<IriRefBuf, ResolveError> {
        let (text, layout) = relative_in(&self.view(), &target.view(), self.grammar())?;
        Ok(IriRefBuf::from_parts(text, layout))
    }
}

impl IriRefBuf {
    /// The shortest IRI reference that resolves against this base to
    /// `target`. See [`IriRef::make_relative`].
    ///
    /// # Errors
    ///
    /// As [`make_relative`].
    ///
    /// ```
    /// use peguri::{IriRef, IriRefBuf};
    ///
    /// let base = IriRefBuf::parse("http://h/ä/b")?;
    /// assert_eq!(base.make_relative(&IriRef::parse("http://h/ä/ö")?).unwrap(), "ö");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn make_relative(&self, target: &IriRef<'_>) -> Result<IriRefBuf, ResolveError> {
        self.as_iri_ref().make_relative(target)
    }
}

/// The candidate references (all with the target's scheme left out), most
/// relative first. Whether each one works is checked by the caller.
fn relative_candidates(base: &UriRef<'_>, target: &UriRef<'_>) -> Vec<String> {
    let mut suffix = String::new();
    if let Some(q) = target.query() {
        suffix.push('?');
        suffix.push_str(q);
    }
    let fragment = target
        .fragment()
        .map(|f| format!("#{f}"))
        .unwrap_or_default();
    suffix.push_str(&fragment);

    let mut out = Vec::new();
    let target_authority = target.authority().map(|a| a.as_str());
    if base.authority().map(|a| a.as_str()) == target_authority {
        let path = target.path();
        if path == base.path() {
            if target.query() == base.query() {
                out.push(fragment.clone());
            }
            if let Some(q) = target.query() {
                out.push(format!("?{q}{fragment}"));
            }
        }
        if let Some(rel) = relative_path(base, path) {
            out.push(format!("{rel}{suffix}"));
        }
        if path.starts_with("//") {
            out.push(format!("/.{path}{suffix}"));
        } else if path.starts_with('/') {
            out.push(format!("{path}{suffix}"));
        }
    }
    if let Some(authority) = target_authority {
        out.push(format!("//{authority}{}{suffix}", target.path()));
    }
    out
}

/// A relative-path reference from the base's directory to `path`, if both
/// are rooted the same way.
fn relative_path(base: &UriRef<'_>, path: &str) -> Option<String> {
    // The directory the reference is merged into (section 5.2.3), with its
    // own dot segments removed.
    let base_path = base.path();
    let dir = if base.authority().is_some() && base_path.is_empty() {
        "/".to_owned()
    } else {
        let dir = base_path.rfind('/').map_or("", |i| &base_path[..=i]);
        crate::remove_dot_segments(dir)
    };
    if path.is_empty() {
        // Only an empty directory merges "." into an empty path.
        return dir.is_empty().then(|| ".".to_owned());
    }
    if dir.starts_with('/') != path.starts_with('/') {
        return None;
    }
    let strip = |p: &str| -> String { p.strip_prefix('/').unwrap_or(p).to_owned() };
    let dir_body = strip(&dir);
    let mut dirs: Vec<&str> = dir_body.split('/').collect();
    dirs.pop();
    let path_body = strip(path);
    let segments: Vec<&str> = path_body.split('/').collect();
    let (last, target_dirs) = segments.split_last()?;
    let common = dirs
        .iter()
        .zip(target_dirs)
        .take_while(|(a, b)| a == b)
        .count();
    let ups = dirs.len() - common;
    let rest = &segments[common..];
    if rest.len() == 1 && last.is_empty() {
        // The target is a directory on the way up: "." or "..", "../..".
        return Some(if ups == 0 {
            ".".to_owned()
        } else {
            vec![".."; ups].join("/")
        });
    }
    let mut reference = "../".repeat(ups);
    if ups == 0 && (rest[0].is_empty() || rest[0].contains(':')) {
        // "/x" would be an absolute path and "a:b" a scheme.
        reference.push_str("./");
    }
    reference.push_str(&rest.join("/"));
    Some(reference)
}
