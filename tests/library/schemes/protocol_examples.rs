//! The RFCs' own examples of ftp, ldap, ni and nih, the CoAP schemes,
//! rtsp, and news and nntp, read as the RFCs say: RFC 1738 sections 3.1 and
//! 3.2.2, RFC 4516 section 4 (with the DNs of RFC 4514 section 4 and the
//! filters of RFC 4515 section 4), RFC 6920 sections 3.1, 8.1 and 8.2,
//! RFC 7252 section 6.3 and Appendix B, RFC 8323 sections 8.3 and 8.4,
//! RFC 7826 section 4.2, RFC 5538 sections 2.1 and 2.2.

use peguri::scheme::{self, Ftp, Ldap, News, Ni, Parts, Scheme};
use peguri::{Normalizer, UriRef, pct};

#[track_caller]
fn uri(text: &str) -> UriRef<'_> {
    UriRef::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `text`'s scheme's syntax accepts it, as `scheme`.
#[track_caller]
fn accepted(text: &str, scheme: Scheme) {
    match scheme::validate(&uri(text)) {
        Some(Ok(s)) => assert_eq!(s, scheme, "{text}"),
        Some(Err(e)) => panic!("{text} is refused:\n{e}"),
        None => panic!("{text} has no grammar"),
    }
}

#[test]
fn rfc1738_3_1_user_names_and_passwords() {
    // "<URL:ftp://@host.com/> has an empty user name and no password,
    // <URL:ftp://host.com/> has no user name, while
    // <URL:ftp://foo:@host.com/> has a user name of "foo" and an empty
    // password."
    let cases = [
        ("ftp://@host.com/", Some(""), None),
        ("ftp://host.com/", None, None),
        ("ftp://foo:@host.com/", Some("foo"), Some("")),
    ];
    for (text, user, password) in cases {
        let parsed = uri(text);
        let ftp = Ftp::parse(&parsed).unwrap();
        assert_eq!((ftp.user(), ftp.password()), (user, password), "{text}");
        assert_eq!(
            (ftp.host(), ftp.port_or_default()),
            ("host.com", 21),
            "{text}"
        );
    }
}

#[test]
fn rfc1738_3_2_2_paths_are_cwd_then_name() {
    // "<URL:ftp://myname@host.dom/%2Fetc/motd> is interpreted by FTP-ing to
    // "host.dom", logging in as "myname" ..., and then executing "CWD /etc"
    // and then "RETR motd". This has a different meaning from
    // <URL:ftp://myname@host.dom/etc/motd> which would "CWD etc" and then
    // "RETR motd" ... <URL:ftp://myname@host.dom//etc/motd>, would "CWD "
    // with a null argument, then "CWD etc", and then "RETR motd"."
    let cases: [(&str, &[&str]); 3] = [
        ("ftp://myname@host.dom/%2Fetc/motd", &["/etc", "motd"]),
        ("ftp://myname@host.dom/etc/motd", &["etc", "motd"]),
        ("ftp://myname@host.dom//etc/motd", &["", "etc", "motd"]),
    ];
    for (text, commands) in cases {
        let parsed = uri(text);
        let ftp = Ftp::parse(&parsed).unwrap();
        assert_eq!((ftp.user(), ftp.host()), (Some("myname"), "host.dom"));
        let decoded: Vec<String> = ftp
            .path_segments()
            .map(|s| String::from_utf8(pct::decode(s).into_owned()).unwrap())
            .collect();
        assert_eq!(decoded, commands, "{text}");
        assert_eq!(ftp.transfer_type(), None);
    }
}

