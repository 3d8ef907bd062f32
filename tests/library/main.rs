//! The library's tests, one module per concern, in one test binary.

/// `../shared` beside the repository: vectors from other implementations'
/// suites and real URL lists, present in development and CI only.
pub const SHARED_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared");

mod coming_from_url;
mod common;
mod seeds;
/// The benchmarks' input classes and corpus, which some tests check.
#[path = "../../benches/support/mod.rs"]
mod support;

mod alloc;
mod api;
mod bounded;
mod builder;
mod classes;
mod codegen;
mod differential;
mod engines;
mod error_shapes;
mod errors;
mod explain;
mod extract;
mod extract_markup;
mod file_path;
mod first_program;
mod grammar;
mod grammar_edit;
mod interop;
mod iri;
mod iri_props;
mod iri_vectors;
mod layouts;
mod lint;
mod messages;
mod modules;
mod msrv;
mod no_pest;
mod normalize;
mod normalize_props;
mod normalize_vectors;
mod one_path;
mod pct;
mod props;
mod public_api;
#[cfg(feature = "psl")]
mod public_suffix;
mod query;
mod repository;
mod resolve;
mod resolve_props;
mod resolve_vectors;
mod rfc_examples;
mod scheme;
mod schemes;
mod split;
mod template;
mod template_match;
mod trace;
mod vectors;
#[cfg(feature = "whatwg")]
mod whatwg;
mod zone;
