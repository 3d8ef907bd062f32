//! The one vocabulary of the syntax layer: a typed parse starts from an
//! entry rule of a grammar.

/// The grammar a text follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Grammar {
    /// RFC 3986 (`uri.pest`).
    Rfc3986,
    /// RFC 3986 with RFC 6874's zone identifiers in IPv6 literals
    /// (`rfc6874.pest`).
    Rfc6874,
    /// RFC 3987's IRIs (`iri.pest`).
    Rfc3987,
    /// RFC 3987's IRIs with RFC 6874's zone identifiers in IPv6 literals
    /// (the `_6874` IRI rules of `rfc6874.pest`).
    Rfc3987Zones,
}

impl Grammar {
    /// Whether this is an IRI grammar (RFC 3987, with or without zones).
    pub(crate) const fn is_iri(self) -> bool {
        matches!(self, Grammar::Rfc3987 | Grammar::Rfc3987Zones)
    }

    /// Whether RFC 6874's zone identifiers are allowed.
    pub(crate) const fn has_zones(self) -> bool {
        matches!(self, Grammar::Rfc6874 | Grammar::Rfc3987Zones)
    }

    /// The IRI grammar that extends this one, with the same zone rule.
    pub(crate) const fn as_iri(self) -> Grammar {
        Grammar::Rfc3987.with_zones(self.has_zones())
    }

    /// The URI grammar an IRI of this grammar maps to, with the same zone
    /// rule.
    pub(crate) const fn as_uri(self) -> Grammar {
        Grammar::Rfc3986.with_zones(self.has_zones())
    }

    /// The grammar that reads what either reads: an IRI grammar if either
    /// is one, with zone identifiers if either has them.
    pub(crate) const fn union(self, other: Grammar) -> Grammar {
        let zones = self.has_zones() || other.has_zones();
        if self.is_iri() || other.is_iri() {
            Grammar::Rfc3987.with_zones(zones)
        } else {
            Grammar::Rfc3986.with_zones(zones)
        }
    }

    /// The same grammar with zone identifiers allowed (`zones`) or not.
    pub(crate) const fn with_zones(self, zones: bool) -> Grammar {
        match (self.is_iri(), zones) {
            (false, false) => Grammar::Rfc3986,
            (false, true) => Grammar::Rfc6874,
            (true, false) => Grammar::Rfc3987,
            (true, true) => Grammar::Rfc3987Zones,
        }
    }
}

/// The rule a parse starts from, named after RFC 3986's rule; in an IRI
/// grammar it is RFC 3987's rule of the same place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Entry {
    /// `URI-reference` / `IRI-reference`: with or without a scheme.
    UriReference,
    /// `URI` / `IRI`: a scheme is required.
    Uri,
    /// `absolute-URI` / `absolute-IRI`: a scheme, no fragment.
    AbsoluteUri,
    /// `relative-ref` / `irelative-ref`: no scheme.
    RelativeRef,
}

/// An entry rule of a grammar: what a typed parse follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Syntax {
    pub entry: Entry,
    pub grammar: Grammar,
}

impl Syntax {
    pub(crate) const fn new(entry: Entry, grammar: Grammar) -> Self {
        Syntax { entry, grammar }
    }

    /// `URI-reference` in RFC 3986: what `UriRef::parse` follows.
    pub(crate) const URI_REFERENCE: Syntax = Syntax::new(Entry::UriReference, Grammar::Rfc3986);

    /// The RFC 3986 or RFC 3987 syntax of a rule name as the RFCs spell it
    /// (`URI-reference`, `irelative-ref`...).
    #[cfg(feature = "expose-internals")]
    pub(crate) fn from_rfc_name(name: &str) -> Option<Syntax> {
        let entries = [
            Entry::UriReference,
            Entry::Uri,
            Entry::AbsoluteUri,
            Entry::RelativeRef,
        ];
        [Grammar::Rfc3986, Grammar::Rfc3987]
            .into_iter()
            .flat_map(|grammar| entries.map(|entry| Syntax::new(entry, grammar)))
            .find(|s| s.rfc_name() == name)
    }

    /// The same entry in another grammar.
    #[cfg(feature = "expose-internals")]
    pub(crate) const fn with_grammar(self, grammar: Grammar) -> Syntax {
        Syntax::new(self.entry, grammar)
    }
}

// `Syntax::rfc_name`, from `build.rs`'s table of the typed entries.
include!(concat!(env!("OUT_DIR"), "/syntax_names.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "URI-reference",
            "URI",
            "absolute-URI",
            "relative-ref",
            "IRI-reference",
            "IRI",
            "absolute-IRI",
            "irelative-ref",
        ] {
            assert_eq!(
                Syntax::from_rfc_name(name).map(Syntax::rfc_name),
                Some(name)
            );
        }
        assert_eq!(Syntax::from_rfc_name("path"), None);
    }

    #[test]
    fn zones_switch_within_uris_and_iris() {
        for grammar in [
            Grammar::Rfc3986,
            Grammar::Rfc6874,
            Grammar::Rfc3987,
            Grammar::Rfc3987Zones,
        ] {
            assert!(grammar.with_zones(true).has_zones());
            assert!(!grammar.with_zones(false).has_zones());
            assert_eq!(grammar.with_zones(true).is_iri(), grammar.is_iri());
        }
    }
}
