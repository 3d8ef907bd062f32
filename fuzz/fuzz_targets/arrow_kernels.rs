//! The Arrow kernels over arbitrary buffers, as the C Data Interface hands
//! them over (unchecked): `validate` refuses what is not valid Arrow data
//! or not UTF-8, without panicking; on what it accepts every kernel runs
//! in both layouts without panicking, gives one row per input row, a
//! result that passes arrow's full validation with every view inside the
//! format's signed 32 bits, and components equal to the scalar API's.
#![no_main]

use std::sync::Arc;

use arrow_array::{make_array, Array, ArrayRef};
use arrow_buffer::Buffer;
use arrow_data::{ArrayData, ByteView};
use arrow_schema::DataType;
use libfuzzer_sys::fuzz_target;
use peguri_arrow::column::{validate, Layout, StringColumn};
use peguri_arrow::{Base, Component};

/// Reads the input front to back.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let (&first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        first
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// Offsets that mostly grow by a few bytes, sometimes anything.
    fn offsets(&mut self, n: usize) -> Vec<i64> {
        let mut offsets = vec![0i64];
        for _ in 0..n {
            let step = self.byte();
            let next = match step {
                255 => i64::from(self.u32() as i32),
                _ => offsets.last().unwrap() + i64::from(step % 40),
            };
            offsets.push(next);
        }
        offsets
    }
}

/// Unchecked data of a string layout, from the fuzzer's bytes.
fn data(input: &mut Input<'_>) -> ArrayData {
    let kind = input.byte() % 5;
    let rows = usize::from(input.byte() % 12);
    let skip = usize::from(input.byte() % 3);
    let nulls = input.u32();
    let offsets = input.offsets(rows + skip);
    let text = Buffer::from_slice_ref(input.0);
    let null_bits = Buffer::from_slice_ref(nulls.to_le_bytes());
    let (data_type, buffers) = match kind {
        0 | 3 => {
            let offsets: Vec<i32> = offsets.iter().map(|&o| o as i32).collect();
            (DataType::Utf8, vec![Buffer::from_slice_ref(&offsets), text])
        }
        1 => (DataType::LargeUtf8, vec![Buffer::from_slice_ref(&offsets), text]),
        _ => {
            // A view per row: inline from the text, or a long one into it.
            let views: Vec<u128> = offsets
                .windows(2)
                .map(|w| {
                    let (start, end) = (w[0] as u32, w[1] as u32);
                    let len = end.wrapping_sub(start);
                    if len <= 12 {
                        let mut bytes = [0u8; 16];
                        bytes[..4].copy_from_slice(&len.to_le_bytes());
                        let from = (start as usize).min(input.0.len());
                        let to = (from + len as usize).min(input.0.len());
                        bytes[4..4 + to - from].copy_from_slice(&input.0[from..to]);
                        u128::from_le_bytes(bytes)
                    } else {
                        let at = start as usize;
                        let prefix = input.0.get(at..at + 4).map_or(0, |p| {
                            u32::from_le_bytes([p[0], p[1], p[2], p[3]])
                        });
                        ByteView {
                            length: len,
                            prefix,
                            buffer_index: 0,
                            offset: start,
                        }
                        .as_u128()
                    }
                })
                .collect();
            (DataType::Utf8View, vec![Buffer::from_slice_ref(&views), text])
        }
    };
    // SAFETY: nothing reads this data before `validate` accepts it, which
    // is the property under test (the C Data Interface's import makes data
    // the same way).
    let strings = unsafe {
        ArrayData::builder(data_type.clone())
            .len(rows + skip)
            .buffers(buffers)
            .null_bit_buffer((nulls != 0).then_some(null_bits))
            .build_unchecked()
    }
    .slice(skip, rows);
    if kind != 3 {
        return strings;
    }
    // A dictionary over the strings, with keys from the input.
    let keys: Vec<i8> = (0..rows).map(|i| (nulls >> (i % 32)) as i8 % 8).collect();
    // SAFETY: as above.
    unsafe {
        ArrayData::builder(DataType::Dictionary(Box::new(DataType::Int8), Box::new(data_type)))
            .len(rows)
            .add_buffer(Buffer::from_slice_ref(&keys))
            .add_child_data(strings)
            .build_unchecked()
    }
}

fn check_strings(out: &ArrayRef, rows: usize, layout: Layout) {
    assert_eq!(out.len(), rows);
    out.to_data().validate_full().expect("a valid result");
    match layout {
        Layout::View => {
            let views = arrow_array::cast::AsArray::as_string_view(out.as_ref());
            for &view in views.views() {
                let view = ByteView::from(view);
                assert!(view.length <= i32::MAX as u32);
                if view.length > 12 {
                    assert!(view.offset <= i32::MAX as u32 && view.buffer_index <= i32::MAX as u32);
                }
            }
        }
        Layout::Plain => assert!(matches!(
            out.data_type(),
            DataType::Utf8 | DataType::LargeUtf8
        )),
    }
}

fuzz_target!(|bytes: &[u8]| {
    let mut input = Input(bytes);
    let data = data(&mut input);
    if validate(&data).is_err() {
        return;
    }
    let array = make_array(data);
    let rows = array.len();
    let plain = peguri_arrow::column::unpack_dictionary(array.as_ref()).unwrap();
    let column = StringColumn::try_new(plain.as_ref()).unwrap();
    for layout in [Layout::View, Layout::Plain] {
        for which in Component::ALL {
            let out = peguri_arrow::component(array.as_ref(), which, layout).unwrap();
            check_strings(&out, rows, layout);
            let got = StringColumn::try_new(out.as_ref()).unwrap();
            for row in 0..rows {
                let want = column
                    .get(row)
                    .and_then(|text| peguri::UriRef::parse(text).ok())
                    .and_then(|uri| uri.component(which).map(str::to_owned));
                assert_eq!(got.get(row).map(str::to_owned), want);
            }
        }
        for out in [
            peguri_arrow::error(array.as_ref(), layout).unwrap(),
            peguri_arrow::normalize(array.as_ref(), layout).unwrap(),
            peguri_arrow::iri_to_uri(array.as_ref(), layout).unwrap(),
            peguri_arrow::resolve(Base::Scalar("http://a/b/c/d;p?q"), array.as_ref(), layout)
                .unwrap(),
            peguri_arrow::resolve(Base::Array(array.as_ref()), array.as_ref(), layout).unwrap(),
        ] {
            check_strings(&out, rows, layout);
        }
        for parsed in [
            peguri_arrow::parse(array.as_ref(), layout).unwrap(),
            peguri_arrow::components(array.as_ref(), layout).unwrap(),
        ] {
            assert_eq!(parsed.len(), rows);
            parsed.to_data().validate_full().expect("a valid struct");
        }
        let lint = peguri_arrow::lint(array.as_ref(), layout).unwrap();
        assert_eq!(lint.len(), rows);
        lint.to_data().validate_full().expect("a valid list");
    }
    let valid = peguri_arrow::is_valid(array.as_ref()).unwrap();
    let ports = peguri_arrow::port_number(array.as_ref()).unwrap();
    let same = peguri_arrow::equivalent(array.as_ref(), array.as_ref()).unwrap();
    assert_eq!((valid.len(), ports.len(), same.len()), (rows, rows, rows));
    let _: Arc<dyn Array> = Arc::new(same);
});
