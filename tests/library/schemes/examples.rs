//! The RFCs' own examples, read as the RFCs say: RFC 6068 section 6
//! (mailto), RFC 8141 sections 2 and 3 (urn), RFC 2397 section 4 (data),
//! RFC 3966 section 6 (tel), RFC 5870 section 6 (geo), RFC 3261 sections
//! 19.1.3, 19.1.4 and 19.1.6 (sip), RFC 4151 section 2.1 (tag), RFC 7565
//! section 4 (acct), RFC 5122 sections 2.3 to 2.5 and 2.7 (xmpp), RFC 5724
//! section 2.5 (sms), RFC 6694 section 3 (about), RFC 2392 sections 2 and
//! 3 (cid, mid).

use peguri::UriRef;
use peguri::scheme::{
    self, About, Acct, DataUrl, Geo, Mailto, MessageUrl, Parts, Scheme, Sip, Sms, Tag, Tel, Urn,
    Xmpp,
};

/// The parts of `uri`, which must be valid for its scheme.
#[track_caller]
fn parts<'a>(uri: &'a UriRef<'_>) -> Parts<'a> {
    match scheme::parts(uri) {
        Some(Ok(parts)) => parts,
        Some(Err(e)) => panic!("{uri} is refused:\n{e}"),
        None => panic!("{uri} has no grammar"),
    }
}

#[track_caller]
fn uri(text: &str) -> UriRef<'_> {
    UriRef::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The recipients and header fields of a mailto URI, decoded.
#[track_caller]
fn mailto(text: &str) -> (Vec<String>, Vec<(String, String)>) {
    let parsed = uri(text);
    let Parts::Mailto(m) = parts(&parsed) else {
        panic!("{text} is not a mailto URI")
    };
    let to = m.to().iter().map(|a| a.as_str().to_owned()).collect();
    (to, m.headers().to_vec())
}

/// A mailto example: the URI, its recipients, its header fields.
type MailtoCase<'a> = (&'a str, &'a [&'a str], &'a [(&'a str, &'a str)]);

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
        .collect()
}

#[test]
fn rfc6068_6_1_basic_examples() {
    let cases: &[MailtoCase] = &[
        ("mailto:chris@example.com", &["chris@example.com"], &[]),
        (
            "mailto:infobot@example.com?subject=current-issue",
            &["infobot@example.com"],
            &[("subject", "current-issue")],
        ),
        (
            "mailto:infobot@example.com?body=send%20current-issue",
            &["infobot@example.com"],
            &[("body", "send current-issue")],
        ),
        (
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
            &["infobot@example.com"],
            &[("body", "send current-issue\r\nsend index")],
        ),
        (
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
            &["list@example.org"],
            &[("In-Reply-To", "<3469A91.D10AF4C@example.com>")],
        ),
        (
            "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
            &["majordomo@example.com"],
            &[("body", "subscribe bamboo-l")],
        ),
        (
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            &["joe@example.com"],
            &[("cc", "bob@example.com"), ("body", "hello")],
        ),
        (
            "mailto:gorby%25kremvax@example.com",
            &["gorby%kremvax@example.com"],
            &[],
        ),
        (
            "mailto:unlikely%3Faddress@example.com?blat=foop",
            &["unlikely?address@example.com"],
            &[("blat", "foop")],
        ),
        (
            "mailto:Mike%26family@example.org",
            &["Mike&family@example.org"],
            &[],
        ),
    ];
    for (text, to, headers) in cases {
        let want: Vec<String> = to.iter().map(|s| (*s).to_owned()).collect();
        assert_eq!(mailto(text), (want, pairs(headers)), "{text}");
    }
}

#[test]
fn rfc6068_6_1_a_second_question_mark_is_wrong() {
    // "The following example, using "?" twice, is incorrect"; the second
    // `?` ends the header fields, and the URI must end there.
    let parsed = uri("mailto:joe@example.com?cc=bob@example.com?body=hello");
    let err = scheme::validate(&parsed).unwrap().unwrap_err();
    assert_eq!(err.offset(), 41);
    assert_eq!(err.citation(), "RFC 6068 section 2");
}

