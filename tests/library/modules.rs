//! The library's modules form no import cycle: no module imports a module
//! that imports it back, directly or through others. The folders of `src/`
//! are layers (syntax, types, ops, reference, text), and each may import
//! only from its own layer and those below it. Inside the crate, modules
//! import by module path: the crate root's re-exports are for users, and a
//! `crate::UriRef` would hide where a name comes from.
//!
//! The graph is read from the source: every `crate::a::b` path names the
//! deepest module file that exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path (`syntax::engine`) to its file.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable src directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "bin") {
                    stack.push(path);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = rel
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            out.insert(parts.join("::"), path);
        }
    }
    out
}

/// The text without comments (line and block), so that doc text naming a
/// path is not an import.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if rest.starts_with('"') {
            // Skip string literals (they may hold `//`).
            let mut chars = rest[1..].char_indices();
            let mut end = rest.len();
            while let Some((i, c)) = chars.next() {
                if c == '\\' {
                    chars.next();
                } else if c == '"' {
                    end = i + 2;
                    break;
                }
            }
            out.push_str("\"\"");
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The `crate::` paths in `code`, with `{a, b::c}` groups expanded.
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let end = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(after.len());
        let base = after[..end].trim_end_matches(':').to_owned();
        if after[end..].starts_with('{') && after[..end].ends_with("::") {
            let close = after[end..].find('}').map_or(after.len(), |i| end + i);
            for item in after[end + 1..close].split(',') {
                let item = item.split_whitespace().next().unwrap_or("");
                if item.is_empty() || item == "self" {
                    out.push(base.clone());
                } else {
                    out.push(format!("{base}::{item}"));
                }
            }
            rest = &after[close..];
        } else {
            out.push(base);
            rest = &after[end..];
        }
    }
    out
}

/// The module a path names: the deepest existing module, or, for a name the
/// crate root re-exports, the module it is re-exported from.
fn resolve(
    path: &str,
    modules: &BTreeMap<String, PathBuf>,
    reexports: &BTreeMap<String, String>,
) -> Option<String> {
    let mut parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    if let Some(first) = parts.first() {
        if let Some(target) = reexports.get(*first) {
            let rest = parts[1..].join("::");
            let full = if rest.is_empty() {
                target.clone()
            } else {
                format!("{target}::{rest}")
            };
            return resolve(&full, modules, &BTreeMap::new());
        }
    }
    while !parts.is_empty() {
        let key = parts.join("::");
        if modules.contains_key(&key) {
            return Some(key);
        }
        parts.pop();
    }
    None
}

/// What `lib.rs` re-exports: each public name and the path it comes from.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in code(lib).lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let (base, items) = match rest.find("::{") {
            Some(i) => (&rest[..i], rest[i + 3..].trim_end_matches('}')),
            None => match rest.rfind("::") {
                Some(i) => (&rest[..i], &rest[i + 2..]),
                None => continue,
            },
        };
        for item in items.split(',') {
            let item = item.trim();
            let (name, alias) = match item.split_once(" as ") {
                Some((name, alias)) => (name.trim(), alias.trim()),
                None => (item, item),
            };
            if !name.is_empty() {
                out.insert(alias.to_owned(), format!("{base}::{name}"));
            }
        }
    }
    out
}

/// The strongly connected components with more than one module.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Two modules are in one cycle when each reaches the other.
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for m in graph.keys() {
        if done.contains(m) || !reaches[m].contains(m) {
            continue;
        }
        let component: Vec<String> = graph
            .keys()
            .filter(|n| reaches[m].contains(*n) && reaches[*n].contains(m))
            .cloned()
            .collect();
        done.extend(component.iter().cloned());
        out.push(component);
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let reexports = root_reexports(&lib);
    let mut graph = BTreeMap::new();
    for (module, path) in &modules {
        if module.is_empty() {
            // The crate root re-exports everything; it is no layer.
            continue;
        }
        let text = std::fs::read_to_string(path).expect("readable module");
        let mut deps = BTreeSet::new();
        for used in crate_paths(&code(&text)) {
            if let Some(target) = resolve(&used, &modules, &reexports) {
                if !target.is_empty() && &target != module {
                    deps.insert(target);
                }
            }
        }
        graph.insert(module.clone(), deps);
    }
    graph
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = graph();
    assert!(graph.len() > 20, "only {} modules found", graph.len());
    let cycles = cycles(&graph);
    assert!(cycles.is_empty(), "import cycles: {cycles:?}");
}

#[test]
fn layers_import_only_downwards() {
    let layer = |module: &str| -> usize {
        match module.split("::").next().unwrap_or("") {
            "syntax" => 0,
            "types" => 1,
            "ops" => 2,
            "reference" => 3,
            "text" => 4,
            // The engines side by side for the tests (`__engines`), above
            // every layer.
            "internals" | "__engines" => 5,
            other => panic!("module {other} is in no layer folder"),
        }
    };
    let mut problems = Vec::new();
    for (module, deps) in graph() {
        for dep in deps {
            if layer(&dep) > layer(&module) {
                problems.push(format!("{module} imports {dep}"));
            }
        }
    }
    assert!(problems.is_empty(), "upward imports: {problems:#?}");
}

#[test]
fn modules_import_by_module_path_not_through_the_root() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let reexports = root_reexports(&lib);
    let mut problems = Vec::new();
    for (module, path) in &modules {
        if module.is_empty() {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("readable module");
        for used in crate_paths(&code(&text)) {
            let first = used.split("::").next().unwrap_or_default();
            if reexports.contains_key(first)
                || !modules.keys().any(|m| m.split("::").next() == Some(first))
            {
                problems.push(format!("{module} imports crate::{used}"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "imports through the crate root: {problems:#?}"
    );
}

#[test]
fn the_reader_finds_paths_and_reexports() {
    let paths =
        crate_paths("use crate::syntax::{engine, layout::Span};\nlet x = crate::UriRef::parse(s);");
    assert_eq!(
        paths,
        ["syntax::engine", "syntax::layout::Span", "UriRef::parse"]
    );
    let reexports =
        root_reexports("pub use types::uri_ref::{Uri, UriRef};\npub use ops::normalize;");
    assert_eq!(reexports["UriRef"], "types::uri_ref::UriRef");
    assert_eq!(reexports["normalize"], "ops::normalize");
    assert_eq!(
        code("a // crate::x\nb /* crate::y */ c \"crate::z\""),
        "a \nb  c \"\""
    );
}

/// No file of the library is over 1,200 lines: a concern that needs more
/// is split into modules of its own.
#[test]
fn no_source_file_is_over_1200_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let long: Vec<String> = modules(&src)
        .values()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).ok()?.lines().count();
            (lines > 1200).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over 1,200 lines: {long:?}");
}
