#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimber_fuzz::manifest(data));
