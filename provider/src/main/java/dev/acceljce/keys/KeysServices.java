package dev.acceljce.keys;

import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.service.ServiceTable;
import java.util.EnumSet;
import java.util.Set;

/**
 * KeyPairGenerator, KeyFactory and AlgorithmParameters services of the public-key families, with
 * SunEC's and SunRsaSign's names, aliases and OIDs. The AlgorithmParameters ("EC", "RSASSA-PSS")
 * are pure data and forward to the JDK's implementations, so they interoperate exactly; without
 * the JDK's EC provider, AccelJCE's own {@link EcParameters} serves the curves it serves, and
 * without SunRsaSign, {@link dev.acceljce.params.PssParameters} the PSS parameters.
 */
public final class KeysServices {
    private static final String EC_OID = "1.2.840.10045.2.1";

    private KeysServices() {}

    public static void register(ServiceTable table) {
        Set<KeyKind> ec = EnumSet.of(KeyKind.EC);
        keyFactory(table, Family.EC, "EC", ec)
                .aliases("EllipticCurve")
                .oid(EC_OID)
                .register();
        table.add(Family.EC, "KeyPairGenerator", "EC")
                .aliases("EllipticCurve")
                .oid(EC_OID)
                .nativeImpl(
                        () -> EvpPkey.hasKeyType("EC"),
                        p -> new EcKeyPairGenerator(Dispatch.engine(Family.EC, EcKeyPairGenerator.ENGINES)))
                .engines(EcKeyPairGenerator.ENGINES)
                .register();
        table.add(Family.EC, "AlgorithmParameters", "EC")
                .aliases("EllipticCurve")
                .oid(EC_OID)
                .withoutJdk(p -> new EcParameters())
                .register();

        // the JDK lists 1.2.840.113549.1.1.1 (rsaEncryption) without its "OID." form
        keyFactory(table, Family.RSA, "RSA", EnumSet.of(KeyKind.RSA))
                .oid("1.2.840.113549.1.1")
                .aliases("1.2.840.113549.1.1.1")
                .handsToJdk("private keys without CRT components (returned as SunRsaSign makes them)")
                .register();
        table.add(Family.RSA, "KeyPairGenerator", "RSA")
                .oid("1.2.840.113549.1.1")
                .aliases("1.2.840.113549.1.1.1")
                .nativeImpl(() -> EvpPkey.hasKeyType("RSA"), p -> new RsaKeyPairGenerator())
                .handsToJdk("moduli outside " + RsaKeyPairGenerator.MIN_NATIVE_BITS + ".."
                        + RsaKeyPairGenerator.MAX_NATIVE_BITS + " bits, public exponents of 2^63 and more,"
                        + " key parameters in RSAKeyGenParameterSpec: SunRsaSign")
                .register();
        table.add(Family.RSA, "AlgorithmParameters", "RSASSA-PSS")
                .aliases("PSS")
                .oid("1.2.840.113549.1.1.10")
                .withoutJdk(p -> new dev.acceljce.params.PssParameters())
                .register();

        named(table, Family.EDDSA, "EdDSA", null, KeyKind.ED25519, EnumSet.of(KeyKind.ED25519, KeyKind.ED448));
        named(table, Family.EDDSA, "Ed25519", "1.3.101.112", KeyKind.ED25519, EnumSet.of(KeyKind.ED25519));
        named(table, Family.EDDSA, "Ed448", "1.3.101.113", KeyKind.ED448, EnumSet.of(KeyKind.ED448));
        named(table, Family.XDH, "XDH", null, KeyKind.X25519, EnumSet.of(KeyKind.X25519, KeyKind.X448));
        named(table, Family.XDH, "X25519", "1.3.101.110", KeyKind.X25519, EnumSet.of(KeyKind.X25519));
        named(table, Family.XDH, "X448", "1.3.101.111", KeyKind.X448, EnumSet.of(KeyKind.X448));
    }

    private static ServiceTable.Builder keyFactory(
            ServiceTable table, Family family, String algorithm, Set<KeyKind> kinds) {
        return table.add(family, "KeyFactory", algorithm)
                .nativeImpl(
                        () -> kinds.stream().allMatch(k -> EvpPkey.hasKeyType(k.opensslType())),
                        p -> new AccelKeyFactory(algorithm, kinds));
    }

    private static void named(
            ServiceTable table, Family family, String algorithm, String oid, KeyKind defaultKind, Set<KeyKind> kinds) {
        ServiceTable.Builder kf = keyFactory(table, family, algorithm, kinds);
        // Ed25519 and X25519 keys on either library; a service of Ed448 or X448 alone on OpenSSL
        Set<Engine> engines = kinds.contains(KeyKind.ED25519) || kinds.contains(KeyKind.X25519)
                ? NamedKeyPairGenerator.ENGINES
                : EnumSet.of(Engine.OPENSSL);
        ServiceTable.Builder kpg = table.add(family, "KeyPairGenerator", algorithm)
                .nativeImpl(
                        () -> kinds.stream().allMatch(k -> EvpPkey.hasKeyType(k.opensslType())),
                        p -> new NamedKeyPairGenerator(algorithm, defaultKind, Dispatch.engine(family, engines)))
                .engines(engines);
        if (oid != null) {
            kf.oid(oid);
            kpg.oid(oid);
        }
        kf.register();
        kpg.register();
    }
}
