//! Building a URI reference from its components ([`UriBuilder`]), and a
//! relative reference from a path ([`UriRefBuf::from_path`]). The checks
//! and the assembly are in `ops::build`.

use alloc::borrow::Cow;
use alloc::{
    format,
    string::{String, ToString},
};
use core::net::IpAddr;

use super::{Kind, Reference, Rfc3986, Storage, UriBuf, UriRefBuf};
use crate::ops::build::{
    BuildError, BuildErrorKind, Parts, authority_parts, check, encode_path, ip_host, push_segment,
};
use crate::syntax::component::Component;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::layout::Layout;
use crate::syntax::parse::parse;
use crate::syntax::pct::{self, EncodeSet};
use crate::types::options::ParseOptions;
use crate::types::query::QueryBuilder;

/// Builds a URI reference from its components, checking each one.
///
/// Components are given as raw text (the methods named after the
/// component), which must match the component's rule in `uri.pest`, or as
/// unencoded text (the `_unencoded` methods, [`push_segment`] and
/// [`append_pair`]), which is percent-encoded for the component. The first
/// component that is not valid is reported by [`build`](Self::build);
/// combinations that RFC 3986 forbids are refused there too:
///
/// - a path starting with `//` without an authority (section 3.3),
/// - a colon in the first path segment of a relative reference
///   (section 4.2),
/// - a path that is not empty and does not start with `/` after an
///   authority (section 3.3).
///
/// Giving a component again replaces it; the order of the calls does not
/// matter otherwise. Nothing is normalized: the reference holds exactly the
/// text given (encoded, for unencoded text).
///
/// ```
/// use peguri::UriBuilder;
///
/// let uri = UriBuilder::new()
///     .scheme("https")
///     .userinfo_unencoded("jo doe")
///     .host("example.com")
///     .port(8443)
///     .push_segment("docs")
///     .push_segment("a/b c")
///     .append_pair("q", "x&y")
///     .fragment("top")
///     .build_uri()?;
/// assert_eq!(uri, "https://jo%20doe@example.com:8443/docs/a%2Fb%20c?q=x%26y#top");
/// assert_eq!(uri.authority().unwrap().port_u16(), Some(8443));
///
/// let err = UriBuilder::new().host("exa mple.com").build().unwrap_err();
/// assert_eq!(err.to_string(), "invalid character ' ' in host at byte 3");
/// # Ok::<_, peguri::error::BuildError>(())
/// ```
///
/// [`push_segment`]: Self::push_segment
/// [`append_pair`]: Self::append_pair
#[derive(Clone, Debug)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct UriBuilder<'a> {
    parts: Parts<'a>,
    /// Whether a host (possibly empty) or a whole authority was given, as
    /// opposed to an authority made only to hold a userinfo or port.
    host_given: bool,
    error: Option<BuildError>,
    /// The grammar components are checked against and the result parsed
    /// with: RFC 3986, with zone identifiers if the options allow them.
    grammar: Grammar,
}

impl Default for UriBuilder<'_> {
    fn default() -> Self {
        UriBuilder {
            parts: Parts::default(),
            host_given: false,
            error: None,
            grammar: Grammar::Rfc3986,
        }
    }
}

