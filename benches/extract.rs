//! `extract` on texts of 1 MB and 10 MB: prose with URLs in it; hostile
//! lines, each one line made of one candidate repeated (a URI list joined
//! by `,` ending in `Zürich`; `http://a/x,` repeated, ending in `é`, which
//! makes the whole line an IRI; the same ending in U+E000, which the IRI
//! grammar does not take there; `http://a` and an en quad repeated, a
//! hundred thousand IRIs per megabyte); and an HTML page and a Markdown
//! document, read with `Markup::Html` and `Markup::Markdown`. The URI mode
//! and the IRI mode run over each text (rejected candidates reported for
//! the markup). The time per byte stays the same from 1 MB to 10 MB:
//! extraction is linear in the text.
//!
//! Run: `cargo bench --bench extract`; a quick look: `cargo bench --bench
//! extract -- --warm-up-time 0.2 --measurement-time 1`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use peguri::extract::{Extractor, Markup};

/// `unit` repeated to `size` bytes, then `tail`.
fn line(unit: &str, tail: &str, size: usize) -> String {
    format!("{}{tail}", unit.repeat(size / unit.len()))
}

/// Sentences with a URL now and then, in several delimiters, wrapped at
/// 72 columns.
fn prose(size: usize) -> String {
    let sentences = [
        "See https://example.com/docs/intro.html for the details.",
        "The mirror <ftp://ftp.example.org/pub/> has it too,",
        "and \"http://example.net/a?b=c#d\" was the old address.",
        "Nothing here is a URI: ratio 3:1, at 10:30, Re:Subject.",
        "Write to mailto:someone@example.com (or not).",
        "Ein Beispiel auf Deutsch, mit Umlauten: Zürich, Köln.",
    ];
    let mut text = String::with_capacity(size + 100);
    let mut column = 0;
    for sentence in sentences.iter().cycle() {
        if text.len() >= size {
            break;
        }
        for word in sentence.split(' ') {
            if column + word.len() > 72 {
                text.push('\n');
                column = 0;
            } else if column > 0 {
                text.push(' ');
                column += 1;
            }
            text.push_str(word);
            column += word.len();
        }
    }
    text
}

/// `unit` repeated to `size` bytes or more.
fn repeated(unit: &str, size: usize) -> String {
    unit.repeat(size.div_ceil(unit.len()))
}

/// An HTML page: navigation, paragraphs with links and bare URLs,
/// images with `srcset`, scripts, styles and comments.
fn html(size: usize) -> String {
    let head = "<!DOCTYPE html>\n<html><head><link rel=\"stylesheet\" href=\"/css/site.css\">\n\
                <script src=\"/js/app.js\"></script></head>\n<body>\n";
    let section = "<nav><a href=\"../index.html\">Home</a> | <a href='guide/intro.html#start'>Guide</a></nav>\n\
         <p>Read <a href=\"https://example.com/search?q=uri&amp;lang=en\">the search</a>, or\n\
         <a href=docs/faq.html>the FAQ</a>. Also at https://mirror.example.org/docs.</p>\n\
         <!-- <a href=\"http://old.example/\">old</a> -->\n\
         <img src=\"img/logo.png\" srcset=\"img/logo-2x.png 2x, img/logo-3x.png 3x\" alt=\"logo\">\n\
         <script>var api = \"https://api.example.com/v1\"; if (a < b) {}</script>\n\
         <style>body { background: url(/img/bg.png) }</style>\n\
         <p>Ein Beispiel auf Deutsch, mit Umlauten: Zürich, Köln. <a href=\"http://broken.example/%zz\">x</a></p>\n";
    format!("{head}{}</body></html>\n", repeated(section, size))
}

/// A Markdown document: paragraphs with inline links, images, autolinks,
/// code spans, fenced and indented code, lists, reference definitions.
fn markdown(size: usize) -> String {
    let section = "## Section\n\n\
         Read [the introduction](../guide/intro.md) first, then\n\
         [the API](https://docs.example.com/api \"API reference\") and ![logo](img/logo.png).\n\
         See [Fish](https://en.wikipedia.org/wiki/Fish_(disambiguation)), <https://auto.example/>\n\
         and `[code](http://code.example/)`, or https://bare.example.org/page.\n\n\
         ```sh\ncurl http://fenced.example/\n```\n\n\
         - An item with [a link](list.md) and <a href=\"/inline.html\">HTML</a>.\n\n\
         \x20   Its paragraph, [also linked](item.md).\n\n\
         \x20       indented code http://indented.example/\n\n\
         [ref]: https://ref.example.com/page \"Title\"\n\n";
    repeated(section, size)
}

fn texts(size: usize) -> Vec<(&'static str, String, Markup)> {
    let list: String = (0..)
        .map(|i| format!("https://example.com/p/{i},"))
        .scan(0, |len, item| {
            *len += item.len();
            (*len <= size).then_some(item)
        })
        .collect();
    vec![
        ("prose", prose(size), Markup::Text),
        ("list_then_zurich", format!("{list}Zürich"), Markup::Text),
        (
            "iri_at_the_end",
            line("http://a/x,", "é", size),
            Markup::Text,
        ),
        (
            "private_use_at_the_end",
            line("http://a/x,", "\u{E000}", size),
            Markup::Text,
        ),
        ("en_quads", line("http://a\u{2000}", "", size), Markup::Text),
        ("html", html(size), Markup::Html),
        ("markdown", markdown(size), Markup::Markdown),
    ]
}

fn extract_by_size(c: &mut Criterion) {
    let mut group = c.benchmark_group("extract");
    // One iteration over 10 MB is long: a fixed number of iterations per
    // sample.
    group.sampling_mode(SamplingMode::Flat);
    for size in [1 << 20, 10 << 20] {
        for (name, text, markup) in texts(size) {
            group.throughput(Throughput::Bytes(text.len() as u64));
            let reading = Extractor::new()
                .markup(markup)
                .rejected(markup != Markup::Text);
            for (mode, extractor) in [("uri", reading), ("iri", reading.iri(true))] {
                let id = BenchmarkId::new(format!("{name}/{mode}"), size >> 20);
                group.bench_with_input(id, &text, |b, text| {
                    b.iter(|| extractor.extract(black_box(text)).len());
                });
            }
        }
    }
    group.finish();
}

// The settings are the defaults; command-line flags (`--warm-up-time`,
// `--measurement-time`, `--sample-size`) override them.
criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = extract_by_size
}
criterion_main!(benches);
