"""The Polars expression namespace ``uri``: ``pl.col("url").uri.host()``.

Importing this module (or ``peguri.arrow``, when Polars is installed)
registers it. Each method runs a ``peguri.arrow`` kernel over whole batches
through ``map_batches``, so Polars hands its Arrow data to Rust without a
copy and gets an Arrow array back: strings as views (``views=True``), which
is how Polars holds them, so that nothing is copied on the way back either.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

import polars as pl

from peguri import arrow

__all__ = ["UriNamespace"]

_COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]


def _struct(fields: dict[str, type[pl.DataType] | pl.DataType]) -> pl.Struct:
    return pl.Struct(fields)


PARSE_DTYPE = _struct(
    {
        "valid": pl.Boolean,
        "rule": pl.String,
        **{name: pl.String for name in _COMPONENTS[:3]},
        "host_kind": pl.String,
        **{name: pl.String for name in _COMPONENTS[3:]},
        "error_offset": pl.UInt64,
        "error_column": pl.UInt64,
        "error_message": pl.String,
    }
)
COMPONENTS_DTYPE = _struct({"valid": pl.Boolean, **{name: pl.String for name in _COMPONENTS}})


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """RFC 3986 operations on a column of strings."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(
        self, kernel: Callable[[pl.Series], arrow.ArrowArray], dtype: pl.DataType | type[pl.DataType]
    ) -> pl.Expr:
        def run(series: pl.Series) -> pl.Series:
            return pl.Series(series.name, kernel(series))

        return self._expr.map_batches(run, return_dtype=dtype, is_elementwise=True)

    def parse(self) -> pl.Expr:
        """A struct of every field of ``peguri parse``."""
        return self._map(partial(arrow.parse, views=True), PARSE_DTYPE)

    def components(self) -> pl.Expr:
        """A struct of ``valid`` and the seven components."""
        return self._map(partial(arrow.components, views=True), COMPONENTS_DTYPE)

    def is_valid(self) -> pl.Expr:
        return self._map(arrow.is_valid, pl.Boolean)

    def error(self) -> pl.Expr:
        return self._map(partial(arrow.error, views=True), pl.String)

    def scheme(self) -> pl.Expr:
        return self._map(partial(arrow.scheme, views=True), pl.String)

    def userinfo(self) -> pl.Expr:
        return self._map(partial(arrow.userinfo, views=True), pl.String)

    def host(self) -> pl.Expr:
        return self._map(partial(arrow.host, views=True), pl.String)

    def port(self) -> pl.Expr:
        return self._map(partial(arrow.port, views=True), pl.String)

    def port_number(self) -> pl.Expr:
        return self._map(arrow.port_number, pl.UInt16)

    def path(self) -> pl.Expr:
        return self._map(partial(arrow.path, views=True), pl.String)

    def query(self) -> pl.Expr:
        return self._map(partial(arrow.query, views=True), pl.String)

    def fragment(self) -> pl.Expr:
        return self._map(partial(arrow.fragment, views=True), pl.String)

    def normalize(self) -> pl.Expr:
        return self._map(partial(arrow.normalize, views=True), pl.String)

    def iri_to_uri(self) -> pl.Expr:
        return self._map(partial(arrow.iri_to_uri, views=True), pl.String)

    def resolve(self, base: str) -> pl.Expr:
        """Each reference resolved against one base URI."""
        return self._map(lambda refs: arrow.resolve(base, refs, views=True), pl.String)

    def lint(self) -> pl.Expr:
        """The lint codes of each row (an empty list when it has none)."""
        return self._map(partial(arrow.lint, views=True), pl.List(pl.String))

    def equivalent(self, other: str | pl.Expr) -> pl.Expr:
        """Whether each row has the same normal form as ``other``: one URI,
        or the row of another column."""
        other_expr = pl.lit(other) if isinstance(other, str) else other
        # The struct keeps this expression's name (its first field's), so
        # the result is named as the other methods' results are.
        pair = pl.struct(self._expr, other_expr.alias("__peguri_other"))

        def run(series: pl.Series) -> pl.Series:
            first, second = series.struct.fields
            result = arrow.equivalent(series.struct.field(first), series.struct.field(second))
            return pl.Series(series.name, result)

        return pair.map_batches(run, return_dtype=pl.Boolean, is_elementwise=True)
