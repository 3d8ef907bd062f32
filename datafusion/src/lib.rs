//! peguri's strict RFC 3986 URI functions for [Apache DataFusion], on one
//! machine or distributed.
//!
//! Every function is a [`ScalarUDFImpl`](datafusion::logical_expr::ScalarUDFImpl)
//! backed by the [`peguri`] crate's parser; [`register_all`] adds them all
//! to a session (or any [`FunctionRegistry`]), and [`scalar_functions`]
//! lists them.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let mut ctx = SessionContext::new();
//! peguri_datafusion::register_all(&mut ctx)?;
//! let batches = ctx
//!     .sql("SELECT uri_host('http://user@example.com:8080/p?q#f') AS host")
//!     .await?
//!     .collect()
//!     .await?;
//! let shown = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(shown.contains("| example.com |"));
//! # Ok(())
//! # }
//! ```
//!
//! # The functions
//!
//! | function | returns | NULL when (besides a NULL argument) |
//! |---|---|---|
//! | `uri_parse(uri)` | struct: `valid`, `rule`, `scheme`, `userinfo`, `host`, `host_kind`, `port`, `path`, `query`, `fragment`, `error_offset`, `error_column`, `error_message` | never: invalid input has `valid = false` and the error fields |
//! | `uri_parse_strict(uri)` | the same struct | never: invalid input is an error quoting it and saying why |
//! | `uri_scheme`, `uri_userinfo`, `uri_host`, `uri_port`, `uri_path`, `uri_query`, `uri_fragment` (`uri`) | the component's text, as written | invalid input, or the component is absent |
//! | `uri_port_number(uri)` | the port, `UInt16` | invalid input, no port, an empty port, a port above 65535 |
//! | `uri_query_param(uri, key[, plus_as_space])` | the decoded value of the first pair with that decoded key (a repeated key: its first value; a key without `=`: `''`); `+` is a space only with `plus_as_space` true | invalid input, no query, no such key |
//! | `uri_query_params(uri[, plus_as_space])` | list of structs `{key, value}`: every pair, decoded, in order, repeats kept (`''` for a key without `=`; an empty list without a query) | invalid input |
//! | `uri_query_param_names(uri[, plus_as_space])` | list of the decoded keys, in order, repeats kept | invalid input |
//! | `uri_remove_query_params(uri, keys[, plus_as_space])` | the URI without the pairs whose decoded key is in `keys` (a list of strings or one string; a key ending in `*` is a prefix: `utm_*`), the rest byte for byte; no `?` when no pair is left | invalid input |
//! | `uri_decode(text[, plus_as_space])` | `text` (any text) percent-decoded; a `%` that starts no triplet kept; octets that are not UTF-8 as U+FFFD | never |
//! | `uri_path_extension(uri)` | the extension of the path's last segment, lowercase (netquack's `extract_extension`: after the last `.`, not a leading one, 1 to 10 ASCII letters and digits) | invalid input, no extension |
//! | `uri_public_suffix(uri)`, `uri_registrable_domain(uri)`, `uri_subdomain(uri)` | the host's public suffix (`co.uk`), registrable domain (`example.co.uk`) and the labels before it (`a.b`; `''` for none) by the Public Suffix List built in (`peguri::PublicSuffixList`, both sections), lowercase | invalid input, no authority, an IP host or a reg-name that reads as one (`0x7f.1`, `127.1`: RFC 3986 section 7.4), a host with a leading dot; for `uri_registrable_domain` and `uri_subdomain`, a host that is a public suffix |
//! | `uri_is_valid(uri)` | whether the input is a URI reference | never |
//! | `uri_error(uri)` | why it is not: the message alone, one text per cause | the input is valid |
//! | `uri_error_offset(uri)`, `uri_error_column(uri)` | where it stops being one: the byte offset, the column in characters from 1 (`UInt64`) | the input is valid |
//! | `uri_query_and_fragment(uri)` | the query and fragment as written after `?` (`q=1#top`; `#top` without a query) | invalid input, neither a query nor a fragment |
//! | `uri_path_query_and_fragment(uri)` | the path and all that follows it (`/p?q=1#top`) | invalid input |
//! | `uri_host_without_www(uri)`, `uri_top_level_domain(uri)` | the host without a leading `www.`; the last label of a registered name, as written | invalid input, no authority; for `uri_top_level_domain`, an IP host or an all-digit label |
//! | `uri_registrable_label(uri)` | the label of the registrable domain before its public suffix (`example`), lowercase | as `uri_registrable_domain` |
//! | `uri_remove_www`, `uri_remove_query`, `uri_remove_fragment`, `uri_remove_query_and_fragment` (`uri`) | the URI without its host's leading `www.`, its query, its fragment, or both, the rest byte for byte | invalid input |
//! | `uri_resolve(base, reference)` | the resolved URI (RFC 3986 section 5.2, strict) | either is invalid, or the base has no scheme |
//! | `uri_normalize(uri)` | the normal form (sections 6.2.2 and 6.2.3) | invalid input |
//! | `uri_equivalent(a, b)` | whether the normal forms are equal | either is invalid |
//! | `iri_to_uri(iri)` | the URI an IRI maps to (RFC 3987 section 3.1) | not an IRI reference |
//! | `uri_lint(uri)` | list of the finding codes of `peguri check`: section 7's, `dangerous-scheme`, and the registry's `unregistered-scheme` and `historical-scheme` | invalid input |
//! | `uri_whatwg_differs(s)` | list of the components whose meaning differs between RFC 3986 and the WHATWG URL Standard (`peguri whatwg`): `scheme`, `userinfo`, `host`, `port`, `path`, `query`, `fragment`, `validity` | never |
//! | `uri_scheme_valid(uri)` | whether the URI is valid under its scheme's own syntax (`peguri::scheme`: the schemes docs/schemes.md lists) | invalid input, no scheme, a scheme without a grammar |
//! | `uri_scheme_error(uri)` | why it is not, in one line, with the RFC and section | as `uri_scheme_valid`, and a URI valid under its scheme's syntax |
//! | `uri_scheme_parts(uri)` | map from the name of each part of the scheme-specific syntax (`nid`, `nss`, `to`, `media_type`, `number`, `coordinates`...) to its text (a list as JSON text, a number as its text); an absent part is not in the map | as `uri_scheme_error`, and a URI that breaks its scheme's syntax |
//! | `uri_scheme_info(scheme_or_uri)` | struct: `name`, `status` (`permanent`, `provisional`, `historical`), `description`, `reference`, `template` of a scheme name or of a URI's scheme in the IANA URI Schemes registry (`peguri::scheme::SchemeRegistry`, the copy built in), looked up without regard to case | a name or scheme the registry does not list, a relative reference, invalid input |
//! | `try_parse_url(url, part[, key])` | Spark's function, strictly | invalid input, absent part, unknown part |
//! | `uri_template_match(template, uri)` | map from each defined variable of the URI Template (RFC 6570) to its decoded value (a list or associative array as JSON text) | the URI does not match; an invalid or ambiguous template is an error |
//!
//! `plus_as_space` is a constant boolean, `false` when left out: RFC 3986
//! gives `+` no meaning, and HTML forms (`application/x-www-form-urlencoded`)
//! write a space as `+`, which yarl, Python's `parse_qsl` and ClickHouse's
//! `decodeURLFormComponent` read back as a space.
//!
//! "Invalid" means "not an RFC 3986 `URI-reference`" (for `iri_to_uri`,
//! not an RFC 3987 `IRI-reference`). An absent component is NULL and an
//! empty one is `''`: `http://h` has no query, `http://h?` an empty one.
//! The host is the RFC's host text, so an IP literal keeps its brackets.
//!
//! # Types
//!
//! Every string argument may be `Utf8`, `LargeUtf8`, `Utf8View` (what
//! DataFusion reads from Parquet by default) or a dictionary of one of
//! them: a one-argument function on a dictionary computes each distinct
//! value once. A constant argument (a base URI, a key) is used as one value
//! and a constant base is parsed once (a constant side of `uri_equivalent`
//! is repeated into a column, and normalized once).
//! Strings come back as `Utf8View`; components point into the input's own
//! buffers instead of copying them, so extracting a component allocates
//! only the output's views (parsing a valid URI allocates nothing; an
//! invalid one allocates its error). The functions that compute new text
//! (`uri_resolve`, `uri_normalize`, `uri_equivalent`, `iri_to_uri`,
//! `uri_lint`, `uri_whatwg_differs`, `uri_remove_query_params`, and the
//! decoding ones where there is something to decode) get it from peguri
//! as an owned value per row, which is then copied into the output; an
//! input that is already its own result (normal, ASCII, an absolute
//! reference, nothing to remove or decode) is pointed at instead. The
//! removals of a part copy a row only where the part lies between two
//! pieces that stay (`www.` of a host; a query before a fragment); a row
//! without it, or cut at its end, is pointed at.
//!
//! The array work is done by the kernels of [`peguri_arrow`], which the
//! Python package calls too: SQL and Python share one implementation.
//!
//! # Compatible names
//!
//! Other engines' URL functions are lenient; these aliases keep their names
//! where the meaning is the same, with peguri's strict parsing:
//!
//! | alias | engine | is | differences |
//! |---|---|---|---|
//! | `url_extract_protocol`, `url_extract_host`, `url_extract_path`, `url_extract_query`, `url_extract_fragment` | Trino, Presto | `uri_scheme`, `uri_host`, `uri_path`, `uri_query`, `uri_fragment` | Trino parses with `java.net.URI` (RFC 2396), returns the path, query and fragment decoded (`getPath`, `getQuery`, `getFragment`) and `''` for an absent one; peguri returns them as written, NULL when absent, and NULL for what RFC 3986 rejects |
//! | `url_extract_port` | Trino, Presto | `uri_port_number` | `UInt16` rather than `BIGINT`; NULL for a port above 65535 |
//! | `url_extract_parameter` | Trino, Presto | `uri_query_param` | Trino decodes the whole query before splitting it, so an encoded `&` or `=` splits there; peguri splits first, then decodes the key and value |
//! | `protocol`, `domain`, `path`, `querystring`, `fragment` | ClickHouse | `uri_scheme`, `uri_host`, `uri_path`, `uri_query`, `uri_fragment` | ClickHouse's functions do not follow the RFC (its documentation says so): they return `''` where peguri returns NULL (absent component, invalid input), read a URL without a scheme (`domain('example.com/x')` is `example.com`; to RFC 3986 that is a relative path, so `uri_host` gives NULL), and `domain` gives `''` for a host without a dot such as `localhost` |
//! | `extracturlparameter` (`extractURLParameter`) | ClickHouse | `uri_query_param` | ClickHouse returns the raw value and `''` when absent; peguri decodes and returns NULL |
//! | `cuttofirstsignificantsubdomain` (`cutToFirstSignificantSubdomain`) | ClickHouse | `uri_registrable_domain` | ClickHouse applies only the list's rules of two labels, compiled into its build: the last three labels when the last two are such a rule (`co.uk`, `github.io`), the last two otherwise. So it differs where a longer rule, a wildcard or an exception applies: `a.b.pvt.k12.ma.us` is `k12.ma.us` there and `b.pvt.k12.ma.us` by the list, `foo.bar.ck` (rule `*.ck`) is `bar.ck` there and `foo.bar.ck` here. It drops a leading `www.` first (`www.co.uk` gives `co.uk`; here `www.co.uk`), returns a host that is a public suffix (`co.uk`) as it is where peguri returns NULL, keeps the case as written, matches no A-label against the list's U-labels, returns `''` where peguri returns NULL, and reads a URL without a scheme. `cutToFirstSignificantSubdomainCustom` with the whole list configured applies every rule |
//! | `port` | ClickHouse | `uri_port_number` | ClickHouse gives 0 where peguri gives NULL (no port, an empty one, above 65535), and takes a default port as a second argument, which peguri does not |
//! | `querystringandfragment` (`queryStringAndFragment`), `pathfull` (`pathFull`) | ClickHouse | `uri_query_and_fragment`, `uri_path_query_and_fragment` | ClickHouse returns `''` where peguri returns NULL, and reads a URL without a scheme |
//! | `domainwithoutwww` (`domainWithoutWWW`) | ClickHouse | `uri_host_without_www` | as `domain`; and ClickHouse drops `www.` only in lowercase, where peguri compares it ignoring case, as hosts compare |
//! | `topleveldomain` (`topLevelDomain`) | ClickHouse | `uri_top_level_domain` | ClickHouse returns `''` for a host without a dot (`localhost`, which peguri gives as its own last label) and for an IPv4 address (NULL here), and for a last label that starts with a digit (peguri: one that is all digits); both drop a trailing dot |
//! | `firstsignificantsubdomain` (`firstSignificantSubdomain`) | ClickHouse | `uri_registrable_label` | the differences of `cutToFirstSignificantSubdomain` above, as ClickHouse finds the label the same way |
//! | `cutwww` (`cutWWW`), `cutquerystring` (`cutQueryString`), `cutfragment` (`cutFragment`), `cutquerystringandfragment` (`cutQueryStringAndFragment`) | ClickHouse | `uri_remove_www`, `uri_remove_query`, `uri_remove_fragment`, `uri_remove_query_and_fragment` | ClickHouse cuts any string, returning it as it is where it finds no part; peguri returns NULL for what RFC 3986 rejects, and `uri_remove_www` compares `www.` ignoring case |
//! | `extracturlparameternames` (`extractURLParameterNames`) | ClickHouse | `uri_query_param_names` | ClickHouse returns the names as written; peguri decodes them, and returns NULL for invalid input where ClickHouse reads what it can |
//! | `cuturlparameter` (`cutURLParameter`) | ClickHouse | `uri_remove_query_params` | ClickHouse compares names as written and takes no prefix; peguri compares decoded keys, reads a key ending in `*` as a prefix, drops the `?` when no pair is left, and returns NULL for invalid input |
//! | `decodeurlcomponent` (`decodeURLComponent`) | ClickHouse | `uri_decode` | ClickHouse keeps octets that are not UTF-8 as they are; peguri's strings are UTF-8, so they become U+FFFD. `decodeURLFormComponent` is `uri_decode(s, true)` |
//! | `try_parse_url` | Spark | (its own function) | Spark uses `java.net.URI` (RFC 2396); part names and raw values as in Spark |
//!
//! ClickHouse's `topLevelDomain` is no alias of `uri_public_suffix`: it
//! gives the last label (`uk` for `www.example.co.uk`) whatever the list
//! says, where the public suffix is `co.uk`; the two agree only for a
//! suffix of one label (`com`). It is an alias of `uri_top_level_domain`.
//!
//! # Distributed execution
//!
//! A distributed plan names its functions and every worker looks them up in
//! its own registry: each worker's session must register them too, for
//! example in datafusion-distributed's worker session builder:
//!
//! ```text
//! Worker::from_session_builder(|ctx: WorkerQueryContext| async move {
//!     let mut state = ctx.builder.build();
//!     peguri_datafusion::register_all(&mut state)?;
//!     Ok(state)
//! })
//! ```
//!
//! Register on the built state (or a `SessionContext`): a
//! `SessionStateBuilder`'s `with_scalar_functions` replaces DataFusion's
//! own functions instead of adding to them. With Ballista, the executor's
//! session state likewise.
//! `tests/distributed.rs` runs a query on in-process workers this way.
//!
//! [Apache DataFusion]: https://datafusion.apache.org
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(rust_2018_idioms)]

