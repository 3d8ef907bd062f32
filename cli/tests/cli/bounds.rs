//! What no input can make a command do: write more than in proportion to
//! the input, run a user's grammar without bounds, or echo a control
//! character to the terminal.

use crate::common::run_peguri;

use std::path::PathBuf;
use std::process::Output;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("peguri-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn uri_pest() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../uri.pest").to_owned()
}

/// uri.pest with `_` allowed in a scheme: `grammar diff` finds every
/// input with one.
fn underscore_scheme_grammar() -> PathBuf {
    let grammar = std::fs::read_to_string(uri_pest()).unwrap();
    let edited = grammar.replacen(
        "scheme = @{ ALPHA ~ (ALPHA | DIGIT | \"+\" | \"-\" | \".\")* }",
        "scheme = @{ ALPHA ~ (ALPHA | DIGIT | \"+\" | \"-\" | \".\" | \"_\")* }",
        1,
    );
    assert_ne!(
        edited, grammar,
        "the scheme rule is where the test expects it"
    );
    temp_file("underscore-scheme.pest", &edited)
}

/// A grammar whose tree is as deep as the input is nested, in a file of
/// its own for each test that runs at once.
fn nested_grammar(name: &str) -> PathBuf {
    temp_file(name, "e = { \"(\" ~ e ~ \")\" | \"a\" }\n")
}

