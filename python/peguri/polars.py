"""The Polars expression namespace ``uri``: ``pl.col("url").uri.host()``.

Importing this module (or ``peguri.arrow``, when Polars is installed)
registers it. Type checkers cannot see a namespace registered at run time
(mypy: ``"Expr" has no attribute "uri"``); :func:`uri` gives the same
namespace, typed: ``uri(pl.col("url")).host()`` or ``uri("url").host()``.

Each method runs a ``peguri.arrow`` kernel (the extension's
``arrow_*`` functions, which ``peguri.arrow`` wraps) over whole batches
through ``map_batches``, so Polars hands its Arrow data to Rust without a
copy and gets an Arrow array back: strings as views (``views=True``), which
is how Polars holds them, so that nothing is copied on the way back either.
"""

from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

import polars as pl

from peguri import _peguri
from peguri._peguri import ArrowArray, Component

__all__ = ["UriNamespace", "uri"]

# The components of `components`' struct: all but the authority.
_COMPONENTS = [
    Component.SCHEME,
    Component.USERINFO,
    Component.HOST,
    Component.PORT,
    Component.PATH,
    Component.QUERY,
    Component.FRAGMENT,
]


_POLARS_TYPES: dict[str, type[pl.DataType]] = {
    "bool": pl.Boolean,
    "string": pl.String,
    "uint64": pl.UInt64,
}

# The record's fields as the library defines them (peguri::RECORD_FIELDS).
PARSE_DTYPE = pl.Struct({name: _POLARS_TYPES[kind] for name, kind in _peguri.RECORD_FIELDS})
# `valid` and the components, as peguri-arrow's `components` gives them.
COMPONENTS_DTYPE = pl.Struct(
    {
        name: _POLARS_TYPES[kind]
        for name, kind in _peguri.RECORD_FIELDS
        if name == "valid" or name in {c.value for c in _COMPONENTS}
    }
)


# The pairs of `query_params`, as peguri-arrow's `query_params_item` types them.
QUERY_PARAMS_DTYPE = pl.List(pl.Struct({"key": pl.String, "value": pl.String}))


