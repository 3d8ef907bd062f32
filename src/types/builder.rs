//! Building a URI reference from its components ([`UriBuilder`]), and the
//! checks that the builder and the setters of the owned types share.
//!
//! Every component is given either as *raw* text, which must already be
//! what the component's grammar rule accepts (the methods named after the
//! component: [`UriBuilder::path`]), or as *unencoded* text, which is
//! percent-encoded for the component with the classes of [`pct`] (the
//! methods ending in `_unencoded`). Raw text is checked by parsing it with
//! the component's rule of `uri.pest`, so what the builder accepts is
//! exactly what the parser accepts. The combinations of components that
//! RFC 3986 forbids are refused when the reference is assembled, and the
//! assembled text is parsed again, so a built reference always has the
//! components it was given.

use alloc::borrow::Cow;
use core::fmt;
use core::net::IpAddr;

use crate::prelude::*;
use crate::syntax::component::UriComponent;
use crate::syntax::engine::rule_failure;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::layout::Layout;
use crate::syntax::parse::{parse, reparse};
use crate::syntax::pct::{self, Component};
use crate::types::family::{UriBuf, UriRefBuf};
use crate::types::options::ParseOptions;
use crate::types::parsed::Parsed;
use crate::types::query::QueryBuilder;

/// The grammar rule that raw text for `component` must match in `grammar`
/// (for a path, each segment): RFC 3986's, RFC 3987's `i` rules, RFC
/// 6874's host and authority with zone identifiers.
fn rule_of(component: UriComponent, grammar: Grammar) -> &'static str {
    match (component, grammar) {
        (UriComponent::Scheme, _) => "scheme",
        (UriComponent::Port, _) => "port",
        (UriComponent::Authority, Grammar::Rfc3986) => "authority",
        (UriComponent::Authority, Grammar::Rfc6874) => "authority_6874",
        (UriComponent::Authority, Grammar::Rfc3987) => "iauthority",
        (UriComponent::Authority, Grammar::Rfc3987Zones) => "iauthority_6874",
        (UriComponent::Host, Grammar::Rfc3986) => "host",
        (UriComponent::Host, Grammar::Rfc6874) => "host_6874",
        (UriComponent::Host, Grammar::Rfc3987) => "ihost",
        (UriComponent::Host, Grammar::Rfc3987Zones) => "ihost_6874",
        (UriComponent::Userinfo, g) if g.is_iri() => "iuserinfo",
        (UriComponent::Userinfo, _) => "userinfo",
        (UriComponent::Path, g) if g.is_iri() => "isegment",
        (UriComponent::Path, _) => "segment",
        (UriComponent::Query, g) if g.is_iri() => "iquery",
        (UriComponent::Query, _) => "query",
        (UriComponent::Fragment, g) if g.is_iri() => "ifragment",
        (UriComponent::Fragment, _) => "fragment",
    }
}

/// Why a component, or a combination of components, was refused.
///
/// Offsets are byte offsets into the text given for the component (for
/// the structural kinds, into the path).
///
/// ```
/// use peguri::{BuildErrorKind, UriBuilder};
///
/// let err = UriBuilder::new().path("/a b").build().unwrap_err();
/// assert_eq!(err.kind(), BuildErrorKind::InvalidChar { ch: ' ', offset: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BuildErrorKind {
    /// A character the component may not hold (it would have to be
    /// percent-encoded, or it is a delimiter of another component).
    InvalidChar {
        /// The character.
        ch: char,
        /// Its byte offset in the component's text.
        offset: usize,
    },
    /// A `%` that is not followed by two hexadecimal digits (section 2.1).
    InvalidPercentEncoding {
        /// The byte offset of the `%`.
        offset: usize,
    },
    /// The text ends before the component is complete (an IP literal
    /// without its `]`, for example).
    UnexpectedEnd {
        /// The length of the text.
        offset: usize,
    },
    /// The component may not be empty (a scheme).
    Empty,
    /// A path that starts with `//` where there is no authority: it would
    /// read as one (section 3.3).
    PathStartsWithDoubleSlash,
    /// A colon in the first segment of a relative reference's path: the
    /// segment would read as a scheme (section 4.2).
    ColonInFirstSegment {
        /// The byte offset of the colon in the path.
        offset: usize,
    },
    /// A path that is neither empty nor starts with `/` after an
    /// authority (section 3.3).
    RelativePathAfterAuthority,
    /// A userinfo or a port without a host to belong to.
    NoHost,
    /// A URI (as opposed to a relative reference) was asked for, and there
    /// is no scheme.
    NoScheme,
    /// A path segment `.` or `..` given as one segment to append: a dot
    /// segment, which resolution and normalization remove (section 5.2.4),
    /// so the path would not mean what was asked. Other segments are
    /// encoded (a `/` in them too) and keep the path's meaning.
    DotSegment,
}

