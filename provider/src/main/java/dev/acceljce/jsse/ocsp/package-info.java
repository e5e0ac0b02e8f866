/**
 * Server-side OCSP stapling for AccelJCE-TLS: the OCSP request for a certificate and what a server
 * reads from the response ({@link dev.acceljce.jsse.ocsp.OcspMessages}), and the per-context
 * fetcher and cache that follow SunJSSE's {@code jdk.tls.stapling.*} properties
 * ({@link dev.acceljce.jsse.ocsp.OcspStapler}). The response itself is checked by the client;
 * the server only picks the one that answers for its certificate.
 */
package dev.acceljce.jsse.ocsp;
