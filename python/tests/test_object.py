"""The object API: parsing, components, resolution (RFC 3986 section 5.4),
normalization, replace, IRIs, templates, errors, urlsplit."""

from __future__ import annotations

import gc
import pickle
import urllib.parse

import pytest

import peguri
from peguri import UriReference

BASE = "http://a/b/c/d;p?q"

# RFC 3986 section 5.4.1, normal examples.
NORMAL = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
]

# RFC 3986 section 5.4.2, abnormal examples (strict parsers).
ABNORMAL = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
]


def test_rfc3986_section_5_4_has_42_examples() -> None:
    assert len(NORMAL) + len(ABNORMAL) == 42


@pytest.mark.parametrize(("reference", "expected"), NORMAL + ABNORMAL)
def test_rfc3986_section_5_4(reference: str, expected: str) -> None:
    base = peguri.parse(BASE)
    resolved = base.resolve(reference)
    assert str(resolved) == expected
    assert resolved == peguri.parse(expected)
    # A UriReference works as the reference too.
    assert base.resolve(peguri.parse(reference)) == resolved


def test_non_strict_resolution() -> None:
    # Section 5.4.2: "http:g" is "http://a/b/c/g" for backward compatibility.
    assert str(peguri.parse(BASE).resolve("http:g", strict=False)) == "http://a/b/c/g"


def test_resolve_needs_a_base_with_scheme() -> None:
    with pytest.raises(peguri.ResolveError):
        peguri.parse("a/b").resolve("c")
    assert issubclass(peguri.ResolveError, ValueError)


def test_components() -> None:
    u = peguri.parse("http://user@example.com:8080/over/there?name=ferret#nose")
    assert u.scheme == "http"
    assert u.has_scheme
    assert u.authority == "user@example.com:8080"
    assert u.userinfo == "user"
    assert u.host == "example.com"
    assert u.host_kind == "reg-name"
    assert u.port == "8080"
    assert u.port_number == 8080
    assert u.path == "/over/there"
    assert u.segments == ["over", "there"]
    assert u.query == "name=ferret"
    assert u.fragment == "nose"
    assert u.rule == "URI"
    assert not u.is_iri


def test_absent_and_empty_components() -> None:
    u = peguri.parse("//h:?#")
    assert u.scheme is None and not u.has_scheme
    assert u.userinfo is None
    assert u.host == "h"
    assert u.port == "" and u.port_number is None
    assert u.path == "" and u.segments == []
    assert u.query == "" and u.fragment == ""
    assert u.rule == "relative-ref"
    r = peguri.parse("a/b")
    assert r.host is None and r.host_kind is None and r.authority is None
    assert r.port is None and r.query is None and r.fragment is None


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("http://127.0.0.1/", "ipv4"),
        ("http://[::1]/", "ipv6"),
        ("http://[v7.x]/", "ipvfuture"),
        ("http://example.com/", "reg-name"),
        ("file:///etc", "reg-name"),
    ],
)
def test_host_kind(url: str, kind: str) -> None:
    assert peguri.parse(url).host_kind == kind


def test_decoded_views() -> None:
    u = peguri.parse("http://b%C3%BCcher.example/docs/J%C3%BCrgen/a%2Fb/?q=caf%C3%A9&k&x=a+b")
    assert u.host_decoded == "bücher.example"
    assert u.segments_decoded == ["docs", "Jürgen", "a/b", ""]
    assert u.query_pairs() == [("q", "café"), ("k", None), ("x", "a+b")]
    assert peguri.parse("s:/").query_pairs() == []


def test_parse_uri_needs_a_scheme() -> None:
    assert peguri.parse_uri("a:b").scheme == "a"
    with pytest.raises(peguri.ParseError):
        peguri.parse_uri("//h/p")