def _component(which: Component) -> Callable[[pl.Series], ArrowArray]:
    return partial(_peguri.arrow_component, which=which, views=True)


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """RFC 3986 operations on a column of strings."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(
        self, kernel: Callable[[pl.Series], ArrowArray], dtype: pl.DataType | type[pl.DataType]
    ) -> pl.Expr:
        def run(series: pl.Series) -> pl.Series:
            return pl.Series(series.name, kernel(series))

        return self._expr.map_batches(run, return_dtype=dtype, is_elementwise=True)

    def parse(self) -> pl.Expr:
        """A struct of every field of ``peguri parse``."""
        return self._map(partial(_peguri.arrow_parse, views=True), PARSE_DTYPE)

    def components(self) -> pl.Expr:
        """A struct of ``valid`` and the seven components."""
        return self._map(partial(_peguri.arrow_components, views=True), COMPONENTS_DTYPE)

    def is_valid(self) -> pl.Expr:
        return self._map(_peguri.arrow_is_valid, pl.Boolean)

    def error(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_error, views=True), pl.String)

    def scheme(self) -> pl.Expr:
        return self._map(_component(Component.SCHEME), pl.String)

    def userinfo(self) -> pl.Expr:
        return self._map(_component(Component.USERINFO), pl.String)

    def host(self) -> pl.Expr:
        return self._map(_component(Component.HOST), pl.String)

    def port(self) -> pl.Expr:
        return self._map(_component(Component.PORT), pl.String)

    def port_number(self) -> pl.Expr:
        return self._map(_peguri.arrow_port_number, pl.UInt16)

    def path(self) -> pl.Expr:
        return self._map(_component(Component.PATH), pl.String)

    def query(self) -> pl.Expr:
        return self._map(_component(Component.QUERY), pl.String)

    def fragment(self) -> pl.Expr:
        return self._map(_component(Component.FRAGMENT), pl.String)

    def query_param(self, key: str, *, plus_as_space: bool = False) -> pl.Expr:
        """The value of ``key`` in each row's query, as SQL's
        ``uri_query_param``: the first value of a repeated key, ``""`` for a
        key without ``=``, NULL when absent; ``+`` a space only with
        ``plus_as_space=True`` (see ``peguri.arrow.query_param``)."""
        return self._map(
            partial(_peguri.arrow_query_param, key=key, views=True, plus_as_space=plus_as_space),
            pl.String,
        )

    def public_suffix(self) -> pl.Expr:
        """The public suffix of each row's host, by the Public Suffix List
        built in (``co.uk``)."""
        return self._map(partial(_peguri.arrow_public_suffix, views=True), pl.String)

    def registrable_domain(self) -> pl.Expr:
        """The registrable domain of each row's host (``example.co.uk``):
        the site to group URLs by."""
        return self._map(partial(_peguri.arrow_registrable_domain, views=True), pl.String)

    def normalize(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_normalize, views=True), pl.String)

    def iri_to_uri(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_iri_to_uri, views=True), pl.String)

    def resolve(self, base: str) -> pl.Expr:
        """Each reference resolved against one base URI."""
        return self._map(lambda refs: _peguri.arrow_resolve(base, refs, views=True), pl.String)

    def lint(self) -> pl.Expr:
        """The lint codes of each row (an empty list when it has none)."""
        return self._map(partial(_peguri.arrow_lint, views=True), pl.List(pl.String))

    def equivalent(self, other: str | pl.Expr) -> pl.Expr:
        """Whether each row has the same normal form as ``other``: one URI,
        or the row of another column."""
        other_expr = pl.lit(other) if isinstance(other, str) else other
        # The struct keeps this expression's name (its first field's), so
        # the result is named as the other methods' results are.
        pair = pl.struct(self._expr, other_expr.alias("__peguri_other"))

        def run(series: pl.Series) -> pl.Series:
            first, second = series.struct.fields
            result = _peguri.arrow_equivalent(series.struct.field(first), series.struct.field(second))
            return pl.Series(series.name, result)

        return pair.map_batches(run, return_dtype=pl.Boolean, is_elementwise=True)

    # Where an invalid row's error is; pieces that span or trim components;
    # each row without some of its parts (see peguri.arrow's functions of
    # the same names).

    def error_offset(self) -> pl.Expr:
        """The byte offset of each invalid row's error (``error`` is the
        message alone)."""
        return self._map(_peguri.arrow_error_offset, pl.UInt64)

    def error_column(self) -> pl.Expr:
        """The column of each invalid row's error, in characters from 1."""
        return self._map(_peguri.arrow_error_column, pl.UInt64)

    def query_and_fragment(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_query_and_fragment, views=True), pl.String)

    def path_query_and_fragment(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_path_query_and_fragment, views=True), pl.String)

    def host_without_www(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_host_without_www, views=True), pl.String)

    def top_level_domain(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_top_level_domain, views=True), pl.String)

    def registrable_label(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_registrable_label, views=True), pl.String)

    def remove_www(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_remove_www, views=True), pl.String)

    def remove_query(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_remove_query, views=True), pl.String)

    def remove_fragment(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_remove_fragment, views=True), pl.String)

    def remove_query_and_fragment(self) -> pl.Expr:
        return self._map(partial(_peguri.arrow_remove_query_and_fragment, views=True), pl.String)


    # --- Inside components: query pairs, decoding, extensions, subdomains ---

    def query_params(self, *, plus_as_space: bool = False) -> pl.Expr:
        """Every pair of each row's query, a list of structs ``{key, value}``
        (see ``peguri.arrow.query_params``)."""
        return self._map(
            partial(_peguri.arrow_query_params, plus_as_space=plus_as_space, views=True),
            QUERY_PARAMS_DTYPE,
        )

    def query_param_names(self, *, plus_as_space: bool = False) -> pl.Expr:
        """The key of every pair of each row's query (see
        ``peguri.arrow.query_param_names``)."""
        return self._map(
            partial(_peguri.arrow_query_param_names, plus_as_space=plus_as_space, views=True),
            pl.List(pl.String),
        )

    def remove_query_params(
        self, keys: str | Sequence[str], *, plus_as_space: bool = False
    ) -> pl.Expr:
        """Each row without the query pairs of ``keys`` (``"utm_*"`` a
        prefix), the rest byte for byte (see
        ``peguri.arrow.remove_query_params``)."""
        keys = keys if isinstance(keys, str) else list(keys)
        return self._map(
            partial(
                _peguri.arrow_remove_query_params,
                keys=keys,
                plus_as_space=plus_as_space,
                views=True,
            ),
            pl.String,
        )

    def decode(self, *, plus_as_space: bool = False) -> pl.Expr:
        """Each row percent-decoded (see ``peguri.arrow.decode``)."""
        return self._map(
            partial(_peguri.arrow_decode, plus_as_space=plus_as_space, views=True), pl.String
        )

    def path_extension(self) -> pl.Expr:
        """The extension of the last segment of each row's path, lowercase
        (see ``peguri.arrow.path_extension``)."""
        return self._map(partial(_peguri.arrow_path_extension, views=True), pl.String)

    def subdomain(self) -> pl.Expr:
        """The labels of each row's host before its registrable domain
        (see ``peguri.arrow.subdomain``)."""
        return self._map(partial(_peguri.arrow_subdomain, views=True), pl.String)


def uri(column: pl.Expr | str) -> UriNamespace:
    """The ``uri`` namespace of ``column`` (an expression, or a column's
    name), typed for mypy and other checkers: ``uri(pl.col("url")).host()``
    is ``pl.col("url").uri.host()``."""
    return UriNamespace(pl.col(column) if isinstance(column, str) else column)
