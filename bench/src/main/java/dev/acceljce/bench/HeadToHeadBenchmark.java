package dev.acceljce.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Two providers racing on one row of the peer suite at the same time: one thread each in one JVM,
 * both doing the row's operation ({@link PeerRows}: the row's own benchmark class sets it up) for
 * the same measured seconds. Run the JVM on one CPU ({@code taskset -c 1}): the two threads then
 * share that CPU under the kernel's fair scheduler, and a slow spell of the host, which on a shared
 * virtual machine lasts seconds to minutes and can fall on one provider's forks and not the
 * other's, falls on both alike. JMH reports each thread's operations per second ({@code first} and
 * {@code second}); their ratio per iteration is the comparison, the scores themselves are about half
 * of each provider's speed alone. Racing a provider against itself (two AccelJCE provider objects)
 * shows how evenly the CPU was shared: scripts/head-to-head.py prints it beside the rows.
 *
 * <pre>
 * taskset -c 1 java -jar bench/target/benchmarks.jar HeadToHead -p row=ecdh-p256 -p first=AccelJCE -p second=ACCP
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// JMH 1.37 still uses sun.misc.Unsafe: allow it quietly on JDK 25.
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class HeadToHeadBenchmark {
    /** What races: the row and the two providers. */
    @State(Scope.Benchmark)
    public static class Race {
        /** A row of {@link PeerRows}. */
        @Param({"ecdh-p256"})
        public String row;

        @Param({BenchmarkProviders.ACCELJCE})
        public String first;

        @Param({BenchmarkProviders.ACCP})
        public String second;

        /**
         * Both sides live in one JVM, so they share its settings: AccelJCE-openssl, -awslc, -native
         * and -auto each set a JVM-wide policy or engine when made, which would move the other side
         * too, and JDK-sw needs a JVM of its own. Only providers that change nothing race.
         */
        @Setup(Level.Trial)
        public void check() {
            for (String side : new String[] {first, second}) {
                if (!RACERS.contains(side)) {
                    throw new IllegalArgumentException(side + " cannot race inside a shared JVM; one of " + RACERS);
                }
            }
        }
    }

    /** The providers a race can have on either side. */
    static final List<String> RACERS = List.of(
            BenchmarkProviders.ACCELJCE,
            BenchmarkProviders.JDK,
            BenchmarkProviders.ACCP,
            BenchmarkProviders.CONSCRYPT,
            BenchmarkProviders.BC);

    /** The first provider's side: its own objects, used by its thread only. */
    @State(Scope.Thread)
    public static class FirstSide {
        PeerRows.Call call;

        @Setup(Level.Trial)
        public void setUp(Race race) throws Exception {
            call = PeerRows.make(race.row, race.first);
        }
    }

    /** The second provider's side. */
    @State(Scope.Thread)
    public static class SecondSide {
        PeerRows.Call call;

        @Setup(Level.Trial)
        public void setUp(Race race) throws Exception {
            call = PeerRows.make(race.row, race.second);
        }
    }

    @Benchmark
    @Group("race")
    @GroupThreads(1)
    public Object first(FirstSide side) throws Exception {
        return side.call.call();
    }

    @Benchmark
    @Group("race")
    @GroupThreads(1)
    public Object second(SecondSide side) throws Exception {
        return side.call.call();
    }
}
