//! Operations on parsed references: resolution and relative references
//! (RFC 3986 section 5), normalization and comparison (section 6).

pub mod normalize;
pub(crate) mod relative;
pub(crate) mod resolve;
