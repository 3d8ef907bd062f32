//! Normalizing and comparing references (RFC 3986 section 6, RFC 3987
//! section 5.3): [`normalize`] and the method of the same name,
//! [`Normalizer`] to choose the steps, [`equivalent`], and [`Normalized`]
//! for map keys. The steps themselves are in `ops::normalize`.

use core::fmt;

use alloc::string::String;

use super::{Family, Kind, MaybeRelative, Reference, Rfc3986, Storage, UriRef};
use crate::ops::normalize::Normalizer;
use crate::syntax::error::ParseError;

impl Normalizer {
    /// Normalizes `reference` with the steps switched on, keeping its type.
    /// See [`normalize`] for what each step does to a URI and the choices
    /// it makes. An IRI (RFC 3987 section 5.3.2) gets each URI step of the
    /// same name, with what RFC 3987 adds or changes:
    ///
    /// - case (5.3.2.1): the ASCII letters of the host are lowercased,
    ///   whatever else it holds; other letters keep their case (RFC 3987
    ///   makes "US-ASCII only" hosts case-insensitive and leaves the rest
    ///   to IDNA). Lowercasing the ASCII letters of every host is what the
    ///   URI the IRI maps to gets, where the other characters are
    ///   triplets, so IRI normalization commutes with the mapping to URIs:
    ///   `normalize(x).to_uri() == normalize(x.to_uri())` (a property
    ///   test shows it), and `http://%C3%BC.COM/` and `http://%c3%bc.com/`
    ///   have the same normal form, `http://ü.com/`;
    /// - percent-encoding (5.3.2.3): the triplets of `iunreserved`
    ///   characters are decoded, so the UTF-8 of a `ucschar` character
    ///   becomes the character, as [`uri_to_iri`](crate::uri_to_iri) does
    ///   (the bidirectional formatting characters, which IRIs must not
    ///   hold, and private-use characters stay encoded);
    /// - path segments and scheme-based steps as for URIs.
    ///
    /// Character normalization (5.3.2.2, Unicode NFC) is the step `nfc`,
    /// with the feature `nfc`.
    ///
    /// ```
    /// use peguri::{IriRef, Normalizer, UriRef};
    ///
    /// const CASE_ONLY: Normalizer = Normalizer::none().case(true);
    /// let uri = UriRef::parse("HTTP://EXAMPLE.com:80/a/./%7e")?;
    /// assert_eq!(CASE_ONLY.normalize(&uri), "http://example.com:80/a/./%7E");
    /// assert_eq!(Normalizer::syntax().normalize(&uri), "http://example.com:80/a/~");
    ///
    /// let iri = IriRef::parse("HTTP://Example.ORG/%7Euser/./caf%C3%A9?%CE%B1")?;
    /// assert_eq!(Normalizer::new().normalize(&iri), "http://example.org/~user/café?α");
    /// // In a host, ASCII letters are lowercased, the others keep their case.
    /// let iri = IriRef::parse("http://BÜcher.Example/")?;
    /// assert_eq!(Normalizer::new().normalize(&iri), "http://bÜcher.example/");
    /// let (a, b) = (IriRef::parse("http://%C3%BC.COM/")?, IriRef::parse("http://%c3%bc.com/")?);
    /// assert_eq!(a.normalize(), "http://ü.com/");
    /// assert_eq!(a.normalize(), b.normalize());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn normalize<S: Storage, F: Family, K: Kind>(
        &self,
        reference: &Reference<S, F, K>,
    ) -> Reference<String, F, K> {
        let (text, layout, grammar) = self.normal_form(reference.view());
        Reference::from_parts(text, layout, grammar)
    }

    /// Whether two references have the same normal form with these steps
    /// (see [`equivalent`] for the default ones). They may be of any
    /// storage and kind, of one family.
    ///
    /// ```
    /// use peguri::{Normalizer, UriBuf, UriRef};
    ///
    /// let a = UriRef::parse("HTTP://h:80")?;
    /// let b = UriBuf::parse("http://h/")?;
    /// assert!(Normalizer::new().equivalent(&a, &b));
    /// assert!(!Normalizer::syntax().equivalent(&a, &b));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn equivalent<A: Storage, B: Storage, F: Family, K: Kind, K2: Kind>(
        &self,
        a: &Reference<A, F, K>,
        b: &Reference<B, F, K2>,
    ) -> bool {
        self.normalize(a) == self.normalize(b)
    }
}

