//! HTML, as the HTML tokenizer reads it, as far as links go: tags and
//! their URL attributes, comments, declarations, and the raw text of
//! `<script>` and `<style>`; and character references.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::prose::Prose;
use super::{Delimiter, Grammar, Sink};

/// Scans `sink.text[from..end]` as HTML: the text between tags is read as
/// plain text, the URL attributes of tags give candidates.
pub(super) fn scan(prose: &Prose, sink: &mut Sink<'_>, from: usize, end: usize) {
    let bytes = &sink.text.as_bytes()[..end];
    let mut text_from = from;
    let mut i = from;
    while let Some(k) = find_byte(bytes, b'<', i) {
        if !opens_markup(&bytes[k..]) {
            // A `<` that opens nothing is text.
            i = k + 1;
            continue;
        }
        // The text before the markup first: candidates come in order.
        prose.scan(sink, text_from, k);
        let after = markup_at(sink, k, end).unwrap_or(k + 1);
        text_from = after;
        i = after;
    }
    prose.scan(sink, text_from, end);
}

/// Whether the `<` that starts `rest` opens markup: a tag, an end tag, a
/// comment, a declaration or a processing instruction.
fn opens_markup(rest: &[u8]) -> bool {
    match rest.get(1) {
        Some(b'!' | b'?') => true,
        Some(b'/') => rest.len() > 2,
        Some(b) => b.is_ascii_alphabetic(),
        None => false,
    }
}

/// The markup starting at `open` (a `<`), read to its end: where the text
/// goes on after it, or `None` when this `<` opens nothing.
fn markup_at(sink: &mut Sink<'_>, open: usize, end: usize) -> Option<usize> {
    let bytes = &sink.text.as_bytes()[..end];
    let rest = &bytes[open..];
    if rest.starts_with(b"<!--") {
        // `<!-->` and `<!--->` close at once, as the tokenizer reads them.
        return Some(find(bytes, b"-->", open + 2).map_or(end, |k| k + 3));
    }
    match rest.get(1) {
        Some(b'!' | b'?') => Some(find_byte(bytes, b'>', open + 2).map_or(end, |k| k + 1)),
        Some(b'/') => match rest.get(2) {
            // An end tag: its attributes, if any, are read and ignored.
            Some(b) if b.is_ascii_alphabetic() => {
                Some(tag(sink, open + 2, end, Attributes::Ignored).map_or(end, |t| t.end))
            }
            Some(b'>') => Some(open + 3),
            Some(_) => Some(find_byte(bytes, b'>', open + 2).map_or(end, |k| k + 1)),
            None => None,
        },
        Some(b) if b.is_ascii_alphabetic() => {
            let Some(tag) = tag(sink, open + 1, end, Attributes::Html) else {
                // The tag runs to the end of the text: nothing after it is
                // text.
                return Some(end);
            };
            Some(if tag.raw_text {
                raw_text_end(bytes, tag.end, tag.name)
            } else {
                tag.end
            })
        }
        _ => None,
    }
}

/// How a tag's attributes are read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Attributes {
    /// As the HTML tokenizer reads them; URL attributes give candidates.
    Html,
    /// As CommonMark's raw HTML allows them (names `[A-Za-z_:][A-Za-z0-9_.:-]*`,
    /// unquoted values without quotes, `=`, `<`, `>` or `` ` ``, whitespace
    /// between attributes); URL attributes give candidates.
    CommonMark,
    /// As the HTML tokenizer reads them, for an end tag: nothing is taken.
    Ignored,
}

/// A tag read to its `>`.
pub(super) struct Tag {
    /// Just past the `>`.
    pub(super) end: usize,
    /// `script` or `style`, whose content is raw text (HTML only).
    raw_text: bool,
    name: &'static [u8],
}

/// The elements whose content is raw text, skipped to their end tag.
const RAW_TEXT: [&[u8]; 2] = [b"script", b"style"];

