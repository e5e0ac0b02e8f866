/**
 * KeyGenerator for AES, ChaCha20 and the HMACs: key bytes from OpenSSL's private DRBG unless the
 * caller hands {@code init} a SecureRandom, with the JDK's key-size rules and messages
 * ({@code KeySizeRule}). A family: it may use {@code service}, {@code jdk}, {@code control} and
 * {@code openssl}, and no other family.
 */
package dev.acceljce.keygen;
