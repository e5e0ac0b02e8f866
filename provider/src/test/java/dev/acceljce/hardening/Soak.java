package dev.acceljce.hardening;

import dev.acceljce.testing.LiveNatives;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Native-memory soak: per family, many operations through AccelJCE, with the process's resident
 * memory and AccelJCE's live native-object count sampled after warm-up and at the end (each after
 * a GC and the Cleaner's catching up). One object in {@link #NEW_EVERY} is created afresh and
 * dropped half-way through an operation, left to the Cleaner. Run by {@code NativeSoakTest}: CI
 * size by default, any size through {@code ./scripts/soak.sh [operations]}.
 */
final class Soak {
    /** Every this many operations the family's object is replaced, the old one abandoned mid-operation. */
    static final int NEW_EVERY = 16;

    private Soak() {}

    /**
     * One family's measurement: live native objects, VmRSS (KiB) and the bytes malloc has handed
     * out and not yet been given back (glibc's mallinfo2: OpenSSL allocates with malloc, so this
     * sees native leaks without the noise of the Java heap's pages in RSS).
     */
    record Result(
            String family,
            long ops,
            long millis,
            long liveBefore,
            long liveAfter,
            long rssBefore,
            long rssAfter,
            long mallocBefore,
            long mallocAfter) {
        long liveGrowth() {
            return liveAfter - liveBefore;
        }

        long mallocGrowthKib() {
            return (mallocAfter - mallocBefore) / 1024;
        }

        @Override
        public String toString() {
            return String.format(
                    "%-26s %,11d ops %6.1f s  live %3d -> %3d  RSS %,8d -> %,8d KiB  "
                            + "malloc in use %,8d -> %,8d KiB (%+,d)",
                    family,
                    ops,
                    millis / 1000.0,
                    liveBefore,
                    liveAfter,
                    rssBefore,
                    rssAfter,
                    mallocBefore / 1024,
                    mallocAfter / 1024,
                    mallocGrowthKib());
        }
    }

    /** One operation of a family on object {@code o}; returns the object to use next (a new one or the same). */
    interface Family {
        String name();

        /** Relative cost: the family runs ops / weight operations. */
        int weight();

        Object create() throws Exception;

        void operate(Object o, long i) throws Exception;

        /** Starts an operation and leaves it unfinished (the object is then abandoned). */
        void abandon(Object o) throws Exception;
    }

    static List<Result> run(Provider p, long ops, List<Family> families) throws Exception {
        List<Result> out = new ArrayList<>();
        for (Family f : families) {
            out.add(run(f, Math.max(1000, ops / f.weight())));
        }
        return out;
    }

