#!/usr/bin/env bash
# Unpack Debian's linux-source-6.12 into a cache directory (one tree per
# arch), configure the arch's defconfig with clang 19 alone (LLVM=-19, no
# cross gcc), build the objects the kernel integration tests analyse, and
# write compile_commands.json for them.
#
# Usage: scripts/prepare-kernel.sh [--arch=ARCH] [--gcc] [--version=V]
#                                  [--whole] [extra objects...]
#   ARCH: x86_64 (default), arm64, powerpc (ppc64le_defconfig), riscv, s390
#   --gcc: build with the host's gcc instead (x86_64 only), in a tree of its
#          own, for the test that a gcc database gives the same findings.
#   --version=6.1: Debian's linux-source-6.1 instead of 6.12 (x86_64), the
#          kernel before masked begins; its tree is linux-source-6.1.
#   --whole: instead of building the test objects, write a database of every
#          C object of the defconfig's vmlinux and modules, built or not, to
#          TREE/whole/compile_commands.json (the test objects' database stays
#          as it is), read from a dry run of make; nothing is compiled. It is
#          kept until .config is newer. Prints its path on the last line.
# Prints the kernel tree's path on the last line of stdout. Objects the
# arch's defconfig does not build are left out of the database (listed on
# stderr), so one object list serves every arch.
set -euo pipefail
scripts=$(cd "$(dirname "$0")" && pwd)

version=6.12
arch=x86_64
compiler=clang
whole=
while [ $# -gt 0 ]; do
  case "$1" in
    --arch=*) arch=${1#--arch=}; shift ;;
    --gcc) compiler=gcc; shift ;;
    --version=*) version=${1#--version=}; shift ;;
    --whole) whole=1; shift ;;
    *) break ;;
  esac
done
tarball=/usr/src/linux-source-$version.tar.xz
cache=${UACCESS_LINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uaccess-lint}

# The objects whose sources use user-access windows on every arch, plus
# the accessor-heavy files the batching and access_ok checks look at.
common_objects=(fs/select.o fs/readdir.o kernel/exit.o io_uring/net.o
                fs/eventpoll.o io_uring/epoll.o lib/strncpy_from_user.o
                kernel/futex/core.o lib/usercopy.o net/socket.o
                io_uring/waitid.o kernel/compat.o kernel/panic.o kernel/rseq.o
                lib/iov_iter.o lib/strnlen_user.o mm/gup.o net/core/scm.o)
case "$arch" in
  x86_64)
    make_arch=x86_64; config=defconfig; tree_name=linux-source-$version
    arch_objects=(arch/x86/kernel/signal_64.o arch/x86/kernel/signal_32.o
                  arch/x86/kernel/sys_ia32.o arch/x86/lib/csum-wrappers_64.o
                  arch/x86/lib/usercopy_64.o
                  drivers/gpu/drm/i915/i915_query.o
                  drivers/gpu/drm/i915/gem/i915_gem_execbuffer.o) ;;
  arm64)
    make_arch=arm64; config=defconfig; tree_name=linux-source-$version-arm64
    arch_objects=(arch/arm64/kernel/signal.o arch/arm64/kernel/signal32.o
                  arch/arm64/kernel/sys_compat.o arch/arm64/kernel/ptrace.o
                  arch/arm64/kernel/fpsimd.o) ;;
  powerpc)
    make_arch=powerpc; config=ppc64le_defconfig
    tree_name=linux-source-$version-powerpc
    arch_objects=(arch/powerpc/kernel/signal.o arch/powerpc/kernel/signal_64.o
                  arch/powerpc/kernel/signal_32.o arch/powerpc/lib/sstep.o
                  arch/powerpc/kernel/align.o arch/powerpc/kernel/traps.o) ;;
  riscv)
    make_arch=riscv; config=defconfig; tree_name=linux-source-$version-riscv
    arch_objects=(arch/riscv/kernel/signal.o arch/riscv/kernel/compat_signal.o
                  arch/riscv/kernel/traps_misaligned.o) ;;
  s390)
    make_arch=s390; config=defconfig; tree_name=linux-source-$version-s390
    arch_objects=(arch/s390/kernel/signal.o arch/s390/kernel/compat_signal.o
                  arch/s390/kernel/ptrace.o) ;;
  *)
    echo "prepare-kernel: unknown arch '$arch' (x86_64, arm64, powerpc, riscv, s390)" >&2
    exit 2 ;;
esac
objects=("${common_objects[@]}" "${arch_objects[@]}" "$@")
kmake=(make -s ARCH="$make_arch" LLVM=-19)
if [ "$compiler" = gcc ]; then
  if [ "$arch" != x86_64 ]; then
    echo "prepare-kernel: --gcc builds x86_64 only (no cross gcc here)" >&2
    exit 2
  fi
  tree_name=$tree_name-gcc
  kmake=(make -s ARCH="$make_arch" CC=gcc)
fi
tree=$cache/$tree_name
stamp=$tree/.uaccess-lint-prepared

if [ ! -f "$tarball" ]; then
  echo "prepare-kernel: $tarball missing; apt-get install linux-source-$version" >&2
  exit 2
fi

mkdir -p "$cache"
if [ ! -d "$tree" ]; then
  tmp=$(mktemp -d "$cache/unpack.XXXXXX")
  tar -C "$tmp" -xf "$tarball"
  mv "$tmp/linux-source-$version" "$tree"
  rmdir "$tmp"
fi
cd "$tree"
if [ ! -f .config ]; then
  "${kmake[@]}" "$config" >/dev/null
fi
if [ ! -f "$stamp" ]; then
  "${kmake[@]}" -j"$(nproc)" prepare >/dev/null
  touch "$stamp"
fi
if [ -n "$whole" ]; then
  db=$tree/whole/compile_commands.json
  if [ ! -f "$db" ] || [ .config -nt "$db" ]; then
    # A dry run prints only the commands of objects that are out of date.
    # A KCFLAGS of its own changes every command line, so Kbuild's
    # if_changed prints the objects already built too; the marker is taken
    # out of the database. -k: the link step fails for want of vmlinux.a.
    marker=-DUACCESS_LINT_WHOLE_DRY_RUN
    mkdir -p "$tree/whole"
    { "${kmake[@]}" -n -k KCFLAGS="$marker" vmlinux modules 2>"$tree/whole/dry-run.log" || true; } |
      python3 "$scripts/whole-db.py" "$tree" "$marker" >"$db.tmp"
    mv "$db.tmp" "$db"
  fi
  echo "$db"
  exit 0
fi
# -k: an object this arch's defconfig does not build fails alone.
"${kmake[@]}" -k -j"$(nproc)" "${objects[@]}" >/dev/null 2>"$tree/.uaccess-lint-build.log" || true
# The database names exactly these TUs, whatever else the tree has built.
python3 scripts/clang-tools/gen_compile_commands.py -d . -o compile_commands.all.json
python3 - "${objects[@]}" <<'PY'
import json, os, sys
want = {os.path.abspath(o[:-2] + ".c") for o in sys.argv[1:]}
with open("compile_commands.all.json") as f:
    db = [e for e in json.load(f)
          if os.path.abspath(os.path.join(e["directory"], e["file"])) in want]
have = {os.path.abspath(os.path.join(e["directory"], e["file"])) for e in db}
for missing in sorted(want - have):
    print("prepare-kernel: not built for this arch: " + os.path.relpath(missing),
          file=sys.stderr)
if not db:
    sys.exit("prepare-kernel: no object was built; see .uaccess-lint-build.log")
with open("compile_commands.json", "w") as f:
    json.dump(db, f, indent=1)
PY
echo "$tree"
