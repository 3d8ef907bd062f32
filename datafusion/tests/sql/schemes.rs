//! Each scheme's own syntax through SQL: `uri_scheme_valid`,
//! `uri_scheme_error` and `uri_scheme_parts`, on every scheme with a
//! grammar.

use crate::common::{column, context, register_strings, STRING_TYPES};
use crate::functions::check_unary;
use peguri::scheme::Scheme;

/// Each scheme with a grammar: a valid example and one its grammar refuses
/// (both valid under RFC 3986).
const EXAMPLES: [(&str, &str, &str); 33] = [
    ("about", "about:blank", "about:a/b"),
    ("acct", "acct:foobar@status.example.net", "acct:foobar"),
    ("cid", "cid:foo4*foo1@bar.net", "cid:a..b@c"),
    ("coap", "coap://example.net/.well-known/core", "coap:///x"),
    ("coap+tcp", "coap+tcp://example.net/x", "coap+tcp://u@h/x"),
    ("coap+ws", "coap+ws://example.org/s?u=Cel", "coap+ws://u@h/"),
    ("coaps", "coaps://h:5684/a", "coaps://"),
    ("coaps+tcp", "coaps+tcp://h", "coaps+tcp:///x"),
    ("coaps+ws", "coaps+ws:///x", "coaps+ws:x"),
    ("data", "data:text/plain,x", "data:text/plain"),
    ("file", "file:///etc/fstab", "file:etc/fstab"),
    (
        "ftp",
        "ftp://anne@ftp.example.com/a.txt;type=i",
        "ftp://h/a?b",
    ),
    ("geo", "geo:1,2", "geo:91,0"),
    ("http", "http://example.com/", "http://"),
    ("https", "https://example.com/", "https://"),
    (
        "ldap",
        "ldap://h/o=example?cn?sub?(cn=*)",
        "ldap://h/cn=a,,b",
    ),
    ("mailto", "mailto:joe@example.com", "mailto:joe"),
    (
        "mid",
        "mid:960830.1639@XIson.com/partA@XIson.com",
        "mid:a@b/c",
    ),
    ("news", "news:comp.lang.c", "news:a@"),
    ("ni", "ni:///sha-256-32;f4OxZQ", "ni:///sha-256;f4OxZ"),
    (
        "nih",
        "nih:sha-256-32;53269057;b",
        "nih:sha-256-32;53269057;c",
    ),
    (
        "nntp",
        "nntp://h/example.group/1",
        "nntp://h/example.group/0",
    ),
    (
        "rtsp",
        "rtsp://media.example.com:554/twister",
        "rtsp:/twister",
    ),
    ("rtsps", "rtsps://media.example.com/twister", "rtsps:x"),
    (
        "sip",
        "sip:alice@atlanta.com",
        "sip:alice@atlanta.com;ttl=256",
    ),
    ("sips", "sips:alice@atlanta.com:5061", "sips:a@b?subject"),
    ("sms", "sms:+15105550101?body=hi", "sms:7042"),
    (
        "tag",
        "tag:yaml.org,2002:int",
        "tag:example.com,2001-02-29:x",
    ),
    ("tel", "tel:+1-201-555-0123", "tel:7042"),
    ("urn", "urn:example:a", "urn:a:b"),
    ("ws", "ws://h/chat", "ws://h/chat#x"),
    ("wss", "wss://h/", "wss://u@h/"),
    ("xmpp", "xmpp:node@example.com/res", "xmpp:a@b/c/d"),
];

