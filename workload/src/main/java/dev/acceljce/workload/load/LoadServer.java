package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.run.Options;
import dev.acceljce.workload.run.ParentWatch;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.wire.Ready;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;

/**
 * The server JVM of {@code load} and {@code churn}: one stack, sockets or Jetty, on 127.0.0.1.
 * It answers its controller's commands on stdin with one line on stdout each:
 * {@code SAMPLE} (no GC), {@code FULL} (after a full GC: heap, {@code byte[]}, NMT by category),
 * {@code SETTLE n} (collect until at most n connections hold libssl objects), {@code TRIM}
 * ({@code malloc_trim}, then {@code FULL}). It exits when stdin ends (its controller is gone).
 *
 * <p>Arguments: {@code --stack ID --server sockets|jetty --store SERVER.p12 [--port N]
 * [--idle-timeout S]}.
 */
public final class LoadServer {
    private LoadServer() {}

    public static void main(String[] argv) {
        ParentWatch.exitWhenParentExits();
        ObjectMapper json = new ObjectMapper();
        try {
            Options o = Options.parse(argv);
            Stack stack = Stack.byId(o.get("--stack"));
            System.setProperty("jdk.tls.namedGroups", "x25519");
            stack.installProviders();
            KeyManager[] keys =
                    TlsContexts.keyManagers(Certificates.load(Path.of(o.get("--store"))), Certificates.PASSWORD);
            SSLContext context = stack.serverContext(keys);
            int idleMillis = o.getInt("--idle-timeout", 1800) * 1000;
            ServerStats stats = new ServerStats();
            PinnedEvents pinned = new PinnedEvents();
            AutoCloseable server;
            int port;
            if (o.get("--server", "sockets").equals("jetty")) {
                JettyEchoServer jetty = new JettyEchoServer(context, o.getInt("--port", 0), idleMillis, stats);
                server = jetty;
                port = jetty.port();
            } else {
                SocketEchoServer sockets = new SocketEchoServer(
                        stack.serverSocketFactory(context), o.getInt("--port", 0), idleMillis, stats);
                server = sockets;
                port = sockets.port();
            }
            System.out.println("LIMITS " + Footprint.fdLimit());
            Ready.listening(port);
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] words = line.trim().split("\\s+");
                Map<String, Object> m = new LinkedHashMap<>();
                switch (words[0]) {
                    case "SAMPLE" -> m.putAll(Footprint.sample());
                    case "FULL" -> m.putAll(Footprint.full());
                    case "SETTLE" -> m.put("settleMillis", NativeLeaks.settle(Long.parseLong(words[1]), 30_000));
                    case "TRIM" -> {
                        m.put("trimmed", Footprint.mallocTrim());
                        m.putAll(Footprint.full());
                    }
                    case "QUIT" -> {
                        server.close();
                        pinned.close();
                        System.out.println("BYE");
                        System.exit(0);
                    }
                    default -> m.put("error", "unknown command " + words[0]);
                }
                m.put("server", stats.snapshot());
                m.putAll(pinned.snapshot());
                m.put(
                        "uptimeMillis",
                        java.lang.management.ManagementFactory.getRuntimeMXBean()
                                .getUptime());
                System.out.println(words[0] + " " + json.writeValueAsString(m));
                System.out.flush();
            }
            System.exit(0);
        } catch (Throwable e) {
            e.printStackTrace();
            Ready.failed("load server: " + e);
            System.exit(1);
        }
    }
}
