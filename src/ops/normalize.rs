//! Normalization and comparison (RFC 3986 section 6): the comparison
//! ladder's syntax-based (6.2.2) and scheme-based (6.2.3) rungs.
//!
//! Simple string comparison (6.2.1) is the `==` of every URI type, and
//! two references are equivalent when their normal forms are equal.
//! [`Normalizer`] switches each step of 6.2.2 and 6.2.3 on or off by
//! name.
//!
//! Protocol-based normalization (6.2.4) is out of scope: it needs the
//! network (following redirects, asking a server whether `/data` and
//! `/data/` name the same resource) or knowledge of one server's
//! configuration, and its answers change over time. A syntax library can
//! neither perform nor cache that; callers that can should do it on top.

use crate::ops::resolve::{has_dot_segment, remove_dot_segments};
use alloc::borrow::Cow;
use core::fmt::Write as _;

use crate::ops::iri::decode_displayable;
use crate::syntax::engine::is_path_noscheme;
use crate::syntax::entry::Grammar;
use crate::syntax::error::ParseError;
use crate::syntax::layout::{AuthorityLayout, HostData, Layout, Span};
use crate::syntax::parse::reparse;
use crate::syntax::pct::{self, rewrite_triplets};
use crate::types::authority::{Authority, Host};
use crate::types::parsed::Parsed;
use crate::types::scheme::scheme_info;
use alloc::{borrow::ToOwned, string::String, vec::Vec};

/// Which normalization steps to apply, each a named switch. Build one in a
/// `const` and reuse it.
///
/// | switch | RFC 3986 | what it does |
/// |---|---|---|
/// | [`case`](Self::case) | 6.2.2.1 | lowercase scheme and host, uppercase triplet hex digits |
/// | [`percent_encoding`](Self::percent_encoding) | 6.2.2.2 | decode triplets of unreserved characters |
/// | [`path_segments`](Self::path_segments) | 6.2.2.3 | remove dot-segments (see [`Reference::normalize`](crate::Reference::normalize)) |
/// | [`empty_port`](Self::empty_port) | 3.2.3 | drop an empty port and its `:` |
/// | [`scheme_based`](Self::scheme_based) | 6.2.3 | drop a default port, empty path to `/` (see [`scheme_info`]) |
/// | [`ipv6_canonical`](Self::ipv6_canonical) | RFC 5952 | IPv6 addresses in their canonical text (off in every preset) |
///
/// ```
/// use peguri::{Normalizer, UriRef};
///
/// const CASE_ONLY: Normalizer = Normalizer::none().case(true);
/// let uri = UriRef::parse("HTTP://EXAMPLE.com:80/a/./%7e")?;
/// assert_eq!(CASE_ONLY.normalize(&uri), "http://example.com:80/a/./%7E");
/// assert_eq!(Normalizer::syntax().normalize(&uri), "http://example.com:80/a/~");
/// assert_eq!(Normalizer::new().normalize(&uri), "http://example.com/a/~");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use = "a normalizer does nothing until `normalize` is called"]
pub struct Normalizer {
    case: bool,
    percent_encoding: bool,
    path_segments: bool,
    empty_port: bool,
    scheme_based: bool,
    ipv6_canonical: bool,
    nfc: bool,
}

impl Default for Normalizer {
    fn default() -> Self {
        Normalizer::new()
    }
}

