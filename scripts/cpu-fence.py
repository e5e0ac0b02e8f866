#!/usr/bin/env python3
"""Keeps CPU 1 for one process tree: every other thread of the machine is moved to CPU 0, twice a
second, until that tree's root ends. For measuring on a machine that other work shares (builds,
tests): the benchmark, pinned to CPU 1 by its own script, then shares its CPU with nothing but the
kernel, while the other work goes on, slower, on CPU 0. A thread started between two passes can run
on CPU 1 for up to half a second; processes started by an already fenced one inherit CPU 0 at once.
Needs root (or CAP_SYS_NICE) to move other users' threads. Standard library only.
When the root ends, every thread left on CPU 0 alone is given all CPUs back: processes started
under the fence inherited CPU 0 from their parents and would otherwise stay there (a test run
started during a measurement then ran on one core until this was added).

Usage: sudo scripts/cpu-fence.py ROOT_PID &     (e.g. the PID of scripts/tls-stack-matrix.sh)
"""
import os
import sys
import time


def children_by_parent():
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            # the command name may hold spaces and parentheses: the parent PID follows the last ')'
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # the process ended meanwhile
        children.setdefault(ppid, []).append(int(entry))
    return children


def tree(children, root):
    keep, todo = set(), [root]
    while todo:
        pid = todo.pop()
        keep.add(pid)
        todo.extend(children.get(pid, []))
    return keep


def main():
    root = int(sys.argv[1])
    os.sched_setaffinity(0, {0})
    while os.path.exists(f"/proc/{root}"):
        children = children_by_parent()
        keep = tree(children, root)
        for pids in children.values():
            for pid in pids:
                if pid in keep:
                    continue
                try:
                    threads = os.listdir(f"/proc/{pid}/task")
                except OSError:
                    continue
                for tid in threads:
                    try:
                        if os.sched_getaffinity(int(tid)) != {0}:
                            os.sched_setaffinity(int(tid), {0})
                    except OSError:
                        pass  # ended, or a kernel thread bound to its CPU
        time.sleep(0.5)
    release()


def release():
    """Every thread on CPU 0 alone gets all CPUs again (also those pinned there by their own choice)."""
    everything = set(range(os.cpu_count()))
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            threads = os.listdir(f"/proc/{entry}/task")
        except OSError:
            continue
        for tid in threads:
            try:
                if os.sched_getaffinity(int(tid)) == {0}:
                    os.sched_setaffinity(int(tid), everything)
            except OSError:
                pass


if __name__ == "__main__":
    main()
