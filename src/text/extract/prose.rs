//! Plain text, by the rules of Appendix C: candidates in angle brackets,
//! in double quotes, and bare ones. The markup readers hand the text
//! outside their syntax to [`Prose::step`].

use alloc::borrow::Cow;
use alloc::string::String;

use super::html::{char_ref_at, decode_char_refs, ends_with_char_ref};
use super::{BARE_SCHEMES, Delimiter, Extractor, Grammar, Sink};
use crate::syntax::compiled::uri as generated;
use crate::syntax::pct;

/// The plain-text reader, with the settings that decide what is a
/// candidate.
pub(super) struct Prose {
    relative_when_delimited: bool,
    any_scheme_undelimited: bool,
    /// Decode character references in candidates, and let a reference
    /// that stands for a delimiter end a bare one (HTML and Markdown).
    references: bool,
}

impl Prose {
    pub(super) fn new(settings: &Extractor, references: bool) -> Self {
        Prose {
            relative_when_delimited: settings.relative_when_delimited,
            any_scheme_undelimited: settings.any_scheme_undelimited,
            references,
        }
    }

    /// Scans `sink.text[from..end]`.
    pub(super) fn scan(&self, sink: &mut Sink<'_>, from: usize, end: usize) {
        let mut i = from;
        while i < end {
            i = self.step(sink, end, i).unwrap_or(i + 1);
        }
    }

    /// Reads a candidate starting at `i`, if one does, with the text
    /// ending at `end`: where to go on, past the candidate, or past text
    /// that holds none. `None` when nothing starts at `i`.
    pub(super) fn step(&self, sink: &mut Sink<'_>, end: usize, i: usize) -> Option<usize> {
        let bytes = &sink.text.as_bytes()[..end];
        match *bytes.get(i)? {
            b'<' => self.angle(sink, end, i),
            b'"' => self.quoted(sink, end, i),
            b if pct::is_in(pct::classes().alpha, b) && starts_word(bytes, i) => {
                Some(self.bare(sink, end, i))
            }
            _ => None,
        }
    }

    /// The grammar a delimited candidate must match.
    fn delimited_grammar(&self) -> Grammar {
        if self.relative_when_delimited {
            Grammar::Reference
        } else {
            Grammar::Absolute
        }
    }

    /// The candidate's text as a URI: references decoded in markup.
    fn decoded<'a>(&self, raw: Cow<'a, str>) -> Cow<'a, str> {
        if !self.references || !raw.contains('&') {
            return raw;
        }
        match raw {
            Cow::Borrowed(raw) => decode_char_refs(raw),
            Cow::Owned(raw) => Cow::Owned(decode_char_refs(&raw).into_owned()),
        }
    }

    /// `<...>` or `<URL:...>` at `open`: past the closing `>` when the
    /// brackets hold a candidate (accepted or rejected), `None` when they
    /// hold prose or a tag.
    fn angle(&self, sink: &mut Sink<'_>, end: usize, open: usize) -> Option<usize> {
        let text = &sink.text[..end];
        let bytes = text.as_bytes();
        let after = open + 1;
        if is_tag(bytes, after) {
            return None;
        }
        // A strong opening makes a candidate of whatever the brackets
        // hold; a weak one (a relative reference) only of text without
        // whitespace.
        let (start, strong, delimiter) = if bytes
            .get(after..after + 4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"URL:"))
        {
            (after + 4, true, Delimiter::AngleUrl)
        } else if scheme_colon(bytes, after)
            .and_then(|colon| bytes.get(colon + 1))
            .is_some_and(|&b| !b.is_ascii_whitespace() && b != b'>')
        {
            (after, true, Delimiter::Angle)
        } else if self.relative_when_delimited {
            (after, false, Delimiter::Angle)
        } else {
            return None;
        };
        let close = closing_angle(bytes, start)?;
        let inner = &text[start..close];
        let trimmed = inner.trim_start();
        let start = start + (inner.len() - trimmed.len());
        let trimmed = trimmed.trim_end();
        if trimmed.is_empty() {
            return None;
        }
        let uri = remove_line_breaks(trimmed, strong)?;
        let span = start..start + trimmed.len();
        let uri = self.decoded(uri);
        sink.candidate(span, uri, delimiter, self.delimited_grammar());
        Some(close + 1)
    }

    /// `"..."` at `open`: past the closing quote when the quotes hold a
    /// candidate, `None` when they hold prose.
    fn quoted(&self, sink: &mut Sink<'_>, end: usize, open: usize) -> Option<usize> {
        let text = &sink.text[..end];
        let start = open + 1;
        let stop = start
            + text[start..]
                .find(|c: char| c == '"' || c.is_whitespace())
                .filter(|&k| k > 0)?;
        let bytes = text.as_bytes();
        if bytes[stop] != b'"' {
            return None;
        }
        if !self.relative_when_delimited && scheme_colon(&bytes[..stop], start).is_none() {
            return None;
        }
        let uri = self.decoded(Cow::Borrowed(&sink.text[start..stop]));
        sink.candidate(
            start..stop,
            uri,
            Delimiter::Quotes,
            self.delimited_grammar(),
        );
        Some(stop + 1)
    }

    /// A bare candidate at `start`, a letter that begins a word: where to
    /// go on, past its natural end (or past a scheme that is not
    /// followed as a candidate's is). No text is scanned twice.
    fn bare(&self, sink: &mut Sink<'_>, end: usize, start: usize) -> usize {
        let text = &sink.text[..end];
        let bytes = text.as_bytes();
        // The grammar's `scheme` rule finds the word's scheme-shaped
        // prefix; a candidate starts here only if `:` follows it.
        let Some(scheme_end) = generated::quiet_scheme(bytes, start) else {
            return start + 1;
        };
        let after = &text[scheme_end..];
        let promising = if self.any_scheme_undelimited || is_bare_scheme(&text[start..scheme_end]) {
            after.starts_with(':')
        } else {
            after.starts_with("://")
        };
        // No later position inside the scheme can start a word.
        if !promising {
            return scheme_end;
        }
        let natural_end = natural_end(text, scheme_end, self.references);
        let candidate = trim_end(
            &text[start..natural_end],
            wrapper_before(bytes, start),
            self.references,
        );
        // Only the scheme and its colon are left (`mailto:.`): the rest is
        // punctuation, where no candidate starts.
        if candidate.len() > scheme_end + 1 - start {
            let span = start..start + candidate.len();
            let uri = self.decoded(Cow::Borrowed(&sink.text[span.clone()]));
            sink.candidate(span, uri, Delimiter::Bare, Grammar::Absolute);
        }
        natural_end
    }
}

