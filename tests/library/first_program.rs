//! A first program of a user's kind, written from the rustdoc alone: an
//! owned base read from configuration, links resolved against it, owned
//! and borrowed values mixed in the comparisons, and the components listed
//! by name. It must build without `.borrow()`-style conversions.

use std::collections::HashMap;
use std::error::Error;

use peguri::{Component, IriRef, Normalizer, Resolver, Uri, UriBuf, UriRef, UriRefBuf};

/// What a configuration file gives: owned text.
fn configured_base() -> UriBuf {
    String::from("https://Example.COM:443/docs/guide/")
        .parse()
        .expect("a valid base")
}

#[test]
fn an_owned_base_resolves_links_of_any_type() -> Result<(), Box<dyn Error>> {
    let base = configured_base();
    let borrowed = UriRef::parse("../api/index.html?v=2")?;
    let owned: UriRefBuf = "intro.html#start".parse()?;
    assert_eq!(
        borrowed.resolve_against(&base),
        "https://Example.COM:443/docs/api/index.html?v=2"
    );
    assert_eq!(
        owned.resolve_against(&base),
        "https://Example.COM:443/docs/guide/intro.html#start"
    );
    // The resolver with options takes the base owned or borrowed.
    let resolver = Resolver::new().non_strict(true);
    assert_eq!(
        resolver.resolve(&base, &owned),
        resolver.resolve(&base.borrow(), &owned)
    );
    // And back: the shortest reference from the base.
    let target = Uri::parse("https://Example.COM:443/docs/api/")?;
    assert_eq!(base.make_relative(&target)?, "../api/");
    Ok(())
}

#[test]
fn owned_and_borrowed_values_mix_in_comparisons() -> Result<(), Box<dyn Error>> {
    let base = configured_base();
    let written = UriRef::parse("HTTPS://example.com/docs/./guide/")?;
    assert!(base.equivalent(&written));
    assert!(written.equivalent(&base));
    assert_eq!(base.normalize(), written.normalize());
    assert_eq!(base.normalize(), "https://example.com/docs/guide/");
    // `==` compares text, across types.
    assert_ne!(base, written);
    assert_eq!(base, Uri::parse("https://Example.COM:443/docs/guide/")?);
    // A map keyed by normal forms takes owned and borrowed values alike.
    let mut seen: HashMap<UriRefBuf, u32> = HashMap::new();
    *seen.entry(base.normalize().into()).or_default() += 1;
    *seen.entry(written.normalize()).or_default() += 1;
    assert_eq!(seen.len(), 1);
    // Normalizer chooses the steps, for any member too.
    let syntax = Normalizer::syntax();
    assert_ne!(syntax.normalize(&base), syntax.normalize(&written));
    // IRIs are compared as IRIs.
    let iri = IriRef::parse("http://例え.jp/%7Ea")?;
    assert_eq!(iri.normalize(), "http://例え.jp/~a");
    Ok(())
}

#[test]
fn components_are_listed_by_name() {
    let uri = configured_base();
    let fields: Vec<(&str, Option<&str>)> = Component::ALL
        .iter()
        .map(|&c| (c.as_str(), uri.component(c)))
        .collect();
    assert_eq!(
        fields,
        [
            ("scheme", Some("https")),
            ("authority", Some("Example.COM:443")),
            ("userinfo", None),
            ("host", Some("Example.COM")),
            ("port", Some("443")),
            ("path", Some("/docs/guide/")),
            ("query", None),
            ("fragment", None),
        ]
    );
}

/// A wrong argument is a compiler error about the user's own types: a
/// relative reference is not a base. (The call does not compile; this
/// test keeps the conversion that makes it one.)
#[test]
fn a_relative_reference_becomes_a_base_only_when_it_has_a_scheme() -> Result<(), Box<dyn Error>> {
    let link = UriRef::parse("../a")?;
    assert!(Uri::try_from(link).is_err());
    let absolute = UriRef::parse("http://h/x/")?;
    let base = Uri::try_from(absolute).expect("it has a scheme");
    assert_eq!(link.resolve_against(&base), "http://h/a");
    Ok(())
}
