//! Markdown (CommonMark), as far as links go: the block structure that
//! decides what is code, then, in each paragraph, code spans, link and
//! image destinations, autolinks and inline HTML. The text around them is
//! read as plain text.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::html::{self, Attributes, char_ref_at, find, find_byte, skip_while};
use super::prose::Prose;
use super::{Delimiter, Grammar, Sink};

/// How deep parentheses may nest in a link destination, as in cmark: it
/// bounds how far a destination that does not close is read.
const MAX_PAREN_DEPTH: usize = 32;

/// Scans `sink.text` as Markdown.
pub(super) fn scan(prose: &Prose, sink: &mut Sink<'_>) {
    let bytes = sink.text.as_bytes();
    let mut blocks = Blocks::default();
    let mut pos = 0;
    while pos < bytes.len() {
        let line = Line::at(bytes, pos);
        pos = blocks.line(prose, sink, line);
    }
    blocks.flush(prose, sink, bytes.len());
}

/// A line: its text runs from `start` to `end`, the next starts at `next`.
#[derive(Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    next: usize,
}

impl Line {
    /// The line starting at `start`: it ends at `\n`, `\r\n`, `\r` or the
    /// end of the text.
    fn at(bytes: &[u8], start: usize) -> Line {
        match memchr::memchr2(b'\n', b'\r', &bytes[start..]) {
            None => Line {
                start,
                end: bytes.len(),
                next: bytes.len(),
            },
            Some(k) => {
                let end = start + k;
                let crlf = bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n');
                Line {
                    start,
                    end,
                    next: end + 1 + usize::from(crlf),
                }
            }
        }
    }
}

/// An open fenced code block: its fence character and length.
#[derive(Clone, Copy)]
struct Fence {
    mark: u8,
    len: usize,
}

/// The block structure read so far.
#[derive(Default)]
struct Blocks {
    fence: Option<Fence>,
    /// Where the pending paragraph starts: its text is read when it ends.
    paragraph: Option<usize>,
    /// The line before was blank.
    after_blank: bool,
    /// The content columns of the open list items, innermost last.
    lists: Vec<usize>,
}

impl Blocks {
    /// Reads one line: where the next one starts.
    fn line(&mut self, prose: &Prose, sink: &mut Sink<'_>, line: Line) -> usize {
        let bytes = sink.text.as_bytes();
        let content = after_quote_markers(bytes, line.start, line.end);
        let (mut first, mut indent) = first_non_space(bytes, content, line.end);
        if let Some(fence) = self.fence {
            let base = self.lists.last().copied().unwrap_or(0);
            if indent.saturating_sub(base) < 4 && closes_fence(bytes, first, line.end, fence) {
                self.fence = None;
            }
            return line.next;
        }
        if first == line.end {
            self.flush(prose, sink, line.start);
            self.after_blank = true;
            return line.next;
        }
        let after_blank = core::mem::replace(&mut self.after_blank, false);
        let base = self.lists.last().copied().unwrap_or(0);
        if indent < base + 4 {
            if let Some(width) = list_marker(bytes, first, line.end) {
                while self.lists.last().is_some_and(|&top| top > indent) {
                    self.lists.pop();
                }
                self.flush(prose, sink, line.start);
                let (content_first, spaces) = first_non_space(bytes, first + width, line.end);
                // A marker followed by five spaces or more starts its item
                // with indented code: the content is one space in.
                let spaces = if spaces > 4 || content_first == line.end {
                    1
                } else {
                    spaces
                };
                self.lists.push(indent + width + spaces);
                if content_first == line.end {
                    return line.next;
                }
                first = content_first;
                indent = indent + width + spaces;
            } else if after_blank {
                // A line indented less than an item's content, after a
                // blank line, is out of the item.
                while self.lists.last().is_some_and(|&top| top > indent) {
                    self.lists.pop();
                }
            }
        }
        let base = self.lists.last().copied().unwrap_or(0);
        let relative = indent.saturating_sub(base);
        if relative >= 4 {
            // Indented code cannot interrupt a paragraph: then the line
            // continues it.
            if self.paragraph.is_none() {
                return line.next;
            }
            return self.paragraph_line(line, first);
        }
        if let Some(fence) = opens_fence(bytes, first, line.end) {
            self.flush(prose, sink, line.start);
            self.fence = Some(fence);
            return line.next;
        }
        if let Some(end) = html_block_end(bytes, first, line.end) {
            self.flush(prose, sink, line.start);
            html::scan(prose, sink, first, end);
            return end;
        }
        if self.paragraph.is_none() && bytes[first] == b'[' {
            if let Some(next) = definition(sink, first, line) {
                return next;
            }
        }
        if is_atx_heading(bytes, first, line.end) {
            self.flush(prose, sink, line.start);
            inline(prose, sink, first, line.end);
            return line.next;
        }
        self.paragraph_line(line, first)
    }

