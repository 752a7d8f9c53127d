#!/usr/bin/python3
"""The project's rules for its GitHub Actions workflows, beyond what actionlint
checks (actionlint checks syntax, expressions and types; these are choices):

- every action is pinned to a full commit SHA, with its version in a comment;
- the workflow grants no permissions by default and every job names its own;
- every job has a timeout; the workflow has a concurrency group;
- no pull_request_target trigger (it runs with a write token next to a fork's
  code), and a job that can run a pull request's code on a self-hosted runner
  waits for an environment's approval;
- steps run the project's scripts (tools/...), so CI and a laptop run the same
  code; the only exception is a step named "Install git" (a container image
  without git cannot check the project out);
- the device table (tools/ci/devices.json) is well formed.

usage: workflow_policy.py DEVICES_JSON WORKFLOW...
Prints one line per violation; exits 1 when there is any, 0 otherwise.
"""
import json
import re
import sys

import yaml

PINNED_USES = re.compile(r"^\s*(?:-\s+)?uses:\s+([\w.-]+/[\w./-]+)@([0-9a-f]{40})\s+#\s*v\d[\w.-]*\s*$")
ANY_USES = re.compile(r"^\s*(?:-\s+)?uses:\s+(\S+)")
DEVICE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def triggers(workflow):
    # PyYAML reads the bare key `on` as the boolean True.
    on = workflow.get("on", workflow.get(True, {}))
    if isinstance(on, str):
        return {on}
    return set(on)


def check_workflow(path):
    problems = []
    text = open(path, encoding="utf-8").read()
    for number, line in enumerate(text.splitlines(), 1):
        match = ANY_USES.match(line)
        if match and not match.group(1).startswith("./") and not PINNED_USES.match(line):
            problems.append(f"{path}:{number}: '{match.group(1)}' is not pinned to a full commit SHA "
                            "with its version in a comment (uses: owner/repo@<40 hex> # vX.Y.Z)")
    workflow = yaml.safe_load(text)
    if not isinstance(workflow, dict) or not isinstance(workflow.get("jobs"), dict):
        return problems + [f"{path}: not a workflow (no jobs)"]
    events = triggers(workflow)
    if "pull_request_target" in events:
        problems.append(f"{path}: pull_request_target gives a write token next to a fork's code; use "
                        "pull_request, and workflow_run for what needs writing")
    if workflow.get("permissions") != {}:
        problems.append(f"{path}: top-level permissions must be {{}} (each job asks for its own)")
    if "concurrency" not in workflow:
        problems.append(f"{path}: no concurrency group")
    for name, job in workflow["jobs"].items():
        where = f"{path}: job '{name}'"
        if "timeout-minutes" not in job:
            problems.append(f"{where}: no timeout-minutes")
        if "permissions" not in job:
            problems.append(f"{where}: no permissions of its own")
        runs_on = json.dumps(job.get("runs-on", ""))
        may_be_self_hosted = "self-hosted" in runs_on or "matrix." in runs_on
        if "pull_request" in events and may_be_self_hosted and "environment" not in job:
            problems.append(f"{where}: may run a pull request's code on a self-hosted runner "
                            "without an environment's approval")
        for index, step in enumerate(job.get("steps", [])):
            command = step.get("run")
            if command is None or step.get("name") == "Install git":
                continue
            if not command.lstrip().startswith("tools/"):
                problems.append(f"{where}, step {index + 1}: runs '{command.strip()[:60]}'; steps call the "
                                "project's scripts under tools/")
    return problems


def check_devices(path):
    where = f"{path}"
    try:
        table = json.load(open(path, encoding="utf-8"))
    except (OSError, ValueError) as error:
        return [f"{where}: {error}"]
    devices = table.get("devices") if isinstance(table, dict) else None
    if not isinstance(devices, list) or not devices:
        return [f"{where}: expected {{\"devices\": [...]}} with at least one device"]
    problems, names = [], set()
    for index, device in enumerate(devices):
        name = device.get("name")
        here = f"{where}: device {index + 1} ({name})"
        if not isinstance(name, str) or not DEVICE_NAME.match(name):
            problems.append(f"{here}: name must match {DEVICE_NAME.pattern} (it is a folder on the leaderboard branch)")
        elif name in names:
            problems.append(f"{here}: name used twice")
        names.add(name)
        runs_on = device.get("runs_on")
        if not isinstance(runs_on, list) or not runs_on or not all(isinstance(l, str) for l in runs_on):
            problems.append(f"{here}: runs_on must be a non-empty list of runner labels")
        elif not isinstance(device.get("self_hosted"), bool):
            problems.append(f"{here}: self_hosted must be true or false")
        elif device["self_hosted"] != ("self-hosted" in runs_on):
            problems.append(f"{here}: self_hosted must be true exactly when runs_on has the self-hosted label")
        args = device.get("judge_args")
        if not isinstance(args, list) or "--backend" not in args or "--benchmark" not in args:
            problems.append(f"{here}: judge_args must name the --backend and ask for --benchmark")
        if not isinstance(device.get("timeout_minutes"), int) or not 0 < device["timeout_minutes"] <= 360:
            problems.append(f"{here}: timeout_minutes must be a whole number of minutes, at most 360")
        if not isinstance(device.get("container", ""), str):
            problems.append(f"{here}: container must be an image name or empty")
    return problems


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    problems = check_devices(argv[1])
    for path in argv[2:]:
        problems += check_workflow(path)
    for problem in problems:
        print(problem)
    print(f"workflow_policy: {len(argv) - 2} workflow(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
