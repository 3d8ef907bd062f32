"""Shared fixtures: ../shared (beside the repository), the corpus, and the
expected number of invalid rows computed at test time."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest

import peguri

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("PEGURI_SHARED", REPO.parent / "shared"))


def shared_path(rel: str) -> Path | None:
    """``../shared/<rel>`` if present. Under ``CI=true`` a missing file
    fails the test; elsewhere the test is skipped with a notice."""
    path = SHARED / rel
    if path.exists():
        return path
    if os.environ.get("CI") == "true":
        pytest.fail(f"{path} is missing, and CI=true requires it")
    warnings.warn(f"notice: skipping the checks over ../shared/{rel}: {path} not found")
    pytest.skip(f"../shared/{rel} not found (set PEGURI_SHARED to its folder)")


def shared_records(rel: str) -> list[dict[str, Any]]:
    path = shared_path(rel)
    assert path is not None
    value = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(value, dict):
        value = next(v for v in value.values() if isinstance(v, list))
    assert isinstance(value, list)
    return value


def expected_failures(name: str) -> set[str]:
    """The keys of ``tests/expected_failures/<name>.txt``, the Rust tests'
    list of known disagreements with the shared vectors."""
    path = REPO / "tests" / "expected_failures" / f"{name}.txt"
    keys: set[str] = set()
    if not path.exists():
        return keys
    decoder = json.JSONDecoder()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _ = decoder.raw_decode(line)
            keys.add(key)
    return keys


def read_lines(path: Path) -> list[str]:
    """One URL per line as the CLI reads them: a trailing CR and a BOM
    stripped, an empty line kept (the empty reference)."""
    text = path.read_bytes().decode("utf-8", errors="surrogateescape")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    for line in lines:
        line = line.removeprefix("\ufeff").removesuffix("\r")
        # A line that is not UTF-8 is invalid for the CLI too; keep it
        # invalid here with a character no URI holds.
        out.append(line.encode("utf-8", errors="surrogateescape").decode("utf-8", errors="replace"))
    return out


def generated_urls(n: int = 20_000, seed: int = 3986) -> list[str]:
    """URLs of every shape, a few percent of them invalid, for runs without
    ../shared."""
    rng = random.Random(seed)
    schemes = ["http", "https", "ftp", "mailto", "urn", "file", "HTTP", "git+ssh"]
    hosts = ["example.com", "127.0.0.1", "[::1]", "[v1.x]", "xn--bcher-kva.de", "", "a.b-c.d"]
    paths = ["", "/", "/a/b", "/a/./b/../c", "/%7Euser", "/caf%C3%A9", "/x;p=1"]
    bad = [" ", "%zz", "[", "^", "\\", "<", "é", "|"]
    out = []
    for i in range(n):
        url = f"{rng.choice(schemes)}://{rng.choice(hosts)}"
        if rng.random() < 0.3:
            url += f":{rng.randrange(0, 70000)}"
        url += rng.choice(paths)
        if rng.random() < 0.4:
            url += f"?q={i}&r=s"
        if rng.random() < 0.2:
            url += "#frag"
        if rng.random() < 0.04:
            pos = rng.randrange(len(url) + 1)
            url = url[:pos] + rng.choice(bad) + url[pos:]
        out.append(url)
    return out


@pytest.fixture(scope="session")
def corpus() -> list[str]:
    """The shared corpus (109,062 lines) when present, else generated URLs.
    Under CI=true the corpus must be there."""
    folder = SHARED / "corpus"
    if not folder.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{folder} is missing, and CI=true requires it")
        warnings.warn(f"notice: {folder} not found; using generated URLs")
        return generated_urls()
    lines: list[str] = []
    for path in sorted(folder.glob("*.txt")):
        lines.extend(read_lines(path))
    return lines


def find_cli() -> str | None:
    """The peguri CLI: $PEGURI_CLI, the build of this checkout, or PATH."""
    if os.environ.get("PEGURI_CLI"):
        return os.environ["PEGURI_CLI"]
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for profile in ("debug", "release"):
        candidate = target / profile / "peguri"
        if candidate.exists():
            return str(candidate)
    return shutil.which("peguri")


@pytest.fixture(scope="session")
def expected_invalid(corpus: list[str]) -> int:
    """How many corpus rows are invalid, by the object API and, when the
    CLI is built, by the CLI too (they must agree)."""
    by_api = sum(1 for url in corpus if not peguri.is_valid(url))
    cli = find_cli()
    if cli is not None:
        stdin = "".join(url + "\n" for url in corpus).encode("utf-8")
        result = subprocess.run(
            [cli, "parse", "--only-invalid"], input=stdin, capture_output=True, check=False
        )
        assert result.returncode in (0, 1), result.stderr
        by_cli = len(result.stdout.splitlines())
        assert by_cli == by_api, f"CLI {by_cli} vs object API {by_api}"
    return by_api
