/**
 * The JDK path: one forwarding class per engine type ({@code JdkCipher}, {@code JdkSignature},
 * ...) over the JDK's own providers ({@code JdkProviders}, remembered when AccelJCE is installed),
 * and the rules that make the JDK path answer as the native path does where the two differ
 * ({@code StrictEcdsa}, {@code StrictPkcs1}, {@code StrictMlDsa}, {@code VerifiedDecryption},
 * {@code PaddedDecryption}, {@code DecryptionInput}). It may use {@code control} and the
 * bindings (FIPS mode's module, OpenSSL's ML-DSA key check); never {@code policy},
 * {@code service}, a family or the provider class.
 */
package dev.acceljce.jdk;
