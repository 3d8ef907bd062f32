//! The string columns the kernels build: views ([`Views`], a `Utf8View`
//! column) and offsets ([`Plain`], a `Utf8` or `LargeUtf8` column).
//!
//! [`Views`] builds its views directly and assembles them without arrow's
//! check of every view (`StringViewArray::try_new` runs `from_utf8` on
//! each value), which costs more than building them. [`Views::finish`] is
//! the only `unsafe` code of the crate: each push keeps the invariant that
//! every view is valid (see `finish`'s `SAFETY` comment), so that the
//! check is redundant. Debug builds run it anyway. [`Plain`] goes through
//! arrow's checked constructor: one `from_utf8` over its data, which costs
//! little next to copying the text.
//!
//! Arrow's C++ implementation (pyarrow) and its format read a view's
//! length, buffer index and offset as signed 32-bit numbers, so no view
//! here holds one above `i32::MAX`: a shared buffer larger than that is
//! offered as overlapping windows that each fit, and copied text starts a
//! new buffer before it would pass it.

use arrow_array::{ArrayRef, LargeStringArray, StringArray, StringViewArray};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_data::ByteView;
use arrow_schema::ArrowError;

/// The longest text a view holds inline (the format's rule).
pub(crate) const INLINE: usize = 12;

/// The largest length, buffer index or offset a view may hold: the format
/// declares them `int32`.
pub(crate) const MAX_VIEW: usize = i32::MAX as usize;

/// How far apart the windows of a shared buffer larger than [`MAX_VIEW`]
/// start. Windows are [`MAX_VIEW`] bytes long, so any piece of at most
/// `MAX_VIEW - WINDOW_STEP` bytes lies inside one of them.
const WINDOW_STEP: usize = 1 << 30;

/// The validity bits of a column under construction, 64 a word.
struct Validity {
    /// The full words.
    words: Vec<u64>,
    /// The bits after those of `words`.
    bits: u64,
    /// How many bits were pushed.
    len: usize,
    /// Whether one of them is NULL.
    has_nulls: bool,
}

impl Validity {
    fn with_capacity(capacity: usize) -> Self {
        Validity {
            words: Vec::with_capacity(capacity.div_ceil(64)),
            bits: 0,
            len: 0,
            has_nulls: false,
        }
    }

    #[inline(always)]
    fn push(&mut self, valid: bool) {
        let bit = self.len % 64;
        self.bits |= u64::from(valid) << bit;
        self.has_nulls |= !valid;
        self.len += 1;
        if bit == 63 {
            self.words.push(self.bits);
            self.bits = 0;
        }
    }

    /// The NULLs, `None` when there are none.
    fn finish(mut self) -> Option<NullBuffer> {
        if !self.has_nulls {
            return None;
        }
        if self.len % 64 != 0 {
            self.words.push(self.bits);
        }
        let bits = Buffer::from_vec(self.words);
        Some(NullBuffer::new(BooleanBuffer::new(bits, 0, self.len)))
    }
}

/// Text longer than a string column can hold in one value.
fn too_long(len: usize) -> ArrowError {
    ArrowError::ComputeError(format!(
        "a result of {len} bytes is longer than an Arrow string value can be (2 GiB)"
    ))
}

/// A shared buffer as the windows views may name: its first window's index
/// in `Views::buffers`, and how many there are.
#[derive(Clone, Copy)]
struct Windows {
    first: usize,
    count: usize,
}

/// A `Utf8View` column under construction: views, NULLs, and the data
/// buffers they point into: shared ones (an input's, as windows), then the
/// text copied in.
pub(crate) struct Views {
    views: Vec<u128>,
    validity: Validity,
    /// The windows of the shared buffers first, then the full buffers of
    /// copied text.
    buffers: Vec<Buffer>,
    /// Where each shared buffer's windows are in `buffers`.
    shared: Vec<Windows>,
    /// How many of `buffers` are windows of shared buffers.
    windows: usize,
    /// Whether a view points into a shared buffer.
    uses_shared: bool,
    /// Copied text: the buffer after `buffers`.
    copied: Vec<u8>,
}

impl Views {
    /// Views that may point into `shared`, with room for `capacity` rows.
    pub(crate) fn new(shared: Vec<Buffer>, capacity: usize) -> Self {
        let mut buffers = Vec::with_capacity(shared.len());
        let mut windows = Vec::with_capacity(shared.len());
        for buffer in shared {
            let first = buffers.len();
            let mut start = 0;
            loop {
                let len = (buffer.len() - start).min(MAX_VIEW);
                buffers.push(buffer.slice_with_length(start, len));
                if start + len == buffer.len() {
                    break;
                }
                start += WINDOW_STEP;
            }
            windows.push(Windows {
                first,
                count: buffers.len() - first,
            });
        }
        Views {
            views: Vec::with_capacity(capacity),
            validity: Validity::with_capacity(capacity),
            windows: buffers.len(),
            buffers,
            shared: windows,
            uses_shared: false,
            copied: Vec::new(),
        }
    }

