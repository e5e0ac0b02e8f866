package dev.acceljce.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The peer suite's rows by name, each made for one provider by the row's own JMH benchmark class
 * and its {@code setUp} (same keys, same messages, same calls as that benchmark's forks), for
 * {@link HeadToHeadBenchmark}, which races two providers inside one JVM.
 *
 * <p>Names: {@code ecdh-p256}, {@code x25519}, {@code ecdsa-p256-sign} (and {@code -verify},
 * {@code p384}), {@code ed25519-sign} (and {@code -verify}), {@code keygen-ec}, {@code keygen-x25519},
 * {@code keyshare-p256} ({@code -p384}, {@code -x25519}); {@code rsa2048-sign} (and {@code -verify},
 * {@code rsa4096}); {@code gcm-encrypt-SIZE}, {@code gcm-decrypt-SIZE}, {@code chacha-encrypt-SIZE},
 * {@code chacha-decrypt-SIZE} for a message size in bytes.
 */
final class PeerRows {
    /** One operation of a row; returns what the benchmark method returns (kept from dead-code elimination). */
    interface Call {
        Object call() throws Exception;
    }

    /** The public-key rows of the goal against the peers (no row under 0.95x the best peer). */
    static final List<String> PUBLIC_KEY = List.of(
            "ecdh-p256",
            "x25519",
            "ecdsa-p256-sign",
            "ecdsa-p256-verify",
            "ecdsa-p384-sign",
            "ecdsa-p384-verify",
            "ed25519-sign",
            "ed25519-verify",
            "keygen-ec",
            "keygen-x25519",
            "keyshare-p256",
            "keyshare-p384",
            "keyshare-x25519");

    /** RSA signatures (SHA256withRSA), a certificate's: the rows where the RSA engine is chosen. */
    static final List<String> RSA = List.of("rsa2048-sign", "rsa2048-verify", "rsa4096-sign", "rsa4096-verify");

    /** The AEAD rows of the goal against the peers: both ciphers, both directions, 32 B to 16 KiB. */
    static final List<String> AEAD = aead();

    private PeerRows() {}

    private static List<String> aead() {
        List<String> rows = new ArrayList<>();
        for (String cipher : new String[] {"gcm", "chacha"}) {
            for (int size : new int[] {32, 128, 512, 1024, 16384}) {
                rows.add(cipher + "-encrypt-" + size);
                rows.add(cipher + "-decrypt-" + size);
            }
        }
        return List.copyOf(rows);
    }

    /**
     * Row {@code name} for {@code provider}, set up. Throws {@link BenchmarkProviders.NotOffered}
     * when the provider does not serve it.
     */
    static Call make(String name, String provider) throws Exception {
        String[] p = Arrays.copyOf(name.split("-"), 3); // a missing part reads as null: refused below
        return switch (String.valueOf(p[0])) {
            case "ecdh", "x25519" -> {
                if (!name.equals("ecdh-p256") && !name.equals("x25519")) {
                    throw new IllegalArgumentException("no agreement row " + name);
                }
                KeyAgreementBenchmark b = new KeyAgreementBenchmark();
                b.provider = provider;
                b.group = p[0].equals("ecdh") ? "secp256r1" : "X25519";
                b.setUp();
                yield b::agree;
            }
            case "ecdsa" -> {
                EcdsaBenchmark b = new EcdsaBenchmark();
                b.provider = provider;
                b.algorithm = "SHA256withECDSA";
                b.curve = curve(p[1]);
                b.size = 128;
                b.setUp();
                yield sign(p[2]) ? b::signEcDsa : b::verifyEcDsa;
            }
            case "ed25519" -> {
                EdDsaBenchmark b = new EdDsaBenchmark();
                b.provider = provider;
                b.algorithm = "Ed25519";
                b.size = 128;
                b.setUp();
                yield sign(p[1]) ? b::sign : b::verify;
            }
            case "keygen" -> {
                KeyPairGeneratorBenchmark b = new KeyPairGeneratorBenchmark();
                b.provider = provider;
                b.algorithm = switch (String.valueOf(p[1])) {
                    case "ec" -> "EC";
                    case "x25519" -> "X25519";
                    default -> throw new IllegalArgumentException("no key generation row " + name);
                };
                b.setUp();
                yield b::generate;
            }
            case "keyshare" -> {
                KeyShareBenchmark b = new KeyShareBenchmark();
                b.provider = provider;
                b.group = "x25519".equals(p[1]) ? "x25519" : curve(p[1]);
                b.setUp();
                yield b::share;
            }
            case "rsa2048", "rsa4096" -> {
                RsaBenchmark b = new RsaBenchmark();
                b.provider = provider;
                b.keyBits = p[0].equals("rsa2048") ? 2048 : 4096;
                b.algorithm = "SHA256withRSA";
                b.decryption = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";
                b.setUp();
                yield sign(p[1]) ? b::sign : b::verify;
            }
            case "gcm" -> {
                AesGcmBenchmark b = new AesGcmBenchmark();
                b.provider = provider;
                b.algorithm = "AES/GCM/NoPadding";
                b.keyBits = 128;
                b.size = size(p[2]);
                b.setUp();
                yield encrypt(p[1]) ? b::encrypt : b::decrypt;
            }
            case "chacha" -> {
                CipherModesBenchmark b = new CipherModesBenchmark();
                b.provider = provider;
                b.algorithm = "ChaCha20-Poly1305";
                b.keyBits = 128; // as the JMH rows name it; ChaCha20 takes its 256-bit key whatever this says
                b.size = size(p[2]);
                b.setUp();
                yield encrypt(p[1]) ? b::encrypt : b::decrypt;
            }
            default -> throw new IllegalArgumentException("no row " + name);
        };
    }

    private static int size(String bytes) {
        try {
            return Integer.parseInt(bytes);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a message size in bytes, not " + bytes);
        }
    }

    private static String curve(String shortName) {
        return switch (String.valueOf(shortName)) {
            case "p256" -> "secp256r1";
            case "p384" -> "secp384r1";
            default -> throw new IllegalArgumentException("no curve " + shortName);
        };
    }

    private static boolean sign(String what) {
        return switch (String.valueOf(what)) {
            case "sign" -> true;
            case "verify" -> false;
            default -> throw new IllegalArgumentException("sign or verify, not " + what);
        };
    }

    private static boolean encrypt(String what) {
        return switch (String.valueOf(what)) {
            case "encrypt" -> true;
            case "decrypt" -> false;
            default -> throw new IllegalArgumentException("encrypt or decrypt, not " + what);
        };
    }
}
