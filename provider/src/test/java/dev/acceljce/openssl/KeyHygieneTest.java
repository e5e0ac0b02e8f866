package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Settings;
import dev.acceljce.testing.Providers;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Native copies of secrets that AccelJCE makes itself are zero before their memory is released:
 * the {@link Cleanse} observer reads the very native memory that held each secret, right after the
 * cleanse and before the arena frees it. Secrets are filled with 0x5A so a missed cleanse shows.
 */
class KeyHygieneTest {
    private static final byte FILL = 0x5A;
    private final List<byte[]> seen = new ArrayList<>();

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private void watch() {
        Consumer<MemorySegment> o = s -> {
            synchronized (seen) {
                seen.add(s.toArray(JAVA_BYTE));
            }
        };
        Cleanse.observer = o;
    }

    @AfterEach
    void unwatch() {
        Cleanse.observer = null;
    }

    private static byte[] secret(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, FILL);
        return b;
    }

    /** Every observed segment is all zeros, and one of each expected size was seen. */
    private void assertCleansed(int... sizes) {
        assertFalse(seen.isEmpty(), "nothing was cleansed");
        for (byte[] s : seen) {
            for (byte b : s) {
                assertEquals(0, b, "a native secret copy of " + s.length + " bytes was not cleansed");
            }
        }
        for (int size : sizes) {
            assertTrue(
                    seen.stream().anyMatch(s -> s.length == size),
                    "no cleansed copy of " + size + " bytes among "
                            + seen.stream().map(s -> s.length).toList());
        }
    }

    /**
     * An HKDF object on OpenSSL, whose EVP_KDF copies the inputs natively (on AWS-LC, the x86-64
     * default, HKDF reads the caller's arrays in place and makes no copy).
     */
    private static KDF onOpenSsl(String algorithm) throws Exception {
        Settings.set("acceljce.engine.kdf", "openssl");
        try {
            return KDF.getInstance(algorithm, Providers.ACCEL);
        } finally {
            Settings.set("acceljce.engine.kdf", null);
        }
    }

    @Test
    void hkdfKeyAndSaltCopies() throws Exception {
        KDF kdf = onOpenSsl("HKDF-SHA256");
        watch();
        kdf.deriveData(HKDFParameterSpec.ofExtract()
                .addIKM(new SecretKeySpec(secret(37), "Generic"))
                .addSalt(secret(19))
                .thenExpand(new byte[3], 42));
        assertCleansed(37, 19);
    }

    @Test
    void hkdfExpandPrkCopy() throws Exception {
        KDF kdf = onOpenSsl("HKDF-SHA512");
        watch();
        kdf.deriveData(HKDFParameterSpec.expandOnly(new SecretKeySpec(secret(64), "Generic"), null, 100));
        assertCleansed(64);
    }

    @Test
    void pbkdf2PasswordSaltAndOutputCopies() throws Exception {
        SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", Providers.ACCEL);
        char[] password = new char[23];
        Arrays.fill(password, 'Z');
        watch();
        f.generateSecret(new PBEKeySpec(password, secret(17), 10, 8 * 29));
        assertCleansed(23, 17, 29);
    }

    @Test
    void longHmacKeyCopy() throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        int length = Native.MAX_CHUNK + 3; // above MAX_CHUNK the key is copied to native memory
        watch();
        mac.init(new SecretKeySpec(secret(length), "HmacSHA256"));
        assertCleansed(length);
    }
}