/// RFC 1738 section 3.2.3: the URL may end in `;type=` and a type code,
/// `a` (ASCII) or `i` (image) for the transfer, `d` for a directory
/// listing; without it the client guesses. The BNF lists each code in both
/// cases; the view gives it lowercase.
#[test]
fn rfc1738_3_2_3_the_type_code() {
    for (text, code, segments) in [
        (
            "ftp://host.dom/pub/file.txt;type=a",
            Some('a'),
            &["pub", "file.txt"][..],
        ),
        (
            "ftp://host.dom/pub/file.bin;type=I",
            Some('i'),
            &["pub", "file.bin"],
        ),
        ("ftp://host.dom/pub/;type=d", Some('d'), &["pub", ""]),
        ("ftp://host.dom/pub/file.txt", None, &["pub", "file.txt"]),
        ("ftp://host.dom", None, &[]),
    ] {
        let parsed = uri(text);
        let ftp = Ftp::parse(&parsed).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(ftp.transfer_type(), code, "{text}");
        assert_eq!(ftp.path_segments().collect::<Vec<_>>(), segments, "{text}");
    }
    // A type code is one of the three. (After the host, `;type=a` is
    // part of RFC 3986's host, whose registered names take `;` and `=`.)
    for text in ["ftp://host.dom/f;type=x", "ftp://host.dom/f;type="] {
        assert!(
            matches!(scheme::validate(&uri(text)), Some(Err(_))),
            "{text}"
        );
    }
}

/// Host, port, DN, attributes, scope, filter, extensions (critical, type,
/// value) of an ldap URL.
type LdapParts<'a> = (
    Option<&'a str>,
    Option<u16>,
    &'a str,
    Vec<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Vec<(bool, &'a str, Option<&'a str>)>,
);

fn ldap_parts<'a>(ldap: &'a Ldap<'_>) -> LdapParts<'a> {
    (
        ldap.host(),
        ldap.port(),
        ldap.dn(),
        ldap.attributes().collect(),
        ldap.scope(),
        ldap.filter(),
        ldap.extensions()
            .map(|e| (e.is_critical(), e.extension_type(), e.value()))
            .collect(),
    )
}

#[test]
fn rfc4516_4_ldap_urls() {
    let michigan = "o=University of Michigan,c=US";
    let cases: Vec<(&str, LdapParts<'_>)> = vec![
        (
            "ldap:///o=University%20of%20Michigan,c=US",
            (None, None, michigan, vec![], None, None, vec![]),
        ),
        (
            "ldap://ldap1.example.net/o=University%20of%20Michigan,c=US",
            (
                Some("ldap1.example.net"),
                None,
                michigan,
                vec![],
                None,
                None,
                vec![],
            ),
        ),
        // Broken into two lines in the RFC "for readability".
        (
            "ldap://ldap1.example.net/o=University%20of%20Michigan,c=US?postalAddress",
            (
                Some("ldap1.example.net"),
                None,
                michigan,
                vec!["postalAddress"],
                None,
                None,
                vec![],
            ),
        ),
        (
            "ldap://ldap1.example.net:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
            (
                Some("ldap1.example.net"),
                Some(6666),
                michigan,
                vec![],
                Some("sub"),
                Some("(cn=Babs Jensen)"),
                vec![],
            ),
        ),
        (
            "LDAP://ldap1.example.com/c=GB?objectClass?ONE",
            (
                Some("ldap1.example.com"),
                None,
                "c=GB",
                vec!["objectClass"],
                Some("ONE"),
                None,
                vec![],
            ),
        ),
        (
            "ldap://ldap2.example.com/o=Question%3f,c=US?mail",
            (
                Some("ldap2.example.com"),
                None,
                "o=Question?,c=US",
                vec!["mail"],
                None,
                None,
                vec![],
            ),
        ),
        (
            "ldap://ldap3.example.com/o=Babsco,c=US???(four-octet=%5c00%5c00%5c00%5c04)",
            (
                Some("ldap3.example.com"),
                None,
                "o=Babsco,c=US",
                vec![],
                None,
                Some(r"(four-octet=\00\00\00\04)"),
                vec![],
            ),
        ),
        (
            "ldap://ldap.example.com/o=An%20Example%5C2C%20Inc.,c=US",
            (
                Some("ldap.example.com"),
                None,
                r"o=An Example\2C Inc.,c=US",
                vec![],
                None,
                None,
                vec![],
            ),
        ),
        // "The following three URLs are equivalent".
        (
            "ldap://ldap.example.net",
            (
                Some("ldap.example.net"),
                None,
                "",
                vec![],
                None,
                None,
                vec![],
            ),
        ),
        (
            "ldap://ldap.example.net/",
            (
                Some("ldap.example.net"),
                None,
                "",
                vec![],
                None,
                None,
                vec![],
            ),
        ),
        (
            "ldap://ldap.example.net/?",
            (
                Some("ldap.example.net"),
                None,
                "",
                vec![],
                None,
                None,
                vec![],
            ),
        ),
        (
            "ldap:///??sub??e-bindname=cn=Manager%2cdc=example%2cdc=com",
            (
                None,
                None,
                "",
                vec![],
                Some("sub"),
                None,
                vec![(false, "e-bindname", Some("cn=Manager,dc=example,dc=com"))],
            ),
        ),
        (
            "ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com",
            (
                None,
                None,
                "",
                vec![],
                Some("sub"),
                None,
                vec![(true, "e-bindname", Some("cn=Manager,dc=example,dc=com"))],
            ),
        ),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let ldap = Ldap::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        assert_eq!(ldap_parts(&ldap), want, "{text}");
    }
}

