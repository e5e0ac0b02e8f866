#!/usr/bin/env python3
"""The combined tables of docs/workload.md from the workload.json of one or more runs
(one per TLS setting, or a re-run of one configuration, whose row replaces the earlier one):
    python3 scripts/workload-summary.py DIR... > tables.md
Prints the summary table, the locks at the highest load each configuration ran, and the bank
CPU per page at 512 and 1024 sessions relative to jdk-default."""
import json, sys

ORDER = ["jdk-software", "jdk-default", "acceljce-auto", "acceljce-native", "accp", "conscrypt", "nss", "pkcs11-token",
         "acceljce-tls", "acceljce-tls-token"]

def f(v, d=1):
    return f"{v:.{d}f}"

def at(points, users):
    for p in points:
        if p["users"] == users:
            return p
    return None

rows = []
for path in sys.argv[1:]:
    d = json.load(open(path + "/workload.json"))
    for r in d["results"]:
        # a later run of the same configuration and setting (a re-run) replaces the earlier row
        rows = [x for x in rows if (x["tls"], x["configuration"]) != (r["tls"], r["configuration"])]
        rows.append(r)

print("| TLS | configuration | sessions within QoS | vs jdk-software | highest load meeting QoS with users on time (busy driver allowed) | pages/s | avg / p95 / p99 ms | bank CPU ms/page @128 | @512 | @1024 | @max | front full / resumed / BeSim per page | AccelJCE ops native / JDK | note |")
print("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | --- | --- |")
base = {}
for r in rows:
    if r["configuration"] == "jdk-software" and "error" not in r:
        base[r["tls"]] = r["sessionsWithinQos"]
for tls in dict.fromkeys(r["tls"] for r in rows):
    for c in ORDER:
        r = next((x for x in rows if x["tls"] == tls and x["configuration"] == c), None)
        if r is None:
            continue
        if "error" in r:
            print(f"| {tls} | {c} | failed | | | | | | | | | | | {r['error'].splitlines()[0]} |")
            continue
        pts = r["points"]
        s = r["sessionsWithinQos"]
        best = next((p for p in pts if p["users"] == s and p.get("qosMet") and not p.get("rejected")), None)
        met_any = max([p["users"] for p in pts if p.get("qosMet") and p.get("driverLagP99Ms", 0) <= 500], default=0)
        p128, p512, p1024 = at(pts, 128), at(pts, 512), at(pts, 1024)
        hp = best or pts[0]
        pages = hp["pageCount"]
        bank = hp["bank"]
        cnt = bank.get("acceljceCounters")
        ops = "-"
        if isinstance(cnt, list):
            ops = f"{sum(x['nativeOps'] for x in cnt)} / {sum(x['jdkOps'] for x in cnt)}"
        note = ""
        if r.get("rejected"):
            note = "lower bound: a higher load was rejected (" + r["rejected"].split(" (")[0] + ")"
        ratio = f(s / base[tls], 2) if base.get(tls) else ""
        print(f"| {tls} | {c} | {s}{'+' if r.get('searchCapped') else ''} | {ratio} | {met_any} | "
              f"{f(best['pagesPerSecond']) if best else ''} | "
              f"{(f(best['all']['avgMs']) + ' / ' + f(best['all']['p95Ms']) + ' / ' + f(best['all']['p99Ms'])) if best else ''} | "
              f"{f(p128['serverCpuMsPerPage'],2) if p128 else ''} | {f(p512['serverCpuMsPerPage'],2) if p512 else ''} | {f(p1024['serverCpuMsPerPage'],2) if p1024 else ''} | "
              f"{f(best['serverCpuMsPerPage'],2) if best else ''} | "
              f"{f(bank['fullHandshakes']/pages,2)} / {f(bank['resumedHandshakes']/pages,2)} / {f(bank['besimConnections']/pages,2)} | {ops} | {note} |")

print()
print("Locks (JFR jdk.JavaMonitorEnter >= 1 ms, bank, highest load point run):")
for r in rows:
    if "error" in r or not r["points"]:
        continue
    last = max(r["points"], key=lambda p: p["users"])
    locks = last.get("locks") or []
    top = "; ".join(f"`{l['monitor']}` {l['events']} ev, {l['blockedMs']/1000:.1f} s" for l in locks[:3]) or "none"
    dumps = last.get("threadDumps")  # runs from 2026-11-25 21:40 UTC on: threads queued per lock in thread dumps
    if dumps:
        queued = "; ".join(f"`{l['lock']}` {l['threadSamples']}" for l in dumps["locks"][:3]) or "none"
        top += f"; thread dumps ({dumps['dumps']}): {queued}"
    print(f"- {r['tls']} {r['configuration']} @{last['users']}: {top}")

# CPU per page at the loads every configuration measured, relative to jdk-default and jdk-software
print()
COLUMNS = [c for c in ORDER if any(r["configuration"] == c for r in rows)]  # the configurations these runs have
print("| TLS | load | " + " | ".join(COLUMNS) + " |")
print("| --- | ---: |" + " ---: |" * len(COLUMNS))
for tls in dict.fromkeys(r["tls"] for r in rows):
    for users in (512, 1024):
        cells = []
        vals = {}
        for c in ORDER:
            r = next((x for x in rows if x["tls"] == tls and x["configuration"] == c and "error" not in x), None)
            p = at(r["points"], users) if r else None
            vals[c] = p["serverCpuMsPerPage"] if p else None
        d = vals.get("jdk-default")
        for c in COLUMNS:
            v = vals[c]
            cells.append("" if v is None else (f"{v:.2f}" + (f" ({v/d:.2f}x)" if d else "")))
        print(f"| {tls} | {users} sessions | " + " | ".join(cells) + " |")