    /// Appends NULL.
    #[inline(always)]
    pub(crate) fn push_null(&mut self) {
        // The empty string's view: a NULL's view must be valid too.
        self.views.push(0);
        self.validity.push(false);
    }

    /// Appends `text` by pointing at it in shared buffer `buffer`, or
    /// inline when it is 12 bytes or less; `false` (and nothing appended)
    /// when it is longer and not in that buffer, or in no window of it.
    #[inline(always)]
    pub(crate) fn push_shared(&mut self, text: &str, buffer: usize) -> bool {
        let bytes = text.as_bytes();
        if bytes.len() <= INLINE {
            self.push_view(inline_view(bytes));
            return true;
        }
        let Some(&Windows { first, count }) = self.shared.get(buffer) else {
            return false;
        };
        // Where `text` starts in the buffer (whose first window starts
        // where it does), if it lies within it: then the buffer's bytes
        // there are `text`'s own (the same memory).
        let base = self.buffers[first].as_ptr() as usize;
        let Some(offset) = (bytes.as_ptr() as usize).checked_sub(base) else {
            return false;
        };
        let window = (offset / WINDOW_STEP).min(count - 1);
        let start = offset - window * WINDOW_STEP;
        let Some(end) = start.checked_add(bytes.len()) else {
            return false;
        };
        let index = first + window;
        // The window is at most MAX_VIEW bytes, so `start` and the length
        // fit a view when the end is inside it.
        if end > self.buffers[index].len() || index > MAX_VIEW {
            return false;
        }
        self.uses_shared = true;
        self.push_view(long_view(bytes, index as u32, start as u32));
        true
    }

    /// Appends `text` by copying it (inline when it is 12 bytes or less);
    /// an error when it is longer than a view can say.
    #[inline(always)]
    pub(crate) fn push_copy(&mut self, text: &str) -> Result<(), ArrowError> {
        let bytes = text.as_bytes();
        if bytes.len() <= INLINE {
            self.push_view(inline_view(bytes));
            return Ok(());
        }
        if bytes.len() > MAX_VIEW {
            return Err(too_long(bytes.len()));
        }
        if self.copied.len() + bytes.len() > MAX_VIEW {
            // The offset would not fit: start another buffer.
            let full = std::mem::take(&mut self.copied);
            self.buffers.push(Buffer::from_vec(full));
        }
        let offset = self.copied.len() as u32;
        self.copied.extend_from_slice(bytes);
        // `copied` becomes the buffer after those in `buffers`.
        let index = self.buffers.len();
        if index > MAX_VIEW {
            return Err(too_long(index * MAX_VIEW));
        }
        self.push_view(long_view(bytes, index as u32, offset));
        Ok(())
    }

    #[inline(always)]
    fn push_view(&mut self, view: u128) {
        self.views.push(view);
        self.validity.push(true);
    }

    /// The column.
    #[allow(unsafe_code)]
    pub(crate) fn finish(mut self) -> StringViewArray {
        if !self.copied.is_empty() {
            self.buffers.push(Buffer::from_vec(self.copied));
        }
        if !self.uses_shared {
            // Do not keep the shared memory alive for nothing: drop those
            // buffers and renumber the views into the copied text.
            let shift = self.windows as u32;
            self.buffers.drain(..self.windows);
            if !self.buffers.is_empty() {
                for view in self.views.iter_mut() {
                    if *view as u32 > INLINE as u32 {
                        let mut long = ByteView::from(*view);
                        long.buffer_index -= shift;
                        *view = long.as_u128();
                    }
                }
            }
        }
        let nulls = self.validity.finish();
        let views = ScalarBuffer::from(self.views);
        debug_assert!(
            StringViewArray::try_new(views.clone(), self.buffers.clone(), nulls.clone()).is_ok()
        );
        debug_assert!(views.iter().all(|&view| fits_signed(view)));
        // SAFETY: `try_new` would accept these parts, which is
        // `new_unchecked`'s contract. `nulls` has one bit per view. Every
        // view was made from a `&str`, so its text is UTF-8:
        // - a view of 12 bytes or less (`inline_view`) holds its length
        //   and the text, zero-padded;
        // - a longer view (`long_view`) holds its length, its first four
        //   bytes and a buffer index and offset where the buffer holds
        //   the same bytes: for `push_shared`, a window of a shared buffer
        //   (a slice of it, sharing its memory) that was checked to
        //   contain the `&str`'s own memory at that offset (buffers are
        //   immutable, and `buffers` keeps it alive); for `push_copy`, the
        //   copied buffer the bytes were appended to at that offset, which
        //   is `buffers.len()` until it is pushed there, at that index.
        //   Lengths, offsets and indices were checked to fit 31 bits. The
        //   renumbering above drops only shared windows, when no view
        //   names one, and shifts the copied buffers' indices by as much.
        unsafe { StringViewArray::new_unchecked(views, self.buffers, nulls) }
    }
}

