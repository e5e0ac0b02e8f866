/**
 * SecureRandom "DRBG" on OpenSSL's DRBGs: each request goes to the calling thread's private DRBG,
 * so the service is thread-safe with no lock here (and none may be added around those calls). A
 * family: it may use {@code service}, {@code control} and {@code openssl}, and no other family.
 */
package dev.acceljce.random;