    /// A line of the pending paragraph, which starts here if none is.
    fn paragraph_line(&mut self, line: Line, first: usize) -> usize {
        self.paragraph.get_or_insert(first);
        line.next
    }

    /// Reads the pending paragraph, which ends at `end`.
    fn flush(&mut self, prose: &Prose, sink: &mut Sink<'_>, end: usize) {
        if let Some(start) = self.paragraph.take() {
            inline(prose, sink, start, end);
        }
    }
}

/// Past the block quote markers (`>` and a space, each indented at most
/// three spaces) that start a line.
fn after_quote_markers(bytes: &[u8], start: usize, end: usize) -> usize {
    let mut i = start;
    loop {
        let (first, indent) = first_non_space(&bytes[..end], i, end);
        if indent > 3 || bytes.get(first) != Some(&b'>') || first >= end {
            return i;
        }
        i = first + 1;
        if i < end && matches!(bytes[i], b' ' | b'\t') {
            i += 1;
        }
    }
}

/// The first byte at or after `from` that is not a space or a tab (or
/// `end`), and its column counted from `from` (a tab advances to the next
/// multiple of four).
fn first_non_space(bytes: &[u8], from: usize, end: usize) -> (usize, usize) {
    let mut column = 0;
    let mut i = from;
    while i < end {
        match bytes[i] {
            b' ' => column += 1,
            b'\t' => column += 4 - column % 4,
            _ => break,
        }
        i += 1;
    }
    (i, column)
}

/// The width of a list item marker at `at` (`-`, `+`, `*`, or one to
/// nine digits and `.` or `)`), when one is there, followed by a space,
/// a tab or the end of the line.
fn list_marker(bytes: &[u8], at: usize, end: usize) -> Option<usize> {
    let width = match bytes[at] {
        b'-' | b'+' | b'*' => 1,
        b'0'..=b'9' => {
            let digits = skip_while(&bytes[..end], at, |b| b.is_ascii_digit()) - at;
            if digits > 9 || !matches!(bytes.get(at + digits), Some(b'.' | b')')) {
                return None;
            }
            digits + 1
        }
        _ => return None,
    };
    let after = at + width;
    (after >= end || matches!(bytes[after], b' ' | b'\t')).then_some(width)
}

/// A fence opening at `at`: three or more backticks or tildes (a backtick
/// fence's info string holds no backtick).
fn opens_fence(bytes: &[u8], at: usize, end: usize) -> Option<Fence> {
    let mark = *bytes.get(at)?;
    if !matches!(mark, b'`' | b'~') {
        return None;
    }
    let len = skip_while(&bytes[..end], at, |b| b == mark) - at;
    if len < 3 || mark == b'`' && bytes[at + len..end].contains(&b'`') {
        return None;
    }
    Some(Fence { mark, len })
}

/// Whether the line from `at` closes `fence`: as many of its character or
/// more, then only spaces or tabs.
fn closes_fence(bytes: &[u8], at: usize, end: usize, fence: Fence) -> bool {
    let run = skip_while(&bytes[..end], at, |b| b == fence.mark);
    run - at >= fence.len && bytes[run..end].iter().all(|&b| b == b' ' || b == b'\t')
}

/// An ATX heading at `at`: one to six `#`, then a space, a tab or the end
/// of the line.
fn is_atx_heading(bytes: &[u8], at: usize, end: usize) -> bool {
    let hashes = skip_while(&bytes[..end], at, |b| b == b'#') - at;
    (1..=6).contains(&hashes) && (at + hashes == end || matches!(bytes[at + hashes], b' ' | b'\t'))
}

