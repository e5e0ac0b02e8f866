package dev.acceljce.kem;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.keys.AccelMlPrivateKey;
import dev.acceljce.keys.Keys;
import dev.acceljce.keys.MlKeyFactory;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.keys.MlServices;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpKem;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import javax.crypto.SecretKey;

/**
 * ML-KEM's known answers (FIPS 203; OpenSSL 3.5 and later, the only library it runs on; "not
 * tested" on 3.0, which lacks it). The outputs run to kilobytes, so a known answer may be the
 * SHA-256 of the vector's expected output, computed from the Wycheproof files named.
 *
 * <ul>
 *   <li>key generation from the seed, through the KeyFactory SPI: the seed-only PKCS#8 form (IETF
 *       LAMPS) is expanded by OpenSSL (FIPS 203 ML-KEM.KeyGen_internal(d, z)); the key's encoding
 *       carries dk, and ek is inside it (dk = dk_PKE || ek || H(ek) || z);
 *   <li>decapsulation of the vector's ciphertext, through {@link MlKem} as the JCA calls it;
 *   <li>encapsulation with the vector's fixed randomness m, through the binding: the JCA has no
 *       way to hand m to a KEM (the SPI draws it from OpenSSL's DRBG), so no SPI class can compute
 *       this answer.
 * </ul>
 */
final class MlKemSelfTests {
    private MlKemSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();
    private static final MlParameterSet SET = MlParameterSet.ML_KEM_512;

    // Wycheproof mlkem_512_keygen_seed tcId 1 and mlkem_512_encaps tcId 10: d || z, and m
    private static final String SEED = "7c9935a0b07694aa0c6d10e4db6b1add2fd81a25ccb148032dcd739936737f2d"
            + "8626ed79d451140800e03b59b956f8210e556067407d13dc90fa9e8b872bfb8f";
    private static final String M = "147c03f7a5bebba406c8fae1874d7f13c80efe79a3a9a874cc09fe76f6997615";
    /** PrivateKeyInfo of ML-KEM-512 (OID 2.16.840.1.101.3.4.4.1) whose key is the seed only ([0], 64 bytes). */
    private static final String SEED_PKCS8_PREFIX = "3054020100300b060960864801650304040104428040";

    // Wycheproof mlkem_512_encaps tcId 10 (the key above): the ciphertext c and the shared secret K
    private static final String CIPHERTEXT =
            "113db2dd06871235e7bc36c9dcaa528fc26ce5db9ecc1dc32e957d7ffb3c7429d50c3c3577a515d3183a1b9d267b936b"
                    + "7eb8f543a3afb77765ca7938f78aa6438ce80a06a6966d0d06af75ba3e0d4f37bac73369f5a729f73e85729edd97c8c2"
                    + "a8cc2619e4cf7b6091869e909fd47d9709149204b0837d8d6f25d267972be63bad34b544523c01c09de3b1fa1d6b7b05"
                    + "9eee9e652062fe870f68c68005339ea181e1d0767c152aeb38faf0f9245ae59d5cb0d2b7f201229ed97020d0623a4610"
                    + "0d097b0ce1154e028ae6194de05de97dd9ae2e85ffd25d95eb22effe5ba19cd807c530ebaa9fe9f642ccacff47ed15c2"
                    + "2bfe3036ebf8ad9c8ed23240aeebaa24d135755100b85ecee3174906e46312062ceecac75de5275256c2c1a653fd6915"
                    + "b1b30c8ecbb6fd4280437453173a96238bc7d108892343e033bcd98e437e789fc5bebaa12b2634b51ed0d589f11143a0"
                    + "21d8ecce594fdd48dae84c8063ef3581bc378a48da4e51bb175b0db47f9dcf99318c30225ca7fa79c879bf1c9397b5cc"
                    + "c5efad94c500ed7f9f385d088e34932221fc0fc9afe51f6875548131697695478abdc8736f10095a6b92ec679fe0e2ae"
                    + "5d8b335355d58dae4d4f0b17aa5d1e52f1d45584a892c34ce4b04fcd00981d51caa16064bad92d019dc3aded91968411"
                    + "2b29daa28b9dae09b86b21a93310d5fbc6527b224b9ce87d2782bb294673f0ec06f26b087652a18d6ad7b1c93303ef05"
                    + "61c0fc9cd4f678f606f192cf5df92b1548f5dd2687edbeccfc6d4e9de4bd50d3c74fb275abd9b3e90277db4a0069c0a2"
                    + "a7136f50cead4b2f1995faaf168040e9e4beb7c5722049d6da6402992fcea45097df7c1c20fb068222000576935a0806"
                    + "773451921f54c55fbf593a4f147c1fef3acaf0cfa907ae48c8c06312cfdf5186904bec7fed4ed933c9256ab04cbfa03a"
                    + "967c1f7ead4ab40df116be660e27ca2b543526d4b9684c31e1e42383b969f896299d71390cc85b703202acadecfa8c40"
                    + "965c08c53b5671e0d59455bc5a8586c655db8c2ade4ba8877f19b6000e18f8feadda7ede8fe80aa662d694c6d8c33b52";
    private static final String SHARED = "319839e82ab6b222de7b619e80da8391522bbb37677018494a4742c53f9abfdf";

