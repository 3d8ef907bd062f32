//! `extract` on texts of 1 MB and 10 MB: prose with URLs in it, and the
//! hostile lines of issue 38, each one line made of one candidate repeated
//! (a URI list joined by `,` ending in `Zürich`; `http://a/x,` repeated,
//! ending in `é`, which makes the whole line an IRI; the same ending in
//! U+E000, which the IRI grammar does not take there; `http://a` and an en
//! quad repeated, a hundred thousand IRIs per megabyte). Each URI mode and
//! the IRI mode run over each text. The time per byte stays the same from
//! 1 MB to 10 MB: extraction is linear in the text.
//!
//! Run: `cargo bench --bench extract`; a quick look: `cargo bench --bench
//! extract -- --warm-up-time 0.2 --measurement-time 1`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use peguri::extract::Extractor;

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

fn texts(size: usize) -> Vec<(&'static str, String)> {
    let list: String = (0..)
        .map(|i| format!("https://example.com/p/{i},"))
        .scan(0, |len, item| {
            *len += item.len();
            (*len <= size).then_some(item)
        })
        .collect();
    vec![
        ("prose", prose(size)),
        ("list_then_zurich", format!("{list}Zürich")),
        ("iri_at_the_end", line("http://a/x,", "é", size)),
        (
            "private_use_at_the_end",
            line("http://a/x,", "\u{E000}", size),
        ),
        ("en_quads", line("http://a\u{2000}", "", size)),
    ]
}

fn extract_by_size(c: &mut Criterion) {
    let mut group = c.benchmark_group("extract");
    // One iteration over 10 MB is long: a fixed number of iterations per
    // sample.
    group.sampling_mode(SamplingMode::Flat);
    for size in [1 << 20, 10 << 20] {
        for (name, text) in texts(size) {
            group.throughput(Throughput::Bytes(text.len() as u64));
            for (mode, extractor) in [
                ("uri", Extractor::new()),
                ("iri", Extractor::new().iri(true)),
            ] {
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