/// A component that is not valid text for its place, or components that
/// RFC 3986 does not allow together. Small and `Copy`: it names the
/// component and the spot, and its `Display` says why.
///
/// ```
/// use peguri::UriBuilder;
///
/// let err = UriBuilder::new().scheme("http").host("example.com").path("a/b").build().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid path: after an authority a path must be empty or start with '/' (RFC 3986 section 3.3)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BuildError {
    component: UriComponent,
    kind: BuildErrorKind,
}

impl BuildError {
    pub(crate) fn new(component: UriComponent, kind: BuildErrorKind) -> Self {
        BuildError { component, kind }
    }

    /// The component at fault.
    ///
    /// ```
    /// use peguri::{UriBuilder, UriComponent};
    /// let err = UriBuilder::new().port_str("8o").build().unwrap_err();
    /// assert_eq!(err.component(), UriComponent::Port);
    /// ```
    pub fn component(&self) -> UriComponent {
        self.component
    }

    /// What is wrong, and where.
    ///
    /// ```
    /// use peguri::{BuildErrorKind, UriBuilder};
    /// let err = UriBuilder::new().query("%4").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::InvalidPercentEncoding { offset: 0 });
    /// ```
    pub fn kind(&self) -> BuildErrorKind {
        self.kind
    }

    /// The byte offset of the fault in the component's text, when the
    /// fault is at one spot.
    ///
    /// ```
    /// let err = peguri::UriBuilder::new().fragment("a#b").build().unwrap_err();
    /// assert_eq!(err.offset(), Some(1));
    /// ```
    pub fn offset(&self) -> Option<usize> {
        match self.kind {
            BuildErrorKind::InvalidChar { offset, .. }
            | BuildErrorKind::InvalidPercentEncoding { offset }
            | BuildErrorKind::UnexpectedEnd { offset }
            | BuildErrorKind::ColonInFirstSegment { offset } => Some(offset),
            _ => None,
        }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let component = self.component;
        match self.kind {
            BuildErrorKind::InvalidChar { ch, offset } => {
                write!(
                    f,
                    "invalid character {ch:?} in {component} at byte {offset}"
                )
            }
            BuildErrorKind::InvalidPercentEncoding { offset } => write!(
                f,
                "invalid percent-encoding in {component} at byte {offset}: '%' must be followed by two hex digits"
            ),
            BuildErrorKind::UnexpectedEnd { offset } => {
                write!(f, "incomplete {component}: it ends at byte {offset}")
            }
            BuildErrorKind::Empty => write!(f, "empty {component}"),
            BuildErrorKind::PathStartsWithDoubleSlash => write!(
                f,
                "invalid {component}: without an authority a path cannot start with \"//\" (RFC 3986 section 3.3)"
            ),
            BuildErrorKind::ColonInFirstSegment { offset } => write!(
                f,
                "invalid {component}: ':' at byte {offset} is in the first segment of a relative reference, where it would read as a scheme (RFC 3986 section 4.2); start the path with \"./\""
            ),
            BuildErrorKind::RelativePathAfterAuthority => write!(
                f,
                "invalid {component}: after an authority a path must be empty or start with '/' (RFC 3986 section 3.3)"
            ),
            BuildErrorKind::NoHost => {
                write!(f, "a {component} needs a host, and there is no authority")
            }
            BuildErrorKind::NoScheme => write!(f, "a URI needs a {component} (RFC 3986 section 3)"),
            BuildErrorKind::DotSegment => write!(
                f,
                "invalid {component}: a segment \".\" or \"..\" is a dot segment, which \
                 resolution and normalization remove (RFC 3986 section 5.2.4); it would change \
                 what the path names"
            ),
        }
    }
}

