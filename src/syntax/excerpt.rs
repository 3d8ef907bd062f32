//! Input shown inside a message, bounded and made safe to print.
//!
//! Every message that quotes its input goes through this module, in every
//! front end: [`Excerpt`] shows a window of the input with carets under a
//! spot (what a [`ParseError`](crate::ParseError) shows), and [`Quoted`]
//! quotes a piece of input on one line. Both show a bounded number of
//! characters whatever the input's length, and neither writes a control
//! character or a bidirectional formatting character as it is: the first
//! would run a terminal's escape sequences or forge a log line, the second
//! would show the text reordered.

use core::fmt;

use super::bidi::BIDI_FORMATTING;
use alloc::boxed::Box;

/// How many characters of input to show before a spot.
pub(crate) const EXCERPT_BEFORE: usize = 60;
/// How many characters of input to show after a spot (or after the part
/// of a span that is underlined).
pub(crate) const EXCERPT_AFTER: usize = 20;

/// Whether `c` is shown as something else than itself: a control character
/// (C0, DEL, C1) or a bidirectional formatting character (RFC 3987
/// section 4.1's list, the isolates, and U+061C ARABIC LETTER MARK).
pub(crate) fn is_unsafe_to_show(c: char) -> bool {
    c.is_control() || c == '\u{061C}' || BIDI_FORMATTING.contains(&c)
}

/// The largest character boundary of `s` at or before `i` (`i <= s.len()`).
pub(crate) fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A copy of an input that a [`ParseError`](crate::ParseError) keeps to
/// show it later: in the error's own allocation up to [`INLINE_MAX`] bytes
/// (most inputs), else in a second one.
#[derive(Clone)]
pub(crate) enum InputCopy {
    Inline { len: u8, bytes: [u8; INLINE_MAX] },
    Boxed(Box<str>),
}

/// The longest input copied into the error's own allocation.
pub(crate) const INLINE_MAX: usize = 128;

impl InputCopy {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            // The bytes are a copy of a `str`: this never falls back.
            InputCopy::Inline { len, bytes } => {
                core::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            InputCopy::Boxed(text) => text,
        }
    }
}

/// A window of an input around a span, for showing it: the input's text
/// near the span on one line, with carets under the span on the next. It
/// is what a [`ParseError`](crate::ParseError) shows under its message, and what a tool that
/// reports a spot in a long input can show in bounded space.
///
/// At most 60 characters before the span are shown, the span's first 60
/// characters, and 20 after them; an ellipsis marks where the input goes
/// on. Control characters (an escape sequence's ESC, a tab, a line break)
/// and bidirectional formatting characters (U+202E and its kin, which
/// reorder what a terminal shows) are shown as U+FFFD, one column each, so
/// that the two lines stay aligned and a terminal neither runs an escape
/// sequence from the input nor shows its text reordered. Both
/// lines are indented by two spaces. Columns are counted in characters.
///
/// Building it copies the bytes that can hold those characters (four bytes
/// a character at most; exactly the window when it is ASCII) and counts
/// nothing; characters are counted when the excerpt is shown.
///
/// ```
/// use peguri::error::Excerpt;
///
/// let input = "http://user:secret@example.com/";
/// assert_eq!(
///     Excerpt::around(input, 12..18).to_string(),
///     "  http://user:secret@example.com/\n              ^^^^^^"
/// );
/// // A long input is cut around the span.
/// let long = format!("http://h/{}%00{}", "a".repeat(1000), "b".repeat(1000));
/// let shown = Excerpt::around(&long, 1009..1012).to_string();
/// assert_eq!(shown.lines().next().unwrap().chars().count(), 2 + 1 + 60 + 3 + 20 + 1);
/// assert!(shown.ends_with(&format!("{}^^^", " ".repeat(2 + 1 + 60))));
/// // Control and bidirectional formatting characters are not shown as
/// // they are.
/// assert_eq!(Excerpt::around("\u{1b}[31m{a", 5..6).to_string(), "  \u{FFFD}[31m{a\n       ^");
/// assert_eq!(Excerpt::around("a/\u{202E}b", 0..1).to_string(), "  a/\u{FFFD}b\n  ^");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The input's text around the span, as it is.
    text: Box<str>,
    /// Where the span starts and ends in `text`, in bytes (`end` is cut
    /// to the end of `text`).
    at: u16,
    end: u16,
    /// Whether the input goes on before and after `text`.
    more_before: bool,
    more_after: bool,
}

/// How many characters of a span an [`Excerpt`] underlines at most.
const EXCERPT_SPAN: usize = 60;

impl Excerpt {
    /// The window of `input` around the byte range `span`. A span that is
    /// not on character boundaries is moved back to them, and one past the
    /// end of the input is cut to it, so any range gives an excerpt. An
    /// empty span gets one caret, under the character at its start (or
    /// just past the end of the input).
    ///
    /// ```
    /// let shown = peguri::error::Excerpt::around("a b", 1..1).to_string();
    /// assert_eq!(shown, "  a b\n   ^");
    /// let shown = peguri::error::Excerpt::around("über", 2..99).to_string();
    /// assert_eq!(shown, "  über\n   ^^^");
    /// ```
    #[must_use]
    pub fn around(input: &str, span: core::ops::Range<usize>) -> Self {
        let start = floor_char_boundary(input, span.start.min(input.len()));
        let end = floor_char_boundary(input, span.end.max(start).min(input.len()));
        Excerpt::spanning(input, start, end)
    }

