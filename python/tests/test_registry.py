"""The IANA URI Schemes registry: ``scheme_info`` and the registry's lint
codes in ``peguri.arrow.lint``, the same as SQL's ``uri_scheme_info`` and
``uri_lint``."""

from __future__ import annotations

import pyarrow as pa
import pytest

import peguri
import peguri.arrow as ua


def test_scheme_info_of_a_name_or_a_uri() -> None:
    assert peguri.scheme_info("HTTP") == {
        "name": "http",
        "status": "permanent",
        "description": "Hypertext Transfer Protocol",
        "reference": "[RFC7230, Section 2.7.1]",
        "template": None,
    }
    git = peguri.scheme_info("git://example.com/repo.git")
    assert git is not None
    assert (git["status"], git["template"]) == ("provisional", "prov/git")
    wais = peguri.scheme_info("wais")
    assert wais is not None and wais["status"] == "historical"
    assert wais["reference"] == "[RFC4156]"


@pytest.mark.parametrize(
    "text", ["slack://open", "htp", "/relative", "http://h/a b", "", "\udcff"]
)
def test_scheme_info_is_none_when_nothing_is_registered(text: str) -> None:
    assert peguri.scheme_info(text) is None


def test_scheme_info_wants_a_str() -> None:
    with pytest.raises(TypeError, match="scheme_or_uri must be a str, not bytes"):
        peguri.scheme_info(b"http")  # type: ignore[arg-type]


def test_lint_lists_the_registry_codes() -> None:
    urls = pa.array(
        ["htp://example.com/", "slack://open", "wais://h/db", "javascript:x", "https://h/", None]
    )
    assert pa.array(ua.lint(urls)).to_pylist() == [
        ["unregistered-scheme"],
        ["unregistered-scheme"],
        ["historical-scheme"],
        ["dangerous-scheme"],
        [],
        None,
    ]