impl core::error::Error for BuildError {}

/// Checks raw `text` against `component`'s grammar rule (for a path, each
/// segment against `segment`).
pub(crate) fn check(
    text: &str,
    component: UriComponent,
    grammar: Grammar,
) -> Result<(), BuildError> {
    let rule = rule_of(component, grammar);
    if component == UriComponent::Path {
        let mut start = 0;
        for segment in text.split('/') {
            check_rule(segment, rule, component).map_err(|e| shifted(e, start))?;
            start += segment.len() + 1;
        }
        return Ok(());
    }
    if component == UriComponent::Scheme && text.is_empty() {
        return Err(BuildError::new(component, BuildErrorKind::Empty));
    }
    if component == UriComponent::Host && text.starts_with('[') {
        return check_ip_literal(text, grammar);
    }
    check_rule(text, rule, component)
}

/// Matches all of `text` with the grammar rule `rule`, and says where it
/// fails.
fn check_rule(text: &str, rule: &str, component: UriComponent) -> Result<(), BuildError> {
    match rule_failure(rule, text) {
        Some(Err(failure)) => Err(BuildError::new(component, located(text, failure.pos))),
        // Every rule the builder names has an error pass.
        Some(Ok(())) | None => Ok(()),
    }
}

/// Checks an `IP-literal` host. The grammar reports a failure inside the
/// atomic address rules at the `[` (as pest does), so when the literal is
/// refused, the address between the brackets is asked again on its own to
/// find the spot.
fn check_ip_literal(text: &str, grammar: Grammar) -> Result<(), BuildError> {
    let component = UriComponent::Host;
    let literal = if grammar.has_zones() {
        "IP_literal_6874"
    } else {
        "IP_literal"
    };
    if rule_failure(literal, text).is_some_and(|r| r.is_ok()) {
        return Ok(());
    }
    let close = text.find(']').unwrap_or(text.len());
    let address = &text[1..close];
    // `IPvFuture` starts with "v" (either case), `IPv6address` never does.
    let rule = if address.starts_with(['v', 'V']) {
        "IPvFuture"
    } else {
        "IPv6address"
    };
    check_rule(address, rule, component).map_err(|e| match shifted(e, 1).kind {
        // The address ended early, at the `]`.
        BuildErrorKind::UnexpectedEnd { offset } if offset < text.len() => {
            BuildError::new(component, located(text, offset))
        }
        kind => BuildError::new(component, kind),
    })?;
    let kind = match text[close..].chars().nth(1) {
        None if close == text.len() => BuildErrorKind::UnexpectedEnd { offset: close },
        Some(ch) => BuildErrorKind::InvalidChar {
            ch,
            offset: close + 1,
        },
        None => located(text, close),
    };
    Err(BuildError::new(component, kind))
}

/// What is at `offset`, where the grammar stopped matching `text`.
fn located(text: &str, offset: usize) -> BuildErrorKind {
    let bytes = text.as_bytes();
    let offset = offset.min(text.len());
    // The grammar stops inside a bad triplet, after its `%`: blame the `%`.
    for back in 0..=2 {
        if let Some(at) = offset.checked_sub(back) {
            if bytes.get(at) == Some(&b'%') && pct::triplet_at(bytes, at).is_none() {
                return BuildErrorKind::InvalidPercentEncoding { offset: at };
            }
        }
    }
    match text[offset..].chars().next() {
        Some(ch) => BuildErrorKind::InvalidChar { ch, offset },
        None => BuildErrorKind::UnexpectedEnd { offset },
    }
}

/// The same error, its offset moved `by` bytes on (a segment's error as an
/// error in the whole path).
fn shifted(error: BuildError, by: usize) -> BuildError {
    let kind = match error.kind {
        BuildErrorKind::InvalidChar { ch, offset } => BuildErrorKind::InvalidChar {
            ch,
            offset: offset + by,
        },
        BuildErrorKind::InvalidPercentEncoding { offset } => {
            BuildErrorKind::InvalidPercentEncoding {
                offset: offset + by,
            }
        }
        BuildErrorKind::UnexpectedEnd { offset } => BuildErrorKind::UnexpectedEnd {
            offset: offset + by,
        },
        other => other,
    };
    BuildError::new(error.component, kind)
}