/// One command line and its stdin, for `n` problems.
struct Case {
    name: &'static str,
    make: fn(usize) -> (Vec<String>, String),
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// `n` lines with a problem each, and one line with `n` problems.
fn lines(n: usize, line: &str, long_line: impl Fn(usize) -> String) -> String {
    let mut stdin = line.repeat(n);
    stdin.push_str(&long_line(n));
    stdin.push('\n');
    stdin
}

const CASES: &[Case] = &[
    Case {
        name: "parse",
        make: |n| {
            let stdin = lines(n, "http://h/%zz\n", |n| {
                format!("http://h/{}", "a b".repeat(n))
            });
            (args(&["parse"]), stdin)
        },
    },
    Case {
        name: "parse --format tsv",
        make: |n| {
            let stdin = lines(n, "http://h/%zz\n", |n| format!("x:/{}", "%00".repeat(n)));
            (args(&["parse", "--format", "tsv"]), stdin)
        },
    },
    Case {
        name: "tree",
        make: |n| {
            let stdin = lines(n, "http://h/ x\n", |n| {
                format!("http://h/{}", "a/".repeat(n))
            });
            (args(&["tree"]), stdin)
        },
    },
    Case {
        name: "tree --grammar (a tree as deep as the input)",
        make: |n| {
            let grammar = nested_grammar("nested-tree.pest");
            let grammar = grammar.to_str().unwrap().to_owned();
            let stdin = lines(n, "(b)\n", |n| {
                format!("{}a{}", "(".repeat(n), ")".repeat(n))
            });
            (args(&["tree", "--rule", "e", "--grammar", &grammar]), stdin)
        },
    },
    Case {
        name: "parse --rule --grammar (JSON trees)",
        make: |n| {
            let grammar = nested_grammar("nested-parse.pest");
            let grammar = grammar.to_str().unwrap().to_owned();
            let stdin = lines(n, "(b)\n", |n| {
                format!("{}a{}", "(".repeat(n), ")".repeat(n))
            });
            (
                args(&["parse", "--rule", "e", "--grammar", &grammar]),
                stdin,
            )
        },
    },
    Case {
        name: "grammar diff --json",
        make: |n| {
            let new = underscore_scheme_grammar().to_str().unwrap().to_owned();
            let stdin = lines(n, "a_b:c d\n", |n| format!("a_b:{}", "%00".repeat(n)));
            (
                args(&["grammar", "diff", "--json", &uri_pest(), &new]),
                stdin,
            )
        },
    },
    Case {
        name: "grammar coverage",
        make: |n| {
            let stdin = lines(n, "http://h/%zz\n", |n| {
                format!("http://h/{}", "%41".repeat(n))
            });
            (args(&["grammar", "coverage"]), stdin)
        },
    },
    Case {
        name: "resolve",
        make: |n| {
            let stdin = lines(n, "a b\n", |n| format!("g/{}", "a b".repeat(n)));
            (args(&["resolve", "http://a/b/c"]), stdin)
        },
    },
    Case {
        name: "relative --json",
        make: |n| {
            let stdin = lines(n, "http://a/%zz\n", |n| {
                format!("http://a/{}", "%zz".repeat(n))
            });
            (args(&["relative", "--json", "http://a/b/c"]), stdin)
        },
    },
    Case {
        name: "normalize",
        make: |n| {
            let stdin = lines(n, "http://h/\u{1b}\n", |n| {
                format!("HTTP://H/{}", "%7e".repeat(n))
            });
            (args(&["normalize"]), stdin)
        },
    },
    Case {
        name: "equivalent",
        make: |n| {
            let a = format!("http://h/{}", "a b".repeat(n));
            let b = format!("http://h/{}", "%zz".repeat(n));
            (vec!["equivalent".to_owned(), a, b], String::new())
        },
    },
    Case {
        name: "split",
        make: |n| {
            let stdin = lines(n, "a b c\n", |n| "?#".repeat(n));
            (args(&["split"]), stdin)
        },
    },
    Case {
        name: "extract",
        make: |n| {
            let stdin = lines(n, "see <http://h/a b> and \"x y\"\n", |n| {
                "<http://h/> \"http://h/\u{fc}\" ".repeat(n)
            });
            (args(&["extract"]), stdin)
        },
    },
    Case {
        name: "explain",
        make: |n| {
            let stdin = lines(n, "http://h/ x\n", |n| {
                format!("http://h/{}", "a b".repeat(n))
            });
            (args(&["explain"]), stdin)
        },
    },
    Case {
        name: "check",
        make: |n| {
            let stdin = lines(n, "http://h/%00\n", |n| {
                format!("http://h/{}", "%00".repeat(n))
            });
            (args(&["check"]), stdin)
        },
    },
    Case {
        name: "check --iri",
        make: |n| {
            let stdin = lines(n, "http://ü/%0A\n", |n| {
                format!("http://ü/{}", "%0A%2F.".repeat(n))
            });
            (args(&["check", "--iri"]), stdin)
        },
    },
    Case {
        name: "template",
        make: |n| {
            let stdin = lines(n, "{a\n", |n| format!("{}{{", "x{x}".repeat(n)));
            (args(&["template", "--var", "x=y"]), stdin)
        },
    },
];

/// Bytes written on stdout and stderr.
fn written(output: &Output) -> usize {
    output.stdout.len() + output.stderr.len()
}

#[test]
fn every_command_writes_output_linear_in_its_input() {
    // Twice the problems in twice the input: a command whose output grows
    // with the square of the input writes four times as much.
    const N: usize = 1_000;
    for case in CASES {
        let (small_args, small_stdin) = (case.make)(N);
        let (big_args, big_stdin) = (case.make)(2 * N);
        let small = run_peguri(
            &small_args.iter().map(String::as_str).collect::<Vec<_>>(),
            small_stdin.as_bytes(),
        );
        let big = run_peguri(
            &big_args.iter().map(String::as_str).collect::<Vec<_>>(),
            big_stdin.as_bytes(),
        );
        let input = |args: &[String], stdin: &str| {
            stdin.len() + args.iter().map(String::len).sum::<usize>()
        };
        let (small_in, big_in) = (
            input(&small_args, &small_stdin),
            input(&big_args, &big_stdin),
        );
        assert!(
            !big.stdout.is_empty() || !big.stderr.is_empty(),
            "{}: no output",
            case.name
        );
        assert_ne!(
            big.status.code(),
            Some(101),
            "{}: {}",
            case.name,
            text(&big.stderr)
        );
        let (small_out, big_out) = (written(&small), written(&big));
        // Bytes out per byte in stay the same, within a margin for what
        // each run writes once.
        assert!(
            big_out * small_in <= small_out * big_in * 5 / 4,
            "{}: {small_out} bytes for {small_in} bytes of input, {big_out} for {big_in}",
            case.name,
        );
        // A text tree writes up to about 200 bytes a node.
        assert!(
            big_out <= 100 * big_in,
            "{}: {big_out} bytes for {big_in} bytes of input",
            case.name
        );
    }
}

#[test]
fn check_shows_each_finding_in_a_bounded_window() {
    // 2,000 findings on one 6 KB line wrote 2 x 6 KB per finding.
    let input = format!("http://h/{}", "%00".repeat(2_000));
    let out = run_peguri(&["check", &input], b"");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let findings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning[encoded-nul]: percent-encoded NUL"))
        .collect();
    assert_eq!(findings.len(), peguri::lint::MAX_FINDINGS_PER_CODE);
    assert!(stderr.len() < 2_000 * 300, "{} bytes", stderr.len());
    for line in stderr.lines() {
        assert!(line.chars().count() <= 160, "{line}");
    }
    // The second finding's window: the input around it, cut with an
    // ellipsis, the carets under its three characters.
    let second: Vec<&str> = stderr.lines().skip(3).take(3).collect();
    assert!(second[0].starts_with("warning[encoded-nul]: percent-encoded NUL (%00)"));
    assert_eq!(second[1], format!("  http://h/{}%0…", "%00".repeat(8)));
    assert_eq!(second[2], format!("{}^^^", " ".repeat(2 + 12)));
}

/// Issue 38: `check` on `http://a/` and `%00` to 8 MB wrote 0.79 GB to
/// stderr, `check --json` 581 MB. The first findings of each code are
/// shown, then a count of the rest: the output is the input echoed and a
/// bounded rest.
#[test]
fn check_reports_a_repeated_finding_once_with_its_count() {
    let n = (8 << 20) / 3;
    let input = format!("http://a/{}\n", "%00".repeat(n));
    let max = peguri::lint::MAX_FINDINGS_PER_CODE;
    let out = run_peguri(&["check"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        written(&out) <= input.len() + (64 << 10),
        "{} bytes",
        written(&out)
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.ends_with(&format!("%00: warning[encoded-nul] x{n}\n")),
        "{}",
        &stdout[stdout.len() - 60..]
    );
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr
            .matches("warning[encoded-nul]: percent-encoded NUL")
            .count(),
        max
    );
    assert!(
        stderr.ends_with(&format!(
            "warning[encoded-nul]: {} more of {n} not shown (the first {max} of each code are)\n",
            n - max
        )),
        "{}",
        &stderr[stderr.len() - 200..]
    );

    let out = run_peguri(&["check", "--json"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        written(&out) <= input.len() + (64 << 10),
        "{} bytes",
        written(&out)
    );
    assert!(out.stderr.is_empty());
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["findings"].as_array().unwrap().len(), max);
    assert_eq!(line["omitted"], serde_json::json!({"encoded-nul": n - max}));
    // Nothing left out: an empty object.
    let out = run_peguri(&["check", "--json", "http://a/%00%00"], b"");
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["omitted"], serde_json::json!({}));
    let out = run_peguri(&["check", "http://u:p@a/%00%2F%00"], b"");
    assert_eq!(
        text(&out.stdout),
        "http://u:p@a/%00%2F%00: warning[password-in-userinfo], warning[encoded-nul] x2, \
         warning[encoded-slash]\n"
    );
}

