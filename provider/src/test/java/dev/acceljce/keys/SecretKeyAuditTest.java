package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import javax.security.auth.DestroyFailedException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The audit of AccelJCE's one secret key class, the PBKDF2 key of its SecretKeyFactory, against
 * SunJCE's PBKDF2 key of the same password, salt, count and length (every other secret key
 * AccelJCE returns is the JDK's own SecretKeySpec).
 */
class SecretKeyAuditTest {
    private static final char[] PASSWORD = "correct horse battery staple".toCharArray();
    private static final byte[] SALT = "a salt of 16 b..".getBytes(StandardCharsets.US_ASCII);

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static SecretKey[] pair(String prf) throws Exception {
        String alg = "PBKDF2With" + prf;
        PBEKeySpec spec = new PBEKeySpec(PASSWORD, SALT, 1000, 256);
        SecretKey ours = SecretKeyFactory.getInstance(alg, Providers.ACCEL).generateSecret(spec);
        SecretKey jdk = SecretKeyFactory.getInstance(alg, Providers.jdk("SecretKeyFactory", alg))
                .generateSecret(spec);
        assertTrue(
                ours.getClass().getName().startsWith("dev.acceljce."),
                ours.getClass().getName());
        return new SecretKey[] {ours, jdk};
    }

    @ParameterizedTest
    @ValueSource(strings = {"HmacSHA1", "HmacSHA224", "HmacSHA256", "HmacSHA384", "HmacSHA512"})
    void pbkdf2KeysAreSunJcesKeys(String prf) throws Exception {
        SecretKey[] p = pair(prf);
        SecretKey ours = p[0];
        SecretKey jdk = p[1];
        assertEquals(jdk.getAlgorithm(), ours.getAlgorithm());
        assertEquals(jdk.getFormat(), ours.getFormat());
        byte[] e = ours.getEncoded();
        assertArrayEquals(jdk.getEncoded(), e);
        e[0] ^= 1;
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded(), "getEncoded: a fresh copy");
        PBEKey o = (PBEKey) ours;
        PBEKey j = (PBEKey) jdk;
        assertArrayEquals(j.getPassword(), o.getPassword());
        o.getPassword()[0] = 'x';
        assertArrayEquals(j.getPassword(), o.getPassword(), "getPassword: a fresh copy");
        assertArrayEquals(j.getSalt(), o.getSalt());
        o.getSalt()[0] ^= 1;
        assertArrayEquals(j.getSalt(), o.getSalt(), "getSalt: a fresh copy");
        assertEquals(j.getIterationCount(), o.getIterationCount());
        // equals and hashCode, both ways
        assertTrue(ours.equals(jdk) && jdk.equals(ours));
        assertEquals(jdk.hashCode(), ours.hashCode());
        // serialized as SunJCE's: the same stream, back as the same class (a SecretKeySpec)
        byte[] s = KeyMaking.serialize(ours);
        assertArrayEquals(KeyMaking.serialize(jdk), s);
        Object back = KeyMaking.deserialize(s);
        assertEquals(KeyMaking.deserialize(KeyMaking.serialize(jdk)).getClass(), back.getClass());
        assertEquals(jdk, back);
        // toString: neither password nor key
        String text = ours.toString().toLowerCase(Locale.ROOT);
        assertFalse(text.contains(new String(PASSWORD).toLowerCase(Locale.ROOT)), text);
        assertFalse(text.contains(HexFormat.of().formatHex(jdk.getEncoded()).substring(0, 12)), text);
        // destroy(): refused by both, the key stays usable
        assertThrows(DestroyFailedException.class, jdk::destroy);
        assertThrows(DestroyFailedException.class, ours::destroy);
        assertEquals(jdk.isDestroyed(), ours.isDestroyed());
        Mac mac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        mac.init(ours);
        Mac jdkMac = Mac.getInstance("HmacSHA256", Providers.jdk("Mac", "HmacSHA256"));
        jdkMac.init(jdk);
        assertArrayEquals(jdkMac.doFinal(SALT), mac.doFinal(SALT));
    }
}
