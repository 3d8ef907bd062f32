//! Parses, resolves and normalizes with peguri in a `no_std` staticlib.
#![no_std]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use core::panic::PanicInfo;

use peguri::{Uri, UriRef};

/// Parses a base and a reference, resolves one against the other and
/// normalizes the result; the length of the normal form, or 0 on an error.
#[unsafe(no_mangle)]
pub extern "C" fn peguri_no_std_check() -> usize {
    let Ok(base) = Uri::parse("HTTP://Example.COM:80/a/b/c") else {
        return 0;
    };
    let Ok(reference) = UriRef::parse("../%7Ed?q") else {
        return 0;
    };
    let resolved = reference.resolve_against(&base);
    let normal = resolved.normalize();
    let relative = base.make_relative(&normal).map_or(0, |r| r.as_str().len());
    normal.as_str().len() + relative
}

/// Never unwinds: there is no runtime to unwind with.
#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}

/// An allocator that has no memory: the crate is built, not run. Its
/// presence is what matters, as std's would collide with it.
struct NoMemory;

// SAFETY: returning null is how an allocator reports failure, and nothing
// is ever handed out to be freed.
unsafe impl GlobalAlloc for NoMemory {
    unsafe fn alloc(&self, _: Layout) -> *mut u8 {
        core::ptr::null_mut()
    }

    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
}

#[global_allocator]
static ALLOCATOR: NoMemory = NoMemory;