/// Where each path that runs a user's grammar takes it, with `input` as
/// its input.
fn grammar_paths(name: &str, grammar: &str, input: &str) -> Vec<(&'static str, Output)> {
    grammar_paths_with(name, grammar, input, &[])
}

/// [`grammar_paths`], with more options for each (the length limit,
/// which comes first, out of the way).
fn grammar_paths_with(
    name: &str,
    grammar: &str,
    input: &str,
    options: &[&str],
) -> Vec<(&'static str, Output)> {
    let file = temp_file(name, grammar);
    let file = file.to_str().unwrap();
    let stdin = format!("{input}\n");
    let paths: [(&'static str, Vec<&str>); 5] = [
        (
            "parse --rule --grammar",
            vec!["parse", "--rule", "a", "--grammar", file],
        ),
        (
            "tree --grammar",
            vec!["tree", "--rule", "a", "--grammar", file],
        ),
        (
            "tree --grammar --format json",
            vec!["tree", "--rule", "a", "--grammar", file, "--format", "json"],
        ),
        (
            "grammar diff",
            vec!["grammar", "diff", "--rule", "a", file, file],
        ),
        (
            "grammar coverage",
            vec!["grammar", "coverage", "--rule", "a", "--grammar", file],
        ),
    ];
    paths
        .into_iter()
        .map(|(path, mut args)| {
            args.extend_from_slice(&["--max-input-bytes", "10000000"]);
            args.extend_from_slice(options);
            (path, run_peguri(&args, stdin.as_bytes()))
        })
        .collect()
}

#[test]
fn every_path_that_runs_a_grammar_stops_an_exponential_one() {
    // 2^26 ways to fail: 8.6 s and 528 MB on this input without a bound.
    let grammar = "a = { (\"x\" ~ a ~ \"z\" | \"x\" ~ a ~ \"y\" | \"x\") }\n";
    for (path, out) in grammar_paths("exponential.pest", grammar, &"x".repeat(26)) {
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(
            all.contains("stopped at pest's call limit (26000 calls for this input; --call-limit raises it): the grammar backtracks too much for it"),
            "{path}: {all}"
        );
        assert_ne!(out.status.code(), Some(101), "{path}: {all}");
    }
}

#[test]
fn every_path_that_runs_a_grammar_stops_a_deep_one() {
    // Nesting as deep as the input: it overflowed the main thread's stack
    // and aborted.
    let grammar = "a = { \"(\" ~ a ~ \")\" | \"\" }\n";
    // Deeper than the stack budget allows in any build (a release build
    // has smaller frames than a debug one).
    let input = format!("{}{}", "(".repeat(1_000_000), ")".repeat(1_000_000));
    for (path, out) in grammar_paths("deep.pest", grammar, &input) {
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(
            all.contains(
                "stopped at the stack budget (128 MiB): the grammar recurses too deeply for this input"
            ),
            "{path}: {}",
            &all[..all.len().min(2_000)]
        );
        assert_ne!(out.status.code(), Some(101), "{path}");
    }
}

#[test]
fn no_command_echoes_a_control_character() {
    // An escape sequence in an input must not reach the terminal.
    let esc = "\u{1b}[31m";
    let nested = nested_grammar("nested-escape.pest");
    let nested = nested.to_str().unwrap();
    let commands: &[&[&str]] = &[
        &["parse"],
        &["parse", "--format", "tsv"],
        &["parse", "--iri"],
        &["tree"],
        &["tree", "--rule", "e", "--grammar", nested],
        &["parse", "--rule", "e", "--grammar", nested],
        &["resolve", "http://a/"],
        &["relative", "http://a/"],
        &["normalize"],
        &["explain"],
        &["check"],
        &["template"],
        &["split"],
        &["extract"],
        &["grammar", "diff", &uri_pest(), &uri_pest()],
    ];
    for command in commands {
        let stdin = format!("{esc}{{a\nhttp://h/{esc}\n(a{esc}\n");
        let out = run_peguri(command, stdin.as_bytes());
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            assert!(
                !bytes.contains(&0x1b),
                "{command:?} wrote ESC on {stream}: {}",
                text(bytes)
            );
        }
    }
}