impl<'a> UriBuilder<'a> {
    /// A builder with no components: it builds the empty reference.
    ///
    /// ```
    /// assert_eq!(peguri::UriBuilder::new().build()?, "");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn new() -> Self {
        UriBuilder::default()
    }

    /// A builder that checks components with the leniencies `options`
    /// allows: with [`ParseOptions::allow_zone_id`](crate::ParseOptions::allow_zone_id),
    /// a host may be an IPv6 literal with an RFC 6874 zone identifier, and
    /// the reference built keeps the option (its setters take zones too).
    ///
    /// ```
    /// use peguri::{Host, ParseOptions, UriBuilder};
    ///
    /// let zones = ParseOptions::new().allow_zone_id(true);
    /// let uri = UriBuilder::with_options(zones).scheme("http").host("[fe80::1%25eth0]").port(8080).build_uri()?;
    /// assert_eq!(uri, "http://[fe80::1%25eth0]:8080");
    /// let Host::Ipv6 { zone, .. } = uri.authority().unwrap().host() else { unreachable!() };
    /// assert_eq!(zone.unwrap().as_str(), "eth0");
    /// assert!(UriBuilder::new().host("[fe80::1%25eth0]").build().is_err());
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn with_options(options: ParseOptions) -> Self {
        UriBuilder {
            grammar: Grammar::Rfc3986.with_zones(options.zone_id_allowed()),
            ..UriBuilder::default()
        }
    }

    /// Keeps the first error; later components are still recorded.
    fn checked(mut self, result: Result<(), BuildError>) -> Self {
        if let Err(e) = result {
            self.error.get_or_insert(e);
        }
        self
    }

    /// The scheme, raw (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
    ///
    /// ```
    /// let err = peguri::UriBuilder::new().scheme("1http").build().unwrap_err();
    /// assert_eq!(err.to_string(), "invalid character '1' in scheme at byte 0");
    /// ```
    pub fn scheme(mut self, scheme: &'a str) -> Self {
        self.parts.scheme = Some(Cow::Borrowed(scheme));
        let checked = check(scheme, Component::Scheme, self.grammar);
        self.checked(checked)
    }

    /// The whole authority, raw (`[ userinfo "@" ] host [ ":" port ]`);
    /// it replaces any userinfo, host and port given before.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().scheme("ftp").authority("me@[::1]:21").build()?;
    /// assert_eq!(uri.authority().unwrap().port(), Some("21"));
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn authority(mut self, authority: &'a str) -> Self {
        match authority_parts(authority, self.grammar) {
            Ok(parts) => {
                self.parts.authority = Some(parts);
                self.host_given = true;
                self
            }
            Err(e) => self.checked(Err(e)),
        }
    }

    /// The user information, raw: `%` must start a triplet, and `@`, `/`,
    /// `?`, `#`, `[`, `]` and spaces are refused.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().userinfo("user:pw").host("h").build()?;
    /// assert_eq!(uri, "//user:pw@h");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn userinfo(mut self, userinfo: &'a str) -> Self {
        self.parts.authority_mut().userinfo = Some(Cow::Borrowed(userinfo));
        let checked = check(userinfo, Component::Userinfo, self.grammar);
        self.checked(checked)
    }

    /// The user information, unencoded: everything the `userinfo` rule
    /// does not allow is percent-encoded (a `:` stays, as the separator of
    /// the deprecated password).
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().userinfo_unencoded("a@b").host("h").build()?;
    /// assert_eq!(uri, "//a%40b@h");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn userinfo_unencoded(mut self, userinfo: &'a str) -> Self {
        self.parts.authority_mut().userinfo = Some(pct::encode(userinfo, EncodeSet::Userinfo));
        self
    }

    /// The host, raw: an IP literal in brackets (`[::1]`, `[v1.x]`), an
    /// IPv4 address, or a registered name. The grammar decides which, so
    /// `1.2.3.4` is an IPv4 address even when meant as a name (section
    /// 3.2.2).
    ///
    /// ```
    /// use peguri::{Host, UriBuilder};
    /// let uri = UriBuilder::new().host("[2001:db8::7]").build()?;
    /// assert!(matches!(uri.authority().unwrap().host(), Host::Ipv6 { .. }));
    /// let err = UriBuilder::new().host("[::1").build().unwrap_err();
    /// assert_eq!(err.to_string(), "incomplete host: it ends at byte 4");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn host(mut self, host: &'a str) -> Self {
        self.host_given = true;
        self.parts.authority_mut().host = Cow::Borrowed(host);
        let checked = check(host, Component::Host, self.grammar);
        self.checked(checked)
    }

    /// The host as a registered name, unencoded: everything `reg-name`
    /// does not allow is percent-encoded, non-ASCII characters as UTF-8
    /// (section 3.2.2; no IDNA).
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().host_unencoded("bücher.example").build()?;
    /// assert_eq!(uri, "//b%C3%BCcher.example");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn host_unencoded(mut self, host: &'a str) -> Self {
        self.host_given = true;
        self.parts.authority_mut().host = pct::encode(host, EncodeSet::RegName);
        self
    }

    /// The host as an IP address: IPv4 in dotted-decimal form, IPv6 in
    /// brackets, in the text form of RFC 5952.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// let uri = peguri::UriBuilder::new().scheme("http").host_ip(Ipv6Addr::LOCALHOST).port(80).build()?;
    /// assert_eq!(uri, "http://[::1]:80");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn host_ip(mut self, ip: impl Into<IpAddr>) -> Self {
        self.host_given = true;
        self.parts.authority_mut().host = Cow::Owned(ip_host(ip.into()));
        self
    }

    /// The port as a number.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().host("h").port(8080).build()?;
    /// assert_eq!(uri, "//h:8080");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn port(mut self, port: u16) -> Self {
        self.parts.authority_mut().port = Some(Cow::Owned(port.to_string()));
        self
    }

    /// The port, raw: digits only, possibly none and possibly above 65535,
    /// as the grammar's `port = *DIGIT` allows.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().host("h").port_str("").build()?;
    /// assert_eq!(uri, "//h:");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn port_str(mut self, port: &'a str) -> Self {
        self.parts.authority_mut().port = Some(Cow::Borrowed(port));
        let checked = check(port, Component::Port, self.grammar);
        self.checked(checked)
    }

    /// The path, raw: segments separated by `/`, each valid for `segment`.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().scheme("urn").path("isbn:0-486-27557-4").build()?;
    /// assert_eq!(uri, "urn:isbn:0-486-27557-4");
    /// let err = peguri::UriBuilder::new().path("a:b").build().unwrap_err();
    /// assert_eq!(err.kind(), peguri::error::BuildErrorKind::ColonInFirstSegment { offset: 1 });
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn path(mut self, path: &'a str) -> Self {
        self.parts.path = Cow::Borrowed(path);
        let checked = check(path, Component::Path, self.grammar);
        self.checked(checked)
    }

    /// The path, unencoded: `/` separates segments, and each segment is
    /// percent-encoded for `segment` (so `?`, `#`, `%` and spaces are
    /// encoded, `:` and `@` are not).
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().path_unencoded("/a b/100%").build()?;
    /// assert_eq!(uri, "/a%20b/100%25");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn path_unencoded(mut self, path: &'a str) -> Self {
        self.parts.path = encode_path(path);
        self
    }

    /// Appends `/` and one segment, unencoded: a `/` inside it is encoded,
    /// as are the characters `segment` does not allow. Start with
    /// [`path`](Self::path) for a path that does not begin with `/`. A
    /// segment `.` or `..` is refused ([`BuildErrorKind::DotSegment`]):
    /// normalization would remove it, and the one before it.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().scheme("s").path("a").push_segment("b/c").build()?;
    /// assert_eq!(uri, "s:a/b%2Fc");
    /// let err = peguri::UriBuilder::new().path("/a").push_segment("..").build().unwrap_err();
    /// assert_eq!(err.kind(), peguri::error::BuildErrorKind::DotSegment);
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn push_segment(mut self, segment: &str) -> Self {
        let pushed = push_segment(self.parts.path.to_mut(), segment);
        self.checked(pushed)
    }

    /// The query, raw, without its `?`.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().path("/p").query("a=1&b=/?").build()?;
    /// assert_eq!(uri.query(), Some("a=1&b=/?"));
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn query(mut self, query: &'a str) -> Self {
        self.parts.query = Some(Cow::Borrowed(query));
        let checked = check(query, Component::Query, self.grammar);
        self.checked(checked)
    }

    /// The query, unencoded: characters `query` does not allow (`#`, `%`,
    /// spaces, non-ASCII...) are percent-encoded; `&` and `=` stay.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().query_unencoded("q=C# & co").build()?;
    /// assert_eq!(uri, "?q=C%23%20&%20co");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn query_unencoded(mut self, query: &'a str) -> Self {
        self.parts.query = Some(pct::encode(query, EncodeSet::Query));
        self
    }

    /// Appends `key=value` to the query (creating it), both unencoded and
    /// encoded as [`QueryBuilder`](crate::query::QueryBuilder) does, so
    /// that `&`, `=`, `;` and `+` inside them are encoded too.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().append_pair("a", "1").append_pair("b&c", "2=2").build()?;
    /// assert_eq!(uri, "?a=1&b%26c=2%3D2");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn append_pair(mut self, key: &str, value: &str) -> Self {
        let mut pair = QueryBuilder::new();
        pair.append_pair(key, value);
        let query = self.parts.query.get_or_insert(Cow::Borrowed(""));
        if !query.is_empty() {
            query.to_mut().push('&');
        }
        query.to_mut().push_str(pair.as_str());
        self
    }

    /// The fragment, raw, without its `#`.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().fragment("section-2").build()?;
    /// assert_eq!(uri, "#section-2");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn fragment(mut self, fragment: &'a str) -> Self {
        self.parts.fragment = Some(Cow::Borrowed(fragment));
        let checked = check(fragment, Component::Fragment, self.grammar);
        self.checked(checked)
    }

    /// The fragment, unencoded: characters `fragment` does not allow are
    /// percent-encoded.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().fragment_unencoded("Ü #2").build()?;
    /// assert_eq!(uri, "#%C3%9C%20%232");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn fragment_unencoded(mut self, fragment: &'a str) -> Self {
        self.parts.fragment = Some(pct::encode(fragment, EncodeSet::Fragment));
        self
    }

    /// Builds the reference.
    ///
    /// # Errors
    ///
    /// The first component that was not valid text for its rule, or a
    /// combination of components RFC 3986 forbids (see the
    /// [type's docs](Self)).
    ///
    /// ```
    /// let err = peguri::UriBuilder::new().path("//x").build().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid path: without an authority a path cannot start with \"//\" (RFC 3986 section 3.3)"
    /// );
    /// ```
    pub fn build(self) -> Result<UriRefBuf, BuildError> {
        let (text, layout, grammar) = self.assembled()?;
        Ok(Reference::from_parts(text, layout, grammar))
    }

    /// The text, layout and grammar of what the builder builds.
    fn assembled(self) -> Result<(String, Layout, Grammar), BuildError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if let Some(authority) = &self.parts.authority {
            // Only a userinfo or port was given: there is no host to hold them.
            if !self.host_given {
                let component = if authority.userinfo.is_some() {
                    Component::Userinfo
                } else {
                    Component::Port
                };
                return Err(BuildError::new(component, BuildErrorKind::NoHost));
            }
        }
        let grammar = self.grammar;
        let (text, layout) = self.parts.assemble(grammar)?;
        Ok((text, layout, grammar))
    }

    /// Builds a URI, which must have a scheme.
    ///
    /// # Errors
    ///
    /// As [`build`](Self::build), and [`BuildErrorKind::NoScheme`] when no
    /// scheme was given.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().scheme("mailto").path("a@example.com").build_uri()?;
    /// assert_eq!(uri.scheme(), "mailto");
    /// let err = peguri::UriBuilder::new().path("/a").build_uri().unwrap_err();
    /// assert_eq!(err.to_string(), "a URI needs a scheme (RFC 3986 section 3)");
    /// # Ok::<_, peguri::error::BuildError>(())
    /// ```
    pub fn build_uri(self) -> Result<UriBuf, BuildError> {
        if self.error.is_none() && self.parts.scheme.is_none() {
            return Err(BuildError::new(Component::Scheme, BuildErrorKind::NoScheme));
        }
        let (text, layout, grammar) = self.assembled()?;
        Ok(Reference::from_parts(text, layout, grammar))
    }
}

