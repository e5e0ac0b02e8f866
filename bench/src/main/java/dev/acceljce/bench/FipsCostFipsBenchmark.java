package dev.acceljce.bench;

import org.openjdk.jmh.annotations.Fork;

/** {@link FipsCostBenchmark} on OpenSSL's FIPS provider: AccelJCE in FIPS mode (the bundled module). */
// JMH 1.37 still uses sun.misc.Unsafe: allow it quietly on JDK 25.
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g",
            "-Dacceljce.fips=true"
        })
public class FipsCostFipsBenchmark extends FipsCostBenchmark {
    @Override
    boolean fips() {
        return true;
    }
}