/// Runs `peguri` and checks that it ended within `seconds`, a time-out far
/// above what the command takes with its limits, and far below what it
/// took without them.
fn run_within(seconds: u64, args: &[&str], stdin: &[u8]) -> Output {
    let started = std::time::Instant::now();
    let out = run_peguri(args, stdin);
    let took = started.elapsed();
    assert!(
        took < std::time::Duration::from_secs(seconds),
        "{args:?} took {took:?}: {}",
        text(&out.stderr)
    );
    out
}

/// Issue 38: compiling a user's grammar had no bound. `"a"` and 1,000 `?`
/// took 21.5 s (roughly cubic), and `peguri rules` as long; 8,000 `!`
/// reached 3.0 GB in 25 s; 1 M nested parentheses overflowed the stack.
/// A grammar is read up to a size limit and compiled first in a child
/// process, stopped past a time limit and a memory limit; each message
/// names the limit and the option that raises it.
#[test]
fn compiling_a_grammar_is_bounded() {
    let questions = temp_file(
        "questions.pest",
        &format!("a = {{ \"a\"{} }}\n", "?".repeat(1_000)),
    );
    let questions = questions.to_str().unwrap();
    // The limit on the optimizer's work refuses this grammar at once
    // (`trace.rs`); raised, the time limit stops its compile.
    let work = "1000000000000";
    for args in [
        vec![
            "rules",
            "--grammar",
            questions,
            "--timeout",
            "1",
            "--max-compile-work",
            work,
        ],
        vec![
            "tree",
            "--rule",
            "a",
            "--grammar",
            questions,
            "--timeout",
            "1",
            "--max-compile-work",
            work,
            "a",
        ],
    ] {
        let out = run_within(30, &args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "peguri: compiling the grammar {questions} took longer than 1 s, the time limit, \
                 and was stopped (--timeout raises it)\n"
            )
        );
    }

    let bangs = temp_file(
        "bangs.pest",
        &format!("a = {{ {}\"a\" }}\n", "!".repeat(8_000)),
    );
    let bangs = bangs.to_str().unwrap();
    let args = [
        "rules",
        "--grammar",
        bangs,
        "--max-compile-memory",
        "200",
        "--timeout",
        "60",
    ];
    let out = run_within(50, &args, b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "peguri: compiling the grammar {bangs} took more than 200 MiB of memory, the memory \
             limit, and was stopped (--max-compile-memory raises it)\n"
        )
    );

    let nested = format!(
        "a = {{ {}\"a\"{} }}\n",
        "(".repeat(1_000_000),
        ")".repeat(1_000_000)
    );
    let nested = temp_file("parentheses.pest", &nested);
    let nested = nested.to_str().unwrap();
    let out = run_within(30, &["rules", "--grammar", nested], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "peguri: the grammar {nested} is larger than 1048576 bytes, the limit on a grammar's \
             size (--max-grammar-bytes raises it)\n"
        )
    );
    let out = run_within(
        60,
        &[
            "rules",
            "--grammar",
            nested,
            "--max-grammar-bytes",
            "3000000",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("peguri: compiling the grammar {nested} failed (")),
        "{err}"
    );
    assert!(
        err.contains("this one nests too deeply for its stack of 512 MiB"),
        "{err}"
    );
}

