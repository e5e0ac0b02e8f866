package dev.acceljce.libssl;

import dev.acceljce.awslc.AwsLcErrors;
import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * One owned {@code SSL_CTX}: libssl's per-{@code SSLContext} state (its session cache and ticket
 * keys), made with {@code TLS_with_buffers_method} (certificates stay DER {@code CRYPTO_BUFFER}s;
 * libssl parses none of them into {@code X509} objects: Java does the verification). Every
 * connection made from it gets the certificate callback ({@link SslCallbacks}), so each handshake
 * asks the Java key manager.
 */
public final class SslContextHandle extends NativeObject {
    /** {@code SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_SERVER}. */
    private static final int SESS_CACHE_BOTH = 0x0003;

    private final TicketKeys ticketKeys = new TicketKeys();

    private SslContextHandle(MemorySegment ctx) {
        super(ctx, SslCalls.SSL_CTX_FREE, "SSL_CTX", false);
    }

    /** A new context, or an exception naming libssl's error. */
    public static SslContextHandle create() {
        try {
            MemorySegment ctx = (MemorySegment)
                    SslCalls.SSL_CTX_NEW.invokeExact((MemorySegment) SslCalls.TLS_WITH_BUFFERS_METHOD.invokeExact());
            if (ctx.equals(MemorySegment.NULL)) {
                throw AwsLcErrors.failure("SSL_CTX_new");
            }
            SslContextHandle h = new SslContextHandle(ctx);
            ConnectionMemory.sharePool(ctx);
            SslCalls.SSL_CTX_SET_CERT_CB.invokeExact(ctx, SslCallbacks.CERT_CB, MemorySegment.NULL);
            SslCalls.SSL_CTX_SET_ALPN_SELECT_CB.invokeExact(ctx, SslCallbacks.ALPN_CB, MemorySegment.NULL);
            SslCalls.SSL_CTX_SESS_SET_NEW_CB.invokeExact(ctx, SslCallbacks.NEW_SESSION_CB);
            int unusedOldMode = (int) SslCalls.SSL_CTX_SET_SESSION_CACHE_MODE.invokeExact(ctx, SESS_CACHE_BOTH);
            int unusedAlways1 =
                    (int) SslCalls.SSL_CTX_SET_TLSEXT_TICKET_KEY_CB.invokeExact(ctx, SslCallbacks.TICKET_KEY_CB);
            return h;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * The distinguished names (DER) a server lists in its CertificateRequest when it asks for a
     * client certificate: the trust manager's accepted issuers, so that a client with several
     * certificates chooses one this server trusts. Called once, before the context is used.
     */
    public void setClientCertificateAuthorities(List<byte[]> names) {
        MemorySegment ctx = enter();
        try {
            MemorySegment stack = (MemorySegment) SslCalls.SK_NEW_NULL.invokeExact();
            if (stack.equals(MemorySegment.NULL)) {
                throw AwsLcErrors.failure("sk_new_null");
            }
            try {
                for (byte[] der : names) {
                    MemorySegment b = (MemorySegment) SslCalls.CRYPTO_BUFFER_NEW.invokeExact(
                            MemorySegment.ofArray(der), (long) der.length, MemorySegment.NULL);
                    if (b.equals(MemorySegment.NULL)) {
                        throw AwsLcErrors.failure("CRYPTO_BUFFER_new");
                    }
                    if ((long) SslCalls.SK_PUSH.invokeExact(stack, b) == 0) {
                        SslCalls.CRYPTO_BUFFER_FREE.invokeExact(b);
                        throw AwsLcErrors.failure("sk_push");
                    }
                }
            } catch (Throwable e) {
                for (long i = 0, n = (long) SslCalls.SK_NUM.invokeExact(stack); i < n; i++) {
                    SslCalls.CRYPTO_BUFFER_FREE.invokeExact((MemorySegment) SslCalls.SK_VALUE.invokeExact(stack, i));
                }
                SslCalls.SK_FREE.invokeExact(stack);
                throw e;
            }
            // libssl owns the stack and its buffers now
            SslCalls.SSL_CTX_SET0_CLIENT_CAS.invokeExact(ctx, stack);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * Offers and accepts TLS 1.3 certificate compression with zlib (RFC 8879, {@link
     * CertCompression}): a client lists it, a server compresses its Certificate message for a
     * client that listed it, and both inflate a peer's. Called once, before the context is used.
     */
    public void enableCertificateCompression() {
        MemorySegment ctx = enter();
        try {
            if (!CertCompression.install(ctx)) {
                throw AwsLcErrors.failure("SSL_CTX_add_cert_compression_alg");
            }
        } finally {
            exit();
        }
    }

    /** How many TLS 1.3 tickets a server sends after a handshake (0-10, checked by the caller's policy). */
    public void setServerTicketCount(int count) {
        if (count < 0 || count > 10) {
            throw new IllegalArgumentException("ticket count must be 0-10: " + count);
        }
        MemorySegment ctx = enter();
        try {
            int alwaysOne = (int) SslCalls.SSL_CTX_SET_NUM_TICKETS.invokeExact(ctx, (long) count);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * How long libssl's server side honours a session or ticket, in seconds (SSLSessionContext's
     * timeout): TLS 1.2 sessions and TLS 1.3 tickets alike.
     */
    public void setSessionTimeout(int seconds) {
        MemorySegment ctx = enter();
        try {
            int unusedOld = (int) SslCalls.SSL_CTX_SET_TIMEOUT.invokeExact(ctx, seconds);
            // TLS 1.3 sessions (tickets) have a lifetime of their own in libssl: the same one
            SslCalls.SSL_CTX_SET_SESSION_PSK_DHE_TIMEOUT.invokeExact(ctx, seconds);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * Takes a server's session out of libssl's session-id cache (TLS 1.2 without tickets), so no
     * connection resumes it any more (SSLSession.invalidate); true when it was there.
     */
    public boolean forget(SslSession session) {
        try {
            return session.removeFrom(ptr()); // libssl locks its cache: any thread, any time
        } finally {
            java.lang.ref.Reference.reachabilityFence(this);
        }
    }

    /** The keys of this context's session tickets (a server's), for the ticket key callback. */
    public TicketKeys ticketKeys() {
        return ticketKeys;
    }

    /** The pointer, for {@code SSL_new}; libssl takes its own reference on the context. */
    MemorySegment pointer() {
        return ptr();
    }
}
