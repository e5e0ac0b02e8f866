package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.acceljce.workload.run.Options;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The controller of {@code ./acceljce load} ({@code hold}) and {@code ./acceljce churn}
 * ({@code churn}): starts a server and a client JVM per configuration on 127.0.0.1, drives them,
 * prints progress and writes JSON, Markdown and (churn) charts.
 */
public final class LoadMain {
    static final String USAGE = """
            Usage: acceljce load [OPTIONS]     many TLS 1.3 connections held open
                   acceljce churn [OPTIONS]    connections made and dropped for a long time

            A server JVM on one TLS stack (pinned to CPU 1) and a SunJSSE client JVM (CPU 0), on
            127.0.0.1 only. The server measures itself after a GC: heap and byte[], NMT, glibc malloc,
            RSS, descriptors, live libssl objects, JFR's jdk.VirtualThreadPinned events.

            load:
              --stacks A,B,...        %s (default acceljce-tls,sunjsse-acceljce,conscrypt)
              --servers A,B           sockets (SSLServerSocket, a virtual thread per connection),
                                      jetty (Jetty 12.1, SSLEngine) and/or engines (N idle client
                                      and server SSLEngine pairs of the stack in one JVM, no
                                      sockets: per pair, after a full GC) (default sockets)
              --connections N,M       connections per round (default 1000,10000)
              --rounds R              open, hold, close this many times (default 2)
              --concurrency C         handshakes in flight while ramping (default 32)
              --messages M --exchange-seconds S   64-byte echoes per connection, spread over S
                                      seconds, before the connections sit idle (default 5, 10)
              --warmup N              connections opened and closed before the baseline (default 500)
              --server-heap SIZE --client-heap SIZE   -Xmx of the JVMs (default 3g, 3g)
              --server-env N=V,...    environment of the server JVM, e.g. MALLOC_ARENA_MAX=2 or
                                      GLIBC_TUNABLES=glibc.malloc.trim_threshold=131072 (no comma
                                      inside a value)
            churn:
              --stack ID --server sockets|jetty   (default acceljce-tls, sockets)
              --minutes M | --seconds S   how long (default 60 minutes)
              --sample-seconds S      sampling interval (default 60, or 5 below 10 minutes)
              --workers W             connections in flight (default 8)
              --tolerance F           memory flat within this fraction (default 0.05)
              --server-heap SIZE      -Xms and -Xmx of the server (default 512m)
            both:
              --no-pin                do not pin the JVMs to CPUs
              --out DIR               where results go (default target/load/<mode>-<time>)
            """.formatted(String.join(", ", Stack.ids()));

    private static final ObjectMapper JSON = new ObjectMapper();

    private LoadMain() {}

    public static void main(String[] argv) {
        int status;
        try {
            status = run(argv, System.out);
        } catch (IllegalArgumentException e) {
            System.err.println("acceljce load: " + e.getMessage());
            System.err.println();
            System.err.print(USAGE);
            status = 2;
        } catch (Exception e) {
            System.err.println("acceljce load: " + e);
            status = 1;
        }
        System.exit(status);
    }