use std::sync::Arc;

use datafusion::common::Result;
use datafusion::execution::FunctionRegistry;
use datafusion::logical_expr::ScalarUDF;

mod docs;
mod functions;
mod signature;
mod strings;

use functions::component::{Component, ComponentFunction, PortNumberFunction};
use functions::decode::{DecodeFunction, PathExtensionFunction};
use functions::iri::IriToUriFunction;
use functions::lint::LintFunction;
use functions::normalize::{EquivalentFunction, NormalizeFunction};
use functions::parse::ParseFunction;
use functions::pieces::PieceFunction;
use functions::public_suffix::PublicSuffixFunction;
use functions::query_param::QueryParamFunction;
use functions::query_params::{QueryParamsFunction, RemoveQueryParamsFunction};
use functions::registry::SchemeInfoFunction;
use functions::resolve::ResolveFunction;
use functions::scheme::{SchemeErrorFunction, SchemePartsFunction, SchemeValidFunction};
use functions::spark::TryParseUrlFunction;
use functions::template_match::TemplateMatchFunction;
use functions::validity::{ErrorFunction, ErrorPositionFunction, IsValidFunction};
use functions::whatwg::WhatwgDiffersFunction;

/// Every function of this crate, ready to register (each knows its
/// aliases).
///
/// ```
/// let names: Vec<String> = peguri_datafusion::scalar_functions()
///     .iter()
///     .map(|f| f.name().to_owned())
///     .collect();
/// assert!(names.contains(&"uri_host".to_owned()));
/// assert!(names.contains(&"uri_resolve".to_owned()));
/// ```
pub fn scalar_functions() -> Vec<Arc<ScalarUDF>> {
    let mut functions = vec![
        udf(ParseFunction::new(false)),
        udf(ParseFunction::new(true)),
    ];
    // A function per component, `uri_scheme` to `uri_fragment`.
    functions.extend(
        Component::ALL
            .into_iter()
            .filter_map(ComponentFunction::new)
            .map(udf),
    );
    functions.extend([
        udf(PortNumberFunction::new()),
        udf(QueryParamFunction::new()),
        udf(IsValidFunction::new()),
        udf(ErrorFunction::new()),
        udf(ResolveFunction::new()),
        udf(NormalizeFunction::new()),
        udf(EquivalentFunction::new()),
        udf(IriToUriFunction::new()),
        udf(LintFunction::new()),
        udf(WhatwgDiffersFunction::new()),
        udf(SchemeValidFunction::new()),
        udf(SchemeErrorFunction::new()),
        udf(SchemePartsFunction::new()),
        udf(SchemeInfoFunction::new()),
        udf(TryParseUrlFunction::new()),
        udf(TemplateMatchFunction::new()),
        udf(PublicSuffixFunction::public_suffix()),
        udf(PublicSuffixFunction::registrable_domain()),
        udf(PublicSuffixFunction::subdomain()),
        udf(QueryParamsFunction::pairs()),
        udf(QueryParamsFunction::names()),
        udf(RemoveQueryParamsFunction::new()),
        udf(DecodeFunction::new()),
        udf(PathExtensionFunction::new()),
    ]);
    // Where an invalid input stops being a URI reference.
    functions.extend([
        udf(ErrorPositionFunction::offset()),
        udf(ErrorPositionFunction::column()),
    ]);
    // Pieces that span or trim components, and URIs without some parts.
    functions.extend(PieceFunction::all().into_iter().map(udf));
    functions
}

fn udf(function: impl datafusion::logical_expr::ScalarUDFImpl + 'static) -> Arc<ScalarUDF> {
    Arc::new(ScalarUDF::new_from_impl(function))
}

/// Registers every function of this crate, with its aliases, in
/// `registry` (a `SessionContext`, a `SessionState`, ...). A function of
/// the same name already there is replaced.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// use datafusion::prelude::SessionContext;
///
/// let mut ctx = SessionContext::new();
/// peguri_datafusion::register_all(&mut ctx)?;
/// assert!(ctx.udfs().contains("uri_parse"));
/// assert!(ctx.udfs().contains("url_extract_host"));
/// # Ok::<_, datafusion::error::DataFusionError>(())
/// ```
pub fn register_all(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for function in scalar_functions() {
        registry.register_udf(function)?;
    }
    Ok(())
}
