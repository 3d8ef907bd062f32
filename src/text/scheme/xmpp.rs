//! `xmpp` (RFC 5122 section 2.2), by `schemes/xmpp.pest`.

use core::ops::Range;

use super::grammar::{Entry, Rules, Source, rule_words};
use super::{Scheme, SchemeError};
use crate::reference::{Family, Kind, Reference, Storage};
use crate::syntax::compiled::scheme::xmpp as compiled;
use crate::syntax::runtime::Slot;
use alloc::vec::Vec;

const RULES: Rules = Rules {
    names: &compiled::RULE_NAMES,
    labels: &compiled::RULE_LABELS,
    citation: compiled::citation,
    words: rule_words![
        (
            "xmppuri",
            "an XMPP URI, \"xmpp:\" hierxmpp [ \"?\" querycomp ] [ \"#\" fragment ]",
        ),
        ("hierxmpp", "an XMPP address"),
        ("authpath", "an account, \"//\" node \"@\" host"),
        ("authxmpp", "an account, node \"@\" host"),
        (
            "pathxmpp",
            "an XMPP address, [ node \"@\" ] host [ \"/\" resource ]",
        ),
        ("nodeid", "a node"),
        ("resid", "a resource"),
        ("querycomp", "a query"),
        ("querytype", "a query type"),
        ("pair", "a pair, \";\" key \"=\" value"),
        ("key", "a key"),
        ("value", "a value"),
    ],
    limits: rule_words![],
};

/// One XMPP address (a JID) of a URI: node, domain, resource.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Jid {
    node: Option<Range<usize>>,
    domain: Range<usize>,
    resource: Option<Range<usize>>,
}

/// An XMPP URI (RFC 5122): the address of an entity (node, domain,
/// resource), the account to act as, and the query, as written.
///
/// ```
/// use peguri::scheme::Xmpp;
///
/// let uri = peguri::UriRef::parse("xmpp://guest@example.com/support@example.com?message")?;
/// let xmpp = Xmpp::parse(&uri)?;
/// assert_eq!(xmpp.account(), Some("guest@example.com"));
/// assert_eq!((xmpp.node(), xmpp.domain(), xmpp.resource()), (Some("support"), "example.com", None));
/// assert_eq!(xmpp.query_type(), Some("message"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xmpp<'a> {
    text: &'a str,
    account: Option<Range<usize>>,
    jid: Option<Jid>,
    query_type: Option<Range<usize>>,
    pairs: Vec<(Range<usize>, Range<usize>)>,
}

