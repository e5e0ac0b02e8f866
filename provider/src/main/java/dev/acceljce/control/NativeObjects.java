package dev.acceljce.control;

import dev.acceljce.foreign.NativeObject;
import dev.acceljce.libssl.SslCallbacks;
import java.util.Map;

/**
 * What the provider holds natively right now, for leak checks from outside the provider (the load
 * and churn tools, an operator's diagnostic): live native objects by kind, and the TLS stack's
 * callback table. Once every connection is closed, or dropped and collected (a GC, then the
 * Cleaner's thread runs), {@code SSL} and its network {@code BIO} count zero and the callback
 * table is empty; a connection that stays counted after that was never freed. Sessions
 * ({@code SSL_SESSION}) stay while a session cache holds them.
 */
public final class NativeObjects {
    private NativeObjects() {}

    /** Live (allocated, not yet freed) native objects by kind, e.g. {@code SSL}, {@code EVP_PKEY}. */
    public static Map<String, Long> live() {
        return NativeObject.liveObjects();
    }

    /** Connections of AccelJCE-TLS whose libssl callbacks are still registered. */
    public static int tlsCallbacksRegistered() {
        return SslCallbacks.registered();
    }
}