    /// The window around byte `offset` of `input`, whose bytes up to
    /// `end` (`offset + EXCERPT_AFTER` or the end of the input) are ASCII.
    pub(crate) fn ascii(input: &str, offset: usize, end: usize) -> Self {
        let start = offset.saturating_sub(EXCERPT_BEFORE);
        Excerpt::window(input, offset..offset, start, end)
    }

    /// The window around byte `offset` (a character boundary) of `input`.
    pub(crate) fn new(input: &str, offset: usize) -> Self {
        Excerpt::spanning(input, offset, offset)
    }

    /// The window around `input[start..end]` (character boundaries).
    fn spanning(input: &str, start: usize, end: usize) -> Self {
        let shown_span = (end - start).min(EXCERPT_SPAN);
        let ascii_end = input.len().min(start + shown_span + EXCERPT_AFTER);
        if input.as_bytes()[start.saturating_sub(EXCERPT_BEFORE)..ascii_end].is_ascii() {
            let from = start.saturating_sub(EXCERPT_BEFORE);
            return Excerpt::window(input, start..end, from, ascii_end);
        }
        let mut from = start.saturating_sub(4 * EXCERPT_BEFORE);
        while !input.is_char_boundary(from) {
            from += 1;
        }
        let span_bytes = (end - start).min(4 * EXCERPT_SPAN);
        let mut to = input.len().min(start + span_bytes + 4 * EXCERPT_AFTER + 4);
        while !input.is_char_boundary(to) {
            to -= 1;
        }
        Excerpt::window(input, start..end, from, to)
    }

    /// `input[from..to]` (character boundaries), with the span `span`.
    fn window(input: &str, span: core::ops::Range<usize>, from: usize, to: usize) -> Self {
        let relative = |i: usize| u16::try_from(i.min(to) - from).unwrap_or(u16::MAX);
        Excerpt {
            text: input[from..to].into(),
            at: relative(span.start),
            end: relative(span.end),
            more_before: from > 0,
            more_after: to < input.len(),
        }
    }

    fn text(&self) -> &str {
        &self.text
    }
}

/// Two lines: the window, control characters made visible (each would
/// break the caret line; each shows as one column), and the carets under
/// the span, both indented by two spaces.
impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        let text = self.text();
        let at = floor_char_boundary(text, usize::from(self.at).min(text.len()));
        let end = floor_char_boundary(text, usize::from(self.end).clamp(at, text.len()));
        let (before, after) = text.split_at(at);
        // The last EXCERPT_BEFORE characters before the span, its first
        // EXCERPT_SPAN, and EXCERPT_AFTER more.
        let skip = before.chars().count().saturating_sub(EXCERPT_BEFORE);
        let cut_before = skip > 0 || self.more_before;
        let underlined = text[at..end].chars().take(EXCERPT_SPAN).count();
        let after_shown = underlined + EXCERPT_AFTER;
        let cut_after = after.chars().count() > after_shown || self.more_after;
        f.write_str("  ")?;
        if cut_before {
            f.write_char('…')?;
        }
        // The window as one slice, written a run of safe characters at a
        // time.
        let start = before.char_indices().nth(skip).map_or(at, |(i, _)| i);
        let stop = after
            .char_indices()
            .nth(after_shown)
            .map_or(text.len(), |(i, _)| at + i);
        let mut run = start;
        for (i, c) in text[start..stop].char_indices() {
            if is_unsafe_to_show(c) {
                f.write_str(&text[run..start + i])?;
                f.write_char('\u{FFFD}')?;
                run = start + i + c.len_utf8();
            }
        }
        f.write_str(&text[run..stop])?;
        if cut_after {
            f.write_char('…')?;
        }
        let caret = usize::from(cut_before) + before.chars().count() - skip;
        f.write_str("\n  ")?;
        repeat(f, b' ', caret)?;
        repeat(f, b'^', underlined.max(1))
    }
}

/// Writes `byte`, an ASCII character, `count` times, a chunk at a time.
fn repeat(f: &mut fmt::Formatter<'_>, byte: u8, count: usize) -> fmt::Result {
    const CHUNK: usize = 32;
    let chunk = [byte; CHUNK];
    let chunk = core::str::from_utf8(&chunk).unwrap_or_default();
    let mut left = count;
    while left > 0 {
        let n = left.min(CHUNK);
        f.write_str(chunk.get(..n).unwrap_or_default())?;
        left -= n;
    }
    Ok(())
}

