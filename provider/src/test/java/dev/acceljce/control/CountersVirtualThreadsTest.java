package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server with a virtual thread per connection counts on a cell per thread: the cells of ended
 * threads must not keep those threads reachable. An ended virtual thread still references its
 * task, so a cell that held its thread kept the task's connection (an AccelJCE-TLS socket with
 * 108 KiB of buffers) until the next prune, thousands of connections later.
 */
class CountersVirtualThreadsTest {
    @Test
    void endedVirtualThreadsAndWhatTheirTasksHeldAreCollected() throws Exception {
        Counters.Tally tally = Counters.register(new Object(), "Test", "virtual-thread-cells", Path.NATIVE);
        long before = Counters.of("Test.virtual-thread-cells").nativeOps();
        int n = 200; // fewer than a prune needs (1,024 cells): only the cells' references matter
        List<WeakReference<byte[]>> held = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] connection = new byte[16 * 1024];
            held.add(new WeakReference<>(connection));
            Thread.ofVirtual().start(() -> tally.countShared(connection.length)).join();
        }
        long left = n;
        for (int round = 0; round < 20 && left > 0; round++) {
            System.gc();
            Thread.sleep(20);
            left = held.stream().filter(r -> r.get() != null).count();
        }
        assertEquals(0, left, "what ended virtual threads' tasks held is still reachable");
        assertEquals(before + n, Counters.of("Test.virtual-thread-cells").nativeOps(), "every count kept");
    }
}
