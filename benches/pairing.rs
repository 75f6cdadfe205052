//! Swiss pairing time for 64, 512 and 4,096 players at round 6 (to be written with the engine).
fn main() {}
