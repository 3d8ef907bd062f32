//! One pass of one operation of `benches/template_match.rs`, for counting
//! instructions with callgrind, which are steadier than time on a shared
//! machine.
//!
//! Run:
//!
//! ```sh
//! cargo build --profile profiling --example template_pass
//! valgrind --tool=callgrind --toggle-collect='*one_pass*' \
//!     target/profiling/examples/template_pass one route match_uri
//! ```
//!
//! The arguments are `one CASE OP`, CASE one of `route`, `mcp_query`,
//! `mcp_file`, `explode`, `every_operator` and OP one of `expand`,
//! `match_uri`, `is_match` (the operation is repeated 1,000 times); or
//! `set OP`, OP one of `match_uri`, `find`, `matchit` (one pass over the
//! 1,000 URIs). callgrind's `Collected` line gives the events of the pass
//! alone (building the inputs is not counted); divide by 1,000.

#[path = "../support/templates.rs"]
mod templates;

use std::hint::black_box;
use std::process::ExitCode;

use peguri::template::{TemplateSet, UriTemplate};

const REPEAT: usize = 1000;

/// The pass that `--toggle-collect` measures.
#[inline(never)]
fn one_pass(f: &mut dyn FnMut()) {
    f();
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["one", case, op] => {
            let Some((_, text, values)) = templates::one_cases()
                .into_iter()
                .find(|(name, _, _)| name == case)
            else {
                eprintln!("unknown case {case}");
                return ExitCode::from(2);
            };
            let template = UriTemplate::parse(text).unwrap();
            let uri = template.expand(&values).unwrap();
            let mut f: Box<dyn FnMut()> = match *op {
                "expand" => Box::new(|| {
                    for _ in 0..REPEAT {
                        black_box(template.expand(black_box(&values)).ok());
                    }
                }),
                "match_uri" => Box::new(|| {
                    for _ in 0..REPEAT {
                        black_box(template.match_uri(black_box(&uri)));
                    }
                }),
                "is_match" => Box::new(|| {
                    for _ in 0..REPEAT {
                        black_box(template.is_match(black_box(&uri)));
                    }
                }),
                _ => {
                    eprintln!("unknown operation {op}");
                    return ExitCode::from(2);
                }
            };
            one_pass(&mut f);
            println!("{REPEAT} calls");
        }
        ["set", op] => {
            let routes = templates::routes();
            let uris = templates::uris(&routes);
            let mut set = TemplateSet::new();
            let mut router = matchit::Router::new();
            for (i, route) in routes.iter().enumerate() {
                set.insert(UriTemplate::parse(route).unwrap()).unwrap();
                router.insert(route.as_str(), i).unwrap();
            }
            let mut f: Box<dyn FnMut()> = match *op {
                "match_uri" => Box::new(|| {
                    for uri in &uris {
                        black_box(set.match_uri(black_box(uri)));
                    }
                }),
                "find" => Box::new(|| {
                    for uri in &uris {
                        black_box(set.find(black_box(uri)));
                    }
                }),
                "matchit" => Box::new(|| {
                    for uri in &uris {
                        let _ = black_box(router.at(black_box(uri)));
                    }
                }),
                _ => {
                    eprintln!("unknown operation {op}");
                    return ExitCode::from(2);
                }
            };
            one_pass(&mut f);
            println!("{} URIs", uris.len());
        }
        _ => {
            eprintln!("usage: template_pass one CASE OP | set OP");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}
