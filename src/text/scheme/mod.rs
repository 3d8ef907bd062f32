//! Each scheme's own syntax (feature `schemes`): the grammars of
//! `schemes/*.pest`, the typed views, and the checks the ABNF cannot say.
//! Its public path is the [`scheme`](crate::scheme) module, whose page
//! says what is checked and why.

mod about;
mod acct;
mod cid;
mod coap;
mod data;
mod error;
mod file;
mod ftp;
mod geo;
mod grammar;
mod http;
#[cfg(feature = "serde")]
mod json;
mod ldap;
mod mailto;
mod news;
mod ni;
mod rtsp;
mod sip;
mod sms;
mod tag;
mod tel;
mod urn;
mod ws;
mod xmpp;

use crate::reference::{Family, Kind, Reference, Storage};
use crate::text::lint::{Code, Finding, Severity};
use crate::types::scheme::{SchemeInfo, known_schemes, scheme_info};
use alloc::vec::Vec;
use error::Cited;

pub use about::About;
pub use acct::Acct;
pub use cid::MessageUrl;
pub use data::DataUrl;
pub use error::{Citation, SchemeError, SchemeErrorKind, SchemeMessage};
pub use ftp::Ftp;
pub use geo::Geo;
#[cfg(feature = "serde")]
pub use json::SyntaxReport;
pub use ldap::{Ldap, LdapExtension};
pub use mailto::{Address, Mailto};
pub use news::News;
pub use ni::Ni;
pub use sip::Sip;
pub use sms::Sms;
pub use tag::Tag;
pub use tel::Tel;
pub use urn::Urn;
pub use xmpp::Xmpp;

/// A scheme peguri has a grammar for.
///
/// ```
/// use peguri::scheme::Scheme;
///
/// let urn = Scheme::from_name("URN").unwrap();
/// assert_eq!(urn, Scheme::Urn);
/// assert_eq!((urn.name(), urn.spec(), urn.section()), ("urn", "RFC 8141", "2"));
/// assert_eq!(Scheme::Https.default_port(), Some(443));
/// assert_eq!(Scheme::from_name("coap+tcp"), Some(Scheme::CoapTcp));
/// assert!(Scheme::from_name("gopher").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Scheme {
    /// `http`, RFC 9110 section 4.2.1.
    Http,
    /// `https`, RFC 9110 section 4.2.2.
    Https,
    /// `ws`, RFC 6455 section 3.
    Ws,
    /// `wss`, RFC 6455 section 3.
    Wss,
    /// `file`, RFC 8089 section 2.
    File,
    /// `mailto`, RFC 6068 section 2.
    Mailto,
    /// `urn`, RFC 8141 section 2.
    Urn,
    /// `data`, RFC 2397 section 3.
    Data,
    /// `tel`, RFC 3966 section 3.
    Tel,
    /// `geo`, RFC 5870 section 3.3.
    Geo,
    /// `sip`, RFC 3261 section 25.1.
    Sip,
    /// `sips`, RFC 3261 section 25.1.
    Sips,
    /// `tag`, RFC 4151 section 2.1.
    Tag,
    /// `acct`, RFC 7565 section 7.
    Acct,
    /// `xmpp`, RFC 5122 section 2.2.
    Xmpp,
    /// `sms`, RFC 5724 section 2.2.
    Sms,
    /// `about`, RFC 6694 section 2.
    About,
    /// `cid`, RFC 2392 section 2.
    Cid,
    /// `mid`, RFC 2392 section 2.
    Mid,
    /// `ftp`, RFC 1738 section 3.2.
    Ftp,
    /// `ldap`, RFC 4516 section 2.
    Ldap,
    /// `ni`, RFC 6920 section 3.
    Ni,
    /// `nih`, RFC 6920 section 7.
    Nih,
    /// `coap`, RFC 7252 section 6.1.
    Coap,
    /// `coaps`, RFC 7252 section 6.2.
    Coaps,
    /// `coap+tcp`, RFC 8323 section 8.1.
    CoapTcp,
    /// `coaps+tcp`, RFC 8323 section 8.2.
    CoapsTcp,
    /// `coap+ws`, RFC 8323 section 8.3.
    CoapWs,
    /// `coaps+ws`, RFC 8323 section 8.4.
    CoapsWs,
    /// `rtsp`, RFC 7826 section 4.2.
    Rtsp,
    /// `rtsps`, RFC 7826 section 4.2.
    Rtsps,
    /// `news`, RFC 5538 section 2.1.
    News,
    /// `nntp`, RFC 5538 section 2.2.
    Nntp,
}

