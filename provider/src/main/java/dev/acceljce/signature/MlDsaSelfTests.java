package dev.acceljce.signature;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.keys.AccelMlPrivateKey;
import dev.acceljce.keys.Keys;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpMessageSignature;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.HexFormat;

/**
 * ML-DSA-44's known answers (FIPS 204; OpenSSL 3.5 and later, the only library it runs on; "not
 * tested" on 3.0, which lacks it), from Wycheproof {@code mldsa_44_sign_seed} tcId 1: the key of
 * seed 2a..2a signs "Hello world".
 *
 * <ul>
 *   <li>through {@link MlDsaSignature} as the JCA calls it: the published signature verifies under
 *       the published public key and not for another message, and a new (hedged) signature by
 *       the key imported from its seed verifies too;
 *   <li>the deterministic signature, byte for byte, through the binding: {@link MlDsaSignature} signs
 *       hedged, as the JDK's ML-DSA does, and the JCA has no way to ask for FIPS 204's
 *       deterministic variant, so no SPI class can compute this answer. It is the SHA-256 of the
 *       2,420-byte signature.
 * </ul>
 */
final class MlDsaSelfTests {
    private MlDsaSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();
    private static final MlParameterSet SET = MlParameterSet.ML_DSA_44;
    private static final String SOURCE = "Wycheproof mldsa_44_sign_seed tcId 1 (seed 2a..2a, \"Hello world\")";

    /** The group's privateKeyPkcs8: the seed-only PKCS#8 form (IETF LAMPS) of seed 2a..2a. */
    private static final String SEED_PKCS8 = "3034020100300b0609608648016503040311042280202a2a2a2a2a2a2a2a"
            + "2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a";
    /** The SubjectPublicKeyInfo prefix of a 1,312-byte ML-DSA-44 public key (OID 2.16.840.1.101.3.4.3.17). */
    private static final String SPKI_PREFIX = "30820532300b06096086480165030403110382052100";

