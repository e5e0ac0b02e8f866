package dev.acceljce.cli;

import static dev.acceljce.cli.StatsCommandTest.line;
import static dev.acceljce.cli.StatsCommandTest.number;
import static dev.acceljce.cli.StatsCommandTest.row;
import static dev.acceljce.cli.StatsCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code acceljce stats} against a JVM with two copies of AccelJCE (two class loaders carry the
 * jar, as two web applications do): both are shown, each labelled with its class loader and
 * counting its own work.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StatsSeveralCopiesTest {
    private static final String SECOND = "dev.acceljce:type=Counters,loader=billing";
    private static Process child;
    private static long pid;

    @BeforeAll
    static void startTheChild() throws Exception {
        child = StatsTarget.start(StatsTarget.SECOND_COPY);
        pid = child.pid();
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("ready registered as dev.acceljce:type=Counters", lines.readLine());
        assertEquals("second copy registered as " + SECOND, lines.readLine());
    }

    @AfterAll
    static void stopTheChild() throws Exception {
        StatsCommandTest.stop(child);
    }

    @Test
    @Order(1)
    void oneTablePerCopyEachWithItsLoader() {
        StatsCommandTest.Outcome o = run("stats", Long.toString(pid));
        assertEquals(0, o.status(), o.err());
        String t = o.out();
        assertTrue(t.startsWith("pid " + pid + " has 2 copies of AccelJCE"), t);
        int second = t.indexOf("Loader:   billing (" + SECOND + ")");
        assertTrue(second > 0, t);
        String first = t.substring(0, second);
        String other = t.substring(second);
        assertTrue(first.contains("Loader:   app (dev.acceljce:type=Counters), classes from "), t);
        assertEquals(
                row("MessageDigest.SHA-256", "3", "0", "60", "0", "0", "1", "0"), line(first, "MessageDigest.SHA-256"));
        assertEquals(row("total", "5", "0", "188", "1", "50", "2", "1"), line(first, "total"));
        // The second copy's seven one-byte digests, on whichever path its policy chose.
        String sha = line(other, "MessageDigest.SHA-256");
        assertTrue(
                sha.equals(row("MessageDigest.SHA-256", "7", "0", "7", "0", "0", "1", "0"))
                        || sha.equals(row("MessageDigest.SHA-256", "0", "0", "0", "7", "7", "0", "1")),
                other);
        assertTrue(!other.contains("| Mac.HmacSHA256"), other);
    }

    @Test
    @Order(2)
    void jsonHasTheFirstCopyOnTopAndTheOthersBeside() {
        StatsCommandTest.Outcome o = run("stats", Long.toString(pid), "--json");
        assertEquals(0, o.status(), o.err());
        Map<?, ?> doc = assertInstanceOf(Map.class, Json.parse(o.out()));
        assertEquals("app", doc.get("loader"));
        assertEquals("dev.acceljce:type=Counters", doc.get("objectName"));
        assertEquals(5, number(((Map<?, ?>) doc.get("totals")).get("nativeOps")));
        List<?> others = assertInstanceOf(List.class, doc.get("otherCopies"));
        assertEquals(1, others.size(), others.toString());
        Map<?, ?> billing = (Map<?, ?>) others.getFirst();
        assertEquals("billing", billing.get("loader"));
        assertEquals(SECOND, billing.get("objectName"));
        Map<?, ?> totals = (Map<?, ?>) billing.get("totals");
        assertEquals(7, number(totals.get("nativeOps")) + number(totals.get("jdkOps")), totals.toString());
    }

    @Test
    @Order(3)
    void resetClearsEveryCopy() {
        StatsCommandTest.Outcome reset = run("stats", Long.toString(pid), "--reset");
        assertEquals(0, reset.status(), reset.err());
        assertTrue(reset.out().endsWith("Counters reset.\n"), reset.out());
        Map<?, ?> doc = assertInstanceOf(
                Map.class, Json.parse(run("stats", Long.toString(pid), "--json").out()));
        Map<?, ?> billing = (Map<?, ?>) ((List<?>) doc.get("otherCopies")).getFirst();
        for (Map<?, ?> copy : List.of(doc, billing)) {
            Map<?, ?> totals = (Map<?, ?>) copy.get("totals");
            assertEquals(0, number(totals.get("nativeOps")) + number(totals.get("jdkOps")), copy.toString());
        }
    }
}
