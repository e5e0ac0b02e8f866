package dev.acceljce.bench;

import org.openjdk.jmh.annotations.Fork;

/** {@link FipsCostBenchmark} on OpenSSL's default provider (policy native: OpenSSL for everything). */
// JMH 1.37 still uses sun.misc.Unsafe: allow it quietly on JDK 25.
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g",
            "-Dacceljce.policy=native"
        })
public class FipsCostDefaultBenchmark extends FipsCostBenchmark {
    @Override
    boolean fips() {
        return false;
    }
}