#[test]
fn rfc6068_6_2_complicated_addresses_decode_to_quoted_local_parts() {
    let cases = [
        (
            "mailto:%22not%40me%22@example.org",
            r#""not@me"@example.org"#,
        ),
        (
            "mailto:%22oh%5C%5Cno%22@example.org",
            r#""oh\\no"@example.org"#,
        ),
        (
            "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
            r#""\\\"it's\ ugly\\\""@example.org"#,
        ),
    ];
    for (text, address) in cases {
        assert_eq!(mailto(text).0, [address], "{text}");
    }
}

#[test]
fn rfc6068_6_3_utf8_percent_encoding_in_values_and_domains() {
    assert_eq!(
        mailto("mailto:user@example.org?subject=caf%C3%A9").1,
        pairs(&[("subject", "café")])
    );
    assert_eq!(
        mailto("mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D").1,
        pairs(&[("subject", "=?utf-8?Q?caf=C3=A9?=")])
    );
    assert_eq!(
        mailto("mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D").1,
        pairs(&[("subject", "=?iso-8859-1?Q?caf=E9?=")])
    );
    assert_eq!(
        mailto("mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9").1,
        pairs(&[("subject", "café"), ("body", "café")])
    );
    assert_eq!(
        mailto("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO"),
        (
            vec!["user@納豆.example.org".to_owned()],
            pairs(&[("subject", "Test"), ("body", "NATTO")])
        )
    );
}

#[test]
fn rfc6068_2_the_three_equivalent_forms_have_the_same_recipients() {
    let forms = [
        "mailto:addr1@an.example,addr2@an.example",
        "mailto:?to=addr1@an.example,addr2@an.example",
        "mailto:addr1@an.example?to=addr2@an.example",
    ];
    let parsed: Vec<UriRef<'_>> = forms.iter().map(|f| uri(f)).collect();
    let views: Vec<Mailto> = parsed.iter().map(|u| Mailto::parse(u).unwrap()).collect();
    for (form, view) in forms.iter().zip(&views) {
        let to: Vec<&str> = view.to().iter().map(|a| a.as_str()).collect();
        assert_eq!(to, ["addr1@an.example", "addr2@an.example"], "{form}");
        assert!(view.equivalent(&views[0]), "{form}");
    }
    let other = uri("mailto:addr2@an.example,addr1@an.example");
    assert!(!Mailto::parse(&other).unwrap().equivalent(&views[0]));
}

#[test]
fn rfc8141_2_3_r_q_and_f_components() {
    let cases = [
        (
            "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
            (
                "example",
                "foo-bar-baz-qux",
                Some("CCResolve:cc=uk"),
                None,
                None,
            ),
        ),
        (
            "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
            (
                "example",
                "weather",
                None,
                Some("op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"),
                None,
            ),
        ),
        (
            "urn:example:foo-bar-baz-qux#somepart",
            ("example", "foo-bar-baz-qux", None, None, Some("somepart")),
        ),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let urn = Urn::parse(&parsed).unwrap();
        let got = (
            urn.nid(),
            urn.nss(),
            urn.r_component(),
            urn.q_component(),
            urn.f_component(),
        );
        assert_eq!(got, want, "{text}");
    }
}

#[test]
fn rfc8141_3_2_equivalence_examples() {
    let key = |text: &str| Urn::parse(&uri(text)).unwrap().equivalence_key();
    // "because the scheme and NID are case insensitive"
    let same = [
        "urn:example:a123,z456",
        "URN:example:a123,z456",
        "URN:EXAMPLE:a123,z456",
    ];
    assert!(same.iter().all(|u| key(u) == key(same[0])));
    // "percent-encoding in the NSS must be preserved (but with case
    // normalization of hexadecimal digits)": the first is not equivalent
    // to the others; the other two are the same after that normalization.
    assert_ne!(
        key("urn:example:a123,z456"),
        key("urn:example:a123,z456%2d")
    );
    assert_eq!(
        key("urn:example:a123,z456%2d"),
        key("urn:example:a123,z456%2D")
    );
    // "optional components (r-component, q-component, f-component) are
    // ignored when determining equivalence"
    let same = [
        "urn:example:a123,z456",
        "urn:example:a123,z456?+abc",
        "urn:example:a123,z456?=xyz",
        "urn:example:a123,z456#789",
    ];
    assert!(same.iter().all(|u| key(u) == key(same[0])));
}

