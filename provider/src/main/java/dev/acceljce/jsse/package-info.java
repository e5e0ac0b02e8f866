/**
 * AccelJCE-TLS: JSSE's {@code SSLContext}, {@code SSLEngine}, {@code SSLSocket} and
 * {@code SSLServerSocket} over AWS-LC's libssl, registered as a provider of its own
 * ({@code AccelJceTlsProvider}, exported). The TLS state machine, record protection and key
 * schedule all run in libssl; this package keeps JSSE's contract (buffers, handshake status,
 * delegated tasks, sessions), reads the JDK's TLS settings as SunJSSE does ({@code TlsPolicy},
 * {@code TlsNames}), and answers libssl's questions with the caller's key and trust managers and
 * JCA key operations. It reaches libssl only through {@code libssl}'s Java API, in plain Java
 * types: it holds no native memory and calls no {@code awslc} class. It may use {@code keys},
 * {@code control} and {@code libssl}; nothing uses it, and the {@code AccelJCE} provider does not
 * register it.
 */
package dev.acceljce.jsse;
