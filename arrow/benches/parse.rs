//! Batch throughput of the kernels over the shared corpus
//! (`../shared/corpus/*.txt`, one URL a line), or without it over
//! generated URLs, as one array: URLs per second on one core.
//!
//! - `components`: the seven components plus `valid` (target: at least
//!   8 M URLs/s);
//! - `parse`: the whole struct, with `rule`, `host_kind` and the error
//!   fields;
//! - `host` and `is_valid`: one column each;
//! - with the feature `psl`, `registrable_domain`: the site of each URL by
//!   the built-in Public Suffix List (target: at least 5 M URLs/s);
//! - the kernels that read inside a component (target: at least 5 M
//!   URLs/s each, `query_params` at least 2 M): `query_param_form`
//!   (`query_param_with`, `+` as a space), `query_params`,
//!   `query_param_names`, `remove_query_params` (`utm_*`, `fbclid`),
//!   `decode` (each whole row percent-decoded), `path_extension` and, with
//!   `psl`, `subdomain`;
//! - `components_batches`: `components` over the same rows as slices of
//!   8,192 (DataFusion's batch size), whose outputs are small enough for
//!   the allocator to reuse;
//! - the group `pieces`: the kernels that span or trim components and
//!   remove parts, beside `host` (target: each at least 5 M URLs/s).
//!
//! Each on `Utf8View` (what DataFusion and Polars hand over) and `Utf8`
//! (pyarrow's default).
//!
//! ```sh
//! cargo bench -p peguri-arrow --bench parse
//! cargo bench -p peguri-arrow --features psl --bench parse -- registrable_domain
//! cargo bench -p peguri-arrow --features psl --bench parse -- 'utf8view' # the Utf8View rows
//! ```

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use arrow_array::{ArrayRef, StringArray, StringViewArray};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use peguri_arrow::column::Layout;
use peguri_arrow::Component;

fn corpus() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut lines = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a readable corpus file");
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        lines.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
    }
    if lines.is_empty() {
        eprintln!(
            "notice: {} not found; benchmarking generated URLs",
            dir.display()
        );
        lines = (0..100_000)
            .map(|i| match i % 4 {
                0 => format!("https://www.site{}.example.com/path/{i}?q={i}", i % 997),
                1 => format!("http://user@cdn{}.example.net:8080/a/b/c.js", i % 31),
                2 => format!("https://[2001:db8::{:x}]/x#frag", i % 4096),
                _ => format!("http://host{}.example.org/bad path/{i}", i % 13),
            })
            .collect();
    }
    lines
}

/// DataFusion's default batch size.
const BATCH: usize = 8192;

