package dev.acceljce.control;

/**
 * Published known answers shared by the bindings' self-tests ({@link SelfTest}) and the engines'
 * tests through the SPI classes ({@link EngineSelfTests}): each vector with the document it comes
 * from. Keys are wrapped in the standard PKCS#8 / SubjectPublicKeyInfo prefixes of their types.
 */
public final class KnownAnswers {
    private KnownAnswers() {}

    // The GCM specification's test case 4 (AES-128, 60-byte message, 20-byte AAD); RFC 8439 section 2.8.2
    public static final String GCM4_KEY = "feffe9928665731c6d6a8f9467308308";
    public static final String GCM4_IV = "cafebabefacedbaddecaf888";
    public static final String GCM4_AAD = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
    public static final String GCM4_PT = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
    public static final String GCM4_CT = "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
            + "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091";
    public static final String GCM4_TAG = "5bc94fbc3221a5db94fae95ae7121a47";

    public static final String RFC8439_KEY = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f";
    public static final String RFC8439_NONCE = "070000004041424344454647";
    public static final String RFC8439_AAD = "50515253c0c1c2c3c4c5c6c7";
    public static final String RFC8439_PT = "Ladies and Gentlemen of the class of '99: If I could offer you only "
            + "one tip for the future, sunscreen would be it.";
    public static final String RFC8439_CT = "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
            + "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
            + "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
            + "3ff4def08e4b7a9de576d26586cec64b6116";
    public static final String RFC8439_TAG = "1ae10b594f09e26a7e902ecbd0600691";

    // draft-irtf-cfrg-xchacha-03 A.3.1 (XChaCha20-Poly1305): RFC 8439's key, AAD and plaintext, a 24-byte nonce
    public static final String XCHACHA_NONCE = "404142434445464748494a4b4c4d4e4f5051525354555657";
    public static final String XCHACHA_CT = "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
            + "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
            + "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
            + "21f9664c97637da9768812f615c68b13b52e";
    public static final String XCHACHA_TAG = "c0875924c1c7987947deafd8780acf49";

    // RFC 8032 7.1 TEST 1 (Ed25519: the empty message), RFC 7748 6.1 (X25519: Alice's key, Bob's public key)
    public static final String ED25519_PKCS8 =
            "302e020100300506032b657004220420" + "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    public static final String ED25519_SIGNATURE = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";
    public static final String X25519_ALICE_PKCS8 =
            "302e020100300506032b656e04220420" + "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
    public static final String X25519_BOB_SPKI =
            "302a300506032b656e032100" + "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
    public static final String ED25519_SPKI =
            "302a300506032b6570032100" + "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    public static final String X25519_SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

    // RFC 6979 A.2.5 (ECDSA P-256, SHA-256, message "sample"): the public key Q, the signature (r, s)
    // in DER, and the private key x (PKCS#8 with RFC 5915's ECPrivateKey, no public key)
    public static final String P256_SPKI = "3059301306072a8648ce3d020106082a8648ce3d03010703420004"
            + "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
            + "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299";
    public static final String P256_SIGNATURE_DER = "3046022100"
            + "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716022100"
            + "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8";

    public static final String P256_PKCS8 = "308141020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420"
            + "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";

    // Wycheproof ecdh_secp256r1_test.json tcId 1 ("normal case"): the private scalar (as PKCS#8,
    // RFC 5915 without the public key), the peer's SubjectPublicKeyInfo and the shared x-coordinate
    public static final String ECDH_P256_PKCS8 =
            "308141020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420"
                    + "0612465c89a023ab17855b0a6bcebfd3febb53aef84138647b5352e02c10c346";
    public static final String ECDH_P256_PEER_SPKI = "3059301306072a8648ce3d020106082a8648ce3d03010703420004"
            + "62d5bd3372af75fe85a040715d0f502428e07046868b0bfdfa61d731afe44f26"
            + "ac333a93a9e70a81cd5a95b5bf8d13990eb741c8c38872b4a07d275a014e30cf";
    public static final String ECDH_P256_SHARED = "53020d908b0219328b658b525f26780e3ae12bcd952bb25a93bc0895e1714285";
}
