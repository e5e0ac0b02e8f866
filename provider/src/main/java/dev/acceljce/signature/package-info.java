/**
 * Signature engines over OpenSSL's EVP_PKEY: ECDSA (DER, P1363, raw), EdDSA, RSA PKCS#1 v1.5 and
 * RSASSA-PSS. Each engine imports the caller's key once (AccelJCE keys as they are, other
 * providers' keys through their standard encodings), keeps one EVP_PKEY_CTX per key and mode
 * and one EVP_MD_CTX for hashing, and hands keys it cannot serve natively (curves or key types
 * outside the native set) to the JDK's engine of the same name, which then decides exactly as
 * it would alone.
 */
package dev.acceljce.signature;
