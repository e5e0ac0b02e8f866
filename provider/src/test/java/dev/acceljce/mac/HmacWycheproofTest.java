package dev.acceljce.mac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Wycheproof HMAC vector file of the algorithms we serve. Groups with a tag size below the
 * MAC size are truncated-tag tests: the prefix of our MAC is compared, as Wycheproof intends.
 */
class HmacWycheproofTest {
    private static final Map<String, String> ALGORITHMS = Map.ofEntries(
            Map.entry("hmac_sha1_test.json", "HmacSHA1"),
            Map.entry("hmac_sha224_test.json", "HmacSHA224"),
            Map.entry("hmac_sha256_test.json", "HmacSHA256"),
            Map.entry("hmac_sha384_test.json", "HmacSHA384"),
            Map.entry("hmac_sha512_test.json", "HmacSHA512"),
            Map.entry("hmac_sha512_224_test.json", "HmacSHA512/224"),
            Map.entry("hmac_sha512_256_test.json", "HmacSHA512/256"),
            Map.entry("hmac_sha3_224_test.json", "HmacSHA3-224"),
            Map.entry("hmac_sha3_256_test.json", "HmacSHA3-256"),
            Map.entry("hmac_sha3_384_test.json", "HmacSHA3-384"),
            Map.entry("hmac_sha3_512_test.json", "HmacSHA3-512"));

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    static List<String> files() {
        List<String> files = new ArrayList<>(Wycheproof.files("hmac_sha*_test.json"));
        // every file we expect is in the cache, and every cached HMAC file is one we serve
        assertEquals(ALGORITHMS.keySet().stream().sorted().toList(), files);
        return files;
    }

    @ParameterizedTest
    @MethodSource("files")
    void allVectors(String file) throws Exception {
        String alg = ALGORITHMS.get(file);
        long before = Decisions.count("Mac", alg, Path.NATIVE);
        Mac mac = Mac.getInstance(alg, Providers.ACCEL);
        assertEquals(before + 1, Decisions.count("Mac", alg, Path.NATIVE), alg + " served natively");
        List<String> failures = new ArrayList<>();
        int count = 0;
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            count++;
            int tagBytes = c.group().get("tagSize").asInt() / 8;
            byte[] expected = c.hex("tag");
            mac.init(new RawKey(c.hex("key")));
            byte[] msg = c.hex("msg");
            // alternate the update styles; the result must not depend on them
            if (c.tcId() % 2 == 0) {
                mac.update(msg);
            } else {
                for (byte b : msg) {
                    mac.update(b);
                }
            }
            byte[] full = mac.doFinal();
            byte[] tag = Arrays.copyOf(full, Math.min(tagBytes, full.length));
            boolean matches = expected.length == tagBytes && MessageDigest.isEqual(tag, expected);
            if (c.valid() != matches) {
                failures.add(c.toString());
            }
        }
        assertTrue(count > 0);
        assertTrue(failures.isEmpty(), file + ": " + failures.size() + " failures: " + failures);
    }
}
