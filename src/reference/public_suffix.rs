//! The public suffix and registrable domain of a reference's host (feature
//! `psl`), by the built-in Public Suffix List.

use alloc::borrow::Cow;

use super::{Family, Kind, Lend, Reference};

impl<'i, 'o, S: Lend<'i, 'o>, F: Family, K: Kind> Reference<S, F, K> {
    /// The public suffix of the host, by the built-in Public Suffix List
    /// with both its sections ([`Host::public_suffix`](crate::Host::public_suffix);
    /// [`PublicSuffixList`](crate::PublicSuffixList) for the ICANN section
    /// alone or a newer list): lowercase; `None` without an authority, for
    /// an IP address or literal, and for a host with an empty label. An
    /// IRI's non-ASCII labels are matched through their IDNA mapping and
    /// come back as U-labels.
    ///
    /// ```
    /// use peguri::{IriRef, UriRef};
    ///
    /// assert_eq!(UriRef::parse("https://shop.Example.CO.UK/")?.public_suffix().as_deref(), Some("co.uk"));
    /// assert_eq!(IriRef::parse("http://www.食狮.中国/")?.public_suffix().as_deref(), Some("中国"));
    /// assert_eq!(UriRef::parse("http://[::1]/")?.public_suffix(), None);
    /// assert_eq!(UriRef::parse("/no/authority")?.public_suffix(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
    #[must_use]
    pub fn public_suffix(&'i self) -> Option<Cow<'o, str>> {
        self.authority()?.host().public_suffix()
    }

    /// The registrable domain of the host, by the built-in Public Suffix
    /// List with both its sections ([`Host::registrable_domain`](crate::Host::registrable_domain)):
    /// the public suffix and the label before it, lowercase; `None`
    /// without an authority, for a host that is itself a public suffix,
    /// for an IP address or literal, and for a host with an empty label.
    /// It is the "site" to group URLs by: `www.example.co.uk` and
    /// `shop.example.co.uk` are both `example.co.uk`.
    ///
    /// ```
    /// use peguri::{IriRef, UriRef};
    ///
    /// assert_eq!(UriRef::parse("https://shop.example.co.uk/a")?.registrable_domain().as_deref(), Some("example.co.uk"));
    /// assert_eq!(UriRef::parse("https://www.b%C3%BCcher.de/")?.registrable_domain().as_deref(), Some("bücher.de"));
    /// assert_eq!(UriRef::parse("https://www.xn--bcher-kva.de/")?.registrable_domain().as_deref(), Some("xn--bcher-kva.de"));
    /// assert_eq!(UriRef::parse("http://co.uk/")?.registrable_domain(), None);
    /// assert_eq!(UriRef::parse("http://192.0.2.1/")?.registrable_domain(), None);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "psl")))]
    #[must_use]
    pub fn registrable_domain(&'i self) -> Option<Cow<'o, str>> {
        self.authority()?.host().registrable_domain()
    }
}