#[test]
fn rfc2397_4_examples() {
    let parsed = uri("data:,A%20brief%20note");
    let data = DataUrl::parse(&parsed).unwrap();
    assert_eq!((data.media_type(), data.is_base64()), (None, false));
    assert_eq!(data.data(), b"A brief note");

    let gif = "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7";
    let parsed = uri(gif);
    let data = DataUrl::parse(&parsed).unwrap();
    assert_eq!(
        (data.media_type(), data.is_base64()),
        (Some("image/gif"), true)
    );
    // A whole GIF: the header of a 48 by 48 image, the trailer last.
    assert_eq!(data.data().len(), 273);
    assert_eq!(&data.data()[..10], b"GIF87a0\x000\x00");
    assert_eq!(data.data().last(), Some(&b';'));

    let parsed = uri("data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local");
    let data = DataUrl::parse(&parsed).unwrap();
    assert_eq!(data.media_type(), Some("application/vnd-xxx-query"));
    assert_eq!(data.data(), b"select_vcount,fcol_from_fieldtable/local");
}

#[test]
fn rfc2397_4_the_iso_8859_7_example_is_not_percent_encoding() {
    // The RFC's `%be%fg%be`: `%fg` is no percent-encoding (RFC 3986
    // section 2.1), so the generic parse refuses it before the scheme's
    // grammar runs; with the octets written as the example means them,
    // the media type and its parameter read as written.
    let err = UriRef::parse("data:text/plain;charset=iso-8859-7,%be%fg%be").unwrap_err();
    assert_eq!(err.offset(), 40);
    let parsed = uri("data:text/plain;charset=iso-8859-7,%be%f0%be");
    let data = DataUrl::parse(&parsed).unwrap();
    assert_eq!(data.media_type(), Some("text/plain;charset=iso-8859-7"));
    assert_eq!(data.mime_type(), Some("text/plain"));
    assert_eq!(
        data.parameters().collect::<Vec<_>>(),
        [("charset", "iso-8859-7")]
    );
    assert_eq!(data.data(), [0xbe, 0xf0, 0xbe]);
}

#[test]
fn rfc3966_6_examples() {
    let cases = [
        ("tel:+1-201-555-0123", "+1-201-555-0123", true, None),
        (
            "tel:7042;phone-context=example.com",
            "7042",
            false,
            Some("example.com"),
        ),
        (
            "tel:863-1234;phone-context=+1-914-555",
            "863-1234",
            false,
            Some("+1-914-555"),
        ),
    ];
    for (text, number, global, context) in cases {
        let parsed = uri(text);
        let tel = Tel::parse(&parsed).unwrap();
        assert_eq!(
            (tel.number(), tel.is_global(), tel.phone_context()),
            (number, global, context),
            "{text}"
        );
    }
}

#[test]
fn rfc5870_6_examples() {
    let cases: [(&str, &[f64], Option<f64>); 3] = [
        ("geo:13.4125,103.8667", &[13.4125, 103.8667], None),
        ("geo:48.2010,16.3695,183", &[48.2010, 16.3695, 183.0], None),
        (
            "geo:48.198634,16.371648;crs=wgs84;u=40",
            &[48.198634, 16.371648],
            Some(40.0),
        ),
    ];
    for (text, coordinates, uncertainty) in cases {
        let parsed = uri(text);
        let geo = Geo::parse(&parsed).unwrap();
        assert_eq!(geo.coordinates(), coordinates, "{text}");
        assert_eq!(
            (geo.crs(), geo.uncertainty()),
            ("wgs84", uncertainty),
            "{text}"
        );
    }
}

