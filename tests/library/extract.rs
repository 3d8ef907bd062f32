//! RFC 3986 Appendix C: URIs in free text. Prose samples written for these
//! tests (an email, Markdown, wrapped plain text, HTML), the appendix's own
//! example, and properties over arbitrary text.

use peguri::extract::{Delimiter, Extractor};
use peguri::{Uri, extract::extract};
use proptest::prelude::*;

/// The URIs found in `text`, as strings.
fn uris(text: &str) -> Vec<String> {
    extract(text)
        .into_iter()
        .map(|e| e.uri.into_owned())
        .collect()
}

/// Checks the invariants every extraction keeps, then returns the URIs.
#[track_caller]
fn checked(text: &str) -> Vec<String> {
    let found = extract(text);
    let mut last_end = 0;
    for e in &found {
        assert!(e.span.start >= last_end, "overlap in {found:?}");
        last_end = e.span.end;
        let original = &text[e.span.clone()];
        let squeezed: String = original.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(squeezed, e.uri, "span {:?} of {text:?}", e.span);
        assert!(Uri::parse(&e.uri).is_ok(), "{:?} is not a URI", e.uri);
    }
    found.into_iter().map(|e| e.uri.into_owned()).collect()
}

#[test]
fn appendix_c_example() {
    let text = r#"      Yes, Jim, I found it under "http://www.w3.org/Addressing/",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>."#;
    let found = extract(text);
    assert_eq!(
        checked(text),
        [
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        ]
    );
    let delimiters: Vec<Delimiter> = found.iter().map(|e| e.delimiter).collect();
    assert_eq!(
        delimiters,
        [Delimiter::Quotes, Delimiter::Angle, Delimiter::Angle]
    );
    // Borrowed when nothing was removed, owned when a line break was.
    assert!(matches!(found[0].uri, std::borrow::Cow::Borrowed(_)));
    assert!(matches!(found[1].uri, std::borrow::Cow::Owned(_)));
    assert_eq!(
        &text[found[1].span.clone()],
        "ftp://foo.example.\n      com/rfc/"
    );
}

#[test]
fn an_email() {
    let text = "\
From: Jim Example <jim@example.com>
To: dev@example.org
Subject: Re:Release notes

Hi all,

The notes are at https://intranet.example.com/releases/2.4?lang=en#notes.
If that fails (VPN again?), try the mirror: <URL:
ftp://mirror.example.net/pub/releases/2.4/NOTES.txt>, or mail me at
mailto:jim@example.com!

At 10:30 we meet; e.g. room 4.12. Ask Jim about http:.

-- 
Jim
";
    assert_eq!(
        checked(text),
        [
            "https://intranet.example.com/releases/2.4?lang=en#notes",
            "ftp://mirror.example.net/pub/releases/2.4/NOTES.txt",
            "mailto:jim@example.com",
        ]
    );
    assert_eq!(extract(text)[1].delimiter, Delimiter::AngleUrl);
}

