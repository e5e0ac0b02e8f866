package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The public half of a generated key is encoded in Java (a fixed header and the raw point or key)
 * and imported natively only when used: the encoding is exactly what OpenSSL's own encoder writes
 * for the key, the lazily imported native key has that same encoding, and the components are the
 * JDK's for the same encoding. Many keys per kind, so a point with leading zero bytes is met too.
 */
class PublicHalfTest {
    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of("EC", new ECGenParameterSpec("secp256r1")),
                Arguments.of("EC", new ECGenParameterSpec("secp384r1")),
                Arguments.of("EC", new ECGenParameterSpec("secp521r1")),
                Arguments.of("XDH", NamedParameterSpec.X25519),
                Arguments.of("XDH", NamedParameterSpec.X448),
                Arguments.of("EdDSA", NamedParameterSpec.ED25519),
                Arguments.of("EdDSA", NamedParameterSpec.ED448));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("kinds")
    void theJavaEncodingIsOpenSslsAndTheComponentsTheJdks(
            String algorithm, java.security.spec.AlgorithmParameterSpec spec) throws Exception {
        Providers.requireNative();
        KeyPairGenerator kpg = KeyPairGenerator.getInstance(algorithm, Providers.ACCEL);
        kpg.initialize(spec);
        KeyFactory jdk = KeyFactory.getInstance(algorithm, Providers.jdk("KeyFactory", algorithm));
        for (int i = 0; i < 200; i++) {
            KeyPair pair = kpg.generateKeyPair();
            PublicKey pub = pair.getPublic();
            AccelKey accel = (AccelKey) pub;
            // the native key is made here, from the raw form, and OpenSSL encodes it as we did
            assertArrayEquals(accel.nativeKey().publicDer(), pub.getEncoded());
            PublicKey theirs = jdk.generatePublic(new X509EncodedKeySpec(pub.getEncoded()));
            switch (pub) {
                case java.security.interfaces.ECPublicKey ec ->
                    assertEquals(((java.security.interfaces.ECPublicKey) theirs).getW(), ec.getW());
                case java.security.interfaces.XECPublicKey x ->
                    assertEquals(((java.security.interfaces.XECPublicKey) theirs).getU(), x.getU());
                case java.security.interfaces.EdECPublicKey e -> {
                    var p = ((java.security.interfaces.EdECPublicKey) theirs).getPoint();
                    assertEquals(p.getY(), e.getPoint().getY());
                    assertEquals(p.isXOdd(), e.getPoint().isXOdd());
                }
                default -> throw new AssertionError(pub.getClass());
            }
        }
    }
}
