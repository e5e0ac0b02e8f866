package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code acceljce stats} against another JVM: a child process ({@link StatsTarget}) runs a known
 * sequence of operations, and the command reads its counters by attaching to it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StatsCommandTest {
    private static Process child;
    private static long pid;

    record Outcome(int status, String out, String err) {}

    static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                List.of(args),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @BeforeAll
    static void startTheChild() throws Exception {
        child = StatsTarget.start();
        pid = child.pid();
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String ready = lines.readLine();
        assertEquals("ready registered as dev.acceljce:type=Counters", ready);
    }

    @AfterAll
    static void stopTheChild() throws Exception {
        stop(child);
    }

    static void stop(Process child) throws Exception {
        if (child != null) {
            child.getOutputStream().close();
            if (!child.waitFor(20, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
    }

    static String row(String... cells) {
        return "| " + String.join(" | ", cells) + " |";
    }

    /** The table's line for a service with its cells trimmed, e.g. "| Mac.HmacSHA256 | 2 | ... |". */
    static String line(String table, String service) {
        return table.lines()
                .filter(l -> l.startsWith("| " + service + " "))
                .map(l -> "| "
                        + String.join(
                                " | ", l.substring(1, l.length() - 1).trim().split("\\s*\\|\\s*")) + " |")
                .findFirst()
                .orElse("(no line for " + service + " in:\n" + table + ")");
    }

    static long number(Object json) {
        return ((Double) json).longValue();
    }

    @Test
    @Order(1)
    void tableShowsTheChildsExactCounts() {
        Outcome o = run("stats", Long.toString(pid));
        assertEquals(0, o.status(), o.err());
        String t = o.out();
        assertTrue(t.startsWith("AccelJCE " + new AccelJceProvider().getVersionStr() + " in pid " + pid + ", "), t);
        assertTrue(t.contains("| Service "), t);
        assertEquals(
                row("MessageDigest.SHA-256", "3", "0", "60", "0", "0", "1", "0"), line(t, "MessageDigest.SHA-256"));
        assertEquals(row("Mac.HmacSHA256", "2", "0", "128", "1", "50", "1", "1"), line(t, "Mac.HmacSHA256"));
        assertEquals(row("total", "5", "0", "188", "1", "50", "2", "1"), line(t, "total"));
        // Only the two services used are listed, then the total.
        assertEquals(
                3,
                t.lines()
                        .filter(l -> l.startsWith("| ") && !l.startsWith("| Service") && !l.startsWith("| -"))
                        .count(),
                t);
        assertTrue(t.contains("with no operations not shown; --all lists every service"), t);
        assertTrue(t.contains("\nLive native objects: "), t);
        assertTrue(t.contains("Counting: on"), t);
    }

    @Test
    @Order(2)
    void jsonHasTheSameCounts() {
        Outcome o = run("stats", Long.toString(pid), "--json");
        assertEquals(0, o.status(), o.err());
        Map<?, ?> doc = assertInstanceOf(Map.class, Json.parse(o.out()));
        assertEquals(pid, number(doc.get("pid")));
        assertEquals(Boolean.TRUE, doc.get("counting"));
        assertEquals(Boolean.FALSE, doc.get("reset"));
        List<?> services = assertInstanceOf(List.class, doc.get("services"));
        assertEquals(2, services.size(), services.toString());
        Map<?, ?> hmac = (Map<?, ?>) services.getFirst();
        assertEquals("Mac.HmacSHA256", hmac.get("service"));
        assertEquals(
                List.of(2L, 128L, 1L, 50L, 1L, 1L),
                List.of(
                        number(hmac.get("nativeOps")),
                        number(hmac.get("nativeBytes")),
                        number(hmac.get("jdkOps")),
                        number(hmac.get("jdkBytes")),
                        number(hmac.get("nativeObjects")),
                        number(hmac.get("jdkObjects"))));
        Map<?, ?> sha = (Map<?, ?>) services.get(1);
        assertEquals("MessageDigest.SHA-256", sha.get("service"));
        assertEquals(
                List.of(3L, 60L, 0L),
                List.of(number(sha.get("nativeOps")), number(sha.get("nativeBytes")), number(sha.get("jdkOps"))));
        Map<?, ?> totals = (Map<?, ?>) doc.get("totals");
        assertEquals(
                List.of(5L, 188L, 1L, 50L),
                List.of(
                        number(totals.get("nativeOps")),
                        number(totals.get("nativeBytes")),
                        number(totals.get("jdkOps")),
                        number(totals.get("jdkBytes"))));
        Map<?, ?> live = (Map<?, ?>) doc.get("liveNativeObjects");
        long sum = ((Map<?, ?>) live.get("byKind"))
                .values().stream().mapToLong(StatsCommandTest::number).sum();
        assertEquals(number(live.get("total")), sum);
        assertTrue(sum > 0, live.toString());
        Map<?, ?> openssl = (Map<?, ?>) doc.get("openssl");
        assertTrue(String.valueOf(openssl.get("version")).startsWith("OpenSSL 3."), openssl.toString());
    }

    @Test
    @Order(3)
    void listingFindsTheChild() {
        Outcome o = run("stats");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("\\|\\s*" + pid + " \\|.*StatsTarget.*")), o.out());
        Outcome json = run("stats", "--json");
        List<?> jvms = assertInstanceOf(List.class, Json.parse(json.out()));
        assertTrue(jvms.stream().anyMatch(j -> number(((Map<?, ?>) j).get("pid")) == pid), json.out());
    }

    @Test
    @Order(4)
    void resetOverJmxThenEveryServiceWithAll() {
        Outcome reset = run("stats", Long.toString(pid), "--reset");
        assertEquals(0, reset.status(), reset.err());
        assertEquals(
                row("total", "5", "0", "188", "1", "50", "2", "1"),
                line(reset.out(), "total"),
                "--reset shows the counts it clears");
        assertTrue(reset.out().endsWith("Counters reset.\n"), reset.out());

        Outcome after = run("stats", Long.toString(pid), "--json", "--all");
        Map<?, ?> doc = assertInstanceOf(Map.class, Json.parse(after.out()));
        List<?> services = (List<?>) doc.get("services");
        assertEquals(new AccelJceProvider().getServices().size(), services.size());
        for (Object s : services) {
            Map<?, ?> r = (Map<?, ?>) s;
            assertEquals(
                    0,
                    number(r.get("nativeOps"))
                            + number(r.get("jdkOps"))
                            + number(r.get("nativeBytes"))
                            + number(r.get("nativeObjects"))
                            + number(r.get("jdkObjects")),
                    r.toString());
        }
    }

    @Test
    @Order(5)
    void watchReadsRepeatedly() {
        Outcome o = run("stats", Long.toString(pid), "--watch", "0.2", "--count", "3");
        assertEquals(0, o.status(), o.err());
        assertEquals(3, o.out().lines().filter(l -> l.startsWith("AccelJCE ")).count(), o.out());
        assertEquals(3, o.out().lines().filter(l -> l.startsWith("| total ")).count(), o.out());
    }

    @Test
    void badCommandLines() {
        assertEquals(2, run("stats", "abc").status());
        assertEquals(2, run("stats", "0").status());
        assertEquals(2, run("stats", "--reset").status());
        assertEquals(2, run("stats", "123", "--count", "2").status());
        assertEquals(2, run("stats", "123", "--watch", "-1").status());
        Outcome self = run("stats", Long.toString(ProcessHandle.current().pid()));
        assertEquals(1, self.status());
        assertTrue(self.err().contains("is this command itself"), self.err());
        Outcome help = run("stats", "--help");
        assertTrue(help.out().contains("--watch SECONDS"), help.out());
    }

    @Test
    void aJvmThatIsGoneIsAClearFailure() throws Exception {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        Outcome o = run("stats", Long.toString(p.pid()));
        assertEquals(1, o.status());
        assertTrue(o.err().startsWith("acceljce stats: cannot attach to pid " + p.pid()), o.err());
    }
}
