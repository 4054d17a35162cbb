"""Holds the scan cache's lock as another Kbuild checker call would while it
builds the universe file, and runs a command meanwhile.

    held_lock.py live CACHE BUILT SECONDS -- COMMAND...
        writes the lock of CACHE's universe file (named as the one in the
        cache folder BUILT) naming this live process, runs COMMAND, and
        after SECONDS puts a copy of BUILT's file there and drops the lock;
    held_lock.py dead CACHE BUILT -- COMMAND...
        writes that lock naming a process that has ended, and runs
        COMMAND.

Exits with COMMAND's status.
"""
import glob
import os
import shutil
import socket
import subprocess
import sys
import threading
import time


def write_lock(universe, pid):
    with open(universe + ".lock", "w") as f:
        f.write("%s %d" % (socket.gethostname(), pid))


def main():
    split = sys.argv.index("--")
    mode, cache = sys.argv[1], sys.argv[2]
    built = glob.glob(os.path.join(sys.argv[3], "universe-*"))[0]
    universe = os.path.join(cache, os.path.basename(built))
    command = sys.argv[split + 1:]
    release = None
    if mode == "live":
        seconds = float(sys.argv[4])
        write_lock(universe, os.getpid())

        def build():
            time.sleep(seconds)
            shutil.copy(built, universe + ".part")
            os.rename(universe + ".part", universe)
            os.remove(universe + ".lock")

        release = threading.Thread(target=build)
        release.start()
    else:
        ended = subprocess.Popen(["true"])
        ended.wait()
        write_lock(universe, ended.pid)
    status = subprocess.run(command).returncode
    if release:
        release.join()
    return status


if __name__ == "__main__":
    sys.exit(main())
