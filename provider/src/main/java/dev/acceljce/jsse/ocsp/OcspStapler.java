package dev.acceljce.jsse.ocsp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One server context's OCSP stapling, as SunJSSE's {@code StatusResponseManager} does it and with
 * its properties, read when the context is made:
 *
 * <ul>
 *   <li>{@code jdk.tls.server.enableStatusRequestExtension} (false): whether responses are fetched
 *       at all. A response the application {@linkplain #setResponse hands in} is stapled either way.
 *   <li>{@code jdk.tls.stapling.responseTimeout} (5000 ms): how long a handshake waits for a
 *       response; past it, the handshake goes on without one (the fetch still fills the cache).
 *   <li>{@code jdk.tls.stapling.cacheSize} (256; 0 or less: no limit) and
 *       {@code jdk.tls.stapling.cacheLifetime} (3600 s; 0 or less: until the response's
 *       nextUpdate): the cache of successful responses, per certificate. A response is not used
 *       past its nextUpdate.
 *   <li>{@code jdk.tls.stapling.responderURI} and {@code jdk.tls.stapling.responderOverride}: the
 *       responder when the certificate names none in its authority information access, or
 *       always when overriding.
 *   <li>{@code jdk.tls.stapling.ignoreExtensions}: read for compatibility; libssl does not show
 *       the client's request extensions (a nonce), so none is ever forwarded, as if it were true.
 * </ul>
 *
 * <p>Beyond SunJSSE: a cached response is fetched again in the background once three quarters
 * of its cache life have passed, so handshakes do not wait when it expires.
 *
 * <p>As SunJSSE: only the leaf's response is stapled, only when the chain holds its issuer,
 * never for a certificate with the id-pkix-ocsp-nocheck extension; only responses with status
 * successful that answer for the certificate (good, revoked or unknown) are stapled and cached.
 * Fetches are HTTP POSTs ({@code application/ocsp-request}) on a daemon thread, never inside
 * libssl's frames: the engine waits for them in its delegated task.
 */
public final class OcspStapler {
    private static final String OCSP_NO_CHECK = "1.3.6.1.5.5.7.48.1.5";
    /** The largest response read from a responder. */
    private static final int MAX_RESPONSE = 256 * 1024;

    private final boolean enabled;
    private final long timeoutMillis;
    private final int cacheSize;
    private final long lifetimeMillis;
    private final URI defaultResponder;
    private final boolean override;

    /** A cached response, and when it expires and should be fetched again. */
    private record Entry(byte[] der, long expiresAt, long refreshAt) {}

    /** Cache: CertID (hex) -> response; access order. Guarded by itself. */
    private final LinkedHashMap<String, Entry> cache = new LinkedHashMap<>(16, 0.75f, true);
    /** Fetches under way, by CertID (hex), so concurrent handshakes share one. */
    private final ConcurrentHashMap<String, CompletableFuture<byte[]>> inFlight = new ConcurrentHashMap<>();
    /** Responses the application gave, by leaf certificate. */
    private final ConcurrentHashMap<X509Certificate, byte[]> given = new ConcurrentHashMap<>();

    private static final ExecutorService FETCHERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "acceljce-ocsp-fetch");
        t.setDaemon(true);
        return t;
    });

    /** A stapler following the system properties as they are now. */
    public OcspStapler() {
        enabled = Boolean.getBoolean("jdk.tls.server.enableStatusRequestExtension");
        long timeout = Long.getLong("jdk.tls.stapling.responseTimeout", 5000L);
        timeoutMillis = timeout >= 0 ? timeout : 5000L;
        int size = Integer.getInteger("jdk.tls.stapling.cacheSize", 256);
        cacheSize = Math.max(size, 0);
        int life = Integer.getInteger("jdk.tls.stapling.cacheLifetime", 3600);
        lifetimeMillis = life > 0 ? life * 1000L : 0;
        String uri = System.getProperty("jdk.tls.stapling.responderURI");
        URI u = null;
        try {
            u = uri != null && !uri.isEmpty() ? new URI(uri) : null;
        } catch (URISyntaxException e) {
            u = null; // as SunJSSE: an unreadable URI is no URI
        }
        defaultResponder = u;
        override = Boolean.getBoolean("jdk.tls.stapling.responderOverride");
    }

    /** Whether anything can be stapled: fetching is on, or the application gave a response. */
    public boolean active() {
        return enabled || !given.isEmpty();
    }

    /** The application's response for {@code leaf} (stapled whatever the properties say), or null to remove it. */
    public void setResponse(X509Certificate leaf, byte[] der) {
        if (der == null) {
            given.remove(leaf);
            return;
        }
        if (der.length == 0 || der.length >= (1 << 24)) {
            throw new IllegalArgumentException("an OCSP response of " + der.length + " bytes cannot be stapled");
        }
        given.put(leaf, der.clone());
    }

    /**
     * The response to staple for {@code chain} (leaf first), or null: the application's, else a
     * cached or fetched one (waiting at most the response timeout). Runs in a delegated task.
     */
    public byte[] responseFor(X509Certificate[] chain) {
        if (chain == null || chain.length == 0) {
            return null;
        }
        byte[] mine = given.get(chain[0]);
        if (mine != null) {
            return mine.clone();
        }
        if (!enabled || chain.length < 2 || chain[0].getExtensionValue(OCSP_NO_CHECK) != null) {
            return null;
        }
        URI responder = responder(chain[0]);
        if (responder == null) {
            return null;
        }
        byte[] certId;
        try {
            certId = OcspMessages.certId(chain[0], chain[1]);
        } catch (IOException e) {
            return null;
        }
        String key = HexFormat.of().formatHex(certId);
        long now = System.currentTimeMillis();
        Entry e;
        synchronized (cache) {
            e = cache.get(key);
            if (e != null && now >= e.expiresAt) {
                cache.remove(key);
                e = null;
            }
        }
        if (e != null) {
            if (now >= e.refreshAt) {
                fetch(key, certId, responder); // in the background: this handshake takes the cached one
            }
            return e.der;
        }
        try {
            return fetch(key, certId, responder).get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException ex) {
            return null; // as SunJSSE: the handshake goes on without a staple
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The fetch for {@code key} under way, or a new one; it caches what it gets. */
    private CompletableFuture<byte[]> fetch(String key, byte[] certId, URI responder) {
        return inFlight.computeIfAbsent(key, k -> {
            CompletableFuture<byte[]> f = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return fetchAndCache(key, certId, responder);
                        } catch (IOException e) {
                            return null;
                        }
                    },
                    FETCHERS);
            f.whenComplete((r, t) -> inFlight.remove(key, f));
            return f;
        });
    }

    private byte[] fetchAndCache(String key, byte[] certId, URI responder) throws IOException {
        byte[] der = post(responder, OcspMessages.request(certId));
        if (OcspMessages.responseStatus(der) != OcspMessages.SUCCESSFUL) {
            return null;
        }
        OcspMessages.Single single = OcspMessages.single(der, certId);
        long now = System.currentTimeMillis();
        long expires = Long.MAX_VALUE;
        if (single.nextUpdate() != null) {
            expires = single.nextUpdate().toEpochMilli();
        }
        if (lifetimeMillis > 0) {
            expires = Math.min(expires, now + lifetimeMillis);
        }
        if (expires <= now) {
            return null; // already stale: a client would refuse it
        }
        if (expires != Long.MAX_VALUE) { // as SunJSSE: no nextUpdate and no lifetime, not cached
            long refresh = now + (expires - now) / 4 * 3;
            synchronized (cache) {
                cache.put(key, new Entry(der, expires, refresh));
                while (cacheSize > 0 && cache.size() > cacheSize) {
                    var it = cache.keySet().iterator();
                    it.next();
                    it.remove();
                }
            }
        }
        return der;
    }

    /** The certificate's responder, following the override and default properties as SunJSSE. */
    private URI responder(X509Certificate cert) {
        if (defaultResponder != null && override) {
            return defaultResponder;
        }
        URI own = AuthorityInfo.ocspResponder(cert);
        return own != null ? own : defaultResponder;
    }

    private byte[] post(URI responder, byte[] request) throws IOException {
        if (!"http".equalsIgnoreCase(responder.getScheme())) {
            throw new IOException("OCSP over " + responder.getScheme() + " is not fetched: " + responder);
        }
        HttpURLConnection c = (HttpURLConnection) responder.toURL().openConnection();
        int t = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeoutMillis));
        try {
            c.setConnectTimeout(t);
            c.setReadTimeout(t);
            c.setDoOutput(true);
            c.setRequestMethod("POST");
            c.setRequestProperty("Content-Type", "application/ocsp-request");
            c.setRequestProperty("Accept", "application/ocsp-response");
            c.setFixedLengthStreamingMode(request.length);
            try (OutputStream out = c.getOutputStream()) {
                out.write(request);
            }
            if (c.getResponseCode() != HttpURLConnection.HTTP_OK) {
                throw new IOException("OCSP responder " + responder + " answered HTTP " + c.getResponseCode());
            }
            try (InputStream in = c.getInputStream()) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                byte[] buf = new byte[8192];
                for (int n; (n = in.read(buf)) > 0; ) {
                    body.write(buf, 0, n);
                    if (body.size() > MAX_RESPONSE) {
                        throw new IOException("OCSP response over " + MAX_RESPONSE + " bytes");
                    }
                }
                return body.toByteArray();
            }
        } finally {
            c.disconnect();
        }
    }

    /** For tests and stats: how many responses are cached. */
    public int cached() {
        synchronized (cache) {
            return cache.size();
        }
    }

    /** How long a handshake waits for a response. */
    public Duration responseTimeout() {
        return Duration.ofMillis(timeoutMillis);
    }
}
