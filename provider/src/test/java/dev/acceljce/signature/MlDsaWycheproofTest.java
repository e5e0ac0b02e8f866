package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.openssl.EvpMessageSignature;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.OsslParams;
import dev.acceljce.testing.MlEncodings;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every ML-DSA Wycheproof file, zero failures.
 * <ul>
 *   <li>verify: every vector at the binding layer (with its context string); the ones with an
 *       empty context also through the JCA (the JDK's API has no context);</li>
 *   <li>sign (seed and expanded keys): the exact expected signature at the binding layer, where
 *       OpenSSL's "deterministic" / "test-entropy" (the vector's rnd), "context-string" and "mu"
 *       (the Internal vectors, which sign a given mu) parameters can be set; through the JCA,
 *       which signs hedged with fresh randomness, every valid empty-context vector's key signs its
 *       message and the signature verifies under the vector's public key, and invalid keys are
 *       refused.</li>
 * </ul>
 */
class MlDsaWycheproofTest {
    @BeforeAll
    static void needs35() {
        Providers.requireNative();
        assumeTrue(LibCrypto.atLeast(3, 5), "ML-DSA needs OpenSSL 3.5");
    }

    private static MlParameterSet set(String file) {
        return MlParameterSet.ofName("ML-DSA-" + file.substring(6, 8));
    }

    private static byte[] hexOrNull(JsonNode test, String field) {
        return test.has(field)
                ? java.util.HexFormat.of().parseHex(test.get(field).asText())
                : null;
    }

    @ParameterizedTest
    @ValueSource(strings = {"mldsa_44_verify", "mldsa_65_verify", "mldsa_87_verify"})
    void verify(String file) throws Exception {
        MlParameterSet set = set(file);
        List<String> failures = new ArrayList<>();
        int jca = 0;
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            byte[] x509 = MlEncodings.x509(set.standardName(), Wycheproof.hexOf(c.group(), "publicKey"));
            byte[] ctx = hexOrNull(c.test(), "ctx");
            byte[] msg = c.hex("msg");
            boolean accepted;
            try (EvpPkey.Key key = EvpPkey.Key.fromPublicDer(x509);
                    EvpMessageSignature.Algorithm alg = EvpMessageSignature.Algorithm.fetch(set.standardName());
                    Arena arena = Arena.ofConfined()) {
                MemorySegment params = ctx == null
                        ? null
                        : OsslParams.in(arena).octets("context-string", ctx).build();
                accepted = key != null && EvpMessageSignature.verify(alg, key, c.hex("sig"), msg, msg.length, params);
            }
            if (c.valid() != accepted) {
                failures.add("binding " + c + " -> " + accepted);
            }
            if (ctx == null || ctx.length == 0) {
                jca++;
                Boolean result;
                try {
                    PublicKey pk = KeyFactory.getInstance(set.standardName(), Providers.ACCEL)
                            .generatePublic(new X509EncodedKeySpec(x509));
                    Signature s = Signature.getInstance(set.standardName(), Providers.ACCEL);
                    s.initVerify(pk);
                    s.update(msg);
                    result = s.verify(c.hex("sig"));
                } catch (GeneralSecurityException e) {
                    result = null;
                }
                if (c.valid() != Boolean.TRUE.equals(result)) {
                    failures.add("JCA " + c + " -> " + result);
                }
            }
        }
        assertTrue(jca > 50);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "mldsa_44_sign_seed",
                "mldsa_65_sign_seed",
                "mldsa_87_sign_seed",
                "mldsa_44_sign_noseed",
                "mldsa_65_sign_noseed",
                "mldsa_87_sign_noseed"
            })
    void sign(String file) throws Exception {
        MlParameterSet set = set(file);
        List<String> failures = new ArrayList<>();
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            byte[] pkcs8 = c.group().has("privateKeyPkcs8")
                    ? Wycheproof.hexOf(c.group(), "privateKeyPkcs8")
                    : c.group().has("privateSeed")
                            ? MlEncodings.pkcs8Seed(set.oid(), Wycheproof.hexOf(c.group(), "privateSeed"))
                            : MlEncodings.pkcs8Expanded(set.standardName(), Wycheproof.hexOf(c.group(), "privateKey"));
            byte[] msg = hexOrNull(c.test(), "msg");
            byte[] mu = hexOrNull(c.test(), "mu");
            byte[] ctx = hexOrNull(c.test(), "ctx");
            byte[] rnd = hexOrNull(c.test(), "rnd");
            boolean internal = msg == null;
            byte[] signed;
            try (EvpPkey.Key key = EvpPkey.Key.fromPrivateDer(pkcs8);
                    EvpMessageSignature.Algorithm alg = EvpMessageSignature.Algorithm.fetch(set.standardName());
                    Arena arena = Arena.ofConfined()) {
                OsslParams p = OsslParams.in(arena);
                if (rnd != null) {
                    p.octets("test-entropy", rnd);
                } else {
                    p.integer("deterministic", 1);
                }
                if (ctx != null) {
                    p.octets("context-string", ctx);
                }
                if (internal) {
                    p.integer("mu", 1);
                }
                byte[] input = internal ? mu : msg;
                signed = key == null
                        ? null
                        : EvpMessageSignature.sign(alg, key, set.outputSize(), input, input.length, p.build());
            }
            boolean match = signed != null && Arrays.equals(signed, c.hex("sig"));
            if (c.valid() != match) {
                failures.add("binding " + c + " -> " + (signed == null ? "refused" : "another signature"));
            }
            if (!internal && (ctx == null || ctx.length == 0)) {
                jcaSign(set, c, pkcs8, msg, failures);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** Through the JCA: a valid vector's key signs (hedged) and verifies; an invalid key is refused. */
    private static void jcaSign(MlParameterSet set, Wycheproof.Case c, byte[] pkcs8, byte[] msg, List<String> failures)
            throws Exception {
        try {
            PrivateKey sk = KeyFactory.getInstance(set.standardName(), Providers.ACCEL)
                    .generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            Signature s = Signature.getInstance(set.standardName(), Providers.ACCEL);
            s.initSign(sk);
            s.update(msg);
            byte[] sig = s.sign();
            if (c.valid()) {
                assertInstanceOf(AccelKey.class, sk);
                PublicKey pk = KeyFactory.getInstance(
                                set.standardName(), Providers.jdk("KeyFactory", set.standardName()))
                        .generatePublic(MlEncodings.raw(Wycheproof.hexOf(c.group(), "publicKey")));
                Signature v = Signature.getInstance(set.standardName(), Providers.jdk("Signature", set.standardName()));
                v.initVerify(pk);
                v.update(msg);
                if (!v.verify(sig)) {
                    failures.add("JCA " + c + ": the JDK does not verify our signature");
                }
            } else {
                failures.add("JCA " + c + ": invalid key signed");
            }
        } catch (GeneralSecurityException e) {
            if (c.valid()) {
                failures.add("JCA " + c + " -> " + e);
            }
        }
    }
}
