#!/usr/bin/env python3
"""Turns uaccess-lint's SARIF log into a GitLab Code Quality report.

GitLab shows Code Quality reports (a JSON array of CodeClimate issues) in
merge requests; it does not read SARIF. Each result becomes an issue: the
check as check_name, the message, the file relative to %SRCROOT%, the
line, a severity from the level (error: major, warning: minor, note:
info), and the baseline fingerprint, by which GitLab matches issues across
pipelines (docs/ci.md, "GitLab CI").

Usage: sarif-to-codequality.py LOG.sarif > gl-code-quality-report.json
"""
import json
import sys
import urllib.parse

SEVERITY = {"error": "major", "warning": "minor", "note": "info"}


def path_of(location):
    artifact = location["physicalLocation"]["artifactLocation"]
    uri = urllib.parse.unquote(artifact["uri"])
    return uri[len("file://"):] if uri.startswith("file://") else uri


def issue(result):
    location = result["locations"][0]
    region = location["physicalLocation"].get("region", {})
    fingerprint = result.get("partialFingerprints", {}).get("uaccessLint/v2")
    return {
        "type": "issue",
        "check_name": result["ruleId"],
        "description": result["message"]["text"],
        "categories": ["Bug Risk"],
        "severity": SEVERITY.get(result.get("level", "warning"), "minor"),
        "fingerprint": fingerprint,
        "location": {"path": path_of(location),
                     "lines": {"begin": region.get("startLine", 1)}},
    }


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1], encoding="utf-8") as f:
        log = json.load(f)
    issues = [issue(r) for run in log["runs"] for r in run.get("results", [])]
    json.dump(issues, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
