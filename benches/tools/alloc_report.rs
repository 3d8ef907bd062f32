//! Heap allocations per parse, for peguri and its peers, on the benchmark
//! corpus (`../shared/corpus` when present, a generated one otherwise); for
//! peguri on each input class of `benches/support/classes.rs`; and for
//! peguri on inputs from 1 KB to 10 MB, valid and with an error near the
//! end.
//!
//! Per class: a valid class counts `UriRef::parse` and reading the
//! components; `iri` counts `IriRef::parse` and reading the components;
//! `invalid` counts the failed parse, building the error, and reading its
//! offset and its message. The message is written into a sink that only
//! counts bytes (through `Display`, as `to_string` would), so the count is
//! the library's allocations, not the report's own `String`.
//!
//! Run: `cargo run --release --example alloc_report`.
//!
//! A counting global allocator forwards to the system allocator and counts
//! calls and bytes; this example's `unsafe` is that allocator (the library
//! forbids `unsafe`).

#[path = "../support/mod.rs"]
mod support;

use support::classes::{self, Kind};

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static CALLS: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`; counting only
// touches atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size(), Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        CALLS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size(), Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        CALLS.fetch_add(1, Relaxed);
        BYTES.fetch_add(new_size.saturating_sub(layout.size()), Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocation calls and bytes made by `f`.
fn measure(f: impl FnOnce()) -> (usize, usize) {
    let (calls, bytes) = (CALLS.load(Relaxed), BYTES.load(Relaxed));
    f();
    (CALLS.load(Relaxed) - calls, BYTES.load(Relaxed) - bytes)
}

/// A `fmt::Write` that keeps nothing but the number of bytes written.
struct ByteCount(usize);

impl std::fmt::Write for ByteCount {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// peguri's `UriRef::parse` on an input it rejects: the error is built, its
/// offset and its message read.
fn peguri_error(line: &str) -> usize {
    match peguri::UriRef::parse(line) {
        Ok(_) => support::peguri_fast(line),
        Err(e) => {
            let mut message = ByteCount(0);
            let _ = write!(message, "{}", e.message());
            e.offset() + message.0
        }
    }
}

fn main() {
    let (lines, source) = support::corpus();
    println!("corpus: {} lines from {source}\n", lines.len());
    let valid: Vec<&String> = lines
        .iter()
        .filter(|l| peguri::UriRef::parse(l).is_ok())
        .collect();
    let n = lines.len() as f64;
    let nv = valid.len() as f64;
    println!(
        "| parser | allocations per URL | bytes per URL | allocations per valid URL | bytes per valid URL |"
    );
    println!("|---|---|---|---|---|");
    for &(name, parse) in support::PARSERS {
        let (calls, bytes) = measure(|| {
            for line in &lines {
                std::hint::black_box(parse(line));
            }
        });
        let (vcalls, vbytes) = measure(|| {
            for line in &valid {
                std::hint::black_box(parse(line));
            }
        });
        println!(
            "| {name} | {:.2} | {:.1} | {:.2} | {:.1} |",
            calls as f64 / n,
            bytes as f64 / n,
            vcalls as f64 / nv,
            vbytes as f64 / nv
        );
    }
    println!("\n| class | inputs | peguri allocations per input | bytes per input |");
    println!("|---|---|---|---|");
    for class in classes::all() {
        let parse: support::Parse = match class.kind {
            Kind::Uri => support::peguri_fast,
            Kind::Invalid => peguri_error,
            Kind::IriRef => classes::peguri_iri,
        };
        let (calls, bytes) = measure(|| {
            for input in &class.inputs {
                std::hint::black_box(parse(input));
            }
        });
        let n = class.inputs.len() as f64;
        println!(
            "| {} | {} | {:.2} | {:.1} |",
            class.name,
            class.inputs.len(),
            calls as f64 / n,
            bytes as f64 / n
        );
    }
    println!(
        "\n| input size | peguri allocations | peguri bytes | with an error near the end: allocations | bytes |"
    );
    println!("|---|---|---|---|---|");
    for size in [1_000, 10_000, 100_000, 1_000_000, 10_000_000] {
        let input = support::long_uri(size);
        let (calls, bytes) = measure(|| {
            std::hint::black_box(support::peguri_fast(&input));
        });
        let invalid = classes::long_invalid_uri(size);
        let (icalls, ibytes) = measure(|| {
            std::hint::black_box(peguri_error(&invalid));
        });
        println!("| {size} | {calls} | {bytes} | {icalls} | {ibytes} |");
    }
}