#[test]
fn rfc4514_4_distinguished_names_in_ldap_urls() {
    // Each DN of section 4, percent-encoded as RFC 4516 section 2.1 asks
    // (`pct::encode` with a path segment's set leaves `,`, `=` and `+` as they
    // are and encodes the space, `"`, `\` and non-ASCII).
    let names = [
        "UID=jsmith,DC=example,DC=net",
        "OU=Sales+CN=J.  Smith,DC=example,DC=net",
        r#"CN=James \"Jim\" Smith\, III,DC=example,DC=net"#,
        r"CN=Before\0dAfter,DC=example,DC=net",
        "1.3.6.1.4.1.1466.0=#04024869",
        "CN=Lu\\C4\\8Di\\C4\\87",
    ];
    for name in names {
        let encoded = pct::encode(name, pct::EncodeSet::PathSegment);
        let text = format!("ldap:///{encoded}");
        let parsed = uri(&text);
        let ldap = Ldap::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        assert_eq!(ldap.dn(), name, "{text}");
    }
}

#[test]
fn rfc4515_4_filters_in_ldap_urls() {
    let filters = [
        "(cn=Babs Jensen)",
        "(!(cn=Tim Howes))",
        "(&(objectClass=Person)(|(sn=Jensen)(cn=Babs J*)))",
        "(o=univ*of*mich*)",
        "(seeAlso=)",
        "(cn:caseExactMatch:=Fred Flintstone)",
        "(cn:=Betty Rubble)",
        "(sn:dn:2.4.6.8.10:=Barney Rubble)",
        "(o:dn:=Ace Industry)",
        "(:1.2.3:=Wilma Flintstone)",
        "(:DN:2.4.6.8.10:=Dino)",
        r"(o=Parens R Us \28for all your parenthetical needs\29)",
        r"(cn=*\2A*)",
        r"(filename=C:\5cMyFile)",
        r"(bin=\00\00\00\04)",
        r"(sn=Lu\c4\8di\c4\87)",
        r"(1.3.6.1.4.1.1466.0=\04\02\48\69)",
    ];
    for filter in filters {
        // The query's characters stay; `?` would end the filter.
        let encoded = pct::encode(filter, pct::EncodeSet::Query).replace('?', "%3F");
        let text = format!("ldap://ldap.example.com/???{encoded}");
        let parsed = uri(&text);
        let ldap = Ldap::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        assert_eq!(ldap.filter(), Some(filter), "{text}");
    }
}

/// SHA-256 of "Hello World!", the object of RFC 6920 section 8.1.
const HELLO_WORLD_SHA256: &str = "7f83b1657ff1fc53b92dc18148a1d65dfc2d4b1fa3d677284addd200126d9069";

/// SHA-256 of the public key of RFC 6920 section 8.2.
const PUBLIC_KEY_SHA256: &str = "53269057e12fe2b74ba07c892560a2d753877eb62ff44d5a19002530ed97ffe4";