/// Issue 38: running a user's grammar had no deadline and no input cap in
/// the CLI. `PEEK_ALL` work escapes pest's call limit: `SOI ~ (PUSH("a") ~
/// &PEEK_ALL)* ~ ANY* ~ EOI` took 3.0 s on 80,000 `a`s, about 8 minutes
/// projected for 1 MB (`PEEK[..]` too); `tree --grammar` took about 370
/// bytes of memory per input byte, and aborted at 8 MB.
#[test]
fn running_a_grammar_is_bounded() {
    let grammar = "a = { SOI ~ (PUSH(\"a\") ~ &PEEK_ALL)* ~ ANY* ~ EOI }\n\
                   b = { SOI ~ (PUSH(\"a\") ~ &PEEK[..])* ~ ANY* ~ EOI }\n";
    let file = temp_file("peek-all.pest", grammar);
    let file = file.to_str().unwrap();
    let input = format!("{}\n", "a".repeat(80_000));
    for rule in ["a", "b"] {
        let out = run_within(
            30,
            &["tree", "--rule", rule, "--grammar", file, "--timeout", "1"],
            input.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stderr),
            "peguri: stopped at the time limit (1 s; --timeout raises it): the parse of this input took longer\n"
        );
    }
    // Every path that runs a grammar has the time limit.
    for (path, out) in grammar_paths_with(
        "peek-all-paths.pest",
        grammar,
        &input[..80_000],
        &["--timeout", "1"],
    ) {
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(
            all.contains("stopped at the time limit (1 s; --timeout raises it)"),
            "{path}: {all}"
        );
    }

    let nested = nested_grammar("nested-big.pest");
    let nested = nested.to_str().unwrap();
    let big = format!("{}a{}\n", "(".repeat(4 << 20), ")".repeat(4 << 20));
    let out = run_within(
        30,
        &["tree", "--rule", "e", "--grammar", nested],
        big.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "peguri: stopped at the length limit (1048576 bytes; --max-input-bytes raises it): the input is longer\n"
    );
}

