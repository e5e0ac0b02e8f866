package dev.acceljce.mac;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpMac;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import javax.crypto.MacSpi;
import javax.crypto.spec.SecretKeySpec;

/**
 * The MACs' known answers, through the Mac SPI objects (OpenSSL, the only library MACs run on),
 * called as the JCA calls a Mac: init with the key, one update with the message, then the MAC.
 * HMAC (RFC 4231), and AES-CMAC and KMAC128, which the JDK lacks (each answer also checked against
 * Bouncy Castle).
 */
final class MacSelfTests {
    private MacSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();

    static void register() {
        // RFC 4231 test case 2 (HMAC per FIPS 198-1): key "Jefe"
        hmac("HmacSHA256", "SHA256", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        hmac(
                "HmacSHA512",
                "SHA512",
                "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
                        + "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737");
        EngineSelfTests.register(
                Family.CMAC,
                Engine.OPENSSL,
                "AES-128-CMAC",
                "RFC 4493 section 4, example 2",
                inject -> problem(
                        offered("CMAC") ? new Cmac() : null,
                        "AES-128-CMAC",
                        new SecretKeySpec(HEX.parseHex("2b7e151628aed2a6abf7158809cf4f3c"), "AES"),
                        HEX.parseHex("6bc1bee22e409f96e93d7e117393172a"),
                        "070a16b46b4d4144f79bdd9dd04a287c",
                        inject));
        // the service's defaults are the sample's: no customization string, a 32-byte MAC
        EngineSelfTests.register(
                Family.KMAC,
                Engine.OPENSSL,
                "KMAC128",
                "NIST SP 800-185 KMAC samples, sample #1",
                inject -> problem(
                        offered("KMAC128") ? Kmac.kmac128() : null,
                        "KMAC128",
                        new SecretKeySpec(
                                HEX.parseHex("404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"),
                                "KMAC128"),
                        HEX.parseHex("00010203"),
                        "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e",
                        inject));
    }

    private static void hmac(String name, String digest, String expectedHex) {
        EngineSelfTests.register(
                Family.HMAC,
                Engine.OPENSSL,
                name,
                "RFC 4231 test case 2",
                inject -> problem(
                        EvpMac.hmac(digest).map(NativeHmac::new).orElse(null),
                        name,
                        new SecretKeySpec("Jefe".getBytes(StandardCharsets.US_ASCII), name),
                        "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII),
                        expectedHex,
                        inject));
    }

    private static boolean offered(String opensslName) {
        return EvpMac.fetch(opensslName).isPresent();
    }

    /** {@code spi} null: the library lacks the MAC. */
    private static String problem(
            MacSpi spi, String name, SecretKeySpec key, byte[] message, String expectedHex, boolean inject)
            throws Exception {
        if (spi == null) {
            throw new EngineSelfTests.NotOffered(name);
        }
        return switch (spi) {
            case NativeHmac h -> {
                h.engineInit(key, null);
                h.engineUpdate(message, 0, message.length);
                yield EngineSelfTests.knownAnswer(h.engineDoFinal(), expectedHex, inject);
            }
            case KeyedMac k -> {
                k.engineInit(key, null);
                k.engineUpdate(message, 0, message.length);
                yield EngineSelfTests.knownAnswer(k.engineDoFinal(), expectedHex, inject);
            }
            default -> throw new IllegalArgumentException(spi.getClass().getName());
        };
    }
}
