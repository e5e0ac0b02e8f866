/**
 * The binding to OpenSSL 3's libcrypto: {@code LibCrypto} loads it (a named file, the bundled
 * copy, or the system's {@code libcrypto.so.3}, in that order) and hands out handles; one class
 * per family of calls ({@code EvpCipher}, {@code EvpDigest}, {@code EvpMac}, {@code EvpKdf},
 * {@code EvpPkey} and its operations, {@code Rand}) crosses into C, on lengths and offsets the
 * callers have already checked; {@code NativeResource} owns OpenSSL objects and frees each once;
 * {@code FipsModule} and {@code LibContext} give every fetch the FIPS provider's library context
 * in FIPS mode. No policy and no JCA types here: which call runs when, and which JCA exception a
 * failure becomes, are decided by the families above. It may use {@code foreign} only, and knows
 * nothing of AWS-LC ({@code awslc} is its peer: neither may use the other).
 */
package dev.acceljce.openssl;
