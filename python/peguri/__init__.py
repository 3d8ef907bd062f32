"""RFC 3986 URIs for Python, parsed by a grammar transcribed from the RFC.

The object API (``parse``, ``UriReference``, ``UriTemplate``...) is typed and
immutable; ``peguri.arrow`` holds the batch functions over Arrow arrays (and
pandas Series), ``peguri.polars`` their Polars namespace, and
``peguri.duckdb`` registers them for DuckDB's SQL.
"""

from __future__ import annotations

from urllib.parse import SplitResult

from peguri._peguri import (
    BuildError,
    Component,
    IdnaError,
    ParseError,
    ResolveError,
    TemplateError,
    UriReference,
    UriTemplate,
    __version__,
    is_valid,
    parse,
    parse_iri,
    parse_iri_ref,
    parse_uri,
    scheme_info,
)

__all__ = [
    "BuildError",
    "Component",
    "IdnaError",
    "ParseError",
    "ResolveError",
    "TemplateError",
    "UriReference",
    "UriTemplate",
    "__version__",
    "is_valid",
    "parse",
    "parse_iri",
    "parse_iri_ref",
    "parse_uri",
    "scheme_info",
    "urlsplit",
]


def urlsplit(url: str) -> SplitResult:
    """Split ``url`` into urllib's own ``SplitResult``, after validating it.

    Unlike ``urllib.parse.urlsplit`` this raises ``ParseError`` for text that
    is not a URI reference. Absent components are ``""`` as in urllib, and
    the scheme is lower-cased as urllib does, so code can migrate one call at
    a time.
    """
    uri = parse(url)
    scheme = uri.scheme
    return SplitResult(
        scheme.lower() if scheme is not None else "",
        uri.authority or "",
        uri.path,
        uri.query or "",
        uri.fragment or "",
    )
