"""Batch functions over Arrow arrays.

Each function takes any object with ``__arrow_c_array__`` or
``__arrow_c_stream__`` (a pyarrow array, chunked array or one-column table, a
Polars series or one-column frame, a DuckDB relation of one column...)
holding strings (``string``, ``large_string``, ``string_view``,
dictionary-encoded, or an all-null ``null`` column), or a pandas Series of
strings of any dtype (``object``, ``str``, ``string[pyarrow]``,
``pd.ArrowDtype(pa.string())``...), and returns an :class:`ArrowArray`, which
any Arrow library reads through ``__arrow_c_array__``: pyarrow is not needed,
except to convert a pandas Series (NULL for ``None`` and NaN; a value that
is not a str raises ``TypeError`` naming its row) and for
:meth:`ArrowArray.to_pandas`, which gives a pandas Series back.

Strings come back as ``string`` (``large_string`` for ``large_string`` input,
or when the result holds more than 2 GiB of text), which every pyarrow
compute function takes; ``pa.array(result, type=...)`` gets ``string``,
``large_string`` or ``string_view`` as asked. ``views=True`` returns
``string_view`` instead, whose components point into the input's memory:
faster, for consumers that read views natively (Polars, DuckDB).

A URL that is not a URI reference gives NULL components and ``valid =
false``, never an exception; a NULL input gives NULL. Arrow data that is not
valid raises ``ValueError`` before any row is read, as Polars and DuckDB do:
a string that is not UTF-8 (pyarrow can read one from a Parquet file or a CSV
read with ``check_utf8=False``) is reported with its row and the byte of the
row, offsets or views outside their buffers likewise. The work runs in Rust
(the ``peguri-arrow`` kernels, the same as the SQL functions) with the GIL
released.
"""

from __future__ import annotations

import importlib.util
import sys
from typing import TYPE_CHECKING, Any, Protocol, Sequence, Union

from peguri import _peguri
from peguri._peguri import ArrowArray, Component

__all__ = [
    "ArrowArray",
    "ArrowLike",
    "Component",
    "component",
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
    "public_suffix",
    "query",
    "query_param",
    "registrable_domain",
    "resolve",
    "scheme",
    "scheme_valid",
    "userinfo",
    # Inside components.
    "decode",
    "path_extension",
    "query_param_names",
    "query_params",
    "remove_query_params",
    "subdomain",
]


class ArrowArrayExportable(Protocol):
    """An object of the Arrow PyCapsule interface for arrays."""

    def __arrow_c_array__(
        self, requested_schema: object | None = None
    ) -> tuple[object, object]: ...


class ArrowStreamExportable(Protocol):
    """An object of the Arrow PyCapsule interface for streams."""

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...


if TYPE_CHECKING:
    # Checkers see what the functions take at run time: with pandas-stubs
    # installed, a pandas Series (of any dtype) is one; without them,
    # pandas is untyped and the alias takes anything.
    import pandas

    ArrowLike = Union[ArrowArrayExportable, ArrowStreamExportable, "pandas.Series[Any]"]
else:
    ArrowLike = Union[ArrowArrayExportable, ArrowStreamExportable]


def _column(data: object, name: str) -> object:
    """``data``, the argument ``name``, as the extension imports it: an
    object of the Arrow PyCapsule interface as it is, a pandas Series
    converted by pyarrow. A ``TypeError`` for anything else says what is
    taken."""
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(data, pandas.Series):
        return _from_pandas(data, name)
    kind = type(data)
    if hasattr(kind, "__arrow_c_stream__") or hasattr(kind, "__arrow_c_array__"):
        return data
    raise TypeError(
        f"{name} must be an Arrow array or stream (a pyarrow array, a Polars Series, a "
        f"DuckDB relation...: an object with __arrow_c_array__ or __arrow_c_stream__) or a "
        f"pandas Series, not {kind.__name__}"
    )


