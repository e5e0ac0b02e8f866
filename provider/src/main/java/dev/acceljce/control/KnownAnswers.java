package dev.acceljce.control;

/**
 * Published known answers of the self-tests ({@link EngineSelfTests}), each with the document it
 * comes from: the AEAD, Ed25519, X25519, ECDSA and ECDH vectors, and the RSA key and vectors that
 * two family packages use (signatures in {@code signature}, OAEP in {@code rsa}). The vectors of
 * the other families are in their own {@code *SelfTests} classes. Keys are wrapped in the
 * standard PKCS#8 / SubjectPublicKeyInfo prefixes of their types.
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

    // Wycheproof (github.com/C2SP/wycheproof), testvectors_v1/rsa_pkcs1_2048_sig_gen_test.json, the
    // SHA-256 test group (RsassaPkcs1Generate, keySize 2048): its privateKeyPkcs8 (with CRT
    // components), its keyDer (SubjectPublicKeyInfo) and tcId 85, message "Message" (4d657373616765).
    // testvectors_v1/rsa_oaep_2048_sha256_mgf1sha256_test.json tcId 5 (SHA-256, MGF1-SHA-256, empty
    // label, message "Message"): that file's key has the same n, e, p, q, dP, dQ and qInv as the one
    // above (only d differs, another inverse of e, which a CRT key does not use), so it is decrypted
    // with the key above rather than a second 2048-bit key.
    public static final String RSA2048_PKCS8 = "308204bd020100300d06092a864886f70d0101010500048204a73082"
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
    public static final String RSA2048_SPKI = "30820122300d06092a864886f70d01010105000382010f003082010a"
            + "0282010100a2b451a07d0aa5f96e455671513550514a8a5b462ebef717094fa1fee82224e637f9746d3f7cafd31878d8"
            + "0325b6ef5a1700f65903b469429e89d6eac8845097b5ab393189db92512ed8a7711a1253facd20f79c15e8247f3d3e42"
            + "e46e48c98e254a2fe9765313a03eff8f17e1a029397a1fa26a8dce26f490ed81299615d9814c22da610428e09c7d9658"
            + "594266f5c021d0fceca08d945a12be82de4d1ece6b4c03145b5d3495d4ed5411eb878daf05fd7afc3e09ada0f1126422"
            + "f590975a1969816f48698bcbba1b4d9cae79d460d8f9f85e7975005d9bc22c4e5ac0f7c1a45d12569a62807d3b9a02e5"
            + "a530e773066f453d1f5b4c2e9cf7820283f742b9d50203010001";
    public static final String RSA2048_SHA256_SIGNATURE = "513a5abde16b5e0ecb8659d3ca0845800adf75cfc4437d42fa34e7aa"
            + "fbbe35fc5984d3560cba938f9a622e932bb6162b7fbb6cd8c1cf8815f28c495995ac18cdbe8fabfdce29c17aa021df19"
            + "2ac02d080d7c5eda6bd4c99154178a9d5e1cf3ff4177106315f4e6d74c991b601069acd60b55b3bb4dbf6316c35096a4"
            + "87d6756181d3394944f1c742a2f4d608ce4f6abbfb72347ad7d342ae15dd6d1049fbd0ff55f4d7c43ab805f81ff1fbe9"
            + "256b5c78c2de6beb787f4b6d66d290a3d4c4857368aea5f7ebaa1296020c8f9e3670441a08038bb810e853a654e44316"
            + "a4e52428745123ce2714020d00e55a9eb82f7fb41c73d852a82b003670246c6ca2045fc8";
    public static final String RSA2048_OAEP_CIPHERTEXT = "121196e51a3f4476bfb6adddfdeb3a25dad72d1ea315d652f331a436"
            + "31ad36724b3d14532110dc44e407b1184618f115677b33751fb0e8786ba220cfa7fc3fce22822eabdd4fc2761c7f34a0"
            + "4e8f13c1021c31adc123a32d871f0da6cdacab9c020222da52afd5c307a6e55e4566944403fda426ee2c6c973ccaaafe"
            + "2d081ed8c5b1dc00662424e395faed86c9ae19a3a95950c83d2a9ad5c7e7f670faeb123acef07fe7795ad298aafe5435"
            + "04d7811336b3e2ecb1622bc90599a185b34700f8f4c52a651d73ea57e8cfa80e61d9da61f36951c7194ae4dee3c6e67b"
            + "5757a39685dd3fe01cb87620a54666ff8132e93d7081d38ddc9f079431075e96cca78f59";
}