/// The normal form of a reference: syntax-based normalization (RFC 3986
/// section 6.2.2) followed by scheme-based normalization (6.2.3), and for
/// an IRI what RFC 3987 section 5.3.2 adds (see [`Normalizer`]). It is
/// idempotent, keeps the reference's type (a URI's normal form is a URI),
/// and its text always parses again. The same as
/// [`Reference::normalize`]; [`Normalizer`] chooses the steps.
///
/// ```
/// use peguri::{normalize, UriRef};
///
/// let uri = UriRef::parse("HTTP://User@Example.COM:80/a/./b/../%7Ec/%2f?%41#%62")?;
/// assert_eq!(normalize(&uri), "http://User@example.com/a/~c/%2F?A#b");
/// # Ok::<_, peguri::ParseError>(())
/// ```
///
/// # What it does
///
/// - **Case (6.2.2.1).** The scheme and the host are lowercased, IPv6 and
///   IPvFuture literals included. Percent triplets get uppercase hex
///   digits everywhere, in a reg-name too (`%c3` becomes `%C3`, not
///   `%c3`). Userinfo, path, query and fragment keep their case.
/// - **Percent-encoding (6.2.2.2).** Triplets of unreserved characters are
///   decoded in every component (`%7E` to `~`, `%41` to `A`); reserved
///   characters stay encoded (`%2F` is not `/`, `%3A` is not `:`), and so
///   do octets outside ASCII. The host is lowercased after decoding, so
///   `%45XAMPLE` becomes `example`.
/// - **Path segments (6.2.2.3).** Dot-segments are removed after decoding,
///   so `%2E%2E` counts as `..`.
/// - **Empty port (3.2.3).** `http://h:/` becomes `http://h/`.
/// - **Scheme (6.2.3).** A port equal to the scheme's default is dropped
///   (compared as a number, so `:080` is port 80), and for the http family
///   (http, https, ws, wss) an empty path after an authority becomes `/`.
///   An empty query or fragment is never removed: `http://h/?` stays.
///
/// # peguri's choices where implementations disagree
///
/// - **URIs (with a scheme)** get RFC 3986 `remove_dot_segments` (5.2.4)
///   applied literally to the path, whatever its kind, as 6.2.2.3 says.
///   A rootless path can therefore become absolute: `foo:a/../b` is
///   `foo:/b`, exactly the path resolution produces from it. (fluent-uri
///   leaves rootless paths alone; network-uri keeps them rootless.)
/// - **Unmatched `..`** at the root are dropped, as 5.2.4 does:
///   `http://h/../g` is `http://h/g` (Boost.URL keeps them, per
///   erratum 4547).
/// - **A path that would start with `//` without an authority** gets `/.`
///   in front: `s:/.//p` stays `s:/.//p` instead of becoming `s://p`,
///   which would read `p` as a host (iri-string does the same; the
///   literal 5.2.4 output is not a faithful serialization).
/// - **Relative references** get only the steps that keep their meaning,
///   that is, that resolve to an equivalent URI against every base (with
///   or without an authority, with an empty, rootless or absolute path;
///   a property test checks it):
///   - a path starting with `/` (and any path after an authority) gets
///     5.2.4 in full, as resolution applies it to such a reference;
///   - in a relative-path reference, `.` segments go and `..` cancels the
///     segment before it, except the first ordinary segment: against a
///     base whose path has no `/` (`s:`, `mailto:joe`) the merged path is
///     the reference's own, and a `..` that removes its first segment
///     leaves a root, so `s:` + `b/../x` is `s:/x` while `s:` + `x` is
///     `s:x`. So `a/b/../x` is `a/x`, but `b/../x` and `a/..` stay, and a
///     leading `..` stays (`../a/./b` is `../a/b`). A path that ended in
///     a cancelled dot-segment keeps its final `/` (`a/b/..` is `a/`), a
///     path left empty is `./` (the base's directory, never the empty
///     reference, which means the base itself), and `./` is put in front
///     when the first segment would be empty or hold a colon (`./a:b`
///     stays, it is not the URI `a:b`);
///   - case and percent-encoding normalization apply as for URIs, and an
///     encoded dot-segment (`%2E`, `%2e%2E`) counts as a dot-segment here
///     too, since 6.2.2.2 makes `%2E` and `.` the same character. (Strict
///     5.2 resolution compares the text `.` and `..` only, so against it
///     `%2E/..` and `..` differ; peguri follows 6.2.2.2, as iri-string's
///     resolver and Boost.URL do.)
///     (uriparser also removes dot-segments but cancels the first segment
///     too and turns `a/..` into the empty reference; iri-string and
///     fluent-uri leave relative paths alone.)
/// - **IPv6 text** is lowercased but not compressed or otherwise
///   rewritten: `[2001:0DB8::1]` becomes `[2001:0db8::1]`, not
///   `[2001:db8::1]`. RFC 5952's canonical text (which fluent-uri writes)
///   is a separate convention, not part of RFC 3986 6.2.2; it is the
///   opt-in step [`Normalizer::ipv6_canonical`], with which `[::1]` and
///   `[0::1]` are equivalent.
/// - **An empty port** is dropped by syntax-based normalization already
///   (3.2.3's "should"); a non-empty port keeps its digits as written,
///   leading zeros included, unless scheme-based normalization drops it
///   as the default.
/// - **An empty userinfo** (`http://@h/`) is kept: it is not the same
///   text as no userinfo, and no rule says they are equivalent.
///
/// Protocol-based normalization (6.2.4) is out of scope: it needs the
/// network (following redirects, asking a server whether `/data` and
/// `/data/` name the same resource) or one server's configuration, and its
/// answers change over time.
#[must_use]
pub fn normalize<S: Storage, F: Family, K: Kind>(
    reference: &Reference<S, F, K>,
) -> Reference<String, F, K> {
    Normalizer::new().normalize(reference)
}

