//! What a reference is made of: its components and the facts read from
//! them (the host and port as a network location, the public suffix), the
//! scheme, and the conversions to its borrowed and owned forms.

use core::net::SocketAddr;

#[cfg(feature = "psl")]
use alloc::borrow::Cow;
use alloc::string::String;

#[cfg(feature = "serde")]
use super::report::Components;
use super::{Family, Kind, Lend, MaybeRelative, Reference, Storage, WithScheme};
use crate::syntax::component::Component;
use crate::types::authority::Authority;
use crate::types::path::Segments;
use crate::types::query::QueryPairs;
use crate::types::socket_addr::{
    SocketAddrError, SocketAddrErrorKind, default_port, port_or_default,
};

/// The components (RFC 3986 section 3), as slices of the reference's text:
/// an absent component is `None`, a present but empty one `Some("")`. What
/// they return lives as long as the text: a borrowed reference's as long as
/// its input (`'o`), an owned one's as long as the borrow of the reference
/// (`'i`), which is what [`Lend`] says.
impl<'i, 'o, S: Lend<'i, 'o>, F: Family, K: Kind> Reference<S, F, K> {
    /// The whole reference, exactly as parsed.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("http://h/p?q")?;
    /// assert_eq!(r.as_str(), "http://h/p?q");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    #[doc(alias = "serialization")]
    pub fn as_str(&'i self) -> &'o str {
        self.lend().as_str()
    }

    /// The authority, if the reference has one (it starts with `//` after
    /// any scheme). IP literals and IPv4 addresses are those of URIs in
    /// IRIs too; an IRI's registered name may hold non-ASCII characters.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("http://u@h:8080/p")?;
    /// let authority = r.authority().unwrap();
    /// assert_eq!(authority.userinfo(), Some("u"));
    /// assert_eq!(authority.host_str(), "h");
    /// assert_eq!(authority.port_u16(), Some(8080));
    /// assert!(peguri::Uri::parse("file:/etc")?.authority().is_none());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn authority(&'i self) -> Option<Authority<'o>> {
        self.lend().authority()
    }