/// Where the `:` after a scheme starting at `at` is, if a scheme (the
/// grammar's `scheme` rule) and `:` start there.
pub(super) fn scheme_colon(bytes: &[u8], at: usize) -> Option<usize> {
    let end = generated::quiet_scheme(bytes, at)?;
    (bytes.get(end) == Some(&b':')).then_some(end)
}

/// Whether a tag starts at `at`, just after a `<`: an optional `/`, an
/// ASCII letter, letters, digits or `-`, then `>`, `/>` or whitespace. A
/// tag is markup, never a candidate: `</a>` is not the reference `/a`.
pub(super) fn is_tag(bytes: &[u8], at: usize) -> bool {
    let at = at + usize::from(bytes.get(at) == Some(&b'/'));
    if !bytes.get(at).is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let name_end = at
        + bytes[at..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-')
            .count();
    match bytes.get(name_end) {
        Some(b'>') => true,
        Some(b'/') => bytes.get(name_end + 1) == Some(&b'>'),
        Some(b) => b.is_ascii_whitespace(),
        None => false,
    }
}

/// The `>` that closes angle brackets whose content starts at `from`:
/// `None` when a `<` or a blank line comes first, or the text ends. Each
/// byte is looked at once: the search stops at the next `<`, where the
/// next one starts.
fn closing_angle(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    // Whether a line break was seen with nothing since but spaces or tabs.
    let mut fresh_line = false;
    while i < bytes.len() {
        match bytes[i] {
            b'>' => return Some(i),
            b'<' => return None,
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                if fresh_line {
                    return None;
                }
                fresh_line = true;
                i += 1;
            }
            b'\n' | b'\r' => {
                if fresh_line {
                    return None;
                }
                fresh_line = true;
            }
            b' ' | b'\t' => {}
            _ => fresh_line = false,
        }
        i += 1;
    }
    None
}

/// Where a bare candidate whose scheme ends at `from` ends naturally (see
/// the module documentation): the first whitespace or control character,
/// `<`, `>`, `"` or `` ` ``, punctuation of prose, closing bracket that
/// closes no bracket opened since `from`, or, with `references`, a
/// character reference that stands for one of these; or the end of the
/// text.
fn natural_end(text: &str, from: usize, references: bool) -> usize {
    let bytes = text.as_bytes();
    let mut open = [0usize; 3];
    let mut i = from;
    while i < bytes.len() {
        let b = bytes[i];
        let width = match b {
            b'(' | b'[' | b'{' => {
                open[bracket(b)] += 1;
                1
            }
            b')' | b']' | b'}' => {
                let depth = &mut open[bracket(b)];
                if *depth == 0 {
                    return i;
                }
                *depth -= 1;
                1
            }
            b'<' | b'>' | b'"' | b'`' | 0..=b' ' | 0x7F => return i,
            b'&' if references => match char_ref_at(text, i) {
                Some((c, _)) if ends_candidate(c) => return i,
                _ => 1,
            },
            0x80.. => match text[i..].chars().next() {
                Some(c) if ends_candidate(c) => return i,
                Some(c) => c.len_utf8(),
                None => 1,
            },
            _ => 1,
        };
        i += width;
    }
    bytes.len()
}

