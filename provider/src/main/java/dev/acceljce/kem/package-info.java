/**
 * ML-KEM (FIPS 203) as a {@code javax.crypto.KEM} on OpenSSL 3.5's
 * {@code EVP_PKEY_encapsulate}/{@code decapsulate}, with SunJCE's names and behaviour, registered
 * only where the loaded OpenSSL has it; its key pairs and key factory are in {@code keys}. A
 * family: it may use {@code keys}, {@code service}, {@code jdk}, {@code control} and
 * {@code openssl}; nothing uses it but the provider class.
 */
package dev.acceljce.kem;
