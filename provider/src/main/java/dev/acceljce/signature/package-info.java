/**
 * Signature engines over the two native libraries: ECDSA (DER, P1363, raw), EdDSA, RSA PKCS#1
 * v1.5 and RSASSA-PSS on OpenSSL's EVP_PKEY, and ECDSA, Ed25519 and RSA signatures on AWS-LC
 * ({@code AwsLcEcdsa}, {@code AwsLcEd25519}, {@code AwsLcRsaKey}) where the engine table names AWS-LC for the family
 * ({@code control/Dispatch.engine}, chosen per object at creation); ML-DSA on OpenSSL 3.5. Each
 * engine imports the caller's key once (AccelJCE keys as they are, other providers' keys through
 * their standard encodings); on OpenSSL it keeps one EVP_PKEY_CTX per key and mode and one
 * EVP_MD_CTX for hashing (AWS-LC's ECDSA and RSA signatures hash on OpenSSL's digest too), and it
 * hands keys it cannot serve natively (curves or key types outside the native set) to the JDK's
 * engine of the same name, which then decides exactly as it would alone. A family: it may use
 * {@code keys}, {@code digest}, {@code params}, {@code service}, {@code jdk}, {@code control} and
 * both bindings; nothing uses it but the provider class.
 */
package dev.acceljce.signature;
