//! `http` and `https` (RFC 9110 sections 4.2.1 and 4.2.2), by
//! `schemes/http.pest`: RFC 3986's authority with a host that is not
//! empty, an absolute or empty path, a query.

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::syntax::compiled::scheme::http as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "http_URI",
            "an http URI, \"http://\" authority path [ \"?\" query ]",
        ),
        (
            "https_URI",
            "an https URI, \"https://\" authority path [ \"?\" query ]",
        ),
        ("http_host", "a host (it is not empty)"),
    ],
    limits: rule_words![],
};

/// Checks `uri` as an http (`scheme` [`Scheme::Http`]) or https URI
/// reference.
pub(super) fn check(scheme: Scheme, uri: &str) -> Result<(), SchemeError> {
    let entry = match scheme {
        Scheme::Https => Entry {
            matcher: compiled::match_https_entry,
            fail: compiled::fail_https_entry,
        },
        _ => Entry {
            matcher: compiled::match_http_entry,
            fail: compiled::fail_http_entry,
        },
    };
    entry
        .check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())
        .map(|_| ())
}
