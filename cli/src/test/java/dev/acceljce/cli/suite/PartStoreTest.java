package dev.acceljce.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.cli.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite run is kept part by part and resumed only where nothing would mix: same part, same
 * machine, same build. Runs no benchmark: the resumed run below finds every part kept.
 */
class PartStoreTest {
    private static final PartStore.Fingerprint HERE = new PartStore.Fingerprint("cpu A, class x", "build 1");

    @TempDir
    Path dir;

    private static Map<String, Object> meta(String identity, PartStore.Fingerprint where) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", "a part");
        m.put("identity", identity);
        m.putAll(where.toMap());
        m.put("started", "2026-11-25T10:00:00Z");
        m.put("ended", "2026-11-25T10:05:00Z");
        m.put("missing", List.of(Map.of("benchmark", "b", "status", "not offered")));
        return m;
    }

    @Test
    void aKeptPartComesBackOnlyForTheSamePartMachineAndBuild() throws Exception {
        PartStore store = PartStore.fresh(dir);
        store.save(0, new PartStore.Kept(meta("part one", HERE), "[ {\"benchmark\":\"a\"} ]"));
        PartStore again = PartStore.resume(dir);
        PartStore.Kept kept = again.kept(0, "part one", HERE).orElseThrow();
        assertEquals("[ {\"benchmark\":\"a\"} ]", kept.jmhJson());
        assertEquals("a part", kept.meta().get("title"));
        assertTrue(again.kept(1, "part two", HERE).isEmpty(), "a part never run is simply to run");

        SuiteRunner.ResumeRefused other =
                assertThrows(SuiteRunner.ResumeRefused.class, () -> again.kept(0, "part two", HERE));
        assertTrue(other.getMessage().contains("another part"), other.getMessage());
        SuiteRunner.ResumeRefused cpu = assertThrows(
                SuiteRunner.ResumeRefused.class,
                () -> again.kept(0, "part one", new PartStore.Fingerprint("cpu B, class y", "build 1")));
        assertTrue(
                cpu.getMessage().contains("cpu A, class x") && cpu.getMessage().contains("cpu B"), cpu.getMessage());
        SuiteRunner.ResumeRefused build = assertThrows(
                SuiteRunner.ResumeRefused.class,
                () -> again.kept(0, "part one", new PartStore.Fingerprint("cpu A, class x", "build 2")));
        assertTrue(build.getMessage().contains("another build"), build.getMessage());
    }

    @Test
    void aPartWithoutItsRecordIsRunAgainAndAFreshRunForgetsEverything() throws Exception {
        PartStore store = PartStore.fresh(dir);
        // a run killed between the part's JSON and its record: the part is not whole
        Files.writeString(dir.resolve("01.json"), "[ ]");
        assertTrue(store.kept(0, "part one", HERE).isEmpty());
        store.save(0, new PartStore.Kept(meta("part one", HERE), "[ ]"));
        assertTrue(store.kept(0, "part one", HERE).isPresent());
        PartStore.fresh(dir);
        assertTrue(PartStore.resume(dir).kept(0, "part one", HERE).isEmpty());
    }

    @Test
    void mergeJoinsJmhArraysAndSkipsEmptyOnes() {
        String merged = PartStore.merge(List.of("[\n  {\"a\":1},\n  {\"b\":2}\n]\n", "[ ]", "[{\"c\":3}]"));
        assertEquals(3, ((List<?>) Json.parse(merged)).size());
        assertEquals(0, ((List<?>) Json.parse(PartStore.merge(List.of("[]", "[ ]")))).size());
        assertThrows(IllegalArgumentException.class, () -> PartStore.merge(List.of("{}")));
    }

    @Test
    void theMachineNamesItsClassAndTheBuildIsStable() {
        String machine = PartStore.machine("amd-avx512");
        assertTrue(machine.endsWith("class amd-avx512"), machine);
        assertTrue(machine.contains(Runtime.getRuntime().availableProcessors() + " CPUs"), machine);
        assertEquals(PartStore.build(), PartStore.build());
    }

    @Test
    void aResumeWithEveryPartKeptRunsNothingAndWritesTheWholeRun() throws Exception {
        Suite suite = Suite.named("quick");
        SuiteRunner.RunFiles files = SuiteRunner.RunFiles.of(dir.resolve("run/jmh-result.json"));
        PartStore store = PartStore.fresh(files.parts());
        PartStore.Fingerprint here = PartStore.here(dev.acceljce.control.CpuClass.current());
        for (int i = 0; i < suite.parts().size(); i++) {
            store.save(
                    i,
                    new PartStore.Kept(
                            meta(PartStore.identity(suite, suite.parts().get(i)), here),
                            "[ {\"benchmark\":\"part" + i + "\"} ]"));
        }
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        int scored = SuiteRunner.run(suite, files, true, new PrintStream(console, true, StandardCharsets.UTF_8));
        String said = console.toString(StandardCharsets.UTF_8);

        assertEquals(suite.parts().size(), scored, said);
        assertTrue(said.contains("0 benchmarks in 0 parts"), said);
        assertTrue(
                said.contains("Resuming: " + suite.parts().size() + " of "
                        + suite.parts().size()),
                said);
        Map<?, ?> run = (Map<?, ?>) Json.parse(Files.readString(files.run()));
        assertEquals(suite.parts().size(), ((List<?>) run.get("parts")).size());
        assertEquals(suite.parts().size(), ((List<?>) run.get("missing")).size());
        assertEquals(here.machine(), run.get("machine"));
        assertEquals(
                ((Number) run.get("partsKeptFromAnEarlierSitting")).intValue(),
                suite.parts().size());
        assertFalse(Files.readString(files.json()).isBlank());
    }
}
