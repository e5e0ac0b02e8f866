/**
 * FFM bindings to AWS-LC's libssl, the TLS state machine under AccelJCE-TLS: {@code LibSsl} loads
 * it after {@code awslc}'s libcrypto, {@code SslCalls} holds every libssl function (and the
 * libcrypto ones TLS needs) with a thin wrapper, {@code SslConnection}, {@code SslContextHandle},
 * {@code SslSession}, {@code SslPrivateKey} and {@code TicketKeys} own the native objects, and
 * {@code SslCallbacks} holds the upcalls, each of which catches every {@code Throwable} (an
 * exception out of an upcall ends the JVM). The only package that touches libssl's memory: it
 * checks every length before native code sees it, and offers {@code jsse} its contract in Java
 * types. It may use {@code awslc} (BIOs, {@code CRYPTO_BUFFER}s, the error queue) and
 * {@code foreign}; nothing above it, so it knows nothing of JSSE, key managers or policy.
 */
package dev.acceljce.libssl;
