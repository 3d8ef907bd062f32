//! Operations on the crate's parsed view of a reference, which the
//! reference types call: resolution and relative references (RFC 3986
//! section 5), normalization and comparison (section 6), the mappings
//! between IRIs and URIs (RFC 3987 section 3) with and without IDNA,
//! building and editing a reference from its components, `file` paths
//! (RFC 8089), and public suffixes (the Public Suffix List). Nothing here
//! names a reference type.

pub(crate) mod build;
pub(crate) mod edit;
pub(crate) mod file_path;
#[cfg(feature = "idna")]
pub(crate) mod idna;
pub(crate) mod iri;
pub(crate) mod normalize;
#[cfg(feature = "psl")]
pub(crate) mod public_suffix;
pub mod query;
pub(crate) mod relative;
pub(crate) mod resolve;
