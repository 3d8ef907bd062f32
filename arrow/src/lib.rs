//! peguri's strict RFC 3986 URI operations as [Apache Arrow] kernels: a
//! column of strings in, a column of results out.
//!
//! ```
//! use arrow_array::{cast::AsArray, Array, StringArray};
//! use peguri_arrow::{column::Layout, component, is_valid, Component};
//!
//! let urls = StringArray::from(vec![
//!     Some("http://user@example.com:8080/p?q#f"),
//!     Some("http://h/a b"),
//!     None,
//! ]);
//! let hosts = component(&urls, Component::Host, Layout::Plain)?;
//! let hosts = hosts.as_string::<i32>();
//! assert_eq!(hosts.value(0), "example.com");
//! assert!(hosts.is_null(1)); // not a URI reference
//! assert!(hosts.is_null(2)); // NULL in, NULL out
//! let valid = is_valid(&urls)?;
//! assert_eq!((valid.value(0), valid.value(1)), (true, false));
//! # Ok::<_, arrow_schema::ArrowError>(())
//! ```
//!
//! # The kernels
//!
//! | kernel | returns | NULL when (besides a NULL row) |
//! |---|---|---|
//! | [`parse`] | struct of [`parse_fields`]: `valid`, `rule`, `scheme`, `userinfo`, `host`, `host_kind`, `port`, `path`, `query`, `fragment`, `error_offset`, `error_column`, `error_message` | never: invalid input has `valid = false` and the error fields |
//! | [`components`] | struct of [`components_fields`]: `valid` and the seven components | never |
//! | [`component`] | one component's text, as written | invalid input, or the component is absent |
//! | [`port_number`] | the port, `UInt16` | invalid input, no port, an empty port, a port above 65535 |
//! | [`query_param`] | the decoded value of the first query pair with a key (a repeated key: its first value; `?key` alone: `""`) | invalid input, no query, no such key |
//! | `registrable_label` (feature `psl`) | the label of the registrable domain before its public suffix (`example`) | as `registrable_domain` |
//! | [`host_without_www`], [`top_level_domain`] | the host without a leading `www.`; the last label of a registered name | invalid input, no authority; for `top_level_domain`, an IP host or an all-digit label |
//! | [`query_and_fragment`], [`path_query_and_fragment`] | the text after `?` (or from `#` without a query); the path and all after it | invalid input; for `query_and_fragment`, neither a query nor a fragment |
//! | [`remove_www`], [`remove_query`], [`remove_fragment`], [`remove_query_and_fragment`] | the row without the host's leading `www.`, the query, the fragment, or both, the rest byte for byte | invalid input |
//! | [`query_param_with`] | the same, with `+` read as a space when asked (HTML forms) | as [`query_param`] |
//! | [`query_params`] | list of structs `{key, value}`: every pair, decoded, in order, repeats kept | invalid input (no query: an empty list) |
//! | [`query_param_names`] | list of the decoded keys, in order, repeats kept | invalid input |
//! | [`remove_query_params`] | the URI without the pairs of some keys ([`KeyPatterns`]: `utm_*` a prefix), the rest byte for byte | invalid input |
//! | [`decode`] | the row percent-decoded (any text; `+` as a space when asked), U+FFFD for octets that are not UTF-8 | never |
//! | [`path_extension`] | the extension of the path's last segment, lowercase (`pdf`) | invalid input, no extension |
//! | `public_suffix`, `registrable_domain`, `subdomain` (feature `psl`) | the host's public suffix, registrable domain, and the labels before it (`peguri::PublicSuffixList`), lowercase | invalid input, no authority, an IP host or a reg-name that reads as one (`0x7f.1`), a host that is a public suffix (`registrable_domain`, `subdomain`) |
//! | [`is_valid`] | whether the row is a URI reference | never |
//! | [`error`] | why it is not, in one line with the byte offset and column | the row is valid |
//! | [`error_message`] | why it is not: the message alone, one text per cause | the row is valid |
//! | [`error_offset`], [`error_column`] | where it stops being one: byte offset, column in characters from 1 (`UInt64`) | the row is valid |
//! | [`resolve`] | the resolved URI (RFC 3986 section 5.2, strict), against a [`Base`] | either is invalid, or the base has no scheme |
//! | [`normalize`] | the normal form (sections 6.2.2 and 6.2.3) | invalid input |
//! | [`equivalent`] | whether two rows' normal forms are equal | either is invalid |
//! | [`iri_to_uri`] | the URI an IRI maps to (RFC 3987 section 3.1) | not an IRI reference |
//! | [`lint`] | list of section 7 finding codes (`peguri check`) | invalid input |
//! | [`scheme_registration`] | struct of [`registration_fields`]: the IANA URI Schemes registry's `name`, `status`, `description`, `reference` and `template` for a row that is a scheme name or a URI (`peguri::scheme::SchemeRegistry`) | a name or a URI's scheme the registry does not list, a relative reference, invalid input |
//! | `scheme_valid` (feature `schemes`) | whether the row is valid under its scheme's own syntax (`peguri::scheme`) | invalid input, no scheme, a scheme without a grammar |
//! | `scheme_error` (feature `schemes`) | why it is not, in one line | the row is valid under its scheme's syntax, or `scheme_valid` is NULL |
//!
//! "Invalid" means "not an RFC 3986 `URI-reference`" (for [`iri_to_uri`],
//! not an RFC 3987 `IRI-reference`). Invalid input is never an error: an
//! error means an argument of the wrong type or length. An absent
//! component is NULL and an empty one `""`: `http://h` has no query,
//! `http://h?` an empty one. The host is the RFC's host text, so an IP
//! literal keeps its brackets.
//!
//! # Types
//!
//! Every input may be `Utf8`, `LargeUtf8`, `Utf8View`, a dictionary of one
//! of them, or `Null` (all NULL): a one-column kernel computes each
//! distinct value of a dictionary once and expands the result by its keys.
//! Strings come back in the [`Layout`](column::Layout) the caller asks
//! for. As views (`Utf8View`), components point into the input's own
//! buffers instead of copying them (pieces longer than 12 bytes; shorter
//! ones are stored inside their views, as the format requires), so the
//! result shares the input's memory; every view's length, buffer index and
//! offset fits the format's signed 32 bits, also over inputs larger than
//! 2 GiB. Plain (`Utf8`, or `LargeUtf8` for `LargeUtf8` input or past
//! 2 GiB of text), every row's text is copied into the result's buffer.
//! The kernels that compute new text ([`resolve`], [`normalize`],
//! [`iri_to_uri`], [`error`]) copy it in, except that as views an input
//! that is already its own result is pointed at. The
//! [`column`](mod@column) module holds this plumbing, for kernels of one's
//! own, and [`column::validate`] the check of data from outside Rust.
//!
//! These are the kernels behind peguri-datafusion's SQL functions and the
//! Python package's `peguri.arrow`. The crate depends on arrow's leaf
//! crates at the major DataFusion pins (arrow 59), not on DataFusion.
//!
//! [Apache Arrow]: https://arrow.apache.org
#![deny(unsafe_code)]
#![deny(missing_docs)]
#![warn(rust_2018_idioms)]

