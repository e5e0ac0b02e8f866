/**
 * Key derivation: HKDF as a {@code javax.crypto.KDF} on OpenSSL's {@code EVP_KDF} or AWS-LC's
 * one-call {@code HKDF_*}, PBKDF2 SecretKeyFactories with SunJCE's keys and messages, and Argon2
 * (KDF and SecretKeyFactory, OpenSSL 3.2 and later), which the JDK lacks. Every input is checked
 * in Java before it reaches native code, and native copies of secrets are cleansed. A family: it
 * takes Argon2's inputs from {@code spec} and may use {@code service}, {@code jdk},
 * {@code control} and both bindings; nothing uses it but the provider class.
 */
package dev.acceljce.kdf;