/// The three functions over a column of every scheme's two examples, in
/// each string type: the valid one true with its parts, the refused one
/// false with an error citing its RFC and no parts.
#[tokio::test]
async fn uri_scheme_functions_read_every_scheme_with_a_grammar() {
    let mut names: Vec<&str> = Scheme::ALL.iter().map(|s| s.name()).collect();
    names.sort_unstable();
    let tested: Vec<&str> = EXAMPLES.iter().map(|e| e.0).collect();
    assert_eq!(names, tested, "a scheme with a grammar and no example");
    let inputs: Vec<Option<&str>> = EXAMPLES
        .iter()
        .flat_map(|e| [Some(e.1), Some(e.2)])
        .collect();
    let ctx = context();
    for string_type in STRING_TYPES {
        register_strings(&ctx, "t", string_type, &[("u", inputs.clone())]);
        let valid = column(&ctx, "SELECT uri_scheme_valid(u) FROM t ORDER BY n").await;
        let errors = column(&ctx, "SELECT uri_scheme_error(u) FROM t ORDER BY n").await;
        let parts = column(
            &ctx,
            "SELECT CAST(uri_scheme_parts(u) IS NOT NULL AS VARCHAR) FROM t ORDER BY n",
        )
        .await;
        for (i, input) in inputs.iter().enumerate() {
            let refused = i % 2 == 1;
            let input = input.unwrap_or_default();
            let want = if refused { "false" } else { "true" };
            assert_eq!(
                valid[i].as_deref(),
                Some(want),
                "{input} over {string_type:?}"
            );
            let error = errors[i].as_deref().unwrap_or_default();
            assert_eq!(error.contains("(RFC "), refused, "{input}: {error}");
            let has_parts = if refused { "false" } else { "true" };
            assert_eq!(
                parts[i].as_deref(),
                Some(has_parts),
                "{input} over {string_type:?}"
            );
        }
    }
}

