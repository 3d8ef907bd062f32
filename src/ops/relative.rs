//! Making relative references: the inverse of [resolution](crate::ops::resolve).

use crate::ops::resolve::{ResolveError, ResolveErrorKind, Resolver, dot_segment_start};
use crate::syntax::entry::Grammar;
use crate::syntax::layout::{Layout, offset_in};
use crate::syntax::parse::reparse;
use crate::types::parsed::Parsed;
use alloc::{borrow::ToOwned, format, string::String, vec, vec::Vec};

/// The shortest reference that resolves against `base` to `target` (see
/// `make_relative` for the candidates), for references of any grammar
/// with a scheme (of a type that always has one): its text, layout and
/// grammar (an IRI's if either is an IRI).
pub(crate) fn relative_parsed<'a>(
    base: &Parsed<'a>,
    target: &Parsed<'a>,
) -> Result<(String, Layout, Grammar), ResolveError> {
    let grammar = base.grammar.union(target.grammar);
    let base_scheme = base.scheme().unwrap_or_default();
    let target_scheme = target.scheme().unwrap_or_default();
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
        let (text, _, _) = Resolver::new().resolve_with_scheme(base, base_scheme, &reference);
        let resolves_to_target = text == target.as_str();
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
        crate::ops::resolve::remove_dot_segments(dir)
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
