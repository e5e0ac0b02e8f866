/**
 * Public-key material held natively, in OpenSSL and, where AWS-LC serves the family, in AWS-LC
 * too: key classes implementing the standard interfaces (EC, RSA, EdDSA, XDH, ML-KEM, ML-DSA),
 * KeyFactory and KeyPairGenerator engines, and the bridge ({@link dev.acceljce.keys.Keys#toNative})
 * that other engines (signature, agreement, RSA cipher) use to turn any provider's key into a
 * native one. A key's OpenSSL form is its EVP_PKEY; where an operation runs on AWS-LC (EC, Ed25519,
 * X25519, RSA signatures, per the engine table: {@code control/Engines}) the key also carries
 * AWS-LC's form, made once on first need (an {@code EC_KEY}, an {@code RSA}, Ed25519's expanded
 * private key) or at generation when AWS-LC generated the key pair (EC and X25519/Ed25519 key pairs
 * under the engine table), and freed or wiped with the key. Private keys keep their material in
 * those native forms only; encodings and components are produced when asked for. Parsing of specs
 * and encodings is the JDK's own (its KeyFactory validates, then the result is imported), so
 * accepted inputs and exceptions match SunEC and SunRsaSign. A family that others build on
 * ({@code agreement}, {@code kem}, {@code rsa}, {@code signature}, and {@code jsse} for its curve
 * names): it may use {@code params}, {@code service}, {@code jdk}, {@code control} and both
 * bindings, and no other family.
 */
package dev.acceljce.keys;
