#!/usr/bin/env python3
"""Checks schema/scene.schema.json with a real validator (Python's jsonschema, draft 2020-12):

1. the schema itself is a valid draft 2020-12 schema;
2. every scene in scenes/ and every valid corpus scene (Tests/Corpus/good) passes it;
3. every bad-scene case (Tests/Corpus/bad) is refused by it, or is not JSON at all, or is one
   of the cases listed below that only tablerender can refuse (files, budgets, names that must
   resolve, counts and orders across keys): the list is checked both ways, so a case the schema
   learns to refuse must leave it;
4. docs/scene-format.md documents every key the schema knows.

usage: check-schema.py [REPO_ROOT]
"""
import glob
import json
import os
import re
import sys

import jsonschema

# Bad cases a JSON Schema cannot refuse, and why: tablerender refuses each with its own message.
BEYOND_A_SCHEMA = {
    # More rows than --max-layers allows by default (a budget, raised by the flag).
    "table-rowcount-huge",
    # A table's name shared with a layer, and its animations' key paths (names across the file).
    "table-name-taken", "table-animation-keypath", "table-content-offsets-budget", "table-content-offsets-with-header",
    # Two trailing buttons in the navigation bar (editButton and rightButton), or a back
    # button and a leading button.
    "nav-edit-and-right-button", "nav-left-button-with-back",
    # A reorder into another section, or of a row that is not there (rows and sections across the file).
    "script-reorder-other-section", "script-reorder-row-missing",
    # A row image's file (missing, outside the scene's folder, not a PNG).
    "table-row-image-missing", "table-row-image-escapes", "table-row-image-not-png", "table-row-image-bare-name-missing",
    # Budgets: sizes that are valid JSON shapes but too big to render (Limits, --max-* flags).
    "budget-nesting", "canvas-budget-scale-flag", "canvas-pixel-budget", "canvas-side-budget", "edges-budget",
    "frame-pixels-budget", "shadow-radius-budget", "frames-budget", "frames-budget-fps-flag", "layers-budget", "offscreen-budget",
    "path-points-budget", "path-work-budget", "text-length-budget", "top-too-many-frames", "file-image-huge",
    "file-image-total-budget", "table-simulation-budget", "table-header-simulation-budget", "anim-keyframe-values-budget",
    "layer-mask-nesting", "layer-shadowpath-budget", "path-dashes-budget", "path-dashes-tiny",
    # Files: whether a named file exists, is a PNG or a font, and lies inside the scene's folder.
    "file-font-escapes", "file-font-missing", "file-font-not-font", "table-row-title-font-file-missing",
    # A refresh control's events need the table to have one (table and script across the file).
    "script-end-refreshing-no-control", "table-refresh-control-with-header", "nav-large-title-with-header", "nav-search-bar-with-header", "file-image-absolute", "file-image-escapes",
    "file-image-folder", "file-image-missing", "file-image-not-png", "file-image-truncated", "table-header-logo-escapes",
    # Across keys: names that must resolve or be unique, counts and orders that depend on other values.
    "anim-keytimes-count", "anim-timingfunctions-count", "anim-unknown-layer", "gradient-locations-count",
    "gradient-locations-decrease", "layer-duplicate-name", "layer-mask-duplicate-name", "script-no-table", "script-tap-out-of-range",
    "script-insert-out-of-range", "script-move-from-deleted-section", "script-move-section-missing", "script-move-deleted-section", "script-delete-twice", "script-delete-section-missing", "script-tap-after-delete", "script-reconfigure-after-delete", "table-section-header-view-flat", "table-header-view-flat",
    "script-swipe-after-reload", "script-insert-rows-count", "script-reconfigure-rows-count", "script-move-to-missing-section",
    "script-updates-budget", "script-insert-twice", "script-invalid-update-follow-on", "script-row-heights-tiny-priced", "table-tiny-header-views-priced", "table-move-section-sections-priced", "nav-large-title-whole-priced",
    # Made text priced against the text budget, a template value missing in each row (issue 53.4).
    "change-text-without-text", "script-flings-budget", "script-reorder-drags-budget", "script-tap-hold-before-start", "script-collapsible-taps-budget", "table-fold-frames-budget", "table-rowcount-budget-then-taps", "table-sections-past-layers", "template-empty-values-priced", "script-section-updates-budget",
    "table-rowcount-long-titles", "table-rowcount-many-numbers", "template-text-made-past-budget", "template-missing-value-repeated", "display-anim-unknown-layer", "display-anim-and-start-state",
    "row-display-card-without-card", "canvas-device-size-mismatch", "display-target-card-without-card", "display-anim-budget", "template-anim-unknown-layer", "table-row-cell-animation-unknown-layer", "table-row-cell-duplicate-name",
    # Changes: the layer must be a layer's name and have the content object the key is in; the budget.
    "change-unknown-layer", "change-key-no-content", "change-keyframe-values-budget",
    # SVG path grammar: the characters are checked, the number of arguments per command is not.
    "path-d-bad-command", "layer-shadowpath-bad",
}


