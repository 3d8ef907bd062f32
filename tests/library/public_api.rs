//! The library's public API under review: `tests/public-api.txt` holds the
//! public surface of `peguri` with every feature on, one item a line (its
//! path and signature, as the `public-api` crate renders rustdoc's JSON,
//! blanket and auto-trait impls left out), and a change to the surface
//! fails here until the snapshot is accepted, so that the change shows in
//! review as a diff of that file:
//!
//! ```sh
//! PEGURI_BLESS_API=1 cargo test -p peguri --all-features --test library public_api
//! ```
//!
//! The JSON comes from the stable toolchain with `RUSTC_BOOTSTRAP=1`
//! (rustdoc's JSON output is unstable), built in its own target folder
//! (`public-api` beside the test binaries' profile folders) so that it never
//! waits for the lock of the `cargo test` that runs it. A toolchain whose
//! JSON format differs from the snapshot's renders differently: the tests
//! say so and pass without checking, and fail under `CI=true`, as they do
//! when the JSON cannot be made.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::common::notice;

/// The rustdoc JSON format the `public-api` dev-dependency reads (through
/// rustdoc-types 0.57), and the one a snapshot made with it records.
const FORMAT_VERSION: u64 = 57;

/// The snapshot, from the repository's root.
const SNAPSHOT: &str = "tests/public-api.txt";

/// The environment variable that rewrites the snapshot.
const BLESS: &str = "PEGURI_BLESS_API";

/// The command that accepts a change of the public API.
const BLESS_COMMAND: &str =
    "PEGURI_BLESS_API=1 cargo test -p peguri --all-features --test library public_api";

/// The snapshot's first line names the JSON format it was rendered from.
const FORMAT_LINE: &str = "// rustdoc JSON format_version ";

/// The most names the crate root may hold: the reference type, its
/// aliases and the few types most programs name, beside the modules.
const MAX_ROOT_NAMES: usize = 33;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn under_ci() -> bool {
    std::env::var("CI").as_deref() == Ok("true")
}

/// The library's rustdoc JSON: where it is, its format, and its content.
struct Rustdoc {
    path: PathBuf,
    format: u64,
    json: serde_json::Value,
}

/// The target folder of the nested build: `public-api` inside the target
/// folder the test binary was built in (`target/debug/deps/library-…`).
fn target_dir() -> PathBuf {
    let built_in = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().nth(3).map(Path::to_path_buf));
    built_in
        .unwrap_or_else(|| root().join("target"))
        .join("public-api")
}

/// Builds the rustdoc JSON of the library with every feature on.
fn build_rustdoc() -> Result<Rustdoc, String> {
    let target_dir = target_dir();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(&cargo)
        .current_dir(root())
        .env("RUSTC_BOOTSTRAP", "1")
        .arg("rustdoc")
        .arg("--manifest-path")
        .arg(root().join("Cargo.toml"))
        .args(["-p", "peguri", "--lib", "--all-features", "--target-dir"])
        .arg(&target_dir)
        .args(["--", "-Zunstable-options", "--output-format", "json"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cargo.to_string_lossy()))?;
    if !output.status.success() {
        return Err(format!(
            "cargo rustdoc --output-format json failed ({}):\n{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let path = target_dir.join("doc/peguri.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
    let format = json["format_version"]
        .as_u64()
        .ok_or_else(|| format!("{} names no format_version", path.display()))?;
    Ok(Rustdoc { path, format, json })
}

/// The rustdoc JSON, built once for both tests. `None`, after a notice,
/// when it cannot be built; under `CI=true` that fails the test.
fn rustdoc() -> Option<&'static Rustdoc> {
    static RUSTDOC: OnceLock<Result<Rustdoc, String>> = OnceLock::new();
    match RUSTDOC.get_or_init(build_rustdoc) {
        Ok(rustdoc) => Some(rustdoc),
        Err(e) if under_ci() => panic!("no rustdoc JSON, and CI=true requires it: {e}"),
        Err(e) => {
            notice(&format!("notice: skipping the public API checks: {e}"));
            None
        }
    }
}

/// Whether the toolchain's JSON is in `format`; if not, says so, and fails
/// under `CI=true`.
fn same_format(rustdoc: &Rustdoc, format: u64, what: &str) -> bool {
    if rustdoc.format == format {
        return true;
    }
    let message = format!(
        "this toolchain's rustdoc writes JSON format_version {}, and {what} format_version \
         {format}: a different format renders differently",
        rustdoc.format
    );
    assert!(!under_ci(), "{message}");
    notice(&format!("notice: skipping the public API check: {message}"));
    false
}

/// The public API, one item a line, as `public-api` renders it.
fn render(rustdoc: &Rustdoc) -> Vec<String> {
    let api = public_api::Builder::from_rustdoc_json(&rustdoc.path)
        .omit_blanket_impls(true)
        .omit_auto_trait_impls(true)
        .build()
        .unwrap_or_else(|e| panic!("public-api cannot read {}: {e}", rustdoc.path.display()));
    api.items().map(ToString::to_string).collect()
}

/// The snapshot's text for `items`.
fn snapshot_text(items: &[String]) -> String {
    let mut text = format!(
        "{FORMAT_LINE}{FORMAT_VERSION}\n\
         // The public API of peguri with --all-features, one item a line, as the\n\
         // public-api crate renders it (blanket and auto-trait impls left out).\n\
         // tests/library/public_api.rs checks it; accept a change with\n\
         // {BLESS_COMMAND}\n"
    );
    for item in items {
        text.push_str(item);
        text.push('\n');
    }
    text
}

/// The snapshot's items and the format it records.
fn read_snapshot(text: &str) -> (Option<u64>, Vec<&str>) {
    let format = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix(FORMAT_LINE))
        .and_then(|n| n.trim().parse().ok());
    let items = text.lines().filter(|l| !l.starts_with("//")).collect();
    (format, items)
}

/// A unified diff of the snapshot's items against the current ones.
fn diff(old: &[&str], new: &[String]) -> String {
    let old = old.iter().map(|l| format!("{l}\n")).collect::<String>();
    let new = new.iter().map(|l| format!("{l}\n")).collect::<String>();
    similar::TextDiff::from_lines(&old, &new)
        .unified_diff()
        .context_radius(2)
        .header(SNAPSHOT, "the current public API")
        .to_string()
}

#[test]
fn the_public_api_is_the_reviewed_one() {
    let Some(rustdoc) = rustdoc() else { return };
    let path = root().join(SNAPSHOT);
    let blessing = std::env::var_os(BLESS).is_some_and(|v| !v.is_empty() && v != "0");
    if blessing {
        assert_eq!(
            rustdoc.format, FORMAT_VERSION,
            "public-api reads rustdoc JSON format_version {FORMAT_VERSION}; this toolchain \
             writes {}: bless with a toolchain that writes it",
            rustdoc.format
        );
        let items = render(rustdoc);
        std::fs::write(&path, snapshot_text(&items))
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        notice(&format!(
            "notice: {SNAPSHOT} rewritten ({} items); review its diff",
            items.len()
        ));
        return;
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; make it with\n{BLESS_COMMAND}",
            path.display()
        )
    });
    let (made_with, old) = read_snapshot(&text);
    let made_with =
        made_with.unwrap_or_else(|| panic!("{SNAPSHOT} does not start with `{FORMAT_LINE}N`"));
    if !same_format(rustdoc, made_with, &format!("{SNAPSHOT} was made from"))
        || !same_format(rustdoc, FORMAT_VERSION, "the public-api crate reads")
    {
        return;
    }
    let new = render(rustdoc);
    assert!(
        new.len() > 100,
        "only {} public items rendered: the rendering is broken",
        new.len()
    );
    if old != new {
        panic!(
            "the public API differs from the reviewed one in {SNAPSHOT} \
             (- only in the snapshot, + only in the current API):\n\n{}\n\
             If the change is meant, accept it and commit the snapshot with the change:\n\
             {BLESS_COMMAND}\n",
            diff(&old, &new)
        );
    }
}

