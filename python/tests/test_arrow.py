"""peguri.arrow: every function, every input type, NULLs and invalid rows,
the PyCapsule export, the GIL released, and the Polars namespace."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua

URLS = [
    "http://user@example.com:8080/a/./b?q=1#f",
    "a b",
    None,
    "//h",
    "HTTPS://Example.COM:443/%7e",
    "",
]


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


def test_components_nulls_and_invalid() -> None:
    a = pa.array(URLS)
    expected = {
        "scheme": ["http", None, None, None, "HTTPS", None],
        "userinfo": ["user", None, None, None, None, None],
        "host": ["example.com", None, None, "h", "Example.COM", None],
        "port": ["8080", None, None, None, "443", None],
        "path": ["/a/./b", None, None, "", "/%7e", ""],
        "query": ["q=1", None, None, None, None, None],
        "fragment": ["f", None, None, None, None, None],
    }
    for name, values in expected.items():
        assert pylist(getattr(ua, name)(a)) == values, name
    assert pylist(ua.port_number(a)) == [8080, None, None, None, 443, None]
    assert pylist(ua.is_valid(a)) == [True, False, None, True, True, True]
    errors = pylist(ua.error(a))
    assert errors[0] is None and errors[2] is None
    assert "invalid character ' '" in errors[1]


def test_components_match_the_object_api() -> None:
    a = pa.array(URLS)
    rows = pylist(ua.components(a))
    for text, row in zip(URLS, rows):
        if text is None:
            assert row is None
            continue
        if not peguri.is_valid(text):
            assert row["valid"] is False and row["host"] is None
            continue
        u = peguri.parse(text)
        assert row["valid"] is True
        for name in ("scheme", "userinfo", "host", "port", "path", "query", "fragment"):
            assert row[name] == getattr(u, name), (text, name)


def test_parse_struct() -> None:
    rows = pylist(ua.parse(pa.array(URLS)))
    assert rows[0]["rule"] == "URI" and rows[0]["host_kind"] == "reg-name"
    assert rows[1]["valid"] is False
    with pytest.raises(peguri.ParseError) as info:
        peguri.parse("a b")
    assert rows[1]["error_offset"] == info.value.offset
    assert rows[1]["error_column"] == info.value.column
    assert rows[2] is None
    assert rows[3]["rule"] == "relative-ref"


def test_resolve_scalar_and_per_row() -> None:
    refs = pa.array(["../g?y#s", "g;x=1/../y", "a b", None, "http:g"])
    assert pylist(ua.resolve("http://a/b/c/d;p?q", refs)) == [
        "http://a/b/g?y#s",
        "http://a/b/c/y",
        None,
        None,
        "http:g",
    ]
    bases = pa.array(["http://a/b", "http://x/y/", "relative/base", "http://a/", "http://a/"])
    got = pylist(ua.resolve(bases, refs))
    assert got[1] == "http://x/y/y" or got[1] == str(peguri.parse("http://x/y/").resolve("g;x=1/../y"))
    assert got[2] is None and got[3] is None


def test_normalize_equivalent_iri_to_uri_lint() -> None:
    a = pa.array(["HTTP://Example.COM:80/%7Euser/./x", "a b", None])
    assert pylist(ua.normalize(a)) == ["http://example.com/~user/x", None, None]
    b = pa.array(["http://example.com/~user/x", "a b", "x"])
    assert pylist(ua.equivalent(a, b))[0] is True
    iris = pa.array(["http://例え.jp/パス", None, "a b"])
    assert pylist(ua.iri_to_uri(iris)) == [
        str(peguri.parse_iri("http://例え.jp/パス").to_uri()),
        None,
        None,
    ]
    lints = pylist(ua.lint(pa.array(["http://user:secret@example.com/", "http://h/"])))
    assert len(lints) == 2 and isinstance(lints[0], list) and len(lints[0]) >= 1


def test_scheme_valid() -> None:
    urls = pa.array(
        ["urn:example:a", "urn:a:b", "geo:91,0", "http://h/", "gopher://h/", "a b", None, "ftp://h/", "coap:///x"]
    )
    assert pylist(ua.scheme_valid(urls)) == [True, False, False, True, None, None, None, True, False]
    # The same answer as the object API, row by row.
    for url, valid in zip(["urn:example:a", "urn:a:b", "geo:91,0"], [True, False, False]):
        report = peguri.parse(url).scheme_syntax()
        assert report is not None and report["valid"] is valid


@pytest.mark.parametrize(
    "make",
    [
        lambda v: pa.array(v, pa.string()),
        lambda v: pa.array(v, pa.large_string()),
        lambda v: pa.array(v, pa.string_view()),
        lambda v: pa.array(v, pa.string()).dictionary_encode(),
        lambda v: pa.chunked_array([v[:2], v[2:]], pa.string()),
        lambda v: pa.table({"url": v}),
        lambda v: pa.record_batch({"url": pa.array(v)}),
    ],
    ids=["utf8", "large_utf8", "utf8_view", "dictionary", "chunked", "table", "record_batch"],
)
def test_input_types(make: Any) -> None:
    assert pylist(ua.host(make(URLS))) == ["example.com", None, None, "h", "Example.COM", None]


def test_empty_and_wrong_inputs() -> None:
    assert pylist(ua.host(pa.array([], pa.string()))) == []
    assert pylist(ua.host(pa.chunked_array([], pa.string()))) == []
    with pytest.raises(TypeError):
        ua.host(["http://a/"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ua.host(pa.table({"a": ["x"], "b": ["y"]}))
    with pytest.raises(ValueError):
        ua.host(pa.array([1, 2]))


def test_pycapsule_export_without_pyarrow() -> None:
    out = ua.host(pa.array(URLS))
    schema, array = out.__arrow_c_array__()
    assert type(schema).__name__ == "PyCapsule" and type(array).__name__ == "PyCapsule"
    assert len(out) == len(URLS) and out.null_count == 3 and out.data_type == "Utf8"
    assert ua.host(pa.array(URLS), views=True).data_type == "Utf8View"
    assert "ArrowArray" in repr(out)
    # Exported twice: each export is independent.
    assert pylist(out) == pylist(out)
    assert pylist(ua._to_array(pa.chunked_array([["a"], ["b"]]))) == ["a", "b"]


def test_no_pyarrow_at_run_time() -> None:
    """Polars to peguri and back, with pyarrow made unimportable."""
    pytest.importorskip("polars")
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import polars as pl, peguri.arrow as ua\n"
        "s = pl.Series(['http://a/', 'a b', None])\n"
        "print(pl.Series(ua.host(s)).to_list(), pl.Series(ua.is_valid(s)).to_list())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['a', None, None] [True, False, None]"


def test_gil_is_released(corpus: list[str]) -> None:
    """Another Python thread runs while a kernel works: with the GIL held
    it could not run at all in the middle of the call."""
    big = pa.array(corpus * max(1, 300_000 // len(corpus)))
    seen: list[float] = []
    stop = False

    def spin() -> None:
        while not stop:
            seen.append(time.perf_counter())
            time.sleep(0)

    thread = threading.Thread(target=spin)
    thread.start()
    try:
        inside = 0
        for _ in range(3):
            start = time.perf_counter()
            ua.components(big)
            end = time.perf_counter()
            # The middle half of the call is the kernel alone (import and
            # export of the arrays take microseconds).
            quarter = (end - start) / 4
            inside += sum(1 for t in seen if start + quarter < t < end - quarter)
    finally:
        stop = True
        thread.join()
    assert end - start > 0.002, "the call is too short to tell"
    assert inside > 0, "no other thread ran while the kernel worked"


def test_polars_namespace() -> None:
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": URLS})
    out = df.select(
        pl.col("url").uri.host().alias("host"),
        pl.col("url").uri.scheme().alias("scheme"),
        pl.col("url").uri.userinfo().alias("userinfo"),
        pl.col("url").uri.port().alias("port"),
        pl.col("url").uri.port_number().alias("port_number"),
        pl.col("url").uri.path().alias("path"),
        pl.col("url").uri.query().alias("query"),
        pl.col("url").uri.fragment().alias("fragment"),
        pl.col("url").uri.is_valid().alias("valid"),
        pl.col("url").uri.error().alias("error"),
        pl.col("url").uri.normalize().alias("normal"),
        pl.col("url").uri.iri_to_uri().alias("uri"),
        pl.col("url").uri.resolve("http://base/x/").alias("resolved"),
    )
    assert out["host"].to_list() == ["example.com", None, None, "h", "Example.COM", None]
    assert out["valid"].to_list() == [True, False, None, True, True, True]
    assert out["port_number"].dtype == pl.UInt16
    assert out["normal"][4] == "https://example.com/~"
    assert out["resolved"][3] == "http://h"
    parsed = df.select(pl.col("url").uri.parse()).unnest("url")
    assert parsed["valid"].to_list() == [True, False, None, True, True, True]
    comps = df.select(pl.col("url").uri.components()).unnest("url")
    assert comps.columns == ["valid", "scheme", "userinfo", "host", "port", "path", "query", "fragment"]
    checks = df.select(
        pl.col("url").uri.lint().alias("lint"),
        pl.col("url").uri.equivalent("https://example.com/~").alias("same_as_one"),
        pl.col("url").uri.equivalent(pl.col("url").uri.normalize()).alias("same_as_normal"),
        pl.col("url").uri.equivalent(pl.lit("http://h")),
    )
    assert checks.columns == ["lint", "same_as_one", "same_as_normal", "url"]
    assert checks["lint"].dtype == pl.List(pl.String)
    assert checks["lint"].to_list() == pylist(ua.lint(pa.array(URLS)))
    assert checks["same_as_one"].to_list() == [False, None, None, False, True, False]
    assert checks["same_as_normal"].to_list() == [True, None, None, True, True, True]
    # A Series goes to peguri.arrow directly, and back.
    assert pl.Series(ua.host(df["url"])).to_list() == out["host"].to_list()


def test_duckdb() -> None:
    duckdb = pytest.importorskip("duckdb")
    rel = duckdb.sql("select * from (values ('http://a/p'), ('a b'), (NULL)) t(url)")
    assert pylist(ua.host(rel)) == ["a", None, None]
    con = duckdb.connect()
    con.create_function(
        "uri_host",
        lambda urls: pa.array(ua.host(urls)),
        ["VARCHAR"],
        "VARCHAR",
        type="arrow",
        null_handling="special",
    )
    got = con.sql("select uri_host(url) from (values ('http://a/p'), ('a b'), (NULL)) t(url)")
    assert got.fetchall() == [("a",), (None,), (None,)]


def test_scalars_broadcast_where_a_column_is_expected() -> None:
    a = pa.array(["HTTP://A:80/", "http://a/", "http://b/", "a b", None])
    expected = [True, True, False, None, None]
    assert pylist(ua.equivalent(a, "http://A/")) == expected
    assert pylist(ua.equivalent("http://A/", a)) == expected
    # Longer than a view's inline 12 bytes: the views share one copy.
    long = "http://example.com/a/long/path/"
    assert pylist(ua.equivalent(pa.array([long.upper(), long]), long)) == [False, True]
    # A str that is not a URI reference, or not UTF-8, is NULL everywhere.
    assert pylist(ua.equivalent(a, "a b")) == [None] * 5
    assert pylist(ua.equivalent(a, "http://a/\udcff")) == [None] * 5
    assert pylist(ua.equivalent(pa.array([], pa.string()), "http://a/")) == []
    # One reference against a column of bases.
    bases = pa.array(["http://a/b/c", "http://x/y/", "relative/base", None])
    assert pylist(ua.resolve(bases, "../g")) == ["http://a/g", "http://x/g", None, None]


def test_two_scalars_and_lists_are_refused_clearly() -> None:
    with pytest.raises(TypeError, match=r"equivalent\(a, b\): at least one argument must be an Arrow array"):
        ua.equivalent("http://a/", "http://A/")
    with pytest.raises(TypeError, match=r"resolve\(base, references\): at least one argument"):
        ua.resolve("http://a/", "b")


def test_typed_polars_accessor() -> None:
    pl = pytest.importorskip("polars")
    from peguri.polars import UriNamespace, uri

    df = pl.DataFrame({"url": URLS})
    assert isinstance(uri("url"), UriNamespace)
    typed = df.select(uri(pl.col("url")).host().alias("a"), uri("url").host().alias("b"))
    dynamic = df.select(pl.col("url").uri.host())
    assert typed["a"].to_list() == typed["b"].to_list() == dynamic["url"].to_list()
    # The example mypy --strict checks runs, and groups by site.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
    try:
        import polars_typed
    finally:
        sys.path.pop(0)
    visits = pl.DataFrame({"url": ["https://a.example.co.uk/?utm_source=x", "https://b.example.co.uk/", "http://h.io/"]})
    assert polars_typed.sites(visits).rows() == [("example.co.uk", 2, "x"), ("h.io", 1, None)]
