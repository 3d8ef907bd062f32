"""The shared vectors of ../shared/testdata, with the Rust tests' lists of
known disagreements (tests/expected_failures/)."""

from __future__ import annotations

from typing import Any

import pytest

import peguri
from conftest import expected_failures, shared_records

COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]


def left_out(record: dict[str, Any]) -> bool:
    return record.get("rfc3986_conformant") is False or record.get("spec") == "RFC6874"


def parse_as(rule: str, text: str) -> peguri.UriReference | None:
    """Parses with the rules the object API has; None for the others."""
    if rule == "URI-reference":
        return peguri.parse(text)
    if rule == "URI":
        return peguri.parse_uri(text)
    if rule == "relative-ref":
        u = peguri.parse(text)
        if u.has_scheme:
            raise peguri.ParseError("not a relative-ref")
        return u
    return None


def test_valid_vectors() -> None:
    known = expected_failures("valid")
    failures = []
    checked = 0
    for record in shared_records("testdata/valid.json"):
        rule, text = record.get("rule", ""), record.get("input", "")
        key = f"{rule} {text}"
        if left_out(record) or key in known:
            continue
        try:
            u = parse_as(rule, text)
        except peguri.ParseError as e:
            failures.append(f"{key}: {e}")
            continue
        if u is None:
            continue
        checked += 1
        for name in COMPONENTS:
            if name in record and getattr(u, name) != record[name]:
                failures.append(f"{key}: {name} {getattr(u, name)!r} != {record[name]!r}")
        if "host_kind" in record and u.host_kind != record["host_kind"]:
            failures.append(f"{key}: host_kind {u.host_kind!r}")
    assert not failures, "\n".join(failures[:20])
    assert checked > 0


def test_invalid_vectors() -> None:
    known = expected_failures("invalid")
    accepted = []
    for record in shared_records("testdata/invalid.json"):
        rule, text = record.get("rule", ""), record.get("input", "")
        key = f"{rule} {text}"
        if left_out(record) or key in known:
            continue
        try:
            if parse_as(rule, text) is not None:
                accepted.append(key)
        except peguri.ParseError:
            pass
    assert not accepted, "\n".join(accepted[:20])


def test_resolve_vectors() -> None:
    known = expected_failures("resolve")
    failures = []
    checked = 0
    for record in shared_records("testdata/resolve.json"):
        mode = record.get("mode")
        if mode not in (None, "non-strict") or record.get("rfc3986_conformant") is False:
            continue
        base, reference = record["base"], record["reference"]
        key = f"[{mode}] {base} + {reference}" if mode else f"{base} + {reference}"
        if key in known:
            continue
        checked += 1
        expected = record.get("expected")
        try:
            got: str | None = str(peguri.parse(base).resolve(reference, strict=mode is None))
        except (peguri.ParseError, peguri.ResolveError):
            got = None
        if got != expected:
            failures.append(f"{key}: expected {expected!r}, got {got!r}")
    assert not failures, "\n".join(failures[:20])
    assert checked > 0


@pytest.mark.parametrize("name", ["testdata/normalize.json", "testdata/iri.json"])
def test_vectors_never_crash(name: str) -> None:
    """Every input of the normalization and IRI vectors goes through the
    object API without anything but a ParseError."""
    count = 0
    for record in shared_records(name):
        for field in ("input", "iri", "uri", "base", "expected"):
            text = record.get(field)
            if not isinstance(text, str):
                continue
            count += 1
            for parse in (peguri.parse, peguri.parse_iri_ref):
                try:
                    u = parse(text)
                except peguri.ParseError:
                    continue
                u.normalize()
                u.to_uri()
    assert count > 0