/// The end of an HTML block starting at `at` whose end CommonMark marks
/// (a comment, a processing instruction, a declaration, CDATA, or
/// `<script>`, `<pre>`, `<style>` or `<textarea>`): the start of the line
/// after the one that holds its end marker, or the end of the text.
fn html_block_end(bytes: &[u8], at: usize, line_end: usize) -> Option<usize> {
    let rest = &bytes[at..line_end];
    let marker: &[u8] = if rest.starts_with(b"<!--") {
        b"-->"
    } else if rest.starts_with(b"<?") {
        b"?>"
    } else if rest.starts_with(b"<![CDATA[") {
        b"]]>"
    } else if rest.starts_with(b"<!") && rest.get(2).is_some_and(u8::is_ascii_alphabetic) {
        b">"
    } else {
        const RAW: [(&[u8], &[u8]); 4] = [
            (b"script", b"</script>"),
            (b"pre", b"</pre>"),
            (b"style", b"</style>"),
            (b"textarea", b"</textarea>"),
        ];
        let name = rest.get(1..)?;
        RAW.iter()
            .find(|(open, _)| {
                name.get(..open.len())
                    .is_some_and(|n| n.eq_ignore_ascii_case(open))
                    && name
                        .get(open.len())
                        .is_none_or(|&b| matches!(b, b' ' | b'\t' | b'>'))
            })
            .map(|&(_, close)| close)?
    };
    let found = if marker.iter().any(u8::is_ascii_alphabetic) {
        find_ignoring_case(bytes, marker, at)
    } else {
        find(bytes, marker, at + 2)
    };
    Some(found.map_or(bytes.len(), |k| Line::at(bytes, k).next))
}

/// The first `needle` at or after `from`, ASCII letters in any case
/// (`needle` starts with `<`).
fn find_ignoring_case(bytes: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(k) = find_byte(bytes, b'<', i) {
        if bytes
            .get(k..k + needle.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(needle))
        {
            return Some(k);
        }
        i = k + 1;
    }
    None
}

/// A link reference definition at `at` (a `[` that starts a paragraph):
/// its destination is a candidate, and the next line is where the text
/// goes on. `None` when this is no definition. The label is on one line;
/// the destination is on the same line or the next.
fn definition(sink: &mut Sink<'_>, at: usize, line: Line) -> Option<usize> {
    let bytes = sink.text.as_bytes();
    let mut i = at + 1;
    while i < line.end {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => return None,
            b']' => break,
            _ => {}
        }
        i += 1;
    }
    let label = &bytes[at + 1..i.min(line.end)];
    if i >= line.end
        || bytes.get(i + 1) != Some(&b':')
        || label.len() > 999
        || label.iter().all(u8::is_ascii_whitespace)
    {
        return None;
    }
    let (mut from, mut dest_line) = (first_non_space(bytes, i + 2, line.end).0, line);
    if from == line.end {
        dest_line = Line::at(bytes, line.next);
        from = first_non_space(bytes, dest_line.start, dest_line.end).0;
        if from == dest_line.end {
            return None;
        }
    }
    let (span, after) = destination(&bytes[..dest_line.end], from)?;
    if span.is_empty() && bytes[from] != b'<' {
        return None;
    }
    let (rest, _) = first_non_space(bytes, after, dest_line.end);
    let titled = rest > after && matches!(bytes.get(rest), Some(b'"' | b'\'' | b'('));
    if rest != dest_line.end && !titled {
        return None;
    }
    link_candidate(sink, span, Delimiter::MarkdownDefinition);
    Some(dest_line.next)
}

/// A link destination at `at`: `<...>` on one line, or a run without
/// spaces or control characters whose parentheses balance. Its span
/// (inside the brackets) and where it ends.
fn destination(bytes: &[u8], at: usize) -> Option<(Range<usize>, usize)> {
    let escaped = |i: usize| bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation);
    if bytes.get(at) == Some(&b'<') {
        let mut i = at + 1;
        loop {
            match *bytes.get(i)? {
                b'\n' | b'\r' | b'<' => return None,
                b'>' => return Some((at + 1..i, i + 1)),
                b'\\' if escaped(i) => i += 2,
                _ => i += 1,
            }
        }
    }
    let mut depth = 0;
    let mut i = at;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' if escaped(i) => i += 1,
            b'(' => {
                depth += 1;
                if depth > MAX_PAREN_DEPTH {
                    return None;
                }
            }
            b')' if depth == 0 => break,
            b')' => depth -= 1,
            0..=b' ' | 0x7F => break,
            _ => {}
        }
        i += 1;
    }
    (depth == 0).then_some((at..i, i))
}

/// Past spaces and tabs, with at most one line ending among them.
fn skip_space_and_one_line_ending(bytes: &[u8], from: usize) -> usize {
    let i = skip_while(bytes, from, |b| b == b' ' || b == b'\t');
    let after_break = match bytes.get(i..) {
        Some([b'\r', b'\n', ..]) => i + 2,
        Some([b'\n' | b'\r', ..]) => i + 1,
        _ => return i,
    };
    skip_while(bytes, after_break, |b| b == b' ' || b == b'\t')
}

