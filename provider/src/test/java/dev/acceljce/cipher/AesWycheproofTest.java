package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Project Wycheproof's AES-CBC-PKCS5, AES-WRAP (RFC 3394) and AES-KWP (RFC 5649) vectors. A valid
 * vector must encrypt to the exact ciphertext and decrypt back; an invalid one must be refused on
 * decryption with a JCA exception. Every verdict is also compared with SunJCE's.
 *
 * <p>Deliberate differences from SunJCE: an empty AES/CBC/PKCS5Padding ciphertext is refused
 * (SunJCE returns an empty plaintext), and a KW ciphertext shorter than 8 bytes is refused with
 * IllegalBlockSizeException (SunJCE fails with NegativeArraySizeException).
 *
 * <p>"acceptable" vectors (aes_wrap tcId 12, 54, 109: 8-byte keys wrapped into one block, allowed
 * by RFC 3394's errata but not by SunJCE) are refused, as SunJCE refuses them.
 */
class AesWycheproofTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void cbcPkcs5() throws Exception {
        run("aes_cbc_pkcs5", "AES/CBC/PKCS5Padding");
    }

    @Test
    void keyWrap() throws Exception {
        run("aes_wrap", "AESWrap");
    }

    @Test
    void keyWrapWithPadding() throws Exception {
        run("aes_kwp", "AESWrapPad");
    }

    private static void run(String file, String transformation) throws Exception {
        Cipher ours = Cipher.getInstance(transformation, Providers.ACCEL);
        Cipher jdk = Cipher.getInstance(transformation, "SunJCE");
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            checked++;
            String problem = check(c, ours, jdk);
            if (problem != null) {
                failures.add(c + ": " + problem);
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + checked + " failed:\n" + String.join("\n", failures));
        assertTrue(checked > 100, "only " + checked + " vectors");
    }

    private static String check(Wycheproof.Case c, Cipher ours, Cipher jdk) throws Exception {
        SecretKeySpec key = new SecretKeySpec(c.hex("key"), "AES");
        IvParameterSpec iv = c.test().has("iv") ? new IvParameterSpec(c.hex("iv")) : null;
        byte[] msg = c.hex("msg");
        byte[] ct = c.hex("ct");
        String ourDecrypt = decrypt(ours, key, iv, ct, msg);
        String jdkDecrypt = decrypt(jdk, key, iv, ct, msg);
        if (ct.length == 0 && c.file().equals("aes_cbc_pkcs5")) {
            // deliberate: SunJCE "decrypts" an empty padded ciphertext to nothing; it has no
            // padding block, so we refuse it, as Wycheproof demands
            jdkDecrypt = IllegalBlockSizeException.class.getSimpleName();
        }
        if (jdkDecrypt.equals(NegativeArraySizeException.class.getSimpleName())) {
            // SunJCE's KW sizes its output array as (input - 8) before checking the input length
            jdkDecrypt = IllegalBlockSizeException.class.getSimpleName();
        }
        if (!ourDecrypt.equals(jdkDecrypt)) {
            return "decryption: AccelJCE " + ourDecrypt + ", SunJCE " + jdkDecrypt;
        }
        if (c.valid()) {
            if (!ourDecrypt.equals("ok")) {
                return "valid vector not decrypted: " + ourDecrypt;
            }
            init(ours, Cipher.ENCRYPT_MODE, key, iv);
            if (!java.util.Arrays.equals(ct, ours.doFinal(msg))) {
                return "wrong ciphertext";
            }
        } else if (!(ourDecrypt.equals(BadPaddingException.class.getSimpleName())
                || ourDecrypt.equals(IllegalBlockSizeException.class.getSimpleName()))) {
            return "not refused with a JCA exception: " + ourDecrypt;
        }
        return null;
    }

    private static void init(Cipher cipher, int mode, SecretKeySpec key, IvParameterSpec iv)
            throws GeneralSecurityException {
        if (iv == null) {
            cipher.init(mode, key);
        } else {
            cipher.init(mode, key, iv);
        }
    }

    /** "ok", "wrong plaintext" or the simple name of the exception decryption threw. */
    private static String decrypt(Cipher cipher, SecretKeySpec key, IvParameterSpec iv, byte[] ct, byte[] msg) {
        try {
            init(cipher, Cipher.DECRYPT_MODE, key, iv);
            byte[] plain = cipher.doFinal(ct);
            return java.util.Arrays.equals(plain, msg) ? "ok" : "wrong plaintext";
        } catch (GeneralSecurityException | RuntimeException e) {
            return e.getClass().getSimpleName();
        }
    }

    @Test
    void acceptableVectorsAreTheShortKeyWraps() {
        long acceptable = Wycheproof.cases("aes_wrap").stream()
                .filter(c -> c.result().equals("acceptable"))
                .count();
        assertEquals(3, acceptable, "the class comment lists the acceptable vectors");
    }
}
