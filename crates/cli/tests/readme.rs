//! The README's examples really run: every `$ nimber ...` line of a `console` block is run from
//! the repository root, must exit 0, and must print the lines shown under it, in order (`...`
//! stands for lines left out).

use std::path::Path;
use std::process::Command;

#[test]
fn readme_examples_run_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let bin = env!("CARGO_BIN_EXE_nimber");
    let scratch = std::env::temp_dir().join(format!("nimber-readme-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();

    let mut in_console = false;
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((command.to_string(), Vec::new()));
        } else if let Some((_, expected)) = examples.last_mut() {
            expected.push(line.to_string());
        }
    }
    assert!(examples.len() >= 10, "found only {} examples", examples.len());

    for (command, expected) in &examples {
        let command = command.split("  #").next().unwrap().trim();
        let rest =
            command.strip_prefix("nimber ").unwrap_or_else(|| panic!("not a nimber command: {command}"));
        // Files the examples write go to a scratch folder; files they read are in the repository.
        let mut rest = rest.to_string();
        for option in ["--dump ", "--svg ", "--png ", "--save ", "--db ", "--checkpoint "] {
            rest = rest.replace(option, &format!("{option}{}/", scratch.display()));
        }
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("'{bin}' {rest}"))
            .current_dir(&root)
            .env("XDG_CACHE_HOME", scratch.join("cache"))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "`{command}` failed: {}", String::from_utf8_lossy(&output.stderr));
        let mut lines = stdout.lines();
        for want in expected.iter().filter(|l| l.as_str() != "...") {
            assert!(
                lines.any(|got| got.trim_end() == want.trim_end()),
                "`{command}`: expected line `{want}` (in order) in:\n{stdout}"
            );
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    eprintln!("{} README examples ran as shown", examples.len());
}
