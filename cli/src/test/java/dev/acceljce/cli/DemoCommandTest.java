package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo says how busy the machine was, from the load averages its run recorded. */
class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void aBusyMachineIsCalledBusy() throws Exception {
        String line = DemoCommand.loadLine(run("14.10 13.32 12.79", "2.50 3.00 4.00"), 2);
        assertTrue(line.startsWith("Load average (1 min): 14.1 at the start, 2.5 at the end, on 2 CPUs"), line);
        assertTrue(line.contains("BUSY MACHINE"), line);
    }

    @Test
    void anIdleMachineIsNot() throws Exception {
        String line = DemoCommand.loadLine(run("0.40 0.30 0.20", "1.10 0.60 0.30"), 2);
        assertTrue(line.contains("0.4 at the start, 1.1 at the end"), line);
        assertFalse(line.contains("BUSY"), line);
    }

    @Test
    void noRecordSaysUnknown() {
        assertTrue(DemoCommand.loadLine(dir.resolve("missing.json"), 2).contains("unknown"));
    }

    private Path run(String start, String end) throws Exception {
        Path f = dir.resolve("demo-run.json");
        Files.writeString(f, "{\"loadAverageAtStart\": \"" + start + "\", \"loadAverageAtEnd\": \"" + end + "\"}");
        return f;
    }
}
