package dev.acceljce.digest;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpDigest;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The digests' known answers, through {@link NativeDigest} (OpenSSL, the only library digests run
 * on), called as the JCA calls a MessageDigest: one update with the message, then the digest.
 */
final class DigestSelfTests {
    private DigestSelfTests() {}

    static void register() {
        // FIPS 180-4 examples (NIST CSRC "Examples with Intermediate Values"): message "abc"
        digest("SHA-1", "FIPS 180-4 example \"abc\"", "SHA1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d");
        digest(
                "SHA-256",
                "FIPS 180-4 example \"abc\"",
                "SHA256",
                "abc",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        digest(
                "SHA-512",
                "FIPS 180-4 example \"abc\"",
                "SHA512",
                "abc",
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                        + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
        // FIPS 202 examples (NIST CSRC "SHA3-256 example"): message "abc"
        digest(
                "SHA3-256",
                "FIPS 202 example \"abc\"",
                "SHA3-256",
                "abc",
                "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
        EngineSelfTests.register(
                Family.DIGEST,
                Engine.OPENSSL,
                "SHAKE128-256",
                "FIPS 202 (NIST CSRC SHAKE128 example, empty message)",
                inject -> problem(
                        "SHAKE128-256",
                        EvpDigest.xof("SHAKE128", 32),
                        "",
                        "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
                        inject));
    }

    private static void digest(String name, String source, String opensslName, String message, String expectedHex) {
        EngineSelfTests.register(
                Family.DIGEST,
                Engine.OPENSSL,
                name,
                source,
                inject -> problem(name, EvpDigest.fetch(opensslName), message, expectedHex, inject));
    }

    private static String problem(
            String name, Optional<EvpDigest.Algorithm> algorithm, String message, String expectedHex, boolean inject)
            throws EngineSelfTests.NotOffered {
        NativeDigest spi = new NativeDigest(algorithm.orElseThrow(() -> new EngineSelfTests.NotOffered(name)));
        byte[] m = message.getBytes(StandardCharsets.US_ASCII);
        spi.engineUpdate(m, 0, m.length);
        return EngineSelfTests.knownAnswer(spi.engineDigest(), expectedHex, inject);
    }
}
