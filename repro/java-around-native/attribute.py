#!/usr/bin/env python3
"""Sums a JMH perfasm log (-prof perfasm, with an hsdis plugin) by Java source line.

perfasm shows each hot compiled instruction with its share of the samples; HotSpot's comments
after an instruction name the bytecode it belongs to and the chain of methods inlined into the
compiled one. An instruction without comments belongs to the next one that has them. Prints the
share per source line of the innermost method (with its caller when DEPTH is 2), the
native-library and stub regions by name, then perfasm's own split by source.

Usage: attribute.py PERFASM.txt [DEPTH] [ROWS]
"""
import collections
import re
import sys

INSN = re.compile(r"^\s*(?:(\d+\.\d+)%)?[\s│├└┌─>↗↘╭╰]*0x[0-9a-f]+:")
FRAME = re.compile(r"; - (\S+)@\d+ \(line (\d+)\)")


def main():
    path = sys.argv[1]
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rows = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    items = []  # [share, frames, region title]
    region, split = None, []
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("....[Hottest Methods"):
            break
        if line.startswith("....[Hottest Region"):
            region = lines[i + 1].strip() if i + 1 < len(lines) else "?"
            i += 2
            continue
        m = INSN.match(line)
        if m:
            items.append([float(m.group(1)) if m.group(1) else 0.0, [], region])
        else:
            f = FRAME.search(line)
            if f and items:
                items[-1][1].append(f"{f.group(1)}:{f.group(2)}")
        i += 1
    following = []
    for item in reversed(items):
        if item[1]:
            following = item[1]
        elif item[2] and item[2].startswith("c2"):
            item[1] = following
    total = collections.Counter()
    for share, frames, title in items:
        if share == 0:
            continue
        key = " < ".join(frames[:depth]) if frames else f"[{(title or '?').split(',')[0:2]}]"
        total[key] += share
    print(f"share of all samples by {'innermost source line' if depth == 1 else 'source line < caller'}:")
    for key, share in total.most_common(rows):
        print(f"{share:6.2f}%  {key}")
    inside = False
    for line in lines:
        if line.startswith("....[Distribution by Source]"):
            inside = True
            print("\nperfasm's split by source:")
            continue
        if inside:
            if line.startswith("...."):
                break
            print(line)


if __name__ == "__main__":
    main()
