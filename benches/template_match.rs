//! URI Templates in reverse: matching against expanding, and a
//! `TemplateSet` of 1,000 routes against matchit (the router axum uses).
//!
//! **one**: for each template, expanding it with a set of values, and
//! matching the URI that expansion gives (`match_uri`, which decodes and
//! returns the values, and `is_match`, which only checks), in one run.
//!
//! **set**: 1,000 generated path templates (2 versions x 25 resources x
//! 20 routes: `/v1/users`, `/v1/users/{user_id}`, `/v1/users/{user_id}/repos`,
//! `/v1/users/{user_id}/repos/{repo}` and so on), the same patterns in a
//! matchit `Router`, and 1,000 URIs, each matched by one of them or by none
//! (one in ten), matched in one timed loop: `TemplateSet::match_uri`
//! (decoded values), `TemplateSet::find` (the template alone, as matchit
//! gives its routes' parameters undecoded) and `matchit::Router::at`.
//!
//! Run with `cargo bench --bench template_match`; the time per URI of the
//! set group is the time per iteration divided by the element count
//! criterion prints as throughput.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
#[path = "support/templates.rs"]
mod templates;

use peguri::template::{TemplateSet, UriTemplate, Value};
use templates::{one_cases, routes, uris};

fn set(c: &mut Criterion) {
    let routes = routes();
    assert_eq!(routes.len(), 1000);
    let uris = uris(&routes);
    let mut templates = TemplateSet::new();
    let mut router = matchit::Router::new();
    for (i, route) in routes.iter().enumerate() {
        templates
            .insert(UriTemplate::parse(route).unwrap())
            .unwrap();
        router.insert(route.as_str(), i).unwrap();
    }
    // The same answers, so the same work.
    for uri in &uris {
        let ours = templates.match_uri(uri);
        let theirs = router.at(uri).ok();
        assert_eq!(
            ours.as_ref().map(|m| m.index()),
            theirs.as_ref().map(|m| *m.value)
        );
        if let (Some(ours), Some(theirs)) = (ours, theirs) {
            for (name, value) in theirs.params.iter() {
                assert_eq!(ours.variables().get(name), Some(&Value::from(value)));
            }
        }
    }
    let mut group = c.benchmark_group("template_match/set");
    group.throughput(Throughput::Elements(uris.len() as u64));
    group.bench_function("peguri_match_uri", |b| {
        b.iter(|| {
            for uri in &uris {
                black_box(templates.match_uri(black_box(uri)));
            }
        })
    });
    group.bench_function("peguri_find", |b| {
        b.iter(|| {
            for uri in &uris {
                black_box(templates.find(black_box(uri)));
            }
        })
    });
    group.bench_function("matchit_at", |b| {
        b.iter(|| {
            for uri in &uris {
                let _ = black_box(router.at(black_box(uri)));
            }
        })
    });
    group.finish();
}

fn one(c: &mut Criterion) {
    let mut group = c.benchmark_group("template_match/one");
    for (name, text, values) in one_cases() {
        let template = UriTemplate::parse(text).unwrap();
        let uri = template.expand(&values).unwrap();
        let found = template.match_uri(&uri).unwrap();
        assert_eq!(template.expand(&found).unwrap(), uri, "{text}");
        group.bench_function(format!("{name}/expand"), |b| {
            b.iter(|| black_box(template.expand(black_box(&values))))
        });
        group.bench_function(format!("{name}/match_uri"), |b| {
            b.iter(|| black_box(template.match_uri(black_box(&uri))))
        });
        group.bench_function(format!("{name}/is_match"), |b| {
            b.iter(|| black_box(template.is_match(black_box(&uri))))
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = one, set
}
criterion_main!(benches);