/// Whether a view's length, buffer index and offset fit `int32`, as the
/// format declares them (arrow-rs reads them as `u32`).
fn fits_signed(view: u128) -> bool {
    let long = ByteView::from(view);
    long.length as usize <= MAX_VIEW
        && (long.length as usize <= INLINE
            || (long.buffer_index as usize <= MAX_VIEW && long.offset as usize <= MAX_VIEW))
}

/// The offsets of a [`Plain`] column: 32-bit until the text passes
/// `i32::MAX` bytes, or from the start when asked.
enum Offsets {
    Small(Vec<i32>),
    Large(Vec<i64>),
}

/// A `Utf8` or `LargeUtf8` column under construction: the text of every
/// row copied into one buffer, and its offsets.
pub(crate) struct Plain {
    data: Vec<u8>,
    offsets: Offsets,
    validity: Validity,
}

impl Plain {
    /// A `LargeUtf8` column when `large`, else a `Utf8` one (which becomes
    /// `LargeUtf8` if its text passes 2 GiB), with room for `capacity`
    /// rows.
    pub(crate) fn new(large: bool, capacity: usize) -> Self {
        let offsets = if large {
            let mut offsets = Vec::with_capacity(capacity + 1);
            offsets.push(0);
            Offsets::Large(offsets)
        } else {
            let mut offsets = Vec::with_capacity(capacity + 1);
            offsets.push(0);
            Offsets::Small(offsets)
        };
        Plain {
            data: Vec::new(),
            offsets,
            validity: Validity::with_capacity(capacity),
        }
    }

    /// Appends NULL.
    #[inline(always)]
    pub(crate) fn push_null(&mut self) {
        self.push_end();
        self.validity.push(false);
    }

    /// Appends `text`.
    #[inline(always)]
    pub(crate) fn push(&mut self, text: &str) {
        self.data.extend_from_slice(text.as_bytes());
        self.push_end();
        self.validity.push(true);
    }

    #[inline(always)]
    fn push_end(&mut self) {
        let end = self.data.len();
        match &mut self.offsets {
            Offsets::Small(offsets) => match i32::try_from(end) {
                Ok(end) => offsets.push(end),
                Err(_) => {
                    let mut wide: Vec<i64> = offsets.iter().map(|&o| i64::from(o)).collect();
                    wide.push(end as i64);
                    self.offsets = Offsets::Large(wide);
                }
            },
            // A Vec's length fits `isize`.
            Offsets::Large(offsets) => offsets.push(end as i64),
        }
    }

    /// The column.
    pub(crate) fn finish(self) -> Result<ArrayRef, ArrowError> {
        let nulls = self.validity.finish();
        let data = Buffer::from_vec(self.data);
        Ok(match self.offsets {
            Offsets::Small(offsets) => std::sync::Arc::new(StringArray::try_new(
                OffsetBuffer::new(offsets.into()),
                data,
                nulls,
            )?),
            Offsets::Large(offsets) => std::sync::Arc::new(LargeStringArray::try_new(
                OffsetBuffer::new(offsets.into()),
                data,
                nulls,
            )?),
        })
    }
}

/// The view of text of at most 12 bytes: its length, then the text, then
/// zeros.
#[inline(always)]
fn inline_view(bytes: &[u8]) -> u128 {
    let len = bytes.len();
    debug_assert!(len <= INLINE);
    // The text as a little-endian number, read in two overlapping parts
    // (the bytes both read are the same, so or-ing them is harmless),
    // without a variable-length copy.
    let text: u128 = match len {
        0 => 0,
        1..=3 => {
            u128::from(bytes[0])
                | u128::from(bytes[len / 2]) << (8 * (len / 2))
                | u128::from(bytes[len - 1]) << (8 * (len - 1))
        }
        4..=7 => {
            u128::from(read_u32(bytes, 0)) | u128::from(read_u32(bytes, len - 4)) << (8 * (len - 4))
        }
        _ => {
            let head = u64::from_le_bytes([
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            ]);
            u128::from(head) | u128::from(read_u32(bytes, len - 4)) << (8 * (len - 4))
        }
    };
    text << 32 | len as u128
}

#[inline(always)]
fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The view of text longer than 12 bytes held by buffer `buffer` at
/// `offset`: its length, its first 4 bytes, the buffer and the offset.
#[inline]
fn long_view(bytes: &[u8], buffer: u32, offset: u32) -> u128 {
    debug_assert!(bytes.len() > INLINE && bytes.len() <= MAX_VIEW);
    ByteView {
        length: bytes.len() as u32,
        prefix: read_u32(bytes, 0),
        buffer_index: buffer,
        offset,
    }
    .as_u128()
}
