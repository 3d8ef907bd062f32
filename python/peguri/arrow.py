"""Batch functions over Arrow arrays.

Each function takes any object with ``__arrow_c_array__`` or
``__arrow_c_stream__`` (a pyarrow array, chunked array or one-column table, a
Polars series or one-column frame, a DuckDB relation of one column, a pandas
Series with an Arrow dtype...) holding strings (``utf8``, ``large_utf8``,
``utf8_view`` or dictionary-encoded) and returns an :class:`ArrowArray`,
which any Arrow library reads through ``__arrow_c_array__``: pyarrow is not
needed.

Invalid input gives NULL components and ``valid = false``, never an
exception; a NULL input gives NULL. The work runs in Rust (the
``peguri-arrow`` kernels, the same as the SQL functions) with the GIL
released.
"""

from __future__ import annotations

import importlib.util
from typing import Protocol, Union

from peguri import _peguri
from peguri._peguri import ArrowArray

__all__ = [
    "ArrowArray",
    "ArrowLike",
    "components",
    "equivalent",
    "error",
    "fragment",
    "host",
    "iri_to_uri",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "path",
    "port",
    "port_number",
    "query",
    "resolve",
    "scheme",
    "to_array",
    "userinfo",
]


class ArrowArrayExportable(Protocol):
    """An object of the Arrow PyCapsule interface for arrays."""

    def __arrow_c_array__(
        self, requested_schema: object | None = None
    ) -> tuple[object, object]: ...


class ArrowStreamExportable(Protocol):
    """An object of the Arrow PyCapsule interface for streams."""

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...


ArrowLike = Union[ArrowArrayExportable, ArrowStreamExportable]


def parse(urls: ArrowLike) -> ArrowArray:
    """A struct per row with the fields ``peguri parse`` prints: ``valid``,
    ``rule``, the seven components, ``host_kind``, ``error_offset``,
    ``error_column`` and ``error_message``."""
    return _peguri.arrow_parse(urls)


def components(urls: ArrowLike) -> ArrowArray:
    """A struct per row of ``valid`` and the seven components."""
    return _peguri.arrow_components(urls)


def is_valid(urls: ArrowLike) -> ArrowArray:
    """Whether each row is a URI reference (booleans)."""
    return _peguri.arrow_is_valid(urls)


def error(urls: ArrowLike) -> ArrowArray:
    """Why each invalid row is invalid; NULL for valid rows."""
    return _peguri.arrow_error(urls)


def scheme(urls: ArrowLike) -> ArrowArray:
    """The scheme of each row, as written."""
    return _peguri.arrow_component(urls, "scheme")


def userinfo(urls: ArrowLike) -> ArrowArray:
    """The userinfo of each row."""
    return _peguri.arrow_component(urls, "userinfo")


def host(urls: ArrowLike) -> ArrowArray:
    """The host of each row (IP literals with their brackets)."""
    return _peguri.arrow_component(urls, "host")


def port(urls: ArrowLike) -> ArrowArray:
    """The port of each row, as text."""
    return _peguri.arrow_component(urls, "port")


def port_number(urls: ArrowLike) -> ArrowArray:
    """The port of each row as a number (uint16); NULL when absent, empty
    or over 65535."""
    return _peguri.arrow_port_number(urls)


def path(urls: ArrowLike) -> ArrowArray:
    """The path of each row (``""`` when empty; NULL only when invalid)."""
    return _peguri.arrow_component(urls, "path")


def query(urls: ArrowLike) -> ArrowArray:
    """The query of each row, without ``?``."""
    return _peguri.arrow_component(urls, "query")


def fragment(urls: ArrowLike) -> ArrowArray:
    """The fragment of each row, without ``#``."""
    return _peguri.arrow_component(urls, "fragment")


def resolve(base: str | ArrowLike, references: ArrowLike) -> ArrowArray:
    """Each reference resolved against ``base`` (RFC 3986 section 5.2,
    strict): one base for every row (a str), or one per row (an array as
    long as the references). NULL where either is invalid or the base has
    no scheme."""
    return _peguri.arrow_resolve(base, references)


def normalize(urls: ArrowLike) -> ArrowArray:
    """The normal form of each row (RFC 3986 sections 6.2.2 and 6.2.3)."""
    return _peguri.arrow_normalize(urls)


def equivalent(a: ArrowLike, b: ArrowLike) -> ArrowArray:
    """Whether the rows of ``a`` and ``b`` have the same normal form."""
    return _peguri.arrow_equivalent(a, b)


def iri_to_uri(iris: ArrowLike) -> ArrowArray:
    """Each IRI mapped to a URI (RFC 3987 section 3.1, percent-encoding);
    NULL where the row is not an IRI reference."""
    return _peguri.arrow_iri_to_uri(iris)


def lint(urls: ArrowLike) -> ArrowArray:
    """The lint findings of each row: a list of structs."""
    return _peguri.arrow_lint(urls)


def to_array(data: ArrowLike) -> ArrowArray:
    """Any Arrow object as one peguri array (chunks concatenated), with no
    kernel: the import and export paths alone."""
    return _peguri.arrow_to_array(data)


# The Polars namespace `pl.col(...).uri`, when Polars is installed.
if importlib.util.find_spec("polars") is not None:
    from peguri import polars as _polars  # noqa: F401
