package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.acceljce.spec.Argon2ParameterSpec;
import dev.acceljce.spec.KmacParameterSpec;
import java.nio.ByteBuffer;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The services the JDK lacks (AES CCM, GCM-SIV, SIV, XTS; AES-CMAC, KMAC; Argon2): there is no JDK
 * twin to compare with, so each step must end as a JCA method may (never a crash, never another
 * exception: {@link Both#ours}), and every encryption that succeeds must decrypt back to its
 * plaintext with the same key, parameters and AAD, while a flipped byte must fail with
 * AEADBadTagException without writing the caller's output. Keys, parameter specs, AAD and data
 * are random in length and kind. Services the loaded library lacks (GCM-SIV, Argon2 on OpenSSL
 * 3.0) are not picked.
 */
class BeyondJdkFuzzTest {
    private static final String[] CIPHERS =
            present("Cipher", "AES/CCM/NoPadding", "AES/GCM-SIV/NoPadding", "AES/SIV/NoPadding", "AES/XTS/NoPadding");
    private static final String[] MACS = present("Mac", "AESCMAC", "KMAC128", "KMAC256");

    private static String[] present(String type, String... names) {
        return Arrays.stream(names)
                .filter(n -> Both.ACCEL.getService(type, n) != null)
                .toArray(String[]::new);
    }

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        switch (pick.choose(3)) {
            case 0 -> cipher(pick);
            case 1 -> mac(pick);
            default -> argon2(pick);
        }
    }

    private static byte[] key(Pick pick) {
        int[] lengths = {16, 24, 32, 48, 64, 0, 15, 33};
        return pick.bool() ? new byte[lengths[pick.choose(lengths.length)]] : pick.bytes(70);
    }

    private static AlgorithmParameterSpec params(Pick pick) {
        return switch (pick.choose(5)) {
            case 0 -> null;
            case 1 -> new IvParameterSpec(pick.bytes(20));
            case 2 -> new GCMParameterSpec(pick.one(new Integer[] {32, 64, 96, 112, 128, 120, 0, 256}), pick.bytes(16));
            case 3 -> new GCMParameterSpec(128, pick.bytes(14));
            default -> new KmacParameterSpec(pick.bytes(8));
        };
    }

    private static void cipher(Pick pick) throws Exception {
        String alg = pick.one(CIPHERS);
        Cipher enc = Cipher.getInstance(alg, Both.ACCEL);
        Cipher dec = Cipher.getInstance(alg, Both.ACCEL);
        byte[] keyBytes = key(pick);
        if (keyBytes.length == 0) {
            keyBytes = new byte[1];
        }
        SecretKeySpec key = new SecretKeySpec(keyBytes, "AES");
        AlgorithmParameterSpec params = params(pick);
        Both.Outcome init = Both.run(() -> {
            enc.init(Cipher.ENCRYPT_MODE, key, params);
            return null;
        });
        Both.ours(alg + " init", init);
        if (init.failed()) {
            return;
        }
        AlgorithmParameterSpec used = params != null ? params : paramsOf(enc, alg);
        List<byte[]> aad = new java.util.ArrayList<>();
        java.io.ByteArrayOutputStream plain = new java.io.ByteArrayOutputStream();
        for (int step = 0; step < 12 && pick.more(); step++) {
            String name = alg + " step " + step;
            switch (pick.choose(4)) {
                case 0 -> {
                    byte[] a = pick.bytes(40);
                    Both.Outcome o = Both.run(() -> {
                        enc.updateAAD(a);
                        return null;
                    });
                    Both.ours(name + " updateAAD", o);
                    if (!o.failed() && a.length > 0) {
                        aad.add(a);
                    }
                }
                case 1 -> {
                    byte[] in = pick.bytes(200);
                    int[] r = pick.range(in.length);
                    Both.Outcome o = Both.run(() -> enc.update(in, r[0], r[1]));
                    Both.ours(name + " update", o);
                    if (!o.failed()) {
                        plain.write(in, r[0], r[1]);
                    }
                }
                case 2 -> {
                    byte[] in = pick.bytes(100);
                    ByteBuffer b = pick.bool()
                            ? ByteBuffer.allocateDirect(in.length).put(in).flip()
                            : ByteBuffer.wrap(in);
                    ByteBuffer out = ByteBuffer.allocate(pick.intIn(0, 400));
                    Both.Outcome o = Both.run(() -> enc.update(b, out));
                    Both.ours(name + " update(ByteBuffer)", o);
                    if (!o.failed()) {
                        plain.write(in);
                    }
                }
                default -> {
                    Both.Outcome o = Both.run(() -> enc.getOutputSize(pick.intIn(-5, 500)));
                    Both.ours(name + " getOutputSize", o);
                }
            }
        }
        byte[][] result = new byte[1][];
        Both.Outcome fin = Both.run(() -> result[0] = enc.doFinal());
        Both.ours(alg + " doFinal", fin);
        if (fin.failed()) {
            return;
        }
        roundTrip(pick, alg, dec, key, used, aad, plain.toByteArray(), result[0]);
    }

    private static AlgorithmParameterSpec paramsOf(Cipher c, String alg) throws Exception {
        if (c.getParameters() == null) {
            return null;
        }
        if (alg.contains("GCM") || alg.contains("CCM")) {
            return c.getParameters().getParameterSpec(GCMParameterSpec.class);
        }
        return c.getParameters().getParameterSpec(IvParameterSpec.class);
    }

    private static void roundTrip(
            Pick pick,
            String alg,
            Cipher dec,
            SecretKeySpec key,
            AlgorithmParameterSpec params,
            List<byte[]> aad,
            byte[] plain,
            byte[] sealed)
            throws Exception {
        dec.init(Cipher.DECRYPT_MODE, key, params);
        aad.forEach(dec::updateAAD);
        byte[] back = dec.doFinal(sealed);
        if (!Arrays.equals(plain, back)) {
            throw new AssertionError(alg + ": decryption of the encryption differs");
        }
        if (alg.contains("XTS") || sealed.length == 0) {
            return;
        }
        byte[] bad = sealed.clone();
        bad[pick.intIn(0, bad.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
        dec.init(Cipher.DECRYPT_MODE, key, params);
        aad.forEach(dec::updateAAD);
        byte[] out = new byte[bad.length + 32];
        Arrays.fill(out, (byte) 0x5a);
        Both.Outcome o = Both.run(() -> dec.doFinal(bad, 0, bad.length, out, 0));
        if (!(o.error() instanceof javax.crypto.AEADBadTagException)) {
            throw new AssertionError(alg + ": a flipped bit ended in " + o.describe());
        }
        for (byte b : out) {
            if (b != 0x5a) {
                throw new AssertionError(alg + ": output written after a failed tag");
            }
        }
    }

    private static void mac(Pick pick) throws Exception {
        String alg = pick.one(MACS);
        Mac mac = Mac.getInstance(alg, Both.ACCEL);
        byte[] k = key(pick);
        AlgorithmParameterSpec params = alg.startsWith("KMAC") && pick.bool()
                ? new KmacParameterSpec(pick.bytes(600), pick.intIn(0, 300))
                : params(pick);
        Both.Outcome init = Both.run(() -> {
            mac.init(new SecretKeySpec(k.length == 0 ? new byte[1] : k, alg), params);
            return null;
        });
        Both.ours(alg + " init", init);
        for (int step = 0; step < 10 && pick.more(); step++) {
            byte[] in = pick.bytes(300);
            int[] r = pick.range(in.length);
            Both.ours(
                    alg + " step " + step,
                    switch (pick.choose(4)) {
                        case 0 ->
                            Both.run(() -> {
                                mac.update(in, r[0], r[1]);
                                return null;
                            });
                        case 1 -> Both.run(mac::doFinal);
                        case 2 ->
                            Both.run(() -> {
                                mac.reset();
                                return null;
                            });
                        default -> Both.run(() -> ((Mac) mac.clone()).doFinal(in));
                    });
        }
    }

    private static void argon2(Pick pick) throws Exception {
        if (Both.ACCEL.getService("KDF", "Argon2id") == null) {
            return;
        }
        String alg = pick.one(new String[] {"Argon2id", "Argon2i", "Argon2d"});
        KDF kdf = KDF.getInstance(alg, Both.ACCEL);
        Both.Outcome o = Both.run(() -> kdf.deriveData(Argon2ParameterSpec.builder()
                .password(pick.bytes(20))
                .salt(pick.bytes(20))
                .secret(pick.bytes(8))
                .associatedData(pick.bytes(8))
                .iterations(pick.intIn(-1, 2))
                .memoryKiB(pick.intIn(-1, 64))
                .lanes(pick.intIn(-1, 5))
                .threads(pick.intIn(-1, 3))
                .outputLength(pick.intIn(-1, 70))
                .build()));
        Both.ours(alg + " deriveData", o);
    }
}
