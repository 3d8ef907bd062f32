//! One pass of one parser over one input class of
//! `benches/support/classes.rs`, for counting instructions and simulated
//! branch mispredictions with callgrind, which are steadier than time on a
//! shared machine.
//!
//! Run:
//!
//! ```sh
//! cargo build --release --example class_pass
//! valgrind --tool=callgrind --branch-sim=yes --toggle-collect='*one_pass*' \
//!     target/release/examples/class_pass ipv6 peguri
//! ```
//!
//! The arguments are a class (`corpus`, `http`, `generated`, `ipv6`, `pct`, `short`,
//! `invalid`, `iri`) and one of its parsers (`peguri`, `fluent-uri`, and for
//! `iri` also `oxiri` and `iri-string`), or an `IPv6address` form
//! (`ipv6-form:N`, the Nth entry of `classes::IPV6_FORMS`, from 0). callgrind's `Collected` line gives
//! the events of the pass alone (building the class is not counted);
//! divide by the number of inputs printed.

#[path = "../support/mod.rs"]
mod support;

use std::hint::black_box;
use std::process::ExitCode;

use support::Parse;
use support::classes;

/// The pass that `--toggle-collect` measures.
#[inline(never)]
fn one_pass(parse: Parse, inputs: &[String]) -> usize {
    let mut sum = 0usize;
    for input in inputs {
        sum = sum.wrapping_add(parse(black_box(input)));
    }
    sum
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [class_name, parser_name] = args.as_slice() else {
        eprintln!("usage: class_pass CLASS PARSER (see the example's documentation)");
        return ExitCode::from(2);
    };
    let (lines, _) = support::corpus();
    let form = class_name
        .strip_prefix("ipv6-form:")
        .and_then(|n| n.parse::<usize>().ok());
    let class = match form {
        Some(n) => classes::ipv6_forms().into_iter().nth(n),
        None => classes::build(class_name, &lines),
    };
    let Some(class) = class else {
        eprintln!("no class {class_name:?}; the classes: {:?}", classes::NAMES);
        return ExitCode::from(2);
    };
    let Some(&(_, parse)) = class.parsers().iter().find(|(n, _)| n == parser_name) else {
        let names: Vec<&str> = class.parsers().iter().map(|(n, _)| *n).collect();
        eprintln!("class {class_name} is timed with {names:?}, not {parser_name:?}");
        return ExitCode::from(2);
    };
    let sum = one_pass(parse, &class.inputs);
    println!(
        "{class_name} {parser_name}: {} inputs (checksum {sum})",
        class.inputs.len()
    );
    ExitCode::SUCCESS
}
