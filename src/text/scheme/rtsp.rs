//! `rtsp` and `rtsps` (RFC 7826 section 4.2), by `schemes/rtsp.pest`: the
//! ABNF of RFC 7826 section 20.2.1, RFC 3986's authority, an absolute or
//! empty path, a query, a fragment.

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::syntax::compiled::scheme::rtsp as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "rtsp_URI",
            "an rtsp URI, \"rtsp://\" authority path [ \"?\" query ]",
        ),
        (
            "rtsps_URI",
            "an rtsps URI, \"rtsps://\" authority path [ \"?\" query ]",
        ),
        ("URI_rest", "\"//\" authority path [ \"?\" query ]"),
        ("hier_part_7826", "\"//\" authority path"),
    ],
    limits: rule_words![],
};

/// Checks `uri` as an rtsp (`scheme` [`Scheme::Rtsp`]) or rtsps URI
/// reference.
pub(super) fn check(scheme: Scheme, uri: &str) -> Result<(), SchemeError> {
    let entry = match scheme {
        Scheme::Rtsps => Entry {
            matcher: compiled::match_rtsps_entry,
            fail: compiled::fail_rtsps_entry,
        },
        _ => Entry {
            matcher: compiled::match_rtsp_entry,
            fail: compiled::fail_rtsp_entry,
        },
    };
    entry
        .check(scheme, &RULES, uri, &Source::uri(uri), scheme.cited())
        .map(|_| ())
}