    static void register() {
        EngineSelfTests.register(
                Family.KEM,
                Engine.OPENSSL,
                "ML-KEM-512 key generation from seed",
                "Wycheproof mlkem_512_keygen_seed tcId 1 (NIST round 3 seed 0), SHA-256 of ek || dk",
                MlKemSelfTests::keyGeneration);
        EngineSelfTests.registerThroughBinding(
                Family.KEM,
                Engine.OPENSSL,
                "ML-KEM-512 encapsulation with fixed m",
                "Wycheproof mlkem_512_encaps tcId 10 (same key), SHA-256 of c || K",
                MlKemSelfTests::encapsulation);
        EngineSelfTests.register(
                Family.KEM,
                Engine.OPENSSL,
                "ML-KEM-512 decapsulation (KEM SPI)",
                "Wycheproof mlkem_512_encaps tcId 10 (same key): c gives K",
                MlKemSelfTests::decapsulation);
    }

    private static String keyGeneration(boolean inject) throws Exception {
        PrivateKey key = seededKey();
        try {
            byte[] encoded = key.getEncoded();
            int n = SET.expandedPrivateKeySize();
            byte[] dk = Arrays.copyOfRange(encoded, encoded.length - n, encoded.length);
            int k = SET.publicKeySize() / 384; // ek = 384k bytes of t, then the 32-byte rho
            byte[] ek = Arrays.copyOfRange(dk, 384 * k, 384 * k + SET.publicKeySize());
            return EngineSelfTests.knownAnswer(
                    sha256(concat(ek, dk)), "031dc7d1c7e66ced818bc9da68c45df9da8e4186bf82f810703921dfb3fbb781", inject);
        } finally {
            Keys.release(key);
        }
    }

    private static String decapsulation(boolean inject) throws Exception {
        PrivateKey key = seededKey();
        try {
            MlKem spi = new MlKem(SET.standardName(), MlServices.kinds(EnumSet.of(SET)));
            byte[] c = HEX.parseHex(CIPHERTEXT);
            SecretKey secret = spi.engineNewDecapsulator(key, null).engineDecapsulate(c, 0, 32, "Generic");
            return EngineSelfTests.knownAnswer(secret.getEncoded(), SHARED, inject);
        } finally {
            Keys.release(key);
        }
    }

    /** The binding's encapsulation with OpenSSL's "ikme" parameter (m), of a key made from the seed. */
    private static String encapsulation(boolean inject) throws Exception {
        notOffered();
        try (Arena arena = Arena.ofConfined();
                EvpPkey.Key key = EvpPkey.Key.generate(
                        SET.standardName(),
                        OsslParams.in(arena).octets("seed", HEX.parseHex(SEED)).build())) {
            EvpKem.Encapsulated e = EvpKem.encapsulate(
                    key,
                    SET.outputSize(),
                    MlParameterSet.SHARED_SECRET_SIZE,
                    OsslParams.in(arena).octets("ikme", HEX.parseHex(M)).build());
            return EngineSelfTests.knownAnswer(
                    sha256(concat(e.ciphertext(), e.secret())),
                    "0d9a231d4c0095d7bcb8e95b1f84a8eb56106b9709758e3fe4f9aa273abca2ce",
                    inject);
        }
    }

    /**
     * The decapsulation key of the seed, through the KeyFactory SPI (OpenSSL expands the seed),
     * wrapped in a KeyFactory as the JCA wraps it (never looked up: that could be the JDK's).
     */
    private static PrivateKey seededKey() throws Exception {
        notOffered();
        KeyFactory factory = new KeyFactory(
                new MlKeyFactory(SET.standardName(), MlServices.kinds(EnumSet.of(SET))), null, SET.standardName()) {};
        PrivateKey key = factory.generatePrivate(new PKCS8EncodedKeySpec(HEX.parseHex(SEED_PKCS8_PREFIX + SEED)));
        if (!(key instanceof AccelMlPrivateKey)) {
            Keys.release(key);
            throw new IllegalStateException("OpenSSL did not import the seed: the JDK's KeyFactory made "
                    + key.getClass().getName());
        }
        return key;
    }

    private static void notOffered() throws EngineSelfTests.NotOffered {
        if (!EvpPkey.hasKeyType(SET.standardName())) {
            throw new EngineSelfTests.NotOffered(SET.standardName());
        }
    }

    /** SHA-256 of an answer too long to write down, through OpenSSL's one-shot digest. */
    private static byte[] sha256(byte[] data) {
        EvpDigest.Algorithm md = EvpDigest.fetch("SHA256").orElseThrow();
        byte[] out = new byte[md.size()];
        EvpDigest.digest(md, data, 0, data.length, out, 0);
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
