package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.run.ChildJvm;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Ready;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The two JVMs of one configuration: the server (pinned to CPU 1) and the client (CPU 0), started
 * from this class path, talking to their controller line by line. Both stop when closed, on
 * failure and when the controller ends.
 */
final class Jvms implements AutoCloseable {
    static final int SERVER_CPU = 1, CLIENT_CPU = 0;
    private static final ObjectMapper JSON = new ObjectMapper();

    final ChildJvm server;
    final ChildJvm client;
    final int port;
    final long serverFdLimit;

    private Jvms(ChildJvm server, ChildJvm client, int port, long serverFdLimit) {
        this.server = server;
        this.client = client;
        this.port = port;
        this.serverFdLimit = serverFdLimit;
    }

    static Jvms start(
            Stack stack,
            String serverKind,
            List<String> serverJvm,
            Map<String, String> serverEnv,
            String clientHeap,
            boolean pin,
            Path work,
            Path logs)
            throws IOException, InterruptedException {
        Path store = Certificates.make(work, "load-server", TlsSetting.KeyKind.EC_P256);
        ChildJvm server = ChildJvm.start(
                "server-" + stack.id + "-" + serverKind,
                pin ? SERVER_CPU : -1,
                serverJvm,
                LoadServer.class.getName(),
                List.of("--stack", stack.id, "--server", serverKind, "--store", store.toString()),
                serverEnv,
                logs);
        ChildJvm client = null;
        try {
            long limit =
                    Long.parseLong(server.await(120, "LIMITS", Ready.FAILED).split(" ")[1]);
            String line = server.await(120, Ready.LISTENING, Ready.FAILED);
            if (line.startsWith(Ready.FAILED)) {
                throw new IOException(line);
            }
            int port = Integer.parseInt(line.split(" ")[1]);
            List<String> clientJvm = new ArrayList<>(List.of("-Xmx" + clientHeap, "-Xss256k"));
            client = ChildJvm.start(
                    "client-" + stack.id + "-" + serverKind,
                    pin ? CLIENT_CPU : -1,
                    clientJvm,
                    LoadClient.class.getName(),
                    List.of("--port", Integer.toString(port), "--trust", store.toString(), "--server", serverKind),
                    Map.of(),
                    logs);
            client.await(120, "READY");
            return new Jvms(server, client, port, limit);
        } catch (IOException | RuntimeException | InterruptedException e) {
            if (client != null) {
                client.close();
            }
            server.close();
            throw e;
        }
    }

    /** Sends a command to the server and returns its JSON answer. */
    JsonNode server(String command, long timeoutSeconds) throws IOException, InterruptedException {
        return ask(server, command, timeoutSeconds);
    }

    JsonNode client(String command, long timeoutSeconds) throws IOException, InterruptedException {
        return ask(client, command, timeoutSeconds);
    }

    private static JsonNode ask(ChildJvm jvm, String command, long timeoutSeconds)
            throws IOException, InterruptedException {
        String word = command.split(" ")[0];
        jvm.send(command);
        String line = jvm.await(timeoutSeconds, word + " ", "FAILED");
        if (line.startsWith("FAILED")) {
            throw new IOException(jvm.name() + ": " + line);
        }
        return JSON.readTree(line.substring(word.length() + 1));
    }

    /** Waits until the server counts at most {@code open} open connections; returns its last sample. */
    JsonNode awaitServerOpen(long open, long timeoutSeconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
        while (true) {
            JsonNode s = server("SAMPLE", 60);
            if (s.path("server").path("open").asLong() <= open || System.nanoTime() > deadline) {
                return s;
            }
            Thread.sleep(250);
        }
    }

    boolean serverAlive() {
        return ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public void close() {
        try {
            client.send("QUIT");
            server.send("QUIT");
        } catch (IOException e) {
            // closing them anyway
        }
        client.close();
        server.close();
    }
}
