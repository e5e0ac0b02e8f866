package dev.acceljce.rsa;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.service.ServiceTable;

/**
 * The RSA Cipher ("RSA", with the ECB mode and the paddings SunJCE lists) and the "OAEP"
 * AlgorithmParameters, which are pure data and forward to SunJCE's so encodings interoperate.
 */
public final class RsaCipherServices {
    private RsaCipherServices() {}

    public static void register(ServiceTable table) {
        RsaCipherSelfTests.register(); // known answers, run before OpenSSL first serves the family
        table.add(Family.RSA, "Cipher", "RSA")
                .attribute(
                        "SupportedKeyClasses",
                        "java.security.interfaces.RSAPublicKey|java.security.interfaces.RSAPrivateKey")
                .attribute("SupportedModes", "ECB")
                .attribute(
                        "SupportedPaddings",
                        "NOPADDING|PKCS1PADDING|OAEPPADDING"
                                + "|OAEPWITHMD5ANDMGF1PADDING"
                                + "|OAEPWITHSHA1ANDMGF1PADDING"
                                + "|OAEPWITHSHA-1ANDMGF1PADDING"
                                + "|OAEPWITHSHA-224ANDMGF1PADDING"
                                + "|OAEPWITHSHA-256ANDMGF1PADDING"
                                + "|OAEPWITHSHA-384ANDMGF1PADDING"
                                + "|OAEPWITHSHA-512ANDMGF1PADDING"
                                + "|OAEPWITHSHA-512/224ANDMGF1PADDING"
                                + "|OAEPWITHSHA-512/256ANDMGF1PADDING")
                .nativeImpl(() -> EvpPkey.hasKeyType("RSA"), p -> new RsaCipher())
                .handsToJdk("private keys without CRT components, RSASSA-PSS keys, OAEP with a digest OpenSSL"
                        + " lacks or a mask other than MGF1, TLS premaster secrets: SunJCE")
                .register();
        table.add(Family.RSA, "AlgorithmParameters", "OAEP")
                .oid("1.2.840.113549.1.1.7")
                .withoutJdk(p -> new dev.acceljce.params.OaepParameters())
                .register();
    }
}