/// Reads a tag whose name starts at `name_start` (a letter) to its `>`,
/// then gives the candidates of its URL attributes: `None`, and no
/// candidate, when the text ends first, or, with
/// [`Attributes::CommonMark`], at the first character that rule does not
/// allow.
pub(super) fn tag(
    sink: &mut Sink<'_>,
    name_start: usize,
    end: usize,
    how: Attributes,
) -> Option<Tag> {
    let bytes = &sink.text.as_bytes()[..end];
    let strict = how == Attributes::CommonMark;
    let name_end = if strict {
        skip_while(bytes, name_start, |b| {
            b.is_ascii_alphanumeric() || b == b'-'
        })
    } else {
        skip_while(bytes, name_start, |b| {
            !is_space(b) && b != b'/' && b != b'>'
        })
    };
    let name = &bytes[name_start..name_end];
    let raw_text = RAW_TEXT
        .iter()
        .find(|raw| raw.eq_ignore_ascii_case(name))
        .copied();
    let mut urls: Vec<(UrlList, Range<usize>)> = Vec::new();
    let mut i = name_end;
    loop {
        let before_space = i;
        i = skip_while(bytes, i, is_space);
        if !strict {
            i = skip_while(bytes, i, |b| is_space(b) || b == b'/');
        }
        match *bytes.get(i)? {
            b'>' => break,
            b'/' if strict => {
                if bytes.get(i + 1) != Some(&b'>') {
                    return None;
                }
                i += 1;
                break;
            }
            _ => {}
        }
        // An attribute's name; the tokenizer takes a leading `=` into it.
        let attribute_start = i;
        i = if strict {
            if i == before_space
                || !bytes[i].is_ascii_alphabetic() && !matches!(bytes[i], b'_' | b':')
            {
                return None;
            }
            skip_while(bytes, i, |b| {
                b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'-')
            })
        } else {
            skip_while(bytes, i + 1, |b| {
                !is_space(b) && !matches!(b, b'/' | b'>' | b'=')
            })
        };
        let list = url_attribute(&bytes[attribute_start..i]);
        let after_name = skip_while(bytes, i, is_space);
        if bytes.get(after_name) != Some(&b'=') {
            continue;
        }
        i = skip_while(bytes, after_name + 1, is_space);
        let value = match *bytes.get(i)? {
            quote @ (b'"' | b'\'') => {
                let close = find_byte(bytes, quote, i + 1)?;
                let value = i + 1..close;
                i = close + 1;
                value
            }
            b'>' if !strict => i..i,
            _ => {
                let value_end = if strict {
                    skip_while(bytes, i, |b| {
                        !is_space(b) && !matches!(b, b'"' | b'\'' | b'=' | b'<' | b'>' | b'`')
                    })
                } else {
                    skip_while(bytes, i, |b| !is_space(b) && b != b'>')
                };
                if value_end == i {
                    return None;
                }
                let value = i..value_end;
                i = value_end;
                value
            }
        };
        if let Some(list) = list {
            urls.push((list, value));
        }
    }
    if how != Attributes::Ignored {
        for (list, value) in urls {
            attribute_candidates(sink, list, value);
        }
    }
    Some(Tag {
        end: i + 1,
        raw_text: raw_text.is_some() && how == Attributes::Html,
        name: raw_text.unwrap_or_default(),
    })
}

/// Where the raw text of a `<script>` or `<style>` that starts at `from`
/// ends: at its end tag (`</script` followed by whitespace, `/` or `>`,
/// in any case), which is then read as a tag; or at the end of the text.
fn raw_text_end(bytes: &[u8], from: usize, name: &[u8]) -> usize {
    let mut i = from;
    while let Some(k) = find(bytes, b"</", i) {
        let name_end = k + 2 + name.len();
        let closes = bytes
            .get(k + 2..name_end)
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
            && bytes
                .get(name_end)
                .is_none_or(|&b| is_space(b) || b == b'/' || b == b'>');
        if closes {
            return k;
        }
        i = k + 2;
    }
    bytes.len()
}

/// How an attribute holds URLs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UrlList {
    /// One URL, potentially surrounded by spaces.
    One,
    /// URLs separated by ASCII whitespace.
    Spaces,
    /// A `srcset`: comma-separated URLs, each with its descriptors.
    Srcset,
}