fn hex(octets: &[u8]) -> String {
    octets.iter().map(|o| format!("{o:02x}")).collect()
}

#[test]
fn rfc6920_3_1_content_type_query_parameter() {
    let parsed = uri("ni:///sha-256-32;f4OxZQ?ct=text/plain");
    let ni = Ni::parse(&parsed).unwrap();
    assert_eq!(
        (ni.algorithm(), ni.query()),
        ("sha-256-32", Some("ct=text/plain"))
    );
    // The first 32 bits of the digest of section 8.1.
    assert_eq!(hex(ni.digest()), HELLO_WORLD_SHA256[..8]);
}

#[test]
fn rfc6920_8_1_hello_world() {
    for (text, authority) in [
        (
            "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
            None,
        ),
        (
            "ni://example.com/sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
            Some("example.com"),
        ),
    ] {
        let parsed = uri(text);
        let ni = Ni::parse(&parsed).unwrap();
        assert_eq!((ni.authority(), ni.algorithm()), (authority, "sha-256"));
        assert_eq!(hex(ni.digest()), HELLO_WORLD_SHA256, "{text}");
    }
    // The .well-known URL is an http URI.
    accepted(
        "http://example.com/.well-known/ni/sha-256/f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
        Scheme::Http,
    );
}

#[test]
fn rfc6920_8_2_public_key_in_each_format() {
    let parsed = uri("ni:///sha-256;UyaQV-Ev4rdLoHyJJWCi11OHfrYv9E1aGQAlMO2X_-Q");
    let ni = Ni::parse(&parsed).unwrap();
    assert_eq!(hex(ni.digest()), PUBLIC_KEY_SHA256);
    // The human-speakable forms: truncated to 120 and 32 bits, with check
    // digits, and with the Suite ID of sha-256-120.
    let cases = [
        (
            "nih:sha-256-120;5326-9057-e12f-e2b7-4ba0-7c89-2560-a2;f",
            "sha-256-120",
            30,
            'f',
        ),
        ("nih:sha-256-32;53269057;b", "sha-256-32", 8, 'b'),
        ("nih:3;532690-57e12f-e2b74b-a07c89-2560a2;f", "3", 30, 'f'),
    ];
    for (text, algorithm, digits, check) in cases {
        let parsed = uri(text);
        let Some(Ok(Parts::Nih(nih))) = scheme::parts(&parsed) else {
            panic!("{text} is no valid nih URI")
        };
        assert_eq!(nih.algorithm(), algorithm, "{text}");
        assert_eq!(hex(nih.digest()), PUBLIC_KEY_SHA256[..digits], "{text}");
        assert_eq!(nih.check_digit(), Some(check), "{text}");
        assert!(nih.same_object(&nih), "{text}");
    }
}

#[test]
fn rfc7252_6_3_equivalent_uris() {
    // "the following three URIs are equivalent and cause the same options
    // and option values to appear in the CoAP messages".
    let forms = [
        "coap://example.com:5683/~sensors/temp.xml",
        "coap://EXAMPLE.com/%7Esensors/temp.xml",
        "coap://EXAMPLE.com:/%7esensors/temp.xml",
    ];
    let normalizer = Normalizer::new();
    let first = normalizer.normalize(&uri(forms[0]));
    for text in forms {
        accepted(text, Scheme::Coap);
        assert_eq!(normalizer.normalize(&uri(text)), first, "{text}");
    }
    assert_eq!(Scheme::Coap.default_port(), Some(5683));
    assert_eq!(Scheme::Coaps.default_port(), Some(5684));
}

#[test]
fn rfc7252_appendix_b_uri_examples() {
    for text in [
        "coap://[2001:db8::2:1]/",
        "coap://example.net/",
        "coap://example.net/.well-known/core",
        // Broken into two lines in the RFC "for readability".
        "coap://xn--18j4d.example/%E3%81%93%E3%82%93%E3%81%AB%E3%81%A1%E3%81%AF",
        "coap://198.51.100.1:61616//%2F//?%2F%2F&?%26",
    ] {
        accepted(text, Scheme::Coap);
    }
}

