//! Normalizing real URLs: peguri's `normalize` side by side with every peer
//! that normalizes: fluent-uri's `Uri::normalize`, iri-string's
//! `UriStr::normalize`, uriparse's `URI::normalize`, and url, whose WHATWG
//! parse is its normalization (its serialization is the normal form).
//!
//! The URLs are every 10th line of `../shared/corpus/*.txt` (about 10,900
//! URLs, to keep a run short) when that directory exists, else a generated
//! list. Only URLs that all five libraries parse as URIs are timed, so each
//! library normalizes the same inputs. Each measurement is parse plus
//! normalize plus producing the normal form's text; divide the time per
//! iteration by the element count for ns per URL.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use iri_string::format::ToDedicatedString;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");
const STRIDE: usize = 10;

fn corpus() -> Vec<String> {
    let mut lines = Vec::new();
    let dir = Path::new(CORPUS);
    if let Ok(entries) = std::fs::read_dir(dir) {
        let mut files: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        for file in files {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
            lines.extend(
                text.lines()
                    .map(|l| l.trim_end_matches('\r'))
                    .filter(|l| !l.is_empty())
                    .step_by(STRIDE)
                    .map(str::to_owned),
            );
        }
    }
    if lines.is_empty() {
        eprintln!("note: {CORPUS} not found; using generated URLs");
        lines = generated();
    }
    lines
        .into_iter()
        .filter(|l| {
            peguri::Uri::parse(l).is_ok()
                && fluent_uri::Uri::parse(l.as_str()).is_ok()
                && iri_string::types::UriStr::new(l).is_ok()
                && uriparse::URI::try_from(l.as_str()).is_ok()
                && url::Url::parse(l).is_ok()
        })
        .collect()
}

fn generated() -> Vec<String> {
    let hosts = [
        "example.com",
        "WWW.Example.ORG",
        "%65xample.net:80",
        "[2001:DB8::1]:8080",
        "127.0.0.1",
    ];
    let paths = [
        "",
        "/",
        "/a/b/../c",
        "/%7Euser/./index.html",
        "/docs/2024/report%2Fv2.pdf",
        "/x/y/z",
    ];
    let queries = ["", "?q=rust", "?a=%41&b=2", "?"];
    let mut out = Vec::new();
    for (i, host) in hosts.iter().enumerate() {
        for path in paths {
            for query in queries {
                let scheme = if i % 2 == 0 { "http" } else { "HTTPS" };
                out.push(format!("{scheme}://{host}{path}{query}"));
            }
        }
    }
    out.into_iter().cycle().take(10_000).collect()
}

fn bench(c: &mut Criterion) {
    let urls = corpus();
    eprintln!("normalizing {} URLs per iteration", urls.len());
    let mut group = c.benchmark_group("normalize");
    group.throughput(Throughput::Elements(urls.len() as u64));
    group.bench_function("peguri", |b| {
        b.iter(|| {
            for url in &urls {
                if let Ok(uri) = peguri::UriRef::parse(url) {
                    black_box(uri.normalize());
                }
            }
        })
    });
    group.bench_function("peguri-parse-only", |b| {
        b.iter(|| {
            for url in &urls {
                black_box(peguri::UriRef::parse(url).is_ok());
            }
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            for url in &urls {
                if let Ok(uri) = fluent_uri::Uri::parse(url.as_str()) {
                    black_box(uri.normalize());
                }
            }
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            for url in &urls {
                if let Ok(uri) = iri_string::types::UriStr::new(url) {
                    black_box(uri.normalize().to_dedicated_string());
                }
            }
        })
    });
    group.bench_function("uriparse", |b| {
        b.iter(|| {
            for url in &urls {
                if let Ok(mut uri) = uriparse::URI::try_from(url.as_str()) {
                    uri.normalize();
                    black_box(uri.to_string());
                }
            }
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for url in &urls {
                if let Ok(parsed) = url::Url::parse(url) {
                    black_box(String::from(parsed));
                }
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(20);
    targets = bench
}
criterion_main!(benches);