/// The attributes that hold URLs by the HTML standard (and its obsolete
/// features, and SVG's `xlink:href`), on any element.
fn url_attribute(name: &[u8]) -> Option<UrlList> {
    const ONE: [&[u8]; 17] = [
        b"href",
        b"src",
        b"action",
        b"formaction",
        b"cite",
        b"data",
        b"poster",
        b"manifest",
        b"background",
        b"longdesc",
        b"itemid",
        b"codebase",
        b"classid",
        b"lowsrc",
        b"dynsrc",
        b"icon",
        b"xlink:href",
    ];
    let is = |names: &[&[u8]]| names.iter().any(|n| n.eq_ignore_ascii_case(name));
    if is(&ONE) {
        Some(UrlList::One)
    } else if is(&[b"ping", b"itemtype"]) {
        Some(UrlList::Spaces)
    } else if is(&[b"srcset", b"imagesrcset"]) {
        Some(UrlList::Srcset)
    } else {
        None
    }
}

/// The candidates of a URL attribute whose value is at `value`.
fn attribute_candidates(sink: &mut Sink<'_>, list: UrlList, value: Range<usize>) {
    let bytes = sink.text.as_bytes();
    match list {
        UrlList::One => {
            let start = skip_while(&bytes[..value.end], value.start, is_space);
            let mut end = value.end;
            while end > start && is_space(bytes[end - 1]) {
                end -= 1;
            }
            attribute_candidate(sink, start..end);
        }
        UrlList::Spaces => {
            let mut i = value.start;
            while i < value.end {
                let start = skip_while(&bytes[..value.end], i, is_space);
                let end = skip_while(&bytes[..value.end], start, |b| !is_space(b));
                attribute_candidate(sink, start..end);
                i = end;
            }
        }
        UrlList::Srcset => {
            for url in srcset_urls(&bytes[..value.end], value.start) {
                attribute_candidate(sink, url);
            }
        }
    }
}

fn attribute_candidate(sink: &mut Sink<'_>, span: Range<usize>) {
    let uri = decode_char_refs(&sink.text[span.clone()]);
    sink.candidate(span, uri, Delimiter::Attribute, Grammar::Reference);
}

/// The URLs of a `srcset` value running from `from` to the end of
/// `bytes`, as the HTML standard's "parse a srcset attribute" splits it:
/// a URL is a run of non-whitespace (trailing commas dropped), then its
/// descriptors run to a comma outside parentheses.
fn srcset_urls(bytes: &[u8], from: usize) -> Vec<Range<usize>> {
    let mut urls = Vec::new();
    let mut i = from;
    loop {
        i = skip_while(bytes, i, |b| is_space(b) || b == b',');
        if i >= bytes.len() {
            return urls;
        }
        let start = i;
        i = skip_while(bytes, i, |b| !is_space(b));
        let mut end = i;
        if bytes[end - 1] == b',' {
            while end > start && bytes[end - 1] == b',' {
                end -= 1;
            }
        } else {
            let mut depth = 0usize;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'(' => depth += 1,
                    b')' => depth = depth.saturating_sub(1),
                    b',' if depth == 0 => break,
                    _ => {}
                }
                i += 1;
            }
        }
        urls.push(start..end);
    }
}

/// HTML's ASCII whitespace.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0C' | b'\r')
}

/// The first offset at or after `from` whose byte is not taken.
pub(super) fn skip_while(bytes: &[u8], from: usize, take: impl Fn(u8) -> bool) -> usize {
    from + bytes
        .get(from..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&b| take(b))
        .count()
}

/// The first `byte` at or after `from`.
pub(super) fn find_byte(bytes: &[u8], byte: u8, from: usize) -> Option<usize> {
    memchr::memchr(byte, bytes.get(from..)?).map(|k| from + k)
}

/// The first `needle` (a short one) at or after `from`.
pub(super) fn find(bytes: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    memchr::memmem::find(bytes.get(from..)?, needle).map(|k| from + k)
}

/// `raw` with its character references decoded (see the module
/// documentation of `extract` for which).
pub(super) fn decode_char_refs(raw: &str) -> Cow<'_, str> {
    let Some(first) = raw.find('&') else {
        return Cow::Borrowed(raw);
    };
    let mut out = String::with_capacity(raw.len());
    out.push_str(&raw[..first]);
    let mut i = first;
    while let Some(k) = raw[i..].find('&').map(|k| i + k) {
        out.push_str(&raw[i..k]);
        match char_ref_at(raw, k) {
            Some((c, len)) => {
                out.push(c);
                i = k + len;
            }
            None => {
                out.push('&');
                i = k + 1;
            }
        }
    }
    out.push_str(&raw[i..]);
    Cow::Owned(out)
}

