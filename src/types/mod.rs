//! The values a reference is made of and configured with: its authority
//! and host, its path segments, its query pairs, the crate's parsed view of
//! a reference (text, layout, grammar), the schemes peguri knows, parse
//! options, and socket addresses.

pub(crate) mod authority;
pub(crate) mod options;
pub(crate) mod parsed;
pub(crate) mod path;
pub(crate) mod query;
pub(crate) mod scheme;
pub(crate) mod socket_addr;
