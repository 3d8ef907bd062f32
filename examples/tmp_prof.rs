#[path = "../benches/support/mod.rs"]
mod support;
use std::hint::black_box;
fn main() {
    let (lines, _) = support::corpus();
    let valid: Vec<&String> = lines.iter().filter(|l| peguri::UriRef::parse(l).is_ok()).collect();
    let mut n = 0;
    for _ in 0..30 {
        for l in &valid { n += black_box(peguri::__engines::parse_fast(black_box(l), "URI-reference")).is_some() as usize; }
    }
    println!("{n}");
}
