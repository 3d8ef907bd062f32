//! `file` (RFC 8089 section 2), by `schemes/file.pest`: an absolute path,
//! after an optional authority; no query.

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::syntax::compiled::scheme::file as compiled;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "file_hier_part",
            "\"//\" and an authority, or an absolute path",
        ),
        ("local_path", "an absolute path"),
        ("path_absolute", "an absolute path"),
        ("auth_path", "an absolute path"),
    ],
    limits: rule_words![],
};

/// Checks `uri` as a file URI reference.
pub(super) fn check(uri: &str) -> Result<(), SchemeError> {
    let entry = Entry {
        matcher: compiled::match_file_entry,
        fail: compiled::fail_file_entry,
    };
    entry
        .check(
            Scheme::File,
            &RULES,
            uri,
            &Source::uri(uri),
            Scheme::File.cited(),
        )
        .map(|_| ())
}
