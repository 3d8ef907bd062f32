"""pandas Series into peguri.arrow, typed: run with `python
examples/pandas_typed.py`; checked by `mypy --strict` (pyproject's
[tool.mypy] files) with pandas-stubs installed, which types a Series as
`pd.Series[...]` and `ArrowArray.to_pandas()` as `pd.Series[Any]`."""

from __future__ import annotations

from typing import Any

import pandas as pd

import peguri.arrow as ua


def sites(urls: pd.Series[str]) -> pd.Series[int]:
    """Rows per site (registrable domain), most first; NULL sites (invalid
    URLs, IP hosts) left out."""
    site: pd.Series[Any] = ua.registrable_domain(urls).to_pandas()
    return site.value_counts()


def causes(urls: pd.Series[str]) -> pd.DataFrame:
    """Why the invalid rows are invalid, one row per cause with its count,
    and the first column where one of its rows stops being a URI."""
    frame = pd.DataFrame(
        {
            "cause": ua.error(urls).to_pandas(),
            "column": ua.error_column(urls).to_pandas(),
        }
    ).dropna()
    return frame.groupby("cause").agg(rows=("column", "size"), first_column=("column", "min"))


def main() -> None:
    urls = pd.Series(
        [
            "https://www.example.co.uk/a?utm_source=mail",
            "https://shop.example.co.uk/b",
            "https://me.github.io/",
            "http://h/a b",
            "http://h/a/longer/path/a b",
            "http://[::1/",
        ],
        dtype="string[pyarrow]",
    )
    print(sites(urls))
    print(causes(urls))
    hosts: pd.Series[Any] = ua.host(urls, views=True).to_pandas(types_mapper=pd.ArrowDtype)
    print(hosts)


if __name__ == "__main__":
    main()
