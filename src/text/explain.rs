//! The component diagram: a URI reference with a labelled bracket under or
//! over each of its components, as RFC 3986 section 3 and many textbooks
//! draw it.
//!
//! ```
//! use peguri::explain::Explainer;
//!
//! let uri = peguri::UriRef::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
//! assert_eq!(Explainer::new().explain(&uri), "\
//! \x20             hierarchical part
//! \x20       ┌─────────────┴─────────────┐
//! \x20            authority        path
//! \x20         ┌──────┴───────┐┌────┴────┐
//! \x20   foo://example.com:8042/over/there?name=ferret#nose
//! \x20   └┬┘   └────┬────┘ └┬─┘            └────┬────┘ └┬─┘
//! scheme name   host    port               query  fragment
//! ");
//! # Ok::<_, peguri::ParseError>(())
//! ```
//!
//! Below the reference: scheme, user information, host, port, query and
//! fragment. Above it: authority and path, and over them the hierarchical
//! part (`hier-part`), or the relative part (`relative-part`) of a
//! reference without a scheme.
//!
//! # Layout
//!
//! - *A bracket spans exactly its component's characters.* The
//!   hierarchical part includes the `//` before an authority, since the
//!   grammar puts it there (`hier-part = "//" authority path-abempty / ...`).
//! - *The tick sits at the middle of the bracket*, left of the middle for an
//!   even width; a component of one character is a tick alone.
//! - *A component that is absent has no bracket; one that is present but
//!   empty has a zero-width marker* (`│`, or `|` in ASCII) in the column
//!   where it would start: `http://h?` has an empty query, marked just
//!   past the `?`; `http://h` has none.
//! - *Each label is centred on its tick* (left of the middle for an even
//!   length) *and moved only as far as needed to keep one space between
//!   neighbouring labels*: labels that would touch share the move, so the
//!   sum of the squared moves is the least possible (rounded to whole
//!   columns, leftwards). Labels stay on their line, in the order of
//!   their ticks.
//! - *Each label stays near its tick*, at most two columns from it. When
//!   the moves above would take a label farther (short components close
//!   together, as in `a://b@c:1/d?e#f`), the labels of that row are
//!   stacked instead:
//!   each starts at its tick, on the line nearest the brackets where it
//!   fits, the rightmost first, with a line (`│`, or `|` in ASCII) from
//!   its tick down (or up) to it.
//! - *The reference is indented just enough for the leftmost label*, so no
//!   label is pushed aside by the edge of the line.
//! - *Two markers or brackets that would share a column on one line*
//!   (an empty authority and the path after it, as in `file:///etc`) are
//!   drawn on two lines, the non-empty one nearer the reference.
//! - *Width is counted in characters* (Unicode scalar values) by default,
//!   which is what a terminal shows for the ASCII of a URI. An IRI may
//!   hold characters that a terminal draws twice as wide (most CJK): give
//!   [`Explainer::char_width`] the terminal's widths (the `unicode-width`
//!   crate's, for one) and the brackets stay under their characters.
//! - *Lines are never wrapped*: a long reference gives long lines.
//!
//! Every position comes from the parsed reference's components (slices of
//! its input), never from looking for delimiters in the text.

use alloc::borrow::Cow;
use core::ops::Range;

use core::fmt::Write as _;

use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::uri::Rec;
use crate::syntax::component::Component;
use crate::syntax::engine;
use crate::syntax::entry::{Entry, Grammar, Syntax};
use crate::syntax::error::ParseError;
use crate::syntax::excerpt::is_unsafe_to_show;
use crate::syntax::layout::{Layout, Span, offset_in};
use crate::types::authority::Authority;
use alloc::{format, string::String, vec, vec::Vec};

