//! Making relative references: the inverse of [`resolve`](crate::ops::resolve).

use crate::ops::resolve::{ResolveError, ResolveErrorKind, Resolver, dot_segment_start};
use crate::prelude::*;
use crate::syntax::entry::Grammar;
use crate::syntax::layout::{Layout, offset_in};
use crate::syntax::parse::reparse;
use crate::types::family::{
    Iri, IriBuf, IriRef, IriRefBuf, Uri, UriBuf, UriRef, UriRefBuf, for_each_type,
};
use crate::types::parsed::Parsed;

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
/// Both are any URI type, borrowed (`&UriRef`, `&Uri`, `&UriRefBuf`,
/// `&UriBuf`); the methods of the types do the same, for IRIs too.
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
pub fn make_relative<'b, 't>(
    base: impl Into<UriRef<'b>>,
    target: impl Into<UriRef<'t>>,
) -> Result<UriRefBuf, ResolveError> {
    let (base, target) = (base.into(), target.into());
    let (text, layout, grammar) = relative_parsed(&base.view(), &target.view())?;
    Ok(UriRefBuf::from_parts(text, layout, grammar))
}

/// [`make_relative`] for references of any grammar: the reference's text,
/// layout and grammar (an IRI's if either is an IRI), which each type's
/// result is made from.
fn relative_parsed(
    base: &Parsed<'_>,
    target: &Parsed<'_>,
) -> Result<(String, Layout, Grammar), ResolveError> {
    let grammar = base.grammar.union(target.grammar);
    let Some(base_scheme) = base.scheme() else {
        return Err(
            ResolveError::new(ResolveErrorKind::RelativeBase, base.as_str(), 0).making_relative(),
        );
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
    for candidate in candidates {
        let Ok(layout) = reparse(&candidate, grammar) else {
            continue;
        };
        let reference = Parsed::new(&candidate, layout, grammar);
        let resolves_to_target = Resolver::new()
            .resolve_parsed(base, &reference)
            .is_ok_and(|(text, _, _)| text == target.as_str());
        if resolves_to_target {
            return Ok((candidate, layout, grammar));
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

/// `make_relative` for every type, as the base.
macro_rules! make_relative_method {
    ($ty:ident [$($lt:lifetime)?] $out:lifetime, $storage:ident, $kind:ident, $family:ident, $borrowed:ident, $owned:ident, $ref:ident, $refbuf:ident, $($rest:tt)*) => {
        impl<$($lt)?> $ty<$($lt)?> {
            /// The shortest reference that resolves against this base to
            /// `target`: [`make_relative`]`(self, target)`, for IRIs too
            /// (RFC 3987 section 6.5 resolution, with the same candidates
            /// and choices).
            ///
            /// # Errors
            ///
            /// As [`make_relative`].
            ///
            /// ```
            #[doc = concat!("let base = peguri::", stringify!($ty), "::try_from(\"http://example.com/docs/guide/intro.html\")?;")]
            #[doc = concat!("let target = peguri::", stringify!($ref), "::parse(\"http://example.com/docs/api/index.html\")?;")]
            /// assert_eq!(base.make_relative(&target).unwrap(), "../api/index.html");
            #[doc = concat!("let target = peguri::", stringify!($ref), "::parse(\"http://example.com/docs/guide/intro.html#faq\")?;")]
            /// assert_eq!(base.make_relative(&target).unwrap(), "#faq");
            /// # Ok::<_, peguri::ParseError>(())
            /// ```
            pub fn make_relative(&self, target: &$ref<'_>) -> Result<$refbuf, ResolveError> {
                let (text, layout, grammar) = relative_parsed(&self.view(), &target.view())?;
                Ok($refbuf::from_parts(text, layout, grammar))
            }
        }
    };
}
for_each_type!(make_relative_method);

/// The candidate references (all with the target's scheme left out), most
/// relative first. Whether each one works is checked by the caller.
fn relative_candidates(base: &Parsed<'_>, target: &Parsed<'_>) -> Vec<String> {
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
fn relative_path(base: &Parsed<'_>, path: &str) -> Option<String> {
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
