//! The `peguri` command's tests, one module per command family, in one
//! test binary.

/// `../shared` beside the repository: vectors from other implementations'
/// suites and real URL lists, present in development and CI only.
pub const SHARED_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared");

mod common;

mod abnf;
mod bounds;
mod check;
mod commands;
mod docs;
mod explain;
mod extract;
mod extras;
mod fields;
mod grammar;
mod iri;
mod json_format;
mod lab;
mod normalize;
mod overrides;
mod psl;
mod registry;
mod resolve;
mod scheme_reach;
mod schemes;
mod stream;
mod template;
mod template_match;
mod trace;
mod whatwg;
