"""``peguri.arrow.query_param`` and the Polars ``uri.query_param``: the
semantics of SQL's ``uri_query_param``, pinned by its documented example
and by the cases peguri-sql's tests hold."""

from __future__ import annotations

from typing import Any

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua

LONG = "http://h/?key=a-value-longer-than-twelve"

# (url, key, value) as peguri-sql's `uri_query_param` gives them.
SQL_CASES: list[tuple[str | None, str, str | None]] = [
    # The documented example: SELECT uri_query_param('http://h/?q=caf%C3%A9&x', 'q'); -- 'café'
    ("http://h/?q=caf%C3%A9&x", "q", "café"),
    ("http://h/?a=1&b=2", "b", "2"),
    ("http://h/?a%20b=c", "a b", "c"),
    # A key without `=` gives ''.
    ("http://h/?flag&x=1", "flag", ""),
    # A repeated key gives its first value.
    ("http://h/?a=1&a=2", "a", "1"),
    # `+` stays `+`.
    ("http://h/?x=a+b", "x", "a+b"),
    (LONG, "key", "a-value-longer-than-twelve"),
    ("http://h/?a=1", "z", None),
    ("http://h/", "a", None),
    ("http://h/?a=1 ", "a", None),
    (None, "a", None),
]


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


@pytest.mark.parametrize("views", [False, True])
def test_sql_semantics(views: bool) -> None:
    for url, key, value in SQL_CASES:
        assert pylist(ua.query_param(pa.array([url], pa.string()), key, views=views)) == [value], (
            url,
            key,
        )


def test_one_key_for_a_batch_and_one_key_per_row() -> None:
    urls = pa.array([url for url, _, _ in SQL_CASES], pa.string())
    keys = pa.array([key for _, key, _ in SQL_CASES])
    expected = [value for _, _, value in SQL_CASES]
    assert pylist(ua.query_param(urls, keys)) == expected
    assert pylist(ua.query_param(urls, keys, views=True)) == expected
    # A NULL key gives NULL.
    assert pylist(ua.query_param(pa.array(["http://h/?a=1"]), pa.array([None], pa.string()))) == [None]
    assert pylist(ua.query_param(urls, "a")) == [
        None,
        "1",
        None,
        None,
        "1",
        None,
        None,
        "1",
        None,
        None,
        None,
    ]
    with pytest.raises(ValueError, match="3 URLs and 2 keys"):
        ua.query_param(pa.array(["http://h/?a"] * 3), pa.array(["a", "b"]))


def test_agrees_with_the_object_api() -> None:
    for url, key, value in SQL_CASES:
        if url is None or not peguri.is_valid(url):
            continue
        pairs = peguri.parse(url).query_pairs()
        first = next(((k, v) for k, v in pairs if k == key), None)
        from_pairs = None if first is None else (first[1] if first[1] is not None else "")
        assert from_pairs == value, (url, key)


def test_polars_namespace() -> None:
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": [url for url, _, _ in SQL_CASES]})
    out = df.select(
        pl.col("url").uri.query_param("a").alias("a"),
        pl.col("url").uri.query_param("flag").alias("flag"),
    )
    assert out["a"].to_list() == pylist(ua.query_param(pa.array(df["url"]), "a"))
    assert out["flag"].to_list() == [None, None, None, "", None, None, None, None, None, None, None]
    assert out["a"].dtype == pl.String
