"""peguri.duckdb.register: every function in DuckDB's SQL, typed, NULL for
NULL, and the GROUP BY of registrable domains."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua

duckdb: Any = pytest.importorskip("duckdb")
import peguri.duckdb  # noqa: E402

VISITS = [
    "https://www.example.co.uk/a",
    "https://shop.example.co.uk/b?id=1",
    "https://EXAMPLE.co.uk/",
    "https://me.github.io/x",
    "https://you.github.io/",
    "https://news.example.com/",
    "http://192.0.2.1/",
    "a b",
    None,
]


@pytest.fixture
def con() -> Any:
    con = duckdb.connect()
    peguri.duckdb.register(con)
    con.execute("CREATE TABLE visits (url VARCHAR)")
    con.executemany("INSERT INTO visits VALUES (?)", [[url] for url in VISITS])
    return con


def test_group_by_registrable_domain(con: Any) -> None:
    rows = con.sql(
        "SELECT uri_registrable_domain(url) AS site, count(*) AS n FROM visits "
        "GROUP BY site ORDER BY n DESC, site NULLS LAST"
    ).fetchall()
    assert rows == [
        ("example.co.uk", 3),
        (None, 3),
        ("example.com", 1),
        ("me.github.io", 1),
        ("you.github.io", 1),
    ]


def test_group_by_over_the_corpus(con: Any, corpus: list[str]) -> None:
    con.register("corpus_arrow", pa.table({"url": pa.array(corpus, pa.string())}))
    con.execute("CREATE TABLE corpus AS SELECT url FROM corpus_arrow")
    expected = Counter(
        peguri.parse(url).registrable_domain if peguri.is_valid(url) else None for url in corpus
    )
    rows = con.sql(
        "SELECT uri_registrable_domain(url) AS site, count(*) AS n FROM corpus "
        "GROUP BY site ORDER BY n DESC, site"
    ).fetchall()
    assert dict(rows) == dict(expected)
    assert sum(n for _, n in rows) == len(corpus)


# A call of each registered function, and what peguri.arrow gives for it.
CALLS: dict[str, tuple[str, Any]] = {
    "uri_parse": ("uri_parse(url).host", lambda a: [r and r["host"] for r in pylist(ua.parse(a))]),
    "uri_scheme": ("uri_scheme(url)", ua.scheme),
    "uri_authority": ("uri_authority(url)", lambda a: ua.component(a, "authority")),
    "uri_userinfo": ("uri_userinfo(url)", ua.userinfo),
    "uri_host": ("uri_host(url)", ua.host),
    "uri_port": ("uri_port(url)", ua.port),
    "uri_path": ("uri_path(url)", ua.path),
    "uri_query": ("uri_query(url)", ua.query),
    "uri_fragment": ("uri_fragment(url)", ua.fragment),
    "uri_port_number": ("uri_port_number(url)", ua.port_number),
    "uri_query_param": ("uri_query_param(url, 'id')", lambda a: ua.query_param(a, "id")),
    "uri_is_valid": ("uri_is_valid(url)", ua.is_valid),
    "uri_error": ("uri_error(url)", ua.error),
    "uri_resolve": ("uri_resolve('http://a/b/c', url)", lambda a: ua.resolve("http://a/b/c", a)),
    "uri_normalize": ("uri_normalize(url)", ua.normalize),
    "uri_equivalent": ("uri_equivalent(url, 'HTTPS://example.co.uk:443/')", lambda a: ua.equivalent(a, "HTTPS://example.co.uk:443/")),
    "iri_to_uri": ("iri_to_uri(url)", ua.iri_to_uri),
    "uri_lint": ("uri_lint(url)", ua.lint),
    "uri_scheme_valid": ("uri_scheme_valid(url)", ua.scheme_valid),
    "uri_public_suffix": ("uri_public_suffix(url)", ua.public_suffix),
    "uri_registrable_domain": ("uri_registrable_domain(url)", ua.registrable_domain),
    # Inside components.
    "uri_subdomain": ("uri_subdomain(url)", ua.subdomain),
    "uri_query_params": ("uri_query_params(url)", ua.query_params),
    "uri_query_param_names": ("uri_query_param_names(url)", ua.query_param_names),
    "uri_remove_query_params": (
        "uri_remove_query_params(url, ['id', 'utm_*'])",
        lambda a: ua.remove_query_params(a, ["id", "utm_*"]),
    ),
    "uri_decode": ("uri_decode(url)", ua.decode),
    "uri_path_extension": ("uri_path_extension(url)", ua.path_extension),
}
# Where an invalid URI's error is, pieces of components, removals.
CALLS.update({f"uri_{name}": (f"uri_{name}(url)", getattr(ua, name)) for name in [
    "error_offset",
    "error_column",
    "query_and_fragment",
    "path_query_and_fragment",
    "host_without_www",
    "top_level_domain",
    "registrable_label",
    "remove_www",
    "remove_query",
    "remove_fragment",
    "remove_query_and_fragment",
]})


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


def test_every_registered_name_is_callable(con: Any) -> None:
    assert set(CALLS) == set(peguri.duckdb.FUNCTIONS)
    registered = {
        name
        for (name,) in con.sql(
            "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_type = 'scalar'"
        ).fetchall()
    }
    assert set(CALLS) <= registered
    urls = pa.array(VISITS, pa.string())
    for name, (call, expected) in CALLS.items():
        got = [row[0] for row in con.sql(f"SELECT {call} FROM visits").fetchall()]
        want = expected(urls)
        assert got == (want if isinstance(want, list) else pylist(want)), name


def test_types_and_argument_order(con: Any) -> None:
    types = con.sql(
        "SELECT uri_port_number(url) AS port, uri_is_valid(url) AS valid, uri_lint(url) AS lint, "
        "uri_parse(url) AS parsed, uri_host(url) AS host FROM visits"
    ).types
    assert [str(t) for t in types[:3]] == ["USMALLINT", "BOOLEAN", "VARCHAR[]"]
    assert str(types[3]).startswith("STRUCT(\"valid\" BOOLEAN, \"rule\" VARCHAR, scheme VARCHAR")
    assert str(types[4]) == "VARCHAR"
    # peguri-sql's order: the base first; the URL first, then the key.
    row = con.sql(
        "SELECT uri_resolve('http://a/b/c', '../g'), uri_query_param('http://h/?a=1&a=2&f', 'a'), "
        "uri_query_param('http://h/?a=1&a=2&f', 'f'), uri_query_param('http://h/', 'a')"
    ).fetchall()[0]
    assert row == ("http://a/g", "1", "", None)
    # NULL in, NULL out, for every argument.
    row = con.sql(
        "SELECT uri_host(NULL), uri_is_valid(NULL), uri_resolve(NULL, 'g'), uri_resolve('http://a/', NULL), "
        "uri_query_param('http://h/?a=1', NULL), uri_equivalent(NULL, 'http://a/')"
    ).fetchall()[0]
    assert row == (None, None, None, None, None, None)
