"""The corpus (109,062 lines of ../shared/corpus, or generated URLs without
it) through pyarrow, Polars, DuckDB and pandas: as many invalid rows as the
object API and the CLI count at test time."""

from __future__ import annotations

from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import peguri.arrow as ua


def invalid_rows(valid: Any) -> int:
    return int(pc.sum(pc.invert(pa.array(valid))).as_py() or 0)


def test_pyarrow(corpus: list[str], expected_invalid: int) -> None:
    valid = ua.is_valid(pa.array(corpus))
    assert len(valid) == len(corpus)
    assert invalid_rows(valid) == expected_invalid
    comps = pa.array(ua.components(pa.array(corpus)))
    assert invalid_rows(comps.field("valid")) == expected_invalid
    # Invalid rows have no components, and every valid row has a path.
    assert comps.field("path").null_count == expected_invalid


def test_pyarrow_chunked_large_and_dictionary(corpus: list[str], expected_invalid: int) -> None:
    half = len(corpus) // 2
    chunked = pa.chunked_array([corpus[:half], corpus[half:]], pa.large_string())
    assert invalid_rows(ua.is_valid(chunked)) == expected_invalid
    assert invalid_rows(ua.is_valid(pa.array(corpus).dictionary_encode())) == expected_invalid


def test_polars(corpus: list[str], expected_invalid: int) -> None:
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": corpus})
    counted = df.select((~pl.col("url").uri.is_valid()).sum()).item()
    assert counted == expected_invalid
    hosts = df.select(pl.col("url").uri.host()).to_series()
    assert hosts.len() == len(corpus)


def test_duckdb(corpus: list[str], expected_invalid: int) -> None:
    duckdb = pytest.importorskip("duckdb")
    urls = pa.table({"url": corpus})
    rel = duckdb.sql("select url from urls")
    assert invalid_rows(ua.is_valid(rel)) == expected_invalid
    con = duckdb.connect()
    con.create_function(
        "uri_valid",
        lambda urls: pa.array(ua.is_valid(urls)),
        ["VARCHAR"],
        "BOOLEAN",
        type="arrow",
        null_handling="special",
    )
    con.register("corpus", urls)
    got = con.sql("select count(*) from corpus where not uri_valid(url)").fetchall()
    assert got == [(expected_invalid,)]


def test_pandas(corpus: list[str], expected_invalid: int) -> None:
    pd = pytest.importorskip("pandas")
    s = pd.Series(corpus, dtype="string[pyarrow]")
    assert invalid_rows(ua.is_valid(s)) == expected_invalid
