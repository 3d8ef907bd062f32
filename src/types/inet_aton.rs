//! How `inet_aton`-style resolvers, and the WHATWG URL Standard's host
//! parser, read a registered name as an IPv4 address: the forms RFC 3986
//! section 7.4 warns about (`0x7f.1`, `127.1`, `0177.0.0.1`,
//! `2130706433`). The security lint flags such a name, and the Public
//! Suffix List is not applied to it: it names an address, not a domain.

use core::net::Ipv4Addr;

/// The address `inet_aton` (and the WHATWG host parser) would read `name`
/// as: one to four dot-separated parts, each decimal, octal (leading `0`)
/// or hexadecimal (`0x`); all but the last at most 255, the last filling
/// the remaining bytes. A trailing dot is ignored. Allocates nothing, so
/// that every host can be asked.
pub(crate) fn lenient_ipv4(name: &str) -> Option<Ipv4Addr> {
    // Every part starts with a digit (`0x` too): a name that does not is
    // no address, without splitting it.
    if !name.as_bytes().first()?.is_ascii_digit() {
        return None;
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for part in name.split('.') {
        let slot = numbers.get_mut(count)?;
        *slot = number_part(part)?;
        count += 1;
    }
    let (last, init) = numbers[..count].split_last()?;
    if init.iter().any(|&n| n > 255) {
        return None;
    }
    let last_bits = 8 * (4 - init.len() as u32);
    if (last_bits < 32 && *last >= (1u64 << last_bits)) || *last > u64::from(u32::MAX) {
        return None;
    }
    let mut value: u64 = 0;
    for (i, &n) in init.iter().enumerate() {
        value |= n << (24 - 8 * i as u32);
    }
    value |= last;
    u32::try_from(value).ok().map(Ipv4Addr::from)
}

/// One part of a lenient IPv4 address, or `None` if it is not a number.
fn number_part(part: &str) -> Option<u64> {
    let (digits, radix) =
        if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
            (hex, 16)
        } else if part.len() > 1 && part.starts_with('0') {
            (&part[1..], 8)
        } else {
            (part, 10)
        };
    // A hex prefix alone is 0 for the WHATWG parser.
    if digits.is_empty() {
        return (radix == 16).then_some(0);
    }
    // Long runs are out of range anyway; this keeps the parse from
    // overflowing.
    if digits.len() > 12 || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn lenient_ipv4_forms() {
        let ip = |s| lenient_ipv4(s).map(|a| a.to_string());
        assert_eq!(ip("0177.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("2130706433").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("127.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("1.2.3").as_deref(), Some("1.2.0.3"));
        assert_eq!(ip("0x7F000001").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("127.0.0.1.").as_deref(), Some("127.0.0.1"));
        assert_eq!(ip("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(ip("4294967295").as_deref(), Some("255.255.255.255"));
        assert_eq!(ip("4294967296"), None);
        assert_eq!(ip("256.1"), None);
        assert_eq!(ip("1.16777216"), None);
        assert_eq!(ip("1.2.3.4.5"), None);
        assert_eq!(ip("08"), None);
        assert_eq!(ip("example.com"), None);
        assert_eq!(ip(""), None);
        assert_eq!(ip("1..2"), None);
        assert_eq!(ip("99999999999999999999999"), None);
    }
}