/// Percent-encodes unencoded path text: each `/` stays a segment boundary,
/// each segment is encoded with the `segment` class.
pub(crate) fn encode_path(text: &str) -> Cow<'_, str> {
    if text
        .split('/')
        .all(|s| matches!(pct::encode(s, Component::PathSegment), Cow::Borrowed(_)))
    {
        return Cow::Borrowed(text);
    }
    let encoded: Vec<Cow<'_, str>> = text
        .split('/')
        .map(|s| pct::encode(s, Component::PathSegment))
        .collect();
    Cow::Owned(encoded.join("/"))
}

/// One encoded segment, with the `/` that starts it, appended to `path`.
/// A segment `.` or `..` is refused: encoding leaves its dots (they are
/// unreserved), and it would be a dot segment.
pub(crate) fn push_segment(path: &mut String, segment: &str) -> Result<(), BuildError> {
    if segment == "." || segment == ".." {
        return Err(BuildError::new(
            UriComponent::Path,
            BuildErrorKind::DotSegment,
        ));
    }
    path.push('/');
    path.push_str(&pct::encode(segment, Component::PathSegment));
    Ok(())
}

/// The text of an IP address as a `host`: IPv6 in brackets.
pub(crate) fn ip_host(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// The parts of an authority, each valid text for its rule.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct AuthorityParts<'a> {
    pub(crate) userinfo: Option<Cow<'a, str>>,
    pub(crate) host: Cow<'a, str>,
    pub(crate) port: Option<Cow<'a, str>>,
}

/// The components of a reference, each valid text for its rule; whether
/// they go together is checked by [`Parts::assemble`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts<'a> {
    pub(crate) scheme: Option<Cow<'a, str>>,
    pub(crate) authority: Option<AuthorityParts<'a>>,
    pub(crate) path: Cow<'a, str>,
    pub(crate) query: Option<Cow<'a, str>>,
    pub(crate) fragment: Option<Cow<'a, str>>,
}

impl<'a> Parts<'a> {
    /// The components of a parsed reference.
    pub(crate) fn of(uri: Parsed<'a>) -> Self {
        Parts {
            scheme: uri.scheme().map(Cow::Borrowed),
            authority: uri.authority().map(|a| AuthorityParts {
                userinfo: a.userinfo().map(Cow::Borrowed),
                host: Cow::Borrowed(a.host_str()),
                port: a.port().map(Cow::Borrowed),
            }),
            path: Cow::Borrowed(uri.path()),
            query: uri.query().map(Cow::Borrowed),
            fragment: uri.fragment().map(Cow::Borrowed),
        }
    }

