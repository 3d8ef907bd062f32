//! Every public item has exactly one public path: the snapshot of the
//! public API (`tests/public-api.txt`, which `public_api` keeps equal to
//! the crate) names no type, trait or free function twice under different
//! modules, so that the documentation and the compiler's messages name each
//! thing one way.

use std::collections::BTreeMap;

/// The public items the snapshot defines (not their methods or fields):
/// each name with the paths it has.
fn items(snapshot: &str) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in snapshot.lines() {
        let line = line.strip_prefix("#[non_exhaustive] ").unwrap_or(line);
        let Some(rest) = [
            "pub struct ",
            "pub enum ",
            "pub trait ",
            "pub type ",
            "pub const fn ",
            "pub fn ",
        ]
        .iter()
        .find_map(|kind| line.strip_prefix(kind)) else {
            continue;
        };
        let path = rest.split(['<', '(', ' ']).next().unwrap_or_default();
        let path = path.trim_end_matches(':');
        let segments: Vec<&str> = path.split("::").collect();
        // A method, an associated type or a field: the segment before the
        // name is a type (capitalized), not a module.
        let is_free = segments.len() >= 2
            && segments[..segments.len() - 1]
                .iter()
                .all(|s| s.chars().next().is_some_and(|c| c.is_ascii_lowercase()));
        if !is_free || !path.starts_with("peguri::") {
            continue;
        }
        let name = segments[segments.len() - 1].to_owned();
        let paths = out.entry(name).or_default();
        if !paths.contains(&path.to_owned()) {
            paths.push(path.to_owned());
        }
    }
    out
}

#[test]
fn every_public_item_has_one_path() {
    let snapshot =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/public-api.txt"))
            .expect("the public API snapshot");
    let items = items(&snapshot);
    assert!(
        items.contains_key("UriRef") && items.contains_key("BuildError"),
        "the snapshot's items were not read: {:?}",
        items.keys().take(20).collect::<Vec<_>>()
    );
    // Free functions of one name in two modules are two functions (each
    // module's `parse`, `validate`...); the same type at two paths is one
    // type shown twice.
    let twice: Vec<_> = items
        .iter()
        .filter(|(name, paths)| {
            paths.len() > 1 && name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        })
        .collect();
    assert!(
        twice.is_empty(),
        "types with more than one public path: {twice:#?}"
    );
}

#[test]
fn the_reader_sees_a_type_at_two_paths() {
    let items = items(
        "pub struct peguri::a::Thing\npub struct peguri::b::Thing\npub fn peguri::a::Thing::new() -> Self\npub struct peguri::Other",
    );
    assert_eq!(items["Thing"], ["peguri::a::Thing", "peguri::b::Thing"]);
    assert_eq!(items["Other"], ["peguri::Other"]);
    assert!(!items.contains_key("new"));
}