/// Issue 38: file names (an escape sequence in a corpus file's name) and
/// grammar text in pest's compile errors were echoed as they are, and
/// whole. Every message quotes them as `peguri::error::Quoted` and
/// `peguri::error::Excerpt` do: bounded, control and bidirectional formatting
/// characters not shown as they are.
#[test]
fn messages_quote_names_and_grammar_text_escaped() {
    let esc = "\u{1b}[2J";
    let dir = std::env::temp_dir().join(format!("peguri-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let corpus = dir.join(format!("{esc}corpus.txt"));
    std::fs::write(&corpus, "a_b:c\n").unwrap();
    let corpus = corpus.to_str().unwrap();
    let missing = dir.join(format!("{esc}missing.txt"));
    let missing = missing.to_str().unwrap();
    let broken = dir.join(format!("{esc}broken.pest"));
    std::fs::write(&broken, format!("a = {{ \"a\" ~ ~ \"{esc}\u{202E}\" }}\n")).unwrap();
    let broken = broken.to_str().unwrap();
    let underscore = underscore_scheme_grammar();
    let underscore = underscore.to_str().unwrap();
    let uri = uri_pest();
    let named = format!("{esc}x");
    let commands: Vec<Vec<&str>> = vec![
        vec!["grammar", "diff", &uri, underscore, corpus],
        vec!["grammar", "diff", &uri, underscore, missing],
        vec!["grammar", "coverage", missing],
        vec!["extract", missing],
        vec!["rules", "--grammar", broken],
        vec!["rules", "--grammar", missing],
        vec!["tree", "--rule", &named, "a"],
        vec!["template", "{x}", "--var", &named],
        vec!["explain", "--iri", "http://a/\u{202E}evil"],
    ];
    for command in &commands {
        let out = run_peguri(command, b"");
        let all = [&out.stdout[..], &out.stderr[..]].concat();
        assert!(
            !all.contains(&0x1b),
            "{command:?} wrote ESC: {}",
            text(&all)
        );
        assert!(
            !text(&all).contains('\u{202E}'),
            "{command:?} wrote U+202E: {}",
            text(&all)
        );
        assert!(
            text(&all).contains("\\u{1b}[2J") || command[0] == "explain",
            "{command:?}: {}",
            text(&all)
        );
    }
    // A grammar's line is shown as a parse error's window, cut around the
    // column.
    let long = dir.join("long-line.pest");
    std::fs::write(
        &long,
        format!("a = {{ {} ~ ~ \"a\" }}\n", "\"a\" ~ ".repeat(10_000)),
    )
    .unwrap();
    let out = run_peguri(&["rules", "--grammar", long.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.len() < 1_000, "{err}");
    assert!(err.contains(":1:60008: expected term\n  …"), "{err}");
}
