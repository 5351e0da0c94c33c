//! Every official example in tests/data/NAME/K.in gives exactly K.out (one trailing newline).

use std::fs;
use std::path::Path;

use nimber_problems::Options;

#[test]
fn official_examples_pass_byte_for_byte() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut checked = 0;
    let mut dirs: Vec<_> = fs::read_dir(&data).unwrap().map(|e| e.unwrap().path()).collect();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().unwrap().to_str().unwrap().to_string();
        let problem = nimber_problems::find(&name).unwrap_or_else(|| panic!("no problem named {name}"));
        let mut inputs: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        inputs.sort();
        for input in inputs {
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
