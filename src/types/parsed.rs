//! The one shape of every parsed reference: its text, where its components
//! lie, and the grammar that found them.

use crate::syntax::entry::Grammar;
use crate::syntax::layout::Layout;
use crate::types::authority::Authority;
use crate::types::path::Segments;

/// A reference of any of the four grammars (RFC 3986, RFC 3987, each with
/// or without RFC 6874's zone identifiers), as text and layout.
///
/// Every public URI and IRI type is one of these with a rule and an owner
/// ([`family`](crate::types::family)): the component accessors and the
/// operations (resolution, normalization, relative references, setters)
/// are written once, on this type, and each public type reaches them
/// through its `view`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parsed<'a> {
    pub(crate) text: &'a str,
    pub(crate) layout: Layout,
    /// The grammar the text was parsed with; what is built from this
    /// reference is checked against the same grammar.
    pub(crate) grammar: Grammar,
}

impl<'a> Parsed<'a> {
    #[inline]
    pub(crate) const fn new(text: &'a str, layout: Layout, grammar: Grammar) -> Self {
        Parsed {
            text,
            layout,
            grammar,
        }
    }

    #[inline]
    pub(crate) fn as_str(&self) -> &'a str {
        self.text
    }

    #[inline]
    pub(crate) fn scheme(&self) -> Option<&'a str> {
        self.layout.scheme.map(|s| s.of(self.text))
    }

    #[inline]
    pub(crate) fn authority(&self) -> Option<Authority<'a>> {
        self.layout.authority.map(|a| Authority::new(self.text, a))
    }

    #[inline]
    pub(crate) fn path(&self) -> &'a str {
        self.layout.path.of(self.text)
    }

    #[inline]
    pub(crate) fn segments(&self) -> Segments<'a> {
        Segments::new(self.path())
    }

    #[inline]
    pub(crate) fn query(&self) -> Option<&'a str> {
        self.layout.query.map(|s| s.of(self.text))
    }

    #[inline]
    pub(crate) fn fragment(&self) -> Option<&'a str> {
        self.layout.fragment.map(|s| s.of(self.text))
    }

    /// The text without the fragment and its `#`.
    pub(crate) fn without_fragment(&self) -> &'a str {
        match self.layout.fragment {
            // The `#` is the byte before the fragment.
            Some(fragment) => self
                .text
                .get(..fragment.start().saturating_sub(1))
                .unwrap_or(self.text),
            None => self.text,
        }
    }

    #[inline]
    pub(crate) fn has_scheme(&self) -> bool {
        self.layout.scheme.is_some()
    }

    /// The rule that matched, as the RFCs name it: `URI` or `relative-ref`,
    /// `IRI` or `irelative-ref`.
    pub(crate) fn rule(&self) -> &'static str {
        match (self.grammar.is_iri(), self.has_scheme()) {
            (false, true) => "URI",
            (false, false) => "relative-ref",
            (true, true) => "IRI",
            (true, false) => "irelative-ref",
        }
    }
}
