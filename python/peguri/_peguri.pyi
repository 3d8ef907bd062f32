"""Type stubs of the extension module ``peguri._peguri``, written by hand:
``mypy.stubtest`` checks them against the module, and ``mypy --strict``
checks python/examples and python/tests with them."""

from collections.abc import Mapping, Sequence
from typing import Any, Callable, Literal, TypedDict, final

import pandas

__all__ = [
    "UriReference",
    "UriTemplate",
    "parse",
    "parse_uri",
    "parse_iri_ref",
    "parse_iri",
    "is_valid",
    "scheme_info",
    "__version__",
    "ParseError",
    "ResolveError",
    "BuildError",
    "IdnaError",
    "TemplateError",
    "ArrowArray",
    "Component",
    "RECORD_FIELDS",
    "arrow_parse",
    "arrow_components",
    "arrow_is_valid",
    "arrow_error",
    "arrow_component",
    "arrow_port_number",
    "arrow_resolve",
    "arrow_normalize",
    "arrow_equivalent",
    "arrow_iri_to_uri",
    "arrow_lint",
    "arrow_scheme_valid",
    "arrow_to_array",
    "arrow_public_suffix",
    "arrow_registrable_domain",
    "arrow_query_param",
    # Inside components.
    "arrow_query_params",
    "arrow_query_param_names",
    "arrow_remove_query_params",
    "arrow_decode",
    "arrow_path_extension",
    "arrow_subdomain",
]

_HostKind = Literal["reg-name", "ipv4", "ipv6", "ipvfuture"]
_Rule = Literal["URI", "relative-ref", "IRI", "irelative-ref"]
_TemplateScalar = str | int | float
_TemplateVariable = (
    _TemplateScalar | Sequence[_TemplateScalar] | Mapping[str, _TemplateScalar] | None
)

_SchemePart = (
    str
    | bool
    | int
    | float
    | list[str]
    | list[list[str | None]]
    | list[float]
    | list[dict[str, str | bool | None]]
    | None
)

class _SchemeSyntaxError(TypedDict):
    offset: int
    """The byte offset (UTF-8) of the error in the whole text: for a URI,
    which is ASCII, its index in the str."""
    message: str
    """What was expected, ending with the RFC and section."""

class _SchemeSyntax(TypedDict):
    scheme: str
    """The scheme, lowercase."""
    spec: str
    """The document of the scheme's syntax: ``"RFC 8141"``."""
    valid: bool
    error: _SchemeSyntaxError | None
    parts: dict[str, _SchemePart] | None
    """What the scheme's syntax holds, ``None`` when it is not valid:
    mailto ``to`` and ``headers``; urn ``nid``, ``nss``, ``r_component``,
    ``q_component``; data ``media_type``, ``base64``, ``data_length``; tel
    ``number``, ``global``; geo ``coordinates``, ``crs``, ``uncertainty``;
    sip and sips ``user``, ``password``, ``host``, ``port``, ``parameters``,
    ``headers``; tag ``authority_name``, ``date``, ``specific``; acct
    ``userpart``, ``host``; xmpp ``account``, ``node``, ``domain``,
    ``resource``, ``query_type``, ``pairs``; sms ``recipients``, ``body``;
    about ``token``; cid and mid ``message_id``, ``content_id``; ftp
    ``user``, ``password``, ``host``, ``port``, ``path_segments``,
    ``type``; ldap ``host``, ``port``, ``dn``, ``attributes``, ``scope``,
    ``filter``, ``extensions`` (dicts ``critical``, ``type``, ``value``);
    ni and nih ``authority``, ``algorithm``, ``value``, ``digest``,
    ``query``, ``check_digit``; news and nntp ``server``, ``message_id``,
    ``newsgroups``, ``group``, ``article_number``; ``{}`` for http, https,
    ws, wss, file, the CoAP schemes, rtsp and rtsps (docs/schemes.md)."""

class ParseError(ValueError):
    """Not a URI (or IRI) reference. ``str()`` is the caret display."""

    offset: int
    """The byte offset (UTF-8) of the error in the input."""
    column: int
    """The 1-based character column of the error."""
    expected: list[str]
    """What the grammar expected there, in words."""
    kind: Literal[
        "invalid_char",
        "invalid_percent_encoding",
        "invalid_ipv6_address",
        "invalid_ipvfuture",
        "invalid_zone_id",
        "colon_in_first_segment",
        "bidi_formatting",
        "invalid_utf8",
        "unexpected_end",
        "too_long",
        "relative_reference",
        "other",
    ]
    component: str | None
    """The component the error is in: scheme, userinfo, host, port, path..."""
    message: str

