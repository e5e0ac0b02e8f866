/**
 * Cipher: AES in its block, stream, key-wrap and whole-message modes (CCM, GCM-SIV, SIV, XTS),
 * AES-GCM, ChaCha20 and ChaCha20-Poly1305 (and XChaCha20-Poly1305 on AWS-LC), with SunJCE's names,
 * checks and exceptions. Each {@code CipherSpi} checks the JCA contract, then forwards to one
 * {@code CipherEngine}: OpenSSL's ({@code NativeAesEngine}, {@code NativeAeadEngine},
 * {@code WholeMessageCipher}), AWS-LC's one-shot AEAD ({@code OneShotAeadEngine}) or SunJCE's
 * ({@code JdkCipherEngine}, the one way this package reaches the JDK). A family: it may use
 * {@code params}, {@code service}, {@code jdk}, {@code control} and both bindings; nothing uses it
 * but the provider class.
 */
package dev.acceljce.cipher;