    /// The authority, created with an empty host if there is none.
    pub(crate) fn authority_mut(&mut self) -> &mut AuthorityParts<'a> {
        self.authority.get_or_insert_with(AuthorityParts::default)
    }

    /// Refuses the combinations RFC 3986 forbids (sections 3.3 and 4.2).
    fn check_structure(&self) -> Result<(), BuildError> {
        let path = &*self.path;
        let path_error = |kind| Err(BuildError::new(UriComponent::Path, kind));
        if self.authority.is_some() {
            if !path.is_empty() && !path.starts_with('/') {
                return path_error(BuildErrorKind::RelativePathAfterAuthority);
            }
        } else if path.starts_with("//") {
            return path_error(BuildErrorKind::PathStartsWithDoubleSlash);
        } else if self.scheme.is_none() {
            let first = path.split('/').next().unwrap_or_default();
            if let Some(offset) = first.find(':') {
                return path_error(BuildErrorKind::ColonInFirstSegment { offset });
            }
        }
        Ok(())
    }

    /// The reference these components make in `grammar`: its text and
    /// layout.
    ///
    /// # Errors
    ///
    /// A [`BuildError`] for a combination RFC 3986 forbids.
    pub(crate) fn assemble(&self, grammar: Grammar) -> Result<(String, Layout), BuildError> {
        self.check_structure()?;
        let mut text = String::new();
        if let Some(scheme) = &self.scheme {
            text.push_str(scheme);
            text.push(':');
        }
        if let Some(authority) = &self.authority {
            text.push_str("//");
            if let Some(userinfo) = &authority.userinfo {
                text.push_str(userinfo);
                text.push('@');
            }
            text.push_str(&authority.host);
            if let Some(port) = &authority.port {
                text.push(':');
                text.push_str(port);
            }
        }
        text.push_str(&self.path);
        if let Some(query) = &self.query {
            text.push('?');
            text.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            text.push_str(fragment);
        }
        // Each component matched its rule and the combination is one the
        // grammar's URI-reference allows, so this parse cannot fail; it
        // also yields the component positions.
        let layout = match reparse(&text, grammar) {
            Ok(layout) => layout,
            Err(e) => unreachable!("checked components did not parse: {e}"),
        };
        debug_assert_eq!(Parts::of(Parsed::new(&text, layout, grammar)), *self);
        Ok((text, layout))
    }
}

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
/// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
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
        let checked = check(scheme, UriComponent::Scheme, self.grammar);
        self.checked(checked)
    }

    /// The whole authority, raw (`[ userinfo "@" ] host [ ":" port ]`);
    /// it replaces any userinfo, host and port given before.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().scheme("ftp").authority("me@[::1]:21").build()?;
    /// assert_eq!(uri.authority().unwrap().port(), Some("21"));
    /// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn userinfo(mut self, userinfo: &'a str) -> Self {
        self.parts.authority_mut().userinfo = Some(Cow::Borrowed(userinfo));
        let checked = check(userinfo, UriComponent::Userinfo, self.grammar);
        self.checked(checked)
    }

    /// The user information, unencoded: everything the `userinfo` rule
    /// does not allow is percent-encoded (a `:` stays, as the separator of
    /// the deprecated password).
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().userinfo_unencoded("a@b").host("h").build()?;
    /// assert_eq!(uri, "//a%40b@h");
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn userinfo_unencoded(mut self, userinfo: &'a str) -> Self {
        self.parts.authority_mut().userinfo = Some(pct::encode(userinfo, Component::Userinfo));
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
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn host(mut self, host: &'a str) -> Self {
        self.host_given = true;
        self.parts.authority_mut().host = Cow::Borrowed(host);
        let checked = check(host, UriComponent::Host, self.grammar);
        self.checked(checked)
    }

    /// The host as a registered name, unencoded: everything `reg-name`
    /// does not allow is percent-encoded, non-ASCII characters as UTF-8
    /// (section 3.2.2; no IDNA).
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().host_unencoded("bücher.example").build()?;
    /// assert_eq!(uri, "//b%C3%BCcher.example");
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn host_unencoded(mut self, host: &'a str) -> Self {
        self.host_given = true;
        self.parts.authority_mut().host = pct::encode(host, Component::RegName);
        self
    }

    /// The host as an IP address: IPv4 in dotted-decimal form, IPv6 in
    /// brackets, in the text form of RFC 5952.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// let uri = peguri::UriBuilder::new().scheme("http").host_ip(Ipv6Addr::LOCALHOST).port(80).build()?;
    /// assert_eq!(uri, "http://[::1]:80");
    /// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn port_str(mut self, port: &'a str) -> Self {
        self.parts.authority_mut().port = Some(Cow::Borrowed(port));
        let checked = check(port, UriComponent::Port, self.grammar);
        self.checked(checked)
    }

    /// The path, raw: segments separated by `/`, each valid for `segment`.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().scheme("urn").path("isbn:0-486-27557-4").build()?;
    /// assert_eq!(uri, "urn:isbn:0-486-27557-4");
    /// let err = peguri::UriBuilder::new().path("a:b").build().unwrap_err();
    /// assert_eq!(err.kind(), peguri::BuildErrorKind::ColonInFirstSegment { offset: 1 });
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn path(mut self, path: &'a str) -> Self {
        self.parts.path = Cow::Borrowed(path);
        let checked = check(path, UriComponent::Path, self.grammar);
        self.checked(checked)
    }

    /// The path, unencoded: `/` separates segments, and each segment is
    /// percent-encoded for `segment` (so `?`, `#`, `%` and spaces are
    /// encoded, `:` and `@` are not).
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().path_unencoded("/a b/100%").build()?;
    /// assert_eq!(uri, "/a%20b/100%25");
    /// # Ok::<_, peguri::BuildError>(())
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
    /// assert_eq!(err.kind(), peguri::BuildErrorKind::DotSegment);
    /// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn query(mut self, query: &'a str) -> Self {
        self.parts.query = Some(Cow::Borrowed(query));
        let checked = check(query, UriComponent::Query, self.grammar);
        self.checked(checked)
    }

    /// The query, unencoded: characters `query` does not allow (`#`, `%`,
    /// spaces, non-ASCII...) are percent-encoded; `&` and `=` stay.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().query_unencoded("q=C# & co").build()?;
    /// assert_eq!(uri, "?q=C%23%20&%20co");
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn query_unencoded(mut self, query: &'a str) -> Self {
        self.parts.query = Some(pct::encode(query, Component::Query));
        self
    }

    /// Appends `key=value` to the query (creating it), both unencoded and
    /// encoded as [`QueryBuilder`](crate::query::QueryBuilder) does, so
    /// that `&`, `=`, `;` and `+` inside them are encoded too.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().append_pair("a", "1").append_pair("b&c", "2=2").build()?;
    /// assert_eq!(uri, "?a=1&b%26c=2%3D2");
    /// # Ok::<_, peguri::BuildError>(())
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
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn fragment(mut self, fragment: &'a str) -> Self {
        self.parts.fragment = Some(Cow::Borrowed(fragment));
        let checked = check(fragment, UriComponent::Fragment, self.grammar);
        self.checked(checked)
    }

    /// The fragment, unencoded: characters `fragment` does not allow are
    /// percent-encoded.
    ///
    /// ```
    /// let uri = peguri::UriBuilder::new().fragment_unencoded("Ü #2").build()?;
    /// assert_eq!(uri, "#%C3%9C%20%232");
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn fragment_unencoded(mut self, fragment: &'a str) -> Self {
        self.parts.fragment = Some(pct::encode(fragment, Component::Fragment));
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
        Ok(UriRefBuf::from_parts(text, layout, grammar))
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
                    UriComponent::Userinfo
                } else {
                    UriComponent::Port
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
    /// # Ok::<_, peguri::BuildError>(())
    /// ```
    pub fn build_uri(self) -> Result<UriBuf, BuildError> {
        if self.error.is_none() && self.parts.scheme.is_none() {
            return Err(BuildError::new(
                UriComponent::Scheme,
                BuildErrorKind::NoScheme,
            ));
        }
        let (text, layout, grammar) = self.assembled()?;
        Ok(UriBuf::from_parts(text, layout, grammar))
    }
}

