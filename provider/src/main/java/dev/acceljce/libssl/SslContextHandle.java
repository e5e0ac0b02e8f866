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
        MemorySegment ctx = SslCalls.ctxNew(SslCalls.tlsWithBuffersMethod());
        if (ctx.equals(MemorySegment.NULL)) {
            throw AwsLcErrors.failure("SSL_CTX_new");
        }
        SslContextHandle h = new SslContextHandle(ctx);
        SslCalls.ctxSetCertCb(ctx, SslCallbacks.CERT_CB);
        SslCalls.ctxSetAlpnSelectCb(ctx, SslCallbacks.ALPN_CB);
        SslCalls.ctxSetNewSessionCb(ctx, SslCallbacks.NEW_SESSION_CB);
        SslCalls.ctxSetSessionCacheMode(ctx, SESS_CACHE_BOTH);
        SslCalls.ctxSetTicketKeyCb(ctx, SslCallbacks.TICKET_KEY_CB);
        return h;
    }

    /**
     * The distinguished names (DER) a server lists in its CertificateRequest when it asks for a
     * client certificate: the trust manager's accepted issuers, so that a client with several
     * certificates chooses one this server trusts. Called once, before the context is used.
     */
    public void setClientCertificateAuthorities(List<byte[]> names) {
        MemorySegment ctx = enter();
        try {
            MemorySegment stack = SslCalls.stackNew();
            if (stack.equals(MemorySegment.NULL)) {
                throw AwsLcErrors.failure("sk_new_null");
            }
            try {
                for (byte[] der : names) {
                    MemorySegment b = SslCalls.cryptoBufferNew(MemorySegment.ofArray(der), der.length);
                    if (b.equals(MemorySegment.NULL)) {
                        throw AwsLcErrors.failure("CRYPTO_BUFFER_new");
                    }
                    if (!SslCalls.stackPush(stack, b)) {
                        SslCalls.cryptoBufferFree(b);
                        throw AwsLcErrors.failure("sk_push");
                    }
                }
            } catch (RuntimeException e) {
                for (long i = 0, n = SslCalls.stackSize(stack); i < n; i++) {
                    SslCalls.cryptoBufferFree(SslCalls.stackValue(stack, i));
                }
                SslCalls.stackFree(stack);
                throw e;
            }
            SslCalls.ctxSet0ClientCas(ctx, stack); // libssl owns the stack and its buffers now
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

    /**
     * How long libssl's server side honours a session or ticket, in seconds (SSLSessionContext's
     * timeout): TLS 1.2 sessions and TLS 1.3 tickets alike.
     */
    public void setSessionTimeout(int seconds) {
        MemorySegment ctx = enter();
        try {
            SslCalls.ctxSetTimeout(ctx, seconds);
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
