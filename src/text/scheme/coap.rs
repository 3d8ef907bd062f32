//! `coap` and `coaps` (RFC 7252 sections 6.1 and 6.2), and `coap+tcp`,
//! `coaps+tcp`, `coap+ws` and `coaps+ws` (RFC 8323 section 8), by
//! `schemes/coap.pest`: RFC 3986's host (not empty but over WebSockets),
//! port, absolute or empty path and query.

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::syntax::compiled::scheme::coap as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        ("EOI", "end of input (a CoAP URI has no userinfo)"),
        (
            "coap_URI",
            "a coap URI, \"coap://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "coaps_URI",
            "a coaps URI, \"coaps://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "coap_tcp_URI",
            "a coap+tcp URI, \"coap+tcp://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "coaps_tcp_URI",
            "a coaps+tcp URI, \"coaps+tcp://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "coap_ws_URI",
            "a coap+ws URI, \"coap+ws://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        (
            "coaps_ws_URI",
            "a coaps+ws URI, \"coaps+ws://\" host [ \":\" port ] path [ \"?\" query ]",
        ),
        ("coap_host", "a host (it is not empty)"),
    ],
    limits: rule_words![],
};

/// Checks `uri` as a URI reference of `scheme`, one of the CoAP schemes.
pub(super) fn check(scheme: Scheme, uri: &str) -> Result<(), SchemeError> {
    let entry = match scheme {
        Scheme::Coaps => Entry {
            matcher: compiled::match_coaps_entry,
            fail: compiled::fail_coaps_entry,
        },
        Scheme::CoapTcp => Entry {
            matcher: compiled::match_coap_tcp_entry,
            fail: compiled::fail_coap_tcp_entry,
        },
        Scheme::CoapsTcp => Entry {
            matcher: compiled::match_coaps_tcp_entry,
            fail: compiled::fail_coaps_tcp_entry,
        },
        Scheme::CoapWs => Entry {
            matcher: compiled::match_coap_ws_entry,
            fail: compiled::fail_coap_ws_entry,
        },
        Scheme::CoapsWs => Entry {
            matcher: compiled::match_coaps_ws_entry,
            fail: compiled::fail_coaps_ws_entry,
        },
        _ => Entry {
            matcher: compiled::match_coap_entry,
            fail: compiled::fail_coap_entry,
        },
    };
    entry
        .check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())
        .map(|_| ())
}