/// The parts of a raw authority, checked with the `authority` rule and
/// split where the grammar puts `userinfo`, `host` and `port`.
pub(crate) fn authority_parts(
    authority: &str,
    grammar: Grammar,
) -> Result<AuthorityParts<'_>, BuildError> {
    check_rule(
        authority,
        rule_of(UriComponent::Authority, grammar),
        UriComponent::Authority,
    )?;
    // After `//`, as a network-path reference, the authority parses into
    // the same parts; their lengths place them in `authority`, which is
    // `[ userinfo "@" ] host [ ":" port ]`.
    let reference = format!("//{authority}");
    let layout = parse(&reference, Syntax::new(Entry::RelativeRef, grammar)).ok();
    let Some(parsed) = layout.and_then(|l| Parsed::new(&reference, l, grammar).authority()) else {
        unreachable!("an authority the grammar accepts parses after \"//\"");
    };
    let userinfo = parsed.userinfo().map(|u| &authority[..u.len()]);
    let host_start = userinfo.map_or(0, |u| u.len() + 1);
    let host = &authority[host_start..host_start + parsed.host_str().len()];
    let port = parsed
        .port()
        .map(|p| &authority[authority.len() - p.len()..]);
    Ok(AuthorityParts {
        userinfo: userinfo.map(Cow::Borrowed),
        host: Cow::Borrowed(host),
        port: port.map(Cow::Borrowed),
    })
}

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
        Ok(UriRefBuf::from_parts(text, layout, grammar))
    }
}
