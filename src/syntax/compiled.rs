//! The code `build.rs` generates from the grammars (see `build/codegen/`).
//! The generated code is grammar-specific only; the runtime it shares is
//! `super::runtime`.

/// A module holding the code generated into `$OUT_DIR/$file`.
macro_rules! compiled {
    ($(#[$doc:meta])* $name:ident, $file:literal) => {
        $(#[$doc])*
        #[allow(
            dead_code,
            non_snake_case,
            non_upper_case_globals,
            unused_assignments,
            unused_braces,
            unused_comparisons,
            unused_imports,
            unused_labels,
            unused_parens,
            unused_variables,
            clippy::all,
            clippy::pedantic
        )]
        pub(crate) mod $name {
            use crate::syntax::runtime::{
                char_len, put, run_upto, scan, table, Failure, Look, Runs, Slot, Tracker,
            };

            include!(concat!(env!("OUT_DIR"), "/", $file));
        }
    };
}

compiled!(
    /// `uri.pest`, `iri.pest` and `rfc6874.pest`, compiled as one grammar.
    uri,
    "uri_grammar.rs"
);

compiled!(
    /// `split.pest`, RFC 3986 Appendix B.
    split,
    "split_grammar.rs"
);

#[cfg(feature = "template")]
compiled!(
    /// `rfc6570.pest`, URI Templates.
    template,
    "template_grammar.rs"
);

/// A set of the URI grammar's rules.
pub(crate) type Rules = crate::syntax::runtime::RuleSet<{ uri::RULE_WORDS }>;
/// A failed parse of the URI grammar, as pest reports it.
pub(crate) type Fail = crate::syntax::runtime::Failure<{ uri::RULE_WORDS }>;