    // the group's publicKey and tcId 1's signature
    private static final String PUBLIC_KEY =
            "db9ac67708f2ba0fac1f92bd802f9be89ecab966feef59872a1a9ac90b1111170a561290ae86b13968f2506023c014ba"
                    + "09fa449a26e4e9d35595e73986506cc8790e4d07a94d6c736f7ae78cc5e3e3cf025ce06a09252bef97fe92e94cbd107b"
                    + "1844d1a7c690d88bff9e9336f8f58e0bd5ee384de9c7ffbb149a6fcd87c77288601d8843e28e0c7a60149d02ebc57b18"
                    + "3c39888d98b61cd8ad48135ddb8a1666743bb689f44c1a92d52017b6a8fa493eeb839dffb086a9a6c399b194a52f0e41"
                    + "64c96ff8a2a54337de24350a866b5fe4195257778e72511221778f1eae5fa93ed3532f696b9b0767aded85f62ea31102"
                    + "7c7f5fc4182dcd2864b1c26bd6dcf72ebdedf70471327be0ea1c2ae53e46489c6dbefa512a78fdd7be0ad3ada16a7f7b"
                    + "1ece49817b44868a2cc234bfdba556c32cc92ec2c5e8a5d206f2e4ee372d41681e67d1b7e7b0061870c57f600fafca85"
                    + "f98aed8ce4ba76bba961f9ed56e563220d3ced853b6b28e7527da0e0912bc932a23c8bab811429bbb4d49b2770bcda44"
                    + "abb932b11c0a5866409fce39fed2b459c86c8f6e1ab0aefc5879503f4b21a49b4b2de6760c9b6aaf041144a656a26af3"
                    + "9f4578e1d482ddc1360ef751d9784b860ec373d415360fe99f32e126a2ac1243430e8bed1bc90b19b3d219c2712edcf8"
                    + "1c44b4331f6421088e662b695e1fd8fa5091f616ab60af70f159b63368f1ac60d77b279ed47ef7f24ec2044bb6c2bc76"
                    + "d933ecd568f7e663392afc1d335abac6c03670adf87747dde90052f5cd45f7d30f43a4dc3c500ceb658fce235c171240"
                    + "baca1b5a14733d774b9416c540f53eb83481afc98344b12a4309e6222b08d978430467497010314c6f6b8caf65361c21"
                    + "6106395275a67d7500dbc120f7918c6f8db7aa63fa965b4a22c70dc88f727d768ce2bfc7597fd470184e1c59a6b2e120"
                    + "4cc8c3d052c594d5771e0ccc8cfb191f47038b1c0672f07caf4747562d3d76a9816fb1def1391cf0f05fcdbf2a0eb6c2"
                    + "1ac24b26e74ee403133e80a79313ddb02c1fa386c6dd1d420195343e3a104aff6d60887f7304fa9e3bb59bb55f820dd8"
                    + "5b1445c54e9a38dc1c7f3b88eb36a9f48d13455e51c934825ff3cd8bedb2b5422344120399eef83a360b83440ebdd8ea"
                    + "6e01c95159e3735bb4408500caa785ca4049891c7331c4ea31ad9060ece768fd339e6904f88e27bad3b28845687be2cc"
                    + "9314f300fda56fe3ff2508e54c59123b068f86fe00213d5af8da1b1735423ed688f097c306dbc121b81f532fcaf872d9"
                    + "f80596642295d6e4bead478644081618ab903b39e9b5e7cc0b5f2742d8337b18d4ad4788db7443e946cafc1762a5da84"
                    + "070e8c2fd86d6c633f0b44ee234ba11b9e1440c94a08d0437015279690405353059020fd2f58f15dab18754177244adf"
                    + "b81ceab79c7840bf3884a3d364afc8c453a425fd8c5378eaa7445f8c6256bfbd03a66c53e8cf27e2c52f14ef3294afe7"
                    + "9cda408f5dff933ca0211a78a4e3be3d9a932558ed71ed19bbb57f87937fa3d4a78128491ff096a261045bdd186325c4"
                    + "2caa8c7564195a4d2499a1c17d21a52d1aacd221d9c8a1866963a20390f2fd43dcf56b308a1c01c38091fd3e04c12b69"
                    + "5de497d48bcc268d50cb0bed793b8e6937e8d533afd568521f1c9377a3804d38e785674d7ce868d289938e33dda6edc7"
                    + "6d25b15fcb38852b7803cfe62f08d9fbd070957c4e6f134973964c9dc009985c8501e7d8f72e7ec285d5289fdd07f64d"
                    + "62acaa9737b039efa7a9d1d175577c6bcf9dddcf692877af38e75263bebe2453155be61f0723c274388a532abe29dd70"
                    + "23e327085f4c9dda41839b7b3357ab9d";
    private static final String SIGNATURE =
            "1aa69cb5ed35204534f25f40a17eb0d767f8981f5e7cec46d3bf3252bfc78e09d02ef0c82da6dde973611c8494728901"
                    + "06158cb15ffa6ca891615e888efa0d2d8a121b75ca440228ad32991be34249620f158ffd6f74d7b03bf919218ce259b5"
                    + "00808ec157ead67b56b79e9e6607eafb9227b8a30adbec087d35bc1aec2f1a0c4dd126dfcfb9fbf0bd74fb1e092495fa"
                    + "994ab5a7cd1333281aafe834694a6dc11e889c762b5645638e172dfab3060031ebcdc1fd455d5de6050bf71b074a4dd3"
                    + "4af5ebf15487651f0f13e5d3cee231b9b347810bfc418196df9d7231780c09171b9aae732bea27a1649d8c03220f417e"
                    + "30a016b08ccb1d55c9337b4812e20e04523f5d29a760a01b3a80d76285521206481ee1e44df09a76913ba54ae50c8eb9"
                    + "73a3ced73950fbf39c4c0c1262a216821a442072c10cc82839ac57b898411be9e810f893272a2546ff7d1d920f146210"
                    + "efc2b4528bc98a099a398302d301fc1dea31b3d8ff78246a66f690ef536b68e02bd7ea23a5378930dde7f1beb5174989"
                    + "6a7944e5a40e6fbbb1f76c3fda09e32e0a58062c24cac7ddb8c1d2cbb352a81e336425c5f551246db45ecd0ab29dac88"
                    + "cdebf51c60bebc2e27c974f56da12c1fec4f5745850429b607f5ed7cd821f2c91fc2dda8c2c8e8ec278d1b2a5bf50ec7"
                    + "0c5623fc681b4d1dccff96b324cb53ff97470f9de177c2006a89af8f18603a6d4ea2625794695fe79cd30318a1e76307"
                    + "a4c2a353db1e076ad9b609a2489b94cb6dd821c3af31046bb7a5d43d190e09fce4969fe4e93c8393975e64cb2d9c2294"
                    + "fc427ef5191c40937929b3b0e1b037e6b84cc0299d5af2b5410118bfd88ef6491af6f21233390ca7a19f1576e6c5a10a"
                    + "673796905562075047896e3a2379f64dfbbc12b9bfe64939c2d05efbc5f6e4b5ca69ce1ed4b7d25e8c835b0612b33e13"
                    + "ed7a8a7233b4b3d58eead0bc4c841acb65a5ec0ed45e2584c23c2a162392b5789c62358e4038864e20c10e10c67d940c"
                    + "e78993178dbeb3de1fea1e50e7c29f4d7d938c3bfe50229ea040102f30d5b3a64cb8e13420065d54a1ac50a77383bdff"
                    + "3cae2340ebf15a1557fde897007c1b67d04f19431ca00cb0f08db87e90e166e0f4ce6fd69c6ecef1b3f70d9eb601b57a"
                    + "7bf931057c2afe2d3567b6bbec7891c664713385122fdd789c1d5a8a9cfd491f407c16d0b0c5dfc53a6862208e264b98"
                    + "1bf2ddbdd1d7db9729b5265c4c3868a947c982880bc55b786153b89ef3324067b35a928c51236bcbe9f860ad9eee5644"
                    + "478f894a9fe78d26a5a17d482612f1cb9983b864e6fba84591c0f73b7b27918819d2121d4af640f533e2939d3da0f0aa"
                    + "6b9df80837a80165ae8b7579715192eb0f6cca78a43d8ad8d7abb56d816e3af2de59b88bfdcf6767abfb043d3ae24223"
                    + "d05001953faa292671c57ade1fe28988075ab8d14ac98363412bd694c40ae85b1f104afcd0f25aa590f57ba4f5dfdf61"
                    + "3bf8594e3f54baadfdf50c0881af2475590758a23b7eee725513e4d1ea9f4630159c424a289f18a9879e5e173390f8e6"
                    + "30f6ee2a6043d82a1983dc97c7acfea3b0c03e27e865d810d012daeec28dc454f59334edf24627d435701d329ff5e68d"
                    + "19bbdca5ef7d5e00204fa947d08f81cb6484cabe60989d2f61fbe70940f7e4f449b3fcb103a89143d74b15d72e7913dc"
                    + "e9193a0b9c5a7b2a97bde6d7f396ae80b4b566f9f2e7345bc42ce3b002818e19f0f16416b850832cd02279ee8d58a381"
                    + "deaac09b1b4d4613f4d066805d2faea6716e015fe361c0526c6e4617a389ffdf930213c1dc0c4c905c3106a7517dce7a"
                    + "bea7a9341132f8ad98de3e42f6b75809fff38f6eeafb97398e79d50a5622338763c4e45a88ddda7fb87ab7f5cec61109"
                    + "fdc1c5d4a16310275241fc34178028a49fd79581a05c3b6984eecd6cb9bd60a44da72600f8f2604a4ff4578126194fb2"
                    + "269c8e6e71447445e8e80bf8c6063dbbf29c7ded58abbc0d2eed347bf495b6a9cbe68585a594aa0e65834bfbcccc3f6b"
                    + "f42fe4ef42d86232c3fb1412dd0b5f8a0489958f5c3b883bf7851337a35b13dd2b6517626ff2d1064cd189beb402497d"
                    + "d6b8893d414dde7d1d51018c7a83766a2d8a29b80e8f428237732f7ee5ba878163f0aa8af5b60533b4d4621a38fdc543"
                    + "83acb3325b5e876e21483eddcc64c419596e656d1557be31b530ea66054f79d4f4a755f9ee33c84fed5d552ec5e2eccd"
                    + "061cf4c4b5c3c16a70a7baecccfc208d2430e78621c9ae5b0d080973b4e1df0a1f5c0415db6d3c85f9ea9041e9a9abdd"
                    + "e71d6776a522aa957f708b14a33eda10ebbab93bb8ec2b7a04679f38eb44fc558ee698d3c6937e0e647dce898d7599fe"
                    + "f6de32ae4d52adc722443610b2126559756aa36f3c79696b99be3d908f780fcbaef33b215693634d63ce2a0777dfbbc8"
                    + "99d2be72efdbafbc10aefb26a1a63cdcfda00235b34db723c91624ee5f939024dfedba0863ad08f648767d41fc7fd6b3"
                    + "17c51f4b1b87e21e07d488c9423581f9bbdae43e4d32b37e8283960524f9a601ab69f5cd7fb01c9a8a5c64fe863519a1"
                    + "e9f3426398f691a96e1748491b4e209fca2ab29481a674621c797614ba16fbfdfd1a4184e7f84667e720e6bcd9debef3"
                    + "2c2b9e891a6e3c0423158f539838d8413e9fc707d5c65b23368b6edc95d9c3f8e20bbb844499311614945606c1487ef4"
                    + "015d1e260fa8239abaa071be572163132bdb06ef21e31be0f9d4b6747134e4842bedcd3bf53b0d6f054693bc428e9a71"
                    + "5d5a32a79e6a3cb8b81faf2c04087d8816752637a2fe11eacb38341e024848562a29d4585e4ee56552ce9b1fad43b965"
                    + "a37bff8558921790ef0f4ac55bcac4327d1783f5e1e79bf01e96934bb4a8f5dd06c83bb70b2377189d622a106100f0cb"
                    + "dd38e34c0565900c616561161b3261859133f83893feb22b0bafc82cf4f0dbafde0648e2f86260e6e747034e5cb3ece9"
                    + "8087fbf74179c6306f0c460b5d609b9b3a66761472ee0b9dabb5dfa872d5c6bc9b33461a27b5427bd8833f874f479ecc"
                    + "5f0a20304b9a75aacc82420a87af6469daaef53391ae8a25468e717dc47f464fce45a31147c0c4e12ac2f834567e4005"
                    + "b0827d13b3ec80cd8b7a907436e6624c6c8ac6a80add35cfa1a28872fb65cb3fa46894d116a052f19b5fe20c7ead10bd"
                    + "24d27ad2b5683f299d1193ec6d9ff3379f3b3e39cb9991831f194af2041085508da4dcb7b8785cbdc4e04cf4d826d1ef"
                    + "4a11036e4c5803c3aaa7669b4dd3bc12ff888984e9bbdace0e772ab59332b47300334757677578808e90929697a9cecf"
                    + "d6ed1b303d4250738a97a0aabac6d91e283a4b696f7181828493aec8cdcfe1eaecfc0227484957595badbcbfc8fa0000"
                    + "00000000000000000000000000000000121f323e";