def test_parse_error_attributes() -> None:
    with pytest.raises(peguri.ParseError) as info:
        peguri.parse("http://example.com/%zz")
    err = info.value
    assert isinstance(err, ValueError)
    assert err.offset == 20
    assert err.column == 21
    assert err.kind == "invalid_percent_encoding"
    assert err.component == "path"
    assert err.expected == ["hex digit"]
    assert err.message == "expected a hex digit after '%'"
    lines = str(err).splitlines()
    assert lines[1].strip() == "http://example.com/%zz"
    # The caret stands under the offending character.
    assert lines[2].index("^") == lines[1].index("%zz") + 1


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("a b", "invalid_char"),
        ("http://[::g]/", "invalid_ipv6_address"),
        ("http://[vz.x]/", "invalid_ipvfuture"),
        ("%", "invalid_percent_encoding"),
        ("a:b/c:d", None),
        ("1a:b", "colon_in_first_segment"),
        ("http://[::1", "unexpected_end"),
    ],
)
def test_invalid_input(text: str, kind: str | None) -> None:
    if kind is None:
        assert peguri.is_valid(text)
        return
    assert not peguri.is_valid(text)
    with pytest.raises(peguri.ParseError) as info:
        peguri.parse(text)
    assert info.value.kind == kind
    assert info.value.offset >= 0


def test_column_counts_characters() -> None:
    with pytest.raises(peguri.ParseError) as info:
        peguri.parse_iri_ref("/é x")
    assert info.value.offset == 3  # bytes
    assert info.value.column == 3  # characters, 1-based


def test_frozen_hashable_equal_on_text() -> None:
    a = peguri.parse("http://example.com/")
    b = UriReference("http://example.com/")
    assert a == b and hash(a) == hash(b)
    assert a != peguri.parse("HTTP://example.com/")
    assert a != "http://example.com/"
    assert len({a, b}) == 1
    with pytest.raises(AttributeError):
        a.host = "x"  # type: ignore[misc]
    assert repr(a) == "UriReference('http://example.com/')"
    assert pickle.loads(pickle.dumps(a)) == a
    iri = peguri.parse_iri("http://é.example/")
    back = pickle.loads(pickle.dumps(iri))
    assert back == iri and back.is_iri and back.rule == "IRI"


def test_relative_to() -> None:
    base = peguri.parse("http://example.com/a/b/c")
    for target, expected in [
        ("http://example.com/a/b/d", "d"),
        ("http://example.com/a/x/y", "../x/y"),
        ("http://example.com/a/b/c?q", "?q"),
        ("http://example.com/a/b/c#top", "#top"),
        ("http://other.example/", "//other.example/"),
        ("https://example.com/", "https://example.com/"),
    ]:
        rel = peguri.parse(target).relative_to(base)
        assert str(rel) == expected
        assert base.resolve(rel) == peguri.parse(target)
    with pytest.raises(peguri.ResolveError):
        peguri.parse("a/b").relative_to(base)


NORMALIZATION = [
    ("HTTP://www.Example.com:80/%7Euser/./x", "http://www.example.com/~user/x"),
    ("https://EXAMPLE.com:443", "https://example.com/"),
    ("http://example.com/a/../b/./c", "http://example.com/b/c"),
    ("http://example.com/%7e%41", "http://example.com/~A"),
    ("http://example.com/%c3%a9", "http://example.com/%C3%A9"),
    ("http://example.com:/", "http://example.com/"),
    ("http://[::A]/", "http://[::a]/"),
    ("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"),
]


@pytest.mark.parametrize(("text", "normal"), NORMALIZATION)
def test_normalize(text: str, normal: str) -> None:
    u = peguri.parse(text)
    assert str(u.normalize()) == normal
    assert u.equivalent(normal)
    assert u.equivalent(peguri.parse(normal))


def test_not_equivalent() -> None:
    assert not peguri.parse("http://example.com/a").equivalent("http://example.com/b")
    assert not peguri.parse("http://example.com/?").equivalent("http://example.com/")


