//! Normalizing and comparing references (RFC 3986 section 6, RFC 3987
//! section 5.3): the methods `normalize` and `equivalent`, and
//! [`Normalizer::normalize`] with chosen steps. The steps themselves are in
//! `ops::normalize`.

use alloc::string::String;

use super::{Family, Kind, Reference, Storage};
use crate::ops::normalize::Normalizer;

impl Normalizer {
    /// Normalizes `reference` with the steps switched on, keeping its type.
    /// See [`Reference::normalize`] for what each step does to a URI and the
    /// choices it makes; two references are equivalent under these steps
    /// when their normal forms are equal (`==`). An IRI (RFC 3987 section 5.3.2) gets each URI step of the
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
    ///   becomes the character, as [`Reference::to_iri`] does
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
    /// // Equivalence with other steps: compare the normal forms.
    /// let (a, b) = (UriRef::parse("HTTP://h:80")?, UriRef::parse("http://h/")?);
    /// assert_eq!(Normalizer::new().normalize(&a), Normalizer::new().normalize(&b));
    /// assert_ne!(Normalizer::syntax().normalize(&a), Normalizer::syntax().normalize(&b));
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
}

/// Normalization and comparison: the normal form of RFC 3986 section 6.2
/// (RFC 3987 section 5.3 for IRIs), and equivalence as equality of normal
/// forms. `==` on references is simple string comparison (section
/// 6.2.1).
impl<S: Storage, F: Family, K: Kind> Reference<S, F, K> {
    /// This reference's normal form: syntax-based normalization (RFC 3986
    /// section 6.2.2) followed by scheme-based normalization (6.2.3), and for
    /// an IRI what RFC 3987 section 5.3.2 adds (see
    /// [`Normalizer::normalize`]). It is idempotent, keeps the reference's type
    /// (a URI's normal form is a URI), and its text always parses again;
    /// [`Normalizer`] chooses other steps.
    ///
    /// ```
    /// use peguri::{Iri, UriRef};
    ///
    /// let uri = UriRef::parse("HTTP://User@Example.COM:80/a/./b/../%7Ec/%2f?%41#%62")?;
    /// assert_eq!(uri.normalize(), "http://User@example.com/a/~c/%2F?A#b");
    /// let iri = Iri::parse("HTTPS://Example.COM:443/a/./%7E/b/../%C3%A9")?;
    /// assert_eq!(iri.normalize(), "https://example.com/a/~/é");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    ///
    /// # As a key
    ///
    /// A reference compares, orders and hashes by its text, so its normal form
    /// is the key under which equivalent references meet, in a set or a map:
    ///
    /// ```
    /// use peguri::{UriRef, UriRefBuf};
    /// use std::collections::HashSet;
    ///
    /// let mut seen: HashSet<UriRefBuf> = HashSet::new();
    /// assert!(seen.insert(UriRef::parse("http://example.com")?.normalize()));
    /// assert!(!seen.insert(UriRef::parse("HTTP://EXAMPLE.COM:80/")?.normalize()));
    /// assert!(seen.insert(UriRef::parse("http://example.com/?")?.normalize()));
    /// // A map keyed by normal forms is looked up with a `&str`.
    /// assert!(seen.contains("http://example.com/"));
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
    pub fn normalize(&self) -> Reference<String, F, K> {
        Normalizer::new().normalize(self)
    }

    /// Whether this reference and `other` are equivalent after
    /// syntax-based and scheme-based normalization (RFC 3986 sections
    /// 6.2.2 and 6.2.3): whether their [`normalize`](Self::normalize)d
    /// forms are the same string. `other` may be of any storage and kind,
    /// of the same family; for other steps, compare the normal forms of a
    /// [`Normalizer`].
    ///
    /// ```
    /// use peguri::{Uri, UriBuf, UriRef};
    ///
    /// let a = UriRef::parse("http://example.com")?;
    /// let b = UriBuf::parse("HTTP://Example.COM:80/")?;
    /// assert!(a.equivalent(&b));
    /// assert!(b.equivalent(&Uri::parse("http://example.com/")?));
    /// assert!(!a.equivalent(&UriRef::parse("http://example.com/?")?));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[must_use]
    pub fn equivalent<S2: Storage, K2: Kind>(&self, other: &Reference<S2, F, K2>) -> bool {
        self.normalize() == other.normalize()
    }
}
