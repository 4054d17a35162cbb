#!/usr/bin/env bash
# Unpack Debian's linux-source-6.12 into a cache directory, configure an
# x86_64 defconfig with clang 19, build the objects the kernel integration
# tests analyse, and write compile_commands.json for them.
#
# Usage: scripts/prepare-kernel.sh [extra objects...]
# Prints the kernel tree's path on the last line of stdout.
set -euo pipefail

version=6.12
tarball=/usr/src/linux-source-$version.tar.xz
cache=${UACCESS_LINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uaccess-lint}
tree=$cache/linux-source-$version
stamp=$tree/.uaccess-lint-prepared

# Every x86_64 defconfig object whose source uses user-access windows, plus
# the accessor-heavy files the batching and access_ok checks look at.
default_objects=(fs/select.o fs/readdir.o kernel/exit.o io_uring/net.o
                 fs/eventpoll.o io_uring/epoll.o lib/strncpy_from_user.o
                 kernel/futex/core.o lib/usercopy.o net/socket.o
                 arch/x86/kernel/signal_64.o arch/x86/kernel/signal_32.o
                 arch/x86/kernel/sys_ia32.o arch/x86/lib/csum-wrappers_64.o
                 arch/x86/lib/usercopy_64.o io_uring/waitid.o kernel/compat.o
                 kernel/panic.o kernel/rseq.o lib/iov_iter.o
                 lib/strnlen_user.o mm/gup.o net/core/scm.o
                 drivers/gpu/drm/i915/i915_query.o
                 drivers/gpu/drm/i915/gem/i915_gem_execbuffer.o)
objects=("${default_objects[@]}" "$@")

if [ ! -f "$tarball" ]; then
  echo "prepare-kernel: $tarball missing; apt-get install linux-source-$version" >&2
  exit 2
fi

mkdir -p "$cache"
if [ ! -d "$tree" ]; then
  tar -C "$cache" -xf "$tarball"
fi
cd "$tree"
if [ ! -f .config ]; then
  make -s LLVM=-19 defconfig >/dev/null
fi
if [ ! -f "$stamp" ]; then
  make -s LLVM=-19 -j"$(nproc)" prepare >/dev/null
  touch "$stamp"
fi
make -s LLVM=-19 -j"$(nproc)" "${objects[@]}" >/dev/null
# The database names exactly these TUs, whatever else the tree has built.
python3 scripts/clang-tools/gen_compile_commands.py -d . -o compile_commands.all.json
python3 - "${objects[@]}" <<'PY'
import json, os, sys
want = {os.path.abspath(o[:-2] + ".c") for o in sys.argv[1:]}
with open("compile_commands.all.json") as f:
    db = [e for e in json.load(f)
          if os.path.abspath(os.path.join(e["directory"], e["file"])) in want]
with open("compile_commands.json", "w") as f:
    json.dump(db, f, indent=1)
PY
echo "$tree"