def test_replace() -> None:
    u = peguri.parse("http://user@example.com:8080/p?q#f")
    assert str(u.replace(host="example.org", port=9090)) == "http://user@example.org:9090/p?q#f"
    assert str(u.replace(scheme="https", userinfo=None, port=None)) == "https://example.com/p?q#f"
    assert str(u.replace(path="/x/y", query=None, fragment=None)) == "http://user@example.com:8080/x/y"
    assert str(u.replace(authority=None)) == "http:/p?q#f"
    assert str(u) == "http://user@example.com:8080/p?q#f"  # unchanged
    assert str(peguri.parse("a/b").replace(scheme="s")) == "s:a/b"


@pytest.mark.parametrize(
    "changes",
    [
        {"port": "80a"},
        {"host": "exa mple.com"},
        {"path": "rootless"},  # a path after an authority starts with '/'
        {"scheme": "1http"},
        {"query": "a b"},
        {"fragment": "#"},
    ],
)
def test_replace_refuses_what_rfc3986_forbids(changes: dict[str, str]) -> None:
    with pytest.raises(peguri.BuildError) as info:
        peguri.parse("http://example.com/p").replace(**changes)
    assert isinstance(info.value, ValueError)


def test_replace_keeps_the_rule() -> None:
    with pytest.raises(peguri.BuildError):
        peguri.parse_uri("urn:x").replace(scheme=None)
    with pytest.raises(peguri.BuildError):
        peguri.parse("urn:isbn:123").replace(scheme=None)  # would read as a scheme
    with pytest.raises(TypeError):
        peguri.parse("a:b").replace(colour="red")  # type: ignore[call-arg]


def test_iris() -> None:
    iri = peguri.parse_iri("http://例え.jp/パス?q=ü")
    assert iri.is_iri and iri.rule == "IRI"
    assert iri.host == "例え.jp"
    assert str(iri.to_uri()) == "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%C3%BC"
    assert str(iri.to_uri(idna=True)) == "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%BC"
    assert not iri.to_uri().is_iri
    assert str(iri.to_uri().to_iri()) == "http://例え.jp/パス?q=ü"
    with pytest.raises(peguri.ParseError):
        peguri.parse("http://例え.jp/")
    rel = peguri.parse_iri_ref("../画像/ロゴ.png")
    assert rel.rule == "irelative-ref"
    assert str(peguri.parse_iri("http://例え.jp/文書/目次.html").resolve(rel)) == "http://例え.jp/画像/ロゴ.png"
    # Bidirectional formatting characters are not allowed (RFC 3987 4.1).
    with pytest.raises(peguri.ParseError) as info:
        peguri.parse_iri("http://example.com/\u202e")
    assert info.value.kind == "bidi_formatting"
    with pytest.raises(peguri.IdnaError):
        peguri.parse_iri("http://a\u00ad\u200d-.com/").to_uri(idna=True)
    assert str(peguri.parse_iri("HTTP://Example.ORG/caf%C3%A9").normalize()) == "http://example.org/café"


def test_uri_template_expand() -> None:
    t = peguri.UriTemplate("http://example.com/{user}/repos{?page,per_page}{#frag}")
    assert t.variable_names == ["user", "page", "per_page", "frag"]
    assert t.expand(user="octo cat", page=2) == "http://example.com/octo%20cat/repos?page=2"
    assert peguri.UriTemplate("{/list*}{?keys*}").expand(
        list=["a", "b"], keys={"x": "1", "y": "2"}
    ) == "/a/b?x=1&y=2"
    assert peguri.UriTemplate("{a}").expand() == ""
    assert peguri.UriTemplate("{a}").expand(a=None) == ""
    with pytest.raises(peguri.TemplateError):
        peguri.UriTemplate("{unclosed")


