//! Resolving references (RFC 3986 section 5, RFC 3987 section 6.5) and
//! making them relative: the methods `resolve_against`,
//! `is_same_document` and `make_relative`, and [`Resolver::resolve`] with
//! the non-strict rule. The algorithm is in `ops::resolve`, its inverse in
//! `ops::relative`.

use alloc::string::String;

use super::{Base, Family, Kind, MaybeRelative, Reference, Storage, WithScheme};
use crate::ops::relative::relative_parsed;
use crate::ops::resolve::{ResolveError, Resolver};
use crate::types::parsed::Parsed;

impl Resolver {
    /// Resolves `reference` against `base` (RFC 3986 section 5.2; RFC 3987
    /// section 6.5 for IRIs, whose characters and percent-encodings stay as
    /// written). The base has a scheme, as section 5.2.1 requires (a
    /// [`Uri`](crate::Uri) or an [`Iri`](crate::Iri), borrowed or owned),
    /// so this cannot fail; the reference is any of the same family.
    ///
    /// See [`Resolver`](#interpretations) for the points where an
    /// interpretation was needed.
    ///
    /// ```
    /// use peguri::{Iri, IriRef, Resolver, Uri, UriRef};
    ///
    /// let base = Uri::parse("http://a/b/c/d;p?q")?;
    /// let resolved = Resolver::new().resolve(&base, &UriRef::parse("../g?y#s")?);
    /// assert_eq!(resolved, "http://a/b/g?y#s");
    /// assert_eq!(resolved.path(), "/b/g");
    ///
    /// let base = Iri::parse("http://例え.jp/文書/目次.html")?;
    /// let resolved = Resolver::new().resolve(&base, &IriRef::parse("../画像/ロゴ.png")?);
    /// assert_eq!(resolved, "http://例え.jp/画像/ロゴ.png");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    ///
    /// A base without a scheme is refused when the program is compiled, as
    /// by [`resolve_against`](Reference::resolve_against):
    ///
    /// ```compile_fail
    /// use peguri::{Resolver, UriRef};
    ///
    /// let base = UriRef::parse("/docs/")?;
    /// Resolver::new().resolve(&base, &UriRef::parse("a")?);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn resolve<B: Base<F>, R: Storage, F: Family, K: Kind>(
        &self,
        base: &B,
        reference: &Reference<R, F, K>,
    ) -> Reference<String, F, WithScheme> {
        let base = super::sealed::Base::base(base);
        let base = base.view();
        // Every value of the base's type has a scheme.
        let base_scheme = base.scheme().unwrap_or_default();
        let (text, layout, grammar) =
            self.resolve_with_scheme(&base, base_scheme, &reference.view());
        Reference::from_parts(text, layout, grammar)
    }
}

/// Resolution (RFC 3986 section 5; RFC 3987 section 6.5): a reference
/// against a base, whether it is a same-document reference, and the
/// inverse, the reference from a base to a target. A base has a scheme:
/// these take a [`Uri`](crate::Uri) or an [`Iri`](crate::Iri) (borrowed or
/// owned), and the compiler refuses a relative one.
impl<S: Storage, F: Family, K: Kind> Reference<S, F, K> {
    /// Resolves this reference against `base`, strictly (RFC 3986
    /// section 5.2; RFC 3987 section 6.5 for IRIs, whose characters
    /// and percent-encodings stay as written). The base has a scheme,
    /// as section 5.2.1 requires, so this cannot fail; see
    /// [`Resolver`] for the interpretations and the non-strict rule.
    ///
    /// ```
    /// let base = peguri::UriBuf::parse("http://a/b/c/d;p?q")?;
    /// let r = peguri::UriRef::parse("s:g")?;
    /// assert_eq!(r.resolve_against(&base), "s:g");
    /// let r = peguri::UriRef::parse("http://x/a/./../b?y")?;
    /// assert_eq!(r.resolve_against(&base), "http://x/b?y");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    ///
    /// A reference without a scheme is no base, and the compiler says so:
    ///
    /// ```compile_fail
    /// let base = peguri::UriRef::parse("/docs/")?;
    /// let link = peguri::UriRef::parse("a")?;
    /// link.resolve_against(&base);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[doc(alias = "join")]
    #[must_use]
    pub fn resolve_against<B: Base<F>>(&self, base: &B) -> Reference<String, F, WithScheme> {
        Resolver::new().resolve(base, self)
    }

    /// Whether this is a same-document reference with respect to
    /// `base` (RFC 3986 section 4.4): whether it resolves against
    /// `base` to `base` itself, fragments aside, as an empty
    /// reference and a fragment-only one (`#s`) always do. The
    /// comparison is of the text, as the section has it; normalize
    /// both first for a looser one.
    ///
    /// ```
    /// let base = peguri::UriBuf::parse("http://a/b/c?q#top")?;
    /// let same = |r| peguri::UriRef::parse(r).unwrap().is_same_document(&base);
    /// assert!(same("http://a/b/c?q#s"));
    /// assert!(same("http://a/b/./c?q"));
    /// assert!(!same("http://a/b/c?r#s"));
    /// assert!(!same("HTTP://a/b/c?q"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_same_document<B: Base<F>>(&self, base: &B) -> bool {
        let base = super::sealed::Base::base(base);
        let base = base.view();
        let base_scheme = base.scheme().unwrap_or_default();
        let (text, layout, grammar) =
            Resolver::new().resolve_with_scheme(&base, base_scheme, &self.view());
        Parsed::new(&text, layout, grammar).without_fragment() == base.without_fragment()
    }
}

impl<S: Storage, F: Family> Reference<S, F, WithScheme> {
    /// The shortest reference `R` found for which `R` resolved against this
    /// base is exactly `target` (string equality), for IRIs too (RFC 3987
    /// section 6.5 resolution, with the same candidates and choices).
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
    /// The base and the target have a scheme (a [`Uri`](crate::Uri) or an
    /// [`Iri`](crate::Iri), borrowed or owned), as resolution needs.
    ///
    /// # Errors
    ///
    /// [`ResolveErrorKind::UnreachableTarget`](crate::error::ResolveErrorKind::UnreachableTarget)
    /// if no reference resolves to the target: its path has a dot segment,
    /// which resolution removes from every path but the base's own (an empty
    /// reference, `?y` or `#s` keeps the base path as it is).
    ///
    /// ```
    /// use peguri::{Uri, UriBuf};
    ///
    /// let base = UriBuf::parse("http://example.com/a/b/c")?;
    /// let rel = |t| base.make_relative(&Uri::parse(t).unwrap()).unwrap().into_string();
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
    pub fn make_relative<T: Storage>(
        &self,
        target: &Reference<T, F, WithScheme>,
    ) -> Result<Reference<String, F, MaybeRelative>, ResolveError> {
        let (text, layout, grammar) = relative_parsed(&self.view(), &target.view())?;
        Ok(Reference::from_parts(text, layout, grammar))
    }
}
