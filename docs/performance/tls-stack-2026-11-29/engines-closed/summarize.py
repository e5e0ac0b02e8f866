"""Each round's median (min-max) per stack and mode, then the per-round ratios."""
import json, glob, statistics, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
rows={}
for f in sorted(glob.glob(os.path.join(HERE, '*.json'))):
    try:
        d=json.load(open(f))[0]['primaryMetric']
    except Exception:
        continue
    raw=[x for fork in d['rawData'] for x in fork]
    name=os.path.basename(f)[:-5]
    mode,rnd,who=re.match(r'(\w+)-(\d+)-(.*)',name).groups()
    rows.setdefault((mode,who),[]).append((int(rnd),statistics.median(raw),min(raw),max(raw)))
for (mode,who),v in sorted(rows.items()):
    v.sort()
    print(f"{mode:8} {who:14} " + "  ".join(f"r{r}: {m:6.0f} ({lo:.0f}-{hi:.0f})" for r,m,lo,hi in v))
for mode in ('resumed','full'):
    for r in range(1, 11):
        try:
            get=lambda who: [m for rr,m,_,_ in rows[(mode,who)] if rr==r][0]
            print(mode, r, "closed/dropped %.2f" % (get('ours-closed')/get('ours-dropped')), "closed/conscrypt %.2f" % (get('ours-closed')/get('conscrypt')), "dropped/conscrypt %.2f" % (get('ours-dropped')/get('conscrypt')))
        except (KeyError,IndexError):
            pass
