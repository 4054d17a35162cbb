#!/usr/bin/env python3
"""Signals a running uaccess-lint driver and reports what it left behind.

Usage: kill-driver.py --signal TERM|INT|KILL|STOP|QUIT|ALRM|XCPU [--workers N]
                      [--resend N] [--repeat N]
                      [--stdout FILE] [--stderr FILE] -- DRIVER ARGS...

Starts the driver (whose TUs should hang, e.g. --debug-hang-on), waits until
N workers run, then signals the driver only, as a CI timeout does:

  TERM, INT, KILL  the driver dies; reports whether its workers and the
  QUIT, ALRM, XCPU
                   temporary files in $TMPDIR outlive it.
  STOP             the driver is stopped, so it cannot enforce --timeout;
                   reports whether the workers end on their own, then
                   resumes the driver and reports how it exited.

--background starts the driver as a shell's `cmd &` does, with SIGINT
ignored, in a process group of its own. --group (which implies it) signals
the whole group, as a terminal's Ctrl-C or a CI runner's cancel does: the
workers get the signal too.

--resend N sends each worker N more SIGTERMs once the driver is signalled:
the kernel sends PR_SET_PDEATHSIG again each time a worker is reparented,
once per thread of the dying driver, and a loaded machine spreads them out.
--repeat N runs the whole scenario N times, each printing its facts.

Prints facts, one per line, for FileCheck. Every wait has a deadline, and
whatever is still running at the end is killed, so a broken driver fails
the test instead of hanging it or leaking processes.
"""
import argparse
import ctypes
import os
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
START_DEADLINE = 60  # seconds for the workers to start on a loaded machine
END_DEADLINE = 10  # seconds for the workers to end once they should


def become_subreaper():
    """Orphaned workers are reparented to us, so we see and reap them."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("kill-driver: prctl(PR_SET_CHILD_SUBREAPER) failed")


def stat_fields(pid):
    """(state, ppid) of a process, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            rest = f.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None
    return rest[0], int(rest[1])


def is_worker(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"--worker-job" in f.read().split(b"\0")
    except (FileNotFoundError, ProcessLookupError):
        return False


def workers_of(parent):
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            fields = stat_fields(int(name))
            if fields and fields[1] == parent and is_worker(int(name)):
                found.append(int(name))
    return found


reaped = set()  # never looked up again: the pid may be reused


def alive(pid):
    """Running, not a zombie; reaps it when it is our (adopted) child."""
    if pid in reaped:
        return False
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            reaped.add(pid)
            return False
    except ChildProcessError:
        pass
    fields = stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def wait_until(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def temp_files():
    return sorted(os.listdir(os.environ["TMPDIR"]))


def clean_up(driver, workers):
    """Kills what is still running and reaps every adopted worker."""
    if driver.poll() is None:
        driver.send_signal(signal.SIGCONT)
        driver.kill()
        driver.wait()
    for pid in workers:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    wait_until(no_children_left, END_DEADLINE)


def no_children_left():
    try:
        while os.waitpid(-1, os.WNOHANG)[0] != 0:
            pass
    except ChildProcessError:
        return True
    return False


def wait_for_workers(driver, count):
    ok = wait_until(lambda: len(workers_of(driver.pid)) >= count,
                    START_DEADLINE)
    workers = workers_of(driver.pid)
    if not ok:
        print(f"only {len(workers)} of {count} workers started")
    return workers


def report_end(driver):
    try:
        status = driver.wait(END_DEADLINE)
    except subprocess.TimeoutExpired:
        print("driver still running")
        return
    if status < 0:
        print(f"driver ended by signal {-status}")
    else:
        print(f"driver exited with {status}")


def resend_term(workers, count):
    for _ in range(count):
        for pid in workers:
            if pid not in reaped:
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass


def kill_parent(driver, workers, sig, resend, group):
    if group:
        os.killpg(driver.pid, sig)
    else:
        driver.send_signal(sig)
    resend_term(workers, resend)
    report_end(driver)
    wait_until(lambda: not any(alive(w) for w in workers), END_DEADLINE)
    left = [w for w in workers if alive(w)]
    print(f"workers left: {len(left)}")
    return left


def stop_parent(driver, workers):
    driver.send_signal(signal.SIGSTOP)
    if not all(alive(w) for w in workers):
        print("inconclusive: a worker ended before the driver was stopped")
    wait_until(lambda: not any(alive(w) for w in workers), END_DEADLINE)
    left = [w for w in workers if alive(w)]
    print(f"workers left while the driver is stopped: {len(left)}")
    driver.send_signal(signal.SIGCONT)
    report_end(driver)
    return left


def as_background():
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_once(args):
    """Starts the driver, signals it, and prints what it left behind."""
    with open(args.stdout, "wb") as out, open(args.stderr, "wb") as err:
        driver = subprocess.Popen(args.command, stdout=out, stderr=err,
                                  preexec_fn=as_background
                                  if args.group or args.background else None)
        workers, left = [], []
        try:
            workers = wait_for_workers(driver, args.workers)
            # Let the workers get into their TUs before the signal.
            time.sleep(0.5)
            print(f"temp files while running: {len(temp_files())}")
            if args.signal == "STOP":
                left = stop_parent(driver, workers)
            else:
                left = kill_parent(driver, workers,
                                   getattr(signal, "SIG" + args.signal),
                                   args.resend, args.group)
        finally:
            clean_up(driver, workers)
    remaining = temp_files()
    print(f"temp files left: {len(remaining)}")
    for name in remaining + [f"pid {w}" for w in left]:
        print(f"left behind: {name}", file=sys.stderr)
    for name in remaining:
        os.unlink(os.path.join(os.environ["TMPDIR"], name))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--signal", required=True,
                        choices=["TERM", "INT", "KILL", "STOP", "QUIT",
                                 "ALRM", "XCPU"])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--resend", type=int, default=0)
    parser.add_argument("--group", action="store_true")
    parser.add_argument("--background", action="store_true")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--stdout", default=os.devnull)
    parser.add_argument("--stderr", default=os.devnull)
    # The driver's own arguments may hold a '--': split at the first.
    if "--" not in sys.argv:
        parser.error("expected '-- DRIVER ARGS...'")
    split = sys.argv.index("--")
    args = parser.parse_args(sys.argv[1:split])
    args.command = sys.argv[split + 1:]
    become_subreaper()
    # Inherited, an ignored SIGINT (background jobs of a non-interactive
    # shell) is what LLVM's handler restores before raising it again.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    for _ in range(args.repeat):
        run_once(args)


if __name__ == "__main__":
    main()