fn kernels(c: &mut Criterion) {
    let lines = corpus();
    let inputs: [(&str, ArrayRef); 2] = [
        (
            "utf8view",
            std::sync::Arc::new(StringViewArray::from_iter_values(&lines)),
        ),
        (
            "utf8",
            std::sync::Arc::new(StringArray::from_iter_values(&lines)),
        ),
    ];
    let invalid = peguri_arrow::is_valid(inputs[0].1.as_ref())
        .unwrap()
        .iter()
        .filter(|v| *v == Some(false))
        .count();
    eprintln!("{} URLs, {invalid} invalid", lines.len());

    let mut group = c.benchmark_group("arrow");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    group.throughput(Throughput::Elements(lines.len() as u64));
    for (name, input) in &inputs {
        group.bench_function(format!("components/{name}"), |b| {
            b.iter(|| peguri_arrow::components(black_box(input.as_ref()), Layout::View).unwrap())
        });
        group.bench_function(format!("components_plain/{name}"), |b| {
            b.iter(|| peguri_arrow::components(black_box(input.as_ref()), Layout::Plain).unwrap())
        });
        group.bench_function(format!("components_batches/{name}"), |b| {
            b.iter(|| {
                for at in (0..input.len()).step_by(BATCH) {
                    let batch = input.slice(at, BATCH.min(input.len() - at));
                    black_box(peguri_arrow::components(black_box(&batch), Layout::View).unwrap());
                }
            })
        });
        group.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| peguri_arrow::parse(black_box(input.as_ref()), Layout::View).unwrap())
        });
        group.bench_function(format!("host/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::component(black_box(input.as_ref()), Component::Host, Layout::View)
                    .unwrap()
            })
        });
        group.bench_function(format!("host_plain/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::component(black_box(input.as_ref()), Component::Host, Layout::Plain)
                    .unwrap()
            })
        });
        group.bench_function(format!("is_valid/{name}"), |b| {
            b.iter(|| peguri_arrow::is_valid(black_box(input.as_ref())).unwrap())
        });
        group.bench_function(format!("query_param_form/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::query_param_with(black_box(input.as_ref()), "q", true, Layout::View)
                    .unwrap()
            })
        });
        group.bench_function(format!("query_params/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::query_params(black_box(input.as_ref()), false, Layout::View).unwrap()
            })
        });
        group.bench_function(format!("query_param_names/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::query_param_names(black_box(input.as_ref()), false, Layout::View)
                    .unwrap()
            })
        });
        let keys = peguri_arrow::KeyPatterns::new(["utm_*", "fbclid"]);
        group.bench_function(format!("remove_query_params/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::remove_query_params(
                    black_box(input.as_ref()),
                    peguri_arrow::Keys::Same(&keys),
                    false,
                    Layout::View,
                )
                .unwrap()
            })
        });
        group.bench_function(format!("decode/{name}"), |b| {
            b.iter(|| peguri_arrow::decode(black_box(input.as_ref()), false, Layout::View).unwrap())
        });
        group.bench_function(format!("path_extension/{name}"), |b| {
            b.iter(|| {
                peguri_arrow::path_extension(black_box(input.as_ref()), Layout::View).unwrap()
            })
        });
        #[cfg(feature = "psl")]
        {
            let list = peguri::PublicSuffixList::built_in();
            group.bench_function(format!("subdomain/{name}"), |b| {
                b.iter(|| {
                    peguri_arrow::subdomain(black_box(input.as_ref()), &list, Layout::View).unwrap()
                })
            });
            group.bench_function(format!("registrable_domain/{name}"), |b| {
                b.iter(|| {
                    peguri_arrow::registrable_domain(black_box(input.as_ref()), &list, Layout::View)
                        .unwrap()
                })
            });
        }
    }
    group.finish();
}

/// The kernels that span or trim components and remove parts (ClickHouse's
/// `queryStringAndFragment`, `pathFull`, `domainWithoutWWW`,
/// `topLevelDomain`, `firstSignificantSubdomain`, `cutWWW`,
/// `cutQueryString`, `cutFragment`, `cutQueryStringAndFragment`), as
/// views over `Utf8View`, beside `host` in the same run (target: each at
/// least 5 M URLs/s on one core).
fn pieces(c: &mut Criterion) {
    let lines = corpus();
    let input: ArrayRef = std::sync::Arc::new(StringViewArray::from_iter_values(&lines));
    let mut group = c.benchmark_group("pieces");
    group.sample_size(20);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("host", |b| {
        b.iter(|| {
            peguri_arrow::component(black_box(input.as_ref()), Component::Host, Layout::View)
                .unwrap()
        })
    });
    type Kernel = fn(&dyn arrow_array::Array, Layout) -> Result<ArrayRef, arrow_schema::ArrowError>;
    let kernels: [(&str, Kernel); 8] = [
        ("query_and_fragment", peguri_arrow::query_and_fragment),
        (
            "path_query_and_fragment",
            peguri_arrow::path_query_and_fragment,
        ),
        ("host_without_www", peguri_arrow::host_without_www),
        ("top_level_domain", peguri_arrow::top_level_domain),
        ("remove_www", peguri_arrow::remove_www),
        ("remove_query", peguri_arrow::remove_query),
        ("remove_fragment", peguri_arrow::remove_fragment),
        (
            "remove_query_and_fragment",
            peguri_arrow::remove_query_and_fragment,
        ),
    ];
    for (name, kernel) in kernels {
        group.bench_function(name, |b| {
            b.iter(|| kernel(black_box(input.as_ref()), Layout::View).unwrap())
        });
    }
    #[cfg(feature = "psl")]
    {
        let list = peguri::PublicSuffixList::built_in();
        group.bench_function("registrable_label", |b| {
            b.iter(|| {
                peguri_arrow::registrable_label(black_box(input.as_ref()), &list, Layout::View)
                    .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, kernels);
criterion_group!(piece_benches, pieces);
criterion_main!(benches, piece_benches);