    /// The path. Always present, possibly empty.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("http://h")?.path(), "");
    /// assert_eq!(peguri::Uri::parse("urn:a:b")?.path(), "a:b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn path(&'i self) -> &'o str {
        self.lend().path()
    }

    /// The path's segments, still percent-encoded (see [`Segments`]).
    ///
    /// ```
    /// let r = peguri::UriRef::parse("http://h/a/b%20c/")?;
    /// assert_eq!(r.segments().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    #[doc(alias = "path_segments")]
    pub fn segments(&'i self) -> Segments<'o> {
        self.lend().segments()
    }

    /// The query, without its `?`; `None` when there is no `?`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("http://h")?.query(), None);
    /// assert_eq!(peguri::UriRef::parse("http://h?")?.query(), Some(""));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn query(&'i self) -> Option<&'o str> {
        self.lend().query()
    }

    /// The `key=value` pairs of the query, separated by `&`, as
    /// `(key, value)` tuples of percent-decoded text (`""` for a pair
    /// without `=`); none when there is no query. `+` stays `+` unless
    /// [`plus_as_space`](QueryPairs::plus_as_space); see [`QueryPairs`] for
    /// `;` as the separator, and [`raw`](QueryPairs::raw) for the pairs as
    /// written.
    ///
    /// ```
    /// let r = peguri::UriRef::parse("/search?q=caf%C3%A9&page=2&flag")?;
    /// for (key, value) in r.query_pairs() {
    ///     println!("{key} = {value}");
    /// }
    /// let q = r.query_pairs().find(|(k, _)| k == "q").map(|(_, v)| v);
    /// assert_eq!(q.as_deref(), Some("café"));
    /// let raw = r.query_pairs().raw().find(|p| p.key() == "q").unwrap();
    /// assert_eq!(raw.raw_value(), Some("caf%C3%A9"));
    /// assert_eq!(peguri::UriRef::parse("/")?.query_pairs().count(), 0);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn query_pairs(&'i self) -> QueryPairs<'o> {
        QueryPairs::new(self.query().unwrap_or_default())
    }

    /// The fragment, without its `#`; `None` when there is no `#`.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("s:p#")?.fragment(), Some(""));
    /// assert_eq!(peguri::UriRef::parse("s:p")?.fragment(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn fragment(&'i self) -> Option<&'o str> {
        self.lend().fragment()
    }

    /// The text of one component, `None` when it is absent (the path is
    /// always present, possibly empty). The host is the RFC's host text:
    /// an IP literal keeps its brackets.
    ///
    /// ```
    /// use peguri::{Component, UriRef};
    ///
    /// let r = UriRef::parse("http://[::1]:8080/p")?;
    /// assert_eq!(r.component(Component::Host), Some("[::1]"));
    /// assert_eq!(r.component(Component::Authority), Some("[::1]:8080"));
    /// assert_eq!(r.component(Component::Query), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn component(&'i self, component: Component) -> Option<&'o str> {
        let view = self.lend();
        let authority = view.authority();
        match component {
            Component::Scheme => view.scheme(),
            Component::Authority => authority.map(|a| a.as_str()),
            Component::Userinfo => authority.and_then(|a| a.userinfo()),
            Component::Host => authority.map(|a| a.host_str()),
            Component::Port => authority.and_then(|a| a.port()),
            Component::Path => Some(view.path()),
            Component::Query => view.query(),
            Component::Fragment => view.fragment(),
        }
    }

    /// The grammar rule that matched, as the RFCs name it: `URI` or
    /// `relative-ref` (RFC 3986), `IRI` or `irelative-ref` (RFC 3987).
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("a:b")?.rule(), "URI");
    /// assert_eq!(peguri::IriRef::parse("b")?.rule(), "irelative-ref");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn rule(&'i self) -> &'static str {
        self.lend().rule()
    }

    /// Whether the reference has a scheme, that is, whether it is a URI
    /// (an IRI) rather than a relative reference. A URI with a fragment has
    /// one too: RFC 3986's `absolute-URI` also excludes the fragment (see
    /// `parse_absolute`).
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("a:b#f")?.has_scheme());
    /// assert!(!peguri::UriRef::parse("/a:b")?.has_scheme());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn has_scheme(&self) -> bool {
        self.layout.scheme.is_some()
    }

    /// Whether the reference is a relative reference (has no scheme).
    ///
    /// ```
    /// assert!(peguri::UriRef::parse("?q")?.is_relative());
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.layout.scheme.is_none()
    }

    /// The components as the JSON contract's object (feature `serde`; see
    /// [`Components`]).
    ///
    /// ```
    /// let uri = peguri::UriBuf::parse("a:b")?;
    /// assert_eq!(uri.components().reference().scheme(), Some("a"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "serde")]
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    pub fn components(&'i self) -> Components<'o, F> {
        Components::new(Reference::from_view(self.lend()))
    }
}