impl Normalizer {
    /// Every step: syntax-based and scheme-based normalization, as
    /// [`Reference::normalize`](crate::Reference::normalize) does.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("https://h:443")?;
    /// assert_eq!(peguri::Normalizer::new().normalize(&uri), "https://h/");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn new() -> Self {
        Normalizer {
            case: true,
            percent_encoding: true,
            path_segments: true,
            empty_port: true,
            scheme_based: true,
            ipv6_canonical: false,
            nfc: false,
        }
    }

    /// Syntax-based normalization only (section 6.2.2 and the empty port of
    /// 3.2.3): case, percent-encoding and path segments. Ports and empty
    /// paths are left to scheme-based normalization.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("https://h:443")?;
    /// assert_eq!(peguri::Normalizer::syntax().normalize(&uri), "https://h:443");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn syntax() -> Self {
        Normalizer::new().scheme_based(false)
    }

    /// No step at all; switch on the ones wanted.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("HTTP://h/a/../b")?;
    /// let only_paths = peguri::Normalizer::none().path_segments(true);
    /// assert_eq!(only_paths.normalize(&uri), "HTTP://h/b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn none() -> Self {
        Normalizer {
            case: false,
            percent_encoding: false,
            path_segments: false,
            empty_port: false,
            scheme_based: false,
            ipv6_canonical: false,
            nfc: false,
        }
    }

    /// Case normalization (6.2.2.1): lowercase the scheme and the host
    /// (IP literals included, percent triplets excepted), uppercase the hex
    /// digits of every percent triplet.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("X://[::A]/%3a")?;
    /// assert_eq!(peguri::Normalizer::none().case(true).normalize(&uri), "x://[::a]/%3A");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn case(mut self, on: bool) -> Self {
        self.case = on;
        self
    }

    /// Percent-encoding normalization (6.2.2.2): decode the triplets of
    /// unreserved characters in every component. Reserved ones stay.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("/%7e%2f")?;
    /// assert_eq!(peguri::Normalizer::none().percent_encoding(true).normalize(&uri), "/~%2f");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn percent_encoding(mut self, on: bool) -> Self {
        self.percent_encoding = on;
        self
    }

    /// Path segment normalization (6.2.2.3): remove dot-segments, counting
    /// `%2E` as `.`. See [`Reference::normalize`](crate::Reference::normalize) for relative
    /// references.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("s:/a/%2E%2E/b")?;
    /// assert_eq!(peguri::Normalizer::none().path_segments(true).normalize(&uri), "s:/b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn path_segments(mut self, on: bool) -> Self {
        self.path_segments = on;
        self
    }

    /// Drop an empty port and its `:` (section 3.2.3: "URI producers and
    /// normalizers should omit the ":" delimiter that separates host from
    /// port if the port component is empty").
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("s://h:/")?;
    /// assert_eq!(peguri::Normalizer::none().empty_port(true).normalize(&uri), "s://h/");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn empty_port(mut self, on: bool) -> Self {
        self.empty_port = on;
        self
    }

    /// Scheme-based normalization (6.2.3) from the
    /// [scheme table](crate::scheme::scheme_info): drop a port equal to the
    /// scheme's default, and write an empty path after an authority as `/`
    /// where the scheme says they mean the same.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("ws://h:80")?;
    /// assert_eq!(peguri::Normalizer::none().scheme_based(true).normalize(&uri), "ws://h/");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn scheme_based(mut self, on: bool) -> Self {
        self.scheme_based = on;
        self
    }

    /// Write IPv6 addresses in RFC 5952's canonical text (section 4):
    /// lowercase hexadecimal without leading zeros, the longest run of two
    /// or more zero groups as `::` (the first of equally long runs), and
    /// an IPv4-mapped address with its IPv4 tail (`::ffff:192.0.2.1`, RFC
    /// 5952 section 5). A zone identifier (RFC 6874) keeps its text.
    ///
    /// It is off in every preset ([`new`](Self::new), [`syntax`](Self::syntax)):
    /// RFC 3986 section 6.2.2 only makes the literal case-insensitive, so
    /// `[0::1]` and `[::1]` are different URIs to it, although they name the
    /// same address. Turn it on to compare addresses by value: the normal
    /// forms are then equal.
    ///
    /// ```
    /// use peguri::{Normalizer, UriRef};
    ///
    /// const BY_ADDRESS: Normalizer = Normalizer::new().ipv6_canonical(true);
    /// let uri = UriRef::parse("http://[2001:0DB8:0:0:0:0:0:1]:80/")?;
    /// assert_eq!(BY_ADDRESS.normalize(&uri), "http://[2001:db8::1]/");
    /// assert_eq!(Normalizer::new().normalize(&uri), "http://[2001:0db8:0:0:0:0:0:1]/");
    /// let a = UriRef::parse("http://[::1]")?;
    /// let b = UriRef::parse("http://[0::1]")?;
    /// assert_eq!(BY_ADDRESS.normalize(&a), BY_ADDRESS.normalize(&b));
    /// assert!(!a.equivalent(&b));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn ipv6_canonical(mut self, on: bool) -> Self {
        self.ipv6_canonical = on;
        self
    }

    /// Character normalization of IRIs (RFC 3987 section 5.3.2.2): every
    /// component is put in Unicode Normalization Form C (NFC), with
    /// ICU4X's normalizer. Off in every preset; it applies to
    /// [`normalize`](Self::normalize) of an IRI only (a URI is ASCII, which
    /// NFC never changes). Feature `nfc`, on by default.
    ///
    /// NFC can give an ASCII character a meaning the text did not have: a
    /// delimiter followed by a combining mark composes into another
    /// character (`=` and U+0338 make `≠`), and a few characters are
    /// canonically ASCII punctuation (U+037E GREEK QUESTION MARK is `;`).
    /// A component where NFC would add or remove any ASCII character other
    /// than a letter, digit, `-`, `.`, `_` or `~` is left as it is, so that
    /// the normal form has the same components and delimiters.
    ///
    /// With NFC on, IRI normalization no longer commutes with the mapping to
    /// URIs, which has no such step.
    ///
    /// ```
    /// use peguri::{IriRef, Normalizer};
    ///
    /// const NFC: Normalizer = Normalizer::new().nfc(true);
    /// // "e" and U+0301 COMBINING ACUTE ACCENT become "é" (U+00E9).
    /// let iri = IriRef::parse("http://example.org/cafe\u{301}?q=e\u{301}")?;
    /// assert_eq!(NFC.normalize(&iri), "http://example.org/caf\u{E9}?q=\u{E9}");
    /// assert_eq!(Normalizer::new().normalize(&iri), iri.as_str());
    /// // Percent-encoded characters are decoded first, then composed.
    /// let iri = IriRef::parse("/cafe%CC%81")?;
    /// assert_eq!(NFC.normalize(&iri), "/caf\u{E9}");
    /// // A delimiter stays a delimiter.
    /// let iri = IriRef::parse("?a=\u{338}b")?;
    /// assert_eq!(NFC.normalize(&iri), "?a=\u{338}b");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "nfc")]
    pub const fn nfc(mut self, on: bool) -> Self {
        self.nfc = on;
        self
    }

    /// The normal form of `uri` (a URI or an IRI, by its grammar): its
    /// text, layout and grammar, which every type's `normalize` makes its
    /// result from. The text built always parses again (the property tests
    /// check it); should it ever not, the input is returned unchanged
    /// rather than panicking.
    pub(crate) fn normal_form(&self, uri: Parsed<'_>) -> (String, Layout, Grammar) {
        match self.try_normalize(&uri) {
            Ok((text, layout)) => (text, layout, uri.grammar),
            Err(_) => (uri.text.to_owned(), uri.layout, uri.grammar),
        }
    }

    /// Builds the normal form's text and its layout.
    fn try_normalize(&self, uri: &Parsed<'_>) -> Result<(String, Layout), ParseError> {
        let grammar = uri.grammar;
        if self.is_normal_already(uri) {
            // Nothing to rewrite: the input's text and layout are the normal
            // form's.
            return Ok((uri.as_str().to_owned(), uri.layout));
        }
        let mut out = String::with_capacity(uri.as_str().len());
        // Where each component lands in `out`, so that the result needs no
        // second parse (see `layout_or_parse`).
        let scheme = uri.scheme();
        let scheme_span = scheme.map(|scheme| {
            push_cased(&mut out, scheme, self.case);
            let span = Span::new(0, out.len());
            out.push(':');
            span
        });
        let info = scheme.filter(|_| self.scheme_based).and_then(scheme_info);
        let authority = uri.authority();
        let authority_layout = authority.map(|authority| {
            out.push_str("//");
            let default_port = info.and_then(|i| i.default_port);
            self.push_authority(&mut out, &authority, default_port, grammar)
        });
        let path = self.triplets(uri.path(), grammar);
        let path = if self.path_segments {
            normalize_path(&path, scheme.is_some(), authority.is_some(), grammar)
        } else {
            path
        };
        let path_start = out.len();
        if path.is_empty() && authority.is_some() && info.is_some_and(|i| i.empty_path_is_root) {
            out.push('/');
        } else {
            out.push_str(&path);
        }
        let path_span = Span::new(path_start, out.len());
        let mut after = |delimiter: char, part: Option<&str>| {
            part.map(|part| {
                out.push(delimiter);
                let start = out.len();
                out.push_str(&self.triplets(part, grammar));
                Span::new(start, out.len())
            })
        };
        let query = after('?', uri.query());
        let fragment = after('#', uri.fragment());
        if out == uri.as_str() {
            // Already normal: the input was parsed, its layout is reused.
            return Ok((out, uri.layout));
        }
        let layout = match authority_layout {
            Some(None) => None,
            Some(Some(a)) => Some(Layout {
                scheme: scheme_span,
                authority: Some(a),
                path: path_span,
                query,
                fragment,
            }),
            None => Some(Layout {
                scheme: scheme_span,
                authority: None,
                path: path_span,
                query,
                fragment,
            }),
        };
        layout_or_parse(out, layout, grammar)
    }

    /// A quick, conservative test that no step would change `uri`: no
    /// percent-encoding at all, nothing to lowercase, a port that stays, a
    /// path without dot-segments that needs no prefix, and no empty path
    /// that scheme-based normalization would turn into `/`. When it says
    /// `false`, the full rewrite decides (and may still find nothing).
    fn is_normal_already(&self, uri: &Parsed<'_>) -> bool {
        let has_upper = |text: &str| text.bytes().any(|b| b.is_ascii_uppercase());
        if has_byte(uri.as_str(), b'%') || (self.nfc && !uri.as_str().is_ascii()) {
            return false;
        }
        let scheme = uri.scheme();
        if self.case && scheme.is_some_and(has_upper) {
            return false;
        }
        let info = scheme.filter(|_| self.scheme_based).and_then(scheme_info);
        let authority = uri.authority();
        if let Some(a) = &authority {
            if self.case && has_upper(a.host_str()) {
                return false;
            }
            if self.ipv6_canonical && matches!(a.host(), Host::Ipv6 { .. }) {
                return false;
            }
            if let Some(port) = a.port() {
                let default = info.and_then(|i| i.default_port);
                if (self.empty_port && port.is_empty())
                    || (default.is_some() && a.port_u16() == default)
                {
                    return false;
                }
            }
        }
        let path = uri.path();
        if path.is_empty() && authority.is_some() && info.is_some_and(|i| i.empty_path_is_root) {
            return false;
        }
        if self.path_segments {
            let rooted_or_empty = path.is_empty() || path.starts_with('/');
            let plain = authority.is_some() || (rooted_or_empty && !path.starts_with("//"));
            if !plain || has_dot_segment(path) {
                return false;
            }
        }
        true
    }

    /// The percent-encoding steps for a component other than the host.
    fn triplets<'t>(&self, text: &'t str, grammar: Grammar) -> Cow<'t, str> {
        let decoded = self.iri_decoded(
            rewrite_triplets(text, self.case, self.percent_encoding, false),
            grammar,
        );
        self.character_normalized(decoded, grammar)
    }

    /// For an IRI with percent-encoding normalization on, the text with the
    /// triplets of `ucschar` characters decoded (RFC 3987 section 5.3.2.3).
    fn iri_decoded<'t>(&self, text: Cow<'t, str>, grammar: Grammar) -> Cow<'t, str> {
        if !grammar.is_iri() || !self.percent_encoding {
            return text;
        }
        match decode_displayable(&text) {
            Cow::Borrowed(_) => text,
            Cow::Owned(decoded) => Cow::Owned(decoded),
        }
    }

    /// For an IRI with NFC on, the component's text in NFC (RFC 3987
    /// section 5.3.2.2); see [`Normalizer::nfc`] for the one exception.
    #[cfg_attr(not(feature = "nfc"), allow(clippy::unused_self))]
    fn character_normalized<'t>(&self, text: Cow<'t, str>, grammar: Grammar) -> Cow<'t, str> {
        #[cfg(feature = "nfc")]
        if self.nfc && grammar.is_iri() && !text.is_ascii() {
            return nfc_keeping_delimiters(text);
        }
        let _ = grammar;
        text
    }

    /// Appends the normal authority; returns where its parts landed, or
    /// `None` when the host's kind must be found again by parsing (a
    /// reg-name with percent-encoding could decode to an IPv4 address).
    fn push_authority(
        &self,
        out: &mut String,
        authority: &Authority<'_>,
        default_port: Option<u16>,
        grammar: Grammar,
    ) -> Option<AuthorityLayout> {
        let start = out.len();
        let userinfo = authority.userinfo().map(|userinfo| {
            out.push_str(&self.triplets(userinfo, grammar));
            let span = Span::new(start, out.len());
            out.push('@');
            span
        });
        let host_start = out.len();
        let host_data = match authority.host() {
            Host::RegName(name) => {
                // The ASCII letters of a host are lowercased, in IRIs too,
                // whatever else the host holds: that is what the URI the
                // IRI maps to gets (its other characters are triplets), so
                // the normal form of an IRI maps to the normal form of its
                // URI. Other letters keep their case (see `Normalizer::normalize`).
                let rewritten = rewrite_triplets(name, self.case, self.percent_encoding, self.case);
                let decoded = self.iri_decoded(rewritten, grammar);
                let host = self.character_normalized(decoded, grammar);
                // NFC can give an ASCII letter back (U+212A KELVIN SIGN is
                // `K`): lowercased after it, so the result stays normal.
                out.push_str(&rewrite_triplets(&host, self.case, false, self.case));
                (!has_byte(name, b'%')).then_some(HostData::RegName)
            }
            Host::Ipv4 { text, .. } => {
                out.push_str(text);
                Some(HostData::Ipv4)
            }
            // Host text is case-insensitive (3.2.2), IP literals included;
            // they hold no triplets.
            Host::Ipv6 { addr, zone, .. } if self.ipv6_canonical => {
                // RFC 5952 section 4 (and 5): `Ipv6Addr`'s text is it.
                let _ = write!(out, "[{addr}");
                let zone = zone.map(|zone| {
                    out.push_str("%25");
                    let zone_start = out.len();
                    // A zone is ASCII in IRIs too (`ihost` takes RFC 3986's
                    // `IP-literal`): its triplets normalize as a URI's.
                    out.push_str(&self.triplets(zone.as_str(), grammar.as_uri()));
                    Span::new(zone_start, out.len())
                });
                out.push(']');
                Some(HostData::Ipv6 { zone })
            }
            Host::Ipv6 { text, zone, .. } => match zone {
                None => {
                    push_cased(out, text, self.case);
                    Some(HostData::Ipv6 { zone: None })
                }
                Some(zone) => {
                    // `[` address `%25` zone `]`: the address is
                    // case-insensitive (3.2.2); the zone keeps its case, as
                    // RFC 6874 gives it no case rule, and its triplets
                    // normalize as everywhere else (6.2.2.1, 6.2.2.2).
                    let zone = zone.as_str();
                    // The zone ends the host text, before its `]`.
                    let before = text.len().saturating_sub(zone.len() + 1);
                    push_cased(out, text.get(..before).unwrap_or(text), self.case);
                    let zone_start = out.len();
                    out.push_str(&self.triplets(zone, grammar.as_uri()));
                    let zone = Span::new(zone_start, out.len());
                    out.push(']');
                    Some(HostData::Ipv6 { zone: Some(zone) })
                }
            },
            Host::IpvFuture { text, version, .. } => {
                push_cased(out, text, self.case);
                // `[v` + version.
                let version = Span::new(host_start + 2, host_start + 2 + version.len());
                Some(HostData::IpvFuture { version })
            }
        };
        let host = Span::new(host_start, out.len());
        let mut port_span = None;
        if let Some(port) = authority.port() {
            let drop_empty = self.empty_port && port.is_empty();
            let drop_default = default_port.is_some() && authority.port_u16() == default_port;
            if !drop_empty && !drop_default {
                out.push(':');
                let port_start = out.len();
                out.push_str(port);
                port_span = Some(Span::new(port_start, out.len()));
            }
        }
        Some(AuthorityLayout {
            span: Span::new(start, out.len()),
            userinfo,
            host,
            host_data: host_data?,
            port: port_span,
        })
    }
}