/// The character reference at `at` (a `&`), with its `;`: the character
/// and the reference's length.
pub(super) fn char_ref_at(text: &str, at: usize) -> Option<(char, usize)> {
    let rest = text.as_bytes().get(at + 1..)?;
    if let Some(numeric) = rest.strip_prefix(b"#") {
        let (digits, radix, skip) = match numeric.first() {
            Some(b'x' | b'X') => (&numeric[1..], 16, 3),
            _ => (numeric, 10, 2),
        };
        let len = digits
            .iter()
            .take_while(|b| b.is_ascii_hexdigit() && (radix == 16 || b.is_ascii_digit()))
            .count();
        if len == 0 || digits.get(len) != Some(&b';') {
            return None;
        }
        // Past U+10FFFF whatever the digits that follow: stop adding.
        let value = digits[..len].iter().try_fold(0u32, |value, &b| {
            let digit = char::from(b).to_digit(radix)?;
            value.checked_mul(radix)?.checked_add(digit)
        });
        let c = value
            .filter(|&v| v != 0)
            .and_then(char::from_u32)
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        return Some((c, skip + len + 1));
    }
    const NAMES: [(&[u8], char); 5] = [
        (b"amp;", '&'),
        (b"lt;", '<'),
        (b"gt;", '>'),
        (b"quot;", '"'),
        (b"apos;", '\''),
    ];
    NAMES
        .iter()
        .find(|(name, _)| rest.starts_with(name))
        .map(|&(name, c)| (c, 1 + name.len()))
}

/// Whether `s` ends with a character reference (its `;` last).
pub(super) fn ends_with_char_ref(s: &str) -> bool {
    // Longer references (numeric ones padded with zeros) are not looked
    // for here: their `;` is then trimmed as punctuation.
    const LONGEST: usize = 32;
    let bytes = s.as_bytes();
    let from = bytes.len().saturating_sub(LONGEST);
    bytes[from..]
        .iter()
        .rposition(|&b| b == b'&')
        .map(|k| from + k)
        .and_then(|amp| char_ref_at(s, amp).map(|(_, len)| amp + len == s.len()))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        assert_eq!(decode_char_refs("a&amp;b&lt;&gt;&quot;&apos;"), "a&b<>\"'");
        assert_eq!(
            decode_char_refs("&#38;&#x26;&#X41;&#0;&#xD800;&#99999999999;"),
            "&&A\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(
            decode_char_refs("&amp &copy; &#; &#x; &#38 & &"),
            "&amp &copy; &#; &#x; &#38 & &"
        );
        assert!(matches!(decode_char_refs("plain"), Cow::Borrowed("plain")));
        assert!(ends_with_char_ref("a&amp;"));
        assert!(ends_with_char_ref("a&#x26;"));
        assert!(!ends_with_char_ref("a&amp;b;"));
        assert!(!ends_with_char_ref("a;"));
    }

    #[test]
    fn srcset() {
        let value = b"a.png 1x, b.png 2x,c.png,, d(1).png (max-width: 1px, x) 3w , e.png";
        let urls: Vec<&[u8]> = srcset_urls(value, 0)
            .into_iter()
            .map(|r| &value[r])
            .collect();
        assert_eq!(
            urls,
            [&b"a.png"[..], b"b.png", b"c.png", b"d(1).png", b"e.png"]
        );
        assert!(srcset_urls(b" , ,", 0).is_empty());
    }

    #[test]
    fn url_attributes() {
        assert_eq!(url_attribute(b"HREF"), Some(UrlList::One));
        assert_eq!(url_attribute(b"xlink:href"), Some(UrlList::One));
        assert_eq!(url_attribute(b"ping"), Some(UrlList::Spaces));
        assert_eq!(url_attribute(b"srcset"), Some(UrlList::Srcset));
        assert_eq!(url_attribute(b"data-href"), None);
        assert_eq!(url_attribute(b"title"), None);
    }
}
