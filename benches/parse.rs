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

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use support::{PARSERS, fluent_uri, peguri_fast};

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
