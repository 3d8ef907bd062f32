"""pandas Series of every string dtype into every ``peguri.arrow``
function, the rows a Series must not hold, and ``ArrowArray.to_pandas``
back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pyarrow as pa
import pytest

import peguri.arrow as ua

pd: Any = pytest.importorskip("pandas")

URLS = [
    "http://user@Example.com:8080/a/./b?q=1&id=7#f",
    "a b",
    None,
    "https://shop.example.co.uk/x?id=2",
    "//h",
    "",
]

DTYPES: dict[str, Callable[[list[Any]], Any]] = {
    "object": lambda v: pd.Series(v, dtype=object),
    "str": lambda v: pd.Series(v, dtype="str"),
    "string_python": lambda v: pd.Series(v, dtype="string[python]"),
    "string_pyarrow": lambda v: pd.Series(v, dtype="string[pyarrow]"),
    "arrow_string": lambda v: pd.Series(v, dtype=pd.ArrowDtype(pa.string())),
    "arrow_large_string": lambda v: pd.Series(v, dtype=pd.ArrowDtype(pa.large_string())),
    "category": lambda v: pd.Series(v, dtype="category"),
    "custom_index": lambda v: pd.Series(v, index=[f"row{i}" for i in range(len(v))]),
}

# Every function of peguri.arrow, each called on one column of URLs (a
# function of two columns with the column on either side, or both).
FUNCTIONS: dict[str, Callable[[Any], ua.ArrowArray]] = {
    "parse": ua.parse,
    "components": ua.components,
    "is_valid": ua.is_valid,
    "scheme_valid": ua.scheme_valid,
    "error": ua.error,
    "component": lambda s: ua.component(s, "authority"),
    "scheme": ua.scheme,
    "userinfo": ua.userinfo,
    "host": ua.host,
    "port": ua.port,
    "port_number": ua.port_number,
    "path": ua.path,
    "query": ua.query,
    "fragment": ua.fragment,
    "query_param": lambda s: ua.query_param(s, "id"),
    "public_suffix": ua.public_suffix,
    "registrable_domain": ua.registrable_domain,
    "resolve:base": lambda s: ua.resolve(s, "../g"),
    "resolve:references": lambda s: ua.resolve("http://a/b/c", s),
    "resolve:both": lambda s: ua.resolve(s, s),
    "normalize": ua.normalize,
    "equivalent": lambda s: ua.equivalent(s, "http://user@example.com:8080/a/b?q=1&id=7#f"),
    "equivalent:both": lambda s: ua.equivalent(s, s),
    "iri_to_uri": ua.iri_to_uri,
    "lint": ua.lint,
    # Inside components.
    "query_params": ua.query_params,
    "query_param_names": ua.query_param_names,
    "remove_query_params": lambda s: ua.remove_query_params(s, ["id", "utm_*"]),
    "decode": ua.decode,
    "path_extension": ua.path_extension,
    "subdomain": ua.subdomain,
}
# Where an invalid row's error is, pieces of components, removals.
FUNCTIONS.update({name: getattr(ua, name) for name in [
    "error_offset",
    "error_column",
    "query_and_fragment",
    "path_query_and_fragment",
    "host_without_www",
    "top_level_domain",
    "registrable_label",
    "remove_www",
    "remove_query",
    "remove_fragment",
    "remove_query_and_fragment",
]})


def test_every_function_is_listed() -> None:
    public = {name for name in ua.__all__ if name[0].islower()}
    covered = {name.split(":")[0] for name in FUNCTIONS}
    assert public <= covered, public - covered


@pytest.mark.parametrize("dtype", list(DTYPES))
@pytest.mark.parametrize("function", list(FUNCTIONS))
def test_every_dtype_into_every_function(dtype: str, function: str) -> None:
    series = DTYPES[dtype](URLS)
    expected = pa.array(FUNCTIONS[function](pa.array(URLS, pa.string()))).to_pylist()
    assert pa.array(FUNCTIONS[function](series)).to_pylist() == expected


def test_nan_and_none_are_null() -> None:
    series = pd.Series(["http://a/", float("nan"), None, pd.NA], dtype=object)
    assert pa.array(ua.host(series)).to_pylist() == ["a", None, None, None]
    assert pa.array(ua.host(pd.Series([None, None], dtype=object))).to_pylist() == [None, None]
    assert pa.array(ua.host(pd.Series([], dtype=object))).to_pylist() == []


@pytest.mark.parametrize(
    ("value", "kind"), [(3, "int"), (b"http://a/", "bytes"), (1.5, "float"), (["x", "y"], "list")]
)
def test_a_value_that_is_not_a_str_names_its_row(value: Any, kind: str) -> None:
    series = pd.Series(["http://a/", "http://b/", value], index=["x", "y", "z"], dtype=object)
    with pytest.raises(TypeError, match=rf"urls: row 2 \(index 'z'\) of the pandas Series is {kind}, not a str"):
        ua.host(series)
    with pytest.raises(TypeError, match=r"^a: row 2 \(index 'z'\)"):
        ua.equivalent(series, "http://a/")


def test_only_arrow_objects_and_series_are_taken() -> None:
    with pytest.raises(TypeError, match=r"^urls must be an Arrow array or stream .* or a pandas Series, not list$"):
        ua.host(["http://a/"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^references must be an Arrow array .*not list$"):
        ua.resolve("http://a/", ["b", "c"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^b must be an Arrow array .*not tuple$"):
        ua.equivalent(pa.array(["http://a/"]), ("http://a/",))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^key must be an Arrow array .*not int$"):
        ua.query_param(pa.array(["http://a/"]), 3)  # type: ignore[arg-type]


def test_to_pandas_round_trip() -> None:
    series = pd.Series(URLS, dtype="str")
    hosts = ua.host(series).to_pandas()
    assert isinstance(hosts, pd.Series)
    assert hosts[0] == "Example.com"
    assert hosts.isna().tolist() == [False, True, True, False, False, True]
    # Back into peguri, and into pandas again, unchanged.
    again = ua.normalize(ua.normalize(series).to_pandas()).to_pandas()
    assert again.equals(ua.normalize(series).to_pandas())
    # pyarrow's options: the Arrow type kept as a pandas dtype (`str` is
    # `large_string` in pandas 3, `object` in pandas 2).
    domains = ua.registrable_domain(series)
    typed = domains.to_pandas(types_mapper=pd.ArrowDtype)
    assert typed.dtype == pd.ArrowDtype(pa.array(domains).type)
    assert typed.tolist()[3] == "example.co.uk"
    flags = ua.is_valid(series).to_pandas()
    assert flags.tolist() == [True, False, None, True, True, True]
    assert ua.port_number(series).to_pandas().tolist()[0] == 8080


def test_without_pyarrow() -> None:
    code = (
        "import sys; sys.modules['pyarrow'] = None\n"
        "import pandas as pd, polars as pl, peguri.arrow as ua\n"
        "try:\n"
        "    ua.host(pd.Series(['http://a/'], dtype=object))\n"
        "except TypeError as e:\n"
        "    print('series:', e)\n"
        "try:\n"
        "    ua.host(pl.Series(['http://a/'])).to_pandas()\n"
        "except ImportError as e:\n"
        "    print('to_pandas:', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "series: urls is a pandas Series, which peguri.arrow reads through pyarrow: "
        "install pyarrow (pip install pyarrow)",
        "to_pandas: ArrowArray.to_pandas() needs pyarrow: pip install pyarrow pandas",
    ]


def test_typed_example_runs() -> None:
    """The example mypy --strict checks with pandas-stubs counts sites and
    error causes."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
    try:
        import pandas_typed
    finally:
        sys.path.pop(0)
    urls = pd.Series(
        ["https://a.example.co.uk/", "https://b.example.co.uk/", "http://h/a b", "http://h/x/a b", "a%"],
        dtype="string[pyarrow]",
    )
    assert pandas_typed.sites(urls).to_dict() == {"example.co.uk": 2}
    causes = pandas_typed.causes(urls)
    assert list(causes.loc["invalid character ' ' in path"]) == [2, 11]
    assert causes["rows"].sum() == 3
