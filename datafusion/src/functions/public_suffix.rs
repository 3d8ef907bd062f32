//! `uri_public_suffix(uri)`, `uri_registrable_domain(uri)` and
//! `uri_subdomain(uri)`: the host's public suffix, registrable domain and
//! the labels before it, by the Public Suffix List built into peguri, both
//! its sections.

use datafusion::arrow::datatypes::DataType;
use datafusion::common::Result;
use datafusion::logical_expr::{ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl};
use peguri::PublicSuffixList;
use peguri_arrow::column::Layout;

use crate::docs::{document, URI_ARGUMENT};
use crate::signature::{meta_methods, Meta};
use crate::strings::map_column;

/// What the two functions share: the list's rules, and when a result is
/// NULL.
const RULES: &str = "By the Public Suffix List built into peguri (its ICANN and private \
     sections): the longest matching rule, wildcards, exceptions, and the last label for a name \
     no rule matches; labels compare ignoring case, the result is lowercase, A-labels match \
     the list's U-labels and percent-encoded UTF-8 is decoded. NULL when the input is NULL, is \
     not an RFC 3986 URI reference, has no authority, or its host is an IP address or literal, \
     a name that reads as an IPv4 address (0x7f.1, 127.1: RFC 3986 section 7.4), or has an \
     empty label (a leading dot).";

/// Which of the three.
#[derive(Debug, PartialEq, Eq, Hash, Clone, Copy)]
enum Part {
    PublicSuffix,
    RegistrableDomain,
    Subdomain,
}

/// `uri_public_suffix(uri)`, `uri_registrable_domain(uri)` or
/// `uri_subdomain(uri)`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct PublicSuffixFunction {
    meta: Meta,
    part: Part,
}

impl PublicSuffixFunction {
    /// `uri_public_suffix(uri)`: the host's public suffix.
    pub(crate) fn public_suffix() -> Self {
        PublicSuffixFunction {
            meta: Meta::new(
                "uri_public_suffix",
                1,
                &[],
                document(
                    &format!(
                        "The public suffix of the host: the labels under which the public \
                         registers names ('co.uk', 'github.io'). {RULES}"
                    ),
                    "uri_public_suffix(uri)",
                    "SELECT uri_public_suffix('https://www.example.co.uk/'); -- 'co.uk'",
                    &[URI_ARGUMENT],
                ),
            ),
            part: Part::PublicSuffix,
        }
    }

    /// `uri_registrable_domain(uri)`: the host's registrable domain, with
    /// ClickHouse's `cutToFirstSignificantSubdomain` as an alias.
    pub(crate) fn registrable_domain() -> Self {
        PublicSuffixFunction {
            meta: Meta::new(
                "uri_registrable_domain",
                1,
                &["cuttofirstsignificantsubdomain"],
                document(
                    &format!(
                        "The registrable domain of the host: its public suffix and the label \
                         before it, the site to group URLs by ('www.example.co.uk' and \
                         'shop.example.co.uk' are 'example.co.uk'); NULL also for a host \
                         that is itself a public suffix. {RULES}"
                    ),
                    "uri_registrable_domain(uri)",
                    "SELECT uri_registrable_domain('https://shop.example.co.uk/a'); \
                     -- 'example.co.uk'",
                    &[URI_ARGUMENT],
                ),
            ),
            part: Part::RegistrableDomain,
        }
    }

    /// `uri_subdomain(uri)`: the labels of the host before its
    /// registrable domain.
    pub(crate) fn subdomain() -> Self {
        PublicSuffixFunction {
            meta: Meta::new(
                "uri_subdomain",
                1,
                &[],
                document(
                    &format!(
                        "The subdomain of the host: the labels before its registrable domain, \
                         lowercase ('a.b' for 'a.b.example.co.uk'), '' for a host that is its \
                         registrable domain; with uri_registrable_domain and uri_public_suffix, \
                         tldextract's split of a host. NULL where uri_registrable_domain is \
                         NULL. {RULES}"
                    ),
                    "uri_subdomain(uri)",
                    "SELECT uri_subdomain('https://a.b.example.co.uk/'); -- 'a.b'",
                    &[URI_ARGUMENT],
                ),
            ),
            part: Part::Subdomain,
        }
    }
}

impl ScalarUDFImpl for PublicSuffixFunction {
    meta_methods!();

    fn return_type(&self, _args: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let list = PublicSuffixList::built_in();
        match self.part {
            Part::PublicSuffix => map_column(&args.args[0], |array| {
                peguri_arrow::public_suffix(array, &list, Layout::View)
            }),
            Part::RegistrableDomain => map_column(&args.args[0], |array| {
                peguri_arrow::registrable_domain(array, &list, Layout::View)
            }),
            Part::Subdomain => map_column(&args.args[0], |array| {
                peguri_arrow::subdomain(array, &list, Layout::View)
            }),
        }
    }
}