def _from_pandas(series: object, name: str) -> object:
    """A pandas Series of any dtype as a pyarrow array: an Arrow-backed one
    without a copy, an ``object`` one checked to hold only str and nulls."""
    try:
        import pyarrow as pa
    except ImportError:
        raise TypeError(
            f"{name} is a pandas Series, which peguri.arrow reads through pyarrow: "
            "install pyarrow (pip install pyarrow)"
        ) from None
    if str(getattr(series, "dtype", "")) != "object":
        return pa.Array.from_pandas(series)
    try:
        array = pa.Array.from_pandas(series)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        array = None
    if array is None or not (
        pa.types.is_string(array.type)
        or pa.types.is_large_string(array.type)
        or pa.types.is_null(array.type)
    ):
        _raise_not_str(series, name)
    return array


def _scalar_or_column(data: object, name: str) -> object:
    """A str as it is (one value for every row); anything else as
    :func:`_column` takes it."""
    return data if isinstance(data, str) else _column(data, name)


def _raise_not_str(series: Any, name: str) -> None:
    """Raises the ``TypeError`` that names the first row of an ``object``
    Series that holds neither a str nor a null."""
    pandas = sys.modules["pandas"]
    for position, (label, value) in enumerate(series.items()):
        null = pandas.api.types.is_scalar(value) and pandas.isna(value)
        if not isinstance(value, str) and not null:
            raise TypeError(
                f"{name}: row {position} (index {label!r}) of the pandas Series is "
                f"{type(value).__name__}, not a str: {value!r:.60}"
            )
    raise TypeError(f"{name}: pyarrow cannot read the pandas Series as strings")