/// The key of `id` in the JSON's `index` and `paths`.
fn key(id: &serde_json::Value) -> String {
    match id {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The names at the crate root (`peguri::…`): its modules, types,
/// functions, constants and macros, whether defined there or re-exported,
/// each with its kind.
fn root_names(json: &serde_json::Value) -> Vec<(String, String)> {
    let index = &json["index"];
    let root_id = key(&json["root"]);
    let items = index[&root_id]["inner"]["module"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("the root module {root_id} lists no items"));
    let kind_of = |item: &serde_json::Value| -> String {
        item["inner"]
            .as_object()
            .and_then(|inner| inner.keys().next().cloned())
            .unwrap_or_default()
    };
    let mut names: Vec<(String, String)> = items
        .iter()
        .map(|id| {
            let item = &index[&key(id)];
            if let Some(import) = item["inner"].get("use") {
                let name = import["name"].as_str().unwrap_or_default().to_owned();
                let target = key(&import["id"]);
                // The kind of what the name re-exports: an item of this
                // crate, or of another (in `paths`).
                let kind = match index.get(&target) {
                    Some(target) => kind_of(target),
                    None => json["paths"][&target]["kind"]
                        .as_str()
                        .unwrap_or("item")
                        .to_owned(),
                };
                if import["is_glob"].as_bool() == Some(true) {
                    let source = import["source"].as_str().unwrap_or_default();
                    return ("glob".to_owned(), format!("{source}::*"));
                }
                (kind, name)
            } else {
                let name = item["name"].as_str().unwrap_or_default().to_owned();
                (kind_of(item), name)
            }
        })
        .collect();
    names.sort();
    names
}

#[test]
fn the_crate_root_holds_few_names() {
    let Some(rustdoc) = rustdoc() else { return };
    if !same_format(rustdoc, FORMAT_VERSION, "this test reads") {
        return;
    }
    let names = root_names(&rustdoc.json);
    let listing: Vec<String> = names
        .iter()
        .map(|(kind, name)| format!("  {kind:<12} {name}"))
        .collect();
    notice(&format!(
        "the crate root holds {} names:\n{}",
        names.len(),
        listing.join("\n")
    ));
    assert!(
        names.iter().any(|(_, name)| name == "UriRef") && names.len() > 10,
        "the root's names were not found: {names:?}"
    );
    assert!(
        names.len() <= MAX_ROOT_NAMES,
        "the crate root holds {} names, more than {MAX_ROOT_NAMES}:\n{}",
        names.len(),
        listing.join("\n")
    );
}