def test_uri_template_match() -> None:
    t = peguri.UriTemplate("search://emails{?query,start,end}")
    assert t.match("search://emails?start=1&query=pest%20grammar") == {
        "query": "pest grammar",
        "start": "1",
    }
    assert t.match("other://x") is None
    files = peguri.UriTemplate("file:///{+path}")
    assert files.match("file:///a/b") == {"path": "a/b"}
    with pytest.raises(peguri.TemplateError):
        peguri.UriTemplate("{a}{b}").match("xy")
    assert str(t) == "search://emails{?query,start,end}"
    assert t == peguri.UriTemplate("search://emails{?query,start,end}")


def test_uri_template_owns_its_text() -> None:
    # Made from a string that is gone by the time it matches.
    text = "".join(["/v1/users/", "{id}", "/repos/{repo}"])
    t = peguri.UriTemplate(text)
    del text
    gc.collect()
    found = [t.match(f"/v1/users/{i}/repos/r%2F{i}") for i in range(3)]
    assert found == [{"id": str(i), "repo": f"r/{i}"} for i in range(3)]
    assert t.expand(id="7", repo="x") == "/v1/users/7/repos/x"
    assert hash(t) == hash(peguri.UriTemplate("/v1/users/{id}/repos/{repo}"))
    assert repr(t) == "UriTemplate('/v1/users/{id}/repos/{repo}')"


@pytest.mark.parametrize(
    "url",
    [
        "http://user:pw@example.com:8080/p/a;x?q=1&r#frag",
        "HTTPS://Example.com",
        "mailto:someone@example.com",
        "//h/p",
        "/just/a/path?x",
        "",
        "urn:isbn:0451450523",
        "http://[::1]:80/",
    ],
)
def test_urlsplit_matches_urllib(url: str) -> None:
    ours = peguri.urlsplit(url)
    assert isinstance(ours, urllib.parse.SplitResult)
    assert ours == urllib.parse.urlsplit(url)
    assert ours.geturl() == urllib.parse.urlsplit(url).geturl()


def test_urlsplit_validates() -> None:
    with pytest.raises(peguri.ParseError):
        peguri.urlsplit("http://exa mple.com/")
    assert urllib.parse.urlsplit("http://exa mple.com/").netloc == "exa mple.com"


def test_eq_returns_not_implemented_for_other_types() -> None:
    u = peguri.parse("http://a/")
    t = peguri.UriTemplate("/{x}")
    others: list[object] = [1, "http://a/", None, t]
    for other in others:
        assert u.__eq__(other) is NotImplemented
        assert (u == other) is False and (u != other) is True
    others = [1, "/{x}", u]
    for other in others:
        assert t.__eq__(other) is NotImplemented
        assert (t == other) is False and (t != other) is True
    assert u == peguri.parse("http://a/") and t == peguri.UriTemplate("/{x}")


@pytest.mark.parametrize(
    ("port", "error", "words"),
    [
        (70000, peguri.BuildError, "port must be from 0 to 65535, got 70000"),
        (-1, peguri.BuildError, "port must be from 0 to 65535, got -1"),
        (1.5, TypeError, "port must be an int, a str or None, not float"),
        (True, TypeError, "port must be an int, a str or None, not bool"),
    ],
)
def test_replace_port_errors_speak_python(port: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words) as info:
        peguri.parse("http://a/").replace(port=port)  # type: ignore[arg-type]
    assert isinstance(info.value, (ValueError, TypeError))
    assert not isinstance(info.value, OverflowError)


def test_replace_other_components_must_be_text() -> None:
    with pytest.raises(TypeError, match="host must be a str or None, not int"):
        peguri.parse("http://a/").replace(host=5)  # type: ignore[arg-type]
    with pytest.raises(peguri.BuildError, match="lone surrogate"):
        peguri.parse("http://a/").replace(path="/\udcff")


@pytest.mark.parametrize(
    ("value", "kind"),
    [(b"a", "bytes"), (object(), "object"), ([["a"]], "list"), (True, "bool"), ({"k": b"v"}, "bytes"), ({1: "v"}, "int")],
)
def test_expand_refuses_values_it_cannot_expand(value: object, kind: str) -> None:
    with pytest.raises(TypeError, match=f"variable x .*{kind}.*a str, int or float"):
        peguri.UriTemplate("/{x}").expand(x=value)  # type: ignore[arg-type]


