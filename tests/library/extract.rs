//! RFC 3986 Appendix C: URIs in free text. Prose samples written for these
//! tests (an email, Markdown, wrapped plain text, HTML), the appendix's own
//! example, and properties over arbitrary text: a candidate is taken whole
//! or rejected, cut only where the module documents it. The markup modes
//! are in `extract_markup.rs`.

use peguri::extract::{Delimiter, Extracted, Extractor};
use peguri::{Uri, UriRef, extract::extract};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

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
    // The grammar stops at `%zz`, but the candidate goes on to the end
    // of the text: it is rejected whole, not cut into another URI.
    assert!(uris("http://example.com/a%20b%zz").is_empty());
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
            // A blank line before the `>`: the brackets hold prose, which
            // is scanned as such. (`<http://example.com/ with a space>`
            // is a rejected candidate: `<` and a scheme open one.)
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
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/extract.txt"))]

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

/// An IRI is not cut at its first non-ASCII character into another URI
/// (`http://b` for `http://bücher.example/x`, `http://example.com/na` for
/// `.../naïve.html`): a candidate that is not a URI is rejected whole.
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

/// A line of one candidate repeated, which a non-ASCII character at its
/// end makes one rejected candidate, is read once: a scan that restarted
/// after each rejected candidate's scheme would match every candidate
/// inside it to the same end again, quadratic in the line (`http://a/x,`
/// repeated to 1 MB, then `é`: 23 s; with `iri` and U+E000 at the end,
/// over two minutes). Nothing inside a rejected candidate is searched
/// again, and every candidate ends at the prose punctuation that ends it.
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
        // A case that fails has waited for the time-out: report it as is.
        max_shrink_iters: 0,
        ..crate::seeds::proptest_config(24, "tests/proptest-regressions/library/extract.txt")
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
/// documents: no URI is taken from inside the text of a rejected
/// candidate (it would be that candidate cut short), and prose
/// punctuation ends a candidate as whitespace does.
#[test]
fn a_dropped_candidate_is_not_searched_again() {
    assert_eq!(checked("http://a/?to=b://c:d/é"), Vec::<String>::new());
    assert_eq!(checked("http://a/,c://d:8x,é"), Vec::<String>::new());
    assert!(iris("http://a/#,b://c/?\u{E000}").is_empty());
    // `\u{2000}` ends the candidate as a space would; `http://a:b` is no
    // IRI (the port is not digits), and is not cut inside its port into
    // `http://a`.
    assert!(iris("http://a:b\u{2000}x@h/").is_empty());
    assert!(iris("http://a:b x@h/").is_empty());
    assert_eq!(iris("http://a:8\u{2000}x@h/"), ["http://a:8"]);
    let rejected = Extractor::new()
        .iri(true)
        .rejected(true)
        .extract("http://a:b x@h/");
    assert_eq!(rejected[0].uri, "http://a:b");
    assert!(rejected[0].error.is_some());
}

/// Each of these is one candidate that is not a URI. The grammar stops
/// inside it (in a percent-encoding, an IP literal, a port, a host), but
/// the candidate goes on: it is rejected whole, never cut short into the
/// URI the grammar matched (`http://example.com/a`, `http://`,
/// `http://ex_ample.com:80`, `http://exa`), and `rejected(true)` reports
/// it with the error the grammar gives for it.
#[test]
fn a_candidate_is_never_cut_short_into_another_uri() {
    for (text, candidate, message) in [
        (
            "see http://example.com/a%2",
            "http://example.com/a%2",
            "expected a hex digit after '%', found the end of input",
        ),
        (
            "http://[fe80::1%25eth0]/",
            "http://[fe80::1%25eth0]/",
            "an IPv6 zone identifier (RFC 6874) is not allowed by RFC 3986 or RFC 3987 alone; \
             allow it with ParseOptions::allow_zone_id",
        ),
        (
            "http://ex_ample.com:80x/",
            "http://ex_ample.com:80x/",
            "invalid character 'x' in port",
        ),
        (
            "<http://exa mple.com/>",
            "http://exa mple.com/",
            "invalid character ' ' in host",
        ),
    ] {
        assert_eq!(checked(text), Vec::<String>::new(), "{text:?}");
        let found = Extractor::new().rejected(true).extract(text);
        assert_eq!(found.len(), 1, "{text:?}: {found:?}");
        assert_eq!(found[0].uri, candidate);
        assert_eq!(&text[found[0].span.clone()], candidate);
        let error = found[0].error.as_ref().expect("rejected");
        assert_eq!(error, &Uri::parse(candidate).unwrap_err());
        assert_eq!(error.message().to_string(), message, "{text:?}");
    }
    // With zone identifiers allowed, the IP literal is a URI.
    let zoned = Extractor::new().allow_zone_id(true);
    assert_eq!(
        zoned.extract("http://[fe80::1%25eth0]/")[0].uri,
        "http://[fe80::1%25eth0]/"
    );
}