pub mod column;
mod component;
mod decode;
mod iri;
mod lint;
mod normalize;
mod parse;
mod pieces;
#[cfg(feature = "psl")]
mod public_suffix;
mod query;
mod query_params;
mod registry;
mod resolve;
#[cfg(feature = "schemes")]
mod scheme;
mod validity;
// Holds the one function allowed `unsafe`.
mod views;

pub use component::{component, port_number};
pub use decode::{decode, path_extension};
pub use iri::iri_to_uri;
pub use lint::{lint, lint_item};
pub use normalize::{equivalent, normalize};
pub use parse::{components, components_fields, parse, parse_fields, parse_with};
pub use peguri::Component;
pub use pieces::{
    host_without_www, path_query_and_fragment, query_and_fragment, remove_fragment, remove_query,
    remove_query_and_fragment, remove_www, top_level_domain,
};
#[cfg(feature = "psl")]
pub use public_suffix::registrable_label;
#[cfg(feature = "psl")]
pub use public_suffix::{public_suffix, registrable_domain, subdomain};
pub use query::{query_param, query_param_with, query_value, query_value_with};
pub use query_params::{
    query_param_names, query_params, query_params_item, remove_query_params, without_query_params,
    KeyPatterns, Keys,
};
pub use registry::{registration_fields, registration_of, scheme_registration};
pub use resolve::{resolve, Base};
#[cfg(feature = "schemes")]
pub use scheme::{describe_scheme_error, scheme_error, scheme_valid};
pub use validity::{describe, error, error_column, error_message, error_offset, is_valid};