/// A piece of input quoted on one line of a message, bounded and escaped.
///
/// At most 80 characters are shown (the 60 before and the 20 after the
/// spot that a [`ParseError`](crate::ParseError)'s excerpt shows), then an ellipsis and the input's length in bytes. A control
/// character or a bidirectional formatting character is written as a
/// `\u{…}` escape, as Rust's `escape_debug` writes one. Nothing is
/// copied: the text is escaped as it is written.
///
/// ```
/// use peguri::error::Quoted;
///
/// assert_eq!(Quoted::new("http://a/").to_string(), "http://a/");
/// // A forged log line and a terminal escape stay on one inert line.
/// assert_eq!(
///     Quoted::new("x\n2026-01-01 ok\u{1b}[2J").to_string(),
///     "x\\u{a}2026-01-01 ok\\u{1b}[2J"
/// );
/// assert_eq!(Quoted::new("a\u{202E}b").to_string(), "a\\u{202e}b");
/// // A long input is cut, with its length.
/// let long = "p".repeat(10_000_000);
/// let shown = Quoted::new(&long).to_string();
/// assert_eq!(shown, format!("{}… (10000000 bytes)", "p".repeat(80)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quoted<'a> {
    text: &'a str,
}

/// How many characters a [`Quoted`] shows at most.
const QUOTED_CHARS: usize = EXCERPT_BEFORE + EXCERPT_AFTER;

impl<'a> Quoted<'a> {
    /// `text`, to be shown quoted.
    ///
    /// ```
    /// assert_eq!(peguri::error::Quoted::new("a\tb").to_string(), "a\\u{9}b");
    /// ```
    #[must_use]
    pub fn new(text: &'a str) -> Self {
        Quoted { text }
    }
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        let mut chars = self.text.char_indices();
        for (_, c) in chars.by_ref().take(QUOTED_CHARS) {
            if is_unsafe_to_show(c) {
                write!(f, "\\u{{{:x}}}", u32::from(c))?;
            } else {
                f.write_char(c)?;
            }
        }
        if chars.next().is_some() {
            write!(f, "… ({} bytes)", self.text.len())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{format, string::ToString};

    #[test]
    fn excerpts_are_windows_with_the_caret_under_the_spot() {
        let show = |input: &str, offset| Excerpt::new(input, offset).to_string();
        assert_eq!(show("abc", 1), "  abc\n   ^");
        assert_eq!(show("", 0), "  \n  ^");
        let long = "x".repeat(100);
        let shown = show(&long, 80);
        let (text, caret) = shown.split_once('\n').unwrap();
        assert_eq!(text, format!("  …{}", "x".repeat(80)));
        assert_eq!(caret, format!("{}^", " ".repeat(2 + 61)));
        let shown = show(&long, 10);
        assert!(shown.starts_with(&format!("  {}…\n", "x".repeat(30))));
        assert_eq!(show("a\tb", 1), "  a\u{FFFD}b\n   ^");
        // Characters, not bytes: the window and the caret count them.
        let wide = "é".repeat(70);
        let shown = show(&wide, 130);
        assert!(shown.starts_with(&format!("  …{}", "é".repeat(60))));
        assert!(shown.ends_with(&format!("{}^", " ".repeat(2 + 61))));
    }

    #[test]
    fn span_excerpts_stay_bounded() {
        let wide = format!("{}%00{}", "é".repeat(5000), "ü".repeat(5000));
        let shown = Excerpt::around(&wide, 10_000..10_003).to_string();
        let (text, carets) = shown.split_once('\n').unwrap();
        assert_eq!(text, format!("  …{}%00{}…", "é".repeat(60), "ü".repeat(20)));
        assert_eq!(carets, format!("{}^^^", " ".repeat(2 + 61)));
        // A long span: its first EXCERPT_SPAN characters are underlined.
        let long = "a".repeat(10_000);
        let shown = Excerpt::around(&long, 0..10_000).to_string();
        let (text, carets) = shown.split_once('\n').unwrap();
        assert_eq!(
            text.len(),
            2 + EXCERPT_SPAN + EXCERPT_AFTER + '…'.len_utf8()
        );
        assert_eq!(carets, format!("  {}", "^".repeat(EXCERPT_SPAN)));
        // Out-of-range and mid-character spans are moved to boundaries.
        assert_eq!(Excerpt::around("é", 1..7).to_string(), "  é\n  ^");
        let (start, end) = (3, 1);
        assert_eq!(Excerpt::around("", start..end).to_string(), "  \n  ^");
    }

    #[test]
    fn quoting_escapes_what_a_terminal_would_act_on() {
        let show = |s: &str| Quoted::new(s).to_string();
        assert_eq!(show(""), "");
        assert_eq!(
            show("\u{7f}\u{85}\u{2066}\u{061C}"),
            "\\u{7f}\\u{85}\\u{2066}\\u{61c}"
        );
        assert_eq!(show("C:\\a"), "C:\\a");
        // Exactly the bound: no ellipsis.
        assert_eq!(show(&"é".repeat(QUOTED_CHARS)), "é".repeat(QUOTED_CHARS));
        let shown = show(&"é".repeat(QUOTED_CHARS + 1));
        assert_eq!(
            shown,
            format!(
                "{}… ({} bytes)",
                "é".repeat(QUOTED_CHARS),
                2 * (QUOTED_CHARS + 1)
            )
        );
    }
}
