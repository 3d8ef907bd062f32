//! The code `build.rs` generates from the grammars (see `build/codegen/`).

/// `uri.pest`, `iri.pest` and `rfc6874.pest`, compiled as one grammar.
#[allow(
    dead_code,
    non_snake_case,
    unused_labels,
    unused_parens,
    unused_comparisons,
    unused_variables,
    unused_braces,
    unused_assignments,
    non_upper_case_globals,
    unused_imports,
    clippy::all,
    clippy::pedantic
)]
pub(crate) mod uri {
    use crate::syntax::runtime::{
        char_len, put, run_upto, scan, table, Failure, Look, Slot, Tracker,
    };

    include!(concat!(env!("OUT_DIR"), "/uri_grammar.rs"));

    /// A set of this grammar's rules.
    pub(crate) type Rules = crate::syntax::runtime::RuleSet<RULE_WORDS>;
    /// A failed parse of this grammar, as pest reports it.
    pub(crate) type Fail = Failure<RULE_WORDS>;
}

/// `split.pest`, RFC 3986 Appendix B.
#[allow(
    dead_code,
    non_snake_case,
    unused_labels,
    unused_parens,
    unused_comparisons,
    unused_variables,
    unused_braces,
    unused_assignments,
    non_upper_case_globals,
    unused_imports,
    clippy::all,
    clippy::pedantic
)]
pub(crate) mod split {
    use crate::syntax::runtime::{
        char_len, put, run_upto, scan, table, Failure, Look, Slot, Tracker,
    };

    include!(concat!(env!("OUT_DIR"), "/split_grammar.rs"));
}

/// `rfc6570.pest`, URI Templates.
#[allow(
    dead_code,
    non_snake_case,
    unused_labels,
    unused_parens,
    unused_comparisons,
    unused_variables,
    unused_braces,
    unused_assignments,
    unused_imports,
    non_upper_case_globals,
    clippy::all,
    clippy::pedantic
)]
pub(crate) mod template {
    use crate::syntax::runtime::{
        char_len, put, run_upto, scan, table, Failure, Look, Slot, Tracker,
    };

    include!(concat!(env!("OUT_DIR"), "/template_grammar.rs"));
}
