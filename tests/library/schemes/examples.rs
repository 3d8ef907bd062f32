//! The RFCs' own examples, read as the RFCs say: RFC 6068 section 6
//! (mailto), RFC 8141 sections 2 and 3 (urn), RFC 2397 section 4 (data),
//! RFC 3966 section 6 (tel), RFC 5870 section 6 (geo).

use peguri::UriRef;
use peguri::scheme::{self, DataUrl, Geo, Mailto, Parts, Scheme, Tel, Urn};

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
