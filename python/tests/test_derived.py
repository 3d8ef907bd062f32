"""The functions that read inside a component: ``query_param`` with
``plus_as_space``, ``query_params``, ``query_param_names``,
``remove_query_params``, ``decode``, ``path_extension`` and ``subdomain``,
through pyarrow (every string layout), Polars, pandas and DuckDB, row by row
against the object API (and, where it has none, against the standard
library); and ``subdomain`` against tldextract's split on the Public Suffix
List project's test hosts."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua

from conftest import REPO

ROWS: list[str | None] = [
    "http://h/?a=1&b=x+y&a=2&flag&e=",
    "https://www.shop.example.co.uk/path/Report.PDF?utm_source=newsletter&id=a-long-value#frag",
    None,
    "http://h/a b?a=1",
    "http://h/?caf%C3%A9=cr%C3%A8me+br%C3%BBl%C3%A9e&k=%FF&first+name=Jo",
    "http://h/?a=1;b=2&&c=3&",
    "http://example.com/archive.tar.gz",
    "http://h/?",
    "../g?y=1#s",
    "mailto:someone@example.com?subject=hi%20there",
    "",
    "http://0x7f.1/index.html?utm_medium=x&fbclid=1",
    "https://a.b.me.github.io/.htaccess?%75tm_campaign=%2B",
    "http://co.uk/dir.d/",
    "http://WWW.Example.COM/a..b",
    "%zz+100%",
]


def rows_of(corpus: list[str], n: int = 2000) -> list[str | None]:
    """ROWS and a sample of the corpus."""
    rng = random.Random(53)
    return ROWS + list(rng.sample(corpus, min(n, len(corpus))))


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


def parsed(text: str | None) -> peguri.UriReference | None:
    if text is None or not peguri.is_valid(text):
        return None
    return peguri.parse(text)


# --- What each row gives, by the object API and the standard library ---


def pairs(text: str | None, plus_as_space: bool = False) -> list[dict[str, str]] | None:
    u = parsed(text)
    if u is None:
        return None
    return [
        {"key": k, "value": "" if v is None else v}
        for k, v in u.query_pairs(plus_as_space=plus_as_space)
    ]


def names(text: str | None, plus_as_space: bool = False) -> list[str] | None:
    found = pairs(text, plus_as_space)
    return None if found is None else [p["key"] for p in found]


def first_value(text: str | None, key: str, plus_as_space: bool) -> str | None:
    found = pairs(text, plus_as_space)
    return next((p["value"] for p in found or [] if p["key"] == key), None)


def key_octets(raw: str, plus_as_space: bool) -> bytes:
    return urllib.parse.unquote_to_bytes(raw.replace("+", " ") if plus_as_space else raw)


def removed(text: str | None, keys: Sequence[str], plus_as_space: bool = False) -> str | None:
    """The row without the pairs of ``keys``, cut by hand: the query is
    between the first ``?`` and the next ``#``; its pieces are kept with
    their text and joined by the ``&`` they were separated by."""
    u = parsed(text)
    if u is None or text is None:
        return None
    if u.query is None:
        return text
    exact = [k.encode() for k in keys if not k.endswith("*")]
    prefixes = [k[:-1].encode() for k in keys if k.endswith("*")]

    def matches(piece: str) -> bool:
        if piece == "":
            return False
        key = key_octets(piece.split("=", 1)[0], plus_as_space)
        return key in exact or any(key.startswith(p) for p in prefixes)

    pieces = u.query.split("&")
    kept = [p for p in pieces if not matches(p)]
    if len(kept) == len(pieces):
        return text
    start = text.index("?")
    end = text.find("#", start)
    end = len(text) if end < 0 else end
    query = "&".join(kept)
    return text[:start] + ("" if query == "" else "?" + query) + text[end:]


def decoded(text: str | None, plus_as_space: bool = False) -> str | None:
    if text is None:
        return None
    unquote = urllib.parse.unquote_plus if plus_as_space else urllib.parse.unquote
    return unquote(text, errors="replace")


def extension(text: str | None) -> str | None:
    u = parsed(text)
    if u is None or not u.segments:
        return None
    stem, dot, ext = u.segments[-1].rpartition(".")
    fits = (
        dot == "."
        and stem != ""
        and not stem.endswith(".")
        and 1 <= len(ext) <= 10
        and ext.isascii()
        and ext.isalnum()
    )
    return ext.lower() if fits else None


def subdomain(text: str | None) -> str | None:
    u = parsed(text)
    return None if u is None else u.subdomain


KEYS = ["utm_*", "fbclid", "a", "first name"]

# Each function, called on a column (with ``views`` as a keyword), and what
# each row gives.
CASES: dict[str, tuple[Callable[..., Any], Callable[[str | None], Any]]] = {
    "query_param": (
        lambda a, **kw: ua.query_param(a, "a", **kw),
        lambda t: first_value(t, "a", False),
    ),
    "query_param, plus as space": (
        lambda a, **kw: ua.query_param(a, "first name", plus_as_space=True, **kw),
        lambda t: first_value(t, "first name", True),
    ),
    "query_params": (ua.query_params, pairs),
    "query_params, plus as space": (
        lambda a, **kw: ua.query_params(a, plus_as_space=True, **kw),
        lambda t: pairs(t, True),
    ),
    "query_param_names": (ua.query_param_names, names),
    "remove_query_params": (
        lambda a, **kw: ua.remove_query_params(a, KEYS, **kw),
        lambda t: removed(t, KEYS),
    ),
    "remove_query_params, plus as space": (
        lambda a, **kw: ua.remove_query_params(a, ("first name", "k"), plus_as_space=True, **kw),
        lambda t: removed(t, ["first name", "k"], True),
    ),
    "decode": (ua.decode, decoded),
    "decode, plus as space": (
        lambda a, **kw: ua.decode(a, plus_as_space=True, **kw),
        lambda t: decoded(t, True),
    ),
    "path_extension": (ua.path_extension, extension),
    "subdomain": (ua.subdomain, subdomain),
}

LAYOUTS: dict[str, Callable[[list[str | None]], Any]] = {
    "string": lambda v: pa.array(v, pa.string()),
    "large_string": lambda v: pa.array(v, pa.large_string()),
    "string_view": lambda v: pa.array(v, pa.string_view()),
    "dictionary": lambda v: pa.array(v, pa.string()).dictionary_encode(),
    "chunked": lambda v: pa.chunked_array([v[: len(v) // 3], v[len(v) // 3 :]], pa.string()),
    "sliced": lambda v: pa.array(["http://before/?a=1", None, *v], pa.string()).slice(2, len(v)),
}


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("case", list(CASES))
def test_pyarrow_row_by_row(corpus: list[str], layout: str, case: str) -> None:
    rows = rows_of(corpus)
    function, expected = CASES[case]
    got = pylist(function(LAYOUTS[layout](rows)))
    want = [expected(t) for t in rows]
    for row, g, w in zip(rows, got, want):
        assert g == w, (case, row)


@pytest.mark.parametrize("case", list(CASES))
def test_views_give_the_same_rows(case: str) -> None:
    function, expected = CASES[case]
    data = pa.array(ROWS, pa.string())
    views, plain = function(data, views=True), function(data)
    assert "string_view" in str(pa.array(views).type), case
    assert "string_view" not in str(pa.array(plain).type), case
    assert pylist(views) == pylist(plain) == [expected(t) for t in ROWS]


def test_what_the_rows_are() -> None:
    """The documented answers, for a few rows."""
    urls = pa.array(ROWS[:2], pa.string())
    assert pylist(ua.query_params(urls, plus_as_space=True))[0] == [
        {"key": "a", "value": "1"},
        {"key": "b", "value": "x y"},
        {"key": "a", "value": "2"},
        {"key": "flag", "value": ""},
        {"key": "e", "value": ""},
    ]
    assert pylist(ua.query_param(urls, "b")) == ["x+y", None]
    assert pylist(ua.query_param(urls, "b", plus_as_space=True)) == ["x y", None]
    assert pylist(ua.query_param_names(urls)) == [
        ["a", "b", "a", "flag", "e"],
        ["utm_source", "id"],
    ]
    assert pylist(ua.remove_query_params(urls, "utm_*")) == [
        ROWS[0],
        "https://www.shop.example.co.uk/path/Report.PDF?id=a-long-value#frag",
    ]
    assert pylist(ua.remove_query_params(urls, ["*"])) == [
        "http://h/",
        "https://www.shop.example.co.uk/path/Report.PDF#frag",
    ]
    assert pylist(ua.path_extension(urls)) == [None, "pdf"]
    assert pylist(ua.subdomain(urls)) == [None, "www.shop"]
    assert pylist(ua.decode(pa.array(["a%2Bb+c%20%FF", "100%"]))) == ["a+b+c \ufffd", "100%"]
    assert pylist(ua.decode(pa.array(["a%2Bb+c"]), plus_as_space=True)) == ["a+b c"]
    # A type of result pyarrow, Polars and DuckDB read.
    assert pa.array(ua.query_params(urls)).type == pa.list_(
        pa.struct([pa.field("key", pa.string(), False), pa.field("value", pa.string(), False)])
    )


def test_keys_per_row_and_wrong_keys() -> None:
    urls = pa.array(["http://h/?a=1&b=2"] * 3 + [None], pa.string())
    keys = pa.array([["a"], ["b", None], None, ["a"]], pa.list_(pa.string()))
    assert pylist(ua.remove_query_params(urls, keys)) == [
        "http://h/?b=2",
        "http://h/?a=1",
        None,
        None,
    ]
    with pytest.raises(TypeError, match=r"keys\[1\] is int, not a str"):
        ua.remove_query_params(urls, ["a", 1])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="a list of strings per row, not Utf8"):
        ua.remove_query_params(urls, pa.array(["a", "b", "c", "d"]))
    with pytest.raises(ValueError, match="4 URLs and 1 lists of keys"):
        ua.remove_query_params(urls, pa.array([["a"]]))
    # A key that is not UTF-8 (a lone surrogate) names no key.
    assert pylist(ua.remove_query_params(urls[:1], ["\udcff"])) == ["http://h/?a=1&b=2"]


def test_object_api_subdomain_and_form_pairs() -> None:
    u = peguri.parse("https://A.B.Example.co.uk/?first+name=Jo+Ann&x=%2B")
    assert (u.subdomain, u.registrable_domain, u.public_suffix) == ("a.b", "example.co.uk", "co.uk")
    assert u.query_pairs() == [("first+name", "Jo+Ann"), ("x", "+")]
    assert u.query_pairs(plus_as_space=True) == [("first name", "Jo Ann"), ("x", "+")]
    assert peguri.parse("https://example.co.uk/").subdomain == ""
    for url in ["http://co.uk/", "http://192.0.2.1/", "http://[::1]/", "/relative"]:
        assert peguri.parse(url).subdomain is None, url


@pytest.mark.parametrize("host", ["0x7f.1", "0X7F.1", "127.1", "0177.0.0.1", "2130706433", "%30x7f.1"])
def test_a_host_that_reads_as_an_ipv4_address_is_no_site(host: str) -> None:
    """RFC 3986 section 7.4: what inet_aton and browsers read as 127.0.0.1
    (and peguri's lint flags as ambiguous-ipv4) has no public suffix,
    registrable domain or subdomain, in the object API and in batches."""
    url = f"http://{host}/"
    u = peguri.parse(url)
    assert (u.public_suffix, u.registrable_domain, u.subdomain) == (None, None, None)
    urls = pa.array([url])
    for function in (ua.public_suffix, ua.registrable_domain, ua.subdomain):
        assert pylist(function(urls)) == [None]


def test_polars_row_by_row(corpus: list[str]) -> None:
    pl = pytest.importorskip("polars")
    rows = rows_of(corpus)
    df = pl.DataFrame({"url": pl.Series(rows, dtype=pl.String)})
    uri = pl.col("url").uri
    out = df.select(
        uri.query_params().alias("query_params"),
        uri.query_params(plus_as_space=True).alias("query_params, plus as space"),
        uri.query_param_names().alias("query_param_names"),
        uri.query_param("a").alias("query_param"),
        uri.query_param("first name", plus_as_space=True).alias("query_param, plus as space"),
        uri.remove_query_params(KEYS).alias("remove_query_params"),
        uri.remove_query_params(("first name", "k"), plus_as_space=True).alias(
            "remove_query_params, plus as space"
        ),
        uri.decode().alias("decode"),
        uri.decode(plus_as_space=True).alias("decode, plus as space"),
        uri.path_extension().alias("path_extension"),
        uri.subdomain().alias("subdomain"),
    )
    assert out.schema["query_params"] == pl.List(pl.Struct({"key": pl.String, "value": pl.String}))
    assert out.schema["query_param_names"] == pl.List(pl.String)
    for case in out.columns:
        _, expected = CASES[case]
        assert out[case].to_list() == [expected(t) for t in rows], case
    # The typed accessor is the same namespace.
    from peguri.polars import uri as typed

    again = df.select(typed("url").subdomain())
    assert again["url"].to_list() == out["subdomain"].to_list()


@pytest.mark.parametrize(
    "dtype", ["object", "str", "string[pyarrow]", "arrow"], ids=lambda d: f"pandas {d}"
)
def test_pandas_row_by_row(corpus: list[str], dtype: str) -> None:
    pd = pytest.importorskip("pandas")
    rows = rows_of(corpus, 500)
    if dtype == "arrow":
        series = pd.Series(rows, dtype=pd.ArrowDtype(pa.string()))
    else:
        series = pd.Series(rows, dtype=dtype)
    for case, (function, expected) in CASES.items():
        got = function(series).to_pandas()
        assert len(got) == len(rows), case
        want = [expected(t) for t in rows]
        for g, w, row in zip(got.tolist(), want, rows):
            if w is None:
                assert g is None or g != g, (case, row)  # NaN for a missing string
            elif isinstance(w, list):
                # pandas holds a list as a NumPy array of objects.
                assert list(g) == w, (case, row)
            else:
                assert g == w, (case, row)


def test_duckdb_row_by_row(corpus: list[str]) -> None:
    duckdb = pytest.importorskip("duckdb")
    import peguri.duckdb

    rows = rows_of(corpus)
    con = duckdb.connect()
    peguri.duckdb.register(con)
    con.register("urls_arrow", pa.table({"n": list(range(len(rows))), "url": pa.array(rows, pa.string())}))
    con.execute("CREATE TABLE urls AS SELECT n, url FROM urls_arrow")
    sql = {
        "query_params": "uri_query_params(url)",
        "query_param_names": "uri_query_param_names(url)",
        "query_param": "uri_query_param(url, 'a')",
        "remove_query_params": "uri_remove_query_params(url, ['utm_*', 'fbclid', 'a', 'first name'])",
        "decode": "uri_decode(url)",
        "path_extension": "uri_path_extension(url)",
        "subdomain": "uri_subdomain(url)",
    }
    for case, call in sql.items():
        got = [row[0] for row in con.sql(f"SELECT {call} FROM urls ORDER BY n").fetchall()]
        _, expected = CASES[case]
        assert got == [expected(t) for t in rows], case
    # A relation is an input of peguri.arrow, with the keyword SQL lacks.
    relation = con.sql("SELECT url FROM urls ORDER BY n")
    got = pylist(ua.query_params(relation, plus_as_space=True))
    assert got == [pairs(t, True) for t in rows]
    assert str(con.sql("SELECT uri_query_params('http://h/?a=1') AS p").types[0]) == (
        "STRUCT(\"key\" VARCHAR, \"value\" VARCHAR)[]"
    )


# --- tldextract's split, on the Public Suffix List project's test hosts ---


def psl_test_hosts() -> list[str]:
    """The hosts of the list project's ``checkPublicSuffix`` tests, as the
    ``publicsuffix`` crate ships them (``tests/tests.txt``), found through
    ``cargo metadata``; a selection of them when cargo is not there."""
    hosts = [
        "example.COM", "WwW.example.COM", "a.b.example.example", "b.example.uk.com",
        "a.b.example.uk.com", "b.c.mm", "a.b.c.mm", "test.ac.jp", "www.test.ac.jp",
        "b.ide.kyoto.jp", "a.b.ide.kyoto.jp", "b.c.kobe.jp", "a.b.c.kobe.jp",
        "city.kobe.jp", "www.city.kobe.jp", "www.www.ck", "a.b.test.ck",
        "www.xn--85x722f.com.cn", "shishi.xn--fiqs8s", "a.b.k12.ak.us",
    ]  # fmt: skip
    cargo = shutil.which("cargo")
    if cargo is None:
        return hosts
    out = subprocess.run(
        [cargo, "metadata", "--format-version", "1", "--features", "psl"],
        cwd=REPO,
        capture_output=True,
        check=False,
    )
    if out.returncode != 0:
        return hosts
    package = next(p for p in json.loads(out.stdout)["packages"] if p["name"] == "publicsuffix")
    tests = Path(package["manifest_path"]).parent / "tests" / "tests.txt"
    found = []
    for line in tests.read_text(encoding="utf-8").splitlines():
        words = line.split()
        if words and not line.startswith("//") and words[0] != "null":
            found.append(words[0])
    assert len(found) > 60, len(found)
    return found


def test_subdomain_agrees_with_tldextract() -> None:
    """peguri's ``subdomain``, ``registrable_domain`` and ``public_suffix``
    are tldextract's ``subdomain``, ``domain.suffix`` and ``suffix`` on every
    host the list's tests name, both run offline on their built-in lists
    (private section included), except where tldextract reads a name the
    list has no rule for: it gives no suffix there, where the list's
    default rule ``*`` makes the last label the suffix."""
    tldextract = pytest.importorskip("tldextract")
    extract = tldextract.TLDExtract(
        suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True
    )
    checked = 0
    for host in psl_test_hosts():
        for name in (host, f"sub.{host}"):
            try:
                u = peguri.parse_iri_ref(f"http://{name}/")
            except peguri.ParseError:
                continue
            theirs = extract(name)
            ours = (u.subdomain, u.registrable_domain, u.public_suffix)
            if theirs.suffix == "" and ours[2] is not None:
                # No rule of the list: tldextract has no suffix, the list's
                # default rule `*` makes the last label one.
                assert ours[2] == name.lower().rsplit(".", 1)[-1], name
                continue
            if ours[1] is None:
                # A public suffix, or a name with an empty label: no domain.
                assert theirs.domain == "" or "" in name.split("."), (name, theirs)
                continue
            their_subdomain = theirs.subdomain.lower()
            their_domain = f"{theirs.domain}.{theirs.suffix}".lower()
            assert ours[:2] == (their_subdomain, their_domain), (name, theirs)
            checked += 1
    assert checked >= 100, checked