#[test]
fn markdown() {
    let text = "\
# Links

See [the RFC](https://www.rfc-editor.org/rfc/rfc3986) and
[Wikipedia](https://en.wikipedia.org/wiki/URI_(disambiguation)).
Autolink: <https://example.com/auto>. Bare: https://example.com/bare, done.
`inline code http://example.com/code` and a title:
[x](http://example.com/x \"Title here\")
![img](https://example.com/i.png)
A **https://example.com/bold** link and *https://example.com/em*.
(see https://en.wikipedia.org/wiki/Fish_(disambiguation)).
";
    assert_eq!(
        checked(text),
        [
            "https://www.rfc-editor.org/rfc/rfc3986",
            "https://en.wikipedia.org/wiki/URI_(disambiguation)",
            "https://example.com/auto",
            "https://example.com/bare",
            "http://example.com/code",
            "http://example.com/x",
            "https://example.com/i.png",
            "https://example.com/bold",
            "https://example.com/em",
            "https://en.wikipedia.org/wiki/Fish_(disambiguation)",
        ]
    );
}

#[test]
fn wrapped_plain_text() {
    let text = "The specification lives at <http://www.example.org/standards/
    2024/uri-handling/section-7/security-
    considerations.html> and is long.\r\nAlso at <http://example.org/a/\r\n\tb>.";
    assert_eq!(
        checked(text),
        [
            // The hyphen before the line break is kept (Appendix C: it may or
            // may not be part of the URI; here it is).
            "http://www.example.org/standards/2024/uri-handling/section-7/security-considerations.html",
            "http://example.org/a/b",
        ]
    );
    let found = extract(text);
    assert!(text[found[0].span.clone()].ends_with("security-\n    considerations.html"));
}

#[test]
fn html() {
    let text = r#"<p>Visit <a href="http://example.com/?a=1&b=2">us</a> or <b>http://example.com/b</b>.</p>"#;
    assert_eq!(
        checked(text),
        ["http://example.com/?a=1&b=2", "http://example.com/b"]
    );
}

#[test]
fn trailing_sentence_punctuation() {
    for p in [".", ",", ";", ":", "!", "?", ")", "...", "?!", ").", "):"] {
        let text = format!("go to http://example.com/p{p} now");
        assert_eq!(uris(&text), ["http://example.com/p"], "{text:?}");
    }
    // Delimited URIs keep what is inside the delimiters.
    assert_eq!(uris("<http://example.com/p.>"), ["http://example.com/p."]);
    assert_eq!(uris("\"http://example.com/p?\""), ["http://example.com/p?"]);
    // Punctuation inside the URI is kept.
    assert_eq!(
        uris("at http://example.com/a.b,c;d:e!f?g=h."),
        ["http://example.com/a.b,c;d:e!f?g=h"]
    );
}

#[test]
fn quotes_and_emphasis_around_a_bare_uri() {
    assert_eq!(
        uris("say 'http://example.com/a'."),
        ["http://example.com/a"]
    );
    assert_eq!(uris("**https://example.com/b**"), ["https://example.com/b"]);
    assert_eq!(uris("_https://example.com/c_,"), ["https://example.com/c"]);
    // Not wrapped: the grammar allows them, so they stay.
    assert_eq!(uris("https://example.com/d_ e"), ["https://example.com/d_"]);
    assert_eq!(
        uris("https://example.com/it's"),
        ["https://example.com/it's"]
    );
}

#[test]
fn parentheses() {
    assert_eq!(uris("(http://example.com/a)"), ["http://example.com/a"]);
    assert_eq!(
        uris("(http://example.com/a_(b))"),
        ["http://example.com/a_(b)"]
    );
    assert_eq!(
        uris("http://example.com/a_(b)_c."),
        ["http://example.com/a_(b)_c"]
    );
    assert_eq!(uris("((http://example.com/))"), ["http://example.com/"]);
}

#[test]
fn grammar_decides_where_a_bare_uri_ends() {
    // Characters outside the URI grammar end it: brackets, quotes, spaces,
    // backquotes. A letter that is not ASCII makes it an IRI instead.
    assert_eq!(uris("[http://example.com/x]"), ["http://example.com/x"]);
    assert_eq!(uris("«http://example.com/»"), ["http://example.com/"]);
    assert!(uris("«http://example.com/é»").is_empty());
    assert_eq!(
        uris("http://[2001:db8::1]:8080/p."),
        ["http://[2001:db8::1]:8080/p"]
    );
    assert_eq!(
        uris("http://example.com/a%20b%zz"),
        ["http://example.com/a%20b"]
    );
}

#[test]
fn no_false_positives() {
    for text in [
        "",
        "Re:Subject line",
        "Note:this is not a URI",
        "At 10:30, ratio 3:1.",
        "mail jim@example.com or <jim@example.com>",
        "HTML <b>bold</b> and <br/>",
        "if a < b and c > d",
        "a scheme alone: http: or mailto:",
        "http:/no-authority and www.example.com",
        "\"quoted words\" and \"relative/path\"",
        "<http://example.com/ with a space>",
        "<http://example.com/a\n\nb>",
        "1http://example.com/",
    ] {
        let found = uris(text);
        let expected: &[&str] = match text {
            // Brackets holding prose are scanned as prose.
            "<http://example.com/ with a space>" => &["http://example.com/"],
            "<http://example.com/a\n\nb>" => &["http://example.com/a"],
            _ => &[],
        };
        assert_eq!(found, expected, "{text:?}");
    }
}

#[test]
fn scheme_must_start_a_word() {
    // `x` and `1` continue the word, so no URI starts at `h`; `xhttp` is a
    // scheme of its own.
    assert_eq!(uris("xhttp://example.com/"), ["xhttp://example.com/"]);
    assert_eq!(uris("see:http://example.com/"), ["http://example.com/"]);
    assert_eq!(uris("Re:http://example.com/"), ["http://example.com/"]);
}

#[test]
fn url_prefix_forms() {
    for text in [
        "<URL:http://example.com/>",
        "<url:http://example.com/>",
        "<URL: http://example.com/>",
        "<URL:\n  http://example.com/>",
    ] {
        let found = extract(text);
        assert_eq!(found.len(), 1, "{text:?}");
        assert_eq!(found[0].uri, "http://example.com/");
        assert_eq!(found[0].delimiter, Delimiter::AngleUrl);
        assert_eq!(&text[found[0].span.clone()], "http://example.com/");
    }
}

#[test]
fn switches() {
    let text = "see <../a/b> and \"/c\" and about:blank; also x:y";
    assert!(extract(text).is_empty());
    let relative = Extractor::new().relative_when_delimited(true);
    assert_eq!(
        relative
            .extract(text)
            .into_iter()
            .map(|e| e.uri.into_owned())
            .collect::<Vec<_>>(),
        ["../a/b", "/c"]
    );
    let any = Extractor::new().any_scheme_undelimited(true);
    assert_eq!(
        any.extract(text)
            .into_iter()
            .map(|e| e.uri.into_owned())
            .collect::<Vec<_>>(),
        ["about:blank", "x:y"]
    );
}

#[test]
fn spans_are_byte_offsets() {
    let text = "é <http://a.example/> ü https://b.example/x.";
    let found = extract(text);
    assert_eq!(found[0].span, 4..21);
    assert_eq!(&text[found[0].span.clone()], "http://a.example/");
    assert_eq!(&text[found[1].span.clone()], "https://b.example/x");
}

#[test]
fn pathological_inputs_finish() {
    // Each of these would be quadratic with a naive rescan; each also has a
    // known answer.
    let n = 200_000;
    for (text, expected) in [
        ("a:".repeat(n), 0),
        ("<".repeat(n), 0),
        ("\"".repeat(n), 0),
        ("<a".repeat(n), 0),
        (format!("<{}", "a\n".repeat(n)), 0),
        (format!("mailto:{}", ")".repeat(n)), 0),
        ("Re:".repeat(n), 0),
        ("http://a/ ".repeat(n / 10), n / 10),
        // Line breaks inside brackets are removed: one long URI.
        (format!("<{}>", "http://a/\n".repeat(n / 10)), 1),
    ] {
        assert_eq!(extract(&text).len(), expected, "{:?}...", &text[..20]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn extraction_keeps_its_invariants(
        text in prop_oneof![
            any::<String>(),
            "([a-z]{1,5}|https?|mailto|URL|[:/<>\"()., \n?#@-]){0,30}",
        ]
    ) {
        let found = extract(&text);
        let mut last_end = 0;
        for e in &found {
            prop_assert!(e.span.start >= last_end && e.span.start < e.span.end);
            prop_assert!(text.get(e.span.clone()).is_some());
            last_end = e.span.end;
            let squeezed: String = text[e.span.clone()].chars().filter(|c| !c.is_whitespace()).collect();
            prop_assert_eq!(&squeezed, &e.uri);
            prop_assert!(Uri::parse(&e.uri).is_ok());
        }
    }

    #[test]
    fn a_uri_in_a_sentence_is_found(
        word in "[a-z]{1,8}",
        path in "(/[a-z0-9_~-]{0,6}){0,3}",
        punct in "[.,;:!?)]{0,2}",
    ) {
        let uri = format!("https://{word}.example{path}");
        let text = format!("Read {uri}{punct} today.");
        prop_assert_eq!(uris(&text), vec![uri]);
    }
}

/// Issue: an IRI was cut at its first non-ASCII character into another
/// URI (`http://b` for `http://bücher.example/x`, twice; `http://example.com/na`
/// for `.../naïve.html`). A candidate that is not a URI is dropped whole.
#[test]
fn an_iri_is_never_cut_into_another_uri() {
    let text = "a \"http://bücher.example/x\" b <http://bücher.example/y>\n";
    assert_eq!(checked(text), Vec::<String>::new());
    assert_eq!(
        checked("see http://example.com/naïve.html now"),
        Vec::<String>::new()
    );
    assert_eq!(checked("<URL:http://例え.jp/>"), Vec::<String>::new());
    // Delimiters inside a refused candidate still delimit.
    assert_eq!(checked("\"<http://a.example/>\""), ["http://a.example/"]);
    // Punctuation of prose still ends a URI: it is not part of an IRI.
    assert_eq!(
        checked("“http://example.com/” and http://example.org/。next"),
        ["http://example.com/", "http://example.org/"]
    );
}

fn iris(text: &str) -> Vec<String> {
    let found = Extractor::new().iri(true).extract(text);
    for item in &found {
        assert!(item.parse_iri_ref().is_ok(), "{:?}", item.uri);
        let shown: String = text[item.span.clone()]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert_eq!(shown, item.uri);
    }
    found.into_iter().map(|e| e.uri.into_owned()).collect()
}

/// `Extractor::iri` finds IRIs by the same rules, with the IRI grammar.
#[test]
fn iri_mode_finds_iris() {
    assert_eq!(
        iris("a \"http://bücher.example/x\" b <http://bücher.example/y>\n"),
        ["http://bücher.example/x", "http://bücher.example/y"]
    );
    assert_eq!(
        iris("see http://example.com/naïve.html, or (http://例え.jp/パス)."),
        ["http://example.com/naïve.html", "http://例え.jp/パス"]
    );
    // Prose punctuation ends an IRI as whitespace does.
    assert_eq!(
        iris("「https://例え.jp/」と“http://ü.example/”。"),
        ["https://例え.jp/", "http://ü.example/"]
    );
    // Line breaks in angle brackets, and the switches, as for URIs.
    assert_eq!(iris("<http://ü.example/a\n  /b>"), ["http://ü.example/a/b"]);
    assert!(iris("<../ü>").is_empty());
    let lenient = Extractor::new().iri(true).relative_when_delimited(true);
    assert_eq!(lenient.extract("<../ü>")[0].uri, "../ü");
    // URIs are IRIs.
    assert_eq!(iris("http://a.example/"), ["http://a.example/"]);
}

/// Issue 38: a bare candidate dropped because non-ASCII text follows it
/// made the scan restart just after its scheme, so that every candidate
/// inside it was matched to the same end again: quadratic (`http://a/x,`
/// repeated to 1 MB, then `é`: 23 s; `--iri` with U+E000 at the end, 1 MB:
/// over two minutes). The text a dropped candidate matched is not searched again,
/// and an IRI's grammar reads only up to the prose punctuation that ends
/// it.
#[test]
fn hostile_lines_are_extracted_in_linear_time() {
    let mb = 1 << 20;
    let line = |unit: &str, tail: &str| format!("{}{tail}", unit.repeat(mb / unit.len()));
    for (text, iri, expected) in [
        (line("http://a/x,", "é"), false, 0),
        (line("http://a/x,", "é"), true, 1),
        (line("http://a/x,", "\u{E000}"), false, 0),
        (line("http://a/x,", "\u{E000}"), true, 0),
        (line("https://example.com/p/1,", ",Zürich"), false, 0),
        // Found, each cut at the punctuation.
        (
            line("http://a\u{2000}", ""),
            true,
            mb / "http://a\u{2000}".len(),
        ),
    ] {
        let what = format!("extracting {:?}... (iri: {iri})", &text[..12]);
        let found = crate::bounded::within(&what, move || {
            Extractor::new().iri(iri).extract(&text).len()
        });
        assert_eq!(found, expected, "{what}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        // A case that fails has waited for the time-out: report it as is.
        max_shrink_iters: 0,
        ..ProptestConfig::default()
    })]

    /// Lines of a megabyte made of one candidate repeated, joined by
    /// punctuation a URI may hold or that ends it, and ending with text
    /// that makes the last candidate an IRI (or no IRI): every mode
    /// extracts them in linear time and keeps its invariants.
    #[test]
    fn adversarial_lines_are_extracted_in_linear_time(
        unit in "(https?|mailto|urn|x)(://|:)[a-z]{0,3}(:[0-9]{0,2})?(/[a-z]{0,2}){0,2}[?#]?[a-z=]{0,2}",
        sep in "[,;:!?)(/*'_.=&@]|\u{2000}|»|\u{A0}|",
        tail in "é|ü|\u{E000}|日|Zürich|\u{2000}|\u{10FFFF}",
        iri in any::<bool>(),
        relative in any::<bool>(),
        any_scheme in any::<bool>(),
    ) {
        let unit = format!("{unit}{sep}");
        let text = format!("{}{tail}", unit.repeat((1 << 20) / unit.len()));
        let extractor = Extractor::new()
            .iri(iri)
            .relative_when_delimited(relative)
            .any_scheme_undelimited(any_scheme);
        let what = format!("extracting {unit:?} repeated, then {tail:?} ({extractor:?})");
        let found: Vec<(std::ops::Range<usize>, String)> = crate::bounded::within(&what, {
            let text = text.clone();
            move || {
                extractor
                    .extract(&text)
                    .into_iter()
                    .map(|e| (e.span, e.uri.into_owned()))
                    .collect()
            }
        });
        let mut last_end = 0;
        for (span, uri) in &found {
            prop_assert!(span.start >= last_end && span.start < span.end);
            last_end = span.end;
            prop_assert_eq!(&text[span.clone()], uri.as_str());
            if iri {
                prop_assert!(peguri::IriRef::parse(uri).is_ok());
            } else {
                prop_assert!(Uri::parse(uri).is_ok());
            }
        }
    }
}

/// The readings that keep extraction linear, each the rule the module
/// documents: no URI is taken from inside the text of a dropped candidate
/// (it would be that candidate cut short), and an IRI's grammar stops at
/// prose punctuation as at whitespace.
#[test]
fn a_dropped_candidate_is_not_searched_again() {
    assert_eq!(checked("http://a/?to=b://c:d/é"), Vec::<String>::new());
    assert_eq!(checked("http://a/,c://d:8x,é"), Vec::<String>::new());
    assert!(iris("http://a/#,b://c/?\u{E000}").is_empty());
    // `\u{2000}` ends the IRI as a space would.
    assert_eq!(iris("http://a:b\u{2000}x@h/"), ["http://a"]);
    assert_eq!(iris("http://a:b x@h/"), ["http://a"]);
}
