"""Summarizes the log `sarif-multitool validate -o LOG` writes (the tool
exits 0 whatever it finds): "N errors, M warnings", then each error as
'RULE MESSAGE-ID: arguments'. Notifications of the tool's own failures (a file it
could not read) count as errors."""
import json
import sys

log = json.load(open(sys.argv[1], encoding="utf-8"))
errors, warnings = [], 0
for run in log["runs"]:
    for result in run.get("results", []):
        level = result.get("level", "warning")
        if level == "error":
            msg = result.get("message", {})
            args = " | ".join(msg.get("arguments", []))
            errors.append(f"{result.get('ruleId')} {msg.get('id')}: {args}")
        elif level == "warning":
            warnings += 1
    for inv in run.get("invocations", []):
        for note in inv.get("toolExecutionNotifications", []) + \
                inv.get("toolConfigurationNotifications", []):
            if note.get("level", "warning") == "error":
                errors.append(f"tool: {note.get('message', {}).get('text')}")
print(f"{len(errors)} errors, {warnings} warnings")
for e in errors:
    print(e)
