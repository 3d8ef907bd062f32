//! `peguri`: URIs as JSON components, one or millions at a time, and a
//! workbench for the grammar they are parsed with.
//!
//! This file only dispatches. Each subcommand's module holds its flags
//! (the clap `Args` struct, whose doc comment is the command's `--help`)
//! and its `run`.

#![forbid(unsafe_code)]

mod bounds;
mod check;
mod common;
mod explain;
mod extract;
mod grammar;
mod input;
mod json;
mod lab;
mod normalize;
mod outcome;
mod parse;
mod registry;
mod resolve;
mod rules;
mod schemes;
#[cfg(feature = "serve")]
mod serve;
mod split;
mod stream;
mod template;
mod template_match;
mod tree;
mod whatwg;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::outcome::Outcome;

/// URIs (RFC 3986) parsed by a grammar transcribed from the RFC.
#[derive(Parser)]
#[command(name = "peguri", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// The subcommands, in the order `peguri --help` lists them.
#[derive(Subcommand)]
enum Command {
    Parse(parse::ParseArgs),
    Tree(tree::TreeArgs),
    Rules(rules::RulesArgs),
    #[command(subcommand)]
    Grammar(lab::GrammarCommand),
    Resolve(resolve::ResolveArgs),
    Relative(resolve::RelativeArgs),
    Normalize(normalize::NormalizeArgs),
    Equivalent(normalize::EquivalentArgs),
    Split(split::SplitArgs),
    Extract(extract::ExtractArgs),
    Explain(explain::ExplainArgs),
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
    /// Built without the feature `serve`: says how to get it.
    #[cfg(not(feature = "serve"))]
    #[command(hide = true, disable_help_flag = true)]
    Serve {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        rest: Vec<String>,
    },
    Check(check::CheckArgs),
    Schemes(schemes::SchemesArgs),
    Template(template::TemplateArgs),
    Match(template_match::MatchArgs),
    Whatwg(whatwg::WhatwgArgs),
    /// Compile the grammar on stdin and exit (how a user's grammar is
    /// compiled first, in a process of its own: see `bounds`).
    #[command(name = "compile-worker", hide = true)]
    CompileWorker,
}

fn main() -> ExitCode {
    // `--version` also names the Public Suffix List built in, which
    // `parse --psl` applies; `-V` gives the version alone.
    let long_version = format!(
        "{} (Public Suffix List {})",
        env!("CARGO_PKG_VERSION"),
        peguri::PublicSuffixList::built_in_version()
    );
    let matches = Cli::command().long_version(long_version).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Parse(args) => {
            let exit = args.exit;
            exit.apply(parse::run(args))
        }
        Command::Tree(args) => tree::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Grammar(command) => lab::run(command),
        Command::Resolve(args) => resolve::resolve(&args),
        Command::Relative(args) => resolve::relative(&args),
        Command::Normalize(args) => args.exit.apply(normalize::normalize(&args)),
        Command::Equivalent(args) => normalize::equivalent(&args),
        Command::Split(args) => split::run(&args),
        Command::Extract(args) => args.exit.apply(extract::run(&args)),
        Command::Explain(args) => explain::run(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args),
        #[cfg(not(feature = "serve"))]
        Command::Serve { .. } => Ok(Outcome::Usage(
            "this peguri was built without `serve`; build it with the feature: \
             cargo install --path cli --locked --features serve"
                .to_owned(),
        )),
        Command::Check(args) => args.exit.apply(check::run(&args)),
        Command::Schemes(args) => schemes::run(&args),
        Command::Template(args) => template::run(&args),
        Command::Match(args) => template_match::run(&args),
        Command::Whatwg(args) => whatwg::run(&args),
        Command::CompileWorker => bounds::compile_worker().map(|()| Outcome::Success),
    };
    Outcome::exit_code(result)
}
