//! The functions, one module per concern.

pub(crate) mod component;
pub(crate) mod decode;
pub(crate) mod iri;
pub(crate) mod lint;
pub(crate) mod normalize;
pub(crate) mod parse;
pub(crate) mod pieces;
pub(crate) mod public_suffix;
pub(crate) mod query_param;
pub(crate) mod query_params;
pub(crate) mod registry;
pub(crate) mod resolve;
pub(crate) mod scheme;
pub(crate) mod spark;
pub(crate) mod template_match;
pub(crate) mod validity;
pub(crate) mod whatwg;
