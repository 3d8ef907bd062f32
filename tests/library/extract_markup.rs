//! Extraction from HTML and Markdown (`Extractor::markup`): pages written
//! for these tests, the corners of both syntaxes that decide what is a
//! link, hostile inputs that must stay linear, and properties over
//! generated markup.

use peguri::extract::{Delimiter, Extracted, Extractor, Markup};
use peguri::{IriRef, UriRef};
use proptest::prelude::*;

const HTML: Extractor = Extractor::new().markup(Markup::Html);
const MARKDOWN: Extractor = Extractor::new().markup(Markup::Markdown);

/// What `extractor` finds in `text`: each URI (or rejected candidate)
/// with its line and column, after checking that its span, line and
/// column agree with the text.
#[track_caller]
fn found(extractor: Extractor, text: &str) -> Vec<(String, usize, usize)> {
    let found = extractor.extract(text);
    let mut last_end = 0;
    for e in &found {
        assert!(e.span.start >= last_end, "overlap in {found:?}");
        last_end = e.span.end;
        assert_eq!((e.line, e.column), position(text, e.span.start), "{e:?}");
    }
    found
        .into_iter()
        .map(|e| (e.uri.into_owned(), e.line, e.column))
        .collect()
}

/// The 1-based line and column (in characters) of `offset`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = text[..offset].replace("\r\n", "\n").replace('\r', "\n");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

fn uris(extractor: Extractor, text: &str) -> Vec<String> {
    found(extractor, text)
        .into_iter()
        .map(|(uri, ..)| uri)
        .collect()
}

fn owned(items: &[(&str, usize, usize)]) -> Vec<(String, usize, usize)> {
    items
        .iter()
        .map(|&(uri, line, column)| (uri.to_owned(), line, column))
        .collect()
}

