#!/usr/bin/python3
"""The project's rules for its GitHub Actions workflows, beyond what actionlint
checks (actionlint checks syntax, expressions and types; these are choices).
It is also the project's static security audit of the workflows (zizmor's
main checks; zizmor itself is neither in Debian nor on npm):

- every action is pinned to a full commit SHA, with its version in a comment;
  every container image (a job's, a service's, a device's) by its digest;
- the workflow grants no permissions by default and every job names its own;
- every job has a timeout; the workflow has a concurrency group (or every job
  that can write has its own), never keyed by a fork's branch name;
- a pull request's code never reaches a self-hosted runner: no
  pull_request_target; a workflow a pull request triggers has no job that can
  run on a self-hosted runner (a self-hosted label or a runner chosen by an
  expression); such a job waits for an environment's approval and its first
  step after the checkout refuses a persistent runner (leaderboard.sh
  runner-guard);
- a privileged trigger (workflow_run, workflow_dispatch, schedule, push)
  never checks out a pull request: a checkout's ref is a literal branch;
- no ${{ }} expression inside a run: script (it would be pasted into the
  shell as code); values go through env:;
- every checkout keeps no credentials (persist-credentials: false);
- a pull request's workflow may restore caches but never save one
  (actions/cache/restore, not actions/cache): main's jobs restore them;
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
PINNED_IMAGE = re.compile(r"^[\w./:-]+@sha256:[0-9a-f]{64}$")
EXPRESSION = re.compile(r"\$\{\{")
# Triggers whose runs hold the base repository's privileges while a pull
# request may exist: they must treat it as data only.
PRIVILEGED = {"workflow_run", "workflow_dispatch", "schedule", "push", "pull_request_target", "issue_comment"}
WRITE = re.compile(r'"write"|write-all')
RUNNER_GUARD = "tools/ci/leaderboard.sh runner-guard"


def image_fault(image):
    """Why a container image reference is not acceptable, or None."""
    if not isinstance(image, str) or image == "":
        return None
    if EXPRESSION.search(image):
        return None  # from the matrix: the device table is checked on its own
    if not PINNED_IMAGE.match(image):
        return f"container image '{image}' is pinned by tag only; pin it by digest (name:tag@sha256:<64 hex>)"
    return None


def job_images(job):
    container = job.get("container")
    if isinstance(container, dict):
        container = container.get("image")
    images = [container] if container else []
    for service in (job.get("services") or {}).values():
        images.append(service.get("image") if isinstance(service, dict) else service)
    return images


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
    pull_request_triggered = bool({"pull_request", "pull_request_target"} & events)
    privileged = bool(PRIVILEGED & events)
    job_concurrency_everywhere = True
    for name, job in workflow["jobs"].items():
        where = f"{path}: job '{name}'"
        if "timeout-minutes" not in job:
            problems.append(f"{where}: no timeout-minutes")
        if "permissions" not in job:
            problems.append(f"{where}: no permissions of its own")
        if WRITE.search(json.dumps(job.get("permissions", {}))) and "concurrency" not in job:
            job_concurrency_everywhere = False
        for image in job_images(job):
            fault = image_fault(image)
            if fault:
                problems.append(f"{where}: {fault}")
        runs_on = json.dumps(job.get("runs-on", ""))
        may_be_self_hosted = "self-hosted" in runs_on or "${{" in runs_on
        if may_be_self_hosted and pull_request_triggered:
            problems.append(f"{where}: may run on a self-hosted runner in a workflow a pull request triggers; "
                            "a pull request's code must never reach one (benchmark it from main's workflow)")
        if may_be_self_hosted and "environment" not in job:
            problems.append(f"{where}: may run on a self-hosted runner without an environment's approval")
        steps = job.get("steps", [])
        if may_be_self_hosted:
            first_own = next((step for step in steps
                              if "uses" not in step and step.get("name") != "Install git"), {})
            if not str(first_own.get("run", "")).lstrip().startswith(RUNNER_GUARD):
                problems.append(f"{where}: may run on a self-hosted runner; its first step of its own must be "
                                f"'{RUNNER_GUARD}' (refuse a persistent runner)")
        for index, step in enumerate(steps):
            here = f"{where}, step {index + 1}"
            uses = step.get("uses", "")
            with_ = step.get("with") or {}
            if uses.startswith("actions/checkout@"):
                if with_.get("persist-credentials") is not False:
                    problems.append(f"{here}: a checkout must set persist-credentials: false "
                                    "(a token in .git/config outlives the step that needs it)")
                ref = str(with_.get("ref", ""))
                if privileged and EXPRESSION.search(ref):
                    problems.append(f"{here}: checks out '{ref}' under a privileged trigger; check out only the "
                                    "base's own branches and take a pull request's files as data")
            if uses.startswith("actions/cache@") and pull_request_triggered:
                problems.append(f"{here}: a pull request's workflow may only restore caches "
                                "(actions/cache/restore); a saved cache would be restored by main's jobs")
            command = step.get("run")
            if command is None:
                continue
            if EXPRESSION.search(command):
                problems.append(f"{here}: a ${{{{ }}}} expression inside run: is pasted into the script as code; "
                                "pass it through env:")
            if step.get("name") == "Install git":
                continue
            if not command.lstrip().startswith("tools/"):
                problems.append(f"{here}: runs '{command.strip()[:60]}'; steps call the "
                                "project's scripts under tools/")
    groups = [workflow.get("concurrency")] + [job.get("concurrency") for job in workflow["jobs"].values()]
    for group in groups:
        text = json.dumps(group) if group is not None else ""
        if "head_branch" in text or "head_ref" in text:
            problems.append(f"{path}: a concurrency group keyed by a branch name, which a fork chooses (two pull "
                            "requests may share one); key it by the pull-request number")
    if "concurrency" not in workflow and not job_concurrency_everywhere:
        problems.append(f"{path}: no concurrency group (at the top, or on every job that can write)")
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
        gpu = device.get("gpu")
        if isinstance(args, list) and "cuda" in args:
            fields = {"name": str, "compute_capability": str, "sm_count": int, "clock_mhz": (int, float),
                      "memory_clock_mhz": (int, float), "memory_bus_width_bits": int}
            if not isinstance(gpu, dict) or any(not isinstance(gpu.get(key), kind) or gpu.get(key) in ("", 0)
                                                for key, kind in fields.items()):
                problems.append(f"{here}: a CUDA device needs \"gpu\": {{{', '.join(fields)}}} "
                                "(the bounds publish checks records against)")
        if not isinstance(device.get("container", ""), str):
            problems.append(f"{here}: container must be an image name or empty")
        elif image_fault(device.get("container", "")):
            problems.append(f"{here}: {image_fault(device['container'])}")
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
