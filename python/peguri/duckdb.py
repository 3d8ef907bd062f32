"""peguri's batch functions in DuckDB's SQL, under peguri-sql's names.

``register(con)`` adds them to a connection::

    import duckdb, peguri.duckdb
    con = duckdb.connect()
    peguri.duckdb.register(con)
    con.sql("SELECT uri_registrable_domain(url) AS site, count(*) FROM visits GROUP BY site")

Each is a DuckDB Arrow UDF over whole vectors, running the ``peguri.arrow``
kernel (the one the SQL functions of peguri-sql run) with the GIL released;
NULL rows give NULL. DuckDB's Arrow UDFs need pyarrow.
"""

from __future__ import annotations

from typing import Any, Callable

import duckdb
import pyarrow as pa
from duckdb import sqltypes
from duckdb.func import FunctionNullHandling, PythonUDFType

from peguri import _peguri
from peguri._peguri import ArrowArray, Component

__all__ = ["FUNCTIONS", "register"]

_VARCHAR = sqltypes.VARCHAR
_BOOLEAN = sqltypes.BOOLEAN

_RECORD_TYPES = {"bool": sqltypes.BOOLEAN, "string": sqltypes.VARCHAR, "uint64": sqltypes.UBIGINT}


def _component(which: Component) -> Callable[[Any], ArrowArray]:
    def run(urls: Any) -> ArrowArray:
        return _peguri.arrow_component(urls, which)

    return run


# Every function: its SQL name (peguri-sql's), its kernel, the DuckDB types
# of its arguments, and of its result. The argument order is SQL's.
FUNCTIONS: dict[str, tuple[Callable[..., ArrowArray], list[Any], Any]] = {
    "uri_parse": (
        _peguri.arrow_parse,
        [_VARCHAR],
        duckdb.struct_type({name: _RECORD_TYPES[kind] for name, kind in _peguri.RECORD_FIELDS}),
    ),
    "uri_scheme": (_component(Component.SCHEME), [_VARCHAR], _VARCHAR),
    "uri_authority": (_component(Component.AUTHORITY), [_VARCHAR], _VARCHAR),
    "uri_userinfo": (_component(Component.USERINFO), [_VARCHAR], _VARCHAR),
    "uri_host": (_component(Component.HOST), [_VARCHAR], _VARCHAR),
    "uri_port": (_component(Component.PORT), [_VARCHAR], _VARCHAR),
    "uri_path": (_component(Component.PATH), [_VARCHAR], _VARCHAR),
    "uri_query": (_component(Component.QUERY), [_VARCHAR], _VARCHAR),
    "uri_fragment": (_component(Component.FRAGMENT), [_VARCHAR], _VARCHAR),
    "uri_port_number": (_peguri.arrow_port_number, [_VARCHAR], sqltypes.USMALLINT),
    "uri_query_param": (_peguri.arrow_query_param, [_VARCHAR, _VARCHAR], _VARCHAR),
    "uri_is_valid": (_peguri.arrow_is_valid, [_VARCHAR], _BOOLEAN),
    "uri_error": (_peguri.arrow_error, [_VARCHAR], _VARCHAR),
    "uri_resolve": (_peguri.arrow_resolve, [_VARCHAR, _VARCHAR], _VARCHAR),
    "uri_normalize": (_peguri.arrow_normalize, [_VARCHAR], _VARCHAR),
    "uri_equivalent": (_peguri.arrow_equivalent, [_VARCHAR, _VARCHAR], _BOOLEAN),
    "iri_to_uri": (_peguri.arrow_iri_to_uri, [_VARCHAR], _VARCHAR),
    "uri_lint": (_peguri.arrow_lint, [_VARCHAR], duckdb.list_type(_VARCHAR)),
    "uri_scheme_valid": (_peguri.arrow_scheme_valid, [_VARCHAR], _BOOLEAN),
    "uri_public_suffix": (_peguri.arrow_public_suffix, [_VARCHAR], _VARCHAR),
    "uri_registrable_domain": (_peguri.arrow_registrable_domain, [_VARCHAR], _VARCHAR),
    # Inside components: query pairs, decoding, extensions, subdomains.
    "uri_subdomain": (_peguri.arrow_subdomain, [_VARCHAR], _VARCHAR),
    "uri_query_params": (
        _peguri.arrow_query_params,
        [_VARCHAR],
        duckdb.list_type(duckdb.struct_type({"key": _VARCHAR, "value": _VARCHAR})),
    ),
    "uri_query_param_names": (
        _peguri.arrow_query_param_names,
        [_VARCHAR],
        duckdb.list_type(_VARCHAR),
    ),
    "uri_remove_query_params": (
        _peguri.arrow_remove_query_params,
        [_VARCHAR, duckdb.list_type(_VARCHAR)],
        _VARCHAR,
    ),
    "uri_decode": (_peguri.arrow_decode, [_VARCHAR], _VARCHAR),
    "uri_path_extension": (_peguri.arrow_path_extension, [_VARCHAR], _VARCHAR),
}

