"""``UriReference.scheme_syntax()`` on every scheme with a grammar: a valid
example with its parts, and an example its grammar refuses (valid under
RFC 3986) with the error citing the RFC of the rule it breaks."""

import pytest

import peguri

# Each scheme with a grammar: the spec its report names, a valid example,
# and one its grammar refuses.
EXAMPLES = [
    ("about", "RFC 6694", "about:blank", "about:a/b"),
    ("acct", "RFC 7565", "acct:foobar@status.example.net", "acct:foobar"),
    ("cid", "RFC 2392", "cid:foo4*foo1@bar.net", "cid:a..b@c"),
    ("coap", "RFC 7252", "coap://example.net/.well-known/core", "coap:///x"),
    ("coap+tcp", "RFC 8323", "coap+tcp://example.net/x", "coap+tcp://u@h/x"),
    ("coap+ws", "RFC 8323", "coap+ws://example.org/s?u=Cel", "coap+ws://u@h/"),
    ("coaps", "RFC 7252", "coaps://h:5684/a", "coaps://"),
    ("coaps+tcp", "RFC 8323", "coaps+tcp://h", "coaps+tcp:///x"),
    ("coaps+ws", "RFC 8323", "coaps+ws:///x", "coaps+ws:x"),
    ("data", "RFC 2397", "data:text/plain,x", "data:text/plain"),
    ("file", "RFC 8089", "file:///etc/fstab", "file:etc/fstab"),
    ("ftp", "RFC 1738", "ftp://anne@ftp.example.com/a.txt;type=i", "ftp://h/a?b"),
    ("geo", "RFC 5870", "geo:1,2", "geo:91,0"),
    ("http", "RFC 9110", "http://example.com/", "http://"),
    ("https", "RFC 9110", "https://example.com/", "https://"),
    ("ldap", "RFC 4516", "ldap://h/o=example?cn?sub?(cn=*)", "ldap://h/cn=a,,b"),
    ("mailto", "RFC 6068", "mailto:joe@example.com", "mailto:joe"),
    ("mid", "RFC 2392", "mid:960830.1639@XIson.com/partA@XIson.com", "mid:a@b/c"),
    ("news", "RFC 5538", "news:comp.lang.c", "news:a@"),
    ("ni", "RFC 6920", "ni:///sha-256-32;f4OxZQ", "ni:///sha-256;f4OxZ"),
    ("nih", "RFC 6920", "nih:sha-256-32;53269057;b", "nih:sha-256-32;53269057;c"),
    ("nntp", "RFC 5538", "nntp://h/example.group/1", "nntp://h/example.group/0"),
    ("rtsp", "RFC 7826", "rtsp://media.example.com:554/twister", "rtsp:/twister"),
    ("rtsps", "RFC 7826", "rtsps://media.example.com/twister", "rtsps:x"),
    ("sip", "RFC 3261", "sip:alice@atlanta.com", "sip:alice@atlanta.com;ttl=256"),
    ("sips", "RFC 3261", "sips:alice@atlanta.com:5061", "sips:a@b?subject"),
    ("sms", "RFC 5724", "sms:+15105550101?body=hi", "sms:7042"),
    ("tag", "RFC 4151", "tag:yaml.org,2002:int", "tag:example.com,2001-02-29:x"),
    ("tel", "RFC 3966", "tel:+1-201-555-0123", "tel:7042"),
    ("urn", "RFC 8141", "urn:example:a", "urn:a:b"),
    ("ws", "RFC 6455", "ws://h/chat", "ws://h/chat#x"),
    ("wss", "RFC 6455", "wss://h/", "wss://u@h/"),
    ("xmpp", "RFC 5122", "xmpp:node@example.com/res", "xmpp:a@b/c/d"),
]


@pytest.mark.parametrize(("scheme", "spec", "valid", "refused"), EXAMPLES)
def test_scheme_syntax_reads_every_scheme_with_a_grammar(scheme: str, spec: str, valid: str, refused: str) -> None:
    report = peguri.parse(valid).scheme_syntax()
    assert report is not None
    assert (report["scheme"], report["spec"], report["valid"], report["error"]) == (scheme, spec, True, None)
    assert isinstance(report["parts"], dict)
    report = peguri.parse(refused).scheme_syntax()
    assert report is not None
    assert (report["scheme"], report["spec"], report["valid"], report["parts"]) == (scheme, spec, False, None)
    error = report["error"]
    assert error is not None
    # The RFC of the rule broken: the scheme's, or one it takes rules from.
    assert error["message"].endswith(")") and "(RFC " in error["message"], error
    assert 0 <= error["offset"] <= len(refused)


def test_parts_of_the_views_as_python_values() -> None:
    mid = peguri.parse("mid:960830.1639@XIson.com/partA.960830.1639@XIson.com").scheme_syntax()
    assert mid is not None and mid["parts"] == {
        "message_id": "960830.1639@XIson.com",
        "content_id": "partA.960830.1639@XIson.com",
    }
    acct = peguri.parse("acct:juliet%40capulet.example@shoppingsite.example").scheme_syntax()
    assert acct is not None and acct["parts"] == {"userpart": "juliet%40capulet.example", "host": "shoppingsite.example"}
    sms = peguri.parse("sms:+15105550101,+15105550102?body=hello%20there").scheme_syntax()
    assert sms is not None and sms["parts"] == {"recipients": ["+15105550101", "+15105550102"], "body": "hello there"}
    about = peguri.parse("about:blank").scheme_syntax()
    assert about is not None and about["parts"] == {"token": "blank"}
    news = peguri.parse("news:p0624081dc30b8699bf9b@%5B10.20.30.108%5D").scheme_syntax()
    assert news is not None and news["parts"] == {
        "server": None,
        "message_id": "p0624081dc30b8699bf9b@[10.20.30.108]",
        "newsgroups": None,
        "group": None,
        "article_number": None,
    }
    rtsp = peguri.parse("rtsps://media.example.com/twister").scheme_syntax()
    assert rtsp is not None and rtsp["parts"] == {}