    static Result run(Family f, long ops) throws Exception {
        long warm = Math.max(500, ops / 10);
        Object o = f.create();
        for (long i = 0; i < warm; i++) {
            o = step(f, o, i);
        }
        long liveBefore = settle();
        long rssBefore = rssKib();
        long mallocBefore = quietMallocInUse();
        long start = System.nanoTime();
        for (long i = warm; i < ops; i++) {
            o = step(f, o, i);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        o = null;
        long liveAfter = settle();
        return new Result(
                f.name(), ops, millis, liveBefore, liveAfter, rssBefore, rssKib(), mallocBefore, quietMallocInUse());
    }

    private static Object step(Family f, Object o, long i) throws Exception {
        if (i % NEW_EVERY == NEW_EVERY - 1) {
            f.abandon(o);
            return f.create();
        }
        f.operate(o, i);
        return o;
    }

    /** GC until the Cleaner has freed what is unreachable: {@link LiveNatives#settle}. */
    static long settle() throws InterruptedException {
        return LiveNatives.settle();
    }

    /** VmRSS from /proc/self/status, in KiB (0 where there is no procfs). */
    static long rssKib() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: RSS is not measured
        }
        return 0;
    }

    private static final java.lang.foreign.MemoryLayout MALLINFO2 = java.lang.foreign.MemoryLayout.structLayout(
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("arena"),
                    java.lang.foreign.ValueLayout.JAVA_LONG.withName("ordblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("smblks"),
                    java.lang.foreign.ValueLayout.JAVA_LONG.withName("hblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("hblkhd"),
                    java.lang.foreign.ValueLayout.JAVA_LONG.withName("usmblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("fsmblks"),
                    java.lang.foreign.ValueLayout.JAVA_LONG.withName("uordblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("fordblks"),
                    java.lang.foreign.ValueLayout.JAVA_LONG.withName("keepcost"));
    private static final java.lang.invoke.MethodHandle MALLINFO2_FN = java.lang.foreign.Linker.nativeLinker()
            .defaultLookup()
            .find("mallinfo2")
            .map(a -> java.lang.foreign.Linker.nativeLinker()
                    .downcallHandle(a, java.lang.foreign.FunctionDescriptor.of(MALLINFO2)))
            .orElse(null);

    /**
     * The lowest of five {@link #mallocInUse} samples 50 ms apart. The JVM's compiler threads
     * malloc arenas of megabytes while they compile a family's code and give them back after: a
     * single sample caught +19 MiB of that over 10,000 EC key imports, none of it there 200,000
     * imports later. A leak stays in every sample; a passing compilation does not.
     */
    static long quietMallocInUse() throws InterruptedException {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            if (i > 0) {
                Thread.sleep(50);
            }
            least = Math.min(least, mallocInUse());
        }
        return least;
    }

    /** Bytes malloc has handed out and not got back (mallinfo2 uordblks + hblkhd), or 0 without glibc. */
    static long mallocInUse() {
        if (MALLINFO2_FN == null) {
            return 0;
        }
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment m =
                    (java.lang.foreign.MemorySegment) MALLINFO2_FN.invokeExact((java.lang.foreign.SegmentAllocator) a);
            return m.get(java.lang.foreign.ValueLayout.JAVA_LONG, 7 * 8)
                    + m.get(java.lang.foreign.ValueLayout.JAVA_LONG, 4 * 8);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The families, over AccelJCE {@code p}. */
    static List<Family> families(Provider p) throws Exception {
        byte[] data = new byte[256];
        ByteBuffer direct = ByteBuffer.allocateDirect(256);
        SecretKeySpec aes = new SecretKeySpec(new byte[16], "AES");
        SecretKeySpec chacha = new SecretKeySpec(new byte[32], "ChaCha20");
        SecretKeySpec hmacKey = new SecretKeySpec(new byte[32], "HmacSHA256");
        List<Family> list = new ArrayList<>();
        list.add(simple(
                "MessageDigest SHA-256",
                1,
                () -> MessageDigest.getInstance("SHA-256", p),
                (o, i) -> {
                    MessageDigest md = (MessageDigest) o;
                    md.update(data);
                    md.update(direct.duplicate());
                    md.digest();
                    if (i % 64 == 0) {
                        ((MessageDigest) md.clone()).digest();
                    }
                },
                o -> ((MessageDigest) o).update(data)));
        list.add(simple(
                "Mac HmacSHA256",
                1,
                () -> {
                    Mac m = Mac.getInstance("HmacSHA256", p);
                    m.init(hmacKey);
                    return m;
                },
                (o, i) -> {
                    Mac m = (Mac) o;
                    if (i % 32 == 0) {
                        m.init(new SecretKeySpec(new byte[(int) (i % 200) + 1], "HmacSHA256"));
                    }
                    m.update(data);
                    m.doFinal();
                },
                o -> ((Mac) o).update(data)));
        list.add(simple(
                "Cipher AES/GCM",
                1,
                () -> Cipher.getInstance("AES/GCM/NoPadding", p),
                (o, i) -> {
                    Cipher c = (Cipher) o;
                    c.init(
                            Cipher.ENCRYPT_MODE,
                            aes,
                            new GCMParameterSpec(
                                    128, ByteBuffer.allocate(12).putLong(4, i).array()));
                    c.updateAAD(data, 0, 16);
                    byte[] ct = c.doFinal(data);
                    c.init(
                            Cipher.DECRYPT_MODE,
                            aes,
                            new GCMParameterSpec(
                                    128, ByteBuffer.allocate(12).putLong(4, i).array()));
                    c.updateAAD(data, 0, 16);
                    c.doFinal(ct);
                },
                o -> {
                    Cipher c = (Cipher) o;
                    c.init(Cipher.ENCRYPT_MODE, aes, new GCMParameterSpec(128, new byte[12]));
                    c.update(data);
                }));
        list.add(simple(
                "Cipher ChaCha20-Poly1305",
                1,
                () -> Cipher.getInstance("ChaCha20-Poly1305", p),
                (o, i) -> {
                    Cipher c = (Cipher) o;
                    c.init(
                            Cipher.ENCRYPT_MODE,
                            chacha,
                            new IvParameterSpec(
                                    ByteBuffer.allocate(12).putLong(4, i).array()));
                    c.doFinal(data);
                },
                o -> {
                    Cipher c = (Cipher) o;
                    c.init(Cipher.ENCRYPT_MODE, chacha, new IvParameterSpec(new byte[12]));
                    c.update(data);
                }));
        for (String t : new String[] {"AES/CBC/PKCS5Padding", "AES/CTR/NoPadding"}) {
            if (p.getService("Cipher", t) == null) {
                continue;
            }
            IvParameterSpec iv = new IvParameterSpec(new byte[16]);
            list.add(simple(
                    "Cipher " + t,
                    1,
                    () -> Cipher.getInstance(t, p),
                    (o, i) -> {
                        Cipher c = (Cipher) o;
                        c.init(Cipher.ENCRYPT_MODE, aes, iv);
                        byte[] ct = c.doFinal(data);
                        c.init(Cipher.DECRYPT_MODE, aes, iv);
                        c.doFinal(ct);
                    },
                    o -> {
                        Cipher c = (Cipher) o;
                        c.init(Cipher.ENCRYPT_MODE, aes, iv);
                        c.update(data, 0, 7);
                    }));
        }
        list.add(simple(
                "KDF HKDF-SHA256",
                4,
                () -> KDF.getInstance("HKDF-SHA256", p),
                (o, i) -> ((KDF) o)
                        .deriveData(HKDFParameterSpec.ofExtract()
                                .addIKM(data)
                                .addSalt(java.util.Arrays.copyOf(data, 16))
                                .thenExpand(data, 42)),
                o -> {}));
        list.add(simple(
                "SecretKeyFactory PBKDF2",
                8,
                () -> SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", p),
                (o, i) -> ((SecretKeyFactory) o).generateSecret(new PBEKeySpec("password".toCharArray(), data, 2, 256)),
                o -> {}));
        list.add(simple(
                "KeyGenerator AES",
                2,
                () -> KeyGenerator.getInstance("AES", p),
                (o, i) -> ((KeyGenerator) o).generateKey(),
                o -> {}));
        list.add(simple(
                "SecureRandom DRBG",
                2,
                () -> SecureRandom.getInstance("DRBG", p),
                (o, i) -> ((SecureRandom) o).nextBytes(data),
                o -> {}));
        if (p.getService("Signature", "SHA256withECDSA") != null) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", p);
            g.initialize(new ECGenParameterSpec("secp256r1"));
            list.add(signAndVerify(p, "SHA256withECDSA", 40, g.generateKeyPair(), data));
        }
        if (p.getService("Signature", "Ed25519") != null) {
            KeyPair ed = KeyPairGenerator.getInstance("Ed25519", p).generateKeyPair();
            list.add(simple(
                    "Signature Ed25519",
                    40,
                    () -> Signature.getInstance("Ed25519", p),
                    (o, i) -> {
                        Signature s = (Signature) o;
                        s.initSign(ed.getPrivate());
                        s.update(data);
                        s.sign();
                    },
                    o -> {
                        Signature s = (Signature) o;
                        s.initSign(ed.getPrivate());
                        s.update(data);
                    }));
        }
        if (p.getService("KeyPairGenerator", "EC") != null) {
            list.add(simple(
                    "KeyPairGenerator EC",
                    40,
                    () -> {
                        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", p);
                        g.initialize(new ECGenParameterSpec("secp256r1"));
                        return g;
                    },
                    (o, i) -> {
                        KeyPair kp = ((KeyPairGenerator) o).generateKeyPair();
                        if ((i & 1) == 0) {
                            kp.getPrivate().destroy(); // half freed by destroy(), half by the Cleaner
                        }
                    },
                    o -> {}));
        }
        publicKeyFamilies(p, data, list);
        return list;
    }

    /**
     * RSA, key agreement, key import, the post-quantum services and destroy() with engines holding
     * the key: the families whose native objects are keys and public-key contexts.
     */
    private static void publicKeyFamilies(Provider p, byte[] data, List<Family> list) throws Exception {
        if (p.getService("Signature", "SHA256withRSA") != null) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", p);
            g.initialize(2048);
            KeyPair rsa = g.generateKeyPair();
            String oaep = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";
            list.add(simple(
                    "RSA sign, verify, OAEP",
                    1000,
                    () -> new Object[] {Signature.getInstance("SHA256withRSA", p), Cipher.getInstance(oaep, p)},
                    (o, i) -> {
                        Signature s = (Signature) ((Object[]) o)[0];
                        Cipher c = (Cipher) ((Object[]) o)[1];
                        s.initSign(rsa.getPrivate());
                        s.update(data);
                        byte[] sig = s.sign();
                        s.initVerify(rsa.getPublic());
                        s.update(data);
                        s.verify(sig);
                        c.init(Cipher.ENCRYPT_MODE, rsa.getPublic());
                        byte[] ct = c.doFinal(data, 0, 32);
                        c.init(Cipher.DECRYPT_MODE, rsa.getPrivate());
                        c.doFinal(ct);
                    },
                    o -> {
                        Signature s = (Signature) ((Object[]) o)[0];
                        s.initSign(rsa.getPrivate());
                        s.update(data);
                        Cipher c = (Cipher) ((Object[]) o)[1];
                        c.init(Cipher.DECRYPT_MODE, rsa.getPrivate());
                        c.update(new byte[10]);
                    }));
        }
        for (String[] ka : new String[][] {{"ECDH", "EC", "secp256r1"}, {"X25519", "X25519", null}}) {
            if (p.getService("KeyAgreement", ka[0]) == null) {
                continue;
            }
            KeyPairGenerator g = KeyPairGenerator.getInstance(ka[1], p);
            if (ka[2] != null) {
                g.initialize(new ECGenParameterSpec(ka[2]));
            }
            KeyPair ours = g.generateKeyPair();
            KeyPair peer = g.generateKeyPair();
            list.add(simple(
                    "KeyAgreement " + ka[0],
                    40,
                    () -> javax.crypto.KeyAgreement.getInstance(ka[0], p),
                    (o, i) -> {
                        javax.crypto.KeyAgreement a = (javax.crypto.KeyAgreement) o;
                        a.init(ours.getPrivate());
                        a.doPhase(peer.getPublic(), true);
                        a.generateSecret();
                    },
                    o -> ((javax.crypto.KeyAgreement) o).init(ours.getPrivate())));
        }
        if (p.getService("KeyFactory", "EC") != null) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", p);
            g.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair ec = g.generateKeyPair();
            java.security.spec.PKCS8EncodedKeySpec pkcs8 =
                    new java.security.spec.PKCS8EncodedKeySpec(ec.getPrivate().getEncoded());
            java.security.spec.X509EncodedKeySpec x509 =
                    new java.security.spec.X509EncodedKeySpec(ec.getPublic().getEncoded());
            list.add(simple(
                    "KeyFactory EC import, export",
                    20,
                    () -> java.security.KeyFactory.getInstance("EC", p),
                    (o, i) -> {
                        java.security.KeyFactory f = (java.security.KeyFactory) o;
                        java.security.PrivateKey k = f.generatePrivate(pkcs8);
                        f.generatePublic(x509).getEncoded();
                        f.getKeySpec(k, java.security.spec.ECPrivateKeySpec.class);
                        k.getEncoded();
                        if ((i & 1) == 0) {
                            k.destroy(); // half freed by destroy(), half by the Cleaner
                        }
                    },
                    o -> {}));
        }
        if (p.getService("Signature", "Ed25519") != null) {
            KeyPair ed = KeyPairGenerator.getInstance("Ed25519", p).generateKeyPair();
            java.security.spec.PKCS8EncodedKeySpec pkcs8 =
                    new java.security.spec.PKCS8EncodedKeySpec(ed.getPrivate().getEncoded());
            java.security.KeyFactory f = java.security.KeyFactory.getInstance("Ed25519", p);
            // every operation registers the engine as the key's holder and destroys the key under it
            list.add(simple(
                    "destroy() under an engine",
                    40,
                    () -> Signature.getInstance("Ed25519", p),
                    (o, i) -> {
                        Signature s = (Signature) o;
                        java.security.PrivateKey k = f.generatePrivate(pkcs8);
                        s.initSign(k);
                        s.update(data);
                        s.sign();
                        k.destroy();
                    },
                    o -> {
                        Signature s = (Signature) o;
                        s.initSign(f.generatePrivate(pkcs8)); // never destroyed: the Cleaner frees it
                        s.update(data);
                    }));
        }
        if (p.getService("KEM", "ML-KEM") != null) {
            KeyPair kem = KeyPairGenerator.getInstance("ML-KEM-768", p).generateKeyPair();
            javax.crypto.KEM k = javax.crypto.KEM.getInstance("ML-KEM", p);
            list.add(simple(
                    "KEM ML-KEM-768",
                    40,
                    () -> new Object[] {k.newEncapsulator(kem.getPublic()), k.newDecapsulator(kem.getPrivate())},
                    (o, i) -> {
                        javax.crypto.KEM.Encapsulated e =
                                ((javax.crypto.KEM.Encapsulator) ((Object[]) o)[0]).encapsulate();
                        ((javax.crypto.KEM.Decapsulator) ((Object[]) o)[1]).decapsulate(e.encapsulation());
                    },
                    o -> {}));
        }
        if (p.getService("Signature", "ML-DSA-44") != null) {
            list.add(signAndVerify(
                    p,
                    "ML-DSA-44",
                    100,
                    KeyPairGenerator.getInstance("ML-DSA-44", p).generateKeyPair(),
                    data));
        }
    }

    /**
     * Signature {@code alg}: each operation signs {@code data} and verifies the signature; an
     * abandoned object is left mid-way through signing.
     */
    private static Family signAndVerify(Provider p, String alg, int weight, KeyPair kp, byte[] data) {
        return simple(
                "Signature " + alg,
                weight,
                () -> Signature.getInstance(alg, p),
                (o, i) -> {
                    Signature s = (Signature) o;
                    s.initSign(kp.getPrivate());
                    s.update(data);
                    byte[] sig = s.sign();
                    s.initVerify(kp.getPublic());
                    s.update(data);
                    s.verify(sig);
                },
                o -> {
                    Signature s = (Signature) o;
                    s.initSign(kp.getPrivate());
                    s.update(data);
                });
    }

    interface Create {
        Object create() throws Exception;
    }

    interface Operate {
        void operate(Object o, long i) throws Exception;
    }

    interface Abandon {
        void abandon(Object o) throws Exception;
    }

    static Family simple(String name, int weight, Create create, Operate operate, Abandon abandon) {
        return new Family() {
            public String name() {
                return name;
            }

            public int weight() {
                return weight;
            }

            public Object create() throws Exception {
                return create.create();
            }

            public void operate(Object o, long i) throws Exception {
                operate.operate(o, i);
            }

            public void abandon(Object o) throws Exception {
                abandon.abandon(o);
            }
        };
    }
}