    static void register() {
        EngineSelfTests.register(
                Family.MLDSA,
                Engine.OPENSSL,
                "ML-DSA-44 verification, and sign then verify (Signature SPI)",
                SOURCE,
                MlDsaSelfTests::throughSpi);
        EngineSelfTests.registerThroughBinding(
                Family.MLDSA,
                Engine.OPENSSL,
                "ML-DSA-44 deterministic signature",
                "Wycheproof mldsa_44_sign_seed tcId 1 (seed 2a..2a, \"Hello world\"), SHA-256 of the signature",
                MlDsaSelfTests::deterministic);
    }

    private static String throughSpi(boolean inject) throws Exception {
        notOffered();
        byte[] message = message();
        byte[] published = HEX.parseHex(SIGNATURE);
        if (inject) {
            published[10] ^= 1;
        }
        PublicKey publicKey = Keys.publicFromX509(HEX.parseHex(SPKI_PREFIX + PUBLIC_KEY));
        PrivateKey privateKey = Keys.privateFromPkcs8(HEX.parseHex(SEED_PKCS8));
        if (publicKey == null || !(privateKey instanceof AccelMlPrivateKey)) {
            return "the loaded OpenSSL does not read the published keys";
        }
        try {
            MlDsaSignature spi = new MlDsaSignature(SET.standardName(), SET.kind());
            spi.engineInitVerify(publicKey);
            if (!spi.servedNatively()) {
                return "handed to the JDK, not run on OpenSSL";
            }
            return SignatureSelfChecks.publishedThenFresh(
                    spi, publicKey, privateKey, message, published, "the published signature");
        } finally {
            Keys.release(privateKey);
        }
    }