/// Valid under RFC 3986, each broken or kept under its scheme's own RFC;
/// NULL without a grammar, a scheme, or a URI reference.
#[tokio::test]
async fn uri_scheme_valid() {
    check_unary(
        "uri_scheme_valid",
        &[
            (Some("http://"), Some("false")),
            (Some("mailto:joe"), Some("false")),
            (Some("urn:a:b"), Some("false")),
            (Some("data:text/plain"), Some("false")),
            (Some("tel:7042"), Some("false")),
            (Some("geo:91,0"), Some("false")),
            (Some("ws://h/chat#x"), Some("false")),
            (Some("file:etc/fstab"), Some("false")),
            (Some("HTTP://example.com/"), Some("true")),
            (Some("urn:example:animal:ferret:nose"), Some("true")),
            (Some("ftp://h/"), Some("true")),
            (Some("ldap://h/cn=a,,b"), Some("false")),
            (Some("nih:sha-256-32;53269057;c"), Some("false")),
            (Some("coap:///x"), Some("false")),
            (Some("rtsp://media.example.com:554/twister"), Some("true")),
            (Some("gopher://h/"), None),
            (Some("/relative"), None),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_scheme_error() {
    check_unary(
        "uri_scheme_error",
        &[
            (
                Some("geo:91,0"),
                Some("latitude 91 is outside -90 to 90 (RFC 5870 section 3.4.2) at byte 4 (column 5)"),
            ),
            (
                Some("urn:a:b"),
                Some(
                    "unexpected character ':'; expected a letter, digit or '-' (an NID has 2 to \
                     32 characters) (RFC 8141 section 2) at byte 5 (column 6)",
                ),
            ),
            (Some("urn:example:a"), None),
            (
                Some("nih:sha-256-32;53269057;c"),
                Some(
                    "check digit 'c' does not match the hash value, whose check digit is 'b' \
                     (RFC 6920 section 7) at byte 24 (column 25)",
                ),
            ),
            (
                Some("nntp://h/example.group/0"),
                Some(
                    "article number 0 is outside 1 to 2147483647 (RFC 3977 section 6) at byte \
                     23 (column 24)",
                ),
            ),
            (Some("gopher://h/"), None),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
}

#[tokio::test]
async fn uri_scheme_parts() {
    check_unary(
        "uri_scheme_parts",
        &[
            (
                Some("urn:example:animal:ferret:nose?+r"),
                Some("{nid: example, nss: animal:ferret:nose, r_component: r}"),
            ),
            (
                Some("mailto:joe@example.com?subject=hi%20there"),
                Some(r#"{headers: [["subject","hi there"]], to: ["joe@example.com"]}"#),
            ),
            (
                Some("data:text/plain;base64,SGVsbG8="),
                Some("{base64: true, data_length: 5, media_type: text/plain}"),
            ),
            (
                Some("tel:+1-201-555-0123"),
                Some("{global: true, number: +1-201-555-0123}"),
            ),
            (
                Some("geo:48.2,16.37;u=40"),
                Some("{coordinates: [48.2,16.37], crs: wgs84, uncertainty: 40.0}"),
            ),
            (Some("https://h/"), Some("{}")),
            (
                Some("ftp://ftp.example.com:2121/pub/a.txt;type=i"),
                Some(
                    r#"{host: ftp.example.com, path_segments: ["pub","a.txt"], port: 2121, type: i}"#,
                ),
            ),
            (
                Some("ldap://ldap2.example.com/o=Question%3f,c=US?mail"),
                Some(
                    r#"{attributes: ["mail"], dn: o=Question?,c=US, extensions: [], host: ldap2.example.com}"#,
                ),
            ),
            (
                Some("ni:///sha-256-32;f4OxZQ?ct=text/plain"),
                Some(
                    "{algorithm: sha-256-32, digest: 7f83b165, query: ct=text/plain, value: f4OxZQ}",
                ),
            ),
            (
                Some("nntp://news.server.example/example.group.this/12345"),
                Some("{article_number: 12345, group: example.group.this, server: news.server.example}"),
            ),
            (Some("coap+ws://example.org/sensors/temperature?u=Cel"), Some("{}")),
            (Some("urn:a:b"), None),
            (Some("gopher://h/"), None),
            (Some("http://h/a b"), None),
            (None, None),
        ],
    )
    .await;
    // A part by name, as SQL reads a map.
    let ctx = context();
    assert_eq!(
        column(&ctx, "SELECT uri_scheme_parts('URN:Example:a')['nid']").await,
        vec![Some("Example".to_owned())]
    );
}

/// The grammars of RFC 3261 (sip), RFC 4151 (tag) and RFC 5724 (sms)
/// through the three functions: validity, the error with its RFC, the
/// parts (lists as JSON text).
#[tokio::test]
async fn uri_scheme_functions_on_sip_tag_and_sms() {
    check_unary(
        "uri_scheme_valid",
        &[
            (Some("sip:alice@atlanta.com;transport=tcp"), Some("true")),
            (Some("sip:alice@atlanta.com;ttl=256"), Some("false")),
            (Some("tag:yaml.org,2002:int"), Some("true")),
            (Some("tag:example.com,2001-13:x"), Some("false")),
            (Some("sms:+15105550101?body=a&body=b"), Some("false")),
        ],
    )
    .await;
    check_unary(
        "uri_scheme_error",
        &[
            (
                Some("sip:alice@atlanta.com;ttl=256"),
                Some("ttl 256 is outside 0 to 255 (RFC 3261 section 25.1) at byte 26 (column 27)"),
            ),
            (
                Some("tag:example.com,2001-13:x"),
                Some("month 13 is outside 01 to 12 (RFC 4151 section 2.1) at byte 21 (column 22)"),
            ),
            (Some("sip:alice@atlanta.com"), None),
        ],
    )
    .await;
    check_unary(
        "uri_scheme_parts",
        &[
            (
                Some("sip:alice@atlanta.com;transport=tcp"),
                Some(
                    r#"{headers: [], host: atlanta.com, parameters: [["transport","tcp"]], user: alice}"#,
                ),
            ),
            (
                Some("tag:sandro@w3.org,2004-05:Sandro"),
                Some("{authority_name: sandro@w3.org, date: 2004-05, specific: Sandro}"),
            ),
            (
                Some("sms:+15105550101,+15105550102?body=hello%20there"),
                Some(r#"{body: hello there, recipients: ["+15105550101","+15105550102"]}"#),
            ),
            (Some("sip:alice@atlanta.com;lr=on"), None),
        ],
    )
    .await;
    let ctx = context();
    assert_eq!(
        column(
            &ctx,
            "SELECT uri_scheme_parts('sips:bob@biloxi.com:5061')['port']"
        )
        .await,
        vec![Some("5061".to_owned())]
    );
}