impl Scheme {
    /// Every scheme with a grammar, in the order of the table in the
    /// module documentation.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::ALL.len(), 33);
    /// ```
    pub const ALL: [Scheme; 33] = [
        Scheme::Http,
        Scheme::Https,
        Scheme::Ws,
        Scheme::Wss,
        Scheme::File,
        Scheme::Mailto,
        Scheme::Urn,
        Scheme::Data,
        Scheme::Tel,
        Scheme::Geo,
        Scheme::Sip,
        Scheme::Sips,
        Scheme::Tag,
        Scheme::Acct,
        Scheme::Xmpp,
        Scheme::Sms,
        Scheme::About,
        Scheme::Cid,
        Scheme::Mid,
        Scheme::Ftp,
        Scheme::Ldap,
        Scheme::Ni,
        Scheme::Nih,
        Scheme::Coap,
        Scheme::Coaps,
        Scheme::CoapTcp,
        Scheme::CoapsTcp,
        Scheme::CoapWs,
        Scheme::CoapsWs,
        Scheme::Rtsp,
        Scheme::Rtsps,
        Scheme::News,
        Scheme::Nntp,
    ];

    /// The scheme of that name, in any case.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::from_name("Mailto"), Some(peguri::scheme::Scheme::Mailto));
    /// ```
    pub fn from_name(name: &str) -> Option<Scheme> {
        Scheme::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The name, lowercase.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::Wss.name(), "wss");
    /// ```
    pub const fn name(self) -> &'static str {
        self.facts().0
    }

    /// The document that defines the scheme's syntax: `"RFC 6068"`.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::Geo.spec(), "RFC 5870");
    /// ```
    pub const fn spec(self) -> &'static str {
        self.cited().0
    }

    /// The section of [`spec`](Self::spec) with the syntax: `"2"`.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::Http.section(), "4.2.1");
    /// ```
    pub const fn section(self) -> &'static str {
        self.cited().1
    }

    /// The document and section: `RFC 6068 section 2`.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::Mailto.citation(), "RFC 6068 section 2");
    /// ```
    pub const fn citation(self) -> Citation {
        Citation::new(self.cited())
    }

    /// The port an authority means when it names none, if the scheme has
    /// authorities with ports (from [`scheme_info`](crate::scheme::scheme_info)).
    ///
    /// ```
    /// use peguri::scheme::Scheme;
    /// assert_eq!(Scheme::Ws.default_port(), Some(80));
    /// assert_eq!(Scheme::Mailto.default_port(), None);
    /// ```
    pub fn default_port(self) -> Option<u16> {
        scheme_info(self.name()).and_then(|info| info.default_port)
    }

    /// The grammar's file, as the repository holds it: `schemes/urn.pest`.
    /// It is read after `uri.pest`, whose rules it calls.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::Wss.grammar_file(), "schemes/ws.pest");
    /// ```
    pub const fn grammar_file(self) -> &'static str {
        self.facts().2
    }

    /// The text of [`grammar_file`](Self::grammar_file), as compiled into
    /// the library: with `uri.pest`'s text
    /// ([`grammar::GRAMMAR`](crate::grammar::GRAMMAR)) before it, a
    /// grammar pest_meta (and `peguri grammar coverage`) can load.
    ///
    /// ```
    /// let text = peguri::scheme::Scheme::Urn.grammar();
    /// assert!(text.contains("NID           = (alphanum) 0*30(ldh) (alphanum)"));
    /// ```
    pub const fn grammar(self) -> &'static str {
        self.facts().3
    }

    /// The grammar's rule that a whole reference of the scheme is matched
    /// against: `urn_entry`.
    ///
    /// ```
    /// assert_eq!(peguri::scheme::Scheme::Https.entry_rule(), "https_entry");
    /// ```
    pub const fn entry_rule(self) -> &'static str {
        self.facts().4
    }

    /// The document and section that define the syntax, as a listing
    /// shows it: `RFC 6068 section 2`.
    const fn document(self) -> &'static str {
        self.facts().1
    }

    /// Name, document and section, grammar file, grammar text, entry rule.
    const fn facts(
        self,
    ) -> (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ) {
        const HTTP: &str = include_str!("../../../schemes/http.pest");
        const WS: &str = include_str!("../../../schemes/ws.pest");
        const TEL: &str = include_str!("../../../schemes/tel.pest");
        const SIP: &str = include_str!("../../../schemes/sip.pest");
        const CID: &str = include_str!("../../../schemes/cid.pest");
        const NI: &str = include_str!("../../../schemes/ni.pest");
        const COAP: &str = include_str!("../../../schemes/coap.pest");
        const RTSP: &str = include_str!("../../../schemes/rtsp.pest");
        const NEWS: &str = include_str!("../../../schemes/news.pest");
        match self {
            Scheme::Http => (
                "http",
                "RFC 9110 section 4.2.1",
                "schemes/http.pest",
                HTTP,
                "http_entry",
            ),
            Scheme::Https => (
                "https",
                "RFC 9110 section 4.2.2",
                "schemes/http.pest",
                HTTP,
                "https_entry",
            ),
            Scheme::Ws => (
                "ws",
                "RFC 6455 section 3",
                "schemes/ws.pest",
                WS,
                "ws_entry",
            ),
            Scheme::Wss => (
                "wss",
                "RFC 6455 section 3",
                "schemes/ws.pest",
                WS,
                "wss_entry",
            ),
            Scheme::File => (
                "file",
                "RFC 8089 section 2",
                "schemes/file.pest",
                include_str!("../../../schemes/file.pest"),
                "file_entry",
            ),
            Scheme::Mailto => (
                "mailto",
                "RFC 6068 section 2",
                "schemes/mailto.pest",
                include_str!("../../../schemes/mailto.pest"),
                "mailto_entry",
            ),
            Scheme::Urn => (
                "urn",
                "RFC 8141 section 2",
                "schemes/urn.pest",
                include_str!("../../../schemes/urn.pest"),
                "urn_entry",
            ),
            Scheme::Data => (
                "data",
                "RFC 2397 section 3",
                "schemes/data.pest",
                include_str!("../../../schemes/data.pest"),
                "data_entry",
            ),
            Scheme::Tel => (
                "tel",
                "RFC 3966 section 3",
                "schemes/tel.pest",
                TEL,
                "tel_entry",
            ),
            Scheme::Geo => (
                "geo",
                "RFC 5870 section 3.3",
                "schemes/geo.pest",
                include_str!("../../../schemes/geo.pest"),
                "geo_entry",
            ),
            Scheme::Sip => (
                "sip",
                "RFC 3261 section 25.1",
                "schemes/sip.pest",
                SIP,
                "sip_entry",
            ),
            Scheme::Sips => (
                "sips",
                "RFC 3261 section 25.1",
                "schemes/sip.pest",
                SIP,
                "sips_entry",
            ),
            Scheme::Tag => (
                "tag",
                "RFC 4151 section 2.1",
                "schemes/tag.pest",
                include_str!("../../../schemes/tag.pest"),
                "tag_entry",
            ),
            Scheme::Acct => (
                "acct",
                "RFC 7565 section 7",
                "schemes/acct.pest",
                include_str!("../../../schemes/acct.pest"),
                "acct_entry",
            ),
            Scheme::Xmpp => (
                "xmpp",
                "RFC 5122 section 2.2",
                "schemes/xmpp.pest",
                include_str!("../../../schemes/xmpp.pest"),
                "xmpp_entry",
            ),
            Scheme::Sms => (
                "sms",
                "RFC 5724 section 2.2",
                "schemes/tel.pest",
                TEL,
                "sms_entry",
            ),
            Scheme::About => (
                "about",
                "RFC 6694 section 2",
                "schemes/about.pest",
                include_str!("../../../schemes/about.pest"),
                "about_entry",
            ),
            Scheme::Cid => (
                "cid",
                "RFC 2392 section 2",
                "schemes/cid.pest",
                CID,
                "cid_entry",
            ),
            Scheme::Mid => (
                "mid",
                "RFC 2392 section 2",
                "schemes/cid.pest",
                CID,
                "mid_entry",
            ),
            Scheme::Ftp => (
                "ftp",
                "RFC 1738 section 3.2",
                "schemes/ftp.pest",
                include_str!("../../../schemes/ftp.pest"),
                "ftp_entry",
            ),
            Scheme::Ldap => (
                "ldap",
                "RFC 4516 section 2",
                "schemes/ldap.pest",
                include_str!("../../../schemes/ldap.pest"),
                "ldap_entry",
            ),
            Scheme::Ni => (
                "ni",
                "RFC 6920 section 3",
                "schemes/ni.pest",
                NI,
                "ni_entry",
            ),
            Scheme::Nih => (
                "nih",
                "RFC 6920 section 7",
                "schemes/ni.pest",
                NI,
                "nih_entry",
            ),
            Scheme::Coap => (
                "coap",
                "RFC 7252 section 6.1",
                "schemes/coap.pest",
                COAP,
                "coap_entry",
            ),
            Scheme::Coaps => (
                "coaps",
                "RFC 7252 section 6.2",
                "schemes/coap.pest",
                COAP,
                "coaps_entry",
            ),
            Scheme::CoapTcp => (
                "coap+tcp",
                "RFC 8323 section 8.1",
                "schemes/coap.pest",
                COAP,
                "coap_tcp_entry",
            ),
            Scheme::CoapsTcp => (
                "coaps+tcp",
                "RFC 8323 section 8.2",
                "schemes/coap.pest",
                COAP,
                "coaps_tcp_entry",
            ),
            Scheme::CoapWs => (
                "coap+ws",
                "RFC 8323 section 8.3",
                "schemes/coap.pest",
                COAP,
                "coap_ws_entry",
            ),
            Scheme::CoapsWs => (
                "coaps+ws",
                "RFC 8323 section 8.4",
                "schemes/coap.pest",
                COAP,
                "coaps_ws_entry",
            ),
            Scheme::Rtsp => (
                "rtsp",
                "RFC 7826 section 4.2",
                "schemes/rtsp.pest",
                RTSP,
                "rtsp_entry",
            ),
            Scheme::Rtsps => (
                "rtsps",
                "RFC 7826 section 4.2",
                "schemes/rtsp.pest",
                RTSP,
                "rtsps_entry",
            ),
            Scheme::News => (
                "news",
                "RFC 5538 section 2.1",
                "schemes/news.pest",
                NEWS,
                "news_entry",
            ),
            Scheme::Nntp => (
                "nntp",
                "RFC 5538 section 2.2",
                "schemes/news.pest",
                NEWS,
                "nntp_entry",
            ),
        }
    }

    /// The RFC and section of the syntax, for errors.
    const fn cited(self) -> Cited {
        match self {
            Scheme::Http => &("RFC 9110", "4.2.1"),
            Scheme::Https => &("RFC 9110", "4.2.2"),
            Scheme::Ws | Scheme::Wss => &("RFC 6455", "3"),
            Scheme::File => &("RFC 8089", "2"),
            Scheme::Mailto => &("RFC 6068", "2"),
            Scheme::Urn => &("RFC 8141", "2"),
            Scheme::Data => &("RFC 2397", "3"),
            Scheme::Tel => &("RFC 3966", "3"),
            Scheme::Geo => &("RFC 5870", "3.3"),
            Scheme::Sip | Scheme::Sips => &("RFC 3261", "25.1"),
            Scheme::Tag => &("RFC 4151", "2.1"),
            Scheme::Acct => &("RFC 7565", "7"),
            Scheme::Xmpp => &("RFC 5122", "2.2"),
            Scheme::Sms => &("RFC 5724", "2.2"),
            Scheme::About => &("RFC 6694", "2"),
            Scheme::Cid | Scheme::Mid => &("RFC 2392", "2"),
            Scheme::Ftp => &("RFC 1738", "3.2"),
            Scheme::Ldap => &("RFC 4516", "2"),
            Scheme::Ni => &("RFC 6920", "3"),
            Scheme::Nih => &("RFC 6920", "7"),
            Scheme::Coap => &("RFC 7252", "6.1"),
            Scheme::Coaps => &("RFC 7252", "6.2"),
            Scheme::CoapTcp => &("RFC 8323", "8.1"),
            Scheme::CoapsTcp => &("RFC 8323", "8.2"),
            Scheme::CoapWs => &("RFC 8323", "8.3"),
            Scheme::CoapsWs => &("RFC 8323", "8.4"),
            Scheme::Rtsp | Scheme::Rtsps => &("RFC 7826", "4.2"),
            Scheme::News => &("RFC 5538", "2.1"),
            Scheme::Nntp => &("RFC 5538", "2.2"),
        }
    }
}