def strict_json(path):
    """The scene as tablerender parses it, or None when it is not JSON (NaN, comments, BOM + garbage...)."""
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]

    def no_constants(name):
        raise ValueError(name)

    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(pairs)

    try:
        return json.loads(raw.decode("utf-8"), parse_constant=no_constants, object_pairs_hook=no_duplicates)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None


def schema_keys(node, found):
    """Every property name the schema defines, anywhere."""
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            found.add(key)
        for value in node.values():
            schema_keys(value, found)
    elif isinstance(node, list):
        for value in node:
            schema_keys(value, found)
    return found


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    problems = []
    schema = json.load(open(os.path.join(root, "schema/scene.schema.json")))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())

    good = sorted(glob.glob(os.path.join(root, "scenes/*.json")) + glob.glob(os.path.join(root, "Tests/Corpus/good/*.json")))
    for path in good:
        scene = strict_json(path)
        if scene is None:
            problems.append(f"{path}: not JSON")
            continue
        for error in validator.iter_errors(scene):
            problems.append(f"{path}: refused by the schema at /{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")

    bad = sorted(glob.glob(os.path.join(root, "Tests/Corpus/bad/*.json")))
    refused = not_json = listed = 0
    for path in bad:
        name = os.path.basename(path)[:-5]
        scene = strict_json(path)
        if scene is None:
            not_json += 1
            continue
        errors = list(validator.iter_errors(scene))
        if name in BEYOND_A_SCHEMA:
            listed += 1
            if errors:
                problems.append(f"{name}: listed as beyond a schema, but the schema refuses it ({errors[0].message[:120]}): take it off the list")
        elif not errors:
            problems.append(f"{name}: a bad scene the schema accepts")
        else:
            refused += 1
    missing = BEYOND_A_SCHEMA - {os.path.basename(p)[:-5] for p in bad}
    if missing:
        problems.append(f"listed cases that are not in the corpus: {sorted(missing)}")

    docs = open(os.path.join(root, "docs/scene-format.md"), encoding="utf-8").read()
    documented = set(re.findall(r"`([$A-Za-z0-9_.-]+)`", docs))
    keys = schema_keys(schema, set())
    undocumented = sorted(k for k in keys if k not in documented)
    if undocumented:
        problems.append(f"docs/scene-format.md does not document {undocumented}")

    if problems:
        for p in problems:
            print("check-schema: " + p)
        sys.exit(1)
    print(f"check-schema: {len(good)} valid scenes pass; of {len(bad)} bad cases {refused} refused by the schema, "
          f"{not_json} not JSON, {listed} beyond a schema (files, budgets, references); {len(keys)} keys documented")


if __name__ == "__main__":
    main()
