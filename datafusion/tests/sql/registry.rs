//! `uri_scheme_info` and the registry's codes in `uri_lint`, over each
//! string type, as a column and as a literal.

use crate::common::{column, context};
use crate::functions::{check_expr, check_unary};

#[tokio::test]
async fn uri_scheme_info() {
    check_expr(
        "uri_scheme_info({})['status']",
        &[
            (Some("http"), Some("permanent")),
            (Some("HTTPS"), Some("permanent")),
            (Some("ssh://git@example.com/r"), Some("provisional")),
            (Some("WAIS://h/db"), Some("historical")),
            (Some("slack://open"), None),
            (Some("/relative"), None),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
    check_expr(
        "uri_scheme_info({})['reference']",
        &[
            (Some("mailto:joe@example.com"), Some("[RFC6068]")),
            (Some("prospero"), Some("[RFC4157]")),
            (Some("htp://example.com/"), None),
        ],
    )
    .await;
    check_expr(
        "uri_scheme_info({})['template']",
        &[(Some("git"), Some("prov/git")), (Some("geo:1,2"), None)],
    )
    .await;
    let ctx = context();
    assert_eq!(
        column(&ctx, "SELECT uri_scheme_info('Wais')").await,
        [Some(
            "{name: wais, status: historical, description: Wide Area Information Servers, \
             reference: [RFC4156], template: }"
                .to_owned()
        )]
    );
}

#[tokio::test]
async fn uri_lint_names_unregistered_and_historical_schemes() {
    check_unary(
        "uri_lint",
        &[
            (Some("htp://example.com/"), Some("[unregistered-scheme]")),
            (Some("slack://open"), Some("[unregistered-scheme]")),
            (Some("wais://h/db"), Some("[historical-scheme]")),
            (Some("javascript:alert(1)"), Some("[dangerous-scheme]")),
            (Some("https://example.com/"), Some("[]")),
        ],
    )
    .await;
}
