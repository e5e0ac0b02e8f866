package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;

/**
 * KeyFactory: X.509 and PKCS#8 encodings (genuine, mutated by the fuzzer, truncated, or the wrong
 * kind) through generatePublic/generatePrivate, then getEncoded, getKeySpec and translateKey of
 * what both accepted, on AccelJCE and the JDK side by side. The encodings reach OpenSSL's DER
 * decoders, the riskiest parsing in the provider.
 */
class KeyFactoryFuzzTest {
    private static final String[] ALGORITHMS = Services.of("KeyFactory");
    private static final String[] KINDS = {
        "RSA-1024", "EC-256", "EC-384", "EC-521", "Ed25519", "Ed448", "X25519", "X448"
    };

    @FuzzTest
    void encodings(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        KeyFactory ours = KeyFactory.getInstance(alg, Both.ACCEL);
        KeyFactory jdk = KeyFactory.getInstance(alg, Both.jdk("KeyFactory", alg));
        for (int step = 0; step < 6 && pick.more(); step++) {
            KeyPair kp = SignatureFuzzTest.keys(pick.one(KINDS));
            boolean pub = pick.bool();
            byte[] enc = pick.mutated((pub ? kp.getPublic() : kp.getPrivate()).getEncoded(), 4, 300);
            String name =
                    alg + " step " + step + (pub ? " generatePublic" : " generatePrivate") + "(" + enc.length + ")";
            Both.Outcome o = pub
                    ? Both.same(
                            name,
                            () -> describe(ours.generatePublic(new X509EncodedKeySpec(enc))),
                            () -> describe(jdk.generatePublic(new X509EncodedKeySpec(enc))))
                    : Both.same(
                            name,
                            () -> describe(ours.generatePrivate(new PKCS8EncodedKeySpec(enc))),
                            () -> describe(jdk.generatePrivate(new PKCS8EncodedKeySpec(enc))));
            if (!o.failed()) {
                Key a = pub
                        ? ours.generatePublic(new X509EncodedKeySpec(enc))
                        : ours.generatePrivate(new PKCS8EncodedKeySpec(enc));
                Key j = pub
                        ? jdk.generatePublic(new X509EncodedKeySpec(enc))
                        : jdk.generatePrivate(new PKCS8EncodedKeySpec(enc));
                Class<? extends KeySpec> specType = pub ? X509EncodedKeySpec.class : PKCS8EncodedKeySpec.class;
                // the encoding ours hands out must mean the same key to the JDK
                Both.same(
                        name + " getKeySpec",
                        () -> describe(reread(
                                jdk,
                                pub,
                                ((java.security.spec.EncodedKeySpec) ours.getKeySpec(a, specType)).getEncoded())),
                        () -> describe(reread(
                                jdk,
                                pub,
                                ((java.security.spec.EncodedKeySpec) jdk.getKeySpec(j, specType)).getEncoded())));
                Both.same(
                        name + " translateKey(JDK's)",
                        () -> describe(ours.translateKey(j)),
                        () -> describe(jdk.translateKey(j)));
            }
        }
    }

    private static Key reread(KeyFactory f, boolean pub, byte[] der) throws Exception {
        return pub ? f.generatePublic(new X509EncodedKeySpec(der)) : f.generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    /**
     * What a key is: its numbers for RSA and EC keys (an encoding the JDK accepted leniently, such as
     * an INTEGER with a superfluous leading zero, comes back from OpenSSL re-encoded minimally,
     * while the JDK echoes the input), its encoding otherwise.
     */
    private static String describe(Key k) {
        String head = k.getAlgorithm() + " " + k.getFormat() + " ";
        if (k instanceof java.security.interfaces.RSAPublicKey r) {
            return head + r.getModulus() + " " + r.getPublicExponent() + " " + r.getParams();
        }
        if (k instanceof java.security.interfaces.RSAPrivateCrtKey r) {
            return head + r.getModulus() + " " + r.getPrivateExponent() + " " + r.getPublicExponent() + " "
                    + r.getPrimeP() + " " + r.getPrimeQ() + " " + r.getCrtCoefficient();
        }
        if (k instanceof java.security.interfaces.RSAPrivateKey r) {
            return head + r.getModulus() + " " + r.getPrivateExponent();
        }
        if (k instanceof java.security.interfaces.ECPublicKey e) {
            return head + e.getW().getAffineX() + " " + e.getW().getAffineY() + " "
                    + e.getParams().getCurve();
        }
        if (k instanceof java.security.interfaces.ECPrivateKey e) {
            return head + e.getS() + " " + e.getParams().getCurve();
        }
        return head + java.util.HexFormat.of().formatHex(k.getEncoded());
    }
}