/// Draws component diagrams: box-drawing characters by default, or plain
/// ASCII (`.`, `'`, `-`, `+`, `|`) for terminals without them, with widths
/// counted in characters or as a terminal shows them.
///
/// ```
/// use peguri::UriRef;
/// use peguri::explain::Explainer;
///
/// let uri = UriRef::parse("https://example.com:8042/over/there")?;
/// assert_eq!(Explainer::new().ascii(true).explain(&uri), "\
/// \x20              hierarchical part
/// \x20        .-------------+-------------.
/// \x20             authority        path
/// \x20          .------+-------..----+----.
/// \x20  https://example.com:8042/over/there
/// \x20  '-+-'   '----+----' '+-'
/// scheme name    host    port
/// ");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use = "an explainer does nothing until `explain` is called"]
pub struct Explainer {
    ascii: bool,
    width: CharWidth,
    scheme_parts: bool,
}

/// How many columns a character takes: one by default, or what a function
/// says.
#[derive(Clone, Copy, Debug, Default)]
struct CharWidth(Option<fn(char) -> usize>);

impl CharWidth {
    fn of(self, c: char) -> usize {
        self.0.map_or(1, |width| width(c))
    }
}

/// Two explainers are equal when they draw the same: the same function.
impl PartialEq for CharWidth {
    fn eq(&self, other: &Self) -> bool {
        match (self.0, other.0) {
            (Some(a), Some(b)) => core::ptr::fn_addr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

impl Eq for CharWidth {}

impl core::hash::Hash for CharWidth {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.map(|width| width as usize).hash(state);
    }
}

impl Explainer {
    /// An explainer that draws with box-drawing characters.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("?")?;
    /// assert!(peguri::explain::Explainer::new().explain(&uri).contains('│'));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn new() -> Self {
        Explainer {
            ascii: false,
            width: CharWidth(None),
            scheme_parts: false,
        }
    }

    /// Draw with ASCII only: corners are `.` over the reference and `'`
    /// under it, lines `-`, ticks `+`, and a zero-width marker or a line
    /// to a label `|`.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//example.com")?;
    /// let diagram = peguri::explain::Explainer::new().ascii(true).explain(&uri);
    /// assert!(diagram.is_ascii());
    /// assert!(diagram.contains(".----+----."));
    /// assert!(diagram.contains("'----+----'"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn ascii(mut self, on: bool) -> Self {
        self.ascii = on;
        self
    }

