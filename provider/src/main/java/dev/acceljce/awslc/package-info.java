/**
 * The binding to AWS-LC's libcrypto, loaded beside OpenSSL's in the same process (its symbols
 * carry a prefix, so the two never clash): {@code AwsLc} loads it (a named file or the bundled
 * copy; there is no system AWS-LC) and hands out handles; {@code EvpAead}, {@code EcKey},
 * {@code RsaKey}, {@code Curve25519} and {@code Hkdf} are the one-shot calls the engine table
 * gives AWS-LC ({@code control/Engines}); {@code AwsLcResource} owns its objects and
 * {@code AwsLcErrors} drains its error queue. No policy and no JCA types here. It may use
 * {@code foreign} only, and knows nothing of OpenSSL ({@code openssl} is its peer). AWS-LC's
 * libssl, which needs this libcrypto, is the package above ({@code libssl}).
 */
package dev.acceljce.awslc;
