//! Every official example in tests/data/NAME/K.in gives exactly K.out (one trailing newline).

use std::fs;

use nimber_problems::Options;

use crate::examples;

#[test]
fn official_examples_pass_byte_for_byte() {
    let mut checked = 0;
    let mut dirs: Vec<_> = fs::read_dir(examples::data_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_str().unwrap().to_string();
        let problem = nimber_problems::find(&name).unwrap_or_else(|| panic!("no problem named {name}"));
        for input in examples::example_inputs(&name) {
            let expected = fs::read_to_string(input.with_extension("out")).unwrap();
            let output = (problem.solve)(&fs::read_to_string(&input).unwrap(), &Options::default())
                .unwrap_or_else(|e| panic!("{}: {e}", input.display()));
            assert_eq!(format!("{output}\n"), expected, "{}", input.display());
            checked += 1;
        }
    }
    eprintln!("{checked} official examples passed");
    assert_eq!(checked, 28, "every official example is checked");
}