#[test]
fn every_scheme_with_a_grammar_accepts_an_example() {
    let examples = [
        (
            Scheme::Http,
            "http://example.com/over/there?name=ferret#nose",
        ),
        (Scheme::Https, "https://[::1]:8443/"),
        (Scheme::Ws, "ws://example.com/chat"),
        (Scheme::Wss, "wss://example.com:443/chat?room=1"),
        (Scheme::File, "file:///etc/fstab"),
        (Scheme::Mailto, "mailto:chris@example.com"),
        (Scheme::Urn, "urn:example:animal:ferret:nose"),
        (Scheme::Data, "data:,A%20brief%20note"),
        (Scheme::Tel, "tel:+1-201-555-0123"),
        (Scheme::Geo, "geo:13.4125,103.8667"),
        (Scheme::Sip, "sip:alice@atlanta.com"),
        (Scheme::Sips, "sips:1212@gateway.com"),
        (Scheme::Tag, "tag:yaml.org,2002:int"),
        (Scheme::Acct, "acct:foobar@status.example.net"),
        (Scheme::Xmpp, "xmpp:node@example.com"),
        (Scheme::Sms, "sms:+15105550101"),
        (Scheme::About, "about:blank"),
        (Scheme::Cid, "cid:foo4*foo1@bar.net"),
        (Scheme::Mid, "mid:960830.1639@XIson.com"),
        (Scheme::Ftp, "ftp://ftp.example.com/pub/file.txt;type=i"),
        (
            Scheme::Ldap,
            "ldap://ldap.example.net/o=example?cn?sub?(cn=*)",
        ),
        (
            Scheme::Ni,
            "ni:///sha-256;f4OxZX_x_FO5LcGBSKHWXfwtSx-j1ncoSt3SABJtkGk",
        ),
        (Scheme::Nih, "nih:sha-256-32;53269057;b"),
        (Scheme::Coap, "coap://example.net/.well-known/core"),
        (Scheme::Coaps, "coaps://[2001:db8::1]:5684/temp"),
        (Scheme::CoapTcp, "coap+tcp://example.net/.well-known/core"),
        (Scheme::CoapsTcp, "coaps+tcp://example.net/.well-known/core"),
        (
            Scheme::CoapWs,
            "coap+ws://example.org/sensors/temperature?u=Cel",
        ),
        (
            Scheme::CoapsWs,
            "coaps+ws://example.org/sensors/temperature?u=Cel",
        ),
        (
            Scheme::Rtsp,
            "rtsp://media.example.com:554/twister/audiotrack",
        ),
        (Scheme::Rtsps, "rtsps://media.example.com/twister"),
        (Scheme::News, "news:comp.infosystems.www.misc"),
        (Scheme::Nntp, "nntp://news.example.com/comp.lang.c/42"),
    ];
    for (scheme, text) in examples {
        assert_eq!(scheme::validate(&uri(text)), Some(Ok(scheme)), "{text}");
    }
    assert_eq!(examples.len(), Scheme::ALL.len());
}

/// A sip URI's user, password, host, port, parameters and headers.
type SipParts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Vec<(&'a str, Option<&'a str>)>,
    Vec<(&'a str, &'a str)>,
);

#[track_caller]
fn sip_parts<'a>(sip: &Sip<'a>) -> SipParts<'a> {
    (
        sip.user(),
        sip.password(),
        sip.host(),
        sip.port(),
        sip.parameters().collect(),
        sip.headers().collect(),
    )
}

#[test]
fn rfc3261_19_1_3_example_sip_and_sips_uris() {
    let cases: [(&str, SipParts<'_>); 8] = [
        (
            "sip:alice@atlanta.com",
            (Some("alice"), None, "atlanta.com", None, vec![], vec![]),
        ),
        (
            "sip:alice:secretword@atlanta.com;transport=tcp",
            (
                Some("alice"),
                Some("secretword"),
                "atlanta.com",
                None,
                vec![("transport", Some("tcp"))],
                vec![],
            ),
        ),
        (
            "sips:alice@atlanta.com?subject=project%20x&priority=urgent",
            (
                Some("alice"),
                None,
                "atlanta.com",
                None,
                vec![],
                vec![("subject", "project%20x"), ("priority", "urgent")],
            ),
        ),
        (
            "sip:+1-212-555-1212:1234@gateway.com;user=phone",
            (
                Some("+1-212-555-1212"),
                Some("1234"),
                "gateway.com",
                None,
                vec![("user", Some("phone"))],
                vec![],
            ),
        ),
        (
            "sips:1212@gateway.com",
            (Some("1212"), None, "gateway.com", None, vec![], vec![]),
        ),
        (
            "sip:alice@192.0.2.4",
            (Some("alice"), None, "192.0.2.4", None, vec![], vec![]),
        ),
        (
            "sip:atlanta.com;method=REGISTER?to=alice%40atlanta.com",
            (
                None,
                None,
                "atlanta.com",
                None,
                vec![("method", Some("REGISTER"))],
                vec![("to", "alice%40atlanta.com")],
            ),
        ),
        (
            "sip:alice;day=tuesday@atlanta.com",
            (
                Some("alice;day=tuesday"),
                None,
                "atlanta.com",
                None,
                vec![],
                vec![],
            ),
        ),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let sip = Sip::parse(&parsed).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sip_parts(&sip), want, "{text}");
        assert_eq!(sip.is_secure(), text.starts_with("sips:"), "{text}");
    }
}