# Where an invalid URI's error is; pieces that span or trim components;
# URIs without some of their parts.
FUNCTIONS.update(
    {
        "uri_error_offset": (_peguri.arrow_error_offset, [_VARCHAR], sqltypes.UBIGINT),
        "uri_error_column": (_peguri.arrow_error_column, [_VARCHAR], sqltypes.UBIGINT),
        "uri_query_and_fragment": (_peguri.arrow_query_and_fragment, [_VARCHAR], _VARCHAR),
        "uri_path_query_and_fragment": (_peguri.arrow_path_query_and_fragment, [_VARCHAR], _VARCHAR),
        "uri_host_without_www": (_peguri.arrow_host_without_www, [_VARCHAR], _VARCHAR),
        "uri_top_level_domain": (_peguri.arrow_top_level_domain, [_VARCHAR], _VARCHAR),
        "uri_registrable_label": (_peguri.arrow_registrable_label, [_VARCHAR], _VARCHAR),
        "uri_remove_www": (_peguri.arrow_remove_www, [_VARCHAR], _VARCHAR),
        "uri_remove_query": (_peguri.arrow_remove_query, [_VARCHAR], _VARCHAR),
        "uri_remove_fragment": (_peguri.arrow_remove_fragment, [_VARCHAR], _VARCHAR),
        "uri_remove_query_and_fragment": (_peguri.arrow_remove_query_and_fragment, [_VARCHAR], _VARCHAR),
    }
)


def _udf(kernel: Callable[..., ArrowArray], arguments: int) -> Callable[..., pa.Array]:
    """``kernel`` as a DuckDB Arrow UDF, which DuckDB calls with one pyarrow
    array per argument: it reads the number of arguments from the
    function's signature."""

    def one(a: pa.Array) -> pa.Array:
        return pa.array(kernel(a))

    def two(a: pa.Array, b: pa.Array) -> pa.Array:
        return pa.array(kernel(a, b))

    return one if arguments == 1 else two


def register(con: duckdb.DuckDBPyConnection) -> None:
    """Registers every function of peguri.arrow in ``con`` under the name
    peguri-sql gives it, typed (``VARCHAR`` arguments; results ``VARCHAR``,
    ``BOOLEAN``, ``USMALLINT``, ``UBIGINT``, ``VARCHAR[]``, the ``STRUCT`` of
    ``uri_parse`` or the list of structs of ``uri_query_params``), with
    peguri-sql's argument order:

    - ``uri_parse(uri)``: the struct of ``valid``, ``rule``, the
      components, ``host_kind`` and the error's ``error_offset``,
      ``error_column`` and ``error_message``;
    - ``uri_scheme``, ``uri_authority``, ``uri_userinfo``, ``uri_host``,
      ``uri_port``, ``uri_path``, ``uri_query``, ``uri_fragment`` (``uri``):
      the component as written;
    - ``uri_port_number(uri)``: the port, ``USMALLINT``;
    - ``uri_query_param(uri, key)``: the decoded value of the first pair
      with that key (a repeated key: its first value; a key without
      ``=``: ``''``);
    - ``uri_is_valid(uri)``, ``uri_error(uri)`` (the message alone),
      ``uri_error_offset(uri)``, ``uri_error_column(uri)`` (``UBIGINT``);
    - ``uri_resolve(base, reference)``, ``uri_normalize(uri)``,
      ``uri_equivalent(a, b)``, ``iri_to_uri(iri)``;
    - ``uri_lint(uri)``: the finding codes, ``VARCHAR[]``;
    - ``uri_scheme_valid(uri)``;
    - ``uri_public_suffix(uri)``, ``uri_registrable_domain(uri)``,
      ``uri_registrable_label(uri)``, ``uri_subdomain(uri)``: by the Public
      Suffix List built in;
    - ``uri_query_and_fragment``, ``uri_path_query_and_fragment``,
      ``uri_host_without_www``, ``uri_top_level_domain``, ``uri_remove_www``,
      ``uri_remove_query``, ``uri_remove_fragment``,
      ``uri_remove_query_and_fragment`` (``uri``);
    - ``uri_query_params(uri)``: every pair, ``STRUCT(key VARCHAR, value
      VARCHAR)[]``; ``uri_query_param_names(uri)``: the keys,
      ``VARCHAR[]``; ``uri_remove_query_params(uri, keys VARCHAR[])``: the
      URI without the pairs of ``keys`` (``'utm_*'`` a prefix);
    - ``uri_decode(text)``: percent-decoded; ``uri_path_extension(uri)``:
      the extension of the path's last segment.

    DuckDB keeps one signature per name for a Python function, so
    peguri-sql's optional last argument ``plus_as_space`` (``+`` read as a
    space, as HTML forms write it) is not registered: these read a query
    as RFC 3986 does, ``+`` as ``+``. ``peguri.arrow``'s functions take it
    as a keyword, and a DuckDB relation as their input
    (``peguri.arrow.query_params(con.sql("SELECT url FROM t"),
    plus_as_space=True)``).

    NULL is NULL where peguri-sql's functions give NULL (an invalid URI, an
    absent component...). A function of the same name already in ``con``
    raises DuckDB's error; ``con.remove_function(name)`` removes it first.
    """
    for name, (kernel, parameters, result) in FUNCTIONS.items():
        con.create_function(
            name,
            _udf(kernel, len(parameters)),
            parameters,
            result,
            type=PythonUDFType.ARROW,
            null_handling=FunctionNullHandling.SPECIAL,
        )
