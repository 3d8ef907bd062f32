"""Public suffixes and registrable domains: ``UriReference.public_suffix``
and ``.registrable_domain``, ``peguri.arrow.public_suffix`` and
``.registrable_domain``, and the Polars namespace's, against the Public
Suffix List project's own test cases, and the cases around them: case,
hosts without a suffix, IDN hosts in either form, the private section,
and the batch functions agreeing with the object API."""

from __future__ import annotations

from typing import Any

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua

# A selection of the list project's `checkPublicSuffix` cases (tests.txt):
# the host, and its registrable domain (None where the list has null).
CHECK_PUBLIC_SUFFIX: list[tuple[str, str | None]] = [
    ("COM", None),
    ("example.COM", "example.com"),
    ("WwW.example.COM", "example.com"),
    (".com", None),
    (".example.com", None),
    ("example", None),
    ("example.example", "example.example"),
    ("a.b.example.example", "example.example"),
    ("uk.com", None),
    ("b.example.uk.com", "example.uk.com"),
    ("mm", None),
    ("c.mm", None),
    ("b.c.mm", "b.c.mm"),
    ("ac.jp", None),
    ("test.ac.jp", "test.ac.jp"),
    ("ide.kyoto.jp", None),
    ("b.ide.kyoto.jp", "b.ide.kyoto.jp"),
    ("c.kobe.jp", None),
    ("b.c.kobe.jp", "b.c.kobe.jp"),
    ("city.kobe.jp", "city.kobe.jp"),
    ("www.city.kobe.jp", "city.kobe.jp"),
    ("xn--85x722f.com.cn", "xn--85x722f.com.cn"),
    ("www.xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
    ("shishi.xn--fiqs8s", "shishi.xn--fiqs8s"),
    ("xn--fiqs8s", None),
]


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


@pytest.mark.parametrize(("host", "expected"), CHECK_PUBLIC_SUFFIX)
def test_the_lists_own_cases(host: str, expected: str | None) -> None:
    url = f"http://{host}/path"
    assert peguri.parse(url).registrable_domain == expected
    assert pylist(ua.registrable_domain(pa.array([url]))) == [expected]


def test_the_lists_own_cases_in_one_batch() -> None:
    urls = pa.array([f"https://{host}:8443/?q" for host, _ in CHECK_PUBLIC_SUFFIX])
    expected = [domain for _, domain in CHECK_PUBLIC_SUFFIX]
    assert pylist(ua.registrable_domain(urls)) == expected
    assert pylist(ua.registrable_domain(urls, views=True)) == expected


def test_public_suffix_and_case() -> None:
    u = peguri.parse("https://WWW.Shop.Example.CO.UK/Path")
    assert u.public_suffix == "co.uk"
    assert u.registrable_domain == "example.co.uk"
    # The default rule `*`: an unlisted TLD is its own suffix.
    assert peguri.parse("http://printer.internal-name/").public_suffix == "internal-name"
    assert peguri.parse("http://a.printer.internal-name/").registrable_domain == (
        "printer.internal-name"
    )


def test_none_where_there_is_none() -> None:
    for url in [
        "http://192.0.2.1/",
        "http://[2001:db8::1]/",
        "http://[v7.x]/",
        "/relative/path",
        "mailto:someone@example.com",
        "http://.example.com/",
        "http://example..com/",
        "http:///no-host",
    ]:
        u = peguri.parse(url)
        assert (u.public_suffix, u.registrable_domain) == (None, None), url
    # A host that is itself a public suffix has a suffix but no domain.
    u = peguri.parse("http://co.uk/")
    assert (u.public_suffix, u.registrable_domain) == ("co.uk", None)


def test_idn_hosts() -> None:
    # U-labels in an IRI, matched through their IDNA mapping, come back as
    # U-labels; A-labels come back as A-labels.
    iri = peguri.parse_iri("https://www.食狮.公司.cn/")
    assert (iri.public_suffix, iri.registrable_domain) == ("公司.cn", "食狮.公司.cn")
    uri = peguri.parse("https://www.xn--85x722f.xn--55qx5d.cn/")
    assert (uri.public_suffix, uri.registrable_domain) == ("xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn")
    # A percent-encoded U-label in a URI's host is decoded.
    encoded = peguri.parse("https://www.b%C3%BCcher.DE/")
    assert encoded.registrable_domain == "bücher.de"
    # The IRI's mapping to a URI keeps the same site, percent-encoded.
    assert iri.to_uri().registrable_domain == "食狮.公司.cn"
    assert iri.to_uri(idna=True).registrable_domain == "xn--85x722f.xn--55qx5d.cn"


def test_private_section() -> None:
    # Both sections of the list apply: github.io is a private suffix.
    u = peguri.parse("https://me.github.io/project/")
    assert (u.public_suffix, u.registrable_domain) == ("github.io", "me.github.io")
    assert peguri.parse("https://github.io/").registrable_domain is None
    assert pylist(ua.public_suffix(pa.array(["https://me.github.io/", "https://foo.blogspot.com/"]))) == [
        "github.io",
        "blogspot.com",
    ]


URLS = [
    "https://www.example.co.uk/a",
    "https://shop.EXAMPLE.co.uk/b",
    "https://me.github.io/",
    "http://192.0.2.1/",
    "a b",
    None,
    "/relative",
    "http://co.uk/",
]


def test_arrow_matches_the_object_api() -> None:
    suffixes = pylist(ua.public_suffix(pa.array(URLS)))
    domains = pylist(ua.registrable_domain(pa.array(URLS)))
    for url, suffix, domain in zip(URLS, suffixes, domains):
        if url is None or not peguri.is_valid(url):
            assert (suffix, domain) == (None, None)
            continue
        u = peguri.parse(url)
        assert (suffix, domain) == (u.public_suffix, u.registrable_domain), url
    assert domains[:3] == ["example.co.uk", "example.co.uk", "me.github.io"]


def test_polars_namespace() -> None:
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": URLS})
    out = df.select(
        pl.col("url").uri.public_suffix().alias("suffix"),
        pl.col("url").uri.registrable_domain().alias("site"),
    )
    assert out["suffix"].to_list() == pylist(ua.public_suffix(pa.array(URLS)))
    assert out["site"].to_list() == [
        "example.co.uk",
        "example.co.uk",
        "me.github.io",
        None,
        None,
        None,
        None,
        None,
    ]
    counts = (
        df.group_by(pl.col("url").uri.registrable_domain().alias("site"))
        .len()
        .filter(pl.col("site").is_not_null())
        .sort("site")
    )
    assert counts.rows() == [("example.co.uk", 2), ("me.github.io", 1)]
