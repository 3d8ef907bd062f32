//! The component diagram: a URI reference with a labelled bracket under or
//! over each of its components, as RFC 3986 section 3 and many textbooks
//! draw it.
//!
//! ```
//! let uri = peguri::UriRef::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
//! assert_eq!(peguri::explain(&uri), "\
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
//! - *The reference is indented just enough for the leftmost label*, so no
//!   label is pushed aside by the edge of the line.
//! - *Two markers or brackets that would share a column on one line*
//!   (an empty authority and the path after it, as in `file:///etc`) are
//!   drawn on two lines, the non-empty one nearer the reference.
//! - *Width is counted in characters* (Unicode scalar values), which is
//!   what a terminal shows for the ASCII of a URI. For an IRI with
//!   characters that a terminal draws twice as wide (most CJK), the
//!   brackets after them drift; nothing here knows a terminal's widths.
//! - *Lines are never wrapped*: a long reference gives long lines.
//!
//! Every position comes from the parsed reference's components (slices of
//! its input), never from looking for delimiters in the text.

use core::ops::Range;

use crate::prelude::*;
use crate::syntax::layout::offset_in;
use crate::{Authority, IriRef, UriRef};

/// Draws component diagrams: box-drawing characters by default, or plain
/// ASCII (`+`, `-`, `|`) for terminals without them.
///
/// ```
/// use peguri::{Explainer, UriRef};
///
/// let uri = UriRef::parse("https://example.com:8042/over/there")?;
/// assert_eq!(Explainer::new().ascii(true).explain(&uri), "\
/// \x20              hierarchical part
/// \x20        +-------------+-------------+
/// \x20             authority        path
/// \x20          +------+-------++----+----+
/// \x20  https://example.com:8042/over/there
/// \x20  +-+-+   +----+----+ ++-+
/// scheme name    host    port
/// ");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[must_use = "an explainer does nothing until `explain` is called"]
pub struct Explainer {
    ascii: bool,
}

