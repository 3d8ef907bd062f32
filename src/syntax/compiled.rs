//! The code `build.rs` generates from the grammars with `peguri-codegen`
//! (`codegen/`), and the tables it writes of the URI grammar's typed
//! entries and component rules. The generated code is grammar-specific
//! only; the runtime it shares, and imports from, is `super::runtime`.

/// A module holding the code generated into `$OUT_DIR/$file`.
///
/// The code compiles without warnings but for two kinds of lint, which
/// generated code conventionally gets allowed: `non_snake_case`, because
/// its functions carry the names of the grammar's rules (`match_URI`,
/// `fail_IPv6address_entry`), and clippy's, whose style advice is for
/// code a person writes.
macro_rules! compiled {
    ($(#[$doc:meta])* $name:ident, $file:literal) => {
        $(#[$doc])*
        #[allow(non_snake_case, clippy::all)]
        pub(crate) mod $name {
            include!(concat!(env!("OUT_DIR"), "/", $file));
        }
    };
}

compiled!(
    /// `uri.pest`, `iri.pest` and `rfc6874.pest`, compiled as one grammar.
    uri,
    "uri_grammar.rs"
);

compiled!(
    /// `split.pest`, RFC 3986 Appendix B.
    split,
    "split_grammar.rs"
);

#[cfg(feature = "template")]
compiled!(
    /// `rfc6570.pest`, URI Templates.
    template,
    "template_grammar.rs"
);

/// The scheme grammars (feature `schemes`): each file of `schemes/`
/// compiled with `uri.pest`, with the citations of its rules.
#[cfg(feature = "schemes")]
pub(crate) mod scheme {
    compiled!(
        /// `schemes/http.pest`: http and https, RFC 9110 section 4.2.
        http,
        "scheme_http.rs"
    );
    compiled!(
        /// `schemes/ws.pest`: ws and wss, RFC 6455 section 3.
        ws,
        "scheme_ws.rs"
    );
    compiled!(
        /// `schemes/file.pest`: file, RFC 8089 section 2.
        file,
        "scheme_file.rs"
    );
    compiled!(
        /// `schemes/mailto.pest`: mailto, RFC 6068 section 2.
        mailto,
        "scheme_mailto.rs"
    );
    compiled!(
        /// `schemes/urn.pest`: urn, RFC 8141 section 2.
        urn,
        "scheme_urn.rs"
    );
    compiled!(
        /// `schemes/data.pest`: data, RFC 2397 section 3.
        data,
        "scheme_data.rs"
    );
    compiled!(
        /// `schemes/tel.pest`: tel, RFC 3966 section 3, and sms, RFC 5724
        /// section 2.2.
        tel,
        "scheme_tel.rs"
    );
    compiled!(
        /// `schemes/geo.pest`: geo, RFC 5870 section 3.
        geo,
        "scheme_geo.rs"
    );
    compiled!(
        /// `schemes/ftp.pest`: ftp, RFC 1738 section 3.2.
        ftp,
        "scheme_ftp.rs"
    );
    compiled!(
        /// `schemes/ldap.pest`: ldap, RFC 4516 section 2.
        ldap,
        "scheme_ldap.rs"
    );
    compiled!(
        /// `schemes/ni.pest`: ni and nih, RFC 6920 sections 3 and 7.
        ni,
        "scheme_ni.rs"
    );
    compiled!(
        /// `schemes/coap.pest`: coap and coaps, RFC 7252 section 6, and
        /// coap+tcp, coaps+tcp, coap+ws and coaps+ws, RFC 8323 section 8.
        coap,
        "scheme_coap.rs"
    );
    compiled!(
        /// `schemes/rtsp.pest`: rtsp and rtsps, RFC 7826 section 4.2.
        rtsp,
        "scheme_rtsp.rs"
    );
    compiled!(
        /// `schemes/news.pest`: news and nntp, RFC 5538 section 2.
        news,
        "scheme_news.rs"
    );
    compiled!(
        /// `schemes/sip.pest`: sip and sips, RFC 3261 section 25.1.
        sip,
        "scheme_sip.rs"
    );
    compiled!(
        /// `schemes/tag.pest`: tag, RFC 4151 section 2.1.
        tag,
        "scheme_tag.rs"
    );
    compiled!(
        /// `schemes/acct.pest`: acct, RFC 7565 section 7.
        acct,
        "scheme_acct.rs"
    );
    compiled!(
        /// `schemes/xmpp.pest`: xmpp, RFC 5122 section 2.2.
        xmpp,
        "scheme_xmpp.rs"
    );
    compiled!(
        /// `schemes/about.pest`: about, RFC 6694 section 2.
        about,
        "scheme_about.rs"
    );
    compiled!(
        /// `schemes/cid.pest`: cid and mid, RFC 2392 section 2.
        cid,
        "scheme_cid.rs"
    );
}

/// The typed entries' recognizers and error passes by
/// [`Syntax`](super::entry::Syntax), and the component rules' error passes
/// by name, as `build.rs` writes them from its tables.
pub(crate) mod dispatch {
    include!(concat!(env!("OUT_DIR"), "/uri_dispatch.rs"));
}

/// A set of the URI grammar's rules.
pub(crate) type Rules = crate::syntax::runtime::RuleSet<{ uri::RULE_WORDS }>;
/// A failed parse of the URI grammar, as pest reports it.
pub(crate) type Fail = crate::syntax::runtime::Failure<{ uri::RULE_WORDS }>;
