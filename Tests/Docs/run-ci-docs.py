#!/usr/bin/env python3
"""Runs the CI jobs of docs/ci.md as written, in order, on a fresh clone: what a team copies
must work. A team repository is made (two shipped scenes, their goldens recorded by the built
tool), and the tool's repository is a fresh clone of the committed HEAD tagged with the version
Version.swift says, standing for the team's mirror.

- GitHub Actions: `actions/checkout` with `repository:` clones the mirror at `ref:` into `path:`;
  `actions/cache`, `upload-artifact` and the JUnit reporter are the CI's (the files they name
  are checked); each `run:` runs with bash in the team repository. Every step passes; then a
  scene is changed and the verify step fails with exit 1, leaving the report and a junit.xml
  with one failing test case.
- GitLab CI: the job's `variables:` (the URL pointing at the mirror), then each `script:` line in
  one shell, in order, after the GitHub run (its `.tablerender/.build`, the cache the job
  keeps). Every line passes; `artifacts:` paths exist.

Nothing is installed outside WORK: `PREFIX` points `render.sh install` into WORK/prefix.

usage: run-ci-docs.py REPO_ROOT TABLERENDER WORK
Exit status 0 when everything ran as the document says; 1 with the reason otherwise.
"""
import os
import re
import shutil
import subprocess
import sys

import yaml


def fail(why):
    print(f"run-ci-docs: {why}")
    sys.exit(1)


def blocks(doc):
    """The YAML block after each `<!-- ci: NAME -->` marker."""
    found = {}
    for m in re.finditer(r"<!-- ci: (\w+) -->\s*```yaml\n(.*?)```", doc, re.S):
        found[m.group(1)] = yaml.safe_load(m.group(2))
    return found


def run(command, cwd, env, expect=0):
    print(f"run-ci-docs: $ {command}", flush=True)
    p = subprocess.run(["bash", "-eo", "pipefail", "-c", command], cwd=cwd, env=env, capture_output=True, text=True)
    if p.returncode != expect:
        fail(f"`{command}` exited {p.returncode}, expected {expect}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    root, tool, work = (os.path.abspath(a) for a in sys.argv[1:])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    doc = open(os.path.join(root, "docs/ci.md"), encoding="utf-8").read()
    jobs = blocks(doc)
    if set(jobs) != {"github", "gitlab"}:
        fail(f"docs/ci.md: expected a github and a gitlab block, found {sorted(jobs)}")
    version = re.search(r'static let tablerender = "([0-9.]+)"', open(os.path.join(root, "Sources/TableRender/Version.swift")).read()).group(1)
    if doc.count(version) < 3:
        fail(f"docs/ci.md does not pin the current version {version}")

    # The team's mirror of the tool: the committed HEAD, tagged with its version.
    mirror = os.path.join(work, "mirror")
    subprocess.run(["git", "clone", "-q", root, mirror], check=True)
    subprocess.run(["git", "-C", mirror, "tag", version], check=True)

    # The team's repository: two scenes and their goldens, committed.
    team = os.path.join(work, "team")
    os.makedirs(os.path.join(team, "scenes"))
    for name in ("content.json", "settings-icons.json"):
        shutil.copyfile(os.path.join(root, "scenes", name), os.path.join(team, "scenes", name))
    shutil.copytree(os.path.join(root, "scenes", "assets"), os.path.join(team, "scenes", "assets"))
    subprocess.run([tool, "verify", "--goldens", "goldens", "scenes/content.json", "scenes/settings-icons.json", "--record", "--quiet"],
                   cwd=team, check=True)

    env = dict(os.environ)
    env["PREFIX"] = os.path.join(work, "prefix")
    env["PATH"] = os.path.join(work, "prefix", "bin") + ":" + env["PATH"]

    # GitHub Actions.
    (job,) = jobs["github"]["jobs"].values()
    verify_step = None
    for step in job["steps"]:
        uses, args = step.get("uses", ""), step.get("with", {})
        if uses.startswith("actions/checkout@"):
            if "repository" in args:
                if str(args["ref"]) != version:
                    fail(f"the workflow checks out {args['ref']}, the version is {version}")
                subprocess.run(["git", "-c", "advice.detachedHead=false", "clone", "-q", "--branch", str(args["ref"]), mirror, os.path.join(team, args["path"])], check=True)
        elif uses.startswith("actions/cache@"):
            if not args["path"].endswith("/.build") or version not in args["key"]:
                fail(f"the cache keeps {args['path']} under {args['key']}: expected the tool's .build under a key with the version")
        elif "run" in step:
            run(step["run"], team, env)
            if step["run"].startswith("tablerender verify"):
                verify_step = step["run"]
        elif uses.startswith("actions/upload-artifact@") or uses.startswith("mikepenz/action-junit-report@"):
            path = args.get("path") or args.get("report_paths")
            if not os.path.exists(os.path.join(team, path)):
                fail(f"{uses} keeps {path}, which the steps did not write")
        else:
            fail(f"a step this runner does not know: {step}")
    if verify_step is None:
        fail("the workflow has no verify step")
    print("run-ci-docs: github: every step passed", flush=True)

    # A change the goldens do not have: the verify step fails, the report says which scene.
    scene = os.path.join(team, "scenes", "content.json")
    text = open(scene, encoding="utf-8").read()
    open(scene, "w", encoding="utf-8").write(text.replace("Text, images, paths", "Text, images and paths", 1))
    run(verify_step, team, env, expect=1)
    junit = open(os.path.join(team, "report", "junit.xml"), encoding="utf-8").read()
    if junit.count("<testcase") != 2 or junit.count("<failure") != 1 or "content" not in junit:
        fail(f"junit.xml after the change: {junit[:1500]}")
    if not os.path.exists(os.path.join(team, "report", "index.html")):
        fail("no report/index.html after the change")
    open(scene, "w", encoding="utf-8").write(text)
    print("run-ci-docs: github: a changed scene fails the verify step with its report", flush=True)

    # GitLab CI, in the same checkout (its cache: the .build the GitHub run left).
    (job,) = jobs["gitlab"].values()
    genv = dict(env)
    for key, value in job["variables"].items():
        genv[key] = str(value)
    genv["TABLERENDER_URL"] = mirror
    if genv["TABLERENDER_VERSION"] != version:
        fail(f"the GitLab job fetches {genv['TABLERENDER_VERSION']}, the version is {version}")
    if not any(p.rstrip("/").endswith(".tablerender/.build") for p in job["cache"]["paths"]):
        fail(f"the GitLab cache keeps {job['cache']['paths']}, not the tool's .build")
    shutil.rmtree(os.path.join(team, "report"))
    run("\n".join(job["script"]), team, genv)
    for path in job["artifacts"]["paths"] + [job["artifacts"]["reports"]["junit"]]:
        if not os.path.exists(os.path.join(team, path)):
            fail(f"the GitLab artifact {path} was not written")
    print("run-ci-docs: gitlab: every line passed")
    print("run-ci-docs: docs/ci.md: 2 jobs ran as written")


if __name__ == "__main__":
    main()