impl Explainer {
    /// An explainer that draws with box-drawing characters.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("?")?;
    /// assert!(peguri::Explainer::new().explain(&uri).contains('│'));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn new() -> Self {
        Explainer { ascii: false }
    }

    /// Draw with `+`, `-` and `|` only (corners and ticks are `+`, a
    /// zero-width marker is `|`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//example.com")?;
    /// let diagram = peguri::Explainer::new().ascii(true).explain(&uri);
    /// assert!(diagram.is_ascii());
    /// assert!(diagram.contains("+----+----+"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub const fn ascii(mut self, on: bool) -> Self {
        self.ascii = on;
        self
    }

    /// The diagram of a URI reference, one line per row, each ending in
    /// `\n`, without trailing spaces.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("//h:")?;
    /// assert_eq!(peguri::Explainer::new().explain(&uri), "\
    /// relative part
    /// \x20    ┌┴─┐
    /// authority path
    /// \x20      ┴┐│
    /// \x20    //h:
    /// \x20      ┬ │
    /// \x20   host port
    /// ");
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn explain(&self, uri: &UriRef<'_>) -> String {
        let parts = Parts {
            input: uri.as_str(),
            scheme: uri.scheme(),
            authority: uri.authority(),
            path: uri.path(),
            query: uri.query(),
            fragment: uri.fragment(),
        };
        self.draw(&parts)
    }

    /// The diagram of an IRI reference (RFC 3987), its width counted in
    /// characters.
    ///
    /// ```
    /// let iri = peguri::IriRef::parse("http://bücher.example/straße")?;
    /// let diagram = peguri::Explainer::new().explain_iri(&iri);
    /// assert!(diagram.contains("\n    └┬─┘   └─────┬──────┘\n"));
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn explain_iri(&self, iri: &IriRef<'_>) -> String {
        let parts = Parts {
            input: iri.as_str(),
            scheme: iri.scheme(),
            authority: iri.authority(),
            path: iri.path(),
            query: iri.query(),
            fragment: iri.fragment(),
        };
        self.draw(&parts)
    }

    fn draw(&self, parts: &Parts<'_>) -> String {
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
        // Outermost row first: its labels, then its brackets.
        for (row, placed) in above.iter().zip(&placed_above).rev() {
            lines.push(label_line(row, placed, indent));
            lines.push(bracket_line(row, &glyphs.above, indent));
        }
        lines.push(format!("{:indent$}{}", "", parts.input));
        for (row, placed) in below.iter().zip(&placed_below) {
            lines.push(bracket_line(row, &glyphs.below, indent));
            lines.push(label_line(row, placed, indent));
        }
        let mut out = String::new();
        for line in lines {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// The diagram of a URI reference, drawn with box-drawing characters (see
/// [`Explainer`] for ASCII, and [`Explainer::explain_iri`] for IRIs).
///
/// ```
/// let uri = peguri::UriRef::parse("urn:example:animal:ferret:nose")?;
/// assert_eq!(peguri::explain(&uri), "\
/// \x20           hierarchical part
/// \x20       ┌───────────┴────────────┐
/// \x20                  path
/// \x20       ┌───────────┴────────────┐
/// \x20   urn:example:animal:ferret:nose
/// \x20   └┬┘
/// scheme name
/// ");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn explain(uri: &UriRef<'_>) -> String {
    Explainer::new().explain(uri)
}

/// The components of a URI or IRI reference, as its accessors give them.
struct Parts<'a> {
    input: &'a str,
    scheme: Option<&'a str>,
    authority: Option<Authority<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
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
    /// The byte offset of `part`, a slice of the input that an accessor
    /// returned, found from where it lies in memory.
    fn offset(&self, part: &str) -> usize {
        offset_in(self.input, part)
    }

    /// The column (in characters) of a byte offset.
    fn column(&self, offset: usize) -> usize {
        self.input[..offset].chars().count()
    }

    fn bracket(&self, label: &'static str, bytes: Range<usize>) -> Bracket {
        Bracket {
            label,
            columns: self.column(bytes.start)..self.column(bytes.end),
        }
    }

    fn span(&self, part: &str) -> Range<usize> {
        let start = self.offset(part);
        start..start + part.len()
    }

    /// The brackets above the reference (innermost level first) and below
    /// it, grouped in levels: the brackets of one level never nest.
    fn brackets(&self) -> (Vec<Vec<Bracket>>, Vec<Vec<Bracket>>) {
        let path = self.span(self.path);
        let mut inner = Vec::new();
        let mut below = Vec::new();
        if let Some(scheme) = self.scheme {
            below.push(self.bracket("scheme name", self.span(scheme)));
        }
        if let Some(authority) = &self.authority {
            inner.push(self.bracket("authority", self.span(authority.as_str())));
            if let Some(userinfo) = authority.userinfo() {
                below.push(self.bracket("user information", self.span(userinfo)));
            }
            below.push(self.bracket("host", self.span(authority.host_str())));
            if let Some(port) = authority.port() {
                below.push(self.bracket("port", self.span(port)));
            }
        }
        inner.push(self.bracket("path", path.clone()));
        if let Some(query) = self.query {
            below.push(self.bracket("query", self.span(query)));
        }
        if let Some(fragment) = self.fragment {
            below.push(self.bracket("fragment", self.span(fragment)));
        }
        // `URI = scheme ":" hier-part ...` and
        // `relative-ref = relative-part ...`: the part runs from after the
        // scheme's colon (or from the start) to the end of the path.
        let outer = match self.scheme {
            Some(scheme) => self.bracket("hierarchical part", self.span(scheme).end + 1..path.end),
            None => self.bracket("relative part", 0..path.end),
        };
        (vec![inner, vec![outer]], vec![below])
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

/// Where a row's labels start, relative to the reference's first column
/// (negative: to its left), in the order of the row's brackets.
struct Placed {
    label_starts: Vec<isize>,
}

/// Centres each label on its tick, then moves labels apart as little as
/// possible (least squares) so that one space separates neighbours.
///
/// With `o_i` the widths (plus one space each) of the labels before label
/// `i`, the constraint `x_i + w_i + 1 <= x_(i+1)` becomes `z_i <= z_(i+1)`
/// for `z_i = x_i - o_i`; the least-squares non-decreasing `z` is found by
/// pooling adjacent violators, each pool taking the mean of its members.
fn place(row: &[Bracket]) -> Placed {
    let mut before = 0isize;
    let mut shifted = Vec::with_capacity(row.len());
    let mut widths = Vec::with_capacity(row.len());
    for bracket in row {
        let width = bracket.label.chars().count() as isize;
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
    Placed { label_starts }
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

const ASCII_GLYPHS: Glyphs = Glyphs {
    left: '+',
    right: '+',
    line: '-',
    tick: '+',
    marker: '|',
};

const ASCII: GlyphSet = GlyphSet {
    above: ASCII_GLYPHS,
    below: ASCII_GLYPHS,
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

fn label_line(row: &[Bracket], placed: &Placed, indent: usize) -> String {
    let mut canvas = Canvas::default();
    for (bracket, &start) in row.iter().zip(&placed.label_starts) {
        // `indent` makes every start non-negative.
        let start = usize::try_from(start + indent as isize).unwrap_or(0);
        for (i, c) in bracket.label.chars().enumerate() {
            canvas.put(start + i, c);
        }
    }
    canvas.into_string()
}
