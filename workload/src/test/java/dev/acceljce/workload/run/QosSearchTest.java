package dev.acceljce.workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The sessions-within-QoS search over synthetic load points: doubling, bisection, and a rejected
 * point (the driver's core was the limit) that bounds the search without ending the bisection.
 */
class QosSearchTest {
    private final List<Integer> measured = new ArrayList<>();

    private RunSpec spec(int start, int max, int refine) {
        return WorkloadMain.spec("full", Options.parse(new String[] {
            "full",
            "--start-users",
            Integer.toString(start),
            "--max-users",
            Integer.toString(max),
            "--refine",
            Integer.toString(refine)
        }));
    }

    /** A bank that meets QoS where {@code meets} says so, and a driver rejected where {@code rejects} says so. */
    private QosSearch.Measure bank(IntPredicate meets, IntPredicate rejects) {
        return users -> {
            measured.add(users);
            ObjectNode p = JsonNodeFactory.instance.objectNode();
            p.put("users", users);
            p.put("qosMet", meets.test(users));
            if (rejects.test(users)) {
                p.put("rejected", "the driver's core is the bottleneck at " + users);
            }
            return p;
        };
    }

    @Test
    void doublesThenBisectsBetweenTheLastPassAndTheFirstFailure() throws Exception {
        QosSearch.Outcome o = QosSearch.search(spec(100, 10_000, 2), bank(u -> u <= 700, u -> false));
        assertEquals(List.of(100, 200, 400, 800, 600, 700), measured);
        assertEquals(700, o.sessionsWithinQos());
        assertEquals(700, o.best().path("users").asInt());
        assertEquals(100, o.first().path("users").asInt());
        assertNull(o.rejected());
        assertFalse(o.capped());
    }

    @Test
    void aRejectedPointBoundsTheSearchAndTheBisectionGoesOnBelowIt() throws Exception {
        // the bank would pass up to 1500, but the driver cannot load it beyond 1200
        QosSearch.Outcome o = QosSearch.search(spec(128, 8192, 3), bank(u -> u <= 1500, u -> u > 1200));
        assertEquals(List.of(128, 256, 512, 1024, 2048, 1536, 1280, 1152), measured);
        assertEquals(1152, o.sessionsWithinQos(), "the highest load measured within QoS: a lower bound");
        assertTrue(o.rejected().contains("bottleneck at 1280"), o.rejected());
        assertFalse(o.capped());
    }

    @Test
    void aSearchThatNeverFailsIsCappedAtMaxUsers() throws Exception {
        QosSearch.Outcome o = QosSearch.search(spec(8, 32, 3), bank(u -> true, u -> false));
        assertEquals(List.of(8, 16, 32), measured);
        assertEquals(32, o.sessionsWithinQos());
        assertTrue(o.capped());
    }

    @Test
    void aFirstPointThatFailsBisectsDownFromIt() throws Exception {
        QosSearch.Outcome o = QosSearch.search(spec(64, 1024, 2), bank(u -> u <= 20, u -> false));
        assertEquals(List.of(64, 32, 16), measured);
        assertEquals(16, o.sessionsWithinQos());
        JsonNode first = o.first();
        assertEquals(64, first.path("users").asInt());
    }
}
