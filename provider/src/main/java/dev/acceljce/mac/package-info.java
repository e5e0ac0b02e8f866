/**
 * Mac on OpenSSL's {@code EVP_MAC}, the only library MACs run on: HMAC over any fetched digest
 * ({@code NativeHmac}, which holds no native context until a message outgrows its Java batch),
 * and AES-CMAC, KMAC128 and KMAC256, which the JDK lacks ({@code KeyedMac}). A family: it uses
 * {@code digest}'s update batch, {@code spec}'s KMAC parameters, {@code service},
 * {@code control} and {@code openssl}; nothing uses it but the provider class.
 */
package dev.acceljce.mac;
