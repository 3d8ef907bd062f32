"""peguri.arrow's error message, offset and column, the pieces that span
or trim components and the removals, over pyarrow, Polars, pandas and
DuckDB, row by row against the object API."""

from __future__ import annotations

from typing import Any, Callable

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua

URLS = [
    "http://user:pw@www.example.com:8080/a/b?q=1&r=2#frag",
    "https://WWW.Example.CO.UK/",
    "http://www./p",
    "http://h/p?#",
    "http://h/p#only-a-fragment",
    "http://h?q",
    "http://[2001:db8::7]:80/x?y",
    "http://127.0.0.1/",
    "http://localhost./",
    "https://shop.example.co.uk/a-long-path?and=a-query#and-a-fragment",
    "../g?y#s",
    "mailto:someone@example.com",
    "",
    "http://h/a b",
    "http://h/a/longer/path/a b",
    "http://[::1/",
    None,
]


def parsed(url: str | None) -> peguri.UriReference | None:
    return peguri.parse(url) if url is not None and peguri.is_valid(url) else None


def recompose(u: peguri.UriReference, host: str | None = None, query: bool = True, fragment: bool = True) -> str:
    """The reference's components joined again (RFC 3986 section 5.3)."""
    out = f"{u.scheme}:" if u.scheme is not None else ""
    if u.authority is not None:
        userinfo = f"{u.userinfo}@" if u.userinfo is not None else ""
        port = f":{u.port}" if u.port is not None else ""
        out += f"//{userinfo}{host if host is not None else u.host}{port}"
    out += u.path
    if query and u.query is not None:
        out += f"?{u.query}"
    if fragment and u.fragment is not None:
        out += f"#{u.fragment}"
    return out


def without_www(host: str) -> str | None:
    first, dot, rest = host.partition(".")
    return rest if dot and first.lower() == "www" and rest else None


def query_and_fragment(u: peguri.UriReference) -> str | None:
    if u.query is not None:
        return u.query + (f"#{u.fragment}" if u.fragment is not None else "")
    return f"#{u.fragment}" if u.fragment is not None else None


def path_query_and_fragment(u: peguri.UriReference) -> str:
    whole = recompose(u)
    return whole[len(recompose(u, query=False, fragment=False)) - len(u.path) :]


def host_without_www(u: peguri.UriReference) -> str | None:
    return None if u.host is None else without_www(u.host) or u.host


def top_level_domain(u: peguri.UriReference) -> str | None:
    if u.host is None or u.host_kind != "reg-name":
        return None
    last = u.host.rstrip(".").rsplit(".", 1)[-1]
    return None if last.isdigit() or last == "" else last


def registrable_label(u: peguri.UriReference) -> str | None:
    domain = u.registrable_domain
    return None if domain is None else domain.split(".")[0]


def remove_www(u: peguri.UriReference) -> str:
    return recompose(u, host=without_www(u.host) if u.host is not None else None)


# Each function and what it gives for a valid row, from the object API.
EXPECTED: dict[str, Callable[[peguri.UriReference], Any]] = {
    "query_and_fragment": query_and_fragment,
    "path_query_and_fragment": path_query_and_fragment,
    "host_without_www": host_without_www,
    "top_level_domain": top_level_domain,
    "registrable_label": registrable_label,
    "remove_www": remove_www,
    "remove_query": lambda u: recompose(u, query=False),
    "remove_fragment": lambda u: recompose(u, fragment=False),
    "remove_query_and_fragment": lambda u: recompose(u, query=False, fragment=False),
}


def expected(name: str) -> list[Any]:
    return [None if (u := parsed(url)) is None else EXPECTED[name](u) for url in URLS]


def error_of(url: str | None) -> tuple[Any, Any, Any]:
    """The message, offset and column of ``ParseError`` for ``url``."""
    if url is not None:
        try:
            peguri.parse(url)
        except peguri.ParseError as error:
            return (error.message, error.offset, error.column)
    return (None, None, None)


def errors() -> list[tuple[Any, Any, Any]]:
    return [error_of(url) for url in URLS]


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


@pytest.mark.parametrize("views", [False, True])
@pytest.mark.parametrize("name", list(EXPECTED))
def test_pieces_agree_with_the_object_api(name: str, views: bool) -> None:
    function = getattr(ua, name)
    for layout in (pa.string(), pa.large_string(), pa.string_view()):
        assert pylist(function(pa.array(URLS, layout), views=views)) == expected(name), (name, layout)
    dictionary = pa.array(URLS, pa.string()).dictionary_encode()
    assert pylist(function(dictionary, views=views)) == expected(name), name


def test_error_is_the_message_and_the_position_is_apart() -> None:
    a = pa.array(URLS)
    got = list(zip(pylist(ua.error(a)), pylist(ua.error_offset(a)), pylist(ua.error_column(a))))
    assert got == errors()
    assert pa.array(ua.error_offset(a)).type == pa.uint64()
    # One cause at two places: one message, so grouping counts causes.
    i, j = URLS.index("http://h/a b"), URLS.index("http://h/a/longer/path/a b")
    assert got[i][0] == got[j][0] == "invalid character ' ' in path"
    assert (got[i][1], got[j][1]) == (10, 24)


def test_pandas_value_counts_groups_by_cause() -> None:
    pd = pytest.importorskip("pandas")
    series = pd.Series(URLS, dtype="string[pyarrow]")
    counts = ua.error(series).to_pandas().value_counts()
    assert counts["invalid character ' ' in path"] == 2
    assert ua.error_column(series).to_pandas().dropna().tolist() == [e[2] for e in errors() if e[2] is not None]
    removed = ua.remove_query(series).to_pandas()
    assert [None if pd.isna(v) else v for v in removed] == expected("remove_query")


def test_polars_namespace() -> None:
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": URLS})
    for name in EXPECTED:
        out = df.select(getattr(pl.col("url").uri, name)())
        assert out["url"].to_list() == expected(name), name
    out = df.select(
        pl.col("url").uri.error().alias("message"),
        pl.col("url").uri.error_offset().alias("offset"),
        pl.col("url").uri.error_column().alias("column"),
    )
    assert out.schema["offset"] == pl.UInt64
    assert list(out.iter_rows()) == errors()


def test_duckdb_functions() -> None:
    duckdb = pytest.importorskip("duckdb")
    import peguri.duckdb

    con = duckdb.connect()
    peguri.duckdb.register(con)
    con.execute("CREATE TABLE t (n INTEGER, url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(URLS)))
    for name in EXPECTED:
        rows = con.sql(f"SELECT uri_{name}(url) FROM t ORDER BY n").fetchall()
        assert [r[0] for r in rows] == expected(name), name
    rows = con.sql("SELECT uri_error(url), uri_error_offset(url), uri_error_column(url) FROM t ORDER BY n")
    assert rows.fetchall() == errors()
