//! Each crate of the workspace declares a `rust-version` no older than that
//! of any crate its default features pull in (normal and build
//! dependencies), as `cargo tree` resolves them for it alone. No older
//! toolchain is at hand to build with, so the declared versions are checked
//! against the dependencies' own.

use std::collections::HashMap;
use std::process::Command;

use serde_json::Value;

/// A `rust-version` as (major, minor, patch).
fn version(text: &str) -> (u64, u64, u64) {
    let mut parts = text.split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

fn cargo(args: &[&str]) -> Option<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    out.status
        .success()
        .then(|| String::from_utf8(out.stdout).expect("cargo prints UTF-8"))
}

#[test]
fn rust_version_covers_every_dependency_of_the_default_features() {
    let metadata = cargo(&["metadata", "--format-version", "1"]).expect("cargo metadata");
    let metadata: Value = serde_json::from_str(&metadata).expect("metadata is JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    // name and version -> rust-version
    let declared: HashMap<(String, String), Option<String>> = packages
        .iter()
        .map(|p| {
            let key = (
                p["name"].as_str().unwrap_or_default().to_owned(),
                p["version"].as_str().unwrap_or_default().to_owned(),
            );
            (key, p["rust_version"].as_str().map(str::to_owned))
        })
        .collect();
    let members: Vec<&Value> = packages
        .iter()
        .filter(|p| p["source"].is_null())
        .filter(|p| {
            [
                "peguri",
                "peguri-codegen",
                "peguri-cli",
                "peguri-datafusion",
            ]
            .contains(&p["name"].as_str().unwrap_or_default())
        })
        .collect();
    assert!(
        members.iter().any(|p| p["name"] == "peguri"),
        "peguri is in its own metadata"
    );
    let mut problems = Vec::new();
    for member in members {
        let name = member["name"].as_str().unwrap_or_default();
        let ours = member["rust_version"]
            .as_str()
            .unwrap_or_else(|| panic!("{name} declares no rust-version"));
        let tree = cargo(&[
            "tree",
            "-p",
            name,
            "-e",
            "normal,build",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ])
        .unwrap_or_else(|| panic!("cargo tree -p {name}"));
        let mut checked = 0;
        for line in tree.lines() {
            // "name v1.2.3" with " (path)" or " (proc-macro)" after it.
            let mut words = line.split_whitespace();
            let (Some(dep), Some(dep_version)) = (words.next(), words.next()) else {
                continue;
            };
            let dep_version = dep_version.trim_start_matches('v');
            let key = (dep.to_owned(), dep_version.to_owned());
            let Some(theirs) = declared.get(&key) else {
                panic!("{dep} {dep_version} is in the tree of {name} but not in cargo metadata");
            };
            checked += 1;
            if let Some(theirs) = theirs {
                if version(theirs) > version(ours) {
                    problems.push(format!(
                        "{name} declares rust-version {ours}, but {dep} {dep_version} needs {theirs}"
                    ));
                }
            }
        }
        assert!(checked > 1, "the tree of {name} lists its dependencies");
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn versions_compare_numerically() {
    assert!(version("1.88") > version("1.85.1"));
    assert!(version("1.100") > version("1.99.9"));
    assert_eq!(version("1.85"), version("1.85.0"));
}