/// The host and the port as a network location, read from the authority
/// (`None` without one), as the `url` crate's methods of the same names
/// read them; the socket address they name; and the host's public suffix
/// and registrable domain (feature `psl`).
impl<'i, 'o, S: Lend<'i, 'o>, F: Family, K: Kind> Reference<S, F, K> {
    /// The host's text, `None` without an authority (the
    /// [`Component::Host`] component): an IP literal keeps its brackets,
    /// a registered name its case and percent-encoding. For the host as a
    /// typed value (an IP address, a registered name), see
    /// [`Authority::host`].
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("http://Example.com:8080/")?.host_str(), Some("Example.com"));
    /// assert_eq!(UriRef::parse("http://[::1]/")?.host_str(), Some("[::1]"));
    /// assert_eq!(UriRef::parse("file:///etc")?.host_str(), Some(""));
    /// assert_eq!(UriRef::parse("mailto:a@b")?.host_str(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[doc(alias = "domain")]
    #[inline]
    pub fn host_str(&'i self) -> Option<&'o str> {
        self.lend().authority().map(|a| a.host_str())
    }

    /// The port as a number, `None` without an authority, without a port,
    /// with an empty one, or above 65535 (the grammar's `port` is any
    /// digits: the text is [`Authority::port`]). Unlike `url`'s `port`, a
    /// port equal to the scheme's default is given: the text has it.
    ///
    /// ```
    /// use peguri::UriRef;
    ///
    /// assert_eq!(UriRef::parse("http://h:8080/")?.port_u16(), Some(8080));
    /// assert_eq!(UriRef::parse("http://h:80/")?.port_u16(), Some(80));
    /// assert_eq!(UriRef::parse("http://h/")?.port_u16(), None);
    /// assert_eq!(UriRef::parse("http://h:99999/")?.port_u16(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[doc(alias = "port")]
    #[inline]
    pub fn port_u16(&'i self) -> Option<u16> {
        self.lend().authority().and_then(|a| a.port_u16())
    }

    /// The port, or, when it is absent or empty, the default port of the
    /// scheme from [`scheme_info`](crate::scheme::scheme_info). `None`
    /// without an authority, for a port above 65535, or for a scheme the
    /// table does not know.
    ///
    /// ```
    /// let port = |s| peguri::UriRef::try_from(s).unwrap().port_or_known_default();
    /// assert_eq!(port("https://h/"), Some(443));
    /// assert_eq!(port("https://h:8443/"), Some(8443));
    /// assert_eq!(port("https://h:/"), Some(443));
    /// assert_eq!(port("foo://h/"), None);
    /// ```
    pub fn port_or_known_default(&'i self) -> Option<u16> {
        port_or_default(&self.lend())
    }

    /// The socket address the authority names: its IP address and its
    /// port or the scheme's default port (see
    /// [`Authority::socket_addr`]).
    ///
    /// # Errors
    ///
    /// A [`SocketAddrError`] if there is no authority, the host is not an
    /// IP address, or there is no port and the scheme has no default.
    ///
    /// ```
    /// use std::net::SocketAddr;
    /// use peguri::error::SocketAddrErrorKind;
    ///
    /// let addr = |s| peguri::UriRef::try_from(s).unwrap().socket_addr();
    /// assert_eq!(addr("https://192.0.2.1/login"), Ok("192.0.2.1:443".parse::<SocketAddr>().unwrap()));
    /// assert_eq!(addr("postgres://[::1]:6543/db").unwrap().port(), 6543);
    /// assert_eq!(addr("foo://10.0.0.1/").unwrap_err().kind(), SocketAddrErrorKind::NoPort);
    /// ```
    pub fn socket_addr(&'i self) -> Result<SocketAddr, SocketAddrError> {
        let view = self.lend();
        let authority: Authority<'_> = view
            .authority()
            .ok_or(SocketAddrError::from(SocketAddrErrorKind::NoAuthority))?;
        authority.socket_addr(default_port(&view))
    }

    /// The public suffix of the host, by the built-in Public Suffix List
    /// with both its sections ([`Host::public_suffix`](crate::Host::public_suffix);
    /// [`PublicSuffixList`](crate::PublicSuffixList) for the ICANN section
    /// alone or a newer list): lowercase; `None` without an authority, for
    /// an IP address or literal, and for a host with an empty label. An
    /// IRI's non-ASCII labels are matched through their IDNA mapping and
    /// come back as U-labels.
    ///
    /// ```
    /// use peguri::{IriRef, UriRef};
    ///
    /// assert_eq!(UriRef::parse("https://shop.Example.CO.UK/")?.public_suffix().as_deref(), Some("co.uk"));
    /// assert_eq!(IriRef::parse("http://www.食狮.中国/")?.public_suffix().as_deref(), Some("中国"));
    /// assert_eq!(UriRef::parse("http://[::1]/")?.public_suffix(), None);
    /// assert_eq!(UriRef::parse("/no/authority")?.public_suffix(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "psl")]
    #[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
    #[must_use]
    pub fn public_suffix(&'i self) -> Option<Cow<'o, str>> {
        self.authority()?.host().public_suffix()
    }

    /// The registrable domain of the host, by the built-in Public Suffix
    /// List with both its sections ([`Host::registrable_domain`](crate::Host::registrable_domain)):
    /// the public suffix and the label before it, lowercase; `None`
    /// without an authority, for a host that is itself a public suffix,
    /// for an IP address or literal, and for a host with an empty label.
    /// It is the "site" to group URLs by: `www.example.co.uk` and
    /// `shop.example.co.uk` are both `example.co.uk`.
    ///
    /// ```
    /// use peguri::{IriRef, UriRef};
    ///
    /// assert_eq!(UriRef::parse("https://shop.example.co.uk/a")?.registrable_domain().as_deref(), Some("example.co.uk"));
    /// assert_eq!(UriRef::parse("https://www.b%C3%BCcher.de/")?.registrable_domain().as_deref(), Some("bücher.de"));
    /// assert_eq!(UriRef::parse("https://www.xn--bcher-kva.de/")?.registrable_domain().as_deref(), Some("xn--bcher-kva.de"));
    /// assert_eq!(UriRef::parse("http://co.uk/")?.registrable_domain(), None);
    /// assert_eq!(UriRef::parse("http://192.0.2.1/")?.registrable_domain(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "psl")]
    #[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
    #[must_use]
    pub fn registrable_domain(&'i self) -> Option<Cow<'o, str>> {
        self.authority()?.host().registrable_domain()
    }
}

/// The scheme of a reference that may be relative: `None` for a relative
/// reference. A type with a scheme has the same method returning `&str`:
/// the two are one accessor whose type follows the reference's kind, so
/// that a [`Uri`](crate::Uri)'s scheme needs no `unwrap`.
impl<'i, 'o, S: Lend<'i, 'o>, F: Family> Reference<S, F, MaybeRelative> {
    /// The scheme, without its `:`; `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(peguri::UriRef::parse("HTTP://h")?.scheme(), Some("HTTP"));
    /// assert_eq!(peguri::UriRef::parse("//h")?.scheme(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&'i self) -> Option<&'o str> {
        self.lend().scheme()
    }
}

/// The scheme of a reference with a scheme, which it always has (see the
/// method of the same name of a reference that may be relative, which
/// returns an `Option`).
impl<'i, 'o, S: Lend<'i, 'o>, F: Family> Reference<S, F, WithScheme> {
    /// The scheme, without its `:`.
    ///
    /// ```
    /// assert_eq!(peguri::Uri::parse("tel:+1-816-555-1212")?.scheme(), "tel");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[inline]
    pub fn scheme(&'i self) -> &'o str {
        // Every value of the type has a scheme.
        self.lend().scheme().unwrap_or_default()
    }
}

/// The other forms of the same reference: borrowed (nothing is copied),
/// owned, or its text. A change of family or kind goes through `From`
/// (a [`Uri`](crate::Uri) is a [`UriRef`](crate::UriRef), a URI an IRI) and
/// `TryFrom` (a [`UriRef`](crate::UriRef) with a scheme is a
/// [`Uri`](crate::Uri)); the component positions are kept.
impl<S: Storage, F: Family, K: Kind> Reference<S, F, K> {
    /// This reference borrowed: the same family and kind, its text not
    /// copied. It is what a function that takes a borrowed reference
    /// (`&Uri<'_>`) is given an owned one with.
    ///
    /// ```
    /// use peguri::{Uri, UriBuf, UriRef};
    ///
    /// fn host_of(uri: &Uri<'_>) -> Option<String> {
    ///     uri.host_str().map(str::to_owned)
    /// }
    ///
    /// let owned = UriBuf::parse("http://example.com/a")?;
    /// assert_eq!(host_of(&owned.borrow()).as_deref(), Some("example.com"));
    /// // A change of kind is a conversion of the borrowed form.
    /// let reference = UriRef::from(owned.borrow());
    /// assert_eq!(reference.scheme(), Some("http"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    #[inline]
    #[must_use]
    pub fn borrow(&self) -> Reference<&str, F, K> {
        Reference::from_view(self.view())
    }

    /// An owned copy; the component positions are reused, nothing is
    /// parsed again.
    ///
    /// ```
    /// let owned: peguri::UriBuf = peguri::Uri::parse("a:b")?.to_owned();
    /// assert_eq!(owned.path(), "b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[allow(clippy::should_implement_trait)]
    #[must_use]
    pub fn to_owned(&self) -> Reference<String, F, K> {
        let view = self.view();
        Reference::from_parts(String::from(view.as_str()), view.layout, view.grammar)
    }
}