class ResolveError(ValueError):
    """A resolution or ``relative_to`` that has no answer (a base without
    scheme, or an unreachable target)."""

class BuildError(ValueError):
    """A ``replace`` that RFC 3986 forbids."""

    component: str
    offset: int | None

class IdnaError(ValueError):
    """UTS 46 ToASCII rejected a host."""

class TemplateError(ValueError):
    """An invalid URI template, or one too ambiguous to match."""

@final
class UriReference:
    """A parsed URI or IRI reference, immutable; ``==`` and ``hash`` compare
    the text (RFC 3986 section 6.2.1)."""

    def __new__(cls, text: str) -> UriReference: ...
    @property
    def rule(self) -> _Rule: ...
    @property
    def is_iri(self) -> bool: ...
    @property
    def scheme(self) -> str | None: ...
    @property
    def has_scheme(self) -> bool: ...
    @property
    def authority(self) -> str | None: ...
    @property
    def userinfo(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def host_kind(self) -> _HostKind | None: ...
    @property
    def host_decoded(self) -> str | None: ...
    @property
    def port(self) -> str | None: ...
    @property
    def port_number(self) -> int | None: ...
    @property
    def path(self) -> str: ...
    @property
    def segments(self) -> list[str]: ...
    @property
    def segments_decoded(self) -> list[str]: ...
    @property
    def query(self) -> str | None: ...
    @property
    def fragment(self) -> str | None: ...
    @property
    def public_suffix(self) -> str | None:
        """The host's public suffix by the Public Suffix List built in (both
        sections), lowercase; ``None`` without an authority, for an IP host,
        or a host with an empty label."""
    @property
    def registrable_domain(self) -> str | None:
        """The host's public suffix and the label before it, lowercase;
        ``None`` where ``public_suffix`` is, and for a host that is itself a
        public suffix."""
    @property
    def subdomain(self) -> str | None:
        """The host's labels before its registrable domain, lowercase;
        ``""`` for a host that is its registrable domain; ``None`` where
        ``registrable_domain`` is."""
    def query_pairs(self, *, plus_as_space: bool = False) -> list[tuple[str, str | None]]:
        """The query's pairs, percent-decoded; ``None`` as the value of a key
        without ``=``. ``plus_as_space=True`` reads ``+`` as a space."""
    def resolve(self, reference: str | UriReference, strict: bool = True) -> UriReference: ...
    def relative_to(self, base: str | UriReference) -> UriReference: ...
    def normalize(self) -> UriReference: ...
    def equivalent(self, other: str | UriReference) -> bool: ...
    def replace(
        self,
        *,
        scheme: str | None = ...,
        authority: str | None = ...,
        userinfo: str | None = ...,
        host: str | None = ...,
        port: str | int | None = ...,
        path: str = ...,
        query: str | None = ...,
        fragment: str | None = ...,
    ) -> UriReference: ...
    def to_uri(self, *, idna: bool = False) -> UriReference: ...
    def to_iri(self) -> UriReference: ...
    def scheme_syntax(self) -> _SchemeSyntax | None:
        """The reference checked against its scheme's own syntax (the
        schemes docs/schemes.md lists): ``None`` without a scheme or for
        another scheme."""
    def __eq__(self, other: object, /) -> bool:
        """Equal text; ``NotImplemented`` for an object that is not a
        ``UriReference``."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Callable[[str], UriReference], tuple[str]]: ...

@final
class UriTemplate:
    """A URI template (RFC 6570 level 4), checked when made."""

    def __new__(cls, template: str) -> UriTemplate: ...
    @property
    def variable_names(self) -> list[str]: ...
    def expand(self, **variables: _TemplateVariable) -> str:
        """The expansion (RFC 6570 section 3). ``TypeError`` names a
        variable whose value is not one of ``_TemplateVariable``'s types."""
    def match(self, uri: str) -> dict[str, str | list[str] | dict[str, str]] | None: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def parse(text: str, *, allow_zone_id: bool = False) -> UriReference: ...
def parse_uri(text: str, *, allow_zone_id: bool = False) -> UriReference: ...
def parse_iri_ref(text: str, *, allow_zone_id: bool = False) -> UriReference: ...
def parse_iri(text: str, *, allow_zone_id: bool = False) -> UriReference: ...
__version__: str
"""The package's version."""

def is_valid(text: str) -> bool:
    """Whether ``text`` is a URI reference; ``False`` for a str with a lone
    surrogate (not UTF-8)."""

class _SchemeRegistration(TypedDict):
    """A scheme's entry in the IANA URI Schemes registry."""

    name: str
    """The scheme as the registry writes it (lowercase in IANA's)."""
    status: Literal["permanent", "provisional", "historical"]
    description: str
    reference: str
    """The RFC or registrant, in IANA's brackets: ``"[RFC6068]"``."""
    template: str | None
    """The path of IANA's registration template (``"prov/git"``), ``None``
    when the reference is an RFC."""

def scheme_info(scheme_or_uri: str) -> _SchemeRegistration | None:
    """The IANA URI Schemes registry's entry (the copy built into peguri)
    of a scheme name, in any case, or of a URI's scheme; ``None`` when the
    registry does not list it, for a relative reference, and for text that
    is not a URI reference."""

@final
class ArrowArray:
    """An Arrow array made by peguri, exported through the PyCapsule
    interface."""

    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...
    def to_pandas(self, **options: Any) -> pandas.Series[Any]:
        """The array as a pandas Series, through pyarrow
        (``pyarrow.array(self).to_pandas(**options)``); ``ImportError``
        without pyarrow or pandas."""
    @property
    def data_type(self) -> str: ...
    @property
    def null_count(self) -> int: ...
    def __len__(self) -> int: ...

@final
class Component:
    """A component of a URI reference (RFC 3986 section 3)."""

    SCHEME: Component
    AUTHORITY: Component
    USERINFO: Component
    HOST: Component
    PORT: Component
    PATH: Component
    QUERY: Component
    FRAGMENT: Component
    @property
    def value(self) -> str:
        """The component's name, lowercase: its field's name in ``parse``'s
        struct."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __int__(self) -> int: ...

RECORD_FIELDS: tuple[tuple[str, Literal["bool", "string", "uint64"]], ...]
"""The fields of ``parse``'s struct, as ``(name, type)`` pairs."""

def arrow_parse(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_components(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_is_valid(urls: object) -> ArrowArray: ...
def arrow_error(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_component(urls: object, which: Component | str, *, views: bool = False) -> ArrowArray: ...
def arrow_port_number(urls: object) -> ArrowArray: ...
def arrow_resolve(base: object, references: object, *, views: bool = False) -> ArrowArray: ...
def arrow_normalize(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_equivalent(a: object, b: object) -> ArrowArray: ...
def arrow_iri_to_uri(iris: object, *, views: bool = False) -> ArrowArray: ...
def arrow_lint(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_scheme_valid(urls: object) -> ArrowArray: ...
def arrow_to_array(obj: object) -> ArrowArray: ...
def arrow_public_suffix(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_registrable_domain(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_query_param(
    urls: object, key: object, *, views: bool = False, plus_as_space: bool = False
) -> ArrowArray: ...

# Inside components: query pairs, decoding, extensions, subdomains.
def arrow_query_params(
    urls: object, *, plus_as_space: bool = False, views: bool = False
) -> ArrowArray: ...
def arrow_query_param_names(
    urls: object, *, plus_as_space: bool = False, views: bool = False
) -> ArrowArray: ...
def arrow_remove_query_params(
    urls: object, keys: object, *, plus_as_space: bool = False, views: bool = False
) -> ArrowArray: ...
def arrow_decode(texts: object, *, plus_as_space: bool = False, views: bool = False) -> ArrowArray: ...
def arrow_path_extension(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_subdomain(urls: object, *, views: bool = False) -> ArrowArray: ...

# Where an invalid row's error is; pieces that span or trim components;
# each row without some of its parts.
__all__ += [
    "arrow_error_offset",
    "arrow_error_column",
    "arrow_query_and_fragment",
    "arrow_path_query_and_fragment",
    "arrow_host_without_www",
    "arrow_top_level_domain",
    "arrow_registrable_label",
    "arrow_remove_www",
    "arrow_remove_query",
    "arrow_remove_fragment",
    "arrow_remove_query_and_fragment",
]

def arrow_error_offset(urls: object) -> ArrowArray: ...
def arrow_error_column(urls: object) -> ArrowArray: ...
def arrow_query_and_fragment(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_path_query_and_fragment(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_host_without_www(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_top_level_domain(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_registrable_label(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_remove_www(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_remove_query(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_remove_fragment(urls: object, *, views: bool = False) -> ArrowArray: ...
def arrow_remove_query_and_fragment(urls: object, *, views: bool = False) -> ArrowArray: ...