/// A link title at `at` (`"..."`, `'...'` or `(...)`, with backslash
/// escapes): where it ends.
fn title_end(bytes: &[u8], at: usize) -> Option<usize> {
    let close = match bytes.get(at)? {
        b'"' => b'"',
        b'\'' => b'\'',
        b'(' => b')',
        _ => return None,
    };
    let mut i = at + 1;
    loop {
        match *bytes.get(i)? {
            b'\\' => i += 1,
            b if b == close => return Some(i + 1),
            b'(' if close == b')' => return None,
            _ => {}
        }
        i += 1;
    }
}

/// The inline link or image whose `(` ends just before `from`: its
/// destination is a candidate; where the text goes on, past the `)`.
fn inline_link(sink: &mut Sink<'_>, from: usize, end: usize) -> Option<usize> {
    let bytes = &sink.text.as_bytes()[..end];
    let at = skip_space_and_one_line_ending(bytes, from);
    let (span, after) = if bytes.get(at) == Some(&b')') {
        (at..at, at)
    } else {
        destination(bytes, at)?
    };
    let mut close = skip_space_and_one_line_ending(bytes, after);
    if close > after && matches!(bytes.get(close), Some(b'"' | b'\'' | b'(')) {
        close = skip_space_and_one_line_ending(bytes, title_end(bytes, close)?);
    }
    if bytes.get(close) != Some(&b')') {
        return None;
    }
    link_candidate(sink, span, Delimiter::MarkdownLink);
    Some(close + 1)
}

/// A destination as a candidate: backslash escapes and character
/// references decoded.
fn link_candidate(sink: &mut Sink<'_>, span: Range<usize>, delimiter: Delimiter) {
    let uri = unescape(&sink.text[span.clone()]);
    sink.candidate(span, uri, delimiter, Grammar::Reference);
}

