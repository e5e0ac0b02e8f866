package dev.acceljce.hardening;

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

import dev.acceljce.openssl.NativeResource;

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
    record Result(String family, long ops, long millis, long liveBefore, long liveAfter, long rssBefore,
                  long rssAfter, long mallocBefore, long mallocAfter) {
        long liveGrowth() {
            return liveAfter - liveBefore;
        }

        long mallocGrowthKib() {
            return (mallocAfter - mallocBefore) / 1024;
        }

        @Override
        public String toString() {
            return String.format("%-26s %,11d ops %6.1f s  live %3d -> %3d  RSS %,8d -> %,8d KiB  "
                            + "malloc in use %,8d -> %,8d KiB (%+,d)", family, ops, millis / 1000.0, liveBefore,
                    liveAfter, rssBefore, rssAfter, mallocBefore / 1024, mallocAfter / 1024, mallocGrowthKib());
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
        long mallocBefore = mallocInUse();
        long start = System.nanoTime();
        for (long i = warm; i < ops; i++) {
            o = step(f, o, i);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        o = null;
        long liveAfter = settle();
        return new Result(f.name(), ops, millis, liveBefore, liveAfter, rssBefore, rssKib(), mallocBefore,
                mallocInUse());
    }

    private static Object step(Family f, Object o, long i) throws Exception {
        if (i % NEW_EVERY == NEW_EVERY - 1) {
            f.abandon(o);
            return f.create();
        }
        f.operate(o, i);
        return o;
    }

    /** GC until the Cleaner has freed what is unreachable: the live count stops falling. */
    static long settle() throws InterruptedException {
        long last = Long.MAX_VALUE;
        for (int round = 0; round < 50; round++) {
            System.gc();
            Thread.sleep(40);
            long now = NativeResource.liveCount();
            if (now >= last && round >= 3) {
                return now;
            }
            last = Math.min(last, now);
        }
        return NativeResource.liveCount();
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
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("arena"), java.lang.foreign.ValueLayout.JAVA_LONG.withName("ordblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("smblks"), java.lang.foreign.ValueLayout.JAVA_LONG.withName("hblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("hblkhd"), java.lang.foreign.ValueLayout.JAVA_LONG.withName("usmblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("fsmblks"), java.lang.foreign.ValueLayout.JAVA_LONG.withName("uordblks"),
            java.lang.foreign.ValueLayout.JAVA_LONG.withName("fordblks"), java.lang.foreign.ValueLayout.JAVA_LONG.withName("keepcost"));
    private static final java.lang.invoke.MethodHandle MALLINFO2_FN = java.lang.foreign.Linker.nativeLinker()
            .defaultLookup().find("mallinfo2")
            .map(a -> java.lang.foreign.Linker.nativeLinker().downcallHandle(a,
                    java.lang.foreign.FunctionDescriptor.of(MALLINFO2)))
            .orElse(null);

    /** Bytes malloc has handed out and not got back (mallinfo2 uordblks + hblkhd), or 0 without glibc. */
    static long mallocInUse() {
        if (MALLINFO2_FN == null) {
            return 0;
        }
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment m = (java.lang.foreign.MemorySegment) MALLINFO2_FN.invokeExact(
                    (java.lang.foreign.SegmentAllocator) a);
            return m.get(java.lang.foreign.ValueLayout.JAVA_LONG, 7 * 8) + m.get(java.lang.foreign.ValueLayout.JAVA_LONG, 4 * 8);
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
        list.add(simple("MessageDigest SHA-256", 1, () -> MessageDigest.getInstance("SHA-256", p),
                (o, i) -> {
                    MessageDigest md = (MessageDigest) o;
                    md.update(data);
                    md.update(direct.duplicate());
                    md.digest();
                    if (i % 64 == 0) {
                        ((MessageDigest) md.clone()).digest();
                    }
                }, o -> ((MessageDigest) o).update(data)));
        list.add(simple("Mac HmacSHA256", 1, () -> {
            Mac m = Mac.getInstance("HmacSHA256", p);
            m.init(hmacKey);
            return m;
        }, (o, i) -> {
            Mac m = (Mac) o;
            if (i % 32 == 0) {
                m.init(new SecretKeySpec(new byte[(int) (i % 200) + 1], "HmacSHA256"));
            }
            m.update(data);
            m.doFinal();
        }, o -> ((Mac) o).update(data)));
        list.add(simple("Cipher AES/GCM", 1, () -> Cipher.getInstance("AES/GCM/NoPadding", p),
                (o, i) -> {
                    Cipher c = (Cipher) o;
                    c.init(Cipher.ENCRYPT_MODE, aes, new GCMParameterSpec(128, ByteBuffer.allocate(12).putLong(4, i).array()));
                    c.updateAAD(data, 0, 16);
                    byte[] ct = c.doFinal(data);
                    c.init(Cipher.DECRYPT_MODE, aes, new GCMParameterSpec(128, ByteBuffer.allocate(12).putLong(4, i).array()));
                    c.updateAAD(data, 0, 16);
                    c.doFinal(ct);
                }, o -> {
                    Cipher c = (Cipher) o;
                    c.init(Cipher.ENCRYPT_MODE, aes, new GCMParameterSpec(128, new byte[12]));
                    c.update(data);
                }));
        list.add(simple("Cipher ChaCha20-Poly1305", 1, () -> Cipher.getInstance("ChaCha20-Poly1305", p),
                (o, i) -> {
                    Cipher c = (Cipher) o;
                    c.init(Cipher.ENCRYPT_MODE, chacha, new IvParameterSpec(ByteBuffer.allocate(12).putLong(4, i).array()));
                    c.doFinal(data);
                }, o -> {
                    Cipher c = (Cipher) o;
                    c.init(Cipher.ENCRYPT_MODE, chacha, new IvParameterSpec(new byte[12]));
                    c.update(data);
                }));
        for (String t : new String[] {"AES/CBC/PKCS5Padding", "AES/CTR/NoPadding"}) {
            if (p.getService("Cipher", t) == null) {
                continue;
            }
            IvParameterSpec iv = new IvParameterSpec(new byte[16]);
            list.add(simple("Cipher " + t, 1, () -> Cipher.getInstance(t, p), (o, i) -> {
                Cipher c = (Cipher) o;
                c.init(Cipher.ENCRYPT_MODE, aes, iv);
                byte[] ct = c.doFinal(data);
                c.init(Cipher.DECRYPT_MODE, aes, iv);
                c.doFinal(ct);
            }, o -> {
                Cipher c = (Cipher) o;
                c.init(Cipher.ENCRYPT_MODE, aes, iv);
                c.update(data, 0, 7);
            }));
        }
        list.add(simple("KDF HKDF-SHA256", 4, () -> KDF.getInstance("HKDF-SHA256", p),
                (o, i) -> ((KDF) o).deriveData(HKDFParameterSpec.ofExtract().addIKM(data).addSalt(java.util.Arrays.copyOf(data, 16))
                        .thenExpand(data, 42)), o -> { }));
        list.add(simple("SecretKeyFactory PBKDF2", 8, () -> SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", p),
                (o, i) -> ((SecretKeyFactory) o).generateSecret(new PBEKeySpec("password".toCharArray(), data, 2, 256)),
                o -> { }));
        list.add(simple("KeyGenerator AES", 2, () -> KeyGenerator.getInstance("AES", p),
                (o, i) -> ((KeyGenerator) o).generateKey(), o -> { }));
        list.add(simple("SecureRandom DRBG", 2, () -> SecureRandom.getInstance("DRBG", p),
                (o, i) -> ((SecureRandom) o).nextBytes(data), o -> { }));
        if (p.getService("Signature", "SHA256withECDSA") != null) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", p);
            g.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair ec = g.generateKeyPair();
            list.add(simple("Signature SHA256withECDSA", 40, () -> Signature.getInstance("SHA256withECDSA", p),
                    (o, i) -> {
                        Signature s = (Signature) o;
                        s.initSign(ec.getPrivate());
                        s.update(data);
                        byte[] sig = s.sign();
                        s.initVerify(ec.getPublic());
                        s.update(data);
                        s.verify(sig);
                    }, o -> {
                        Signature s = (Signature) o;
                        s.initSign(ec.getPrivate());
                        s.update(data);
                    }));
        }
        if (p.getService("Signature", "Ed25519") != null) {
            KeyPair ed = KeyPairGenerator.getInstance("Ed25519", p).generateKeyPair();
            list.add(simple("Signature Ed25519", 40, () -> Signature.getInstance("Ed25519", p), (o, i) -> {
                Signature s = (Signature) o;
                s.initSign(ed.getPrivate());
                s.update(data);
                s.sign();
            }, o -> {
                Signature s = (Signature) o;
                s.initSign(ed.getPrivate());
                s.update(data);
            }));
        }
        if (p.getService("KeyPairGenerator", "EC") != null) {
            list.add(simple("KeyPairGenerator EC", 40, () -> {
                KeyPairGenerator g = KeyPairGenerator.getInstance("EC", p);
                g.initialize(new ECGenParameterSpec("secp256r1"));
                return g;
            }, (o, i) -> {
                KeyPair kp = ((KeyPairGenerator) o).generateKeyPair();
                if ((i & 1) == 0) {
                    kp.getPrivate().destroy(); // half freed by destroy(), half by the Cleaner
                }
            }, o -> { }));
        }
        return list;
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