/// What a reference's scheme-specific syntax holds: a typed view for the
/// schemes that have one, the scheme alone for the others.
///
/// ```
/// use peguri::scheme::{self, Parts, Scheme};
///
/// let uri = peguri::UriRef::parse("tel:+1-201-555-0123")?;
/// let parts = scheme::parts(&uri).unwrap().unwrap();
/// assert_eq!(parts.scheme(), Scheme::Tel);
/// let Parts::Tel(tel) = parts else { panic!() };
/// assert_eq!(tel.number(), "+1-201-555-0123");
/// # Ok::<_, peguri::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Parts<'a> {
    /// An http URI.
    Http,
    /// An https URI.
    Https,
    /// A ws URI.
    Ws,
    /// A wss URI.
    Wss,
    /// A file URI.
    File,
    /// A mailto URI's recipients and header fields.
    Mailto(Mailto),
    /// A URN's parts.
    Urn(Urn<'a>),
    /// A data URL's media type and decoded data.
    Data(DataUrl<'a>),
    /// A tel URI's number and parameters.
    Tel(Tel<'a>),
    /// A geo URI's coordinates.
    Geo(Geo<'a>),
    /// A sip URI's user, host, parameters and headers.
    Sip(Sip<'a>),
    /// A sips URI's user, host, parameters and headers.
    Sips(Sip<'a>),
    /// A tag's authority name, date and specific part.
    Tag(Tag<'a>),
    /// An acct URI's user part and host.
    Acct(Acct<'a>),
    /// An XMPP URI's address, account and query.
    Xmpp(Xmpp<'a>),
    /// An sms URI's recipients and body.
    Sms(Sms<'a>),
    /// An about URI's token.
    About(About<'a>),
    /// A cid URL's Content-ID.
    Cid(MessageUrl),
    /// A mid URL's Message-ID and Content-ID.
    Mid(MessageUrl),
    /// An ftp URL's login, path and transfer type.
    Ftp(Ftp<'a>),
    /// An ldap URL's server, DN, search and extensions.
    Ldap(Ldap<'a>),
    /// An ni URI's algorithm and digest.
    Ni(Ni<'a>),
    /// An nih URI's algorithm, digest and check digit.
    Nih(Ni<'a>),
    /// A coap URI.
    Coap,
    /// A coaps URI.
    Coaps,
    /// A coap+tcp URI.
    CoapTcp,
    /// A coaps+tcp URI.
    CoapsTcp,
    /// A coap+ws URI.
    CoapWs,
    /// A coaps+ws URI.
    CoapsWs,
    /// An rtsp URI.
    Rtsp,
    /// An rtsps URI.
    Rtsps,
    /// A news URI's server, article or newsgroups.
    News(News<'a>),
    /// An nntp URI's server, group and article number.
    Nntp(News<'a>),
}

impl Parts<'_> {
    /// The scheme the parts are of.
    ///
    /// ```
    /// let uri = peguri::UriRef::parse("HTTPS://h/")?;
    /// let parts = peguri::scheme::parts(&uri).unwrap().unwrap();
    /// assert_eq!(parts.scheme(), peguri::scheme::Scheme::Https);
    /// # Ok::<_, peguri::ParseError>(())
    /// ```
    pub fn scheme(&self) -> Scheme {
        match self {
            Parts::Http => Scheme::Http,
            Parts::Https => Scheme::Https,
            Parts::Ws => Scheme::Ws,
            Parts::Wss => Scheme::Wss,
            Parts::File => Scheme::File,
            Parts::Mailto(_) => Scheme::Mailto,
            Parts::Urn(_) => Scheme::Urn,
            Parts::Data(_) => Scheme::Data,
            Parts::Tel(_) => Scheme::Tel,
            Parts::Geo(_) => Scheme::Geo,
            Parts::Sip(_) => Scheme::Sip,
            Parts::Sips(_) => Scheme::Sips,
            Parts::Tag(_) => Scheme::Tag,
            Parts::Acct(_) => Scheme::Acct,
            Parts::Xmpp(_) => Scheme::Xmpp,
            Parts::Sms(_) => Scheme::Sms,
            Parts::About(_) => Scheme::About,
            Parts::Cid(_) => Scheme::Cid,
            Parts::Mid(_) => Scheme::Mid,
            Parts::Ftp(_) => Scheme::Ftp,
            Parts::Ldap(_) => Scheme::Ldap,
            Parts::Ni(_) => Scheme::Ni,
            Parts::Nih(_) => Scheme::Nih,
            Parts::Coap => Scheme::Coap,
            Parts::Coaps => Scheme::Coaps,
            Parts::CoapTcp => Scheme::CoapTcp,
            Parts::CoapsTcp => Scheme::CoapsTcp,
            Parts::CoapWs => Scheme::CoapWs,
            Parts::CoapsWs => Scheme::CoapsWs,
            Parts::Rtsp => Scheme::Rtsp,
            Parts::Rtsps => Scheme::Rtsps,
            Parts::News(_) => Scheme::News,
            Parts::Nntp(_) => Scheme::Nntp,
        }
    }
}

/// The scheme of `reference`, if peguri has a grammar for it.
fn scheme_of<S: Storage, F: Family, K: Kind>(reference: &Reference<S, F, K>) -> Option<Scheme> {
    reference.view().scheme().and_then(Scheme::from_name)
}

/// Checks `reference` against its scheme's own syntax: `None` when it has
/// no scheme or peguri has no grammar for its scheme; otherwise the
/// scheme, or why the reference breaks its syntax. Any member of the
/// family is accepted (`UriRef`, `Uri`, `IriBuf`...).
///
/// ```
/// use peguri::scheme::{self, Scheme};
/// use peguri::{Uri, UriRef};
///
/// assert_eq!(scheme::validate(&Uri::parse("mailto:chris@example.com")?), Some(Ok(Scheme::Mailto)));
/// let err = scheme::validate(&UriRef::parse("http://")?).unwrap().unwrap_err();
/// assert_eq!(err.citation(), "RFC 9110 section 4.2.1");
/// assert_eq!(scheme::validate(&UriRef::parse("gopher://h/")?), None);
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn validate<S: Storage, F: Family, K: Kind>(
    reference: &Reference<S, F, K>,
) -> Option<Result<Scheme, SchemeError>> {
    parts(reference).map(|parts| parts.map(|parts| parts.scheme()))
}

/// Checks `reference` as [`validate`] does, and reads the parts its
/// scheme defines: `None` when it has no scheme or peguri has no grammar
/// for its scheme.
///
/// ```
/// use peguri::scheme::{self, Parts};
///
/// let uri = peguri::UriRef::parse("data:text/plain;charset=utf-8;base64,SGVsbG8=")?;
/// let Some(Ok(Parts::Data(data))) = scheme::parts(&uri) else { panic!() };
/// assert_eq!(data.media_type(), Some("text/plain;charset=utf-8"));
/// assert_eq!(data.data(), b"Hello");
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn parts<S: Storage, F: Family, K: Kind>(
    reference: &Reference<S, F, K>,
) -> Option<Result<Parts<'_>, SchemeError>> {
    let scheme = scheme_of(reference)?;
    let uri = reference.view().as_str();
    Some(match scheme {
        Scheme::Http | Scheme::Https => http::check(scheme, uri).map(|()| {
            if scheme == Scheme::Http {
                Parts::Http
            } else {
                Parts::Https
            }
        }),
        Scheme::Ws | Scheme::Wss => ws::check(scheme, uri).map(|()| {
            if scheme == Scheme::Ws {
                Parts::Ws
            } else {
                Parts::Wss
            }
        }),
        Scheme::File => file::check(uri).map(|()| Parts::File),
        Scheme::Mailto => Mailto::read(uri).map(Parts::Mailto),
        Scheme::Urn => Urn::read(uri).map(Parts::Urn),
        Scheme::Data => DataUrl::read(uri).map(Parts::Data),
        Scheme::Tel => Tel::read(uri).map(Parts::Tel),
        Scheme::Geo => Geo::read(uri).map(Parts::Geo),
        Scheme::Sip => Sip::read(scheme, uri).map(Parts::Sip),
        Scheme::Sips => Sip::read(scheme, uri).map(Parts::Sips),
        Scheme::Tag => Tag::read(uri).map(Parts::Tag),
        Scheme::Acct => Acct::read(uri).map(Parts::Acct),
        Scheme::Xmpp => Xmpp::read(uri).map(Parts::Xmpp),
        Scheme::Sms => Sms::read(uri).map(Parts::Sms),
        Scheme::About => About::read(uri).map(Parts::About),
        Scheme::Cid => MessageUrl::read(scheme, uri).map(Parts::Cid),
        Scheme::Mid => MessageUrl::read(scheme, uri).map(Parts::Mid),
        Scheme::Ftp => Ftp::read(uri).map(Parts::Ftp),
        Scheme::Ldap => Ldap::read(uri).map(Parts::Ldap),
        Scheme::Ni => Ni::read_ni(uri).map(Parts::Ni),
        Scheme::Nih => Ni::read_nih(uri).map(Parts::Nih),
        Scheme::Coap
        | Scheme::Coaps
        | Scheme::CoapTcp
        | Scheme::CoapsTcp
        | Scheme::CoapWs
        | Scheme::CoapsWs => coap::check(scheme, uri).map(|()| match scheme {
            Scheme::Coaps => Parts::Coaps,
            Scheme::CoapTcp => Parts::CoapTcp,
            Scheme::CoapsTcp => Parts::CoapsTcp,
            Scheme::CoapWs => Parts::CoapWs,
            Scheme::CoapsWs => Parts::CoapsWs,
            _ => Parts::Coap,
        }),
        Scheme::Rtsp | Scheme::Rtsps => rtsp::check(scheme, uri).map(|()| {
            if scheme == Scheme::Rtsp {
                Parts::Rtsp
            } else {
                Parts::Rtsps
            }
        }),
        Scheme::News => News::read(scheme, uri).map(Parts::News),
        Scheme::Nntp => News::read(scheme, uri).map(Parts::Nntp),
    })
}

/// Checks `reference` as [`validate`] does, and gives the error as a
/// finding beside those of [`lint`](crate::lint::lint) (what `peguri check
/// --scheme-syntax` adds): `scheme-syntax`, a warning, its section that of
/// the scheme's RFC (the message names the RFC), its span the character
/// the error is at. `None` when the reference is valid under its scheme's
/// syntax, has no scheme, or peguri has no grammar for its scheme.
///
/// ```
/// let uri = peguri::UriRef::parse("geo:91,0")?;
/// let finding = peguri::scheme::finding(&uri).unwrap();
/// assert_eq!(finding.code, "scheme-syntax");
/// assert_eq!((finding.section, finding.span), ("3.4.2", 4..5));
/// assert_eq!(finding.message, "latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2)");
/// assert!(peguri::scheme::finding(&peguri::UriRef::parse("geo:90,0")?).is_none());
/// # Ok::<_, peguri::ParseError>(())
/// ```
pub fn finding<S: Storage, F: Family, K: Kind>(reference: &Reference<S, F, K>) -> Option<Finding> {
    use alloc::string::ToString as _;
    let error = validate(reference)?.err()?;
    let text = reference.view().as_str();
    let start = error.offset();
    let width = text
        .get(start..)
        .and_then(|rest| rest.chars().next())
        .map_or(0, char::len_utf8);
    Some(Finding {
        code: Code::SchemeSyntax,
        severity: Severity::Warning,
        section: error.section(),
        span: start..start + width,
        message: error.message().to_string(),
    })
}

/// A scheme peguri knows, for a listing such as `peguri schemes`: from
/// the table of scheme-based normalization ([`known_schemes`](crate::scheme::known_schemes))
/// and the schemes with a grammar ([`Scheme`]).
///
/// ```
/// let known = peguri::scheme::known();
/// let urn = known.iter().find(|k| k.name == "urn").unwrap();
/// assert_eq!((urn.document, urn.grammar, urn.default_port), ("RFC 8141 section 2", true, None));
/// let ftp = known.iter().find(|k| k.name == "ftp").unwrap();
/// assert_eq!((ftp.grammar, ftp.default_port), (true, Some(21)));
/// let gopher = known.iter().find(|k| k.name == "gopher").unwrap();
/// assert_eq!((gopher.grammar, gopher.default_port), (false, Some(70)));
/// assert!(known.windows(2).all(|w| w[0].name < w[1].name));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct KnownScheme {
    /// The name, lowercase.
    pub name: &'static str,
    /// The document that defines it: the grammar's RFC and section for a
    /// scheme with a grammar, otherwise the document
    /// [`SchemeInfo::spec`](crate::scheme::SchemeInfo::spec) cites.
    pub document: &'static str,
    /// Whether peguri has a grammar for it ([`Scheme`]).
    pub grammar: bool,
    /// The port an authority means when it names none.
    pub default_port: Option<u16>,
}

/// Every scheme peguri knows, sorted by name (see [`KnownScheme`]).
///
/// ```
/// let known = peguri::scheme::known();
/// let with_grammar = known.iter().filter(|k| k.grammar).count();
/// assert_eq!(with_grammar, peguri::scheme::Scheme::ALL.len());
/// assert!(known.iter().any(|k| k.name == "gopher" && !k.grammar));
/// ```
pub fn known() -> Vec<KnownScheme> {
    let mut out: Vec<KnownScheme> = known_schemes()
        .iter()
        .map(|info: &SchemeInfo| KnownScheme {
            name: info.name,
            document: info.spec,
            grammar: false,
            default_port: info.default_port,
        })
        .collect();
    for scheme in Scheme::ALL {
        let entry = KnownScheme {
            name: scheme.name(),
            document: scheme.document(),
            grammar: true,
            default_port: scheme.default_port(),
        };
        match out.iter_mut().find(|k| k.name == entry.name) {
            Some(known) => *known = entry,
            None => out.push(entry),
        }
    }
    out.sort_by_key(|k| k.name);
    out
}

#[cfg(test)]
mod tests {
    use super::Scheme;

    #[test]
    fn the_listing_names_the_section_errors_cite() {
        for scheme in Scheme::ALL {
            assert_eq!(scheme.citation(), scheme.document(), "{scheme:?}");
        }
    }

    #[test]
    fn an_error_is_small() {
        assert!(core::mem::size_of::<super::SchemeError>() <= 104);
    }
}
