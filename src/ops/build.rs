//! Building a reference from its components: the checks that the builder
//! (`UriBuilder`) and the setters of the owned types share, and the
//! assembly of checked components into a reference.
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
//! components it was given. With the grammar as it is shipped, that parse
//! always finds them (`build.rs` checks the assumptions it rests on); a
//! grammar edited so that it reads the text otherwise gets
//! [`BuildErrorKind::GrammarDisagreement`], never a panic or a reference
//! with other components.

use alloc::borrow::Cow;
use core::fmt;
use core::net::IpAddr;

use crate::syntax::component::Component;
use crate::syntax::engine::rule_failure;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::layout::{Layout, Span};
use crate::syntax::parse::{parse, reparse};
use crate::syntax::pct::{self, EncodeSet};
use crate::types::parsed::Parsed;
use alloc::{
    format,
    string::{String, ToString},
    vec::Vec,
};

/// The grammar rule that raw text for `component` must match in `grammar`
/// (for a path, each segment): RFC 3986's, RFC 3987's `i` rules, RFC
/// 6874's host and authority with zone identifiers.
fn rule_of(component: Component, grammar: Grammar) -> &'static str {
    match (component, grammar) {
        (Component::Scheme, _) => "scheme",
        (Component::Port, _) => "port",
        (Component::Authority, Grammar::Rfc3986) => "authority",
        (Component::Authority, Grammar::Rfc6874) => "authority_6874",
        (Component::Authority, Grammar::Rfc3987) => "iauthority",
        (Component::Authority, Grammar::Rfc3987Zones) => "iauthority_6874",
        (Component::Host, Grammar::Rfc3986) => "host",
        (Component::Host, Grammar::Rfc6874) => "host_6874",
        (Component::Host, Grammar::Rfc3987) => "ihost",
        (Component::Host, Grammar::Rfc3987Zones) => "ihost_6874",
        (Component::Userinfo, g) if g.is_iri() => "iuserinfo",
        (Component::Userinfo, _) => "userinfo",
        (Component::Path, g) if g.is_iri() => "isegment",
        (Component::Path, _) => "segment",
        (Component::Query, g) if g.is_iri() => "iquery",
        (Component::Query, _) => "query",
        (Component::Fragment, g) if g.is_iri() => "ifragment",
        (Component::Fragment, _) => "fragment",
    }
}

/// Why a component, or a combination of components, was refused.
///
/// Offsets are byte offsets into the text given for the component (for
/// the structural kinds, into the path).
///
/// ```
/// use peguri::UriBuilder;
/// use peguri::error::BuildErrorKind;
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
    /// The grammar and the builder disagree: the component matched `rule`
    /// and the combination is one RFC 3986 allows, yet the grammar does
    /// not read the assembled reference back with this component as it was
    /// given. The grammar compiled into peguri never does this (its build
    /// checks what the builder assumes of it); a `uri.pest` edited so that
    /// its rules no longer fit together can, and this names the component
    /// and the rule to look at.
    ///
    /// ```
    /// use peguri::UriBuilder;
    /// use peguri::error::BuildErrorKind;
    ///
    /// // With the grammar as shipped, a component refused is refused for
    /// // its own text.
    /// let err = UriBuilder::new().scheme("s").path("a b").build().unwrap_err();
    /// assert_eq!(err.kind(), BuildErrorKind::InvalidChar { ch: ' ', offset: 1 });
    /// ```
    GrammarDisagreement {
        /// The grammar rule the component's text was checked with (for a
        /// path, each segment's), as `uri.pest` names it.
        rule: &'static str,
    },
}

impl BuildErrorKind {
    /// The kind's stable name, in snake_case, as it serializes.
    ///
    /// ```
    /// assert_eq!(peguri::error::BuildErrorKind::NoScheme.as_str(), "no_scheme");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            BuildErrorKind::InvalidChar { .. } => "invalid_char",
            BuildErrorKind::InvalidPercentEncoding { .. } => "invalid_percent_encoding",
            BuildErrorKind::UnexpectedEnd { .. } => "unexpected_end",
            BuildErrorKind::Empty => "empty",
            BuildErrorKind::PathStartsWithDoubleSlash => "path_starts_with_double_slash",
            BuildErrorKind::ColonInFirstSegment { .. } => "colon_in_first_segment",
            BuildErrorKind::RelativePathAfterAuthority => "relative_path_after_authority",
            BuildErrorKind::NoHost => "no_host",
            BuildErrorKind::NoScheme => "no_scheme",
            BuildErrorKind::DotSegment => "dot_segment",
            BuildErrorKind::GrammarDisagreement { .. } => "grammar_disagreement",
        }
    }
}

