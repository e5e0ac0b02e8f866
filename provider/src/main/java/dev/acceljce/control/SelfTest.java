package dev.acceljce.control;

import static dev.acceljce.control.KnownAnswers.*;

import dev.acceljce.openssl.DigestSignOneShot;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpKdf;
import dev.acceljce.openssl.EvpKem;
import dev.acceljce.openssl.EvpMessageSignature;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.EvpPkeyCrypt;
import dev.acceljce.openssl.EvpPkeyDerive;
import dev.acceljce.openssl.LibContext;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.OsslParams;
import dev.acceljce.openssl.PkeySignContext;
import dev.acceljce.openssl.Rand;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Known-answer tests of the native path, run once before it serves anything (see {@link Health}).
 * Every test calls the OpenSSL bindings directly, never a JCA look-up (which could be routed to
 * the JDK), and every expected value comes from a published standard, cited beside it.
 *
 * <p>A test whose algorithm the loaded library does not offer is "not tested" (the service is not
 * offered natively either). Adding a family's test is one entry in {@code TESTS}: a
 * {@link #kat known-answer test} (a computation and the published answer) or a
 * {@link #check health check} (a computation that judges its own result).
 *
 * <p>System property {@code acceljce.selftest.fail} (a comma-separated list of family names as
 * {@link Family#property()} spells them, or {@code all}) makes those families' tests fail, by
 * comparing against a corrupted answer: for testing the fallback, never for production.
 */
public final class SelfTest {
    /** The property that injects failures. */
    public static final String FAIL_PROPERTY = "acceljce.selftest.fail";

    /** The outcome of one test, or of a family's tests together. */
    public enum Status {
        PASSED,
        FAILED,
        NOT_TESTED
    }

    /**
     * One test's outcome. {@code reason} says why it failed or was not run; null when it passed.
     * {@code engine} is the library tested; {@code throughSpi} tells a test of an SPI class
     * ({@link EngineSelfTests}) from one of the bindings (this class's table).
     */
    public record Result(
            Family family,
            String name,
            String source,
            Status status,
            String reason,
            long nanos,
            Engine engine,
            boolean throughSpi) {}

    /**
     * A family's status: failed if any of its tests failed, passed if one passed and none failed,
     * else not tested. {@code reason} joins the failures, or says why nothing was tested.
     */
    public record FamilyStatus(Status status, String reason) {}

    private static final FamilyStatus NO_TEST = new FamilyStatus(Status.NOT_TESTED, "no self-test for this family");

    /** Everything one run found. */
    public record Report(
            List<Result> results, Map<Family, FamilyStatus> families, long totalNanos, Set<Family> injected) {
        public Report {
            results = List.copyOf(results);
            // EnumMap's copy constructor refuses an empty map of another kind
            families = families.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(families));
            injected = injected.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(injected));
        }

        /**
         * The status of {@code family}'s native path (its OpenSSL tests); NOT_TESTED when it has no
         * test (or none ran).
         */
        public FamilyStatus of(Family family) {
            return families.getOrDefault(family, NO_TEST);
        }

        /** The status of {@code family}'s tests on {@code engine}; NOT_TESTED when it has none there. */
        public FamilyStatus of(Family family, Engine engine) {
            List<Result> own = results.stream()
                    .filter(r -> r.family == family && r.engine == engine)
                    .toList();
            return own.isEmpty() ? NO_TEST : summarise(own);
        }

        /** FAILED if any family failed, PASSED if at least one passed, else NOT_TESTED. */
        public Status overall() {
            if (families.values().stream().anyMatch(f -> f.status == Status.FAILED)) {
                return Status.FAILED;
            }
            return families.values().stream().anyMatch(f -> f.status == Status.PASSED)
                    ? Status.PASSED
                    : Status.NOT_TESTED;
        }
    }

    /** A computation through the bindings; returns empty when the library lacks the algorithm. */
    @FunctionalInterface
    private interface Computation {
        Optional<byte[]> compute();
    }

    /** A self-judging check: returns null when healthy, else what is wrong. */
    @FunctionalInterface
    private interface Check {
        String problem(boolean injectFailure);
    }

    /** One test of the table. */
    private record Test(Family family, String name, String source, Check check) {}

    private static final HexFormat HEX = HexFormat.of();

    /** Thrown by a computation whose algorithm the library does not offer. */
    private static final class NotOffered extends RuntimeException {
        NotOffered(String what) {
            super(what + " not offered by " + LibCrypto.version(), null, false, false);
        }
    }

    // Wycheproof mlkem_512_keygen_seed tcId 1 and mlkem_512_encaps tcId 10: d || z, and m
    private static final String MLKEM512_SEED = "7c9935a0b07694aa0c6d10e4db6b1add2fd81a25ccb148032dcd739936737f2d"
            + "8626ed79d451140800e03b59b956f8210e556067407d13dc90fa9e8b872bfb8f";
    private static final String MLKEM512_M = "147c03f7a5bebba406c8fae1874d7f13c80efe79a3a9a874cc09fe76f6997615";

    // The ECDSA, Ed25519, X25519, GCM and ChaCha20-Poly1305 vectors are in KnownAnswers
    // Wycheproof (github.com/C2SP/wycheproof), testvectors_v1/rsa_pkcs1_2048_sig_gen_test.json, the
    // SHA-256 test group (RsassaPkcs1Generate, keySize 2048): its privateKeyPkcs8 (with CRT
    // components), its keyDer (SubjectPublicKeyInfo) and tcId 85, message "Message" (4d657373616765).
    // testvectors_v1/rsa_oaep_2048_sha256_mgf1sha256_test.json tcId 5 (SHA-256, MGF1-SHA-256, empty
    // label, message "Message"): that file's key has the same n, e, p, q, dP, dQ and qInv as the one
    // above (only d differs, another inverse of e, which a CRT key does not use), so it is decrypted
    // with the key above rather than a second 2048-bit key.
    private static final String RSA2048_PKCS8 = "308204bd020100300d06092a864886f70d0101010500048204a73082"
            + "04a30201000282010100a2b451a07d0aa5f96e455671513550514a8a5b462ebef717094fa1fee82224e637f9746d3f7c"
            + "afd31878d80325b6ef5a1700f65903b469429e89d6eac8845097b5ab393189db92512ed8a7711a1253facd20f79c15e8"
            + "247f3d3e42e46e48c98e254a2fe9765313a03eff8f17e1a029397a1fa26a8dce26f490ed81299615d9814c22da610428"
            + "e09c7d9658594266f5c021d0fceca08d945a12be82de4d1ece6b4c03145b5d3495d4ed5411eb878daf05fd7afc3e09ad"
            + "a0f1126422f590975a1969816f48698bcbba1b4d9cae79d460d8f9f85e7975005d9bc22c4e5ac0f7c1a45d12569a6280"
            + "7d3b9a02e5a530e773066f453d1f5b4c2e9cf7820283f742b9d50203010001028201007627eef3567b2a27268e52053e"
            + "cd31c3a7172ccb9ddcee819b306a5b3c66b7573ca4fa88efc6f3c4a00bfa0ae7139f64543a4dac3d05823f6ff477cfce"
            + "c84fe2ac7a68b17204b390232e110310c4e899c4e7c10967db4acde042dbbf19dbe00b4b4741de1020aaaaffb5054c79"
            + "7c9f136f7d93ac3fc8caff6654242d7821ebee517bf537f44366a0fdd45ae05b9909c2e6cc1ed9281eff4399f76c96b9"
            + "6233ec29ae0bbf0d752b234fc197389f51050aa1acd01c074c3ac8fbdb9ea8b651a95995e8db4ad5c43b6c8673e5a126"
            + "e7ee94b8dff4c5afc01259bc8da76950bae6f8bae715f50985b0d6f66d04c6fef3b700720eecdcdf171bb7b1ecbe7289"
            + "c467c102818100dc431050f782e894fb5248247d98cb7d58b8d1e24f3b55d041c56e4de086b0d5bb028bda42eeb5d234"
            + "d5681e5809d415e6a289ad4cfbf78f978f6c35814f50eebff1c5b80a69f788e81e6bab5ddaa78369d659d143ec6f17e7"
            + "9813a575cfad9c569156b90113e2e9110ad9e7b48a1c9348a6e653321191290ea36cfb3a5b18f102818100bd1a81e797"
            + "7f9898122273ae3222b598ea5fb19eb4eabc38308a5e32196603b2e500ffb79f5b886816611debc472fac45544070beb"
            + "057c941378a6868af3b7a03d3f9880ec47d5e089b94fbde542aba9ae8d72c57088d7abf5b131f39098f7bc160f90536a"
            + "bc9492fd4e06f3ed7299d4b97bb03677207d95669f140cfbc20f2502818100a94b528b28f291599121d91952ffd1c7f2"
            + "1d7c1479d99d478885fb161870ee1218bf08472612dbe5497e8d9c650688e09c786961ae3e2c354dc48ae34514759c4c"
            + "23c4588488961dc06b414e61c0e1e7fbbd2923d31532fe289f96da220711e58c14019808e00414276933bb07e4efb9b4"
            + "a9b37656917205209f33f09515d7c10281803af0e72a933aef09ff2503df78bafed531c02ff1a2bc437c540cdcbd4ad3"
            + "5435cf511763596543480629b114ca7f780ff7efa32ea0cb6e000d6d9ea1f2ef71fd9cf9948422a165557e37e755edfe"
            + "70d90b920502eb478bc98a63f788ce3a0f856d6ede7251a383bfa8fa480a81a925af7b3cc538c4bab8c9f7597ffb6801"
            + "1d8d0281802640fbfbcfefb163ee7a87b6483a66ee41f956d90fa8a7939bfc042ee0924b1b7993d0445f758d51933e85"
            + "179c0320b0c968b48a91c38b5be923e1097c0c562f88d42294b6a2759bafa5428a74f1270874e45f6fcc60f21602de5e"
            + "ccd143cf31241f5921b5ad3983fb54ef17be3b285367e50c999c67247b552fe4bfce945f7b";
    private static final String RSA2048_SPKI = "30820122300d06092a864886f70d01010105000382010f003082010a"
            + "0282010100a2b451a07d0aa5f96e455671513550514a8a5b462ebef717094fa1fee82224e637f9746d3f7cafd31878d8"
            + "0325b6ef5a1700f65903b469429e89d6eac8845097b5ab393189db92512ed8a7711a1253facd20f79c15e8247f3d3e42"
            + "e46e48c98e254a2fe9765313a03eff8f17e1a029397a1fa26a8dce26f490ed81299615d9814c22da610428e09c7d9658"
            + "594266f5c021d0fceca08d945a12be82de4d1ece6b4c03145b5d3495d4ed5411eb878daf05fd7afc3e09ada0f1126422"
            + "f590975a1969816f48698bcbba1b4d9cae79d460d8f9f85e7975005d9bc22c4e5ac0f7c1a45d12569a62807d3b9a02e5"
            + "a530e773066f453d1f5b4c2e9cf7820283f742b9d50203010001";
    private static final String RSA2048_SHA256_SIGNATURE = "513a5abde16b5e0ecb8659d3ca0845800adf75cfc4437d42fa34e7aa"
            + "fbbe35fc5984d3560cba938f9a622e932bb6162b7fbb6cd8c1cf8815f28c495995ac18cdbe8fabfdce29c17aa021df19"
            + "2ac02d080d7c5eda6bd4c99154178a9d5e1cf3ff4177106315f4e6d74c991b601069acd60b55b3bb4dbf6316c35096a4"
            + "87d6756181d3394944f1c742a2f4d608ce4f6abbfb72347ad7d342ae15dd6d1049fbd0ff55f4d7c43ab805f81ff1fbe9"
            + "256b5c78c2de6beb787f4b6d66d290a3d4c4857368aea5f7ebaa1296020c8f9e3670441a08038bb810e853a654e44316"
            + "a4e52428745123ce2714020d00e55a9eb82f7fb41c73d852a82b003670246c6ca2045fc8";
    private static final String RSA2048_OAEP_CIPHERTEXT = "121196e51a3f4476bfb6adddfdeb3a25dad72d1ea315d652f331a436"
            + "31ad36724b3d14532110dc44e407b1184618f115677b33751fb0e8786ba220cfa7fc3fce22822eabdd4fc2761c7f34a0"
            + "4e8f13c1021c31adc123a32d871f0da6cdacab9c020222da52afd5c307a6e55e4566944403fda426ee2c6c973ccaaafe"
            + "2d081ed8c5b1dc00662424e395faed86c9ae19a3a95950c83d2a9ad5c7e7f670faeb123acef07fe7795ad298aafe5435"
            + "04d7811336b3e2ecb1622bc90599a185b34700f8f4c52a651d73ea57e8cfa80e61d9da61f36951c7194ae4dee3c6e67b"
            + "5757a39685dd3fe01cb87620a54666ff8132e93d7081d38ddc9f079431075e96cca78f59";

    /** In {@link Family} order, so reports list families as the enum does. */
    private static final List<Test> TESTS = List.of(
            // Health, not a known answer: a DRBG's output cannot be predicted from outside, and the
            // SP 800-90A section 11.3 health tests are OpenSSL's own. Here: it produces, does not
            // repeat (the idea of FIPS 140-2 section 4.9.2's continuous test), and claims >= 128 bits.
            check(
                    Family.DRBG,
                    "DRBG output does not repeat",
                    "non-repetition check (FIPS 140-2 4.9.2 idea)",
                    SelfTest::drbgProblem),
            kat(
                    Family.RSA,
                    "RSASSA-PKCS1-v1_5 SHA-256 signature",
                    "Wycheproof rsa_pkcs1_2048_sig_gen_test SHA-256 group, tcId 85",
                    RSA2048_SHA256_SIGNATURE,
                    () -> rsaPkcs1Sign(hex(RSA2048_PKCS8), ascii("Message"))),
            check(
                    Family.RSA,
                    "RSASSA-PKCS1-v1_5 SHA-256 verification",
                    "Wycheproof rsa_pkcs1_2048_sig_gen_test SHA-256 group, tcId 85",
                    SelfTest::rsaPkcs1VerifyProblem),
            kat(
                    Family.RSA,
                    "RSA-OAEP SHA-256 decryption",
                    "Wycheproof rsa_oaep_2048_sha256_mgf1sha256_test tcId 5",
                    HEX.formatHex(ascii("Message")),
                    () -> rsaOaepDecrypt(hex(RSA2048_PKCS8), hex(RSA2048_OAEP_CIPHERTEXT))),
            check(
                    Family.EC,
                    "ECDSA P-256 verification",
                    "RFC 6979 A.2.5 (SHA-256, \"sample\")",
                    SelfTest::ecdsaProblem),
            kat(
                    Family.EDDSA,
                    "Ed25519 signature",
                    "RFC 8032 7.1 test 1",
                    ED25519_SIGNATURE,
                    () -> ed25519Signature(hex(ED25519_PKCS8), new byte[0])),
            kat(
                    Family.XDH,
                    "X25519 agreement",
                    "RFC 7748 6.1",
                    X25519_SHARED,
                    () -> x25519(hex(X25519_ALICE_PKCS8), hex(X25519_BOB_SPKI))),
            // RFC 5869 appendix A.1 (HKDF-SHA256) and RFC 6070 test 1 (PBKDF2-HMAC-SHA1, c = 1)
            kat(
                    Family.KDF,
                    "HKDF-SHA256",
                    "RFC 5869 A.1",
                    "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
                    () -> hkdf(
                            "SHA256",
                            hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b"),
                            hex("000102030405060708090a0b0c"),
                            hex("f0f1f2f3f4f5f6f7f8f9"),
                            42)),
            kat(
                    Family.KDF,
                    "PBKDF2WithHmacSHA1",
                    "RFC 6070 test 1",
                    "0c60c80f961f0e71f3a9b524af6012062fe037a6",
                    () -> pbkdf2("SHA1", ascii("password"), ascii("salt"), 1, 20)),
            // ML-KEM (FIPS 203) and ML-DSA (FIPS 204), OpenSSL 3.5 only (not tested on 3.0, where
            // they are not registered). The outputs run to kilobytes, so the known answer is the
            // SHA-256 of the vector's expected output, computed from the Wycheproof files named.
            kat(
                    Family.KEM,
                    "ML-KEM-512 key generation from seed",
                    "Wycheproof mlkem_512_keygen_seed tcId 1 (NIST round 3 seed 0), SHA-256 of ek || dk",
                    "031dc7d1c7e66ced818bc9da68c45df9da8e4186bf82f810703921dfb3fbb781",
                    () -> mlKemKeyGeneration("ML-KEM-512", hex(MLKEM512_SEED))),
            kat(
                    Family.KEM,
                    "ML-KEM-512 encapsulation with fixed m",
                    "Wycheproof mlkem_512_encaps tcId 10 (same key), SHA-256 of c || K",
                    "0d9a231d4c0095d7bcb8e95b1f84a8eb56106b9709758e3fe4f9aa273abca2ce",
                    () -> mlKemEncapsulation("ML-KEM-512", hex(MLKEM512_SEED), hex(MLKEM512_M), 768)),
            kat(
                    Family.MLDSA,
                    "ML-DSA-44 deterministic signature",
                    "Wycheproof mldsa_44_sign_seed tcId 1 (seed 2a..2a, \"Hello world\"), SHA-256 of the signature",
                    "8cd6fc03daa72e87210a4e721523e84c14f27733789075e65736744d4787fdd5",
                    () -> mlDsaSignature("ML-DSA-44", hex("2a".repeat(32)), ascii("Hello world"), 2420)),
            kat(
                    Family.ARGON2,
                    "Argon2id",
                    "RFC 9106 section 5.3",
                    "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659",
                    () -> EvpKdf.fetch("ARGON2ID")
                            .map(kdf -> EvpKdf.argon2(
                                    kdf, filled(32, 1), filled(16, 2), filled(8, 3), filled(12, 4), 3, 4, 32, 1, 32))));

    private SelfTest() {}

    /** The families that have at least one test. */
    public static Set<Family> testedFamilies() {
        Set<Family> out = new TreeSet<>();
        TESTS.forEach(t -> out.add(t.family));
        return out;
    }

    /** The families named by {@link #FAIL_PROPERTY} now. */
    public static Set<Family> injectedByProperty() {
        return parseFamilies(System.getProperty(FAIL_PROPERTY));
    }

    /** Families from a comma-separated list of {@link Family#property()} names, or "all". */
    static Set<Family> parseFamilies(String list) {
        Set<Family> out = new TreeSet<>();
        if (list == null || list.isBlank()) {
            return out;
        }
        for (String name : list.split(",")) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            for (Family f : Family.values()) {
                if (n.equals("all") || f.property().equals(n)) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    /** Runs every test once, failing those of {@code injectFailure} on purpose. */
    public static Report run(Set<Family> injectFailure) {
        return run(EnumSet.allOf(Family.class), injectFailure);
    }

    /** Runs the tests of {@code families} once, failing those of {@code injectFailure} on purpose. */
    public static Report run(Set<Family> families, Set<Family> injectFailure) {
        long start = System.nanoTime();
        List<Result> results = new ArrayList<>();
        for (Test t : TESTS) {
            if (families.contains(t.family)) {
                results.add(runOne(t, injectFailure.contains(t.family)));
            }
        }
        return report(results, System.nanoTime() - start, injectFailure);
    }

    /** One report from the reports of separate runs (of different families). */
    public static Report combine(List<Report> reports) {
        List<Result> results = new ArrayList<>();
        Set<Family> injected = new TreeSet<>();
        long nanos = 0;
        for (Report r : reports) {
            results.addAll(r.results);
            injected.addAll(r.injected);
            nanos += r.totalNanos;
        }
        return report(results, nanos, injected);
    }

    /** A report of {@code results} (of any engine), taken in {@code nanos}. */
    static Report of(List<Result> results, long nanos, Set<Family> injected) {
        return report(results, nanos, injected);
    }

    private static Report report(List<Result> results, long nanos, Set<Family> injected) {
        Map<Family, FamilyStatus> families = new EnumMap<>(Family.class);
        for (Family f : Family.values()) {
            // the native path's verdict: OpenSSL's tests (another library's gate only that library)
            List<Result> own = results.stream()
                    .filter(r -> r.family == f && r.engine == Engine.OPENSSL)
                    .toList();
            if (!own.isEmpty()) {
                families.put(f, summarise(own));
            }
        }
        return new Report(results, families, nanos, injected);
    }

    private static Result runOne(Test t, boolean inject) {
        long start = System.nanoTime();
        Status status;
        String reason;
        if (!LibCrypto.isAvailable()) {
            status = Status.NOT_TESTED;
            reason = "libcrypto not loaded";
        } else if (LibContext.fipsRequested()) {
            // the module tests itself at load (and its failure registers nothing); these
            // known answers would also run algorithms FIPS mode refuses
            status = Status.NOT_TESTED;
            reason = "FIPS mode: the FIPS module's own self-tests apply ("
                    + (LibContext.fips().active()
                            ? LibContext.fips().selfTest()
                            : LibContext.fips().failure()) + ")";
        } else {
            try {
                String problem = t.check.problem(inject);
                status = problem == null ? Status.PASSED : Status.FAILED;
                reason = problem == null
                        ? null
                        : problem + (inject ? " (failure injected by " + FAIL_PROPERTY + ")" : "");
            } catch (NotOffered e) {
                status = Status.NOT_TESTED;
                reason = e.getMessage();
            } catch (RuntimeException | LinkageError e) {
                status = Status.FAILED;
                reason = "threw " + e;
            }
        }
        return new Result(t.family, t.name, t.source, status, reason, System.nanoTime() - start, Engine.OPENSSL, false);
    }

    private static FamilyStatus summarise(List<Result> results) {
        List<String> failures = new ArrayList<>();
        boolean passed = false;
        for (Result r : results) {
            if (r.status == Status.FAILED) {
                failures.add(r.name + ": " + r.reason);
            }
            passed |= r.status == Status.PASSED;
        }
        if (!failures.isEmpty()) {
            return new FamilyStatus(Status.FAILED, String.join("; ", failures));
        }
        if (passed) {
            return new FamilyStatus(Status.PASSED, null);
        }
        return new FamilyStatus(Status.NOT_TESTED, results.getFirst().reason);
    }

    /** A known-answer test: {@code computation} must produce {@code expectedHex} exactly. */
    private static Test kat(Family family, String name, String source, String expectedHex, Computation computation) {
        byte[] expected = hex(expectedHex);
        return new Test(family, name, source, inject -> {
            byte[] want = expected.clone();
            if (inject) {
                want[0] ^= 1;
            }
            byte[] got = computation.compute().orElseThrow(() -> new NotOffered(name));
            return Arrays.equals(got, want) ? null : "expected " + HEX.formatHex(want) + ", got " + HEX.formatHex(got);
        });
    }

    private static Test check(Family family, String name, String source, Check check) {
        return new Test(family, name, source, check);
    }

    // ---- the computations, straight through the bindings ----

    private static Optional<byte[]> digest(String name, byte[] message) {
        return EvpDigest.fetch(name).map(md -> {
            try (EvpDigest.Context ctx = new EvpDigest.Context(md)) {
                ctx.update(message, 0, message.length);
                byte[] out = new byte[md.size()];
                ctx.finish(out, 0);
                return out;
            }
        });
    }

    private static byte[] filled(int length, int value) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) value);
        return b;
    }

    private static Optional<byte[]> hkdf(String digest, byte[] ikm, byte[] salt, byte[] info, int length) {
        if (EvpDigest.fetch(digest).isEmpty()) {
            return Optional.empty();
        }
        return EvpKdf.fetch("HKDF").map(kdf -> {
            byte[] out = new byte[length];
            EvpKdf.hkdf(kdf, digest, EvpKdf.HKDF_EXTRACT_AND_EXPAND, ikm, salt, info, out);
            return out;
        });
    }

    private static Optional<byte[]> pbkdf2(String digest, byte[] password, byte[] salt, int iterations, int length) {
        if (EvpDigest.fetch(digest).isEmpty()) {
            return Optional.empty();
        }
        return EvpKdf.fetch("PBKDF2").map(kdf -> EvpKdf.pbkdf2(kdf, digest, password, salt, iterations, length));
    }

    private static String drbgProblem(boolean inject) {
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        Rand.privateBytes(a, 0, a.length);
        Rand.generate(b, 0, b.length, 0, false, null);
        if (inject) {
            b = a.clone();
        }
        if (Arrays.equals(a, new byte[32])) {
            return "the DRBG produced 32 zero bytes";
        }
        if (Arrays.equals(a, b)) {
            return "two successive 32-byte outputs were equal";
        }
        int strength = Rand.strength();
        return strength >= 128 ? null : "security strength " + strength + " bits, below 128";
    }

    /** The published signature verifies and a corrupted one does not. */
    private static String ecdsaProblem(boolean inject) {
        if (!EvpPkey.hasKeyType("EC")) {
            throw new NotOffered("EC");
        }
        byte[] signature = hex(P256_SIGNATURE_DER);
        if (inject) {
            signature[10] ^= 1;
        }
        byte[] digest = digest("SHA256", ascii("sample")).orElseThrow(() -> new NotOffered("SHA256"));
        try (EvpPkey.Key key = EvpPkey.Key.fromPublicDer(hex(P256_SPKI));
                PkeySignContext verify = new PkeySignContext(key, false, digest.length)) {
            if (!verify.verify(signature, digest, digest.length)) {
                return "the RFC 6979 signature did not verify";
            }
            byte[] wrong = digest.clone();
            wrong[0] ^= 1;
            return verify.verify(signature, wrong, wrong.length) ? "a signature verified for the wrong digest" : null;
        }
    }

    /** RSASSA-PKCS1-v1_5 with SHA-256 of {@code message}, with a private key from its PKCS#8 encoding. */
    private static Optional<byte[]> rsaPkcs1Sign(byte[] pkcs8, byte[] message) {
        if (!EvpPkey.hasKeyType("RSA")) {
            return Optional.empty();
        }
        byte[] digest = digest("SHA256", message).orElseThrow(() -> new NotOffered("SHA256"));
        try (EvpPkey.Key key = EvpPkey.Key.fromPrivateDer(pkcs8);
                Arena arena = Arena.ofConfined();
                PkeySignContext sign = new PkeySignContext(key, true, digest.length, rsaPkcs1Params(arena))) {
            byte[] signature = sign.sign(digest, digest.length);
            if (signature == null) {
                throw new IllegalStateException("OpenSSL refused to sign");
            }
            return Optional.of(signature);
        }
    }

    /** The published signature verifies with the published public key; with one bit flipped it does not. */
    private static String rsaPkcs1VerifyProblem(boolean inject) {
        if (!EvpPkey.hasKeyType("RSA")) {
            throw new NotOffered("RSA");
        }
        byte[] signature = hex(RSA2048_SHA256_SIGNATURE);
        if (inject) {
            signature[100] ^= 1;
        }
        byte[] digest = digest("SHA256", ascii("Message")).orElseThrow(() -> new NotOffered("SHA256"));
        try (EvpPkey.Key key = EvpPkey.Key.fromPublicDer(hex(RSA2048_SPKI));
                Arena arena = Arena.ofConfined();
                PkeySignContext verify = new PkeySignContext(key, false, digest.length, rsaPkcs1Params(arena))) {
            if (!verify.verify(signature, digest, digest.length)) {
                return "the published signature did not verify";
            }
            byte[] flipped = signature.clone();
            flipped[flipped.length - 1] ^= 1;
            return verify.verify(flipped, digest, digest.length) ? "a signature with one bit flipped verified" : null;
        }
    }

    private static MemorySegment[] rsaPkcs1Params(Arena arena) {
        // RSA needs the padding mode set before the digest
        return new MemorySegment[] {
            OsslParams.in(arena).utf8("pad-mode", "pkcs1").build(),
            OsslParams.in(arena).utf8("digest", "SHA256").build()
        };
    }

    /** RSA-OAEP decryption, SHA-256 and MGF1-SHA-256, empty label. */
    private static Optional<byte[]> rsaOaepDecrypt(byte[] pkcs8, byte[] ciphertext) {
        if (!EvpPkey.hasKeyType("RSA") || EvpDigest.fetch("SHA256").isEmpty()) {
            return Optional.empty();
        }
        try (EvpPkey.Key key = EvpPkey.Key.fromPrivateDer(pkcs8);
                Arena arena = Arena.ofConfined();
                EvpPkeyCrypt decrypt = new EvpPkeyCrypt(
                        key,
                        EvpPkeyCrypt.Operation.DECRYPT,
                        ciphertext.length,
                        OsslParams.in(arena).utf8("pad-mode", "oaep").build(),
                        OsslParams.in(arena)
                                .utf8("digest", "SHA256")
                                .utf8("mgf1-digest", "SHA256")
                                .build())) {
            byte[] out = new byte[ciphertext.length];
            int n = decrypt.run(ciphertext, ciphertext.length, out);
            if (n < 0) {
                throw new IllegalStateException("OpenSSL refused the published ciphertext");
            }
            return Optional.of(Arrays.copyOf(out, n));
        }
    }

    private static Optional<byte[]> ed25519Signature(byte[] pkcs8, byte[] message) {
        if (!EvpPkey.hasKeyType("ED25519")) {
            return Optional.empty();
        }
        try (EvpPkey.Key key = EvpPkey.Key.fromPrivateDer(pkcs8);
                DigestSignOneShot signer = new DigestSignOneShot()) {
            return Optional.of(signer.sign(key, message, message.length));
        }
    }

    private static Optional<byte[]> x25519(byte[] privatePkcs8, byte[] peerSpki) {
        if (!EvpPkey.hasKeyType("X25519")) {
            return Optional.empty();
        }
        try (EvpPkey.Key mine = EvpPkey.Key.fromPrivateDer(privatePkcs8);
                EvpPkey.Key peer = EvpPkey.Key.fromPublicDer(peerSpki);
                EvpPkeyDerive derive = new EvpPkeyDerive(mine, 32)) {
            return Optional.of(derive.derive(peer));
        }
    }

    /** An ML-KEM/ML-DSA key from its seed (OpenSSL's "seed" key-generation parameter), or empty. */
    private static Optional<EvpPkey.Key> seededKey(String set, byte[] seed) {
        if (!EvpPkey.hasKeyType(set)) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            return Optional.of(EvpPkey.Key.generate(
                    set, OsslParams.in(arena).octets("seed", seed).build()));
        }
    }

    private static Optional<byte[]> mlKemKeyGeneration(String set, byte[] seed) {
        return seededKey(set, seed).flatMap(k -> {
            try (k) {
                return digest("SHA256", concat(k.octetParam("pub", 8192), k.octetParam("priv", 8192)));
            }
        });
    }

    private static Optional<byte[]> mlKemEncapsulation(String set, byte[] seed, byte[] m, int ciphertextSize) {
        return seededKey(set, seed).flatMap(k -> {
            try (k;
                    Arena arena = Arena.ofConfined()) {
                EvpKem.Encapsulated e = EvpKem.encapsulate(
                        k,
                        ciphertextSize,
                        32,
                        OsslParams.in(arena).octets("ikme", m).build());
                return digest("SHA256", concat(e.ciphertext(), e.secret()));
            }
        });
    }

    private static Optional<byte[]> mlDsaSignature(String set, byte[] seed, byte[] message, int signatureSize) {
        if (!EvpMessageSignature.has(set)) {
            return Optional.empty();
        }
        return seededKey(set, seed).flatMap(k -> {
            try (k;
                    EvpMessageSignature.Algorithm alg = EvpMessageSignature.Algorithm.fetch(set);
                    Arena arena = Arena.ofConfined()) {
                byte[] sig = EvpMessageSignature.sign(
                        alg,
                        k,
                        signatureSize,
                        message,
                        message.length,
                        OsslParams.in(arena).integer("deterministic", 1).build());
                return sig == null ? Optional.of(new byte[0]) : digest("SHA256", sig);
            }
        });
    }

    private static byte[] concat(byte[] a, byte[] b) {
        if (a == null || b == null) {
            return new byte[0];
        }
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] hex(String s) {
        return HEX.parseHex(s);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
