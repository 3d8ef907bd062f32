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
use peguri::template::{TemplateSet, UriTemplate, Value};

const RESOURCES: &[(&str, &str)] = &[
    ("users", "user"),
    ("orgs", "org"),
    ("repos", "repo"),
    ("teams", "team"),
    ("projects", "project"),
    ("issues", "issue"),
    ("pulls", "pull"),
    ("gists", "gist"),
    ("keys", "key"),
    ("hooks", "hook"),
    ("apps", "app"),
    ("events", "event"),
    ("labels", "label"),
    ("milestones", "milestone"),
    ("releases", "release"),
    ("deployments", "deployment"),
    ("packages", "package"),
    ("runners", "runner"),
    ("secrets", "secret"),
    ("variables", "variable"),
    ("invitations", "invitation"),
    ("notifications", "notification"),
    ("checks", "check"),
    ("statuses", "status"),
    ("comments", "comment"),
];

const CHILDREN: &[(&str, &str)] = &[
    ("repos", "repo"),
    ("members", "member"),
    ("keys", "key"),
    ("hooks", "hook"),
    ("events", "event"),
    ("labels", "label"),
    ("comments", "comment"),
    ("files", "file"),
    ("tags", "tag"),
];

/// The 1,000 routes, as URI Templates (and matchit patterns: the same
/// text).
fn routes() -> Vec<String> {
    let mut routes = Vec::new();
    for version in ["v1", "v2"] {
        for (resource, one) in RESOURCES {
            routes.push(format!("/{version}/{resource}"));
            routes.push(format!("/{version}/{resource}/{{{one}_id}}"));
            for (child, child_one) in CHILDREN {
                routes.push(format!("/{version}/{resource}/{{{one}_id}}/{child}"));
                routes.push(format!(
                    "/{version}/{resource}/{{{one}_id}}/{child}/{{{child_one}}}"
                ));
            }
        }
    }
    routes
}

/// 1,000 URIs: one in ten matches no route, the others a route taken in a
/// fixed pseudo-random order, with values that need no decoding (matchit
/// does not decode).
fn uris(routes: &[String]) -> Vec<String> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..1000)
        .map(|i| {
            let route = &routes[(next() % routes.len() as u64) as usize];
            let mut uri = String::new();
            let mut rest = route.as_str();
            while let Some(open) = rest.find('{') {
                uri.push_str(&rest[..open]);
                let close = open + rest[open..].find('}').unwrap();
                uri.push_str(&format!("{}-{}", &rest[open + 1..close], next() % 10_000));
                rest = &rest[close + 1..];
            }
            uri.push_str(rest);
            if i % 10 == 0 {
                uri.insert_str(0, "/v3");
            }
            uri
        })
        .collect()
}

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

/// A benchmark's name, its template, and the values to expand it with.
type OneCase = (&'static str, &'static str, Vec<(&'static str, Value)>);

/// Templates of every operator, with values that exercise them.
fn one_cases() -> Vec<OneCase> {
    vec![
        (
            "route",
            "/v1/users/{id}/repos/{repo}",
            vec![("id", Value::from("42")), ("repo", Value::from("peguri"))],
        ),
        (
            "mcp_query",
            "search://emails{?query,start,end}",
            vec![
                ("query", Value::from("pest grammar")),
                ("start", Value::from("1")),
            ],
        ),
        (
            "mcp_file",
            "file:///{+path}",
            vec![("path", Value::from("docs/guide/template matching.md"))],
        ),
        (
            "explode",
            "/api{/path*}{?page,filters*}",
            vec![
                ("path", Value::list(["v1", "a b", "c"])),
                ("page", Value::from("2")),
                ("filters", Value::map([("color", "red"), ("size", "M")])),
            ],
        ),
        (
            "every_operator",
            "http://{host}/x{.ext}{/seg}{;p,q}{?a,b}{&c}{#f}",
            vec![
                ("host", Value::from("example.com")),
                ("ext", Value::from("json")),
                ("seg", Value::from("s")),
                ("p", Value::from("1")),
                ("q", Value::from("")),
                ("a", Value::from("x")),
                ("b", Value::from("y z")),
                ("c", Value::from("3")),
                ("f", Value::from("top")),
            ],
        ),
    ]
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