    /** Runs {@code hold} or {@code churn}; 0 when every verdict holds (churn) or every run ended. */
    static int run(String[] argv, PrintStream out) throws Exception {
        Options o = Options.parse(argv);
        if (o.has("--help") || o.words().size() != 1) {
            throw new IllegalArgumentException(o.has("--help") ? "usage" : "say hold or churn");
        }
        String mode = o.words().getFirst();
        Path outDir = Path.of(o.get(
                "--out",
                "target/load/" + mode + "-"
                        + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                                .withZone(ZoneOffset.UTC)
                                .format(Instant.now())));
        Files.createDirectories(outDir);
        Path logs = outDir.resolve("logs");
        Files.createDirectories(logs);
        Path work = Files.createTempDirectory("acceljce-load-");
        try {
            return switch (mode) {
                case "hold" -> hold(o, outDir, work, logs, out);
                case "churn" -> churn(o, outDir, work, logs, out);
                default -> throw new IllegalArgumentException("say hold or churn, not " + mode);
            };
        } finally {
            try (Stream<Path> s = Files.walk(work)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static int hold(Options o, Path outDir, Path work, Path logs, PrintStream out) throws Exception {
        List<Stack> stacks = Arrays.stream(o.get("--stacks", "acceljce-tls,sunjsse-acceljce,conscrypt")
                        .split(","))
                .map(Stack::byId)
                .toList();
        List<String> servers = List.of(o.get("--servers", "sockets").split(","));
        for (String s : servers) {
            if (!s.equals("sockets") && !s.equals("jetty") && !s.equals("engines")) {
                throw new IllegalArgumentException("--servers takes sockets, jetty and engines, not " + s);
            }
        }
        List<Integer> counts = Arrays.stream(
                        o.get("--connections", "1000,10000").split(","))
                .map(Integer::parseInt)
                .toList();
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        doc.set("machine", Environment.describe());
        ArrayNode results = doc.putArray("results");
        for (int n : counts) {
            for (String server : servers) {
                for (Stack stack : stacks) {
                    if (server.equals("engines")) {
                        out.printf("%s, %d idle engine pairs in one JVM%n", stack.id, n);
                        results.add(EngineHoldRun.run(
                                stack,
                                n,
                                o.getInt("--warmup", 500),
                                o.get("--server-heap", "3g"),
                                serverEnv(o.get("--server-env", "")),
                                !o.has("--no-pin"),
                                work,
                                logs,
                                out));
                        Files.writeString(
                                outDir.resolve("load.json"),
                                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
                        continue;
                    }
                    out.printf("%s, %s server, %d connections%n", stack.id, server, n);
                    HoldRun.Spec spec = new HoldRun.Spec(
                            stack,
                            server,
                            n,
                            o.getInt("--rounds", 2),
                            o.getInt("--concurrency", 32),
                            o.getInt("--messages", 5),
                            o.getDouble("--exchange-seconds", 10),
                            o.getInt("--warmup", 500),
                            o.get("--server-heap", "3g"),
                            o.get("--client-heap", "3g"),
                            !o.has("--no-pin"),
                            serverEnv(o.get("--server-env", "")));
                    results.add(HoldRun.run(spec, work, logs, out));
                    Files.writeString(
                            outDir.resolve("load.json"),
                            JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
                }
            }
        }
        String md = Summary.hold(doc);
        Files.writeString(outDir.resolve("load.md"), md);
        out.println();
        out.print(md);
        out.println("JSON: " + outDir.resolve("load.json"));
        boolean failed = false;
        for (JsonNode r : results) {
            failed |= r.has("error");
        }
        return failed ? 1 : 0;
    }

    /** {@code NAME=VALUE,NAME=VALUE} (glibc's MALLOC_ARENA_MAX, GLIBC_TUNABLES) for the server JVM. */
    static java.util.Map<String, String> serverEnv(String spec) {
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>();
        for (String pair : spec.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--server-env takes NAME=VALUE,..., not " + pair);
            }
            env.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return env;
    }

    private static int churn(Options o, Path outDir, Path work, Path logs, PrintStream out) throws Exception {
        double seconds = o.has("--seconds") ? o.getDouble("--seconds", 60) : o.getDouble("--minutes", 60) * 60;
        ChurnRun.Spec spec = new ChurnRun.Spec(
                Stack.byId(o.get("--stack", "acceljce-tls")),
                o.get("--server", "sockets"),
                seconds,
                o.getDouble("--sample-seconds", seconds >= 600 ? 60 : 5),
                o.getInt("--workers", 8),
                o.getDouble("--tolerance", 0.05),
                o.get("--server-heap", "512m"),
                !o.has("--no-pin"));
        out.printf(
                "churn: %s, %s server, %.0f s, %d workers, sampled every %.0f s%n",
                spec.stack().id, spec.server(), seconds, spec.workers(), spec.sampleSeconds());
        ObjectNode machine = Environment.describe(); // the commit and load at the start
        ObjectNode r = ChurnRun.run(spec, work, logs, out);
        r.set("machine", machine);
        Files.writeString(
                outDir.resolve("churn.json"),
                JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r));
        if (r.has("samples")) {
            LoadCharts.churn(r, outDir);
        }
        String md = Summary.churn(r);
        Files.writeString(outDir.resolve("churn.md"), md);
        out.println();
        out.print(md);
        out.println("JSON: " + outDir.resolve("churn.json"));
        JsonNode v = r.path("verdict");
        boolean ok = !r.has("error")
                && r.path("serverAlive").asBoolean()
                && v.path("memoryFlat").asBoolean()
                && v.path("libsslObjectsFreed").asBoolean()
                && v.path("noDescriptorsLeaked").asBoolean();
        return ok ? 0 : 1;
    }
}