/// A relative reference made from a path alone, safe to use as one.
impl UriRefBuf {
    /// A relative reference whose path is `path` (any RFC 3986 `path`,
    /// percent-encoded as a URI holds it), made safe to use as one: a
    /// relative path whose first segment holds `:` gets `./` in front, so
    /// that it is not read as a scheme (section 4.2), and a path starting
    /// with `//` gets `/.`, so that it is not read as an authority. Both
    /// prefixes leave the path the same once resolution removes dot
    /// segments. An empty path gives the empty reference (which means the
    /// base document itself).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] (rule `path`) if `path` is not a path: a `?`, `#`,
    /// space or other character no path holds, or a bad `%` triplet.
    ///
    /// ```
    /// use peguri::UriRefBuf;
    ///
    /// assert_eq!(UriRefBuf::from_path("a:b/c")?, "./a:b/c");
    /// assert_eq!(UriRefBuf::from_path("docs/a:b")?, "docs/a:b");
    /// assert_eq!(UriRefBuf::from_path("//not-a-host/x")?, "/.//not-a-host/x");
    /// assert_eq!(UriRefBuf::from_path("/abs/path")?.path(), "/abs/path");
    /// let err = UriRefBuf::from_path("a b").unwrap_err();
    /// assert_eq!((err.rule(), err.offset()), ("path", 1));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn from_path(path: &str) -> Result<UriRefBuf, ParseError> {
        crate::syntax::pct::validate_path(path)?;
        let first = path.split('/').next().unwrap_or_default();
        let prefix = if path.starts_with("//") {
            "/."
        } else if !path.starts_with('/') && first.contains(':') {
            "./"
        } else {
            ""
        };
        let text = format!("{prefix}{path}");
        let grammar = Grammar::Rfc3986;
        let layout = parse(&text, Syntax::new(Entry::RelativeRef, grammar))?;
        Ok(Reference::from_parts(text, layout, grammar))
    }
}

/// A builder that starts from the components of a URI reference of any
/// storage and kind, in its grammar (zone identifiers included): change
/// what differs and build.
///
/// ```
/// use peguri::{UriBuf, UriBuilder};
///
/// let base = UriBuf::parse("https://example.com:8443/a?b#c")?;
/// let uri = UriBuilder::from(&base).path("/other").query("x=1").build_uri()?;
/// assert_eq!(uri, "https://example.com:8443/other?x=1#c");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl<'a, S: Storage, K: Kind> From<&'a Reference<S, Rfc3986, K>> for UriBuilder<'a> {
    fn from(reference: &'a Reference<S, Rfc3986, K>) -> Self {
        let view = reference.view();
        UriBuilder {
            host_given: view.authority().is_some(),
            parts: Parts::of(view),
            error: None,
            grammar: view.grammar,
        }
    }
}
