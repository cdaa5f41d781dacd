//! Every answer is checked against Rust's own correctly rounded parser, bit for bit.

use super::*;
use proptest::prelude::*;

fn assert_same(text: &str) {
    let ours = parse_f64(text);
    let rust = text.parse::<f64>().ok();
    match (ours, rust) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
        (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text}: {a:e} vs {b:e}"),
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{text}: accepted {a:?} vs {b:?}"),
    }
}

#[test]
fn the_grammar_is_rusts() {
    for text in [
        "",
        ".",
        "+",
        "-",
        "e5",
        ".e5",
        "1e",
        "1e+",
        "1e-",
        "1.5.",
        "1..5",
        "1.5e5.5",
        " 1",
        "1 ",
        "1_0",
        "0x10",
        "in",
        "infinit",
        "infinityy",
        "nana",
        "+-1",
        "--1",
        "1e++5",
        "١",
        "1",
        "+1",
        "-1",
        "1.",
        ".5",
        "-.5",
        "+5.",
        "0",
        "-0",
        "-0.0",
        "00012",
        "1e5",
        "1E5",
        "1e+5",
        "1e-5",
        "1.5E-005",
        "inf",
        "INF",
        "-Infinity",
        "+iNfInItY",
        "nan",
        "NaN",
        "-nan",
    ] {
        assert_same(text);
    }
}

#[test]
fn boundaries_round_as_rust_does() {
    for text in [
        // The largest float, the halfway point above it, and just below that.
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.797693134862315807937289714053e308",
        "1.7976931348623159e308",
        "1e309",
        "1e308",
        // The smallest normal and subnormal floats and their halfway points.
        "2.2250738585072014e-308",
        "2.2250738585072011e-308",
        "2.2250738585072009e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "2.47032822920623272088e-324",
        "1e-324",
        "3e-324",
        "7.4e-324",
        "1e-400",
        "0.000000000000000000000000000000000000000000000000001",
        // Halfway between two floats at 2^53: ties go to even.
        "9007199254740993",
        "9007199254740995",
        "9007199254740993.0000000000000000000000000000001",
        "18014398509481990",
        "0.1",
        "0.30000000000000004",
        "123456789012345678901234567890",
        "1e23",
        "8.98846567431158e307",
        "1e22",
        "1e-22",
        "123456789012345e-22",
        "1234567890123456e-22",
        "1e1000000000000000000000000",
        "1e-1000000000000000000000000",
        "0e999999999",
    ] {
        assert_same(text);
    }
}

#[test]
fn long_inputs_keep_their_last_nonzero_digit() {
    // The halfway point between 1 and the next float, written out exactly, then nudged by a
    // digit far past the kept ones.
    let half = "1.00000000000000011102230246251565404236316680908203125";
    assert_same(half);
    let nudged = format!("{half}{}1", "0".repeat(2000));
    assert_same(&nudged);
    let integer = format!("9007199254740993{}", "0".repeat(1000));
    assert_same(&integer);
    assert_same(&format!("{integer}e-1000"));
    assert_same(&format!("0.{}1", "0".repeat(5000)));
    assert_same(&"9".repeat(5000));
}

#[test]
fn big_integers_round_half_to_even() {
    for value in [
        BigUint::from(0u32),
        BigUint::from(1u32),
        BigUint::from(u64::MAX),
        (BigUint::from(1u32) << 53usize) + 1u32,
        (BigUint::from(1u32) << 1024usize) - 1u32,
        (BigUint::from(1u32) << 1024usize) - (BigUint::from(1u32) << 970usize),
        (BigUint::from(1u32) << 1024usize) - (BigUint::from(1u32) << 971usize),
        BigUint::from(1u32) << 1024usize,
    ] {
        let expected: f64 = value.to_string().parse().unwrap();
        assert_eq!(
            biguint_to_f64(&value).to_bits(),
            expected.to_bits(),
            "{value}"
        );
    }
}

proptest! {
    #[test]
    fn any_float_written_any_way_reads_back(bits in any::<u64>(), digits in 1usize..25) {
        let value = f64::from_bits(bits);
        assert_same(&format!("{value:e}"));
        assert_same(&format!("{value:.*e}", digits - 1));
        assert_same(&format!("{value}"));
    }

    #[test]
    fn random_decimals_round_as_rust_does(
        integer in "[0-9]{0,40}",
        fraction in proptest::option::of("[0-9]{0,40}"),
        exponent in proptest::option::of(-400i32..400),
    ) {
        let mut text = integer;
        if let Some(fraction) = fraction {
            text.push('.');
            text.push_str(&fraction);
        }
        if let Some(exponent) = exponent {
            text.push_str(&format!("e{exponent}"));
        }
        assert_same(&text);
    }

    #[test]
    fn big_integers_match_their_decimal_text(words in proptest::collection::vec(any::<u32>(), 0..40)) {
        let value = BigUint::new(words);
        let expected: f64 = value.to_string().parse().unwrap();
        prop_assert_eq!(biguint_to_f64(&value).to_bits(), expected.to_bits());
    }
}