    /** The binding's one-shot signature with OpenSSL's "deterministic" parameter, by the key of the seed. */
    private static String deterministic(boolean inject) throws Exception {
        notOffered();
        byte[] message = message();
        try (Arena arena = Arena.ofConfined();
                EvpPkey.Key key = EvpPkey.Key.generate(
                        SET.standardName(),
                        OsslParams.in(arena)
                                .octets("seed", HEX.parseHex("2a".repeat(32)))
                                .build());
                EvpMessageSignature.Algorithm alg = EvpMessageSignature.Algorithm.fetch(SET.standardName())) {
            byte[] sig = EvpMessageSignature.sign(
                    alg,
                    key,
                    SET.outputSize(),
                    message,
                    message.length,
                    OsslParams.in(arena).integer("deterministic", 1).build());
            if (sig == null) {
                return "OpenSSL refused to sign";
            }
            EvpDigest.Algorithm md = EvpDigest.fetch("SHA256").orElseThrow();
            byte[] digest = new byte[md.size()];
            EvpDigest.digest(md, sig, 0, sig.length, digest, 0);
            return EngineSelfTests.knownAnswer(
                    digest, "8cd6fc03daa72e87210a4e721523e84c14f27733789075e65736744d4787fdd5", inject);
        }
    }

    private static void notOffered() throws EngineSelfTests.NotOffered {
        if (!EvpPkey.hasKeyType(SET.standardName()) || !EvpMessageSignature.has(SET.standardName())) {
            throw new EngineSelfTests.NotOffered(SET.standardName());
        }
    }

    private static byte[] message() {
        return "Hello world".getBytes(StandardCharsets.US_ASCII);
    }
}
