//! Reference resolution, side by side: peguri, fluent-uri, iri-string,
//! oxiri, uriparse and url (WHATWG `Url::join`) resolve the same references
//! against the same bases.
//!
//! The references are URLs from the shared corpus (`../shared/corpus/*.txt`,
//! a sample of every file) when it is present, else a generated list. Two
//! groups: the URLs as they are (absolute references: a copy plus
//! `remove_dot_segments`), and each URL's path and query made into a
//! relative-path reference `../path?query` (merge and dot-segment removal
//! do real work). Every library parses the reference and resolves it in
//! the timed loop; the bases are parsed once. url's `join` takes the
//! reference as text, so it parses it once per base. Only references that
//! all six libraries accept are used, so each does the same work.
//!
//! Run with `cargo bench --bench resolve`; the time per URL is the time per
//! iteration divided by the element count criterion prints as throughput.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

const BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "https://example.com/dir/sub/index.html",
    "file:///usr/local/share/doc/",
];

/// How many URLs to take from the corpus (spread evenly over it).
const SAMPLE: usize = 1500;

fn corpus_urls() -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(CORPUS))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "txt"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut all = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
        all.extend(
            text.lines()
                .map(|l| l.trim_end_matches('\r'))
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    if all.is_empty() {
        eprintln!("note: {CORPUS} not found; using generated URLs");
        return (0..SAMPLE)
            .map(|i| {
                format!(
                    "https://host{}.example/dir{}/./sub/../page{i}.html?q={i}#f",
                    i % 7,
                    i % 13
                )
            })
            .collect();
    }
    let step = (all.len() / SAMPLE).max(1);
    all.into_iter().step_by(step).take(SAMPLE).collect()
}

/// `../path?query` from an absolute URL (None when its path is empty).
fn relative_form(url: &str) -> Option<String> {
    let u = peguri::UriRef::parse(url).ok()?;
    let path = u.path().strip_prefix('/').unwrap_or(u.path());
    if path.is_empty() {
        return None;
    }
    let query = u.query().map(|q| format!("?{q}")).unwrap_or_default();
    Some(format!("../{path}{query}"))
}

fn peguri_resolve(bases: &[peguri::Uri<'_>], reference: &str) -> usize {
    let r = peguri::UriRef::parse(reference).expect("filtered");
    bases
        .iter()
        .map(|b| r.resolve_against(b).as_str().len())
        .sum()
}

fn fluent_resolve(bases: &[fluent_uri::Uri<&str>], reference: &str) -> usize {
    let r = fluent_uri::UriRef::parse(reference).expect("filtered");
    bases
        .iter()
        .map(|b| r.resolve_against(b).expect("filtered").as_str().len())
        .sum()
}

fn iri_string_resolve(bases: &[&iri_string::types::UriAbsoluteStr], reference: &str) -> usize {
    let r = iri_string::types::UriReferenceStr::new(reference).expect("filtered");
    bases
        .iter()
        .map(|b| {
            let s: iri_string::types::UriString = r.resolve_against(b).into();
            s.as_str().len()
        })
        .sum()
}

fn oxiri_resolve(bases: &[oxiri::IriRef<&str>], reference: &str) -> usize {
    let r = oxiri::IriRef::parse(reference).expect("filtered");
    bases
        .iter()
        .map(|b| b.resolve(&r).expect("filtered").as_str().len())
        .sum()
}

fn uriparse_resolve(bases: &[uriparse::URI<'_>], reference: &str) -> usize {
    let r = uriparse::URIReference::try_from(reference).expect("filtered");
    bases.iter().map(|b| b.resolve(&r).to_string().len()).sum()
}

fn url_resolve(bases: &[url::Url], reference: &str) -> usize {
    bases
        .iter()
        .map(|b| b.join(reference).expect("filtered").as_str().len())
        .sum()
}

/// Whether every library parses `reference` and resolves it against every
/// base.
fn all_accept(reference: &str) -> bool {
    let pg = BASES
        .iter()
        .all(|b| peguri::Uri::parse(b).is_ok() && peguri::UriRef::parse(reference).is_ok());
    let fl = fluent_uri::UriRef::parse(reference).is_ok_and(|r| {
        BASES.iter().all(|b| {
            r.resolve_against(&fluent_uri::Uri::parse(*b).unwrap())
                .is_ok()
        })
    });
    let is = iri_string::types::UriReferenceStr::new(reference).is_ok();
    let ox = oxiri::IriRef::parse(reference).is_ok_and(|r| {
        BASES
            .iter()
            .all(|b| oxiri::IriRef::parse(*b).unwrap().resolve(&r).is_ok())
    });
    let up = uriparse::URIReference::try_from(reference).is_ok();
    let ur = BASES
        .iter()
        .all(|b| url::Url::parse(b).unwrap().join(reference).is_ok());
    pg && fl && is && ox && up && ur
}

fn bench_group(c: &mut Criterion, name: &str, references: &[String]) {
    let pg_bases: Vec<_> = BASES
        .iter()
        .map(|b| peguri::Uri::parse(b).unwrap())
        .collect();
    let fl_bases: Vec<_> = BASES
        .iter()
        .map(|b| fluent_uri::Uri::parse(*b).unwrap())
        .collect();
    let is_bases: Vec<_> = BASES
        .iter()
        .map(|b| iri_string::types::UriAbsoluteStr::new(b).unwrap())
        .collect();
    let ox_bases: Vec<_> = BASES
        .iter()
        .map(|b| oxiri::IriRef::parse(*b).unwrap())
        .collect();
    let up_bases: Vec<_> = BASES
        .iter()
        .map(|b| uriparse::URI::try_from(*b).unwrap())
        .collect();
    let url_bases: Vec<_> = BASES.iter().map(|b| url::Url::parse(b).unwrap()).collect();

    let mut group = c.benchmark_group(name);
    group
        .throughput(Throughput::Elements(
            (references.len() * BASES.len()) as u64,
        ))
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("peguri", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| peguri_resolve(&pg_bases, black_box(r)))
                .sum::<usize>()
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| fluent_resolve(&fl_bases, black_box(r)))
                .sum::<usize>()
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| iri_string_resolve(&is_bases, black_box(r)))
                .sum::<usize>()
        })
    });
    group.bench_function("oxiri", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| oxiri_resolve(&ox_bases, black_box(r)))
                .sum::<usize>()
        })
    });
    group.bench_function("uriparse", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| uriparse_resolve(&up_bases, black_box(r)))
                .sum::<usize>()
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| url_resolve(&url_bases, black_box(r)))
                .sum::<usize>()
        })
    });
    group.finish();
}

