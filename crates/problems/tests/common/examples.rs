//! The official examples of the problems: `tests/data/NAME/K.in` with the expected output in
//! `K.out`. Include it with `#[path = "common/examples.rs"] mod examples;`.

use std::fs;
use std::path::{Path, PathBuf};

/// The folder of the examples of every problem, one subfolder per problem.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The example inputs (`.in` files) of the problem `name`, sorted by path.
pub fn example_inputs(name: &str) -> Vec<PathBuf> {
    let mut inputs: Vec<_> = fs::read_dir(data_dir().join(name))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
}
