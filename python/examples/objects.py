"""The object API, typed: run with `python examples/objects.py`; checked by
`mypy --strict` in the test flow."""

from __future__ import annotations

import peguri


def main() -> None:
    uri = peguri.parse("https://user@example.com:8443/docs/guide?lang=en&q=caf%C3%A9#intro")
    host: str | None = uri.host
    port: int | None = uri.port_number
    print(uri.scheme, host, port, uri.segments, dict(uri.query_pairs()))

    base = peguri.parse_uri("http://a/b/c/d;p?q")
    link = base.resolve("../g?y#s")
    print(link, link.relative_to(base))

    print(peguri.parse("HTTP://Example.COM:80/%7Euser/./x").normalize())
    print(uri.replace(port=None, fragment=None, query="page=2"))

    try:
        peguri.parse("http://example.com/%zz")
    except peguri.ParseError as err:
        column: int = err.column
        print(err.kind, err.component, column)
        print(err)

    iri = peguri.parse_iri("http://例え.jp/パス")
    print(iri.to_uri(), iri.to_uri(idna=True))

    template = peguri.UriTemplate("https://api.example.com/users/{id}{?fields*}")
    expanded = template.expand(id="42", fields=["name", "email"])
    found = template.match(expanded)
    print(expanded, found)

    parts = peguri.urlsplit("https://example.com/p?q")
    print(parts.netloc, parts.geturl())


if __name__ == "__main__":
    main()