/// Which kind of bracket a bracket byte is.
fn bracket(b: u8) -> usize {
    match b {
        b'(' | b')' => 0,
        b'[' | b']' => 1,
        _ => 2,
    }
}

/// Whether `c` ends a bare candidate wherever it is (brackets aside).
fn ends_candidate(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(c, '<' | '>' | '"' | '`')
        || is_prose_punctuation(c)
}

/// Non-ASCII characters that end a bare candidate, as whitespace does
/// (see the module documentation): Latin-1 punctuation and the no-break
/// space, General and Supplemental Punctuation, CJK symbols and
/// punctuation, vertical, small and fullwidth forms of punctuation.
pub(super) fn is_prose_punctuation(c: char) -> bool {
    matches!(
        c,
        '\u{A0}' | '\u{A1}' | '\u{A7}' | '\u{AB}' | '\u{B6}' | '\u{B7}' | '\u{BB}' | '\u{BF}'
            | '\u{2000}'..='\u{206F}'
            | '\u{2E00}'..='\u{2E7F}'
            | '\u{3000}'..='\u{303F}'
            | '\u{FE10}'..='\u{FE1F}'
            | '\u{FE30}'..='\u{FE6F}'
            | '\u{FF01}'..='\u{FF0F}'
            | '\u{FF1A}'..='\u{FF20}'
            | '\u{FF3B}'..='\u{FF40}'
            | '\u{FF5B}'..='\u{FF65}'
    )
}

fn is_bare_scheme(scheme: &str) -> bool {
    BARE_SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Whether the letter at `i` begins a word: the byte before it (if any)
/// could not continue a scheme (the grammar's `scheme` rule decides).
fn starts_word(bytes: &[u8], i: usize) -> bool {
    match i.checked_sub(1).and_then(|p| bytes.get(p)) {
        None => true,
        Some(&b) => !pct::is_in(pct::classes().scheme_tail, b),
    }
}

/// The documented cuts at the end of a bare candidate: trailing sentence
/// punctuation, and as many of a wrapping `'`, `*` or `_` as precede the
/// candidate (`wrapper`: that character and the length of its run). With
/// `references`, a `;` that closes a character reference stays.
fn trim_end(candidate: &str, wrapper: Option<(u8, usize)>, references: bool) -> &str {
    let (wrap, mut wraps) = wrapper.unwrap_or((0, 0));
    let mut s = candidate;
    loop {
        match s.as_bytes().last() {
            Some(b';') if references && ends_with_char_ref(s) => return s,
            Some(b'.' | b',' | b';' | b':' | b'!' | b'?') => {}
            Some(&b) if wraps > 0 && b == wrap => wraps -= 1,
            _ => return s,
        }
        s = &s[..s.len() - 1];
    }
}

/// The run of `'`, `*` or `_` that ends just before `start`, as (character,
/// length).
fn wrapper_before(bytes: &[u8], start: usize) -> Option<(u8, usize)> {
    let before = &bytes[..start];
    let &c = before.last()?;
    if !matches!(c, b'\'' | b'*' | b'_') {
        return None;
    }
    let run = before.iter().rev().take_while(|&&b| b == c).count();
    Some((c, run))
}

/// The text with line-break whitespace removed (a line break with any
/// spaces or tabs around it). Other whitespace is kept when `keep_spaces`
/// (the candidate is then rejected by the grammar); otherwise it makes
/// the text prose (`None`). `text` is trimmed, and holds no blank line.
fn remove_line_breaks(text: &str, keep_spaces: bool) -> Option<Cow<'_, str>> {
    if !text.contains(char::is_whitespace) {
        return Some(Cow::Borrowed(text));
    }
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if c.is_whitespace() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            if !is_one_line_break(&run) {
                if !keep_spaces {
                    return None;
                }
                out.push_str(&run);
            }
            run.clear();
        }
        out.push(c);
    }
    Some(Cow::Owned(out))
}