#[test]
fn rfc3261_19_1_4_comparison_examples_are_valid_and_differ_where_it_says() {
    // Every URI of the section's pairs is a valid sip URI.
    let pairs = [
        (
            "sip:%61lice@atlanta.com;transport=TCP",
            "sip:alice@AtLanTa.CoM;Transport=tcp",
        ),
        ("sip:carol@chicago.com", "sip:carol@chicago.com;newparam=5"),
        ("sip:carol@chicago.com", "sip:carol@chicago.com;security=on"),
        (
            "sip:biloxi.com;transport=tcp;method=REGISTER?to=sip:bob%40biloxi.com",
            "sip:biloxi.com;method=REGISTER;transport=tcp?to=sip:bob%40biloxi.com",
        ),
        (
            "sip:alice@atlanta.com?subject=project%20x&priority=urgent",
            "sip:alice@atlanta.com?priority=urgent&subject=project%20x",
        ),
        (
            "SIP:ALICE@AtLanTa.CoM;Transport=udp",
            "sip:alice@AtLanTa.CoM;Transport=UDP",
        ),
        ("sip:bob@biloxi.com", "sip:bob@biloxi.com:5060"),
        ("sip:bob@biloxi.com", "sip:bob@biloxi.com;transport=udp"),
        (
            "sip:bob@biloxi.com",
            "sip:bob@biloxi.com:6000;transport=tcp",
        ),
        (
            "sip:carol@chicago.com",
            "sip:carol@chicago.com?Subject=next%20meeting",
        ),
        ("sip:bob@phone21.boxesbybob.com", "sip:bob@192.0.2.4"),
    ];
    let read = |text: &'static str| {
        let parsed: &'static UriRef<'static> = Box::leak(Box::new(uri(text)));
        Sip::parse(parsed).unwrap_or_else(|e| panic!("{e}"))
    };
    for (a, b) in pairs {
        read(a);
        read(b);
    }
    // "different usernames": the user part is case-sensitive.
    let (a, b) = (read(pairs[5].0), read(pairs[5].1));
    assert_ne!(a.user(), b.user());
    assert_eq!(a.parameter("transport"), Some(Some("udp")));
    assert_eq!(b.parameter("TRANSPORT"), Some(Some("UDP")));
    // "can resolve to different ports": one names the port.
    assert_eq!(
        (read(pairs[6].0).port(), read(pairs[6].1).port()),
        (None, Some("5060"))
    );
    // The header field's value holds a `:` (an hnv-unreserved).
    assert_eq!(
        read(pairs[3].0).headers().collect::<Vec<_>>(),
        [("to", "sip:bob%40biloxi.com")]
    );
}

#[test]
fn rfc3261_19_1_6_tel_urls_as_sip_uris() {
    let cases = [
        (
            "sip:+358-555-1234567;postd=pp22@foo.com;user=phone",
            "+358-555-1234567;postd=pp22",
        ),
        (
            "sip:+358-555-1234567;POSTD=PP22@foo.com;user=phone",
            "+358-555-1234567;POSTD=PP22",
        ),
        (
            "sip:+358-555-1234567;isub=1411;postd=pp22@foo.com;user=phone",
            "+358-555-1234567;isub=1411;postd=pp22",
        ),
        (
            "sip:+358-555-1234567;postd=pp22;isub=1411@foo.com;user=phone",
            "+358-555-1234567;postd=pp22;isub=1411",
        ),
    ];
    for (text, user) in cases {
        let parsed = uri(text);
        let sip = Sip::parse(&parsed).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sip.user(), Some(user), "{text}");
        assert_eq!(sip.host(), "foo.com", "{text}");
        assert_eq!(sip.parameter("user"), Some(Some("phone")), "{text}");
    }
}