/// Whether two references are equivalent after syntax-based and
/// scheme-based normalization (RFC 3986 sections 6.2.2 and 6.2.3): whether
/// their [`normalize`]d forms are the same string. They may be of any
/// storage and kind, of one family.
///
/// ```
/// use peguri::{equivalent, Uri, UriBuf, UriRef};
///
/// let a = UriRef::parse("http://example.com")?;
/// let b = UriBuf::parse("HTTP://Example.COM:80/")?;
/// assert!(equivalent(&a, &b));
/// assert!(equivalent(&b, &Uri::parse("http://example.com/")?));
/// let c = UriRef::parse("http://example.com/?")?;
/// assert!(!equivalent(&a, &c));
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[must_use]
pub fn equivalent<A: Storage, B: Storage, F: Family, K: Kind, K2: Kind>(
    a: &Reference<A, F, K>,
    b: &Reference<B, F, K2>,
) -> bool {
    Normalizer::new().equivalent(a, b)
}

/// A reference in normal form ([`normalize`]), a URI reference unless `F`
/// is [`Rfc3987`](super::Rfc3987). Its `Eq`, `Ord` and `Hash` are those of
/// the normal form's text, so two `Normalized` values are equal exactly
/// when the references are [`equivalent`]: use it as a map or set key.
///
/// ```
/// use peguri::Normalized;
/// use std::collections::HashSet;
///
/// let mut seen = HashSet::new();
/// assert!(seen.insert(Normalized::parse("http://example.com")?));
/// assert!(!seen.insert(Normalized::parse("HTTP://EXAMPLE.COM:80/")?));
/// assert!(seen.insert(Normalized::parse("http://example.com/?")?));
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub struct Normalized<F = Rfc3986>(Reference<String, F, MaybeRelative>);

impl<F: Family> Normalized<F> {
    /// The normal form of `reference`, of any storage and kind.
    ///
    /// ```
    /// let uri = peguri::UriBuf::parse("HTTP://h")?;
    /// assert_eq!(peguri::Normalized::new(&uri).as_str(), "http://h/");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn new<S: Storage, K: Kind>(reference: &Reference<S, F, K>) -> Self {
        let (text, layout, grammar) = Normalizer::new().normal_form(reference.view());
        Normalized(Reference::from_parts(text, layout, grammar))
    }

    /// The normal form's text.
    ///
    /// ```
    /// assert_eq!(peguri::Normalized::parse("A:B")?.as_str(), "a:B");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The normal form as an owned reference.
    ///
    /// ```
    /// let n = peguri::Normalized::parse("HTTP://H")?;
    /// assert_eq!(n.into_inner().scheme(), Some("http"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn into_inner(self) -> Reference<String, F, MaybeRelative> {
        self.0
    }
}

impl Normalized<Rfc3986> {
    /// Parses a URI reference and normalizes it (for an IRI reference,
    /// [`new`](Self::new) with an [`IriRef`](crate::IriRef)).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] if `input` is not a reference.
    ///
    /// ```
    /// assert!(peguri::Normalized::parse("a b").is_err());
    /// assert_eq!(peguri::Normalized::parse("%7e")?.as_str(), "~");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        Ok(Normalized::new(&UriRef::parse(input)?))
    }
}

impl<F> Clone for Normalized<F> {
    fn clone(&self) -> Self {
        Normalized(self.0.clone())
    }
}

impl<F> PartialEq for Normalized<F> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<F> Eq for Normalized<F> {}

impl<F> PartialOrd for Normalized<F> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<F> Ord for Normalized<F> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl<F> core::hash::Hash for Normalized<F> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<F: Family> fmt::Debug for Normalized<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Normalized").field(&self.0.as_str()).finish()
    }
}

impl<F> fmt::Display for Normalized<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl<F> AsRef<str> for Normalized<F> {
    fn as_ref(&self) -> &str {
        self.0.as_ref()
    }
}

impl<S: Storage, F: Family, K: Kind> From<&Reference<S, F, K>> for Normalized<F> {
    fn from(reference: &Reference<S, F, K>) -> Self {
        Normalized::new(reference)
    }
}

/// As its text (the normal form); any reference of the family
/// deserializes, and is normalized on the way in, so that a set of
/// `Normalized` read back keeps its equality.
///
/// ```
/// let n: peguri::Normalized = serde_json::from_str(r#""HTTP://H:80""#).unwrap();
/// assert_eq!(n.as_str(), "http://h/");
/// assert_eq!(serde_json::to_string(&n).unwrap(), r#""http://h/""#);
/// ```
#[cfg(feature = "serde")]
impl<F> serde::Serialize for Normalized<F> {
    fn serialize<Se: serde::Serializer>(&self, serializer: Se) -> Result<Se::Ok, Se::Error> {
        serializer.serialize_str(self.0.as_ref())
    }
}

#[cfg(feature = "serde")]
impl<'de, F: Family> serde::Deserialize<'de> for Normalized<F> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let reference = Reference::<String, F, MaybeRelative>::deserialize(deserializer)?;
        Ok(Normalized::new(&reference))
    }
}