/// Rejected candidates are no longer dropped silently: with
/// `rejected(true)` each comes with its span, line, column and error, in
/// order among the URIs; without it, the output is what it was.
#[test]
fn rejected_candidates_are_reported() {
    let text =
        "Links:\n  <https://example.com/%zz> and <http://[::1/>,\n  and <http://ok.example/>.";
    assert_eq!(checked(text), ["http://ok.example/"]);
    let found = Extractor::new().rejected(true).extract(text);
    let seen: Vec<(&str, usize, usize, Option<usize>)> = found
        .iter()
        .map(|e| {
            (
                &*e.uri,
                e.line,
                e.column,
                e.error.as_ref().map(|e| e.offset()),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("https://example.com/%zz", 2, 4, Some(21)),
            ("http://[::1/", 2, 34, Some(11)),
            ("http://ok.example/", 3, 8, None),
        ]
    );
    assert_eq!(&text[found[1].span.clone()], "http://[::1/");
    assert_eq!(
        &Uri::parse(&found[0].uri).unwrap_err(),
        found[0].error.as_ref().unwrap()
    );
    assert!(found[0].parse().is_err());
}

/// A tag is never a candidate, even where relative references are
/// accepted: `</a>` is an end tag, not the reference `/a`; `<b>` and
/// `<br/>` are tags.
#[test]
fn closing_tags_are_never_links() {
    let page = "<p>See <a href=\"/docs\">the docs</a>, <b>bold</b>, <br/> or\n<../up>.</p></div>\n</section>";
    let relative = Extractor::new().relative_when_delimited(true);
    let found: Vec<String> = relative
        .extract(page)
        .into_iter()
        .map(|e| e.uri.into_owned())
        .collect();
    assert_eq!(found, ["/docs", "../up"]);
    // A path in angle brackets that is no tag is a candidate.
    assert_eq!(
        relative.extract("</usr/share/doc>")[0].uri,
        "/usr/share/doc"
    );
}

/// Double quotes hold a candidate when they hold no whitespace and start
/// with a scheme; a quoted word without one is prose, and never a
/// rejected candidate.
#[test]
fn what_quotes_and_angle_brackets_hold() {
    let rejected = Extractor::new().rejected(true);
    let text =
        "\"quoted\" \"relative/path\" <jim@example.com> <Note: prose> \"http://a.example/ x\"";
    let found: Vec<String> = rejected
        .extract(text)
        .into_iter()
        .map(|e| e.uri.into_owned())
        .collect();
    // The last quotes hold a space: prose, and the bare URI in it.
    assert_eq!(found, ["http://a.example/"]);
    let found = rejected.extract("\"http://a.example/%\" <URL:http://b.example/ x>");
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|e| e.error.is_some()));
    assert_eq!(found[1].delimiter, Delimiter::AngleUrl);
}

/// `rejected(true)` changes what is reported, not what is a candidate:
/// without it, the output is the URIs among its candidates; each rejected
/// candidate fails to parse by the grammar its position asks for (a URI,
/// or a reference in delimiters with `relative`) with the error reported.
fn rejected_only_adds_the_rejected(
    extractor: Extractor,
    relative: bool,
    text: &str,
) -> Result<(), TestCaseError> {
    let plain: Vec<Extracted<'_>> = extractor.rejected(false).extract(text);
    let all = extractor.rejected(true).extract(text);
    let valid: Vec<&Extracted<'_>> = all.iter().filter(|e| e.error.is_none()).collect();
    prop_assert_eq!(plain.iter().collect::<Vec<_>>(), valid);
    for e in &all {
        let Some(error) = &e.error else { continue };
        let reparsed = if relative && e.delimiter != Delimiter::Bare {
            UriRef::parse(&e.uri).map(drop)
        } else {
            Uri::parse(&e.uri).map(drop)
        };
        prop_assert_eq!(
            reparsed.as_ref().err(),
            Some(error),
            "{:?} in {:?}",
            e,
            text
        );
    }
    Ok(())
}