#[test]
fn rfc4151_2_1_examples() {
    let cases = [
        (
            "tag:timothy@hpl.hp.com,2001:web/externalHome",
            ("timothy@hpl.hp.com", "2001", "web/externalHome"),
        ),
        (
            "tag:sandro@w3.org,2004-05:Sandro",
            ("sandro@w3.org", "2004-05", "Sandro"),
        ),
        (
            "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19",
            (
                "my-ids.com",
                "2001-09-15",
                "TimKindberg:presentations:UBath2004-05-19",
            ),
        ),
        (
            "tag:blogger.com,1999:blog-555",
            ("blogger.com", "1999", "blog-555"),
        ),
        ("tag:yaml.org,2002:int", ("yaml.org", "2002", "int")),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let tag = Tag::parse(&parsed).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (tag.authority_name(), tag.date(), tag.specific()),
            want,
            "{text}"
        );
    }
    // An abbreviated date is a date of its own: the three differ.
    let dates: Vec<(u16, Option<u8>, Option<u8>)> = [
        "tag:example.com,2004:x",
        "tag:example.com,2004-01:x",
        "tag:example.com,2004-01-01:x",
    ]
    .iter()
    .map(|text| {
        let parsed = uri(text);
        let tag = Tag::parse(&parsed).unwrap();
        (tag.year(), tag.month(), tag.day())
    })
    .collect();
    assert_eq!(
        dates,
        [
            (2004, None, None),
            (2004, Some(1), None),
            (2004, Some(1), Some(1))
        ]
    );
}

#[test]
fn rfc7565_4_examples() {
    let cases = [
        (
            "acct:foobar@status.example.net",
            ("foobar", "status.example.net"),
        ),
        (
            "acct:juliet%40capulet.example@shoppingsite.example",
            ("juliet%40capulet.example", "shoppingsite.example"),
        ),
    ];
    for (text, want) in cases {
        let parsed = uri(text);
        let acct = Acct::parse(&parsed).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((acct.userpart(), acct.host()), want, "{text}");
    }
}

/// An XMPP URI's account, node, domain, resource and query type.
type XmppParts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

#[track_caller]
fn xmpp(text: &'static str) -> (XmppParts<'static>, Vec<(&'static str, &'static str)>) {
    let parsed: &'static UriRef<'static> = Box::leak(Box::new(uri(text)));
    let x = Xmpp::parse(parsed).unwrap_or_else(|e| panic!("{e}"));
    (
        (
            x.account(),
            x.node(),
            x.domain(),
            x.resource(),
            x.query_type(),
        ),
        x.query_pairs().collect(),
    )
}

#[test]
fn rfc5122_2_3_authority_examples() {
    assert_eq!(
        xmpp("xmpp://guest@example.com").0,
        (Some("guest@example.com"), None, "", None, None)
    );
    assert_eq!(
        xmpp("xmpp://guest@example.com/support@example.com?message").0,
        (
            Some("guest@example.com"),
            Some("support"),
            "example.com",
            None,
            Some("message")
        )
    );
}

#[test]
fn rfc5122_2_4_path_examples() {
    assert_eq!(
        xmpp("xmpp:example-node@example.com").0,
        (None, Some("example-node"), "example.com", None, None)
    );
    assert_eq!(
        xmpp("xmpp:example-node@example.com/some-resource").0,
        (
            None,
            Some("example-node"),
            "example.com",
            Some("some-resource"),
            None
        )
    );
    assert_eq!(
        xmpp("xmpp:example.com").0,
        (None, None, "example.com", None, None)
    );
}