/// The kind's name, as [`as_str`](BuildErrorKind::as_str) gives it.
#[cfg(feature = "serde")]
impl serde::Serialize for BuildErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
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
    component: Component,
    kind: BuildErrorKind,
}

impl BuildError {
    pub(crate) fn new(component: Component, kind: BuildErrorKind) -> Self {
        BuildError { component, kind }
    }

    /// The component at fault.
    ///
    /// ```
    /// use peguri::{UriBuilder, Component};
    /// let err = UriBuilder::new().port_str("8o").build().unwrap_err();
    /// assert_eq!(err.component(), Component::Port);
    /// ```
    pub fn component(&self) -> Component {
        self.component
    }

    /// What is wrong, and where.
    ///
    /// ```
    /// use peguri::UriBuilder;
    /// use peguri::error::BuildErrorKind;
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
            BuildErrorKind::GrammarDisagreement { rule } => write!(
                f,
                "the grammar and the builder disagree on the {component}: its text matches the \
                 rule `{rule}`, but the grammar does not read the reference built from it back \
                 with that {component}; the grammar's rules do not fit together (was uri.pest \
                 edited? see \"Editing uri.pest\" in peguri's docs/grammar.md)"
            ),
        }
    }
}

impl core::error::Error for BuildError {}

/// Checks raw `text` against `component`'s grammar rule (for a path, each
/// segment against `segment`).
pub(crate) fn check(text: &str, component: Component, grammar: Grammar) -> Result<(), BuildError> {
    let rule = rule_of(component, grammar);
    if component == Component::Path {
        let mut start = 0;
        for segment in text.split('/') {
            check_rule(segment, rule, component).map_err(|e| shifted(e, start))?;
            start += segment.len() + 1;
        }
        return Ok(());
    }
    if component == Component::Scheme && text.is_empty() {
        return Err(BuildError::new(component, BuildErrorKind::Empty));
    }
    if component == Component::Host && text.starts_with('[') {
        return check_ip_literal(text, grammar);
    }
    check_rule(text, rule, component)
}

