package dev.acceljce.workload.bank;

import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLSession;
import org.eclipse.jetty.io.ssl.SslHandshakeListener;

/**
 * Counts the bank's server-side handshakes, full and resumed. A resumed handshake continues a
 * session created by an earlier one: SunJSSE gives it the creation time of the session it resumes
 * (checked by the workload's test), so a session older than its connection's handshake start is a
 * resumption.
 */
public final class Handshakes implements SslHandshakeListener {
    private final LongAdder full = new LongAdder();
    private final LongAdder resumed = new LongAdder();
    private final LongAdder failed = new LongAdder();

    @Override
    public void handshakeSucceeded(Event event) {
        SSLSession session = event.getSSLEngine().getSession();
        long openedAt = event.getEndPoint().getCreatedTimeStamp();
        if (session.getCreationTime() < openedAt) {
            resumed.increment();
        } else {
            full.increment();
        }
    }

    @Override
    public void handshakeFailed(Event event, Throwable failure) {
        failed.increment();
        if (failed.sum() <= 3) { // the first ones go to the bank's log, the rest are counted
            System.err.println("handshake failed: " + failure);
            failure.printStackTrace();
        }
    }

    public long full() {
        return full.sum();
    }

    public long resumed() {
        return resumed.sum();
    }

    public long failed() {
        return failed.sum();
    }

    public void reset() {
        full.reset();
        resumed.reset();
        failed.reset();
    }
}