#[test]
fn rfc5122_2_5_query_examples() {
    assert_eq!(
        xmpp("xmpp:example-node@example.com?message"),
        (
            (
                None,
                Some("example-node"),
                "example.com",
                None,
                Some("message")
            ),
            vec![]
        )
    );
    assert_eq!(
        xmpp("xmpp:example-node@example.com?message;subject=Hello%20World").1,
        [("subject", "Hello%20World")]
    );
    assert_eq!(
        xmpp("xmpp:romeo@montague.net?message;subject=Test%20Message;body=Here%27s%20a%20test%20message").1,
        [
            ("subject", "Test%20Message"),
            ("body", "Here%27s%20a%20test%20message")
        ]
    );
}

#[test]
fn rfc5122_2_7_generation_examples() {
    // The node and resource of section 2.7's "nasty" and "repulsive"
    // addresses, each delimiter the ABNF does not allow percent-encoded.
    assert_eq!(
        xmpp("xmpp:nasty!%23$%25()*+,-.;=%3F%5B%5C%5D%5E_%60%7B%7C%7D~node@example.com")
            .0
            .1,
        Some("nasty!%23$%25()*+,-.;=%3F%5B%5C%5D%5E_%60%7B%7C%7D~node")
    );
    assert_eq!(
        xmpp("xmpp:node@example.com/repulsive%20!%23%22$%25&'()*+,-.%2F:;%3C=%3E%3F%40%5B%5C%5D%5E_%60%7B%7C%7D~resource")
            .0
            .3,
        Some("repulsive%20!%23%22$%25&'()*+,-.%2F:;%3C=%3E%3F%40%5B%5C%5D%5E_%60%7B%7C%7D~resource")
    );
    // An internationalized address, mapped to a URI.
    assert_eq!(
        xmpp("xmpp:ji%C5%99i@%C4%8Dechy.example/v%20Praze").0,
        (
            None,
            Some("ji%C5%99i"),
            "%C4%8Dechy.example",
            Some("v%20Praze"),
            None
        )
    );
}

#[test]
fn rfc5724_2_5_examples() {
    let cases: [(&str, &[&str], Option<&str>); 3] = [
        ("sms:+15105550101", &["+15105550101"], None),
        (
            "sms:+15105550101,+15105550102",
            &["+15105550101", "+15105550102"],
            None,
        ),
        (
            "sms:+15105550101?body=hello%20there",
            &["+15105550101"],
            Some("hello there"),
        ),
    ];
    for (text, recipients, body) in cases {
        let parsed = uri(text);
        let sms = Sms::parse(&parsed).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sms.recipients().collect::<Vec<_>>(), recipients, "{text}");
        assert_eq!(sms.body(), body, "{text}");
    }
}

#[test]
fn rfc6694_3_about_blank() {
    let parsed = uri("about:blank");
    assert_eq!(About::parse(&parsed).unwrap().token(), "blank");
    assert!(matches!(parts(&parsed), Parts::About(_)));
}

#[test]
fn rfc2392_2_examples() {
    // "cid:foo4%25foo1@bar.net" corresponds to the Content-ID
    // <foo4%foo1@bar.net>.
    let parsed = uri("cid:foo4%25foo1@bar.net");
    let cid = MessageUrl::parse(&parsed).unwrap();
    assert_eq!(
        (cid.is_mid(), cid.message_id(), cid.content_id()),
        (false, None, Some("foo4%foo1@bar.net"))
    );
    let parsed = uri("mid:960830.1639@XIson.com/partA.960830.1639@XIson.com");
    let Parts::Mid(mid) = parts(&parsed) else {
        panic!("not a mid URL")
    };
    assert_eq!(
        (mid.message_id(), mid.content_id()),
        (
            Some("960830.1639@XIson.com"),
            Some("partA.960830.1639@XIson.com")
        )
    );
}

#[test]
fn rfc2392_3_examples() {
    // The HTML body part's reference to the image: <foo4*foo1@bar.net>.
    let parsed = uri("cid:foo4*foo1@bar.net");
    let Parts::Cid(cid) = parts(&parsed) else {
        panic!("not a cid URL")
    };
    assert_eq!(cid.content_id(), Some("foo4*foo1@bar.net"));
}
