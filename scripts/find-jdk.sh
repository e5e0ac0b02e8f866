#!/usr/bin/env bash
# Prints the home of a JDK >= 25: $JAVA_HOME if it qualifies, else the newest under /usr/lib/jvm.
# Exits 1 with a clear message when there is none. Source-safe: prints only the path.
set -u
need=25

major_of() { # prints the feature version of the JDK at $1, or nothing
  local v
  v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p' | head -1)
  [ -n "$v" ] && echo "${v%%.*}"
}

if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
  m=$(major_of "$JAVA_HOME")
  if [ -n "$m" ] && [ "$m" -ge "$need" ]; then echo "$JAVA_HOME"; exit 0; fi
fi
best=""; bestm=0
for d in /usr/lib/jvm/*; do
  [ -x "$d/bin/java" ] && [ -x "$d/bin/javac" ] || continue
  m=$(major_of "$d")
  if [ -n "$m" ] && [ "$m" -ge "$need" ] && [ "$m" -gt "$bestm" ]; then best=$d; bestm=$m; fi
done
if [ -z "$best" ]; then
  echo "AccelJCE needs a JDK >= $need (java.lang.foreign); none found in JAVA_HOME (${JAVA_HOME:-unset}) or /usr/lib/jvm/*." >&2
  echo "Install one (e.g. Temurin 25) and set JAVA_HOME to it." >&2
  exit 1
fi
echo "$best"