/// The normal form with the layout built alongside it, or, when the layout
/// is not known, parsed. (Builds with debug assertions check a built layout
/// where the result is made: `from_parts` parses the text again.)
fn layout_or_parse(
    text: String,
    layout: Option<Layout>,
    grammar: Grammar,
) -> Result<(String, Layout), ParseError> {
    match layout {
        Some(layout) => Ok((text, layout)),
        None => {
            let layout = reparse(&text, grammar)?;
            Ok((text, layout))
        }
    }
}

/// `text` in NFC, unless NFC adds or removes an ASCII character that is
/// not unreserved (a delimiter, or a character no IRI holds): then as it
/// is (see [`Normalizer::nfc`]).
#[cfg(feature = "nfc")]
fn nfc_keeping_delimiters(text: Cow<'_, str>) -> Cow<'_, str> {
    let composed = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(&text);
    let Cow::Owned(composed) = composed else {
        return text;
    };
    let delimiters = |s: &str| {
        s.bytes()
            .filter(|&b| b.is_ascii() && !pct::is_unreserved(b))
            .collect::<Vec<u8>>()
    };
    if delimiters(&composed) == delimiters(&text) {
        Cow::Owned(composed)
    } else {
        text
    }
}

/// Appends `text`, ASCII-lowercased when `lower`, without allocating.
fn push_cased(out: &mut String, text: &str, lower: bool) {
    let start = out.len();
    out.push_str(text);
    if lower {
        if let Some(appended) = out.get_mut(start..) {
            appended.make_ascii_lowercase();
        }
    }
}

/// Whether `text` holds `byte`.
fn has_byte(text: &str, byte: u8) -> bool {
    text.as_bytes().contains(&byte)
}

/// Removes dot-segments from a path whose triplets have been normalized,
/// choosing the algorithm by the kind of reference (see [`Reference::normalize`](crate::Reference::normalize)), and
/// keeps the result from being read as something else.
fn normalize_path<'t>(
    path: &Cow<'t, str>,
    has_scheme: bool,
    has_authority: bool,
    grammar: Grammar,
) -> Cow<'t, str> {
    let path = dots_decoded(path);
    // The common case: no dot-segment, and nothing that could re-read as
    // an authority or a scheme. The path is already normal.
    let rooted_or_empty = path.is_empty() || path.starts_with('/');
    if (has_authority || (rooted_or_empty && !path.starts_with("//"))) && !has_dot_segment(&path) {
        return path;
    }
    let rooted = has_scheme || has_authority || path.starts_with('/');
    let mut out = if rooted {
        remove_dot_segments(&path)
    } else {
        remove_relative_dot_segments(&path)
    };
    if !has_authority && out.starts_with("//") {
        // `//` would start an authority; `/.` in front keeps it a path.
        out.insert_str(0, "/.");
    }
    if !rooted && !out.is_empty() && !is_path_noscheme(&out, grammar) {
        // A first segment that is empty or holds a colon would make the
        // reference absolute-path or give it a scheme; `./` keeps it
        // relative.
        out.insert_str(0, "./");
    }
    if out == path.as_ref() {
        return path;
    }
    Cow::Owned(out)
}

