import os
import shutil
import lit.formats

config.name = "uaccess-lint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs"]

config.substitutions.append(("%uaccess-lint", config.uaccess_lint))
config.substitutions.append(("%unittests", config.unittests))
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%repo", config.repo_root))
# Fixture flavors: each check's tests run against all three. Headers that
# flavors share live once, in common/, searched after the flavor's own (a
# flavor with its own copy, such as generic's linux/nospec.h, keeps it).
flavors = os.path.join(config.test_source_root, "Inputs", "flavors")
for flavor in ("x86", "generic", "v619"):
    config.substitutions.append(
        ("%" + flavor + "-flags",
         "-target x86_64-linux-gnu -nostdinc -I " + os.path.join(flavors, flavor)
         + " -I " + os.path.join(flavors, "common")))
# The arm64, powerpc and riscv flavors hold only their arch's asm/ headers; the
# rest (linux/uaccess.h with its fallbacks switched off by the arch's
# definitions) is the generic flavor's.
for flavor, triple in (("arm64", "aarch64-linux-gnu"),
                       ("powerpc", "powerpc64le-linux-gnu"),
                       ("riscv", "riscv64-linux-gnu")):
    config.substitutions.append(
        ("%" + flavor + "-flags",
         "-target " + triple + " -nostdinc -I " + os.path.join(flavors, flavor)
         + " -I " + os.path.join(flavors, "generic")
         + " -I " + os.path.join(flavors, "common")))
# riscv has no user_access_begin in 6.12: its asm/uaccess.h (SUM toggled
# inside each accessor) under the generic flavor's linux/uaccess.h, whose
# fallback window API it gets.
# s390 has no user_access_begin in 6.12 either, and its accessors switch
# address spaces: the generic flavor, built for it.
config.substitutions.append(
    ("%s390-flags",
     "-target s390x-linux-gnu -nostdinc -I " + os.path.join(flavors, "generic")
     + " -I " + os.path.join(flavors, "common")))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])

# Kernel integration tests need an unpacked, prepared linux-source-6.12.
kernel = os.environ.get("UACCESS_LINT_KERNEL")
if kernel and os.path.exists(os.path.join(kernel, "compile_commands.json")):
    config.available_features.add("linux-source")
    config.substitutions.append(("%kernel", kernel))
# The same tree cross-built for arm64 with clang alone
# (scripts/prepare-kernel.sh --arch=arm64).
# powerpc, riscv and s390 are prepared by hand (scripts/prepare-kernel.sh
# --arch=ARCH);
# CI runs x86_64 and arm64 only, for time.
# The gcc build of the x86_64 tree (scripts/prepare-kernel.sh --gcc).
# Each goes before %kernel, which would otherwise match its prefix.
# And Linux 6.1 (scripts/prepare-kernel.sh --version=6.1; UACCESS_LINT_KERNEL_6_1).
for arch in ("arm64", "powerpc", "riscv", "s390", "gcc", "6.1"):
    tree = os.environ.get("UACCESS_LINT_KERNEL_" + arch.upper().replace(".", "_"))
    if tree and os.path.exists(os.path.join(tree, "compile_commands.json")):
        config.available_features.add("linux-source-" + arch)
        config.substitutions.insert(0, ("%kernel-" + arch, tree))
config.substitutions.append(
    ("%expect-exit", "python3 " + os.path.join(config.test_source_root, "expect-exit.py")))

# SARIF validators, installed with npm by scripts/install-deps.sh into
# $UACCESS_LINT_NPM (default ~/.cache/uaccess-lint/npm): Microsoft's SARIF
# multitool (its native binary: the npm wrapper runs it through a shell,
# which splits "Gh;Sarif"), and ajv with the OASIS SARIF 2.1.0 schema the
# multitool package ships. Tests that need them are UNSUPPORTED without.
npm = os.environ.get("UACCESS_LINT_NPM",
                     os.path.expanduser("~/.cache/uaccess-lint/npm"))
multitool_dir = os.path.join(npm, "node_modules", "@microsoft",
                             "sarif-multitool-linux")
multitool = os.path.join(multitool_dir, "Sarif.Multitool")
if os.access(multitool, os.X_OK):
    config.available_features.add("sarif-multitool")
    config.substitutions.append(("%sarif-multitool", multitool))
ajv = os.path.join(npm, "node_modules", ".bin", "ajv")
schema = os.path.join(multitool_dir, "sarif-2.1.0.json")
if os.access(ajv, os.X_OK) and os.path.exists(schema):
    config.available_features.add("sarif-schema")
    config.substitutions.append(("%ajv", ajv))
    config.substitutions.append(("%sarif-schema", schema))
# Where `cmake --install` is tested from; groff renders the man page.
config.substitutions.append(("%build", config.build_root))
# The clang plugin, loaded by the same clang 19 the tests compile with.
config.substitutions.append(
    ("%plugin", os.path.join(config.build_root, "uaccess-lint-plugin.so")))
if shutil.which("groff"):
    config.available_features.add("groff")
