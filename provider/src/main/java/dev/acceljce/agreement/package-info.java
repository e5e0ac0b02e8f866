/**
 * KeyAgreement: ECDH on P-256, P-384 and P-521 and XDH (X25519, X448) with SunEC's contract.
 * {@code NativeKeyAgreement} keeps the rules (which keys and peers, the phases); an
 * {@code AgreementEngine} per library does the native work: OpenSSL's {@code EVP_PKEY_derive} on
 * a context kept per key, or AWS-LC's one-call ECDH and X25519 where the engine table names it.
 * A family: it takes native key forms from {@code keys} and may use {@code service},
 * {@code jdk}, {@code control} and both bindings; nothing uses it but the provider class.
 */
package dev.acceljce.agreement;
