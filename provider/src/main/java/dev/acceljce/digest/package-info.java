/**
 * MessageDigest on OpenSSL (MD5, SHA-1, SHA-2, SHA-3, and SHAKE at fixed lengths), the only library
 * digests run on: {@code NativeDigest} batches tiny updates in Java ({@code UpdateBatch}, which
 * the HMACs share) and makes its {@code EVP_MD_CTX} only when a message outgrows the batch.
 * {@code DigestNames} maps the JCA's digest names to OpenSSL's for the families that take a
 * digest as a parameter ({@code mac}, {@code rsa}, {@code signature}). A family: it may use
 * {@code service}, {@code control} and {@code openssl}, and no other family.
 */
package dev.acceljce.digest;