#[test]
fn rfc8323_8_3_coap_over_websockets() {
    accepted(
        "coap+ws://example.org/sensors/temperature?u=Cel",
        Scheme::CoapWs,
    );
    // The WebSocket endpoint the authority makes.
    accepted("ws://example.org/.well-known/coap", Scheme::Ws);
    assert_eq!(Scheme::CoapWs.default_port(), Some(80));
}

#[test]
fn rfc8323_8_4_coap_over_secure_websockets() {
    accepted(
        "coaps+ws://example.org/sensors/temperature?u=Cel",
        Scheme::CoapsWs,
    );
    accepted("wss://example.org/.well-known/coap", Scheme::Wss);
    assert_eq!(Scheme::CoapsWs.default_port(), Some(443));
    assert_eq!(Scheme::CoapTcp.default_port(), Some(5683));
    assert_eq!(Scheme::CoapsTcp.default_port(), Some(5684));
}

#[test]
fn rfc7826_4_2_rtsp_uris() {
    for text in [
        "rtsp://media.example.com:554/twister/audiotrack",
        "rtsp://media.example.com:554/twister",
    ] {
        accepted(text, Scheme::Rtsp);
    }
    assert_eq!(Scheme::Rtsp.default_port(), Some(554));
    assert_eq!(Scheme::Rtsps.default_port(), Some(322));
}

/// Server, message identifier, newsgroups, group, article number.
type NewsParts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<u32>,
);

fn news_parts<'a>(news: &'a News<'_>) -> NewsParts<'a> {
    (
        news.server(),
        news.message_id(),
        news.newsgroups(),
        news.group(),
        news.article_number(),
    )
}

#[test]
fn rfc5538_2_1_news_uris() {
    let cases: [(&str, NewsParts<'_>); 6] = [
        (
            "news://news.server.example/example.group.this",
            (
                Some("news.server.example"),
                None,
                Some("example.group.this"),
                None,
                None,
            ),
        ),
        (
            "news://news.server.example/*",
            (Some("news.server.example"), None, Some("*"), None, None),
        ),
        (
            "news:example.group.*",
            (None, None, Some("example.group.*"), None, None),
        ),
        (
            "news:example.group.this",
            (None, None, Some("example.group.this"), None, None),
        ),
        // The wildcard `?` of a wildmat is percent-encoded: unencoded it
        // would start the query.
        (
            "news://wild.server.example/example.group.th%3Fse",
            (
                Some("wild.server.example"),
                None,
                Some("example.group.th?se"),
                None,
                None,
            ),
        ),
        // The brackets of a domain literal are percent-encoded.
        (
            "news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D",
            (
                None,
                Some("p0624081dc30b8699bf9b@[10.20.30.108]"),
                None,
                None,
                None,
            ),
        ),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let news = News::parse(&parsed).unwrap_or_else(|e| panic!("{text}:\n{e}"));
        assert_eq!(news_parts(&news), want, "{text}");
    }
}

#[test]
fn rfc5538_2_2_nntp_uris() {
    let cases: [(&str, NewsParts<'_>); 2] = [
        (
            "nntp://news.server.example/example.group.this/12345",
            (
                Some("news.server.example"),
                None,
                None,
                Some("example.group.this"),
                Some(12345),
            ),
        ),
        // A `/` in a group name is percent-encoded.
        (
            "nntp://wild.server.example/example.group.n%2Fa/12345",
            (
                Some("wild.server.example"),
                None,
                None,
                Some("example.group.n/a"),
                Some(12345),
            ),
        ),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let Some(Ok(Parts::Nntp(nntp))) = scheme::parts(&parsed) else {
            panic!("{text} is no valid nntp URI")
        };
        assert_eq!(news_parts(&nntp), want, "{text}");
    }
    assert_eq!(Scheme::Nntp.default_port(), Some(119));
}
