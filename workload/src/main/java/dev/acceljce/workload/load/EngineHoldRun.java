package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.acceljce.workload.run.ChildJvm;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Ready;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One configuration of {@code load --servers engines}: a JVM of its own ({@link EngineHold},
 * pinned to CPU 1, NMT on) holding N idle client/server {@code SSLEngine} pairs of one stack.
 */
final class EngineHoldRun {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EngineHoldRun() {}

    static ObjectNode run(
            Stack stack,
            int pairs,
            int warmup,
            String heap,
            Map<String, String> env,
            boolean pin,
            Path work,
            Path logs,
            PrintStream out) {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("stack", stack.id);
        r.put("stackDescription", stack.description);
        r.put("server", "engines");
        r.put("connections", pairs);
        List<String> jvm = List.of("-Xmx" + heap, "-XX:+UseG1GC", "-XX:NativeMemoryTracking=summary");
        r.putPOJO("jvm", jvm);
        r.putPOJO("serverEnv", env);
        try {
            Path store = Certificates.make(work, "engines-server", TlsSetting.KeyKind.EC_P256);
            try (ChildJvm child = ChildJvm.start(
                    "engines-" + stack.id + "-" + pairs,
                    pin ? Jvms.SERVER_CPU : -1,
                    jvm,
                    EngineHold.class.getName(),
                    List.of(
                            "--stack",
                            stack.id,
                            "--store",
                            store.toString(),
                            "--pairs",
                            Integer.toString(pairs),
                            "--warmup",
                            Integer.toString(warmup)),
                    env,
                    logs)) {
                String line = child.await(600 + pairs / 10, "RESULT ", Ready.FAILED);
                if (line.startsWith(Ready.FAILED)) {
                    throw new IllegalStateException(line);
                }
                JsonNode result = JSON.readTree(line.substring("RESULT ".length()));
                result.fields().forEachRemaining(e -> r.set(e.getKey(), e.getValue()));
            }
            JsonNode per = r.path("perPair");
            out.printf(
                    "  %d pairs held: heap %.1f KiB (byte[] %.1f), RSS %.1f KiB, NMT outside the heap %.1f KiB,"
                            + " malloc %.1f KiB (less the JVM's %.1f) per pair; closed: RSS %+.1f MiB, after malloc_trim %+.1f MiB%n",
                    pairs,
                    per.path("heapUsedKiB").asDouble(),
                    per.path("byteArrayKiB").asDouble(),
                    per.path("rssKiB").asDouble(),
                    per.path("nmtNonHeapKiB").asDouble(),
                    per.path("mallocInUseKiB").asDouble(),
                    per.path("libraryMallocKiB").asDouble(),
                    r.path("afterCloseOverBaseline").path("rssKiB").asLong() / 1024.0,
                    r.path("afterTrimOverBaseline").path("rssKiB").asLong() / 1024.0);
        } catch (Exception e) {
            r.put("error", e.toString());
            out.println("  failed: " + e);
        }
        return r;
    }
}