impl<'a> Xmpp<'a> {
    /// Reads `reference` as an XMPP URI.
    ///
    /// # Errors
    ///
    /// A [`SchemeError`] if it is not one (RFC 5122 section 2.2).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:node@example.com/a/b")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri).unwrap_err().offset(), 23);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn parse<S: Storage, F: Family, K: Kind>(
        reference: &'a Reference<S, F, K>,
    ) -> Result<Self, SchemeError> {
        Xmpp::read(reference.view().as_str())
    }

    /// Reads the text of a reference.
    pub(super) fn read(uri: &'a str) -> Result<Self, SchemeError> {
        let entry = Entry {
            matcher: compiled::match_xmpp_entry,
            fail: compiled::fail_xmpp_entry,
        };
        let cited = Scheme::Xmpp.cited();
        let rec = entry.check(Scheme::Xmpp, &RULES, uri, &Source::uri(uri), cited)?;
        let bytes = uri.as_bytes();
        let mut xmpp = Xmpp {
            text: uri,
            account: span(rec.authxmpp),
            jid: span(rec.pathxmpp).map(|path| jid(bytes, path)),
            query_type: None,
            pairs: Vec::new(),
        };
        // querycomp = querytype [ *pair ], pair = ";" key "=" value
        if let Some(query) = span(rec.querycomp) {
            let start = query.start;
            let mut at = compiled::quiet_querytype(bytes, start).unwrap_or(start);
            xmpp.query_type = Some(start..at);
            while let Some(end) = compiled::quiet_pair(bytes, at) {
                let key = at + 1..compiled::quiet_key(bytes, at + 1).unwrap_or(at + 1);
                xmpp.pairs.push((key.clone(), key.end + 1..end));
                at = end;
            }
        }
        Ok(xmpp)
    }

    /// The whole URI, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:example.com")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri)?.as_str(), "xmpp:example.com");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The account to act as (the authority, section 2.3): `node@host`,
    /// as written; `None` when the URI has none.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp://guest@example.com")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri)?.account(), Some("guest@example.com"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn account(&self) -> Option<&'a str> {
        self.account.clone().map(|r| &self.text[r])
    }

    /// The node of the entity's address (section 2.4), as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:example-node@example.com")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri)?.node(), Some("example-node"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn node(&self) -> Option<&'a str> {
        let node = self.jid.as_ref()?.node.clone()?;
        Some(&self.text[node])
    }

    /// The domain of the entity's address, as written; empty for a URI
    /// that names an account alone (`xmpp://guest@example.com`).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:example.com")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri)?.domain(), "example.com");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn domain(&self) -> &'a str {
        self.jid
            .as_ref()
            .map_or("", |jid| &self.text[jid.domain.clone()])
    }

    /// The resource of the entity's address, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:example-node@example.com/some-resource")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri)?.resource(), Some("some-resource"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn resource(&self) -> Option<&'a str> {
        let resource = self.jid.as_ref()?.resource.clone()?;
        Some(&self.text[resource])
    }

    /// The query type: the action the URI asks for (section 2.5).
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:example-node@example.com?message")?;
    /// assert_eq!(peguri::scheme::Xmpp::parse(&uri)?.query_type(), Some("message"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn query_type(&self) -> Option<&'a str> {
        self.query_type.clone().map(|r| &self.text[r])
    }

    /// The key-value pairs of the query, in order, as written.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("xmpp:a@example.com?message;subject=Hello%20World")?;
    /// let xmpp = peguri::scheme::Xmpp::parse(&uri)?;
    /// assert_eq!(xmpp.query_pairs().collect::<Vec<_>>(), [("subject", "Hello%20World")]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn query_pairs(&self) -> impl Iterator<Item = (&'a str, &'a str)> + '_ {
        let text = self.text;
        self.pairs
            .iter()
            .map(move |(key, value)| (&text[key.clone()], &text[value.clone()]))
    }

    /// Where the node, the domain and the resource are, for the component
    /// diagram.
    pub(crate) fn spans(&self) -> Vec<(&'static str, Range<usize>)> {
        let Some(jid) = &self.jid else {
            return Vec::new();
        };
        let node = jid.node.clone().map(|r| ("node", r));
        let resource = jid.resource.clone().map(|r| ("resource", r));
        node.into_iter()
            .chain([("domain", jid.domain.clone())])
            .chain(resource)
            .collect()
    }
}

/// The parts of the `pathxmpp` at `path`: `[ nodeid "@" ] host [ "/"
/// resid ]`, read with the grammar's rules in the order pathxmpp tries
/// them.
fn jid(bytes: &[u8], path: Range<usize>) -> Jid {
    let start = path.start;
    let node_end = compiled::quiet_nodeid(bytes, start).unwrap_or(start);
    let (node, host_start) = if bytes.get(node_end) == Some(&b'@') {
        (Some(start..node_end), node_end + 1)
    } else {
        (None, start)
    };
    let host_end = compiled::quiet_host(bytes, host_start).unwrap_or(host_start);
    let resource = (host_end < path.end).then(|| host_end + 1..path.end);
    Jid {
        node,
        domain: host_start..host_end,
        resource,
    }
}

fn span(slot: Slot) -> Option<Range<usize>> {
    slot.get().map(|(a, b)| a..b)
}

/// The parts as JSON (what `peguri parse --scheme-syntax` prints as
/// `"parts"`): `account`, `node`, `domain`, `resource`, `query_type` (as
/// written, `null` when absent) and `pairs` (`[key, value]`).
///
/// ```
/// let uri = peguri::UriRef::parse("xmpp:node@example.com/r?message;body=hi")?;
/// let xmpp = peguri::scheme::Xmpp::parse(&uri)?;
/// assert_eq!(
///     serde_json::to_string(&xmpp)?,
///     r#"{"account":null,"node":"node","domain":"example.com","resource":"r","query_type":"message","pairs":[["body","hi"]]}"#
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Xmpp<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap as _;
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("account", &self.account())?;
        map.serialize_entry("node", &self.node())?;
        map.serialize_entry("domain", self.domain())?;
        map.serialize_entry("resource", &self.resource())?;
        map.serialize_entry("query_type", &self.query_type())?;
        let pairs: Vec<(&str, &str)> = self.query_pairs().collect();
        map.serialize_entry("pairs", &pairs)?;
        map.end()
    }
}