def parse(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """A struct per row with the fields ``peguri parse`` prints: ``valid``
    (bool), ``rule``, the seven components, ``host_kind`` (strings),
    ``error_offset``, ``error_column`` (uint64) and ``error_message``
    (string). A NULL row is a NULL struct."""
    return _peguri.arrow_parse(_column(urls, "urls"), views=views)


def components(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """A struct per row of ``valid`` and the seven components."""
    return _peguri.arrow_components(_column(urls, "urls"), views=views)


def is_valid(urls: ArrowLike) -> ArrowArray:
    """Whether each row is a URI reference (booleans)."""
    return _peguri.arrow_is_valid(_column(urls, "urls"))


def scheme_valid(urls: ArrowLike) -> ArrowArray:
    """Whether each row is valid under its scheme's own syntax (booleans):
    the grammars of the schemes docs/schemes.md lists, transcribed from
    their RFCs (``UriReference.scheme_syntax`` says
    why one is not). NULL for a row that is not a URI reference, has no
    scheme, or has another scheme."""
    return _peguri.arrow_scheme_valid(_column(urls, "urls"))


def error(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """Why each invalid row is invalid, the message alone (``"invalid
    character ' ' in path"``): the same text for every row with the same
    cause, so that ``error(s).to_pandas().value_counts()`` counts causes.
    Where the row stops being a URI reference is :func:`error_offset` and
    :func:`error_column`. NULL for valid rows."""
    return _peguri.arrow_error(_column(urls, "urls"), views=views)


def component(
    urls: ArrowLike, which: Component | str, *, views: bool = False
) -> ArrowArray:
    """One component of each row, as written, NULL where it is absent or the
    row is not a URI reference: ``which`` is a :class:`Component`, or its
    name (``"host"``); an unknown name raises ``ValueError``."""
    return _peguri.arrow_component(_column(urls, "urls"), which, views=views)


def scheme(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The scheme of each row, as written."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.SCHEME, views=views)


def userinfo(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The userinfo of each row."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.USERINFO, views=views)


def host(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The host of each row (IP literals with their brackets)."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.HOST, views=views)


def port(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The port of each row, as text."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.PORT, views=views)


def port_number(urls: ArrowLike) -> ArrowArray:
    """The port of each row as a number (uint16); NULL when absent, empty
    or over 65535."""
    return _peguri.arrow_port_number(_column(urls, "urls"))


def query_param(
    urls: ArrowLike,
    key: str | ArrowLike,
    *,
    views: bool = False,
    plus_as_space: bool = False,
) -> ArrowArray:
    """The value of ``key`` in each row's query, as SQL's ``uri_query_param``
    gives it: pairs are split at ``&``, then the key and the value are
    percent-decoded, and the value of the first pair whose key is ``key``
    is the answer. A repeated key gives its first value (``?id=1&id=2``
    gives ``"1"``); a key without ``=`` gives ``""`` (``?flag``). NULL where
    the row is NULL or not a URI reference, has no query, or no pair has the
    key. ``key`` is one str for every row, or an array of one key per row.

    ``+`` stays ``+`` (RFC 3986 gives it no meaning) unless
    ``plus_as_space=True``, which reads it as a space in keys and values, as
    HTML forms write a query and as yarl, ``urllib.parse.parse_qsl`` and web
    frameworks read one: ``?q=a+b`` gives ``"a+b"``, or ``"a b"``."""
    return _peguri.arrow_query_param(
        _column(urls, "urls"),
        _scalar_or_column(key, "key"),
        views=views,
        plus_as_space=plus_as_space,
    )


def public_suffix(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The public suffix of each row's host (``co.uk`` for
    ``https://www.example.co.uk/``) by the Public Suffix List built in, both
    its ICANN and its private section; lowercase, a U-label host's suffix in
    U-labels. NULL where the row is NULL or not a URI reference, has no
    authority, its host is an IP address, or has an empty label (a leading
    dot). A host with no rule of the list has its last label as its
    suffix (the list's default rule ``*``)."""
    return _peguri.arrow_public_suffix(_column(urls, "urls"), views=views)


def registrable_domain(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The registrable domain of each row's host: its public suffix and the
    label before it (``example.co.uk`` for ``https://shop.example.co.uk/``),
    lowercase: the site to group URLs by. NULL where :func:`public_suffix`
    is, and where the host is itself a public suffix (``co.uk``,
    ``github.io``)."""
    return _peguri.arrow_registrable_domain(_column(urls, "urls"), views=views)


def path(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The path of each row (``""`` when empty; NULL only when invalid)."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.PATH, views=views)


def query(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The query of each row, without ``?``."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.QUERY, views=views)


def fragment(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The fragment of each row, without ``#``."""
    return _peguri.arrow_component(_column(urls, "urls"), Component.FRAGMENT, views=views)


def resolve(
    base: str | ArrowLike, references: str | ArrowLike, *, views: bool = False
) -> ArrowArray:
    """Each reference resolved against ``base`` (RFC 3986 section 5.2,
    strict): one base for every row (a str), or one per row (an array as
    long as the references); likewise one reference (a str) against each
    base of an array. At least one of the two is an array (``TypeError``
    otherwise: ``peguri.parse(base).resolve(reference)`` resolves one).
    NULL where either is invalid or the base has no scheme."""
    return _peguri.arrow_resolve(
        _scalar_or_column(base, "base"), _scalar_or_column(references, "references"), views=views
    )


def normalize(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The normal form of each row (RFC 3986 sections 6.2.2 and 6.2.3)."""
    return _peguri.arrow_normalize(_column(urls, "urls"), views=views)


def equivalent(a: str | ArrowLike, b: str | ArrowLike) -> ArrowArray:
    """Whether the rows of ``a`` and ``b`` have the same normal form; either
    side may be one str compared with every row of the other (normalized
    once), and at least one is an array (``TypeError`` otherwise:
    ``peguri.parse(a).equivalent(b)`` compares two). NULL where either is
    NULL or not a URI reference."""
    return _peguri.arrow_equivalent(_scalar_or_column(a, "a"), _scalar_or_column(b, "b"))


def iri_to_uri(iris: ArrowLike, *, views: bool = False) -> ArrowArray:
    """Each IRI mapped to a URI (RFC 3987 section 3.1, percent-encoding);
    NULL where the row is not an IRI reference."""
    return _peguri.arrow_iri_to_uri(_column(iris, "iris"), views=views)


def lint(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The codes of the RFC 3986 section 7 findings of each row (``foreign-port``,
    ``encoded-nul``, ``password-in-userinfo``...): a ``list<string>`` per
    row, in the order of their position, at most 100 of each code; an empty
    list when there is none, NULL for an invalid or NULL row."""
    return _peguri.arrow_lint(_column(urls, "urls"), views=views)


# Where an invalid row's error is; pieces that span or trim components;
# each row without some of its parts.
__all__ += [
    "error_column",
    "error_offset",
    "host_without_www",
    "path_query_and_fragment",
    "query_and_fragment",
    "registrable_label",
    "remove_fragment",
    "remove_query",
    "remove_query_and_fragment",
    "remove_www",
    "top_level_domain",
]


def error_offset(urls: ArrowLike) -> ArrowArray:
    """Where each invalid row stops being a URI reference: the byte offset
    (UTF-8, from 0) of its error, as ``peguri.ParseError.offset`` gives it
    (uint64). NULL for valid rows."""
    return _peguri.arrow_error_offset(_column(urls, "urls"))


def error_column(urls: ArrowLike) -> ArrowArray:
    """Where each invalid row stops being a URI reference: the column of its
    error, in characters from 1, as ``peguri.ParseError.column`` gives it
    (uint64). NULL for valid rows."""
    return _peguri.arrow_error_column(_column(urls, "urls"))


def query_and_fragment(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The query and the fragment of each row as written after ``?``
    (``"q=1#top"``), or from ``#`` when there is a fragment but no query
    (``"#top"``): ClickHouse's ``queryStringAndFragment``. NULL where the
    row is not a URI reference or has neither."""
    return _peguri.arrow_query_and_fragment(_column(urls, "urls"), views=views)


def path_query_and_fragment(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The path of each row and all that follows it, delimiters included
    (``"/p?q=1#top"``): ClickHouse's ``pathFull``."""
    return _peguri.arrow_path_query_and_fragment(_column(urls, "urls"), views=views)


def host_without_www(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The host of each row without a leading ``www.`` label (compared
    ignoring case, as hosts are), as written: ClickHouse's
    ``domainWithoutWWW``. A host that is ``www.`` alone or does not start
    with it is given as it is; NULL where :func:`host` is."""
    return _peguri.arrow_host_without_www(_column(urls, "urls"), views=views)


def top_level_domain(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The last label of each row's registered name, as written, after a
    trailing dot (``"uk"`` for ``http://example.co.uk/``, whose public
    suffix is ``co.uk``): ClickHouse's ``topLevelDomain``. NULL for an IP
    host, no authority, and an empty or all-digit label."""
    return _peguri.arrow_top_level_domain(_column(urls, "urls"), views=views)


def registrable_label(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The label of each row's registrable domain before its public suffix
    (``"example"`` for ``https://shop.example.co.uk/``): tldextract's
    ``domain``, ClickHouse's ``firstSignificantSubdomain``; lowercase, NULL
    where :func:`registrable_domain` is."""
    return _peguri.arrow_registrable_label(_column(urls, "urls"), views=views)


def remove_www(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """Each row without the leading ``www.`` of its host (as
    :func:`host_without_www` finds it), the rest byte for byte: ClickHouse's
    ``cutWWW``. NULL where the row is not a URI reference."""
    return _peguri.arrow_remove_www(_column(urls, "urls"), views=views)


def remove_query(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """Each row without its query and the ``?`` before it, the fragment
    kept: ClickHouse's ``cutQueryString``."""
    return _peguri.arrow_remove_query(_column(urls, "urls"), views=views)


def remove_fragment(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """Each row without its fragment and the ``#`` before it: ClickHouse's
    ``cutFragment``."""
    return _peguri.arrow_remove_fragment(_column(urls, "urls"), views=views)


def remove_query_and_fragment(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """Each row without its query and its fragment: ClickHouse's
    ``cutQueryStringAndFragment``."""
    return _peguri.arrow_remove_query_and_fragment(_column(urls, "urls"), views=views)


# --- Inside components: query pairs, decoding, extensions, subdomains ---
#
# Each is the peguri-arrow kernel of the SQL function of the same name
# (``uri_query_params``...). ``plus_as_space=True`` reads ``+`` as a space,
# as HTML forms write it; RFC 3986 gives ``+`` no meaning, so it is off by
# default.


def query_params(
    urls: ArrowLike, *, plus_as_space: bool = False, views: bool = False
) -> ArrowArray:
    """Every ``key=value`` pair of each row's query, in order, repeats kept,
    as SQL's ``uri_query_params``: a ``list<struct<key: string, value:
    string>>`` per row, keys and values percent-decoded (octets that are not
    UTF-8 become U+FFFD), ``""`` as the value of a key without ``=``
    (``?flag``), as yarl and ``parse_qsl(keep_blank_values=True)`` give it.
    Pairs are split at ``&``; empty pieces are skipped. An empty list for a
    row without a query; NULL for a NULL row or one that is not a URI
    reference."""
    return _peguri.arrow_query_params(
        _column(urls, "urls"), plus_as_space=plus_as_space, views=views
    )


def query_param_names(
    urls: ArrowLike, *, plus_as_space: bool = False, views: bool = False
) -> ArrowArray:
    """The key of every pair of each row's query, decoded, in order, repeats
    kept (``list<string>``), as SQL's ``uri_query_param_names``: the keys of
    :func:`query_params`."""
    return _peguri.arrow_query_param_names(
        _column(urls, "urls"), plus_as_space=plus_as_space, views=views
    )


def remove_query_params(
    urls: ArrowLike,
    keys: str | Sequence[str] | ArrowLike,
    *,
    plus_as_space: bool = False,
    views: bool = False,
) -> ArrowArray:
    """Each row without the query pairs whose percent-decoded key is one of
    ``keys``, as SQL's ``uri_remove_query_params``: a key that ends with
    ``*`` stands for every key that begins with the text before it
    (``"utm_*"`` removes ``utm_source`` and ``utm_medium``; ``"*"``, every
    pair). The rest of the URL is kept byte for byte (the other pairs, their
    order and separators); when no pair is left the query goes, ``?``
    included. ``keys`` is one str, a list or tuple of str, or an Arrow array
    of one list of keys per row. NULL for a NULL row or one that is not a
    URI reference."""
    given = keys if isinstance(keys, (str, list, tuple)) else _column(keys, "keys")
    return _peguri.arrow_remove_query_params(
        _column(urls, "urls"), given, plus_as_space=plus_as_space, views=views
    )


def decode(
    texts: ArrowLike, *, plus_as_space: bool = False, views: bool = False
) -> ArrowArray:
    """Each row percent-decoded, as SQL's ``uri_decode``: every ``%`` and
    two hexadecimal digits becomes the octet they encode, and a ``%`` that
    starts none stays (``100%``). ``plus_as_space=True`` reads ``+`` as a
    space too (``urllib.parse.unquote_plus``); ``%2B`` is always ``+``. The
    rows are any text, not only URLs. Octets that are not UTF-8 become
    U+FFFD, as ``urllib.parse.unquote`` gives them: a row is never NULL
    unless it is NULL."""
    return _peguri.arrow_decode(
        _column(texts, "texts"), plus_as_space=plus_as_space, views=views
    )


def path_extension(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The extension of the last segment of each row's path, lowercase, as
    SQL's ``uri_path_extension`` and DuckDB's netquack ``extract_extension``
    read it: the text after the segment's last ``.``, when that ``.`` does
    not start the segment (``.htaccess``) nor follow another ``.``, and the
    text is 1 to 10 ASCII letters and digits (``archive.tar.gz`` gives
    ``"gz"``, ``Report.PDF`` ``"pdf"``). A path without ``/`` is one
    segment (``photo.jpg`` gives ``"jpg"``, where netquack, which looks for a
    ``/``, gives ``""``). NULL where there is none (netquack gives ``""``),
    and for a NULL row or one that is not a URI reference."""
    return _peguri.arrow_path_extension(_column(urls, "urls"), views=views)


def subdomain(urls: ArrowLike, *, views: bool = False) -> ArrowArray:
    """The subdomain of each row's host, as SQL's ``uri_subdomain``: the
    labels before its registrable domain, lowercase (``"a.b"`` for
    ``https://a.b.example.co.uk/``), ``""`` for a host that is its
    registrable domain. With :func:`registrable_domain` and
    :func:`public_suffix`, tldextract's ``subdomain``, ``domain`` and
    ``suffix`` split. NULL where :func:`registrable_domain` is."""
    return _peguri.arrow_subdomain(_column(urls, "urls"), views=views)


def _to_array(data: ArrowLike) -> ArrowArray:
    """Any Arrow object as one peguri array (chunks concatenated), with no
    kernel: the import and export paths alone."""
    return _peguri.arrow_to_array(_column(data, "data"))


# The Polars namespace `pl.col(...).uri`, when Polars is installed.
if importlib.util.find_spec("polars") is not None:
    from peguri import polars as _polars  # noqa: F401