const PAGE: &str = r#"<!DOCTYPE html>
<html lang="en">
<head>
  <link rel="stylesheet" href="/css/site.css">
  <script src="js/app.js"></script>
  <script>
    const api = "https://api.example.com/v1"; // in a script: no link
    if (a </a/.test(b)) { document.write("<a href='/from-script'>") }
  </script>
  <style>body { background: url(http://style.example/bg.png) }</style>
</head>
<body>
  <!-- <a href="http://commented.example/">old</a> -->
  <nav><a href="../index.html">Home</a> | <a href='guide/intro.html#start'>Guide</a></nav>
  <p>Read <a href="https://example.com/search?q=uri&amp;lang=en">the search</a>,
     or the <A HREF=docs/faq.html>FAQ</A>. Also at https://mirror.example.org/docs.</p>
  <img src="img/logo.png" srcset="img/logo-2x.png 2x, img/logo-3x.png 3x" alt="logo">
  <form action="/submit"><button formaction="/alt">Go</button></form>
  <a href="http://broken.example/%zz">broken</a> <a href="">empty</a>
</body>
</html>
"#;

/// An HTML page: the URL attributes (relative ones included), with their
/// lines and columns, and the bare URI in the text; no `/a` for the end
/// tags, nothing from the script, the style or the comment. The broken
/// link is reported with `rejected(true)`.
#[test]
fn an_html_page() {
    let expected = [
        ("/css/site.css", 4, 32),
        ("js/app.js", 5, 16),
        ("../index.html", 14, 17),
        ("guide/intro.html#start", 14, 52),
        ("https://example.com/search?q=uri&lang=en", 15, 20),
        ("docs/faq.html", 16, 21),
        ("https://mirror.example.org/docs", 16, 52),
        ("img/logo.png", 17, 13),
        ("img/logo-2x.png", 17, 35),
        ("img/logo-3x.png", 17, 55),
        ("/submit", 18, 17),
        ("/alt", 18, 46),
    ];
    assert_eq!(found(HTML, PAGE), owned(&expected));
    let delimiters: Vec<Delimiter> = HTML.extract(PAGE).iter().map(|e| e.delimiter).collect();
    assert_eq!(delimiters[6], Delimiter::Bare);
    assert!(
        delimiters
            .iter()
            .enumerate()
            .all(|(k, &d)| k == 6 || d == Delimiter::Attribute)
    );
    // The span covers the value as written, `&amp;` and all.
    let search = &HTML.extract(PAGE)[4];
    assert_eq!(
        &PAGE[search.span.clone()],
        "https://example.com/search?q=uri&amp;lang=en"
    );
    let rejected = HTML.rejected(true).extract(PAGE);
    let broken: Vec<&Extracted<'_>> = rejected.iter().filter(|e| e.error.is_some()).collect();
    assert_eq!(broken.len(), 1);
    assert_eq!(broken[0].uri, "http://broken.example/%zz");
    assert_eq!((broken[0].line, broken[0].column), (19, 12));
    // Read as plain text, even with relative references accepted, the
    // end tags are no links.
    let plain = uris(Extractor::new().relative_when_delimited(true), PAGE);
    for end_tag in [
        "/a", "/A", "/nav", "/p", "/head", "/body", "/html", "/script", "/form",
    ] {
        assert!(
            !plain.iter().any(|uri| uri == end_tag),
            "{end_tag} in {plain:?}"
        );
    }
}

const README: &str = r#"# Guide

Read [the introduction](../guide/intro.md) first, then
[the API](https://docs.example.com/api "API reference").
![Logo](img/logo.png) and ![Diagram](<img/my diagram.svg>).
See [Fish](https://en.wikipedia.org/wiki/Fish_(disambiguation)) and [esc](a\)b.md).

Use `[not a link](http://code.example/)` or ``http://code2.example/ ` ``.
An autolink: <https://auto.example/path>, and <a href="/inline.html">inline HTML</a>.

```sh
curl http://fenced.example/
```

    http://indented.example/

- A list item with [a link](list.md).

    A paragraph of the item, [also linked](item.md).

<!--
[commented](http://comment.example/)

-->

[ref]: https://ref.example.com/page "Title"
[rel]: <../relative page.md>
"#;

/// A Markdown page: inline links and images (a title, balanced
/// parentheses, an escape), an autolink, inline HTML, a list item's
/// paragraph, reference definitions; nothing from the code span, the
/// fenced and indented code, or the comment.
#[test]
fn a_markdown_page() {
    let expected = [
        ("../guide/intro.md", 3, 25),
        ("https://docs.example.com/api", 4, 11),
        ("img/logo.png", 5, 9),
        ("https://en.wikipedia.org/wiki/Fish_(disambiguation)", 6, 12),
        ("a)b.md", 6, 75),
        ("https://auto.example/path", 9, 15),
        ("/inline.html", 9, 56),
        ("list.md", 17, 29),
        ("item.md", 19, 44),
        ("https://ref.example.com/page", 26, 8),
    ];
    assert_eq!(found(MARKDOWN, README), owned(&expected));
    let kinds: Vec<Delimiter> = MARKDOWN
        .extract(README)
        .iter()
        .map(|e| e.delimiter)
        .collect();
    assert_eq!(
        kinds,
        [
            Delimiter::MarkdownLink,
            Delimiter::MarkdownLink,
            Delimiter::MarkdownLink,
            Delimiter::MarkdownLink,
            Delimiter::MarkdownLink,
            Delimiter::Angle,
            Delimiter::Attribute,
            Delimiter::MarkdownLink,
            Delimiter::MarkdownLink,
            Delimiter::MarkdownDefinition,
        ]
    );
    // The destinations with spaces are no URI references: rejected,
    // reported with their error.
    let rejected: Vec<String> = MARKDOWN
        .rejected(true)
        .extract(README)
        .into_iter()
        .filter(|e| e.error.is_some())
        .map(|e| e.uri.into_owned())
        .collect();
    assert_eq!(rejected, ["img/my diagram.svg", "../relative page.md"]);
    // Read as plain text, the code span's link is found, the relative
    // destinations are not.
    let plain = uris(Extractor::new(), README);
    assert!(plain.contains(&"http://code.example/".to_owned()));
    assert!(!plain.contains(&"../guide/intro.md".to_owned()));
}

/// Character references in attribute values and destinations: numeric
/// ones and the five XML names are decoded, others kept; the span covers
/// the text as written.
#[test]
fn character_references() {
    let page =
        "<a href=\"/s?a=1&amp;b=2&#38;c=&#x33;&copy;\">x</a> &lt;http://t.example/?a&amp;b&gt;";
    let found = HTML.extract(page);
    assert_eq!(found[0].uri, "/s?a=1&b=2&c=3&copy;");
    assert_eq!(
        &page[found[0].span.clone()],
        "/s?a=1&amp;b=2&#38;c=&#x33;&copy;"
    );
    // In the text, `&gt;` ends the bare URI as `>` would.
    assert_eq!(found[1].uri, "http://t.example/?a&b");
    assert_eq!(&page[found[1].span.clone()], "http://t.example/?a&amp;b");
    assert_eq!(
        uris(MARKDOWN, "[x](/a?b&amp;c\\_d) and http://e.example/?f&amp;"),
        ["/a?b&c_d", "http://e.example/?f&"]
    );
    // In plain text nothing is decoded.
    assert_eq!(
        uris(Extractor::new(), "http://e.example/?f&amp;g"),
        ["http://e.example/?f&amp;g"]
    );
}

/// How the HTML tokenizer reads tags decides what is a link.
#[test]
fn html_tokenizer_corners() {
    for (page, expected) in [
        // Unquoted values, spaces around `=`, upper case, entities.
        ("<a href=x.html>", &["x.html"][..]),
        ("<a href = 'y.html' >", &["y.html"]),
        ("<IMG SRC=\"z.png\">", &["z.png"]),
        // Leading and trailing whitespace of a value is not the URL's.
        ("<a href=\"  /p  \">", &["/p"]),
        // No URL in other attributes, nor in an end tag's.
        (
            "<a data-href=\"/no\" title=\"http://title.example/\" href=/yes>",
            &["/yes"],
        ),
        ("</a href=\"/no\">", &[]),
        // Lists: `ping` and `itemtype` by whitespace, `srcset` by commas.
        ("<a ping=\" /p1\n/p2 \">", &["/p1", "/p2"]),
        (
            "<div itemscope itemtype=\"https://schema.org/Thing https://schema.org/Book\">",
            &["https://schema.org/Thing", "https://schema.org/Book"],
        ),
        ("<img srcset=\"a.png, b,c.png 2x\">", &["a.png", "b,c.png"]),
        ("<svg><use xlink:href=\"#icon\"/></svg>", &["#icon"]),
        (
            "<object data=\"movie.swf\" classid=\"clsid.x\">",
            &["movie.swf", "clsid.x"],
        ),
        // Comments: `<!-->` closes at once; an unclosed one runs to the end.
        ("<!--><a href=/after>", &["/after"]),
        ("<!-- <a href=/no>", &[]),
        // An unclosed tag runs to the end of the text.
        ("<a href=\"/no\" http://no.example/", &[]),
        ("<a href=\"/no", &[]),
        // Script and style content is skipped to the end tag, in any case.
        (
            "<SCRIPT>x = '</a>http://no.example/';</Script ><a href=/yes>",
            &["/yes"],
        ),
        ("<style>http://no.example/", &[]),
        // A `<` that opens nothing is text.
        (
            "a < b http://t.example/ <3 http://u.example/",
            &["http://t.example/", "http://u.example/"],
        ),
        // `<` and a letter is a tag, as browsers read it.
        ("<http://element.example/>", &[]),
        (
            "<!doctype html><?xml x?>http://after.example/",
            &["http://after.example/"],
        ),
    ] {
        assert_eq!(uris(HTML, page), expected, "{page:?}");
    }
}

/// How CommonMark reads links decides what is a destination.
#[test]
fn markdown_corners() {
    for (page, expected) in [
        // Escaped brackets are no link; the text in brackets is prose.
        (
            "\\[not](no.md) [http://text.example/](yes.md)",
            &["http://text.example/", "yes.md"][..],
        ),
        // An image in a link.
        ("[![alt](i.png)](page.html)", &["i.png", "page.html"]),
        // Titles in each form; a destination on the next line.
        (
            "[a](x.md 'T') [b](y.md (T)) [c](\n  z.md\n  \"T\"\n)",
            &["x.md", "y.md", "z.md"],
        ),
        // Not a link: no `)`, or a space in a bare destination.
        ("[a](b c d) [e](f", &[]),
        // A link's text spans lines.
        ("[a\nb](multi.md)", &["multi.md"]),
        // Empty destinations give nothing.
        ("[a]() [b](<>)", &[]),
        // Code spans: as many backticks close; fewer or more do not.
        ("`` a ` [x](no.md) `` [y](yes.md)", &["yes.md"]),
        ("``` [x](no.md) `` ``` [y](yes.md)", &["yes.md"]),
        // An unclosed run of backticks is text.
        ("`` [x](yes.md)", &["yes.md"]),
        // An escaped backtick opens nothing.
        ("\\`[x](yes.md)`", &["yes.md"]),
        // Fences: tildes, a longer closing fence, an unclosed fence.
        ("~~~\n[x](no.md)\n~~~~\n[y](yes.md)", &["yes.md"]),
        ("```\n[x](no.md)\n``\n[z](no2.md)", &[]),
        // Indented code after a blank line, not inside a paragraph.
        (
            "para\n    [x](continued.md)\n\n    [y](code.md)",
            &["continued.md"],
        ),
        ("# Heading\n    [x](code.md)", &[]),
        // A block quote holds paragraphs and code like the document does.
        ("> [q](quoted.md)\n>\n>     [c](code.md)", &["quoted.md"]),
        // List items: content indented to the item is no code.
        (
            "1. item\n\n   [a](one.md)\n\n       [c](code.md)",
            &["one.md"],
        ),
        ("- a\n  - b\n\n    [n](nested.md)", &["nested.md"]),
        // Definitions: only where a paragraph starts.
        (
            "[a]: one.md\n[b]: <two.md> 'T'\ntext [c]: no.md",
            &["one.md", "two.md"],
        ),
        ("text\n[a]: lazy.md", &[]),
        ("[a]: one.md junk", &[]),
        ("[a]:\n  next-line.md", &["next-line.md"]),
        // Inline HTML: tags, comments, declarations, end tags.
        (
            "a <img src=\"i.png\"/> <!-- [x](no.md) --> </b> <b>[y](yes.md)</b>",
            &["i.png", "yes.md"],
        ),
        // Not HTML by CommonMark's rule, so plain text: a rejected
        // candidate.
        ("<http://exa mple.com/>", &[]),
        // HTML blocks that run over blank lines.
        (
            "<script>\n[x](no.md)\n\n[y](no.md)\n</script>\n[z](yes.md)",
            &["yes.md"],
        ),
        ("<!--\n\n[x](no.md)\n\n-->\n[z](yes.md)", &["yes.md"]),
        (
            "<pre>\n<a href=\"/pre.html\">x</a>\n\n</pre>",
            &["/pre.html"],
        ),
        // Bare URIs keep the plain-text rules.
        (
            "See https://bare.example/, **https://bold.example/**.",
            &["https://bare.example/", "https://bold.example/"],
        ),
        // Closing tags are never links.
        ("</a>", &[]),
    ] {
        assert_eq!(uris(MARKDOWN, page), expected, "{page:?}");
    }
}

/// Line endings: `\n`, `\r\n` and `\r` each end a line; columns count
/// characters, not bytes.
#[test]
fn lines_and_columns() {
    let page = "é\r\n<a href=x>\rü <a href=y>\n\t[z](z.md)";
    assert_eq!(found(HTML, page), owned(&[("x", 2, 9), ("y", 3, 11)]));
    assert_eq!(
        found(MARKDOWN, page),
        owned(&[("x", 2, 9), ("y", 3, 11), ("z.md", 4, 6)])
    );
}

/// Inputs on which a reader that searched again from each opening would
/// be quadratic: each is read in linear time.
#[test]
fn hostile_markup_is_read_in_linear_time() {
    let n = 200_000;
    let cases: Vec<(Markup, String)> = vec![
        (Markup::Html, "<a href=\"".repeat(n)),
        (Markup::Html, "<!--".repeat(n)),
        (Markup::Html, "<script>".repeat(n)),
        (Markup::Html, "<a ".repeat(n)),
        (Markup::Html, "&#1111111111".repeat(n)),
        (Markup::Markdown, "<!--".repeat(n)),
        (Markup::Markdown, "<?".repeat(n)),
        (Markup::Markdown, "<!X".repeat(n)),
        (Markup::Markdown, "<a b=\"<a b='".repeat(n / 2)),
        (Markup::Markdown, "<a ".repeat(n)),
        (Markup::Markdown, "[".repeat(n) + &"](x".repeat(n)),
        (Markup::Markdown, "[".repeat(n) + &"](x \"".repeat(n)),
        (Markup::Markdown, "[".repeat(n) + &"](<x".repeat(n)),
        (Markup::Markdown, "[".repeat(n) + &"]((".repeat(n)),
        (
            Markup::Markdown,
            (1..2000).map(|k| "`".repeat(k) + " ").collect(),
        ),
        (Markup::Markdown, "` ".repeat(n)),
        (Markup::Markdown, "[a]:".repeat(n)),
        (Markup::Markdown, "> ".repeat(n)),
        (Markup::Markdown, "- ".repeat(n)),
        (Markup::Markdown, "-\n ".repeat(n)),
        (Markup::Markdown, " - a\n".repeat(n / 4)),
        (Markup::Markdown, "</a".repeat(n)),
    ];
    for (markup, text) in cases {
        let what = format!("{markup:?} on {:?}... ({} bytes)", &text[..12], text.len());
        let extractor = Extractor::new().markup(markup).rejected(true);
        crate::bounded::within(&what, move || extractor.extract(&text).len());
    }
}

/// What every markup extraction keeps: spans in order, not overlapping,
/// not empty; each URI parses by its grammar and each rejected candidate
/// does not; lines and columns are those of the start; without
/// `rejected`, exactly the URIs.
fn keeps_its_invariants(extractor: Extractor, iri: bool, text: &str) -> Result<(), TestCaseError> {
    let all = extractor.rejected(true).extract(text);
    let mut last_end = 0;
    for e in &all {
        prop_assert!(
            e.span.start >= last_end && e.span.start < e.span.end,
            "{:?}",
            all
        );
        prop_assert!(text.get(e.span.clone()).is_some());
        last_end = e.span.end;
        prop_assert_eq!((e.line, e.column), position(text, e.span.start));
        prop_assert!(!e.uri.is_empty());
        let parses = if iri {
            IriRef::parse(&e.uri).is_ok()
        } else {
            UriRef::parse(&e.uri).is_ok()
        };
        if e.error.is_none() {
            prop_assert!(parses, "{:?} in {:?}", e, text);
        }
        let raw = &text[e.span.clone()];
        if !raw.contains(['&', '\\']) && !raw.contains(char::is_whitespace) {
            prop_assert_eq!(raw, &*e.uri);
        }
    }
    let without: Vec<Extracted<'_>> = extractor.rejected(false).extract(text);
    let valid: Vec<Extracted<'_>> = all.into_iter().filter(|e| e.error.is_none()).collect();
    prop_assert_eq!(without, valid);
    Ok(())
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/extract_markup.txt"))]

    #[test]
    fn markup_extraction_keeps_its_invariants(
        text in prop_oneof![
            any::<String>(),
            "(<(/?[a-z]{1,3}|!--|!|\\?|script>|style>)|-->| (href|src|srcset|ping)=|[\"'= >]|&(amp|lt|gt|quot|#[0-9]{1,3}|#x[0-9a-f]{1,2});?|(https?://|mailto:)[a-z./%]{0,6}|[a-z./#?()]{1,4}|\\[|\\]|\\]\\(|!\\[|`{1,3}|~~~|\\\\|\n|\n\n|    |- |> |[*_,;:!]|é|»){0,40}",
        ],
        html in any::<bool>(),
        iri in any::<bool>(),
        relative in any::<bool>(),
    ) {
        let markup = if html { Markup::Html } else { Markup::Markdown };
        let extractor = Extractor::new().markup(markup).iri(iri).relative_when_delimited(relative);
        keeps_its_invariants(extractor, iri, &text)?;
    }
}
