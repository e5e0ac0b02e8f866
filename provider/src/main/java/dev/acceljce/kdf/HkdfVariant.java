package dev.acceljce.kdf;

/**
 * One HKDF service: its JCA name ("HKDF-SHA256"), the JDK's name of its HMAC (used in the JDK's
 * messages), the OpenSSL digest name and the digest's length in bytes.
 */
record HkdfVariant(String jcaName, String hmacName, String digest, int hashLength) {}
