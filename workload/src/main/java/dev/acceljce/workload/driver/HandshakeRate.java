package dev.acceljce.workload.driver;

import dev.acceljce.workload.run.ProcCpu;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.wire.Http1;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * The driver's raw full-handshake rate, to check it against an independent native client (h2load):
 * C virtual threads, each in a loop opening a new connection (session invalidated, so never
 * resumed), fetching one small check image and closing, for a number of seconds.
 */
final class HandshakeRate {
    private HandshakeRate() {}

    static Map<String, Object> measure(DriverMain.Target t, int concurrency, double seconds) throws Exception {
        SSLContext ctx = TlsContexts.client(t.trust());
        LongAdder done = new LongAdder();
        LongAdder failed = new LongAdder();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread[] threads = new Thread[concurrency];
        for (int i = 0; i < concurrency; i++) {
            threads[i] = Thread.ofVirtual().start(() -> {
                while (System.nanoTime() < end) {
                    try (SSLSocket s = (SSLSocket)
                            ctx.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), t.port())) {
                        s.setSSLParameters(TlsContexts.restrict(s.getSSLParameters(), t.tls()));
                        var out = new BufferedOutputStream(s.getOutputStream());
                        Http1.writeGet(out, "/bank/img/back/0", null, true);
                        Http1.readReply(new BufferedInputStream(s.getInputStream()));
                        s.getSession().invalidate();
                        done.increment();
                    } catch (Exception e) {
                        failed.increment();
                    }
                }
            });
        }
        long start = System.nanoTime();
        double self0 = ProcCpu.seconds(ProcessHandle.current().pid());
        double bank0 = ProcCpu.seconds(t.serverPid());
        for (Thread th : threads) {
            th.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        double selfCpu = ProcCpu.seconds(ProcessHandle.current().pid()) - self0;
        double bankCpu = ProcCpu.seconds(t.serverPid()) - bank0;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("concurrency", concurrency);
        r.put("seconds", elapsed);
        r.put("handshakes", done.sum());
        r.put("failed", failed.sum());
        r.put("handshakesPerSecond", done.sum() / elapsed);
        r.put("clientCpuMsPerHandshake", 1000 * selfCpu / Math.max(1, done.sum()));
        r.put("bankCpuMsPerHandshake", 1000 * bankCpu / Math.max(1, done.sum()));
        return r;
    }
}
