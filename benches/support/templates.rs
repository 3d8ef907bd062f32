//! The inputs of `benches/template_match.rs`, shared with
//! `benches/tools/template_pass.rs` (callgrind's instruction counts): 1,000
//! generated routes, 1,000 URIs for them, and the five templates of the
//! one-template group with their values.

#![allow(dead_code)]

use peguri::template::Value;

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
pub fn routes() -> Vec<String> {
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
pub fn uris(routes: &[String]) -> Vec<String> {
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

/// A benchmark's name, its template, and the values to expand it with.
pub type OneCase = (
    &'static str,
    &'static str,
    Vec<(&'static str, Value<'static>)>,
);

/// Templates of every operator, with values that exercise them.
pub fn one_cases() -> Vec<OneCase> {
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
