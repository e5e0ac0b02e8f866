#!/usr/bin/env python3
"""Summarizes the runs of one project's suite (results/<project>/<run>/reports/TEST-*.xml, as
scripts/real-suites/common.sh collects them): a table of tests run / failures / errors / skipped
per run, then every test whose outcome differs between the plain run and the AccelJCE run, with the
first line of its failure. Checks that the AccelJCE run's test JVMs really had AccelJCE first.

usage: summarize.py RESULTS_DIR_OF_PROJECT
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET


def load(run_dir):
    """-> (outcomes {test: (status, message)}, counts, jvm checks)"""
    outcomes, counts = {}, dict(tests=0, failures=0, errors=0, skipped=0)
    props_ok, props_seen = 0, 0
    for f in sorted(glob.glob(os.path.join(run_dir, "reports", "TEST-*.xml"))):
        try:
            root = ET.parse(f).getroot()
        except ET.ParseError as e:
            print(f"  (unreadable report {os.path.basename(f)}: {e})")
            continue
        suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
        for s in suites:
            for k in counts:
                counts[k] += int(float(s.get(k, "0") or 0))
            props = {p.get("name"): p.get("value", "") for p in s.iter("property")}
            if props:
                props_seen += 1
                # the JVM does not show -Xbootclasspath/a among its properties; the jar comes in
                # the same JDK_JAVA_OPTIONS as java.security.properties, whose value it shows
                if props.get("java.security.properties", "").endswith("acceljce.security"):
                    props_ok += 1
            for tc in s.iter("testcase"):
                name = f"{tc.get('classname', '')}#{tc.get('name', '')}"
                status, msg = "pass", ""
                for tag in ("failure", "error", "skipped"):
                    e = tc.find(tag)
                    if e is None:
                        e = tc.find("flaky" + tag.capitalize())
                        if e is not None and tag != "skipped":
                            status = "flaky"
                        continue
                    status = tag
                    msg = (e.get("message") or e.get("type") or (e.text or "")).strip()
                    msg = msg.splitlines()[0][:200] if msg else ""
                    break
                key, i = name, 2
                while key in outcomes:  # parameterized tests with the same display name
                    key, i = f"{name} [{i}]", i + 1
                outcomes[key] = (status, msg)
    return outcomes, counts, (props_ok, props_seen)


def props(run_dir):
    out = {}
    try:
        for line in open(os.path.join(run_dir, "run.properties")):
            k, _, v = line.rstrip("\n").partition("=")
            out[k] = v
    except OSError:
        pass
    return out


def main():
    base = sys.argv[1]
    project = os.path.basename(base.rstrip("/"))
    runs = [r for r in ("plain", "acceljce") if os.path.isdir(os.path.join(base, r))]
    if not runs:
        sys.exit(f"no runs under {base}")
    data = {r: load(os.path.join(base, r)) for r in runs}
    print(f"\n{project}")
    print(f"| run | tests | failures | errors | skipped | date | AccelJCE commit |")
    print(f"|---|---:|---:|---:|---:|---|---|")
    for r in runs:
        c, p = data[r][1], props(os.path.join(base, r))
        print(f"| {r} | {c['tests']} | {c['failures']} | {c['errors']} | {c['skipped']} | "
              f"{p.get('date', '?')} | {p.get('acceljce_commit', '?') if r == 'acceljce' else '-'} |")
    if "acceljce" in data:
        ok, seen = data["acceljce"][2]
        verdict = "yes" if seen and ok == seen else "NO"
        picked = 0
        try:
            picked = sum(1 for line in open(os.path.join(base, "acceljce", "maven.log"), errors="replace")
                         if line.startswith("NOTE: Picked up JDK_JAVA_OPTIONS") and "-Xbootclasspath/a:" in line)
        except OSError:
            pass
        print(f"\nAccelJCE first in the test JVMs of the acceljce run: {verdict} "
              f"({ok} of {seen} reports show java.security.properties=...acceljce.security; "
              f"{picked} JVMs said they picked up JDK_JAVA_OPTIONS with the jar)")
    if len(runs) == 2:
        a, b = data["plain"][0], data["acceljce"][0]
        diffs = []
        for t in sorted(set(a) | set(b)):
            sa, sb = a.get(t, ("absent", "")), b.get(t, ("absent", ""))
            if sa[0] != sb[0]:
                diffs.append((t, sa, sb))
        print(f"\nTests whose outcome differs (plain -> acceljce): {len(diffs)}")
        for t, sa, sb in diffs:
            print(f"  {t}: {sa[0]} -> {sb[0]}" + (f"  [{sb[1] or sa[1]}]" if (sb[1] or sa[1]) else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