/// The 1-based line and column (in characters) of `offset`, counted from
/// the start of the text.
fn naive_position(text: &str, offset: usize) -> (usize, usize) {
    let before = text[..offset].replace("\r\n", "\n").replace('\r', "\n");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// Characters of prose punctuation the generated texts below hold.
const PROSE_PUNCTUATION: [char; 4] = ['»', '“', '\u{2000}', '。'];

/// Whether the bare URI `e` is the whole of its candidate, or ends at a
/// documented cut: what follows it up to where the candidate ends is
/// trailing sentence punctuation or the wrapping character, and the
/// candidate ends at the end of the text, whitespace, a control
/// character, `<` `>` `"` `` ` ``, prose punctuation, or a closing
/// bracket the URI did not open.
fn ends_at_a_documented_cut(text: &str, e: &Extracted<'_>) -> bool {
    let wrapper = text[..e.span.start]
        .chars()
        .next_back()
        .filter(|c| matches!(c, '\'' | '*' | '_'));
    let mut rest = text[e.span.end..].chars().peekable();
    while rest
        .peek()
        .is_some_and(|&c| ".,;:!?".contains(c) || Some(c) == wrapper)
    {
        rest.next();
    }
    let count = |c: char| e.uri.matches(c).count();
    match rest.next() {
        None => true,
        Some(c @ (')' | ']' | '}')) => {
            let open = match c {
                ')' => '(',
                ']' => '[',
                _ => '{',
            };
            count(open) == count(c)
        }
        Some(c) => {
            c.is_whitespace()
                || c.is_control()
                || "<>\"`".contains(c)
                || PROSE_PUNCTUATION.contains(&c)
        }
    }
}

/// Whether the delimited URI `e` fills its delimiters.
fn fills_its_delimiters(text: &str, e: &Extracted<'_>) -> bool {
    let before = text[..e.span.start].trim_end();
    let after = text[e.span.end..].trim_start();
    match e.delimiter {
        Delimiter::Quotes => before.ends_with('"') && after.starts_with('"'),
        Delimiter::Angle => before.ends_with('<') && after.starts_with('>'),
        Delimiter::AngleUrl => {
            before.to_ascii_uppercase().ends_with("<URL:") && after.starts_with('>')
        }
        _ => false,
    }
}

proptest! {
    #![proptest_config(crate::seeds::proptest_config(512, "tests/proptest-regressions/library/extract.txt"))]

    /// Every URI found is a whole candidate or ends at a documented cut;
    /// a bare one starts a word; each has the line and column of its
    /// start; `rejected(true)` only adds the rejected candidates.
    #[test]
    fn every_uri_is_a_whole_candidate_or_ends_at_a_documented_cut(
        text in "((https?|mailto|urn|x)(://|:)|<(URL:)?|\"|[a-z0-9]{1,4}|%[0-9a-fA-Fz]{0,2}|\\[[0-9a-f:.%]{0,6}\\]?|[:/<>\"'()\\[\\]{}.,;!?@_*`&#= \n\r\t-]|é|»|“|\u{2000}|。){0,40}",
        relative in any::<bool>(),
        any_scheme in any::<bool>(),
    ) {
        let extractor = Extractor::new()
            .relative_when_delimited(relative)
            .any_scheme_undelimited(any_scheme);
        let found = extractor.rejected(true).extract(&text);
        let mut last_end = 0;
        for e in &found {
            prop_assert!(e.span.start >= last_end && e.span.start < e.span.end, "{:?}", found);
            last_end = e.span.end;
            prop_assert_eq!((e.line, e.column), naive_position(&text, e.span.start));
            if e.error.is_some() {
                continue;
            }
            if e.delimiter == Delimiter::Bare {
                let before = text[..e.span.start].chars().next_back();
                prop_assert!(!before.is_some_and(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)));
                prop_assert_eq!(&text[e.span.clone()], &*e.uri);
                prop_assert!(ends_at_a_documented_cut(&text, e), "{:?} in {:?}", e, text);
            } else {
                prop_assert!(fills_its_delimiters(&text, e), "{:?} in {:?}", e, text);
            }
        }
        rejected_only_adds_the_rejected(extractor, relative, &text)?;
    }
}
