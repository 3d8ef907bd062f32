//! `ws` and `wss` (RFC 6455 section 3), by `schemes/ws.pest`: a host
//! without userinfo, an optional port, an absolute or empty path, a query,
//! and no fragment.

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::syntax::compiled::scheme::ws as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "ws_URI",
            "a WebSocket URI, \"ws://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "wss_URI",
            "a WebSocket URI, \"wss://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "EOI",
            "end of input (a WebSocket URI has no userinfo and no fragment)",
        ),
    ],
    limits: rule_words![],
};

/// Checks `uri` as a ws (`scheme` [`Scheme::Ws`]) or wss URI.
pub(super) fn check(scheme: Scheme, uri: &str) -> Result<(), SchemeError> {
    let entry = match scheme {
        Scheme::Wss => Entry {
            matcher: compiled::match_wss_entry,
            fail: compiled::fail_wss_entry,
        },
        _ => Entry {
            matcher: compiled::match_ws_entry,
            fail: compiled::fail_ws_entry,
        },
    };
    entry
        .check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())
        .map(|_| ())
}
