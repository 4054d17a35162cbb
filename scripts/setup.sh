#!/usr/bin/env bash
# README command 1: install what is missing, build, run on the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
echo "== uaccess-lint -p compile_commands.example"
rc=0
build/uaccess-lint -p compile_commands.example || rc=$?
echo "== exit status $rc (1: findings at error level)"
[ "$rc" -eq 1 ]
