//! Parse benchmarks: peguri (the fast engine generated from `uri.pest`, and
//! pest_derive's parser with the pairs walker) next to fluent-uri,
//! iri-string, oxiri, url, uriparse and http, on one corpus in one run, and
//! peguri on inputs from 1 KB to 10 MB.
//!
//! Each parser parses every line of the corpus as a URI reference (or its
//! nearest equivalent) and reads the components, so parsers that find them
//! lazily pay for it. Time per URL is the time per iteration divided by the
//! number of lines (`Throughput::Elements`).
//!
//! Run: `cargo bench --bench parse`.

mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn len<S: AsRef<str> + ?Sized>(s: Option<&S>) -> usize {
    s.map_or(0, |s| s.as_ref().len())
}

fn peguri_fast(line: &str) -> usize {
    match peguri::UriRef::parse(line) {
        Ok(u) => {
            len(u.scheme())
                + u.authority().map_or(0, |a| a.host_str().len())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        Err(_) => 0,
    }
}

fn peguri_pest(line: &str) -> usize {
    match peguri::__engines::parse_with_pest(line, "URI-reference") {
        Some(Ok(u)) => {
            len(u.scheme())
                + u.authority().map_or(0, |a| a.host_str().len())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        _ => 0,
    }
}

fn fluent_uri(line: &str) -> usize {
    match fluent_uri::UriRef::parse(line) {
        Ok(u) => {
            u.scheme().map_or(0, |s| s.as_str().len())
                + u.authority().map_or(0, |a| a.host().len())
                + u.path().as_str().len()
                + u.query().map_or(0, |q| q.as_str().len())
                + u.fragment().map_or(0, |f| f.as_str().len())
        }
        Err(_) => 0,
    }
}

fn iri_string(line: &str) -> usize {
    match iri_string::types::UriReferenceStr::new(line) {
        Ok(u) => {
            len(u.scheme_str())
                + u.authority_components().map_or(0, |a| a.host().len())
                + u.path_str().len()
                + len(u.query_str())
                + len(u.fragment().map(|f| f.as_str()))
        }
        Err(_) => 0,
    }
}

fn oxiri(line: &str) -> usize {
    match oxiri::IriRef::parse(line) {
        Ok(u) => {
            len(u.scheme())
                + len(u.authority())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        Err(_) => 0,
    }
}

fn url(line: &str) -> usize {
    match url::Url::parse(line) {
        Ok(u) => {
            u.scheme().len()
                + len(u.host_str())
                + u.path().len()
                + len(u.query())
                + len(u.fragment())
        }
        Err(_) => 0,
    }
}

fn uriparse(line: &str) -> usize {
    match uriparse::URIReference::try_from(line) {
        Ok(u) => {
            u.scheme().map_or(0, |s| s.as_str().len())
                + usize::from(u.authority().is_some())
                + u.path().segments().len()
                + u.query().map_or(0, |q| q.as_str().len())
                + u.fragment().map_or(0, |f| f.as_str().len())
        }
        Err(_) => 0,
    }
}

fn http(line: &str) -> usize {
    match line.parse::<http::Uri>() {
        Ok(u) => len(u.scheme_str()) + len(u.host()) + u.path().len() + len(u.query()),
        Err(_) => 0,
    }
}

/// The parsers, by the name shown in the report.
pub const PARSERS: &[(&str, fn(&str) -> usize)] = &[
    ("peguri", peguri_fast),
    ("peguri-pest", peguri_pest),
    ("fluent-uri", fluent_uri),
    ("iri-string", iri_string),
    ("oxiri", oxiri),
    ("url", url),
    ("uriparse", uriparse),
    ("http", http),
];

fn parse_corpus(c: &mut Criterion) {
    let (lines, source) = support::corpus();
    eprintln!("corpus: {} lines from {source}", lines.len());
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for &(name, parse) in PARSERS {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut sum = 0usize;
                for line in &lines {
                    sum = sum.wrapping_add(parse(black_box(line)));
                }
                sum
            });
        });
    }
    group.finish();
}

fn parse_by_size(c: &mut Criterion) {
    let mut group = c.benchmark_group("size");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_secs(2));
    for size in [1_000, 10_000, 100_000, 1_000_000, 10_000_000] {
        let input = support::long_uri(size);
        assert!(peguri::UriRef::parse(&input).is_ok());
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::new("peguri", size), &input, |b, input| {
            b.iter(|| peguri_fast(black_box(input)));
        });
        group.bench_with_input(BenchmarkId::new("fluent-uri", size), &input, |b, input| {
            b.iter(|| fluent_uri(black_box(input)));
        });
    }
    group.finish();
}

criterion_group!(benches, parse_corpus, parse_by_size);
criterion_main!(benches);