/// Prints how many results differ between peguri and each RFC 3986 peer (a
/// cheap differential check on real data; url follows WHATWG, which also
/// normalizes, so it is left out). uriparse writes an empty path after an
/// authority as `/` (`http://h` gives `http://h/`), which RFC 3986 5.3 does
/// not do; those are its only differences on the corpus.
fn report_disagreements(references: &[String]) {
    let (mut fl, mut is, mut ox, mut up) = (0, 0, 0, 0);
    for base in BASES {
        let pg_base = peguri::Uri::parse(base).unwrap();
        let fl_base = fluent_uri::Uri::parse(*base).unwrap();
        let is_base = iri_string::types::UriAbsoluteStr::new(base).unwrap();
        let ox_base = oxiri::IriRef::parse(*base).unwrap();
        let up_base = uriparse::URI::try_from(*base).unwrap();
        for r in references {
            let ours = peguri::UriRef::parse(r)
                .unwrap()
                .resolve_against(&pg_base)
                .into_string();
            let theirs = fluent_uri::UriRef::parse(r.as_str())
                .unwrap()
                .resolve_against(&fl_base)
                .unwrap();
            fl += usize::from(theirs.as_str() != ours);
            let theirs: iri_string::types::UriString = iri_string::types::UriReferenceStr::new(r)
                .unwrap()
                .resolve_against(is_base)
                .into();
            is += usize::from(theirs.as_str() != ours);
            let theirs = ox_base
                .resolve(&oxiri::IriRef::parse(r.as_str()).unwrap())
                .unwrap();
            ox += usize::from(theirs.as_str() != ours);
            let theirs = up_base
                .resolve(&uriparse::URIReference::try_from(r.as_str()).unwrap())
                .to_string();
            up += usize::from(theirs != ours);
        }
    }
    eprintln!(
        "results differing from peguri's: fluent-uri {fl}, iri-string {is}, oxiri {ox}, \
         uriparse {up} (of {})",
        references.len() * BASES.len()
    );
}

fn resolve(c: &mut Criterion) {
    let urls = corpus_urls();
    let absolute: Vec<String> = urls.iter().filter(|u| all_accept(u)).cloned().collect();
    let relative: Vec<String> = urls
        .iter()
        .filter_map(|u| relative_form(u))
        .filter(|r| all_accept(r))
        .collect();
    eprintln!(
        "{} absolute and {} relative references, each against {} bases",
        absolute.len(),
        relative.len(),
        BASES.len()
    );
    report_disagreements(&absolute);
    report_disagreements(&relative);
    bench_group(c, "resolve/absolute", &absolute);
    bench_group(c, "resolve/relative", &relative);
}

criterion_group!(benches, resolve);
criterion_main!(benches);
