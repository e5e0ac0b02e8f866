package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.run.Options;
import dev.acceljce.workload.run.ParentWatch;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.CoreProviders;
import dev.acceljce.workload.tls.TlsContexts;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

/**
 * The client JVM of {@code load} and {@code churn}: SunJSSE (on AccelJCE's primitives, so the
 * client's handshakes cost less of the shared CPUs), connections to 127.0.0.1 only. Commands on
 * stdin, one answer line each on stdout:
 * <ul>
 *   <li>{@code OPEN n concurrency}: n more connections, each a full handshake and one 64-byte
 *       echo, at most {@code concurrency} connecting at once; handshakes per second while ramping;
 *   <li>{@code EXCHANGE messages seconds}: every held connection sends that many 64-byte echoes
 *       spread over the seconds;
 *   <li>{@code CLOSE}: closes every held connection (close_notify);
 *   <li>{@code CHURN seconds workers}: connect, handshake (half resumed), 1 KiB each way, close,
 *       with one connection in ten dropped abruptly, until the time is up.
 * </ul>
 * Arguments: {@code --port N --trust SERVER.p12 --server sockets|jetty}.
 */
public final class LoadClient {
    private static final int READ_TIMEOUT_MILLIS = 60_000;
    private static final byte[] SMALL = new byte[64];
    private static final byte[] KIB = new byte[1024];

    private final int port;
    private final boolean http;
    private final SSLContext resuming;
    private final SSLContext fresh;
    private final AtomicLong names = new AtomicLong();
    private final ConcurrentLinkedQueue<ClientConnection> held = new ConcurrentLinkedQueue<>();
    private final ObjectMapper json = new ObjectMapper();

    private LoadClient(int port, boolean http, TrustManager[] trust) throws Exception {
        this.port = port;
        this.http = http;
        this.resuming = TlsContexts.client(trust);
        this.fresh = TlsContexts.client(trust);
        fresh.getClientSessionContext().setSessionCacheSize(1); // each name once: never resumed
    }

    public static void main(String[] argv) {
        ParentWatch.exitWhenParentExits();
        try {
            Options o = Options.parse(argv);
            System.setProperty("jdk.tls.namedGroups", "x25519");
            CoreProviders.install(o.get("--provider", "acceljce"));
            TrustManager[] trust = TlsContexts.trustManagers(Certificates.trusting(Path.of(o.get("--trust"))));
            LoadClient client = new LoadClient(
                    Integer.parseInt(o.get("--port")),
                    o.get("--server", "sockets").equals("jetty"),
                    trust);
            System.out.println("READY");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] w = line.trim().split("\\s+");
                Map<String, Object> answer = switch (w[0]) {
                    case "OPEN" -> client.open(Integer.parseInt(w[1]), Integer.parseInt(w[2]));
                    case "EXCHANGE" -> client.exchange(Integer.parseInt(w[1]), Double.parseDouble(w[2]));
                    case "CLOSE" -> client.closeAll();
                    case "CHURN" -> new Churn(client, Double.parseDouble(w[1]), Integer.parseInt(w[2])).run();
                    case "QUIT" -> {
                        System.exit(0);
                        yield Map.of();
                    }
                    default -> Map.of("error", "unknown command " + w[0]);
                };
                System.out.println(w[0] + " " + client.json.writeValueAsString(answer));
                System.out.flush();
            }
            System.exit(0);
        } catch (Throwable e) {
            e.printStackTrace();
            System.out.println("FAILED " + e);
            System.exit(1);
        }
    }

    private String freshName() {
        return "c" + names.incrementAndGet() + ".load.invalid";
    }

    ClientConnection connectFull() throws Exception {
        return ClientConnection.open(fresh, port, freshName(), http, READ_TIMEOUT_MILLIS);
    }

    ClientConnection connectResuming() throws Exception {
        return ClientConnection.open(resuming, port, "127.0.0.1", http, READ_TIMEOUT_MILLIS);
    }

    void vanishMidHandshake() throws Exception {
        ClientConnection.vanishMidHandshake(fresh, port, freshName(), READ_TIMEOUT_MILLIS);
    }

    private Map<String, Object> open(int n, int concurrency) throws InterruptedException {
        Semaphore permits = new Semaphore(concurrency);
        CountDownLatch done = new CountDownLatch(n);
        int maxSeconds = 3600;
        AtomicLongArray perSecond = new AtomicLongArray(maxSeconds);
        LongAdder failed = new LongAdder();
        Map<String, LongAdder> failures = new ConcurrentHashMap<>();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            permits.acquire();
            Thread.ofVirtual().start(() -> {
                try {
                    ClientConnection c = connectFull();
                    c.echo(SMALL);
                    held.add(c);
                    int second = (int) ((System.nanoTime() - start) / 1_000_000_000L);
                    perSecond.incrementAndGet(Math.min(second, maxSeconds - 1));
                } catch (Throwable t) {
                    failed.increment();
                    failures.computeIfAbsent(t.toString(), k -> new LongAdder()).increment();
                } finally {
                    permits.release();
                    done.countDown();
                }
            });
        }
        done.await();
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("held", held.size());
        m.put("failed", failed.sum());
        m.put("failures", top(failures));
        m.put("seconds", seconds);
        m.put("handshakesPerSecond", (n - failed.sum()) / seconds);
        List<Long> series = new ArrayList<>();
        for (int s = 0; s <= Math.min((int) seconds, maxSeconds - 1); s++) {
            series.add(perSecond.get(s));
        }
        m.put("handshakesEachSecond", series);
        return m;
    }

    private Map<String, Object> exchange(int messages, double seconds) throws InterruptedException {
        LongAdder ok = new LongAdder();
        Map<String, LongAdder> failures = new ConcurrentHashMap<>();
        List<ClientConnection> all = new ArrayList<>(held);
        CountDownLatch done = new CountDownLatch(all.size());
        long start = System.nanoTime();
        for (ClientConnection c : all) {
            Thread.ofVirtual().start(() -> {
                try {
                    for (int i = 0; i < messages; i++) {
                        Thread.sleep((long) (ThreadLocalRandom.current().nextDouble() * 2 * seconds * 1000 / messages));
                        c.echo(SMALL);
                        ok.increment();
                    }
                } catch (Throwable t) {
                    failures.computeIfAbsent(t.toString(), k -> new LongAdder()).increment();
                } finally {
                    done.countDown();
                }
            });
        }
        done.await();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("connections", all.size());
        m.put("echoes", ok.sum());
        m.put("failures", top(failures));
        m.put("seconds", (System.nanoTime() - start) / 1e9);
        return m;
    }

    private Map<String, Object> closeAll() throws InterruptedException {
        List<ClientConnection> all = new ArrayList<>(held);
        held.clear();
        LongAdder failed = new LongAdder();
        Semaphore permits = new Semaphore(64);
        CountDownLatch done = new CountDownLatch(all.size());
        for (ClientConnection c : all) {
            permits.acquire();
            Thread.ofVirtual().start(() -> {
                try {
                    c.close();
                } catch (Throwable t) {
                    failed.increment();
                } finally {
                    permits.release();
                    done.countDown();
                }
            });
        }
        done.await(5, TimeUnit.MINUTES);
        return Map.of("closed", all.size(), "failed", failed.sum());
    }

    static Map<String, Long> top(Map<String, LongAdder> failures) {
        Map<String, Long> m = new TreeMap<>();
        failures.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .limit(8)
                .forEach(e -> m.put(e.getKey(), e.getValue().sum()));
        return m;
    }

    static byte[] kib() {
        return KIB;
    }
}
