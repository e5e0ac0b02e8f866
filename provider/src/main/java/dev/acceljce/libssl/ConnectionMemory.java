package dev.acceljce.libssl;

import static dev.acceljce.foreign.NativeObject.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.acceljce.awslc.AwsLc;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * What libssl keeps per connection once its handshake is done, made smaller:
 *
 * <ul>
 *   <li>Every {@code SSL} sheds its handshake configuration when the handshake completes
 *       ({@code SSL_set_shed_handshake_config}): the certificate chain and key set by the
 *       certificate callback, the cipher, group and signature-algorithm lists, ALPN and OCSP
 *       settings. What the handshake established (cipher, version, peer certificates, session,
 *       ALPN chosen) is not configuration and stays. A client sheds only while renegotiation is
 *       off, which it always is here; {@code SSL_clear}, which shedding forbids, is never called.
 *   <li>Certificates are {@code CRYPTO_BUFFER}s of one process-wide pool
 *       ({@code CRYPTO_BUFFER_POOL}, {@code SSL_CTX_set0_buffer_pool}): identical bytes (a
 *       server's own chain, set on every connection, and the peer's chain a client keeps in each
 *       session) are held once. The pool lives as long as the process, as libssl requires.
 * </ul>
 *
 * {@value #SHED_PROPERTY}{@code =false} keeps the configuration (for measuring what shedding
 * saves); the pool is always used.
 */
final class ConnectionMemory {
    /** System property: {@code false} keeps each connection's handshake configuration. */
    static final String SHED_PROPERTY = "acceljce.tls.shedHandshakeConfig";

    private static final MethodHandle SSL_SET_SHED_HANDSHAKE_CONFIG =
            LibSsl.critical("SSL_set_shed_handshake_config", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_CTX_SET0_BUFFER_POOL =
            LibSsl.function("SSL_CTX_set0_buffer_pool", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    private static final MethodHandle CRYPTO_BUFFER_POOL_NEW =
            AwsLc.function("CRYPTO_BUFFER_POOL_new", FunctionDescriptor.of(ADDRESS));

    private static final boolean SHED = !"false".equals(System.getProperty(SHED_PROPERTY));
    /** Never freed: contexts, connections and sessions of any age may still refer to it. */
    private static final MemorySegment POOL = newPool();

    private ConnectionMemory() {}

    private static MemorySegment newPool() {
        try {
            return (MemorySegment) CRYPTO_BUFFER_POOL_NEW.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The pool for the certificate chains set on connections ({@code NULL} if libcrypto had no memory). */
    static MemorySegment pool() {
        return POOL;
    }

    /** Makes {@code ctx}'s connections and sessions keep their certificates in the pool. */
    static void sharePool(MemorySegment ctx) {
        if (POOL.equals(MemorySegment.NULL)) {
            return; // each buffer its own, as without a pool
        }
        try {
            SSL_CTX_SET0_BUFFER_POOL.invokeExact(ctx, POOL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Makes {@code ssl} free its handshake configuration once its handshake completes. */
    static void shedAfterHandshake(MemorySegment ssl) {
        if (!SHED) {
            return;
        }
        try {
            SSL_SET_SHED_HANDSHAKE_CONFIG.invokeExact(ssl, 1);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
