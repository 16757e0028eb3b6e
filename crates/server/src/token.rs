//! Table ids and seat tokens: random bits from the operating system, written in hex.
//!
//! A seat's token is its only credential (no accounts), so it carries 128 random bits, as
//! does a table id (ids are public: they appear in spectator links).

/// `bytes` random bytes from the operating system, as lowercase hex.
///
/// # Panics
/// If the operating system has no randomness to give, which leaves nothing safe to do.
pub fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system gives random bytes");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new seat token or table id: 128 random bits.
pub fn new_token() -> String {
    random_hex(16)
}

/// A seed for a table's dice and draws, from the operating system; never stored.
pub fn os_seed() -> u64 {
    let mut buf = [0u8; 8];
    getrandom::fill(&mut buf).expect("the operating system gives random bytes");
    u64::from_le_bytes(buf)
}

/// Compares a token given by a client with a stored one in time that does not depend on
/// where they differ.
pub fn same_token(given: &str, stored: &str) -> bool {
    given.len() == stored.len()
        && given
            .bytes()
            .zip(stored.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_128_bits_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn tokens_compare_exactly() {
        assert!(same_token("abcd", "abcd"));
        assert!(!same_token("abce", "abcd"));
        assert!(!same_token("abc", "abcd"));
        assert!(!same_token("", "abcd"));
    }
}
