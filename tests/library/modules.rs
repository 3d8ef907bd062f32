//! The library's modules form no import cycle: no module imports a module
//! that imports it back, directly or through others. The folders of `src/`
//! are layers (syntax, types, ops, reference, text), and each may import
//! only from its own layer and those below it. Inside the crate, modules
//! import by module path: the crate root's re-exports are for users, and a
//! `crate::UriRef` would hide where a name comes from.
//!
//! The graph is read from the source: every `crate::` path, in a `use`
//! item (grouped ones such as `use crate::{a::B, C}` included) or in an
//! expression, names the deepest module file that exists, and a name the
//! crate root re-exports names the module it is re-exported from. Paths
//! through `super` stay inside their folder and are not read.

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

/// The text without comments (line and block) and with string literals
/// emptied, so that doc text or a message naming a path is not an import.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if let Some(raw) = raw_string(rest) {
            out.push_str("\"\"");
            rest = &rest[raw..];
        } else if c == '"' {
            // A string literal: up to the first quote not escaped.
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
        } else if let Some(len) = char_literal(rest) {
            // Kept as is: a `'"'` must not open a string.
            out.push_str(&rest[..len]);
            rest = &rest[len..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The length of the raw string literal (`r"…"`, `r#"…"#`) that `text`
/// starts with, if it starts with one.
fn raw_string(text: &str) -> Option<usize> {
    let after_r = text.strip_prefix('r')?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    let body = after_r[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close).map_or(body.len(), |i| i + close.len());
    Some(1 + hashes + 1 + end)
}

/// The length of the character literal (`'a'`, `'\''`, `'\u{1F600}'`) that
/// `text` starts with; `None` for a lifetime or anything else.
fn char_literal(text: &str) -> Option<usize> {
    let body = text.strip_prefix('\'')?;
    let mut chars = body.chars();
    let first = chars.next()?;
    let len = if first == '\\' {
        // The escaped character, then anything up to the quote (`u{…}`).
        let escaped = chars.next()?.len_utf8();
        1 + escaped + body[1 + escaped..].find('\'')?
    } else {
        first.len_utf8()
    };
    body[len..].starts_with('\'').then_some(1 + len + 1)
}

/// One name a `use` tree brings in: the path it names and the name it binds
/// (`a::b as c` binds `c`; a glob binds `*`).
#[derive(Debug, PartialEq)]
struct Leaf {
    path: String,
    name: String,
}

/// Reads a use tree (`a::{b, c::{d as e}, self}`, or an expression's path
/// such as `UriRef::parse`) from the start of `text`, appending its leaves
/// under `prefix`. Returns the text after the tree.
fn use_tree<'t>(text: &'t str, prefix: &[&'t str], out: &mut Vec<Leaf>) -> &'t str {
    let rest = text.trim_start();
    if let Some(inner) = rest.strip_prefix('{') {
        let mut rest = inner;
        loop {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix('}') {
                return after;
            }
            if rest.is_empty() {
                return rest;
            }
            rest = use_tree(rest, prefix, out).trim_start();
            if let Some(after) = rest.strip_prefix(',') {
                rest = after;
            } else if !rest.starts_with('}') {
                // Not a use tree after all: stop at what cannot continue it.
                return rest;
            }
        }
    }
    if let Some(after) = rest.strip_prefix('*') {
        out.push(Leaf {
            path: prefix.join("::"),
            name: "*".to_owned(),
        });
        return after;
    }
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (segment, after) = rest.split_at(end);
    if !segment.is_empty() {
        if let Some(after) = after.strip_prefix("::") {
            let mut longer = prefix.to_vec();
            longer.push(segment);
            return use_tree(after, &longer, out);
        }
    }
    let mut path = prefix.to_vec();
    if !segment.is_empty() && segment != "self" {
        path.push(segment);
    }
    let mut name = path.last().copied().unwrap_or("").to_owned();
    let mut rest = after;
    if let Some(alias) = after.trim_start().strip_prefix("as ") {
        let alias = alias.trim_start();
        let end = alias
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(alias.len());
        name = alias[..end].to_owned();
        rest = &alias[end..];
    }
    out.push(Leaf {
        path: path.join("::"),
        name,
    });
    rest
}

/// The `crate::` paths in `code`, grouped imports (`crate::{a, b::{c, d}}`)
/// expanded, each without its `crate::`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let part_of_a_name = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        let after = &rest[at + "crate::".len()..];
        if part_of_a_name {
            rest = after;
            continue;
        }
        let mut leaves = Vec::new();
        rest = use_tree(after, &[], &mut leaves);
        out.extend(leaves.into_iter().map(|leaf| leaf.path));
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
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let first = parts.first()?;
    if let Some(target) = reexports.get(*first) {
        let mut full = vec![target.as_str()];
        full.extend(&parts[1..]);
        return resolve(&full.join("::"), modules, &BTreeMap::new());
    }
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|key| modules.contains_key(key))
}

/// What `lib.rs` re-exports: each public name and the path it comes from.
fn root_reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let code = code(lib);
    let mut rest = code.as_str();
    while let Some(at) = rest.find("pub use ") {
        let mut leaves = Vec::new();
        rest = use_tree(&rest[at + "pub use ".len()..], &[], &mut leaves);
        for leaf in leaves {
            if leaf.name != "*" {
                out.insert(leaf.name, leaf.path);
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

/// The modules that `text`, the source of `module`, imports, through
/// `crate::` paths in `use` items and in expressions.
fn imports(
    module: &str,
    text: &str,
    modules: &BTreeMap<String, PathBuf>,
    reexports: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    crate_paths(&code(text))
        .iter()
        .filter_map(|used| resolve(used, modules, reexports))
        .filter(|target| !target.is_empty() && target != module)
        .collect()
}

/// The library's modules, their files, and the names the crate root
/// re-exports.
fn library() -> (BTreeMap<String, PathBuf>, BTreeMap<String, String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    (modules, root_reexports(&lib))
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let (modules, reexports) = library();
    let mut graph = BTreeMap::new();
    for (module, path) in &modules {
        if module.is_empty() {
            // The crate root re-exports everything; it is no layer.
            continue;
        }
        let text = std::fs::read_to_string(path).expect("readable module");
        graph.insert(module.clone(), imports(module, &text, &modules, &reexports));
    }
    graph
}

/// The layer of a module: the folder of `src/` it is in, bottom up.
fn layer(module: &str) -> Option<usize> {
    match module.split("::").next().unwrap_or("") {
        "syntax" => Some(0),
        "types" => Some(1),
        "ops" => Some(2),
        "reference" => Some(3),
        "text" => Some(4),
        // The engines side by side for the tests (`__engines`), above
        // every layer.
        "internals" | "__engines" => Some(5),
        _ => None,
    }
}

/// Each import of a module from a layer above the importer's, and each
/// module in no layer.
fn layer_violations(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut problems = Vec::new();
    for (module, deps) in graph {
        let Some(own) = layer(module) else {
            problems.push(format!("{module} is in no layer folder"));
            continue;
        };
        for dep in deps {
            match layer(dep) {
                Some(theirs) if theirs <= own => {}
                Some(_) => problems.push(format!("{module} imports {dep}")),
                None => problems.push(format!("{dep} is in no layer folder")),
            }
        }
    }
    problems
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
    let problems = layer_violations(&graph());
    assert!(problems.is_empty(), "upward imports: {problems:#?}");
}

/// The `crate::` paths in `text` that go through the crate root: a name it
/// re-exports, or one that is no module's.
fn imports_through_the_root(
    text: &str,
    modules: &BTreeMap<String, PathBuf>,
    reexports: &BTreeMap<String, String>,
) -> Vec<String> {
    crate_paths(&code(text))
        .into_iter()
        .filter(|used| {
            let first = used.split("::").next().unwrap_or_default();
            reexports.contains_key(first)
                || !modules.keys().any(|m| m.split("::").next() == Some(first))
        })
        .collect()
}

#[test]
fn modules_import_by_module_path_not_through_the_root() {
    let (modules, reexports) = library();
    let mut problems = Vec::new();
    for (module, path) in &modules {
        if module.is_empty() {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("readable module");
        for used in imports_through_the_root(&text, &modules, &reexports) {
            problems.push(format!("{module} imports crate::{used}"));
        }
    }
    assert!(
        problems.is_empty(),
        "imports through the crate root: {problems:#?}"
    );
}

#[test]
fn the_reader_finds_paths_and_reexports() {
    let paths = crate_paths(
        "use crate::syntax::{engine, layout::Span};\nlet x = crate::UriRef::parse(s);\n\
         use crate::{Iri, reference::{self, Uri as U}, ops::*};\n\
         let n = pest_crate::x; let t = crate::types::path::Segments::<'_>::new;",
    );
    assert_eq!(
        paths,
        [
            "syntax::engine",
            "syntax::layout::Span",
            "UriRef::parse",
            "Iri",
            "reference",
            "reference::Uri",
            "ops",
            "types::path::Segments",
        ]
    );
    let reexports = root_reexports(
        "pub use types::uri_ref::{Uri, UriRef};\npub use ops::normalize;\n\
         #[cfg(feature = \"x\")]\npub use reference::{\n    Iri, IriRef as Irf,\n    \
         equivalent,\n};\npub use syntax::{grammar, pct};",
    );
    assert_eq!(reexports["UriRef"], "types::uri_ref::UriRef");
    assert_eq!(reexports["normalize"], "ops::normalize");
    assert_eq!(reexports["Iri"], "reference::Iri");
    assert_eq!(reexports["Irf"], "reference::IriRef");
    assert_eq!(reexports["equivalent"], "reference::equivalent");
    assert_eq!(reexports["pct"], "syntax::pct");
    assert_eq!(
        code("a // crate::x\nb /* crate::y */ c \"crate::z\" '\"' r#\"crate::w\"#"),
        "a \nb  c \"\" '\"' \"\""
    );
}

/// The checker itself on a made-up module: a grouped import through the
/// crate root's re-exports (`use crate::{Iri, …}`) from a lower layer is a
/// layer violation and an import through the root; the same names by
/// their module paths are no longer through the root, and still upward.
#[test]
fn the_checker_sees_grouped_imports_through_the_root() {
    let modules: BTreeMap<String, PathBuf> = [
        "",
        "syntax",
        "syntax::pct",
        "syntax::engine",
        "types",
        "types::authority",
        "reference",
        "text",
        "text::extract",
    ]
    .into_iter()
    .map(|m| (m.to_owned(), PathBuf::new()))
    .collect();
    let reexports = root_reexports(
        "pub use reference::{\n    Iri, UriRef,\n};\npub use types::authority::Host;\n\
         pub use text::extract;",
    );

    let below = "use crate::{Iri, syntax::engine};\nuse crate::{Host};";
    let deps = imports("syntax::pct", below, &modules, &reexports);
    assert_eq!(
        deps.iter().map(String::as_str).collect::<Vec<_>>(),
        ["reference", "syntax::engine", "types::authority"]
    );
    let graph = BTreeMap::from([("syntax::pct".to_owned(), deps)]);
    assert_eq!(
        layer_violations(&graph),
        [
            "syntax::pct imports reference",
            "syntax::pct imports types::authority"
        ]
    );
    assert_eq!(
        imports_through_the_root(below, &modules, &reexports),
        ["Iri", "Host"]
    );

    // By module path the import is not through the root, and the layering
    // still holds it against the importer; a module the root re-exports
    // is through the root, and resolves to where it comes from.
    let by_path = "use crate::reference::{Iri, UriRef};";
    assert!(imports_through_the_root(by_path, &modules, &reexports).is_empty());
    let deps = imports("types::authority", by_path, &modules, &reexports);
    let graph = BTreeMap::from([("types::authority".to_owned(), deps)]);
    assert_eq!(
        layer_violations(&graph),
        ["types::authority imports reference"]
    );
    let reexported_module = "use crate::extract::Extractor;";
    assert_eq!(
        imports_through_the_root(reexported_module, &modules, &reexports),
        ["extract::Extractor"]
    );
    assert!(
        imports("syntax::pct", reexported_module, &modules, &reexports).contains("text::extract")
    );

    // The same imports from the top layer are fine.
    let graph = BTreeMap::from([(
        "text::extract".to_owned(),
        imports(
            "text::extract",
            "use crate::reference::{Iri, UriRef};",
            &modules,
            &reexports,
        ),
    )]);
    assert!(layer_violations(&graph).is_empty());
}
