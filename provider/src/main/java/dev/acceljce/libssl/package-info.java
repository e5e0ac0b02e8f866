/**
 * FFM bindings to AWS-LC's libssl, the TLS state machine under AccelJCE-TLS: {@code LibSsl} loads
 * it after {@code awslc}'s libcrypto; {@code SslCalls} is the table of every libssl function (and
 * the libcrypto ones TLS needs), one downcall handle each, which the classes here call exactly;
 * {@code SslConnection} (with its {@code SslSettings}, {@code SslNegotiated} and
 * {@code PlaintextBuffers}), {@code SslContextHandle}, {@code SslSession}, {@code SslPrivateKey}
 * and {@code TicketKeys} own the native objects; {@code WireBio} carries records between libssl
 * and the caller's buffers; and {@code SslCallbacks} holds the upcalls, each of which catches
 * every {@code Throwable} (an exception out of an upcall ends the JVM). The only package that
 * touches libssl's memory: it checks every length before native code sees it, and offers
 * {@code jsse} its contract in Java types. It may use {@code awslc} (BIOs, {@code CRYPTO_BUFFER}s,
 * the error queue) and {@code foreign}; nothing above it, so it knows nothing of JSSE, key
 * managers or policy.
 */
package dev.acceljce.libssl;
