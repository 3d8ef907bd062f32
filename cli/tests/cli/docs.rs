//! The examples of docs/cli.md that show their output are run, and what
//! they print (stdout and stderr, as a terminal shows them) must be what
//! the page shows.

use std::path::Path;
use std::process::Command;

/// Each `$ command` of a `sh` block of the page, with the lines after it
/// (up to the next command or the end of the block): what it prints.
fn examples(page: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut current: Option<(String, String)> = None;
    let mut continued = false;
    for line in page.lines() {
        if line.starts_with("```") {
            if let Some(example) = current.take() {
                out.push(example);
            }
            in_block = !in_block && line == "```sh";
            continued = false;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            if let Some(example) = current.take() {
                out.push(example);
            }
            current = Some((command.to_owned(), String::new()));
            continued = command.ends_with('\\') || command.ends_with('|');
        } else if let Some((command, output)) = current.as_mut() {
            if continued {
                command.push('\n');
                command.push_str(line);
                continued = line.ends_with('\\') || line.ends_with('|');
            } else {
                output.push_str(line);
                output.push('\n');
            }
        }
    }
    out
}

#[test]
fn the_examples_of_cli_md_print_what_the_page_shows() {
    let page = include_str!("../../../docs/cli.md");
    let examples = examples(page);
    assert!(
        examples.len() >= 10,
        "only {} examples found",
        examples.len()
    );
    let binary = Path::new(env!("CARGO_BIN_EXE_peguri"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut wrong = Vec::new();
    for (command, shown) in &examples {
        // What a terminal shows: stdout and stderr together, in order.
        let run = Command::new("sh")
            .arg("-c")
            .arg(format!("{{ {command}\n}} 2>&1"))
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        let printed = String::from_utf8_lossy(&run.stdout);
        if printed != *shown {
            wrong.push(format!(
                "$ {command}\n--- the page shows:\n{shown}--- it prints:\n{printed}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