/// The path with every segment that is a percent-encoded `.` or `..`
/// (`%2E`, `.%2e`, ...) written as plain dots, so that dot-segment removal
/// sees them whether or not percent-encoding normalization is on.
fn dots_decoded<'t>(path: &Cow<'t, str>) -> Cow<'t, str> {
    let is_encoded_dot =
        |seg: &str| seg.contains('%') && matches!(&*pct::decode(seg), b"." | b"..");
    if !has_byte(path, b'%') || !path.split('/').any(is_encoded_dot) {
        return path.clone();
    }
    let segments: Vec<Cow<'_, str>> = path
        .split('/')
        .map(|seg| {
            if is_encoded_dot(seg) {
                Cow::Owned(String::from_utf8_lossy(&pct::decode(seg)).into_owned())
            } else {
                Cow::Borrowed(seg)
            }
        })
        .collect();
    Cow::Owned(segments.join("/"))
}

/// Dot-segment removal for a relative-path reference (no scheme, no
/// authority, no leading `/`) that keeps its meaning against every base.
///
/// Resolution merges the reference with the base's directory (RFC 3986
/// section 5.2.3), which is empty when the base path has no `/` (`s:`,
/// `mailto:joe`), and then removes dot-segments from the merged path
/// (5.2.4). Against such a base, a `..` that removes the *first* segment
/// leaves the `/` that followed it, so the result is rooted: `s:` +
/// `b/../x` is `s:/x`, whereas `s:` + `x` is `s:x`. So:
///
/// - `.` segments go (a final one leaves the final `/` it stood for);
/// - a `..` cancels the segment before it, unless that is the first
///   ordinary segment of the reference (`..` segments before it do not
///   count): then both stay (`a/../x` stays, `a/b/../x` is `a/x`);
/// - a path that ends where a cancelled dot-segment was keeps its final
///   `/` (`a/b/..` is `a/`), and a path that is left empty becomes `./`
///   (the base's directory), never the empty reference (the base itself).
///
/// `tests/library/normalize_props.rs` resolves references and their normal forms
/// against bases with and without authority, with empty, rootless and
/// absolute paths, and finds the same URI.
fn remove_relative_dot_segments(path: &str) -> String {
    if path.is_empty() {
        return String::new();
    }
    let mut out: Vec<&str> = Vec::new();
    // How many of `out` are ordinary segments (not a `..` that stayed).
    let mut ordinary = 0usize;
    let mut segments = path.split('/').peekable();
    while let Some(segment) = segments.next() {
        let last = segments.peek().is_none();
        match segment {
            "." => {
                if last {
                    out.push("");
                    ordinary += 1;
                }
            }
            ".." if ordinary >= 2 && out.last().is_some_and(|s| *s != "..") => {
                out.pop();
                ordinary -= 1;
                if last {
                    out.push("");
                    ordinary += 1;
                }
            }
            ".." => out.push(".."),
            _ => {
                out.push(segment);
                ordinary += 1;
            }
        }
    }
    let joined = out.join("/");
    if joined.is_empty() {
        // Nothing but the base's directory is left: "./".
        return String::from("./");
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::{remove_dot_segments, remove_relative_dot_segments};

    #[test]
    fn remove_dot_segments_rfc_5_2_4_examples() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn remove_dot_segments_literal_edge_cases() {
        assert_eq!(remove_dot_segments("/.."), "/");
        assert_eq!(remove_dot_segments("/."), "/");
        assert_eq!(remove_dot_segments("."), "");
        assert_eq!(remove_dot_segments("../a"), "a");
        assert_eq!(remove_dot_segments("a/../b"), "/b");
        assert_eq!(remove_dot_segments("/a//../b"), "/a/b");
        assert_eq!(remove_dot_segments("/.//x"), "//x");
    }

    #[test]
    fn relative_dot_segments_keep_meaning() {
        assert_eq!(remove_relative_dot_segments("../a/./b"), "../a/b");
        assert_eq!(remove_relative_dot_segments("."), "./");
        assert_eq!(remove_relative_dot_segments("./"), "./");
        assert_eq!(remove_relative_dot_segments(".."), "..");
        assert_eq!(remove_relative_dot_segments("a/b/../x"), "a/x");
        assert_eq!(remove_relative_dot_segments("a/b/.."), "a/");
        assert_eq!(remove_relative_dot_segments("../a/b/../x"), "../a/x");
        assert_eq!(remove_relative_dot_segments(""), "");
        // The first ordinary segment is never cancelled: against a base
        // with no `/` in its path (`s:`, `mailto:joe`) that leaves a root.
        assert_eq!(remove_relative_dot_segments("b/../x"), "b/../x");
        assert_eq!(remove_relative_dot_segments("a/.."), "a/..");
        assert_eq!(remove_relative_dot_segments("a/../../b"), "a/../../b");
        assert_eq!(remove_relative_dot_segments("../../abc/.."), "../../abc/..");
        assert_eq!(remove_relative_dot_segments("a/../x/../y"), "a/../y");
    }
}
