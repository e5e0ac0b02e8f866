#!/usr/bin/env bash
# Builds the two native libraries and runs the reproducer twice: with HotSpot's defaults (AVX-512
# on a CPU that has it) and with -XX:UseAVX=2. Needs gcc and a JDK >= 22 (JAVA_HOME, else the
# project's scripts/find-jdk.sh). Pins to CPU ${CPU:-1} when taskset exists. Takes about a minute.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
JAVA_HOME=${JAVA_HOME:-$("$here/../../scripts/find-jdk.sh")}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gcc -O2 -shared -fPIC -mno-avx -o "$out/libkernel.so" "$here/kernel.c"
gcc -O2 -shared -fPIC -mno-avx -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
  -o "$out/libkerneljni.so" "$here/jni.c" "$here/kernel.c"
"$JAVA_HOME/bin/javac" -d "$out" "$here/FfmVzeroupper.java"
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${CPU:-1}")
grep -m1 'model name' /proc/cpuinfo
for flags in "" "-XX:UseAVX=2"; do
  ${pin[@]+"${pin[@]}"} "$JAVA_HOME/bin/java" $flags --enable-native-access=ALL-UNNAMED -cp "$out" FfmVzeroupper "$out"
done