/// Whether a whitespace run is one line break (`\n`, `\r\n` or `\r`) with
/// spaces or tabs around it.
fn is_one_line_break(run: &str) -> bool {
    let run = run.trim_matches([' ', '\t']);
    matches!(run, "\n" | "\r\n" | "\r")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trimmed(candidate: &str, wrapper: Option<(u8, usize)>) -> &str {
        trim_end(candidate, wrapper, false)
    }

    #[test]
    fn trims_sentence_punctuation_and_wrappers() {
        assert_eq!(trimmed("http://a/b.,;", None), "http://a/b");
        assert_eq!(trimmed("http://a/(b).", None), "http://a/(b)");
        assert_eq!(trimmed("http://a/b!?:", None), "http://a/b");
        assert_eq!(trimmed("...", None), "");
        let stars = Some((b'*', 2));
        assert_eq!(trimmed("http://a/b**.", stars), "http://a/b");
        assert_eq!(trimmed("http://a/b***", stars), "http://a/b*");
        assert_eq!(trimmed("http://a/b'", Some((b'\'', 1))), "http://a/b");
        assert_eq!(trimmed("http://a/b'", None), "http://a/b'");
        assert_eq!(
            trim_end("http://a/?x=&amp;", None, true),
            "http://a/?x=&amp;"
        );
        assert_eq!(
            trim_end("http://a/?x=&amp;", None, false),
            "http://a/?x=&amp"
        );
        assert_eq!(trim_end("http://a/b;", None, true), "http://a/b");
    }

    #[test]
    fn natural_ends() {
        fn end(s: &str) -> &str {
            &s[..natural_end(s, 0, false)]
        }
        assert_eq!(end("http://a/b c"), "http://a/b");
        assert_eq!(end("http://a/(b))c"), "http://a/(b)");
        assert_eq!(end("http://[::1]/]"), "http://[::1]/");
        assert_eq!(end("http://a/{x}}"), "http://a/{x}");
        assert_eq!(end("http://a/%2"), "http://a/%2");
        assert_eq!(end("http://a/é»"), "http://a/é");
        assert_eq!(end("http://a/`x"), "http://a/");
        assert_eq!(end("http://a/\u{7f}"), "http://a/");
        assert_eq!(natural_end("a&quot;b", 0, true), 1);
        assert_eq!(natural_end("a&amp;b", 0, true), 7);
        assert_eq!(natural_end("a&quot;b", 0, false), 8);
    }

    /// The characters that end a candidate wherever they are are in no
    /// URI: the grammar refuses them in every component.
    #[test]
    fn natural_ends_are_in_no_uri() {
        for c in ['<', '>', '"', '`', ' ', '\t', '\n', '\u{7f}', '\u{0}'] {
            for before in [
                "http://",
                "http://a:",
                "http://a/",
                "http://a/?",
                "http://a/#",
                "http://u",
            ] {
                let text = alloc::format!("{before}{c}@a/");
                let error = crate::reference::Iri::parse(&text).expect_err(&text);
                assert_eq!(error.offset(), before.len(), "{text:?}");
            }
        }
    }

    #[test]
    fn line_break_runs() {
        assert_eq!(remove_line_breaks("a\n  b", false).as_deref(), Some("ab"));
        assert_eq!(
            remove_line_breaks("a \r\n\tb", false).as_deref(),
            Some("ab")
        );
        assert_eq!(remove_line_breaks("a\rb", false).as_deref(), Some("ab"));
        assert_eq!(remove_line_breaks("a b", false), None);
        assert_eq!(remove_line_breaks("a b\n c", true).as_deref(), Some("a bc"));
        assert!(matches!(
            remove_line_breaks("ab", false),
            Some(Cow::Borrowed("ab"))
        ));
    }

    #[test]
    fn word_starts() {
        assert!(starts_word(b"http", 0));
        assert!(starts_word(b"(http", 1));
        assert!(!starts_word(b"xhttp", 1));
        assert!(!starts_word(b"a.b", 2));
    }

    #[test]
    fn tags() {
        for tag in ["a>", "/a>", "br/>", "a href", "h1\n", "my-tag>"] {
            assert!(is_tag(tag.as_bytes(), 0), "{tag}");
        }
        for not in [
            "a:b>",
            "/usr/share>",
            "1a>",
            "a",
            "/",
            "a/b>",
            "index.html>",
        ] {
            assert!(!is_tag(not.as_bytes(), 0), "{not}");
        }
    }

    #[test]
    fn closing_angles() {
        assert_eq!(closing_angle(b"ab>", 0), Some(2));
        assert_eq!(closing_angle(b"a\n b>", 0), Some(4));
        assert_eq!(closing_angle(b"a\r\n\tb>", 0), Some(5));
        assert_eq!(closing_angle(b"a\n\nb>", 0), None);
        assert_eq!(closing_angle(b"a\r\n \r\nb>", 0), None);
        assert_eq!(closing_angle(b"a<b>", 0), None);
        assert_eq!(closing_angle(b"ab", 0), None);
    }
}
