package dev.acceljce.signature;

import dev.acceljce.awslc.RsaKey;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.service.ServiceTable;
import java.util.EnumSet;
import java.util.Set;

/** Signature services (ECDSA, EdDSA, RSA PKCS#1 v1.5, RSASSA-PSS) with the JDK's names and OIDs. */
public final class SignatureServices {
    private static final String RSA_KEYS =
            "java.security.interfaces.RSAPublicKey|java.security.interfaces.RSAPrivateKey";
    /** What RSA signature objects hand to the JDK (PkeySignature's JdkSignature engine), counted on the JDK path. */
    private static final String RSA_HAND_OFF = "private keys without CRT components, RSASSA-PSS-typed keys: SunRsaSign";

    private SignatureServices() {}

    public static void register(ServiceTable table) {
        EdDsaSelfTests.register(); // known answers per engine, run before a library first serves the family
        EcdsaSelfTests.register();
        RsaSignatureSelfTests.register();
        ecdsa(table, "SHA1", "SHA1", "1.2.840.10045.4.1");
        ecdsa(table, "SHA224", "SHA224", "1.2.840.10045.4.3.1");
        ecdsa(table, "SHA256", "SHA256", "1.2.840.10045.4.3.2");
        ecdsa(table, "SHA384", "SHA384", "1.2.840.10045.4.3.3");
        ecdsa(table, "SHA512", "SHA512", "1.2.840.10045.4.3.4");
        ecdsa(table, "SHA3-224", "SHA3-224", "2.16.840.1.101.3.4.3.9");
        ecdsa(table, "SHA3-256", "SHA3-256", "2.16.840.1.101.3.4.3.10");
        ecdsa(table, "SHA3-384", "SHA3-384", "2.16.840.1.101.3.4.3.11");
        ecdsa(table, "SHA3-512", "SHA3-512", "2.16.840.1.101.3.4.3.12");
        ecdsa(table, "NONE", null, null);

        rsa(table, "SHA1", "SHA1", "1.2.840.113549.1.1.5")
                .aliases("1.3.14.3.2.29")
                .register();
        rsa(table, "SHA224", "SHA224", "1.2.840.113549.1.1.14").register();
        rsa(table, "SHA256", "SHA256", "1.2.840.113549.1.1.11").register();
        rsa(table, "SHA384", "SHA384", "1.2.840.113549.1.1.12").register();
        rsa(table, "SHA512", "SHA512", "1.2.840.113549.1.1.13").register();
        rsa(table, "SHA512/224", "SHA512-224", "1.2.840.113549.1.1.15").register();
        rsa(table, "SHA512/256", "SHA512-256", "1.2.840.113549.1.1.16").register();
        rsa(table, "SHA3-224", "SHA3-224", "2.16.840.1.101.3.4.3.13").register();
        rsa(table, "SHA3-256", "SHA3-256", "2.16.840.1.101.3.4.3.14").register();
        rsa(table, "SHA3-384", "SHA3-384", "2.16.840.1.101.3.4.3.15").register();
        rsa(table, "SHA3-512", "SHA3-512", "2.16.840.1.101.3.4.3.16").register();
        table.add(Family.RSA, "Signature", "RSASSA-PSS")
                .aliases("PSS")
                .oid("1.2.840.113549.1.1.10")
                .attribute("SupportedKeyClasses", RSA_KEYS)
                .nativeImpl(
                        () -> EvpPkey.hasKeyType("RSA"),
                        p -> new RsaPssSignature(Dispatch.engine(Family.RSA, RsaPssSignature.ENGINES)))
                .engines(RsaPssSignature.ENGINES)
                .handsToJdk(RSA_HAND_OFF)
                .register();

        eddsa(table, "EdDSA", null, null);
        eddsa(table, "Ed25519", KeyKind.ED25519, "1.3.101.112");
        eddsa(table, "Ed448", KeyKind.ED448, "1.3.101.113");
    }

    private static ServiceTable.Builder rsa(ServiceTable table, String jcaDigest, String digest, String oid) {
        String name = jcaDigest + "withRSA";
        // AWS-LC's RSA_sign takes SHA-1 and SHA-2 here: the other digests' services run on OpenSSL
        Set<Engine> engines = RsaKey.Digest.of(digest) != null ? RsaPkcs1Signature.ENGINES : Set.of(Engine.OPENSSL);
        return table.add(Family.RSA, "Signature", name)
                .oid(oid)
                .attribute("SupportedKeyClasses", RSA_KEYS)
                .nativeImpl(
                        () -> EvpPkey.hasKeyType("RSA")
                                && EvpDigest.fetch(digest).isPresent(),
                        p -> new RsaPkcs1Signature(name, digest, Dispatch.engine(Family.RSA, engines)))
                .engines(engines)
                .handsToJdk(RSA_HAND_OFF);
    }

    private static void eddsa(ServiceTable table, String name, KeyKind fixed, String oid) {
        // AWS-LC has Ed25519, not Ed448
        Set<Engine> engines = fixed == KeyKind.ED448 ? EnumSet.of(Engine.OPENSSL) : EdDsaSignature.ENGINES;
        ServiceTable.Builder b = table.add(Family.EDDSA, "Signature", name)
                .nativeImpl(
                        () -> fixed == null
                                ? EvpPkey.hasKeyType("ED25519") && EvpPkey.hasKeyType("ED448")
                                : EvpPkey.hasKeyType(fixed.opensslType()),
                        p -> new EdDsaSignature(name, fixed, Dispatch.engine(Family.EDDSA, engines)))
                .engines(engines)
                .handsToJdk("Ed25519ph and Ed448ph (prehash), a context in EdDSAParameterSpec: SunEC");
        if (oid != null) {
            b.oid(oid);
        }
        b.register();
    }

    private static void ecdsa(ServiceTable table, String jcaDigest, String digest, String oid) {
        for (boolean p1363 : new boolean[] {false, true}) {
            String name = jcaDigest + "withECDSA" + (p1363 ? "inP1363Format" : "");
            ServiceTable.Builder b = table.add(Family.EC, "Signature", name)
                    .attribute(
                            "SupportedKeyClasses",
                            "java.security.interfaces.ECPublicKey|java.security.interfaces.ECPrivateKey")
                    .nativeImpl(
                            () -> EvpPkey.hasKeyType("EC")
                                    && (digest == null
                                            || EvpDigest.fetch(digest).isPresent()),
                            p -> new EcdsaSignature(
                                    name, digest, p1363, Dispatch.engine(Family.EC, EcdsaSignature.ENGINES)))
                    .engines(EcdsaSignature.ENGINES);
            if (oid != null && !p1363) {
                b.oid(oid);
            }
            b.register();
        }
    }
}