def test_expand_takes_numbers_and_collections_of_them() -> None:
    t = peguri.UriTemplate("/{x}{?y*}{&z*}")
    assert t.expand(x=1.5, y=[1, "a"], z={"k": 2}) == "/1.5?y=1&y=a&k=2"


@pytest.mark.parametrize("text", ["http://a/\udcff", "\ud800", "http://a/p\udcffq?x"])
def test_lone_surrogates_are_invalid_input(text: str) -> None:
    assert peguri.is_valid(text) is False
    for parse in (peguri.parse, peguri.parse_uri, peguri.parse_iri_ref, peguri.parse_iri, UriReference):
        with pytest.raises(peguri.ParseError) as info:
            parse(text)
        assert info.value.kind == "invalid_utf8"
        assert info.value.offset == len(text[: text.index(next(c for c in text if "\ud800" <= c <= "\udfff"))].encode())
    with pytest.raises(peguri.ParseError):
        peguri.parse("http://a/").resolve(text)
    assert peguri.UriTemplate("http://a/{p}").match(text) is None
    with pytest.raises(peguri.TemplateError):
        peguri.UriTemplate("http://a/{p}").expand(p=text)
    with pytest.raises(peguri.TemplateError):
        peguri.UriTemplate(text)


def test_parse_error_never_prints_bidi_or_control_characters() -> None:
    for text in ("http://a/\u202eevil", "http://a/\x1b[2Jb c", "a b\u202e" + "x" * 1000):
        with pytest.raises(peguri.ParseError) as info:
            peguri.parse_iri(text) if "\u202e" in text[:12] else peguri.parse(text)
        shown = str(info.value)
        assert "\u202e" not in shown and "\x1b" not in shown
        assert len(shown) < 400


