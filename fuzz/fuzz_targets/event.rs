//! Any bytes as an event file: reading, validation, the rules' computation and every diagnostic
//! format must never panic, and a rejected file must say why.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holonet::load::fuzz::event_bytes(data));
