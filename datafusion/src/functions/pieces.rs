//! The pieces that span or trim components, and each URI without some of
//! its parts, under ClickHouse's names as aliases: `uri_query_and_fragment`
//! (`queryStringAndFragment`), `uri_path_query_and_fragment` (`pathFull`),
//! `uri_host_without_www` (`domainWithoutWWW`), `uri_top_level_domain`
//! (`topLevelDomain`), `uri_registrable_label` (`firstSignificantSubdomain`),
//! `uri_remove_www` (`cutWWW`), `uri_remove_query` (`cutQueryString`),
//! `uri_remove_fragment` (`cutFragment`) and `uri_remove_query_and_fragment`
//! (`cutQueryStringAndFragment`).

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::datatypes::DataType;
use datafusion::arrow::error::ArrowError;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::PublicSuffixList;
use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// A kernel of one string column to one string column.
type Kernel = fn(&dyn Array, Layout) -> Result<ArrayRef, ArrowError>;

/// Which piece a function gives.
#[derive(Debug, PartialEq, Eq, Hash, Clone, Copy)]
enum Piece {
    QueryAndFragment,
    PathQueryAndFragment,
    HostWithoutWww,
    TopLevelDomain,
    RegistrableLabel,
    RemoveWww,
    RemoveQuery,
    RemoveFragment,
    RemoveQueryAndFragment,
}

impl Piece {
    const ALL: [Piece; 9] = [
        Piece::QueryAndFragment,
        Piece::PathQueryAndFragment,
        Piece::HostWithoutWww,
        Piece::TopLevelDomain,
        Piece::RegistrableLabel,
        Piece::RemoveWww,
        Piece::RemoveQuery,
        Piece::RemoveFragment,
        Piece::RemoveQueryAndFragment,
    ];

    /// The kernel of the pieces that need no Public Suffix List.
    fn kernel(self) -> Option<Kernel> {
        Some(match self {
            Piece::QueryAndFragment => peguri_arrow::query_and_fragment,
            Piece::PathQueryAndFragment => peguri_arrow::path_query_and_fragment,
            Piece::HostWithoutWww => peguri_arrow::host_without_www,
            Piece::TopLevelDomain => peguri_arrow::top_level_domain,
            Piece::RemoveWww => peguri_arrow::remove_www,
            Piece::RemoveQuery => peguri_arrow::remove_query,
            Piece::RemoveFragment => peguri_arrow::remove_fragment,
            Piece::RemoveQueryAndFragment => peguri_arrow::remove_query_and_fragment,
            Piece::RegistrableLabel => return None,
        })
    }

    /// The name, the alias (ClickHouse's name, lowercase as DataFusion
    /// looks names up), what it gives, and an example.
    fn describe(self) -> (&'static str, &'static str, &'static str, &'static str) {
        match self {
            Piece::QueryAndFragment => (
                "uri_query_and_fragment",
                "querystringandfragment",
                "The query and the fragment as written after '?' ('q=1#top'); with its '#' when \
                 there is a fragment but no query ('#top'), as ClickHouse's \
                 queryStringAndFragment gives it. NULL also when there is neither.",
                "SELECT uri_query_and_fragment('http://h/p?q=1#top'); -- 'q=1#top'",
            ),
            Piece::PathQueryAndFragment => (
                "uri_path_query_and_fragment",
                "pathfull",
                "The path and all that follows it, delimiters included ('/p?q=1#top'): \
                 ClickHouse's pathFull. '' for a URI that is only a scheme and an authority.",
                "SELECT uri_path_query_and_fragment('http://h/p?q=1#top'); -- '/p?q=1#top'",
            ),
            Piece::HostWithoutWww => (
                "uri_host_without_www",
                "domainwithoutwww",
                "The host without a leading 'www.' label (compared ignoring case, as hosts \
                 are: RFC 3986 section 3.2.2), as written; a host that is 'www.' alone or \
                 does not start with it is given as it is. NULL also without an authority.",
                "SELECT uri_host_without_www('http://www.example.com/'); -- 'example.com'",
            ),
            Piece::TopLevelDomain => (
                "uri_top_level_domain",
                "topleveldomain",
                "The last label of the host's registered name, as written, after a trailing \
                 dot ('uk' for 'http://example.co.uk/', whose public suffix is 'co.uk'); a \
                 name of one label is its own. NULL also without an authority, for an IP \
                 host, and for an empty or all-digit label (no top-level domain is: RFC 3696 \
                 section 2).",
                "SELECT uri_top_level_domain('http://www.example.co.uk/'); -- 'uk'",
            ),
            Piece::RegistrableLabel => (
                "uri_registrable_label",
                "firstsignificantsubdomain",
                "The label of the registrable domain before its public suffix ('example' for \
                 'https://shop.example.co.uk/'): tldextract's domain, by the Public Suffix \
                 List built in (both sections), lowercase. NULL where \
                 uri_registrable_domain is.",
                "SELECT uri_registrable_label('https://shop.example.co.uk/'); -- 'example'",
            ),
            Piece::RemoveWww => (
                "uri_remove_www",
                "cutwww",
                "The URI without the leading 'www.' of its host (as uri_host_without_www \
                 finds it), the rest byte for byte; a URI whose host has none is given as it \
                 is.",
                "SELECT uri_remove_www('http://www.example.com/p'); -- 'http://example.com/p'",
            ),
            Piece::RemoveQuery => (
                "uri_remove_query",
                "cutquerystring",
                "The URI without its query and the '?' before it, the rest (the fragment \
                 included) byte for byte; a URI without a query is given as it is.",
                "SELECT uri_remove_query('http://h/p?q=1#top'); -- 'http://h/p#top'",
            ),
            Piece::RemoveFragment => (
                "uri_remove_fragment",
                "cutfragment",
                "The URI without its fragment and the '#' before it.",
                "SELECT uri_remove_fragment('http://h/p?q=1#top'); -- 'http://h/p?q=1'",
            ),
            Piece::RemoveQueryAndFragment => (
                "uri_remove_query_and_fragment",
                "cutquerystringandfragment",
                "The URI without its query and its fragment, with their delimiters.",
                "SELECT uri_remove_query_and_fragment('http://h/p?q=1#top'); -- 'http://h/p'",
            ),
        }
    }
}

/// One of the functions of this module.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PieceFunction {
    meta: Meta,
    piece: Piece,
}

impl PieceFunction {
    /// Every function of this module.
    pub(crate) fn all() -> Vec<PieceFunction> {
        Piece::ALL.into_iter().map(PieceFunction::new).collect()
    }

    fn new(piece: Piece) -> Self {
        let (name, alias, what, example) = piece.describe();
        let description = format!(
            "{what} NULL when the input is NULL or not an RFC 3986 URI reference (ClickHouse's \
             function of the same meaning, an alias, gives '' where this gives NULL)."
        );
        let syntax = format!("{name}(uri)");
        PieceFunction {
            meta: Meta::new(
                name,
                1,
                &[alias],
                document(&description, &syntax, example, &[URI_ARGUMENT]),
            ),
            piece,
        }
    }
}

impl ScalarUDFImpl for PieceFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        match self.piece.kernel() {
            Some(kernel) => map_column(&args.args[0], |array| kernel(array, Layout::View)),
            None => {
                let list = PublicSuffixList::built_in();
                map_column(&args.args[0], |array| {
                    peguri_arrow::registrable_label(array, &list, Layout::View)
                })
            }
        }
    }
}
