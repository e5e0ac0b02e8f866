/**
 * The RSA Cipher (PKCS#1 v1.5, OAEP, no padding) with SunJCE's {@code RSACipher} contract: the SPI
 * ({@code RsaCipher}) checks keys, modes and paddings, then runs on OpenSSL's
 * {@code EVP_PKEY_encrypt}/{@code decrypt} ({@code NativeRsa}, one context kept while key and
 * padding stay) or on SunJCE's cipher for what OpenSSL does not serve ({@code JdkRsa}). A family:
 * it may use {@code keys}, {@code digest}, {@code params}, {@code service}, {@code jdk},
 * {@code control} and {@code openssl}; nothing uses it but the provider class.
 */
package dev.acceljce.rsa;
