//! Parse benchmarks per input class: one criterion group per
//! class of `support::classes` (`corpus`, `http`, `generated`, `ipv6`, `pct`,
//! `short`, `invalid`, `iri`), peguri next to fluent-uri, and for IRIs next
//! to oxiri and iri-string as well; and `size_invalid`, one input of 1 KB to
//! 10 MB that is valid except for a space near its end.
//!
//! Each iteration parses the whole class and reads the components (for
//! `invalid`, the error's offset or index), so time per input is the time
//! per iteration divided by the class size (`Throughput::Elements`).
//!
//! Run: `cargo bench --bench classes`; one class: `cargo bench --bench
//! classes -- ipv6/`; a quick look: `cargo bench --bench classes --
//! --warm-up-time 0.2 --measurement-time 0.5`.

mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use support::classes::{self, fluent_uri_with_error, peguri_with_error};

fn parse_classes(c: &mut Criterion) {
    for class in classes::all() {
        eprintln!(
            "{}: {} inputs, {} bytes, {} candidates dropped",
            class.name,
            class.inputs.len(),
            class.bytes(),
            class.dropped.len()
        );
        let mut group = c.benchmark_group(class.name);
        group.throughput(Throughput::Elements(class.inputs.len() as u64));
        for &(name, parse) in class.parsers() {
            group.bench_function(name, |b| {
                b.iter(|| {
                    let mut sum = 0usize;
                    for input in &class.inputs {
                        sum = sum.wrapping_add(parse(black_box(input)));
                    }
                    sum
                });
            });
        }
        group.finish();
    }
}

fn parse_invalid_by_size(c: &mut Criterion) {
    let mut group = c.benchmark_group("size_invalid");
    // One iteration of the largest input is long: a fixed number of
    // iterations per sample.
    group.sampling_mode(SamplingMode::Flat);
    for size in [1_000, 10_000, 100_000, 1_000_000, 10_000_000] {
        let input = classes::long_invalid_uri(size);
        assert!(peguri::UriRef::parse(&input).is_err());
        assert!(fluent_uri::UriRef::parse(input.as_str()).is_err());
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::new("peguri", size), &input, |b, input| {
            b.iter(|| peguri_with_error(black_box(input)));
        });
        group.bench_with_input(BenchmarkId::new("fluent-uri", size), &input, |b, input| {
            b.iter(|| fluent_uri_with_error(black_box(input)));
        });
    }
    group.finish();
}

// The settings are the defaults; command-line flags (`--warm-up-time`,
// `--measurement-time`, `--sample-size`) override them.
criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    targets = parse_classes, parse_invalid_by_size
}
criterion_main!(benches);
