"""The parse record's schema is the library's (``peguri::RECORD_FIELDS``):
the batch struct, the Polars struct type and the type stubs follow it."""

from __future__ import annotations

import ast
from pathlib import Path

import pyarrow as pa
import pytest

import peguri
from peguri import _peguri
import peguri.arrow as ua

STUB = Path(peguri.__file__).with_name("_peguri.pyi")
ARROW_TYPES = {"bool": pa.bool_(), "string": pa.string(), "uint64": pa.uint64()}


def stub_class(name: str) -> ast.ClassDef:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    raise AssertionError(f"no class {name} in {STUB.name}")


def test_the_batch_struct_is_the_record() -> None:
    result = pa.array(ua.parse(pa.array(["http://h/p", "a b", None])))
    fields = [(f.name, f.type) for f in result.type]
    assert fields == [(name, ARROW_TYPES[kind]) for name, kind in _peguri.RECORD_FIELDS]


def test_the_components_struct_is_valid_and_the_components() -> None:
    result = pa.array(ua.components(pa.array(["http://h/p"])))
    names = [f.name for f in result.type]
    components = [c.value for c in _every_component() if c != peguri.Component.AUTHORITY]
    assert names == ["valid", *components]


def test_the_stub_lists_every_component() -> None:
    members = {
        node.target.id
        for node in stub_class("Component").body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    assert members == set(COMPONENT_NAMES)
    assert [c.value for c in _every_component()] == [
        "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"
    ]


def test_the_stub_has_a_property_for_each_field_of_one_reference() -> None:
    properties = {
        node.name
        for node in stub_class("UriReference").body
        if isinstance(node, ast.FunctionDef)
        and any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list)
    }
    per_reference = {
        name for name, _ in _peguri.RECORD_FIELDS if name != "valid" and not name.startswith("error_")
    }
    assert per_reference <= properties, per_reference - properties


def test_the_polars_struct_types_are_the_record() -> None:
    pl = pytest.importorskip("polars")
    from peguri import polars as upl

    assert list(upl.PARSE_DTYPE.to_schema()) == [name for name, _ in _peguri.RECORD_FIELDS]
    series = pl.Series("u", ["http://h/p"])
    assert series.to_frame().select(pl.col("u").uri.parse()).dtypes[0] == upl.PARSE_DTYPE


COMPONENT_NAMES = ["SCHEME", "AUTHORITY", "USERINFO", "HOST", "PORT", "PATH", "QUERY", "FRAGMENT"]


def _every_component() -> list[peguri.Component]:
    return [getattr(peguri.Component, name) for name in COMPONENT_NAMES]


def test_a_component_is_chosen_by_member_or_name() -> None:
    urls = pa.array(["http://u@h:1/p"])
    by_member = pa.array(ua.component(urls, peguri.Component.AUTHORITY))
    by_name = pa.array(ua.component(urls, "authority"))
    assert by_member.to_pylist() == by_name.to_pylist() == ["u@h:1"]
    with pytest.raises(ValueError, match="no component named"):
        ua.component(urls, "hostname")
    with pytest.raises(TypeError, match="peguri.Component"):
        ua.component(urls, 3)  # type: ignore[arg-type]