    /// Count each character of the reference as `width` columns, as the
    /// terminal that shows the diagram draws it (two for most CJK, zero
    /// for a combining mark), instead of one. The `unicode-width` crate's
    /// `UnicodeWidthChar::width` is such a function.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://例え.jp/")?;
    /// let wide = |c: char| if c.is_ascii() { 1 } else { 2 };
    /// let diagram = peguri::explain::Explainer::new().char_width(wide).explain(&iri);
    /// // The host's bracket spans four columns for 例え, then `.jp`.
    /// assert!(diagram.contains("\n    └┬─┘   └──┬──┘\n"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn char_width(mut self, width: fn(char) -> usize) -> Self {
        self.width = CharWidth(Some(width));
        self
    }

    /// Draw, under the reference, the parts its scheme's own syntax
    /// defines (feature `schemes`): a URN's NID and NSS (RFC 8141 section
    /// 2), a data URL's media type and data (RFC 2397 section 3), a tel
    /// URI's number and parameters (RFC 3966 section 3), a sip URI's user,
    /// host and port, a tag's authority name, date and specific part, an
    /// acct URI's user part and host, an XMPP URI's node, domain and
    /// resource, an sms URI's recipients, an about URI's token, a cid or
    /// mid URL's Message-ID and Content-ID, an ftp URL's login, path and
    /// type (RFC 1738 section 3.2), an ldap URL's host, DN, attributes,
    /// scope, filter and extensions (RFC 4516 section 2), an ni or nih
    /// URI's algorithm and value (RFC 6920), a news or nntp URI's server,
    /// article, newsgroups or group (RFC 5538). A reference whose scheme
    /// has no such parts, or that breaks its scheme's syntax, is drawn as
    /// without this.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("urn:example:animal:ferret:nose")?;
    /// assert_eq!(peguri::explain::Explainer::new().scheme_parts(true).explain(&uri), "\
    /// \x20            hierarchical part
    /// \x20        ┌───────────┴────────────┐
    /// \x20                   path
    /// \x20        ┌───────────┴────────────┐
    /// \x20    urn:example:animal:ferret:nose
    /// \x20    └┬┘ └──┬──┘ └───────┬────────┘
    /// scheme name NID         NSS
    /// ");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg(feature = "schemes")]
    pub const fn scheme_parts(mut self, on: bool) -> Self {
        self.scheme_parts = on;
        self
    }

    /// The parts of `reference`'s scheme-specific syntax to draw, as
    /// labels and byte ranges.
    #[cfg(feature = "schemes")]
    fn scheme_brackets<S: Storage, F: Family, K: Kind>(
        &self,
        reference: &Reference<S, F, K>,
    ) -> Vec<(&'static str, Range<usize>)> {
        use crate::text::scheme::{Parts, parts};
        match parts(reference).filter(|_| self.scheme_parts) {
            Some(Ok(Parts::Urn(urn))) => {
                let [nid, nss] = urn.spans();
                vec![("NID", nid), ("NSS", nss)]
            }
            Some(Ok(Parts::Data(data))) => {
                let (media_type, data) = data.spans();
                let media_type = media_type.map(|span| ("media type", span));
                media_type.into_iter().chain([("data", data)]).collect()
            }
            Some(Ok(Parts::Tel(tel))) => tel.spans().collect(),
            Some(Ok(Parts::Sip(sip) | Parts::Sips(sip))) => sip.spans().collect(),
            Some(Ok(Parts::Tag(tag))) => tag.spans().to_vec(),
            Some(Ok(Parts::Acct(acct))) => acct.spans().to_vec(),
            Some(Ok(Parts::Xmpp(xmpp))) => xmpp.spans(),
            Some(Ok(Parts::Sms(sms))) => sms.spans().collect(),
            Some(Ok(Parts::About(about))) => vec![("token", about.span())],
            Some(Ok(Parts::Cid(url) | Parts::Mid(url))) => url.spans(),
            Some(Ok(Parts::Ftp(ftp))) => ftp.spans(),
            Some(Ok(Parts::Ldap(ldap))) => ldap.spans(),
            Some(Ok(Parts::Ni(ni) | Parts::Nih(ni))) => ni.spans(),
            Some(Ok(Parts::News(news) | Parts::Nntp(news))) => news.spans(),
            _ => Vec::new(),
        }
    }

    /// The diagram of a reference, one line per row, each ending in
    /// `\n`, without trailing spaces: any URI or IRI reference, borrowed or
    /// owned. An IRI's width is counted in characters (or by
    /// [`char_width`](Self::char_width)).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//h:")?;
    /// assert_eq!(peguri::explain::Explainer::new().explain(&uri), "\
    /// relative part
    /// \x20    ┌┴─┐
    /// authority path
    /// \x20      ┴┐│
    /// \x20    //h:
    /// \x20      ┬ │
    /// \x20   host port
    /// ");
    /// let iri = peguri::IriBuf::parse("http://bücher.example/straße")?;
    /// let diagram = peguri::explain::Explainer::new().explain(&iri);
    /// assert!(diagram.contains("\n    └┬─┘   └─────┬──────┘\n"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn explain<S: Storage, F: Family, K: Kind>(
        &self,
        reference: &Reference<S, F, K>,
    ) -> String {
        let view = reference.view();
        let parts = Parts::of(
            view.as_str(),
            self.width,
            view.scheme(),
            view.authority(),
            view.path(),
            view.query(),
            view.fragment(),
        );
        #[cfg(feature = "schemes")]
        let parts = Parts {
            scheme_parts: self.scheme_brackets(reference),
            ..parts
        };
        self.draw(&parts, None)
    }

    /// The diagram of an input that does not parse, `error` being its
    /// parse error: the components of the longest prefix the grammar
    /// matches that end before the error, the input (its control and
    /// bidirectional formatting characters shown as U+FFFD, as an error's
    /// excerpt shows them), and a last line with a caret under the error
    /// and its message. A component that would reach past the error
    /// is not drawn, nor are the parts of a scheme's syntax.
    ///
    /// ```
    /// let input = "http://example.com/a b";
    /// let err = peguri::UriRef::parse(input).unwrap_err();
    /// assert_eq!(peguri::explain::Explainer::new().explain_error(input, &err), "\
    /// \x20       hierarchical part
    /// \x20        ┌──────┴──────┐
    /// \x20          authority path
    /// \x20          ┌────┴────┐┴┐
    /// \x20   http://example.com/a b
    /// \x20   └┬─┘   └────┬────┘
    /// scheme name    host
    /// \x20                       ^ invalid character ' ' in path
    /// ");
    /// ```
    ///
    /// The components are those of the error's rule
    /// ([`ParseError::rule`]): a URI or IRI reference, a URI, an absolute
    /// URI or a relative reference, in RFC 3986 or RFC 3987 (IPv6 zone
    /// identifiers read as RFC 6874 allows them). For an error of another
    /// rule, only the input and the caret are drawn.
    pub fn explain_error(&self, input: &str, error: &ParseError) -> String {
        let offset = error.offset().min(input.len());
        let prefix = syntax_of(error.rule()).and_then(|syntax| {
            let mut rec = Rec::default();
            let end = engine::run(input, syntax, &mut rec)?;
            Some((end, engine::layout(input, &rec)))
        });
        let parts = Parts::of_prefix(input, self.width, prefix.as_ref(), error);
        self.draw(&parts, Some((offset, &error.message())))
    }

    /// Draws `parts`, and under them, with `caret`, a caret at a byte
    /// offset followed by a message.
    fn draw(&self, parts: &Parts<'_>, caret: Option<(usize, &dyn core::fmt::Display)>) -> String {
        let glyphs = if self.ascii { &ASCII } else { &BOX };
        let (above, below) = parts.brackets();
        let above = pack(above);
        let below = pack(below);
        let placed_above: Vec<Placed> = above.iter().map(|row| place(row)).collect();
        let placed_below: Vec<Placed> = below.iter().map(|row| place(row)).collect();
        let leftmost = placed_above
            .iter()
            .chain(&placed_below)
            .flat_map(|p| p.label_starts.iter().copied())
            .min()
            .unwrap_or(0);
        let indent = usize::try_from(-leftmost.min(0)).unwrap_or(0);

        let mut lines = Vec::new();
        // Outermost row first: its labels (the farthest line first), then
        // its brackets.
        for (row, placed) in above.iter().zip(&placed_above).rev() {
            let mut labels = label_lines(row, placed, indent, glyphs.above.marker);
            labels.reverse();
            lines.extend(labels);
            lines.push(bracket_line(row, &glyphs.above, indent));
        }
        lines.push(format!("{:indent$}{}", "", parts.shown()));
        for (row, placed) in below.iter().zip(&placed_below) {
            lines.push(bracket_line(row, &glyphs.below, indent));
            lines.extend(label_lines(row, placed, indent, glyphs.below.marker));
        }
        if let Some((offset, message)) = caret {
            let column = indent + parts.column(offset);
            let mut line = format!("{:column$}^ ", "");
            let _ = write!(line, "{message}");
            lines.push(line);
        }
        let mut out = String::new();
        for line in lines {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// The rule an error names, as the syntax its prefix is matched with:
/// the typed entries of RFC 3986 and RFC 3987, with RFC 6874's zone
/// identifiers (a leniency, which only lets a prefix run further).
fn syntax_of(rule: &str) -> Option<Syntax> {
    let entries = [
        Entry::UriReference,
        Entry::Uri,
        Entry::AbsoluteUri,
        Entry::RelativeRef,
    ];
    [Grammar::Rfc6874, Grammar::Rfc3987Zones]
        .into_iter()
        .flat_map(|grammar| entries.map(|entry| Syntax::new(entry, grammar)))
        .find(|syntax| syntax.rfc_name() == rule)
}

/// `c` as a diagram draws it: U+FFFD for a character that is unsafe to
/// show.
fn shown_as(c: char) -> char {
    if is_unsafe_to_show(c) { '\u{FFFD}' } else { c }
}

/// The components of a reference, as byte ranges of its input: those its
/// accessors give, or those of a prefix that parsed.
struct Parts<'a> {
    input: &'a str,
    width: CharWidth,
    scheme: Option<Range<usize>>,
    authority: Option<AuthorityParts>,
    /// Absent only in a prefix that stops before its path.
    path: Option<Range<usize>>,
    query: Option<Range<usize>>,
    fragment: Option<Range<usize>>,
    /// The parts of the scheme's own syntax, drawn below: labels and byte
    /// ranges.
    #[cfg(feature = "schemes")]
    scheme_parts: Vec<(&'static str, Range<usize>)>,
}

/// The authority and its parts, as byte ranges.
struct AuthorityParts {
    whole: Range<usize>,
    userinfo: Option<Range<usize>>,
    host: Range<usize>,
    port: Option<Range<usize>>,
}

/// A component to draw: its label and the columns it covers (empty for an
/// empty component, which is drawn as a marker at `columns.start`).
#[derive(Clone, Debug)]
struct Bracket {
    label: &'static str,
    columns: Range<usize>,
}

impl Bracket {
    /// The columns the drawing takes: a marker takes one.
    fn footprint(&self) -> Range<usize> {
        self.columns.start..self.columns.end.max(self.columns.start + 1)
    }

    /// The column of the tick (or marker): the middle, left of it for an
    /// even width.
    fn tick(&self) -> usize {
        self.columns.start + self.columns.len().saturating_sub(1) / 2
    }
}

impl<'a> Parts<'a> {
    /// The components of a parsed reference, from its accessors: each is a
    /// slice of `input`, found where it lies in memory.
    fn of(
        input: &'a str,
        width: CharWidth,
        scheme: Option<&str>,
        authority: Option<Authority<'_>>,
        path: &str,
        query: Option<&str>,
        fragment: Option<&str>,
    ) -> Self {
        let span = |part: &str| {
            let start = offset_in(input, part);
            start..start + part.len()
        };
        Parts {
            input,
            width,
            scheme: scheme.map(span),
            authority: authority.map(|a| AuthorityParts {
                whole: span(a.as_str()),
                userinfo: a.userinfo().map(span),
                host: span(a.host_str()),
                port: a.port().map(span),
            }),
            path: Some(span(path)),
            query: query.map(span),
            fragment: fragment.map(span),
            #[cfg(feature = "schemes")]
            scheme_parts: Vec::new(),
        }
    }

    /// The components of the prefix of `input` that the grammar matched
    /// (`prefix`: where it ends, and its layout) before `error`: those that
    /// end at or before the error. An empty component where the prefix
    /// ends is drawn only when the error is there and in it (`http://h:x`
    /// has an empty port), not when the grammar stopped there to fail
    /// later (the empty host and path before an IP literal that fails).
    fn of_prefix(
        input: &'a str,
        width: CharWidth,
        prefix: Option<&(usize, Layout)>,
        error: &ParseError,
    ) -> Self {
        let offset = error.offset();
        let (end, layout) = match prefix {
            Some((end, layout)) => (*end, Some(layout)),
            None => (0, None),
        };
        let keep = |span: Span, component: Component| {
            let empty_at_end = span.start() == end && span.end() == end;
            let kept = if empty_at_end {
                offset == end && error.component() == Some(component)
            } else {
                span.end() <= offset
            };
            kept.then(|| span.start()..span.end())
        };
        let authority = layout.and_then(|l| l.authority).filter(|a| {
            let within = [Component::Authority, Component::Host]
                .into_iter()
                .any(|c| keep(a.span, c).is_some());
            within || keep(a.host, Component::Host).is_some()
        });
        Parts {
            input,
            width,
            scheme: layout
                .and_then(|l| l.scheme)
                .and_then(|s| keep(s, Component::Scheme)),
            authority: authority.map(|a| AuthorityParts {
                whole: a.span.start()..a.span.end(),
                userinfo: a.userinfo.and_then(|s| keep(s, Component::Userinfo)),
                host: a.host.start()..a.host.end(),
                port: a.port.and_then(|s| keep(s, Component::Port)),
            }),
            path: layout.and_then(|l| keep(l.path, Component::Path)),
            query: layout
                .and_then(|l| l.query)
                .and_then(|s| keep(s, Component::Query)),
            fragment: layout
                .and_then(|l| l.fragment)
                .and_then(|s| keep(s, Component::Fragment)),
            #[cfg(feature = "schemes")]
            scheme_parts: Vec::new(),
        }
    }

    /// The input as drawn: a control or bidirectional formatting
    /// character, which a terminal would act on, is shown as U+FFFD, as
    /// an error's excerpt shows it (a parsed reference holds none).
    fn shown(&self) -> Cow<'a, str> {
        if self.input.chars().any(is_unsafe_to_show) {
            Cow::Owned(self.input.chars().map(shown_as).collect())
        } else {
            Cow::Borrowed(self.input)
        }
    }

    /// The column of a byte offset: the width of the text before it, as
    /// [`shown`](Self::shown).
    fn column(&self, offset: usize) -> usize {
        self.input[..offset]
            .chars()
            .map(|c| self.width.of(shown_as(c)))
            .sum()
    }

    fn bracket(&self, label: &'static str, bytes: Range<usize>) -> Bracket {
        Bracket {
            label,
            columns: self.column(bytes.start)..self.column(bytes.end),
        }
    }

    /// The brackets above the reference (innermost level first) and below
    /// it, grouped in levels: the brackets of one level never nest.
    fn brackets(&self) -> (Vec<Vec<Bracket>>, Vec<Vec<Bracket>>) {
        let mut inner = Vec::new();
        let mut below = Vec::new();
        if let Some(scheme) = &self.scheme {
            below.push(self.bracket("scheme name", scheme.clone()));
        }
        if let Some(authority) = &self.authority {
            inner.push(self.bracket("authority", authority.whole.clone()));
            if let Some(userinfo) = &authority.userinfo {
                below.push(self.bracket("user information", userinfo.clone()));
            }
            below.push(self.bracket("host", authority.host.clone()));
            if let Some(port) = &authority.port {
                below.push(self.bracket("port", port.clone()));
            }
        }
        if let Some(path) = &self.path {
            inner.push(self.bracket("path", path.clone()));
        }
        if let Some(query) = &self.query {
            below.push(self.bracket("query", query.clone()));
        }
        if let Some(fragment) = &self.fragment {
            below.push(self.bracket("fragment", fragment.clone()));
        }
        #[cfg(feature = "schemes")]
        for (label, bytes) in &self.scheme_parts {
            below.push(self.bracket(label, bytes.clone()));
        }
        // `URI = scheme ":" hier-part ...` and
        // `relative-ref = relative-part ...`: the part runs from after the
        // scheme's colon (or from the start) to the end of the path.
        // A prefix that stops before its path has the part up to the
        // authority.
        let end = self
            .path
            .as_ref()
            .or(self.authority.as_ref().map(|a| &a.whole))
            .map(|part| part.end);
        let outer = end.map(|end| match &self.scheme {
            Some(scheme) => self.bracket("hierarchical part", scheme.end + 1..end),
            None => self.bracket("relative part", 0..end),
        });
        (vec![inner, outer.into_iter().collect()], vec![below])
    }
}

/// Puts each level's brackets on as few rows as keep them apart, the
/// non-empty ones first; a level's rows come after the previous level's.
fn pack(levels: Vec<Vec<Bracket>>) -> Vec<Vec<Bracket>> {
    let mut rows: Vec<Vec<Bracket>> = Vec::new();
    for mut level in levels {
        level.sort_by_key(|b| b.columns.is_empty());
        let first_row = rows.len();
        for bracket in level {
            let free = rows[first_row..].iter().position(|row| {
                row.iter().all(|other| {
                    let (a, b) = (bracket.footprint(), other.footprint());
                    a.end <= b.start || b.end <= a.start
                })
            });
            match free {
                Some(i) => rows[first_row + i].push(bracket),
                None => rows.push(vec![bracket]),
            }
        }
    }
    for row in &mut rows {
        row.sort_by_key(|b| b.columns.start);
    }
    rows
}

/// Where a row's labels are: the column each starts at, relative to the
/// reference's first column (negative: to its left), and the line each is
/// on (0 next to the brackets), in the order of the row's brackets.
struct Placed {
    label_starts: Vec<isize>,
    lines: Vec<usize>,
}

/// How far (in columns) a label on one line may be from its tick.
const NEAR_TICK: isize = 2;

/// The labels of a row on one line (see [`centred`]) when each stays near
/// its tick, or else [`stacked`].
fn place(row: &[Bracket]) -> Placed {
    let starts = centred(row);
    let near = row.iter().zip(&starts).all(|(bracket, &start)| {
        let tick = bracket.tick() as isize;
        let end = start + label_width(bracket);
        let distance = (start - tick).max(tick + 1 - end).max(0);
        distance <= NEAR_TICK
    });
    if near {
        Placed {
            lines: vec![0; row.len()],
            label_starts: starts,
        }
    } else {
        stacked(row)
    }
}

fn label_width(bracket: &Bracket) -> isize {
    bracket.label.chars().count() as isize
}

/// Centres each label on its tick, then moves labels apart as little as
/// possible (least squares) so that one space separates neighbours.
///
/// With `o_i` the widths (plus one space each) of the labels before label
/// `i`, the constraint `x_i + w_i + 1 <= x_(i+1)` becomes `z_i <= z_(i+1)`
/// for `z_i = x_i - o_i`; the least-squares non-decreasing `z` is found by
/// pooling adjacent violators, each pool taking the mean of its members.
fn centred(row: &[Bracket]) -> Vec<isize> {
    let mut before = 0isize;
    let mut shifted = Vec::with_capacity(row.len());
    let mut widths = Vec::with_capacity(row.len());
    for bracket in row {
        let width = label_width(bracket);
        let ideal = bracket.tick() as isize - (width - 1) / 2;
        shifted.push(ideal - before);
        widths.push(width);
        before += width + 1;
    }
    // Pools of (sum, count), means non-decreasing.
    let mut pools: Vec<(isize, isize)> = Vec::new();
    for &z in &shifted {
        let mut pool = (z, 1);
        while let Some(&(sum, count)) = pools.last() {
            // Merge while the previous pool's mean exceeds this one's.
            if sum * pool.1 > pool.0 * count {
                pools.pop();
                pool = (sum + pool.0, count + pool.1);
            } else {
                break;
            }
        }
        pools.push(pool);
    }
    let mut label_starts = Vec::with_capacity(row.len());
    let mut offset = 0isize;
    let mut widths = widths.into_iter();
    for (sum, count) in pools {
        let z = sum.div_euclid(count);
        for _ in 0..count {
            label_starts.push(z + offset);
            offset += widths.next().unwrap_or(0) + 1;
        }
    }
    label_starts
}

/// Each label starts at its tick, on the line nearest the brackets where
/// it fits, the rightmost label first: one space from the labels beside
/// it and from the lines that lead from a tick to a label farther away,
/// and its own line one space from the labels it passes.
fn stacked(row: &[Bracket]) -> Placed {
    // Per line: the labels on it, as columns [start, end), and the columns
    // that a line to a farther label crosses.
    let mut labels: Vec<Vec<(isize, isize)>> = Vec::new();
    let mut crossings: Vec<Vec<isize>> = Vec::new();
    let mut lines = vec![0; row.len()];
    for (i, bracket) in row.iter().enumerate().rev() {
        let start = bracket.tick() as isize;
        let end = start + label_width(bracket);
        // `gap`: one space between the line to this label and the labels
        // it passes, which may be impossible (ticks side by side).
        let fits = |line: usize, gap: isize| {
            let apart = labels
                .get(line)
                .is_none_or(|on| on.iter().all(|&(s, e)| end < s || e < start));
            let clear = crossings
                .get(line)
                .is_none_or(|on| on.iter().all(|&c| c < start || end < c));
            let passes = labels[..line.min(labels.len())]
                .iter()
                .all(|on| on.iter().all(|&(s, e)| start + gap < s || e < start));
            apart && clear && passes
        };
        // A line past the last one always fits without the gap: the labels
        // it passes start right of this tick.
        let line = (0..=labels.len())
            .find(|&line| fits(line, 1))
            .or_else(|| (0..=labels.len()).find(|&line| fits(line, 0)))
            .unwrap_or(labels.len());
        if labels.len() <= line {
            labels.resize(line + 1, Vec::new());
            crossings.resize(line + 1, Vec::new());
        }
        labels[line].push((start, end));
        for on in &mut crossings[..line] {
            on.push(start);
        }
        lines[i] = line;
    }
    Placed {
        label_starts: row.iter().map(|b| b.tick() as isize).collect(),
        lines,
    }
}

/// The characters a bracket is drawn with.
struct Glyphs {
    left: char,
    right: char,
    line: char,
    tick: char,
    marker: char,
}

struct GlyphSet {
    above: Glyphs,
    below: Glyphs,
}

const BOX: GlyphSet = GlyphSet {
    above: Glyphs {
        left: '┌',
        right: '┐',
        line: '─',
        tick: '┴',
        marker: '│',
    },
    below: Glyphs {
        left: '└',
        right: '┘',
        line: '─',
        tick: '┬',
        marker: '│',
    },
};

const ASCII: GlyphSet = GlyphSet {
    above: Glyphs {
        left: '.',
        right: '.',
        line: '-',
        tick: '+',
        marker: '|',
    },
    below: Glyphs {
        left: '\'',
        right: '\'',
        line: '-',
        tick: '+',
        marker: '|',
    },
};

/// A line of characters written at columns, blank where nothing is.
#[derive(Default)]
struct Canvas(Vec<char>);

impl Canvas {
    fn put(&mut self, column: usize, c: char) {
        if self.0.len() <= column {
            self.0.resize(column + 1, ' ');
        }
        self.0[column] = c;
    }

    fn into_string(self) -> String {
        self.0.into_iter().collect()
    }
}

fn bracket_line(row: &[Bracket], glyphs: &Glyphs, indent: usize) -> String {
    let mut canvas = Canvas::default();
    for bracket in row {
        let columns = bracket.columns.clone();
        if columns.is_empty() {
            canvas.put(indent + columns.start, glyphs.marker);
            continue;
        }
        let tick = bracket.tick();
        for column in columns.clone() {
            let c = if column == tick {
                glyphs.tick
            } else if column == columns.start {
                glyphs.left
            } else if column + 1 == columns.end {
                glyphs.right
            } else {
                glyphs.line
            };
            canvas.put(indent + column, c);
        }
    }
    canvas.into_string()
}

/// The label lines of a row, the one next to the brackets first: each
/// label, and a `line` character under (or over) the tick of each label
/// on a farther line.
fn label_lines(row: &[Bracket], placed: &Placed, indent: usize, line: char) -> Vec<String> {
    let count = placed.lines.iter().max().map_or(1, |&last| last + 1);
    let mut canvases: Vec<Canvas> = (0..count).map(|_| Canvas::default()).collect();
    for ((bracket, &start), &on) in row.iter().zip(&placed.label_starts).zip(&placed.lines) {
        // `indent` makes every start non-negative.
        let start = usize::try_from(start + indent as isize).unwrap_or(0);
        for (i, c) in bracket.label.chars().enumerate() {
            canvases[on].put(start + i, c);
        }
        for canvas in &mut canvases[..on] {
            canvas.put(indent + bracket.tick(), line);
        }
    }
    canvases.into_iter().map(Canvas::into_string).collect()
}
