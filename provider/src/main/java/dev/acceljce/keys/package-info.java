/**
 * Public-key material held in OpenSSL: key classes implementing the standard interfaces (EC, RSA,
 * EdDSA, XDH), KeyFactory and KeyPairGenerator engines, and the bridge ({@link
 * dev.acceljce.keys.Keys#toNative}) that other engines (signature, agreement, RSA cipher) use to
 * turn any provider's key into a native one. Private keys keep their material in the EVP_PKEY
 * only; encodings and components are produced when asked for. Parsing of specs and encodings is
 * the JDK's own (its KeyFactory validates, then the result is imported), so accepted inputs and
 * exceptions match SunEC and SunRsaSign.
 */
package dev.acceljce.keys;
