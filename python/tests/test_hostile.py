"""peguri.arrow on hostile and careless input, of the kind pyarrow's and
Polars' own suites keep: every string layout, sliced, chunked, dictionary,
empty and all-null arrays, structs with NULL rows, strings that are not
UTF-8 in every layout and through every entry point, more than 2 GiB of
text (marked slow), and every function against the object API row by row."""

from __future__ import annotations

import random
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import peguri
import peguri.arrow as ua


def pylist(obj: Any) -> list[Any]:
    values: list[Any] = pa.array(obj).to_pylist()
    return values


LAYOUTS: dict[str, Callable[[list[str | None]], Any]] = {
    "string": lambda v: pa.array(v, pa.string()),
    "large_string": lambda v: pa.array(v, pa.large_string()),
    "string_view": lambda v: pa.array(v, pa.string_view()),
    "dictionary": lambda v: pa.array(v, pa.string()).dictionary_encode(),
    "large dictionary": lambda v: pa.array(v, pa.large_string()).dictionary_encode(),
    "chunked": lambda v: pa.chunked_array([v[: len(v) // 3], v[len(v) // 3 :]], pa.string()),
    "sliced": lambda v: pa.array(["http://before/", None, *v, "http://after/"]).slice(2, len(v)),
    "sliced string_view": lambda v: pa.array(["http://before/", *v], pa.string_view()).slice(1, len(v)),
    "table": lambda v: pa.table({"url": pa.array(v, pa.string())}),
    "record_batch": lambda v: pa.record_batch({"url": pa.array(v, pa.large_string())}),
}

COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]


def sample(corpus: list[str], n: int = 1500) -> list[str | None]:
    rng = random.Random(37)
    rows: list[str | None] = list(rng.sample(corpus, min(n, len(corpus))))
    rows += [None, "", "http://h/a b", "HTTP://Example.COM:80/a/./b", "http://例え.jp/パス", "%zz"]
    rng.shuffle(rows)
    return rows


def scalar(text: str | None, f: Callable[[peguri.UriReference], Any]) -> Any:
    if text is None or not peguri.is_valid(text):
        return None
    return f(peguri.parse(text))


def iri_to_uri(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return str(peguri.parse_iri_ref(text).to_uri())
    except peguri.ParseError:
        return None


def resolved(base: peguri.UriReference, text: str | None) -> str | None:
    value: str | None = scalar(text, lambda u: str(base.resolve(u)))
    return value


def first_value(u: peguri.UriReference, key: str) -> str | None:
    """The value of the first pair with ``key`` (``""`` without ``=``)."""
    for k, v in u.query_pairs():
        if k == key:
            return "" if v is None else v
    return None


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("views", [False, True])
def test_every_function_agrees_with_the_object_api(
    corpus: list[str], layout: str, views: bool
) -> None:
    rows = sample(corpus)
    data = LAYOUTS[layout](rows)
    for name in COMPONENTS:
        got = pylist(getattr(ua, name)(data, views=views))
        want = [scalar(t, lambda u: getattr(u, name)) for t in rows]
        assert got == want, (layout, name)
    assert pylist(ua.port_number(data)) == [scalar(t, lambda u: u.port_number) for t in rows]
    assert pylist(ua.is_valid(data)) == [None if t is None else peguri.is_valid(t) for t in rows]
    assert pylist(ua.normalize(data, views=views)) == [
        scalar(t, lambda u: str(u.normalize())) for t in rows
    ]
    assert pylist(ua.iri_to_uri(data, views=views)) == [iri_to_uri(t) for t in rows]
    base = peguri.parse("http://a/b/c/d;p?q")
    assert pylist(ua.resolve(str(base), data, views=views)) == [resolved(base, t) for t in rows]
    errors = pylist(ua.error(data, views=views))
    offsets, columns = pylist(ua.error_offset(data)), pylist(ua.error_column(data))
    parsed = pylist(ua.parse(data, views=views))
    for text, message, offset, column, row in zip(rows, errors, offsets, columns, parsed):
        if text is None:
            assert (message, offset, column, row) == (None, None, None, None)
            continue
        try:
            peguri.parse(text)
        except peguri.ParseError as e:
            assert (message, offset, column) == (e.message, e.offset, e.column)
            assert (row["valid"], row["error_offset"], row["error_column"]) == (False, e.offset, e.column)
        else:
            assert (message, offset, column) == (None, None, None) and row["valid"] is True
    for name in ("public_suffix", "registrable_domain"):
        got = pylist(getattr(ua, name)(data, views=views))
        assert got == [scalar(t, lambda u: getattr(u, name)) for t in rows], (layout, name)
    for key in ("q", "id", ""):
        got = pylist(ua.query_param(data, key, views=views))
        assert got == [scalar(t, lambda u: first_value(u, key)) for t in rows], (layout, key)
    if layout not in ("table", "record_batch"):
        same = pylist(ua.equivalent(data, ua.normalize(data)))
        assert same == [scalar(t, lambda u: True) for t in rows]
        one = "http://example.com/"
        assert pylist(ua.equivalent(data, one)) == [scalar(t, lambda u: u.equivalent(one)) for t in rows]


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_results_are_plain_strings_by_default(layout: str) -> None:
    data = LAYOUTS[layout](["http://example.com/a-long-enough-path", None, "a b"])
    large = layout in ("large_string", "large dictionary", "record_batch")
    want = pa.large_string() if large else pa.string()
    assert pa.array(ua.host(data)).type == want
    assert pa.array(ua.host(data, views=True)).type == pa.string_view()
    assert pa.array(ua.components(data)).type.field("path").type == want
    assert pa.array(ua.lint(data)).type == pa.list_(want)
    for out in (ua.error(data), ua.normalize(data), ua.iri_to_uri(data), ua.resolve("http://x/", data)):
        assert pa.array(out).type == want


def test_requested_schema_is_honoured() -> None:
    urls = pa.array(["http://example.com/a-long-enough-path", None, "a b"])
    for views in (False, True):
        for t in (pa.string(), pa.large_string(), pa.string_view()):
            got = pa.array(ua.path(urls, views=views), type=t)
            assert got.type == t and got.to_pylist() == ["/a-long-enough-path", None, None]
        components = pa.array(ua.components(urls, views=views))
        for t in (pa.string(), pa.large_string(), pa.string_view()):
            wanted = pa.struct([pa.field(f.name, t if f.name != "valid" else pa.bool_()) for f in components.type])
            got = pa.array(ua.components(urls, views=views), type=wanted)
            assert got.type == wanted and got.to_pylist() == components.to_pylist()
            got = pa.array(ua.lint(urls, views=views), type=pa.list_(t))
            assert got.type == pa.list_(t)


def test_pyarrow_compute_functions_take_the_results() -> None:
    hosts = pa.array(ua.host(pa.array(["http://b.example/", "http://a.example/", "x y", None, "http://a.example/"])))
    assert pc.filter(hosts, pc.is_valid(hosts)).to_pylist() == ["b.example", "a.example", "a.example"]
    assert pc.take(hosts, pc.sort_indices(hosts)).to_pylist()[:2] == ["a.example", "a.example"]
    assert pc.drop_null(hosts).to_pylist() == ["b.example", "a.example", "a.example"]
    assert pc.starts_with(hosts, "a.").to_pylist() == [False, True, None, None, True]
    assert sorted(pc.unique(pc.drop_null(hosts)).to_pylist()) == ["a.example", "b.example"]
    assert pc.value_counts(hosts).to_pylist()[0] == {"values": "b.example", "counts": 1}
    assert hosts.cast(pa.large_string()).to_pylist() == hosts.to_pylist()
    assert pa.concat_arrays([hosts, hosts]).to_pylist() == hosts.to_pylist() * 2
    hosts.validate(full=True)


def bad_string(layout: pa.DataType, rows: list[bytes]) -> pa.Array:
    """A string array whose rows are these bytes, UTF-8 or not, as a C
    producer may hand it over (pyarrow does not check ``from_buffers``)."""
    data = b"".join(rows)
    ends = [0]
    for row in rows:
        ends.append(ends[-1] + len(row))
    if layout == pa.large_string():
        offsets = struct.pack(f"<{len(ends)}q", *ends)
    else:
        offsets = struct.pack(f"<{len(ends)}i", *ends)
    plain = pa.Array.from_buffers(
        pa.large_string() if layout == pa.large_string() else pa.string(),
        len(rows),
        [None, pa.py_buffer(offsets), pa.py_buffer(data)],
    )
    if layout == pa.string_view():
        views = []
        for start, row in zip(ends, rows):
            if len(row) <= 12:
                views.append(struct.pack("<i", len(row)) + row.ljust(12, b"\0"))
            else:
                views.append(struct.pack("<i4sii", len(row), row[:4], 0, start))
        return pa.Array.from_buffers(
            pa.string_view(), len(rows), [None, pa.py_buffer(b"".join(views)), pa.py_buffer(data)]
        )
    return plain


# The rows: 0xFF 0xFE inside row 1.
BAD_ROWS = [b"http://a/", b"http://b/\xff\xfe/x", b"http://c/"]

FUNCTIONS: dict[str, Callable[[Any], Any]] = {
    **{name: getattr(ua, name) for name in COMPONENTS},
    "parse": ua.parse,
    "components": ua.components,
    "is_valid": ua.is_valid,
    "error": ua.error,
    "port_number": ua.port_number,
    "normalize": ua.normalize,
    "iri_to_uri": ua.iri_to_uri,
    "lint": ua.lint,
    "resolve": lambda a: ua.resolve("http://a/", a),
    "resolve per row": lambda a: ua.resolve(a, a),
    "equivalent": lambda a: ua.equivalent(a, a),
    "equivalent to a str": lambda a: ua.equivalent("http://a/", a),
    "resolve a str": lambda a: ua.resolve(a, "g"),
    "public_suffix": ua.public_suffix,
    "registrable_domain": ua.registrable_domain,
    "query_param": lambda a: ua.query_param(a, "q"),
    "query_param per row": lambda a: ua.query_param(a, a),
    "to_array": ua._to_array,
    # Inside components.
    "query_param, plus as space": lambda a: ua.query_param(a, "q", plus_as_space=True),
    "query_params": ua.query_params,
    "query_param_names": ua.query_param_names,
    "remove_query_params": lambda a: ua.remove_query_params(a, ["q", "utm_*"]),
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


@pytest.mark.parametrize("layout", [pa.string(), pa.large_string(), pa.string_view()], ids=str)
@pytest.mark.parametrize("function", list(FUNCTIONS))
def test_strings_that_are_not_utf8_raise_value_error(layout: pa.DataType, function: str) -> None:
    bad = bad_string(layout, BAD_ROWS)
    with pytest.raises(ValueError, match=r"row 1 is not UTF-8: byte 9 of the row \(0xFF\)"):
        FUNCTIONS[function](bad)


@pytest.mark.parametrize(
    "wrap",
    [
        lambda a: pa.chunked_array([pa.array(["http://ok/"], a.type), a]),
        lambda a: pa.table({"url": a}),
        lambda a: pa.record_batch({"url": a}),
        lambda a: pa.RecordBatchReader.from_batches(
            pa.schema([("url", a.type)]), [pa.record_batch({"url": a})]
        ),
        lambda a: pa.StructArray.from_arrays([a], ["url"]),
        lambda a: a.dictionary_encode() if a.type != pa.string_view() else pa.DictionaryArray.from_arrays(pa.array([2, 1, 0], pa.int32()), a),
        lambda a: a.slice(1, 2),
    ],
    ids=["chunked", "table", "record_batch", "stream", "struct", "dictionary", "sliced"],
)
@pytest.mark.parametrize("layout", [pa.string(), pa.large_string(), pa.string_view()], ids=str)
def test_every_entry_point_checks_utf8(layout: pa.DataType, wrap: Callable[[pa.Array], Any]) -> None:
    data = wrap(bad_string(layout, BAD_ROWS))
    with pytest.raises(ValueError, match="is not UTF-8"):
        ua.host(data)


def test_a_row_cut_inside_a_character_is_not_read_past_its_end() -> None:
    for following in (b"http://ok/", b"Zzz"):
        bad = bad_string(pa.string(), [b"http://a/\xe2\x82", following])
        with pytest.raises(ValueError, match="row 0 is not UTF-8: it ends inside a character that starts at byte 9"):
            ua.error(bad)


def test_valid_rows_of_a_buffer_with_invalid_bytes_elsewhere() -> None:
    """Only the rows of a slice are read: bytes outside it do not matter."""
    bad = bad_string(pa.string(), BAD_ROWS)
    assert pylist(ua.host(bad.slice(2, 1))) == ["c"]


def test_iri_to_uri_never_aborts_the_interpreter(tmp_path: Path) -> None:
    """The issue's crash, through a CSV read without its UTF-8 check and a
    Parquet file whose string column holds other bytes: a ValueError, and
    the interpreter lives on."""
    csv = tmp_path / "urls.csv"
    csv.write_bytes(b"url\nhttp://a/\nhttp://b/\xff\xfe/x\nhttp://c/\n")
    code = (
        "import pyarrow.csv as pv, peguri.arrow as ua, sys\n"
        f"t = pv.read_csv({str(csv)!r}, convert_options=pv.ConvertOptions(check_utf8=False))\n"
        "try:\n"
        "    ua.iri_to_uri(t['url'])\n"
        "except ValueError as e:\n"
        "    print('ValueError', e)\n"
        "print('alive')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert "row 1 is not UTF-8" in out.stdout and out.stdout.strip().endswith("alive")


def test_struct_nulls_apply_to_its_column() -> None:
    urls = pa.array(["http://a/", "http://b/", "http://c/", "http://d/", "http://e/"])
    structs = pa.StructArray.from_arrays([urls], ["u"], mask=pa.array([False, True, False, False, True]))
    assert pylist(ua.host(structs)) == ["a", None, "c", "d", None]
    assert pylist(ua.host(structs.slice(1, 3))) == [None, "c", "d"]
    assert pylist(ua.is_valid(structs)) == [True, None, True, True, None]


@pytest.mark.parametrize(
    "make",
    [
        lambda: pa.array([None, None, None]),
        lambda: pa.array([None, None, None], pa.string()),
        lambda: pa.array([None, None, None], pa.large_string()),
        lambda: pa.array([None, None, None], pa.string_view()),
        lambda: pa.chunked_array([[None], [None, None]], pa.null()),
        lambda: pa.table({"url": pa.array([None, None, None])}),
    ],
    ids=["null", "string", "large_string", "string_view", "chunked null", "table of null"],
)
def test_all_null_columns_give_all_null_results(make: Callable[[], Any]) -> None:
    for name, function in FUNCTIONS.items():
        if name == "to_array":
            continue
        out = pa.array(function(make()))
        assert len(out) == 3 and out.null_count == 3, name


def test_polars_null_dtype() -> None:
    pl = pytest.importorskip("polars")
    s = pl.Series("url", [None, None])
    assert s.dtype == pl.Null
    assert pl.Series(ua.host(s)).to_list() == [None, None]
    df = pl.DataFrame({"url": s})
    out = df.select(pl.col("url").uri.host(), pl.col("url").uri.is_valid().alias("valid"))
    assert out["url"].to_list() == [None, None] and out["valid"].to_list() == [None, None]


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_empty_arrays(layout: str) -> None:
    data = LAYOUTS[layout]([])
    for name, function in FUNCTIONS.items():
        assert len(pa.array(function(data))) == 0, name


def test_lint_findings_are_capped_per_row() -> None:
    row = "http://a/" + "%00" * (10_000_000 // 3)
    codes = pa.array(ua.lint(pa.array([row, "http://a/%00%00"])))
    assert len(codes[0]) == 100 and codes[1].as_py() == ["encoded-nul", "encoded-nul"]
    assert codes.nbytes < 64 * 1024


@pytest.mark.slow
def test_more_than_2_gib_of_large_string() -> None:
    """The issue's repro: 22 M rows, 2.2 GB of text. Views past 2 GiB fit
    the format's signed offsets; the last row reads back, plain and as
    views."""
    url = "https://example.com/" + "p" * 80
    big = pa.array([url] * 22_000_000, pa.large_string())
    assert big.nbytes > 2**31
    for views in (False, True):
        paths = pa.array(ua.path(big, views=views))
        assert paths.type == (pa.string_view() if views else pa.large_string())
        paths.validate(full=True)
        assert paths[len(paths) - 1].as_py() == "/" + "p" * 80
        assert paths.cast(pa.large_string())[len(paths) - 1].as_py() == "/" + "p" * 80
        del paths
    hosts = pa.array(ua.host(big, views=True))
    assert hosts[len(hosts) - 1].as_py() == "example.com"
