"""The Polars namespace, typed: run with `python examples/polars_typed.py`;
checked by `mypy --strict` (pyproject's [tool.mypy] files), which cannot see
`pl.col("url").uri`, registered at run time, but types `uri(...)`."""

from __future__ import annotations

import polars as pl

from peguri.polars import UriNamespace, uri


def sites(visits: pl.DataFrame) -> pl.DataFrame:
    """Visits per site (registrable domain), most visited first."""
    namespace: UriNamespace = uri(pl.col("url"))
    return (
        visits.group_by(namespace.registrable_domain().alias("site"))
        .agg(pl.len().alias("visits"), uri("url").query_param("utm_source").drop_nulls().first().alias("source"))
        .sort("visits", "site", descending=[True, False])
    )


def main() -> None:
    visits = pl.DataFrame(
        {
            "url": [
                "https://www.example.co.uk/a?utm_source=mail",
                "https://shop.example.co.uk/b",
                "https://me.github.io/",
            ]
        }
    )
    print(sites(visits))
    print(visits.select(uri("url").host(), uri(pl.col("url")).is_valid().alias("valid")))


if __name__ == "__main__":
    main()
