package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The key factory's path without the JDK (used only in a JVM where the JDK's provider of the
 * family is not installed), checked here against the JDK's, which this JVM has: every spec the
 * JDK's KeyFactory gives for its keys becomes, through {@link NativeKeySpecs}, a key with the JDK
 * key's encoding, and our keys give back the JDK's specs, value for value.
 */
class NativeKeySpecsTest {
    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of(
                        "EC",
                        new ECGenParameterSpec("secp256r1"),
                        EnumSet.of(KeyKind.EC),
                        ECPublicKeySpec.class,
                        ECPrivateKeySpec.class),
                Arguments.of(
                        "EC",
                        new ECGenParameterSpec("secp521r1"),
                        EnumSet.of(KeyKind.EC),
                        ECPublicKeySpec.class,
                        ECPrivateKeySpec.class),
                Arguments.of("RSA", null, EnumSet.of(KeyKind.RSA), RSAPublicKeySpec.class, RSAPrivateCrtKeySpec.class),
                Arguments.of(
                        "Ed25519",
                        NamedParameterSpec.ED25519,
                        EnumSet.of(KeyKind.ED25519),
                        EdECPublicKeySpec.class,
                        EdECPrivateKeySpec.class),
                Arguments.of(
                        "Ed448",
                        NamedParameterSpec.ED448,
                        EnumSet.of(KeyKind.ED448),
                        EdECPublicKeySpec.class,
                        EdECPrivateKeySpec.class),
                Arguments.of(
                        "X25519",
                        NamedParameterSpec.X25519,
                        EnumSet.of(KeyKind.X25519),
                        XECPublicKeySpec.class,
                        XECPrivateKeySpec.class),
                Arguments.of(
                        "X448",
                        NamedParameterSpec.X448,
                        EnumSet.of(KeyKind.X448),
                        XECPublicKeySpec.class,
                        XECPrivateKeySpec.class));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kinds")
    <P extends KeySpec, Q extends KeySpec> void specsBecomeTheJdksKeysAndBack(
            String algorithm,
            java.security.spec.AlgorithmParameterSpec params,
            Set<KeyKind> kinds,
            Class<P> publicSpec,
            Class<Q> privateSpec)
            throws Exception {
        Providers.requireNative();
        KeyPairGenerator kpg = KeyPairGenerator.getInstance(algorithm, Providers.jdk("KeyPairGenerator", algorithm));
        if (params != null) {
            kpg.initialize(params);
        } else {
            kpg.initialize(2048);
        }
        KeyFactory jdk = KeyFactory.getInstance(algorithm, Providers.jdk("KeyFactory", algorithm));
        for (int i = 0; i < 20; i++) {
            KeyPair pair = kpg.generateKeyPair();
            PublicKey pub = NativeKeySpecs.generatePublic(jdk.getKeySpec(pair.getPublic(), publicSpec), kinds);
            PrivateKey priv = NativeKeySpecs.generatePrivate(jdk.getKeySpec(pair.getPrivate(), privateSpec), kinds);
            assertArrayEquals(pair.getPublic().getEncoded(), pub.getEncoded());
            // the same private key, by the JDK's reading of ours
            assertEquals(
                    describe(jdk.getKeySpec(pair.getPrivate(), privateSpec)),
                    describe(jdk.getKeySpec(jdk.translateKey(priv), privateSpec)));
            // and back: our keys' specs are the JDK's
            assertEquals(
                    describe(jdk.getKeySpec(pair.getPublic(), publicSpec)),
                    describe(NativeKeySpecs.keySpec(pub, publicSpec)));
            assertEquals(
                    describe(jdk.getKeySpec(pair.getPrivate(), privateSpec)),
                    describe(NativeKeySpecs.keySpec(priv, privateSpec)));
        }
    }

    @Test
    void anRsaPrivateKeyWithoutCrtComponentsNeedsTheJdk() {
        Providers.requireNative();
        assertThrows(
                InvalidKeySpecException.class,
                () -> NativeKeySpecs.generatePrivate(
                        new RSAPrivateKeySpec(java.math.BigInteger.valueOf(3233), java.math.BigInteger.valueOf(413)),
                        EnumSet.of(KeyKind.RSA)));
    }

    /** A spec's values, for comparing specs that have no equals. */
    private static String describe(KeySpec spec) {
        return switch (spec) {
            case ECPublicKeySpec s ->
                s.getW().getAffineX() + "," + s.getW().getAffineY() + ","
                        + s.getParams().getOrder();
            case ECPrivateKeySpec s -> s.getS() + "," + s.getParams().getOrder();
            case RSAPublicKeySpec s -> s.getModulus() + "," + s.getPublicExponent();
            case RSAPrivateCrtKeySpec s ->
                s.getModulus() + "," + s.getPrivateExponent() + "," + s.getPrimeP() + "," + s.getPrimeQ() + ","
                        + s.getPrimeExponentP() + "," + s.getPrimeExponentQ() + "," + s.getCrtCoefficient();
            case EdECPublicKeySpec s ->
                s.getParams().getName() + "," + s.getPoint().isXOdd() + ","
                        + s.getPoint().getY();
            case EdECPrivateKeySpec s ->
                s.getParams().getName() + "," + java.util.HexFormat.of().formatHex(s.getBytes());
            case XECPublicKeySpec s -> ((NamedParameterSpec) s.getParams()).getName() + "," + s.getU();
            case XECPrivateKeySpec s ->
                ((NamedParameterSpec) s.getParams()).getName() + ","
                        + java.util.HexFormat.of().formatHex(s.getScalar());
            default -> throw new AssertionError(spec.getClass());
        };
    }
}