def test_user_errors_are_value_or_type_errors() -> None:
    with pytest.raises(TypeError, match="text must be a str, not int"):
        peguri.parse(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a str or a UriReference, not int"):
        peguri.parse("http://a/").resolve(5)  # type: ignore[arg-type]


def test_errors_name_python_ways_in() -> None:
    """A message suggests Python's keyword or function, never Rust's or the
    command line's."""
    with pytest.raises(peguri.ParseError) as zone:
        peguri.parse("http://[fe80::1%25en0]/")
    assert zone.value.kind == "invalid_zone_id"
    assert "allow it with allow_zone_id=True" in str(zone.value)
    assert "ParseOptions" not in str(zone.value) and "--allow" not in str(zone.value)
    zoned = peguri.parse("http://[fe80::1%25en0]/", allow_zone_id=True)
    assert zoned.host == "[fe80::1%25en0]"
    assert peguri.parse_iri("http://[fe80::1%25en0]/ä", allow_zone_id=True).path == "/ä"
    with pytest.raises(peguri.ParseError) as relative:
        peguri.parse_uri("//example.com/p")
    assert relative.value.kind == "relative_reference"
    assert "peguri.parse reads it" in str(relative.value)
    assert "UriRef" not in str(relative.value)


@pytest.mark.parametrize(
    ("text", "scheme", "spec", "cited", "offset"),
    [
        ("http://", "http", "RFC 9110", "RFC 9110", 7),
        ("mailto:joe", "mailto", "RFC 6068", "RFC 6068", 10),
        ("urn:a:b", "urn", "RFC 8141", "RFC 8141", 5),
        ("data:text/plain", "data", "RFC 2397", "RFC 2397", 15),
        ("tel:7042", "tel", "RFC 3966", "RFC 3966", 8),
        ("geo:91,0", "geo", "RFC 5870", "RFC 5870", 4),
        ("ws://h/chat#x", "ws", "RFC 6455", "RFC 6455", 11),
        ("file:etc/fstab", "file", "RFC 8089", "RFC 8089", 5),
        ("ftp://h/a?b", "ftp", "RFC 1738", "RFC 1738", 9),
        # The DN's rule is RFC 4514's, the article number's RFC 3977's.
        ("ldap://h/cn=a,,b", "ldap", "RFC 4516", "RFC 4514", 14),
        ("nih:sha-256-32;53269057;c", "nih", "RFC 6920", "RFC 6920", 24),
        ("coap:///x", "coap", "RFC 7252", "RFC 7252", 7),
        ("nntp://h/example.group/0", "nntp", "RFC 5538", "RFC 3977", 23),
    ],
)
def test_scheme_syntax_refuses_what_the_schemes_rfc_refuses(
    text: str, scheme: str, spec: str, cited: str, offset: int
) -> None:
    report = peguri.parse(text).scheme_syntax()
    assert report is not None
    assert list(report) == ["scheme", "spec", "valid", "error", "parts"]
    assert (report["scheme"], report["spec"], report["valid"]) == (scheme, spec, False)
    error = report["error"]
    assert error is not None
    assert error["offset"] == offset
    assert error["message"].endswith(")") and f"({cited} section" in error["message"]
    assert report["parts"] is None


def test_scheme_syntax_parts() -> None:
    urn = peguri.parse("URN:Example:animal:ferret:nose?=q").scheme_syntax()
    assert urn == {
        "scheme": "urn",
        "spec": "RFC 8141",
        "valid": True,
        "error": None,
        "parts": {"nid": "Example", "nss": "animal:ferret:nose", "r_component": None, "q_component": "q"},
    }
    mailto = peguri.parse("mailto:a@example.com?cc=b@example.com&body=hi%20there").scheme_syntax()
    assert mailto is not None and mailto["parts"] == {
        "to": ["a@example.com"],
        "headers": [["cc", "b@example.com"], ["body", "hi there"]],
    }
    data = peguri.parse("data:;base64,SGVsbG8=").scheme_syntax()
    assert data is not None
    assert data["parts"] == {"media_type": None, "base64": True, "data_length": 5}
    geo = peguri.parse("geo:-33.9,151.2;u=12.5").scheme_syntax()
    assert geo is not None and geo["parts"] == {
        "coordinates": [-33.9, 151.2],
        "crs": "wgs84",
        "uncertainty": 12.5,
    }
    tel = peguri.parse("tel:+1-201-555-0123").scheme_syntax()
    assert tel is not None and tel["parts"] == {"number": "+1-201-555-0123", "global": True}
    assert peguri.parse("https://example.com/").scheme_syntax() == {
        "scheme": "https",
        "spec": "RFC 9110",
        "valid": True,
        "error": None,
        "parts": {},
    }


def test_scheme_syntax_of_sip_tag_and_xmpp() -> None:
    sip = peguri.parse("sips:alice:pw@atlanta.com:5061;transport=tls?subject=hi").scheme_syntax()
    assert sip is not None
    assert (sip["scheme"], sip["spec"], sip["valid"]) == ("sips", "RFC 3261", True)
    assert sip["parts"] == {
        "user": "alice",
        "password": "pw",
        "host": "atlanta.com",
        "port": "5061",
        "parameters": [["transport", "tls"]],
        "headers": [["subject", "hi"]],
    }
    tag = peguri.parse("tag:timothy@hpl.hp.com,2001:web/externalHome").scheme_syntax()
    assert tag is not None and tag["parts"] == {
        "authority_name": "timothy@hpl.hp.com",
        "date": "2001",
        "specific": "web/externalHome",
    }
    xmpp = peguri.parse("xmpp:node@example.com/res?message;body=hi").scheme_syntax()
    assert xmpp is not None and xmpp["parts"] == {
        "account": None,
        "node": "node",
        "domain": "example.com",
        "resource": "res",
        "query_type": "message",
        "pairs": [["body", "hi"]],
    }
    refused = peguri.parse("tag:example.com,2001-02-29:x").scheme_syntax()
    assert refused is not None and refused["valid"] is False
    assert refused["error"] == {
        "offset": 24,
        "message": "day 29 is outside 01 to 28 (RFC 4151 section 2.1)",
    }


def test_scheme_syntax_parts_of_ftp_ldap_ni_and_news() -> None:
    ftp = peguri.parse("ftp://anne@ftp.example.com:2121/pub/a.txt;type=i").scheme_syntax()
    assert ftp is not None and ftp["spec"] == "RFC 1738" and ftp["parts"] == {
        "user": "anne",
        "password": None,
        "host": "ftp.example.com",
        "port": 2121,
        "path_segments": ["pub", "a.txt"],
        "type": "i",
    }
    ldap = peguri.parse("ldap:///??sub??!e-bindname=cn=Manager%2cdc=example%2cdc=com").scheme_syntax()
    assert ldap is not None and ldap["parts"] == {
        "host": None,
        "port": None,
        "dn": "",
        "attributes": [],
        "scope": "sub",
        "filter": None,
        "extensions": [{"critical": True, "type": "e-bindname", "value": "cn=Manager,dc=example,dc=com"}],
    }
    nih = peguri.parse("nih:sha-256-120;5326-9057-e12f-e2b7-4ba0-7c89-2560-a2;f").scheme_syntax()
    assert nih is not None and nih["parts"] == {
        "authority": None,
        "algorithm": "sha-256-120",
        "value": "5326-9057-e12f-e2b7-4ba0-7c89-2560-a2",
        "digest": "53269057e12fe2b74ba07c892560a2",
        "query": None,
        "check_digit": "f",
    }
    nntp = peguri.parse("nntp://news.server.example/example.group.this/12345").scheme_syntax()
    assert nntp is not None and nntp["parts"] == {
        "server": "news.server.example",
        "message_id": None,
        "newsgroups": None,
        "group": "example.group.this",
        "article_number": 12345,
    }
    coap = peguri.parse("coap+tcp://example.net/.well-known/core").scheme_syntax()
    assert coap is not None and (coap["scheme"], coap["spec"], coap["parts"]) == ("coap+tcp", "RFC 8323", {})


def test_scheme_syntax_is_none_without_a_grammar() -> None:
    assert peguri.parse("gopher://h/").scheme_syntax() is None
    assert peguri.parse("/relative").scheme_syntax() is None
    # An IRI is checked as its text: the URI grammars allow no "é" here.
    report = peguri.parse_iri("mailto:é@example.com").scheme_syntax()
    assert report is not None and report["valid"] is False
    mapped = peguri.parse_iri("mailto:é@example.com").to_uri().scheme_syntax()
    assert mapped is not None and mapped["valid"] is True


def test_version_is_the_installed_packages() -> None:
    from importlib.metadata import version

    assert peguri.__version__ == version("peguri")
    assert peguri.__version__.count(".") >= 2


def test_common_schemes_and_rules_are_shared_strs() -> None:
    # The getters of most URLs' schemes and of the rule return one shared
    # str each, not a new one per call; other schemes come as written.
    for scheme in ["https", "http", "file", "mailto", "urn", "data"]:
        a, b = peguri.parse(f"{scheme}:x"), peguri.parse(f"{scheme}:y")
        assert a.scheme == scheme and a.scheme is b.scheme
    assert peguri.parse("HTTPS://h/").scheme == "HTTPS"
    assert peguri.parse("web+demo:x").scheme == "web+demo"
    assert peguri.parse("http://a/").rule is peguri.parse("http://b/").rule == "URI"
    assert [peguri.parse(t).rule for t in ["a:b", "b"]] == ["URI", "relative-ref"]
    assert [peguri.parse_iri_ref(t).rule for t in ["a:é", "é"]] == ["IRI", "irelative-ref"]