/// Matches all of `text` with the grammar rule `rule`, and says where it
/// fails.
fn check_rule(text: &str, rule: &str, component: Component) -> Result<(), BuildError> {
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
    let component = Component::Host;
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
    match text.get(offset..).and_then(|rest| rest.chars().next()) {
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
        .all(|s| matches!(pct::encode(s, EncodeSet::PathSegment), Cow::Borrowed(_)))
    {
        return Cow::Borrowed(text);
    }
    let encoded: Vec<Cow<'_, str>> = text
        .split('/')
        .map(|s| pct::encode(s, EncodeSet::PathSegment))
        .collect();
    Cow::Owned(encoded.join("/"))
}

/// One encoded segment, with the `/` that starts it, appended to `path`.
/// A segment `.` or `..` is refused: encoding leaves its dots (they are
/// unreserved), and it would be a dot segment.
pub(crate) fn push_segment(path: &mut String, segment: &str) -> Result<(), BuildError> {
    if segment == "." || segment == ".." {
        return Err(BuildError::new(Component::Path, BuildErrorKind::DotSegment));
    }
    path.push('/');
    path.push_str(&pct::encode(segment, EncodeSet::PathSegment));
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
        let path_error = |kind| Err(BuildError::new(Component::Path, kind));
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
    /// A [`BuildError`] for a combination RFC 3986 forbids, or
    /// [`BuildErrorKind::GrammarDisagreement`] when the grammar does not
    /// read the text back as these components.
    pub(crate) fn assemble(&self, grammar: Grammar) -> Result<(String, Layout), BuildError> {
        self.check_structure()?;
        let (text, starts) = self.text();
        // Each component matched its rule and the combination is one RFC
        // 3986 allows, so the grammar reads the text as these components
        // (the parse also gives their positions), unless its rules were
        // edited apart.
        let parsed = reparse(&text, grammar).map_err(|e| (e.offset(), e.component()));
        let layout = self.read_back(&text, parsed, &starts, grammar)?;
        Ok((text, layout))
    }

    /// The text of the reference, and where each component present starts
    /// in it, in order.
    fn text(&self) -> (String, Vec<(Component, usize)>) {
        let mut text = String::new();
        let mut starts = Vec::new();
        let mut put = |text: &mut String, component, part: &str| {
            starts.push((component, text.len()));
            text.push_str(part);
        };
        if let Some(scheme) = &self.scheme {
            put(&mut text, Component::Scheme, scheme);
            text.push(':');
        }
        if let Some(authority) = &self.authority {
            text.push_str("//");
            if let Some(userinfo) = &authority.userinfo {
                put(&mut text, Component::Userinfo, userinfo);
                text.push('@');
            }
            put(&mut text, Component::Host, &authority.host);
            if let Some(port) = &authority.port {
                text.push(':');
                put(&mut text, Component::Port, port);
            }
        }
        put(&mut text, Component::Path, &self.path);
        if let Some(query) = &self.query {
            text.push('?');
            put(&mut text, Component::Query, query);
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            put(&mut text, Component::Fragment, fragment);
        }
        (text, starts)
    }

    /// The layout of `text`, which these components make, from the
    /// grammar's parse of it (`parsed`: the layout, or the offset where
    /// the parse failed and the component it names), when the parse found
    /// these components.
    ///
    /// # Errors
    ///
    /// [`BuildErrorKind::GrammarDisagreement`] when the parse failed (for
    /// the component the failure is in) or found other components (for
    /// the first that differs).
    fn read_back(
        &self,
        text: &str,
        parsed: Result<Layout, (usize, Option<Component>)>,
        starts: &[(Component, usize)],
        grammar: Grammar,
    ) -> Result<Layout, BuildError> {
        let component = match parsed {
            Ok(layout) => {
                let found = Parts::of(Parsed::new(text, layout, grammar));
                match self.first_difference(&found) {
                    None => return Ok(layout),
                    Some(component) => component,
                }
            }
            // The component the error names if it is one of these (a
            // host, say, and not the authority), else the one the failure
            // is in; a delimiter counts with the component before it.
            Err((offset, named)) => named
                .filter(|named| starts.iter().any(|(c, _)| c == named))
                .or_else(|| {
                    starts
                        .iter()
                        .take_while(|&&(_, start)| start <= offset)
                        .last()
                        .map(|&(component, _)| component)
                })
                .unwrap_or(Component::Path),
        };
        let rule = rule_of(component, grammar);
        Err(BuildError::new(
            component,
            BuildErrorKind::GrammarDisagreement { rule },
        ))
    }

    /// The first component in which `other` differs from these parts.
    fn first_difference(&self, other: &Parts<'_>) -> Option<Component> {
        let (mine, theirs) = (self.authority.as_ref(), other.authority.as_ref());
        if self.scheme != other.scheme {
            Some(Component::Scheme)
        } else if mine.map(|a| &a.userinfo) != theirs.map(|a| &a.userinfo) {
            Some(Component::Userinfo)
        } else if mine.map(|a| &a.host) != theirs.map(|a| &a.host) {
            Some(Component::Host)
        } else if mine.map(|a| &a.port) != theirs.map(|a| &a.port) {
            Some(Component::Port)
        } else if self.path != other.path {
            Some(Component::Path)
        } else if self.query != other.query {
            Some(Component::Query)
        } else if self.fragment != other.fragment {
            Some(Component::Fragment)
        } else {
            None
        }
    }
}

/// The parts of a raw authority, checked with the `authority` rule and
/// split where the grammar puts `userinfo`, `host` and `port`.
pub(crate) fn authority_parts(
    authority: &str,
    grammar: Grammar,
) -> Result<AuthorityParts<'_>, BuildError> {
    let rule = rule_of(Component::Authority, grammar);
    check_rule(authority, rule, Component::Authority)?;
    // After `//`, as a network-path reference, the authority parses into
    // the same parts, which the layout places: `authority` is
    // `[ userinfo "@" ] host [ ":" port ]`. A grammar whose rules were
    // edited apart may read it otherwise.
    let disagreement = || {
        BuildError::new(
            Component::Authority,
            BuildErrorKind::GrammarDisagreement { rule },
        )
    };
    let reference = format!("//{authority}");
    let layout =
        parse(&reference, Syntax::new(Entry::RelativeRef, grammar)).map_err(|_| disagreement())?;
    let parts = layout.authority.ok_or_else(disagreement)?;
    // A span of `reference` as a slice of `authority`.
    let piece = |span: Span| -> Result<&str, BuildError> {
        let start = span.start().checked_sub(2).ok_or_else(disagreement)?;
        let end = span.end().checked_sub(2).ok_or_else(disagreement)?;
        authority.get(start..end).ok_or_else(disagreement)
    };
    if piece(parts.span)?.len() != authority.len() {
        return Err(disagreement());
    }
    Ok(AuthorityParts {
        userinfo: parts.userinfo.map(piece).transpose()?.map(Cow::Borrowed),
        host: Cow::Borrowed(piece(parts.host)?),
        port: parts.port.map(piece).transpose()?.map(Cow::Borrowed),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `s://u@h:8/a/b?q#f` as parts.
    fn parts() -> Parts<'static> {
        Parts {
            scheme: Some("s".into()),
            authority: Some(AuthorityParts {
                userinfo: Some("u".into()),
                host: "h".into(),
                port: Some("8".into()),
            }),
            path: "/a/b".into(),
            query: Some("q".into()),
            fragment: Some("f".into()),
        }
    }

    fn disagreement(component: Component, rule: &'static str) -> BuildError {
        BuildError::new(component, BuildErrorKind::GrammarDisagreement { rule })
    }

    #[test]
    fn assembling_reads_the_text_back_with_the_grammar() {
        let parts = parts();
        let (text, layout) = parts.assemble(Grammar::Rfc3986).unwrap();
        assert_eq!(text, "s://u@h:8/a/b?q#f");
        assert_eq!(
            Parts::of(Parsed::new(&text, layout, Grammar::Rfc3986)),
            parts
        );
    }

    // A grammar edited so that its rules no longer fit together reads the
    // assembled text otherwise than the components were checked: the
    // parse fails, or finds other components. Both are simulated here, as
    // the shipped grammar never does either (`build.rs` checks it).

    #[test]
    fn a_parse_that_fails_is_a_disagreement_on_the_component_it_fails_in() {
        let parts = parts();
        let (text, starts) = parts.text();
        let at = |offset: usize| {
            parts
                .read_back(&text, Err((offset, None)), &starts, Grammar::Rfc3986)
                .unwrap_err()
        };
        assert_eq!(at(0), disagreement(Component::Scheme, "scheme"));
        assert_eq!(at(1), disagreement(Component::Scheme, "scheme"));
        assert_eq!(at(4), disagreement(Component::Userinfo, "userinfo"));
        assert_eq!(at(6), disagreement(Component::Host, "host"));
        // The `:` before the port counts with the host.
        assert_eq!(at(7), disagreement(Component::Host, "host"));
        assert_eq!(at(8), disagreement(Component::Port, "port"));
        assert_eq!(at(11), disagreement(Component::Path, "segment"));
        assert_eq!(at(14), disagreement(Component::Query, "query"));
        assert_eq!(
            at(text.len()),
            disagreement(Component::Fragment, "fragment")
        );
        // The component the error names, when the parts have it.
        let named = |offset: usize, component: Component| {
            parts
                .read_back(
                    &text,
                    Err((offset, Some(component))),
                    &starts,
                    Grammar::Rfc3986,
                )
                .unwrap_err()
        };
        assert_eq!(
            named(1, Component::Path),
            disagreement(Component::Path, "segment")
        );
        assert_eq!(
            named(6, Component::Authority),
            disagreement(Component::Host, "host")
        );
        let iri = parts
            .read_back(&text, Err((11, None)), &starts, Grammar::Rfc3987)
            .unwrap_err();
        assert_eq!(iri, disagreement(Component::Path, "isegment"));
        assert_eq!(
            iri.to_string(),
            "the grammar and the builder disagree on the path: its text matches the rule \
             `isegment`, but the grammar does not read the reference built from it back with \
             that path; the grammar's rules do not fit together (was uri.pest edited? see \
             \"Editing uri.pest\" in peguri's docs/grammar.md)"
        );
        assert_eq!(iri.offset(), None);
    }

    #[test]
    fn a_parse_that_finds_other_components_is_a_disagreement_on_the_first() {
        let parts = parts();
        let (text, starts) = parts.text();
        // The layout of a parse that ends the path early and finds no
        // query, then one that reads the port into the host.
        for (other, component) in [
            ("s://u@h:8/a?b#f", Component::Path),
            ("s://u@h8:/a/b?q#f", Component::Host),
            ("s://u@h:8/a/b#q?f", Component::Query),
        ] {
            let layout = reparse(other, Grammar::Rfc3986).unwrap();
            let err = parts
                .read_back(&text, Ok(layout), &starts, Grammar::Rfc3986)
                .unwrap_err();
            assert_eq!(err.component(), component, "{other}");
            assert!(matches!(
                err.kind(),
                BuildErrorKind::GrammarDisagreement { .. }
            ));
        }
    }
}