/// `raw` with backslash escapes (`\` before ASCII punctuation) and
/// character references decoded, as CommonMark reads a destination.
fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains(['\\', '&']) {
        return Cow::Borrowed(raw);
    }
    let bytes = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while let Some(c) = raw.get(i..).and_then(|rest| rest.chars().next()) {
        match c {
            '\\' if bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) => {
                out.push(char::from(bytes[i + 1]));
                i += 2;
            }
            '&' => match char_ref_at(raw, i) {
                Some((decoded, len)) => {
                    out.push(decoded);
                    i += len;
                }
                None => {
                    out.push('&');
                    i += 1;
                }
            },
            c => {
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    Cow::Owned(out)
}

/// Reads the inline content `sink.text[from..end]` of a paragraph or
/// heading.
fn inline(prose: &Prose, sink: &mut Sink<'_>, from: usize, end: usize) {
    let bytes = &sink.text.as_bytes()[..end];
    let mut brackets = 0usize;
    let mut code_spans = CodeSpans::default();
    let mut unclosed = Unclosed::default();
    let mut i = from;
    while i < end {
        i = match bytes[i] {
            b'\\' if bytes.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i + 2,
            b'`' => {
                let run = skip_while(bytes, i, |b| b == b'`') - i;
                match code_spans.closer(bytes, i, run) {
                    Some(close) => close + run,
                    None => i + run,
                }
            }
            b'<' => raw_html(sink, i, end, &mut unclosed)
                .or_else(|| prose.step(sink, end, i))
                .unwrap_or(i + 1),
            b'[' => {
                brackets += 1;
                i + 1
            }
            b'!' if bytes.get(i + 1) == Some(&b'[') => {
                brackets += 1;
                i + 2
            }
            b']' if brackets > 0 => {
                brackets -= 1;
                if bytes.get(i + 1) == Some(&b'(') {
                    inline_link(sink, i + 2, end).unwrap_or(i + 1)
                } else {
                    i + 1
                }
            }
            _ => prose.step(sink, end, i).unwrap_or(i + 1),
        };
    }
}

/// The code spans of a paragraph: where each run of backticks may close
/// one. The first search that finds no closer reads to the end of the
/// paragraph and notes the last run of each length, so that no later
/// opener searches in vain: the paragraph is read once (as markdown-it
/// does).
#[derive(Default)]
struct CodeSpans {
    /// The paragraph has been read to its end.
    read_to_end: bool,
    /// The last run of each length seen.
    last: BTreeMap<usize, usize>,
}

impl CodeSpans {
    /// The run of exactly `len` backticks that closes the code span opened
    /// at `open`, if any.
    fn closer(&mut self, bytes: &[u8], open: usize, len: usize) -> Option<usize> {
        if self.read_to_end && self.last.get(&len).is_none_or(|&last| last <= open) {
            return None;
        }
        let mut i = open + len;
        while let Some(k) = find_byte(bytes, b'`', i) {
            let run = skip_while(bytes, k, |b| b == b'`') - k;
            self.last.insert(run, k);
            if run == len {
                return Some(k);
            }
            i = k + run;
        }
        self.read_to_end = true;
        None
    }
}

/// Which constructs of raw HTML were found not to close before the end of
/// the paragraph: no later one is searched for.
#[derive(Default)]
struct Unclosed {
    comment: bool,
    instruction: bool,
    cdata: bool,
    declaration: bool,
}

/// Raw HTML at `open` (a `<`), as CommonMark reads it inline: a comment,
/// processing instruction, declaration or CDATA section (skipped), an end
/// tag (skipped), or a start tag (its URL attributes give candidates).
/// Where the text goes on, or `None` when this `<` opens none.
fn raw_html(
    sink: &mut Sink<'_>,
    open: usize,
    end: usize,
    unclosed: &mut Unclosed,
) -> Option<usize> {
    let bytes = &sink.text.as_bytes()[..end];
    let rest = &bytes[open..];
    let skip_to = |seen: &mut bool, marker: &[u8], from: usize| {
        if *seen {
            return None;
        }
        let found = find(bytes, marker, from).map(|k| k + marker.len());
        *seen = found.is_none();
        found
    };
    if rest.starts_with(b"<!--") {
        return skip_to(&mut unclosed.comment, b"-->", open + 2);
    }
    if rest.starts_with(b"<?") {
        return skip_to(&mut unclosed.instruction, b"?>", open + 2);
    }
    if rest.starts_with(b"<![CDATA[") {
        return skip_to(&mut unclosed.cdata, b"]]>", open + 9);
    }
    if rest.starts_with(b"<!") && rest.get(2).is_some_and(u8::is_ascii_alphabetic) {
        return skip_to(&mut unclosed.declaration, b">", open + 2);
    }
    if rest.starts_with(b"</") && rest.get(2).is_some_and(u8::is_ascii_alphabetic) {
        let name_end = skip_while(bytes, open + 2, |b| b.is_ascii_alphanumeric() || b == b'-');
        let close = skip_space_and_one_line_ending(bytes, name_end);
        return (bytes.get(close) == Some(&b'>')).then_some(close + 1);
    }
    if rest.get(1).is_some_and(u8::is_ascii_alphabetic) {
        return html::tag(sink, open + 1, end, Attributes::CommonMark).map(|tag| tag.end);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destinations() {
        fn dest(s: &str) -> Option<&str> {
            destination(s.as_bytes(), 0).map(|(span, _)| &s[span])
        }
        assert_eq!(dest("a(b)c) d"), Some("a(b)c"));
        assert_eq!(dest("a\\)b) d"), Some("a\\)b"));
        assert_eq!(dest("<a b>c"), Some("a b"));
        assert_eq!(dest("<a\nb>"), None);
        assert_eq!(dest("a(b"), None);
        assert_eq!(dest(&"(".repeat(40)), None);
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape("a\\)b\\c&amp;d"), "a)b\\c&d");
        assert!(matches!(unescape("plain"), Cow::Borrowed("plain")));
    }

    #[test]
    fn titles() {
        assert_eq!(title_end(b"\"a\\\"b\" x", 0), Some(6));
        assert_eq!(title_end(b"(a(b)", 0), None);
        assert_eq!(title_end(b"'a", 0), None);
    }

    #[test]
    fn code_span_closers() {
        let text = b"`a`` ``b` ```";
        let mut spans = CodeSpans::default();
        assert_eq!(spans.closer(text, 0, 1), Some(8));
        let mut spans = CodeSpans::default();
        assert_eq!(spans.closer(text, 10, 3), None);
        assert!(spans.read_to_end);
        assert_eq!(spans.closer(text, 11, 3), None);
    }

    #[test]
    fn markers() {
        assert_eq!(list_marker(b"- a", 0, 3), Some(1));
        assert_eq!(list_marker(b"12. a", 0, 5), Some(3));
        assert_eq!(list_marker(b"-a", 0, 2), None);
        assert_eq!(list_marker(b"1234567890. a", 0, 13), None);
        assert!(opens_fence(b"```rust", 0, 7).is_some());
        assert!(opens_fence(b"``", 0, 2).is_none());
        assert!(opens_fence(b"``` a`b", 0, 7).is_none());
        assert!(closes_fence(b"````  ", 0, 6, Fence { mark: b'`', len: 3 }));
        assert!(!closes_fence(b"``", 0, 2, Fence { mark: b'`', len: 3 }));
        assert!(is_atx_heading(b"## a", 0, 4));
        assert!(is_atx_heading(b"#", 0, 1));
        assert!(!is_atx_heading(b"#a", 0, 2));
    }
}
