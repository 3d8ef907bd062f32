//! Resolving references (RFC 3986 section 5, RFC 3987 section 6.5) and
//! making them relative: [`resolve`], [`make_relative`] and
//! [`Resolver::resolve`], for references of any storage and kind. The
//! algorithm is in `ops::resolve`, its inverse in `ops::relative`.

use alloc::string::String;

use super::{Family, Kind, MaybeRelative, Reference, Storage, WithScheme};
use crate::ops::relative::relative_parsed;
use crate::ops::resolve::{ResolveError, Resolver};

impl Resolver {
    /// Resolves `reference` against `base` (RFC 3986 section 5.2; RFC 3987
    /// section 6.5 for IRIs, whose characters and percent-encodings stay as
    /// written). Both are any reference of one family, borrowed or owned.
    ///
    /// See [`Resolver`](#interpretations) for the points where an
    /// interpretation was needed.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::RelativeBase`](crate::error::ResolveErrorKind::RelativeBase)
    /// if `base` has no scheme (a [`Uri`](crate::Uri) always has one:
    /// [`Reference::resolve_against`] then cannot fail).
    ///
    /// ```
    /// use peguri::{IriRef, Resolver, UriRef};
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// let resolved = Resolver::new().resolve(&base, &UriRef::parse("../g?y#s")?).unwrap();
    /// assert_eq!(resolved, "http://a/b/g?y#s");
    /// assert_eq!(resolved.path(), "/b/g");
    ///
    /// let err = Resolver::new().resolve(&UriRef::parse("a/b")?, &UriRef::parse("c")?).unwrap_err();
    /// assert_eq!(err.kind(), peguri::error::ResolveErrorKind::RelativeBase);
    ///
    /// let base = IriRef::parse("http://例え.jp/文書/目次.html")?;
    /// let resolved = Resolver::new().resolve(&base, &IriRef::parse("../画像/ロゴ.png")?).unwrap();
    /// assert_eq!(resolved, "http://例え.jp/画像/ロゴ.png");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn resolve<B: Storage, R: Storage, F: Family, K: Kind, K2: Kind>(
        &self,
        base: &Reference<B, F, K>,
        reference: &Reference<R, F, K2>,
    ) -> Result<Reference<String, F, WithScheme>, ResolveError> {
        let (text, layout, grammar) = self.resolve_parsed(&base.view(), &reference.view())?;
        Ok(Reference::from_parts(text, layout, grammar))
    }
}

/// Resolves `reference` against `base` with the strict rules of RFC 3986
/// section 5.2 (the same as [`Resolver::new`]`.resolve`). Both are any
/// reference of one family, borrowed or owned.
///
/// # Errors
///
/// [`ResolveErrorKind::RelativeBase`](crate::error::ResolveErrorKind::RelativeBase)
/// if `base` has no scheme (a [`Uri`](crate::Uri) always has one:
/// [`Reference::resolve_against`] then cannot fail).
///
/// ```
/// use peguri::{UriBuf, UriRef};
///
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let resolved = peguri::resolve(&base, &UriRef::parse("g;x?y#s")?).unwrap();
/// assert_eq!(resolved, "http://a/b/c/g;x?y#s");
/// // RFC 3986 section 5.4.2: extra ".." segments are dropped.
/// assert_eq!(peguri::resolve(&base, &UriRef::parse("../../../g")?).unwrap(), "http://a/g");
/// // An owned base works the same.
/// let base = UriBuf::parse("http://a/b/c/d;p?q")?;
/// assert_eq!(peguri::resolve(&base, &UriRef::parse("?y")?).unwrap(), "http://a/b/c/d;p?y");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn resolve<B: Storage, R: Storage, F: Family, K: Kind, K2: Kind>(
    base: &Reference<B, F, K>,
    reference: &Reference<R, F, K2>,
) -> Result<Reference<String, F, WithScheme>, ResolveError> {
    Resolver::new().resolve(base, reference)
}

/// The shortest reference `R` found for which
/// [`resolve`]`(base, R)` is exactly `target` (string
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
/// - [`ResolveErrorKind::RelativeBase`](crate::error::ResolveErrorKind::RelativeBase) or
///   [`ResolveErrorKind::RelativeTarget`](crate::error::ResolveErrorKind::RelativeTarget) if either has no scheme;
/// - [`ResolveErrorKind::UnreachableTarget`](crate::error::ResolveErrorKind::UnreachableTarget) if no reference resolves to
///   the target: its path has a dot segment, which resolution removes from
///   every path but the base's own (an empty reference, `?y` or `#s` keeps
///   the base path as it is).
///
/// Both are any reference of one family, borrowed or owned;
/// [`Reference::make_relative`] is the same as a method of the base.
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
pub fn make_relative<B: Storage, T: Storage, F: Family, K: Kind, K2: Kind>(
    base: &Reference<B, F, K>,
    target: &Reference<T, F, K2>,
) -> Result<Reference<String, F, MaybeRelative>, ResolveError> {
    let (text, layout, grammar) = relative_parsed(&base.view(), &target.view())?;
    Ok(Reference::from_parts(text, layout, grammar))
}
