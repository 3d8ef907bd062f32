//! The URI types: the family of borrowed and owned URIs and IRIs (one
//! shape, [`parsed`], and the methods they share, each written once), their
//! components, parse options and the serde views; building and changing
//! references, `file` paths, socket addresses, and conversions to other
//! crates' types.

pub(crate) mod access;
pub(crate) mod authority;
pub(crate) mod builder;
pub(crate) mod edit;
pub(crate) mod family;
pub(crate) mod file_path;
#[cfg(feature = "idna")]
pub(crate) mod idna;
pub(crate) mod interop;
pub(crate) mod iri;
pub(crate) mod options;
pub(crate) mod parsed;
pub(crate) mod parsing;
pub(crate) mod path;
pub mod query;
#[cfg(feature = "serde")]
pub(crate) mod report;
pub(crate) mod scheme;
#[cfg(feature = "serde")]
pub(crate) mod serde_impl;
pub(crate) mod socket_addr;
pub(crate) mod traits;
