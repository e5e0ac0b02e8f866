/**
 * AccelJCE-TLS: JSSE's {@code SSLContext}, {@code SSLEngine}, {@code SSLSocket} and
 * {@code SSLServerSocket} over AWS-LC's libssl, registered as a provider of its own
 * ({@code AccelJceTlsProvider}, exported). The TLS state machine, record protection and key
 * schedule all run in libssl. Here the engine keeps JSSE's contract (buffers, handshake status,
 * delegated tasks; its settings half in {@code ConfigurableEngine}) and the sockets drive it (the
 * handshake and locks in {@code AccelSslSocket}, its reading and writing sides in
 * {@code InboundRecords} and {@code OutboundRecords}); {@code TlsParameters} and {@code TlsPolicy} check
 * parameters and read the JDK's TLS settings as SunJSSE does; {@code HandshakeCallbacks} answers
 * libssl's questions with the caller's key manager ({@code CredentialChoice}), trust manager
 * ({@code PeerVerification}) and JCA keys ({@code JcaKeyOperations}), as a
 * {@code PendingOperation} when the work must not run inside a native frame. It reaches libssl
 * only through {@code libssl}'s Java API, in plain Java types: it holds no native memory and uses
 * no {@code awslc} class. It may use {@code keys}, {@code control} and {@code libssl}; nothing uses
 * it, and the {@code AccelJCE} provider does not register it.
 */
package dev.acceljce.jsse;
