package dev.acceljce.kem;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.openssl.EvpKem;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.OpenSslException;
import dev.acceljce.openssl.OsslParams;
import dev.acceljce.testing.MlEncodings;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.lang.foreign.Arena;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KEM;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every ML-KEM Wycheproof file, zero failures. Through the JCA where the vector can be expressed
 * there (keys from seeds arrive as seed-only PKCS#8, decapsulation, key checks); the groups that
 * fix the randomness (encapsulation with a given m, key generation from a seed compared
 * component by component) run against the binding layer with OpenSSL's test parameters ("ikme",
 * "seed"): the JCA has no way to pass them.
 */
class MlKemWycheproofTest {
    @BeforeAll
    static void needs35() {
        Providers.requireNative();
        assumeTrue(LibCrypto.atLeast(3, 5), "ML-KEM needs OpenSSL 3.5");
    }

    private static MlParameterSet set(Wycheproof.Case c) {
        return MlParameterSet.ofName(c.group().get("parameterSet").asText());
    }

    /** MLKEMTest: key from a 64-byte seed (d || z), decapsulation of c must give K. */
    @ParameterizedTest
    @ValueSource(strings = {"mlkem_512", "mlkem_768", "mlkem_1024"})
    void decapsulationWithSeedKeys(String file) throws Exception {
        List<String> failures = new ArrayList<>();
        int ran = 0;
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            MlParameterSet set = set(c);
            String outcome;
            try {
                KeyFactory kf = KeyFactory.getInstance(set.standardName(), Providers.ACCEL);
                PrivateKey sk =
                        kf.generatePrivate(new PKCS8EncodedKeySpec(MlEncodings.pkcs8Seed(set.oid(), c.hex("seed"))));
                assertInstanceOf(AccelKey.class, sk);
                if (c.test().has("ek") && !c.test().get("ek").asText().isEmpty()) {
                    byte[] expanded;
                    try (EvpPkey.Key native_ = EvpPkey.Key.fromPrivateDer(sk.getEncoded())) {
                        expanded = native_.octetParam("priv", 8192);
                    }
                    int k = set.publicKeySize() / 384;
                    byte[] ek = Arrays.copyOfRange(expanded, 384 * k, 384 * k + set.publicKeySize());
                    if (!Arrays.equals(ek, c.hex("ek"))) {
                        failures.add(c + ": the seed gives another ek");
                    }
                }
                byte[] k = KEM.getInstance("ML-KEM", Providers.ACCEL)
                        .newDecapsulator(sk)
                        .decapsulate(c.hex("c"))
                        .getEncoded();
                outcome = Arrays.equals(k, c.hex("K")) ? "match" : "mismatch";
            } catch (GeneralSecurityException e) {
                outcome = "refused: " + e;
            }
            ran++;
            if (c.valid() != outcome.equals("match")) {
                failures.add(c + " -> " + outcome);
            }
        }
        assertTrue(ran > 100);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** MLKEMEncapsTest: encapsulation with the fixed message m (binding layer, "ikme"); bad keys refused. */
    @ParameterizedTest
    @ValueSource(strings = {"mlkem_512_encaps", "mlkem_768_encaps", "mlkem_1024_encaps"})
    void encapsulationWithFixedRandomness(String file) throws Exception {
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            MlParameterSet set = set(c);
            byte[] x509 = MlEncodings.x509(set.standardName(), c.hex("ek"));
            EvpPkey.Key key = EvpPkey.Key.fromPublicDer(x509);
            String outcome;
            if (key == null) {
                outcome = "refused at import";
            } else {
                try (Arena arena = Arena.ofConfined()) {
                    EvpKem.Encapsulated e = EvpKem.encapsulate(
                            key,
                            set.outputSize(),
                            32,
                            OsslParams.in(arena).octets("ikme", c.hex("m")).build());
                    outcome = Arrays.equals(e.ciphertext(), c.hex("c")) && Arrays.equals(e.secret(), c.hex("K"))
                            ? "match"
                            : "mismatch";
                } catch (OpenSslException e) {
                    outcome = "refused: " + e.getMessage();
                } finally {
                    key.close();
                }
            }
            if (c.valid() != outcome.equals("match")) {
                failures.add(c + " -> " + outcome);
            }
            // through the JCA, an invalid key never gets as far as an encapsulation
            if (c.invalid()) {
                try {
                    PublicKey pk = KeyFactory.getInstance(set.standardName(), Providers.ACCEL)
                            .generatePublic(new X509EncodedKeySpec(x509));
                    KEM.getInstance(set.standardName(), Providers.ACCEL).newEncapsulator(pk);
                    failures.add(c + " accepted through the JCA");
                } catch (GeneralSecurityException expected) {
                    // InvalidKeySpecException or InvalidKeyException, as SunJCE
                }
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** MLKEMKeyGen: key generation from the seed (d || z) gives exactly ek and dk. */
    @ParameterizedTest
    @ValueSource(strings = {"mlkem_512_keygen_seed", "mlkem_768_keygen_seed", "mlkem_1024_keygen_seed"})
    void keyGenerationFromSeed(String file) throws Exception {
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            MlParameterSet set = set(c);
            EvpPkey.Key key;
            try (Arena arena = Arena.ofConfined()) {
                key = EvpPkey.Key.generate(
                        set.standardName(),
                        OsslParams.in(arena).octets("seed", c.hex("seed")).build());
            }
            boolean match = Arrays.equals(key.octetParam("pub", 8192), c.hex("ek"))
                    && Arrays.equals(key.octetParam("priv", 8192), c.hex("dk"));
            key.close();
            // and through the JCA: the seed-only PKCS#8 imports to the JDK's expanded encoding
            PrivateKey sk = KeyFactory.getInstance("ML-KEM", Providers.ACCEL)
                    .generatePrivate(new PKCS8EncodedKeySpec(MlEncodings.pkcs8Seed(set.oid(), c.hex("seed"))));
            match &= Arrays.equals(sk.getEncoded(), MlEncodings.pkcs8Expanded(set.standardName(), c.hex("dk")));
            if (c.valid() != match) {
                failures.add(c + " -> " + (match ? "match" : "mismatch"));
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** MLKEMDecapsValidationTest: expanded decapsulation keys, including malformed ones and ciphertexts. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "mlkem_512_semi_expanded_decaps",
                "mlkem_768_semi_expanded_decaps",
                "mlkem_1024_semi_expanded_decaps"
            })
    void decapsulationWithExpandedKeys(String file) throws Exception {
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            MlParameterSet set = set(c);
            byte[] pkcs8 = MlEncodings.pkcs8Expanded(set.standardName(), c.hex("dk"));
            String outcome;
            try {
                PrivateKey sk = KeyFactory.getInstance(set.standardName(), Providers.ACCEL)
                        .generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
                byte[] k = KEM.getInstance(set.standardName(), Providers.ACCEL)
                        .newDecapsulator(sk)
                        .decapsulate(c.hex("c"))
                        .getEncoded();
                outcome = Arrays.equals(k, c.hex("K")) ? "match" : "mismatch";
            } catch (GeneralSecurityException e) {
                outcome = "refused: " + e;
            }
            // the binding layer refuses every malformed key at import
            if (c.hasFlag("InvalidDecapsulationKey") || c.hasFlag("IncorrectDecapsulationKeyLength")) {
                EvpPkey.Key imported = EvpPkey.Key.fromPrivateDer(pkcs8);
                if (imported != null) {
                    imported.close();
                    failures.add(c + ": OpenSSL imported a malformed key");
                }
            }
            if (c.valid() != outcome.equals("match")) {
                failures.add(c + " -> " + outcome);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }
}
