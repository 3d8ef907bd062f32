#[path = "../benches/support/mod.rs"]
mod support;
use std::hint::black_box;
use std::time::Instant;
fn main() {
    let (lines, _) = support::corpus();
    let valid: Vec<&String> = lines.iter().filter(|l| peguri::UriRef::parse(l).is_ok()).collect();
    let (mut a, mut c) = (f64::MAX, f64::MAX);
    let mut n = 0;
    for _ in 0..15 {
        let t = Instant::now();
        for l in &valid { n += black_box(peguri::__engines::parse_fast(black_box(l), "URI-reference")).is_some() as usize; }
        a = a.min(t.elapsed().as_nanos() as f64 / valid.len() as f64);
        let t = Instant::now();
        for l in &valid { n += black_box(fluent_uri::UriRef::parse(black_box(l.as_str()))).is_ok() as usize; }
        c = c.min(t.elapsed().as_nanos() as f64 / valid.len() as f64);
    }
    println!("min over 15: fast {a:.1} ns/URL, fluent {c:.1} ns/URL, ratio {:.2} ({n})", a / c);
}
