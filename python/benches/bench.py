"""peguri against the Python URL libraries, in one process, on the corpus.

    python benches/bench.py [--rounds 7] [--json out.json]

1. Object API: each library's parse call plus four getters (scheme, host,
   path, query) per URL, ns per URL. Rejected inputs count as handled.
2. Batch host: ``peguri.arrow.host`` (plain strings, the default, and
   ``views=True``) against a host regex in Polars (``str.extract``) and
   pyarrow (``extract_regex``).
3. Batch throughput: ``peguri.arrow.components`` (valid plus the seven
   components), plain and as views, in URLs per second.
4. Templates: ``UriTemplate.match`` against ``UriTemplate.expand`` with the
   same variables, ns per call (no corpus).
5. Registrable domains: ``UriReference.registrable_domain`` per URL
   (``peguri.parse`` included) against tldextract (its bundled list
   snapshot, offline, with the private section as peguri's list has it),
   ns per URL; and the Arrow kernel ``peguri.arrow.registrable_domain`` in
   URLs per second.

The contenders run alternately, in a rotating order, ``--rounds`` times;
the figures are medians. The corpus is ../shared/corpus/*.txt (109,062
lines) when present, else generated URLs. One thread throughout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any, Callable

import peguri
import peguri.arrow as ua

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from conftest import SHARED, generated_urls, read_lines  # noqa: E402

# The host of an authority, as a regex can find it (it does not validate).
HOST_REGEX = r"^[A-Za-z][A-Za-z0-9+.\-]*://(?:[^@/?#]*@)?(?P<host>\[[^\]]*\]|[^:/?#]*)"


def load_corpus() -> tuple[list[str], str]:
    folder = SHARED / "corpus"
    if folder.exists():
        lines: list[str] = []
        for path in sorted(folder.glob("*.txt")):
            lines.extend(read_lines(path))
        return lines, f"../shared/corpus ({len(lines):,} lines)"
    urls = generated_urls(100_000)
    return urls, f"generated ({len(urls):,} URLs)"


def object_contenders() -> dict[str, Callable[[list[str]], int]]:
    """Each library's parse plus four getters over every URL; the number of
    inputs it rejected."""

    def run_peguri(urls: list[str]) -> int:
        parse, error, bad = peguri.parse, peguri.ParseError, 0
        for s in urls:
            try:
                u = parse(s)
            except error:
                bad += 1
                continue
            u.scheme, u.host, u.path, u.query
        return bad

    out: dict[str, Callable[[list[str]], int]] = {"peguri": run_peguri}

    try:
        import can_ada

        def run_can_ada(urls: list[str]) -> int:
            parse, bad = can_ada.parse, 0
            for s in urls:
                try:
                    u = parse(s)
                except ValueError:
                    bad += 1
                    continue
                u.protocol, u.hostname, u.pathname, u.search
            return bad

        out["can_ada"] = run_can_ada
    except ImportError:
        pass

    try:
        import ada_url

        def run_ada_url(urls: list[str]) -> int:
            make, bad = ada_url.URL, 0
            for s in urls:
                try:
                    u = make(s)
                except ValueError:
                    bad += 1
                    continue
                u.protocol, u.hostname, u.pathname, u.search
            return bad

        out["ada-url"] = run_ada_url
    except ImportError:
        pass

    try:
        import yarl

        def run_yarl(urls: list[str]) -> int:
            make, bad = yarl.URL, 0
            for s in urls:
                try:
                    u = make(s)
                    u.scheme, u.host, u.path, u.query_string
                except ValueError:
                    bad += 1
            return bad

        out["yarl"] = run_yarl
    except ImportError:
        pass

    try:
        import rfc3986

        def run_rfc3986(urls: list[str]) -> int:
            make, bad = rfc3986.uri_reference, 0
            for s in urls:
                try:
                    u = make(s)
                except ValueError:
                    bad += 1
                    continue
                u.scheme, u.host, u.path, u.query
            return bad

        out["rfc3986"] = run_rfc3986
    except ImportError:
        pass

    def run_urllib(urls: list[str]) -> int:
        split, bad = urllib.parse.urlsplit, 0
        for s in urls:
            try:
                u = split(s)
                u.scheme, u.hostname, u.path, u.query
            except ValueError:
                bad += 1
        return bad

    out["urllib"] = run_urllib
    return out


def batch_contenders(urls: list[str]) -> dict[str, Callable[[], Any]]:
    """Host extraction over the whole corpus, each on its library's own
    column type."""
    out: dict[str, Callable[[], Any]] = {}
    try:
        import pyarrow as pa
        import pyarrow.compute as pc

        column = pa.array(urls)
        out["peguri.arrow.host (pyarrow array)"] = lambda: ua.host(column)
        out["peguri.arrow.host views=True (pyarrow array)"] = lambda: ua.host(column, views=True)
        out["pyarrow extract_regex"] = lambda: pc.extract_regex(column, HOST_REGEX)
    except ImportError:
        pass
    try:
        import polars as pl

        series = pl.Series("url", urls)
        out["peguri.arrow.host (Polars series)"] = lambda: ua.host(series)
        out["peguri.arrow.host views=True (Polars series)"] = lambda: ua.host(series, views=True)
        out["Polars str.extract"] = lambda: series.str.extract(HOST_REGEX, 1)
    except ImportError:
        pass
    return out


# (template, variables, the URI they expand to) for section 4.
TEMPLATES: list[tuple[str, dict[str, Any], str]] = [
    ("/v1/users/{id}/repos/{repo}", {"id": "42", "repo": "peguri"}, "/v1/users/42/repos/peguri"),
    (
        "/api{/path*}{?page,filters*}",
        {"path": ["v1", "a b", "c"], "page": "2", "filters": {"color": "red", "size": "M"}},
        "/api/v1/a%20b/c?page=2&color=red&size=M",
    ),
]
TEMPLATE_CALLS = 20_000


def template_contenders() -> dict[str, Callable[[], Any]]:
    """match and expand of each template, TEMPLATE_CALLS calls each."""
    out: dict[str, Callable[[], Any]] = {}
    for text, variables, uri in TEMPLATES:
        t = peguri.UriTemplate(text)
        assert t.expand(**variables) == uri and t.match(uri) is not None

        def match(t: peguri.UriTemplate = t, uri: str = uri) -> None:
            for _ in range(TEMPLATE_CALLS):
                t.match(uri)

        def expand(t: peguri.UriTemplate = t, v: dict[str, Any] = variables) -> None:
            for _ in range(TEMPLATE_CALLS):
                t.expand(**v)

        out[f"match {text}"] = match
        out[f"expand {text}"] = expand
    return out


def domain_contenders(urls: list[str]) -> dict[str, Callable[[], Any]]:
    """The registrable domain of every URL, one at a time."""

    def run_peguri() -> None:
        parse, error = peguri.parse, peguri.ParseError
        for s in urls:
            try:
                parse(s).registrable_domain
            except error:
                pass

    out: dict[str, Callable[[], Any]] = {"peguri": run_peguri}
    try:
        import tldextract

        # The list snapshot tldextract ships, no network and no cache.
        extract = tldextract.TLDExtract(
            suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True
        )

        def run_tldextract() -> None:
            for s in urls:
                extract(s).top_domain_under_public_suffix

        out["tldextract"] = run_tldextract
    except ImportError:
        pass
    return out


def alternate(contenders: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    """Median seconds per contender, run alternately in rotating order."""
    times: dict[str, list[float]] = {name: [] for name in contenders}
    names = list(contenders)
    for name in names:  # warm-up
        contenders[name]()
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            start = time.perf_counter()
            contenders[name]()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()

    urls, source = load_corpus()
    n = len(urls)
    print(f"corpus: {source}; {args.rounds} alternating rounds, medians\n")

    objects = object_contenders()
    rejected = {name: f(urls) for name, f in objects.items()}
    obj = alternate({name: (lambda f=f: f(urls)) for name, f in objects.items()}, args.rounds)
    print("| parse + 4 getters | ns per URL | x peguri | rejected |")
    print("|---|---:|---:|---:|")
    for name, t in sorted(obj.items(), key=lambda kv: kv[1]):
        print(f"| {name} | {t / n * 1e9:,.0f} | {t / obj['peguri']:.2f} | {rejected[name]:,} |")

    batch = alternate(batch_contenders(urls), args.rounds)
    comps = alternate(
        {
            "components": lambda: ua.components(urls_array),
            "components views=True": lambda: ua.components(urls_array, views=True),
        },
        args.rounds,
    ) if (
        urls_array := _arrow_array(urls)
    ) is not None else {}
    print("\n| batch host | ns per URL | M URLs/s |")
    print("|---|---:|---:|")
    for name, t in sorted(batch.items(), key=lambda kv: kv[1]):
        print(f"| {name} | {t / n * 1e9:,.1f} | {n / t / 1e6:.1f} |")
    for name, t in comps.items():
        print(f"| peguri.arrow.{name} (valid + 7 components) | {t / n * 1e9:,.1f} | {n / t / 1e6:.1f} |")

    tpl = alternate(template_contenders(), args.rounds)
    print("\n| template | match ns | expand ns | match / expand |")
    print("|---|---:|---:|---:|")
    for text, _, _ in TEMPLATES:
        m, e = tpl[f"match {text}"], tpl[f"expand {text}"]
        print(f"| `{text}` | {m / TEMPLATE_CALLS * 1e9:,.0f} | {e / TEMPLATE_CALLS * 1e9:,.0f} | {m / e:.2f} |")

    domains = alternate(domain_contenders(urls), args.rounds)
    print("\n| registrable domain, one URL at a time | ns per URL | x peguri |")
    print("|---|---:|---:|")
    for name, t in sorted(domains.items(), key=lambda kv: kv[1]):
        print(f"| {name} | {t / n * 1e9:,.0f} | {t / domains['peguri']:.2f} |")
    kernel = (
        alternate(
            {
                "registrable_domain": lambda: ua.registrable_domain(urls_array),
                "registrable_domain views=True": lambda: ua.registrable_domain(urls_array, views=True),
            },
            args.rounds,
        )
        if urls_array is not None
        else {}
    )
    for name, t in kernel.items():
        print(f"| peguri.arrow.{name} (pyarrow array) | {t / n * 1e9:,.1f} | {t / domains['peguri']:.2f} |")

    print("\ntargets:")
    results: dict[str, Any] = {"corpus": source, "rounds": args.rounds}
    if "can_ada" in obj:
        ratio = obj["peguri"] / obj["can_ada"]
        results["parse_vs_can_ada"] = ratio
        print(f"- parse + 4 getters: {ratio:.2f}x can_ada (target <= 0.6): {_verdict(ratio <= 0.6)}")
    polars_regex = batch.get("Polars str.extract")
    ours = batch.get("peguri.arrow.host (Polars series)")
    if polars_regex and ours:
        speedup = polars_regex / ours
        results["host_vs_polars_regex"] = speedup
        print(f"- peguri.arrow.host: {speedup:.1f}x Polars' regex (target >= 3): {_verdict(speedup >= 3)}")
    if comps:
        rate = n / comps["components"] / 1e6
        results["components_m_urls_per_s"] = rate
        print(f"- components + valid: {rate:.1f} M URLs/s (target >= 8): {_verdict(rate >= 8)}")
    if "tldextract" in domains:
        ratio = domains["peguri"] / domains["tldextract"]
        results["registrable_domain_vs_tldextract"] = ratio
        print(f"- registrable_domain per URL: {ratio:.2f}x tldextract (target <= 1): {_verdict(ratio <= 1)}")
    if kernel:
        rate = n / kernel["registrable_domain"] / 1e6
        results["registrable_domain_m_urls_per_s"] = rate
        print(f"- peguri.arrow.registrable_domain: {rate:.1f} M URLs/s (target >= 5): {_verdict(rate >= 5)}")
    results["object_ns"] = {k: v / n * 1e9 for k, v in obj.items()}
    results["domain_ns"] = {k: v / n * 1e9 for k, v in {**domains, **kernel}.items()}
    results["batch_ns"] = {k: v / n * 1e9 for k, v in batch.items()}
    results["template_ns"] = {k: v / TEMPLATE_CALLS * 1e9 for k, v in tpl.items()}
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


def _arrow_array(urls: list[str]) -> Any:
    try:
        import pyarrow as pa
    except ImportError:
        return None
    return pa.array(urls)


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


if __name__ == "__main__":
    main()
