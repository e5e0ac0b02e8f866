package dev.acceljce.workload.driver;

import dev.acceljce.workload.site.Navigation;
import dev.acceljce.workload.site.Page;
import dev.acceljce.workload.site.ThinkTime;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Http1;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * One simulated user, a closed loop: think, request a page (and its check images), walk the
 * Markov chain. Each login starts a new TLS client context (its own session cache), so login is a
 * full handshake; every later page of the session opens a new connection that resumes the
 * session. A page's response time runs from its scheduled start (previous end + think time).
 */
final class User implements Runnable {
    private final Driver driver;
    private final TrustManager[] trust;
    private final TlsSetting tls;
    private final int port;
    private final ThinkTime think;
    private final SplittableRandom random;
    private SSLContext context;
    private String cookie;
    /** The measured page this user is fetching now, if any. */
    private volatile Page inFlight;

    User(Driver driver, TrustManager[] trust, TlsSetting tls, int port, ThinkTime think, long seed) {
        this.driver = driver;
        this.trust = trust;
        this.tls = tls;
        this.port = port;
        this.think = think;
        this.random = new SplittableRandom(seed);
    }

    @Override
    public void run() {
        // users start spread over one mean think time, not all at once
        long scheduled = System.nanoTime() + (long) (random.nextDouble() * think.meanSeconds() * 1e9);
        Page page = Page.LOGIN;
        while (!driver.stopping()) {
            long wait = scheduled - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                if (driver.stopping()) {
                    return;
                }
            }
            long start = System.nanoTime();
            boolean measured = driver.inWindow(scheduled);
            if (measured) {
                driver.lag(start - scheduled);
            }
            inFlight = measured ? page : null;
            try {
                int images = fetch(page, measured);
                long end = System.nanoTime();
                if (measured) {
                    driver.stats().record(page, end - scheduled, images);
                }
                inFlight = null;
                page = Navigation.next(page, random);
                if (page == null) {
                    page = Page.LOGIN;
                    scheduled = end; // a new session logs in at once
                } else {
                    scheduled = end + think.nextNanos(random);
                }
            } catch (IOException | RuntimeException | java.security.GeneralSecurityException e) {
                if (measured) {
                    driver.stats().error(page);
                }
                inFlight = null;
                driver.error(e);
                page = Page.LOGIN;
                scheduled = System.nanoTime() + think.nextNanos(random);
            }
        }
    }

    /** The measured page still being fetched, or null. */
    Page inFlight() {
        return inFlight;
    }

    /** One page on a new connection; returns how many check images came with it. */
    private int fetch(Page page, boolean measured) throws IOException, java.security.GeneralSecurityException {
        if (page == Page.LOGIN) {
            context = TlsContexts.client(trust);
            cookie = null;
        }
        long connectAt = System.currentTimeMillis();
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port);
        try (s) {
            s.setSSLParameters(TlsContexts.restrict(s.getSSLParameters(), tls));
            s.setTcpNoDelay(true);
            s.setSoTimeout(30_000);
            InputStream in = new BufferedInputStream(s.getInputStream(), 16 * 1024);
            OutputStream out = new BufferedOutputStream(s.getOutputStream(), 512);
            boolean withImages = page == Page.CHECK_DETAIL_HTML;
            Http1.writeGet(out, "/bank/" + page.path, cookie, !withImages);
            Http1.Reply reply = check(Http1.readReply(in));
            if (measured) {
                driver.handshake(s.getSession().getCreationTime() < connectAt);
            }
            if (reply.setCookie() != null) {
                cookie = reply.setCookie();
            }
            if (!withImages) {
                return 0;
            }
            int n = random.nextInt(Page.CHECK_IMAGE_STEPS);
            Http1.writeGet(out, "/bank/img/front/" + n, cookie, false);
            check(Http1.readReply(in));
            Http1.writeGet(out, "/bank/img/back/" + n, cookie, true);
            check(Http1.readReply(in));
            return 2;
        }
    }

    private static Http1.Reply check(Http1.Reply r) throws IOException {
        if (r.status() != 200) {
            throw new IOException("HTTP " + r.status());
        }
        return r;
    }
}
