package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Path;
import dev.acceljce.control.Settings;
import java.nio.ByteBuffer;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Measures, on the running machine, how long one operation takes on the native path and on the
 * JDK path (both through AccelJCE's path views), per family and payload size, and derives the
 * crossover the auto policy uses. A policy input, not a performance claim: the claims come from
 * the JMH suite. Paths are measured alternately in short windows and the median is kept, so a
 * burst of load on this shared machine disturbs both sides alike.
 */
final class Calibrator {
    /** Payload sizes of the streaming families. */
    static final int[] SIZES = {16, 64, 256, 1024, 4096, 16384};
    /**
     * A path must be this much faster to count as the winner; closer results go native (or, between
     * libraries, to OpenSSL). 5%: auto is then never more than 5% slower than its faster path at a
     * measured size, which is the bound the built-in tables are held to.
     */
    static final double MARGIN = 1.05;

    /** One measured operation: prepared once per (path, size), then run repeatedly. */
    interface Workload {
        Runnable prepare(Provider provider, int size) throws Exception;
    }

    record Probe(Family family, String algorithm, int[] sizes, Workload workload) {}

    record Point(int size, double nativeNs, double jdkNs) {
        Path winner() {
            return jdkNs * MARGIN < nativeNs ? Path.JDK : Path.NATIVE;
        }
    }

    /**
     * One library's time for a probe's operation at its middle size, where two libraries serve the
     * family ({@link #measure} keeps the faster for the native side of every point).
     */
    record EngineTime(Engine engine, double ns) {}

    record Result(Probe probe, List<Point> points, String skipped, List<EngineTime> engines) {
        Result(Probe probe, List<Point> points, String skipped) {
            this(probe, points, skipped, List.of());
        }

        /**
         * The library the native side ran on: the faster by {@link #MARGIN}, else OpenSSL; null
         * when only one was measured.
         */
        Engine engine() {
            if (engines.size() < 2) {
                return null;
            }
            double openssl = engines.stream()
                    .filter(e -> e.engine() == Engine.OPENSSL)
                    .findFirst()
                    .orElseThrow()
                    .ns();
            EngineTime best = engines.stream()
                    .min(java.util.Comparator.comparingDouble(EngineTime::ns))
                    .orElseThrow();
            return best.ns() * MARGIN < openssl ? best.engine() : Engine.OPENSSL;
        }

        /** The crossover these points imply: first path, first size where it flips, last path. */
        Crossovers.Crossover crossover() {
            Path first = points.getFirst().winner();
            Path last = points.getLast().winner();
            long threshold = 0;
            for (Point p : points) {
                if (p.winner() != first) {
                    threshold = p.size();
                    break;
                }
            }
            if (first == last || threshold == 0) {
                // one path wins throughout, or the flip did not hold to the largest size
                Path p = first == last ? first : last;
                return new Crossovers.Crossover(p, 0, p, "calibrate");
            }
            return new Crossovers.Crossover(first, threshold, last, "calibrate");
        }
    }

    private final long windowNanos;
    private final int rounds;

    Calibrator(long windowMillis, int rounds) {
        this.windowNanos = windowMillis * 1_000_000L;
        this.rounds = rounds;
    }

    static List<Probe> probes() {
        int[] one = {32};
        List<Probe> p = new ArrayList<>();
        for (String alg : List.of("SHA-256", "SHA-512", "SHA3-256", "SHA-1")) {
            p.add(new Probe(Family.DIGEST, alg, SIZES, (prov, size) -> {
                MessageDigest md = MessageDigest.getInstance(alg, prov);
                byte[] data = new byte[size];
                return () -> {
                    md.update(data);
                    md.digest();
                };
            }));
        }
        for (String alg : List.of("HmacSHA256", "HmacSHA512")) {
            p.add(new Probe(Family.HMAC, alg, SIZES, (prov, size) -> {
                Mac mac = Mac.getInstance(alg, prov);
                mac.init(new SecretKeySpec(new byte[32], alg));
                byte[] data = new byte[size];
                return () -> {
                    mac.update(data);
                    mac.doFinal();
                };
            }));
        }
        p.add(new Probe(Family.GCM, "AES/GCM/NoPadding", SIZES, (prov, size) -> {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding", prov);
            SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
            byte[] iv = new byte[12];
            byte[] data = new byte[size];
            byte[] out = new byte[size + 16];
            ByteBuffer counter = ByteBuffer.wrap(iv);
            return unchecked(() -> {
                counter.putLong(4, counter.getLong(4) + 1); // a new IV every operation
                c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
                c.doFinal(data, 0, data.length, out, 0);
            });
        }));
        p.add(new Probe(Family.CHACHA20, "ChaCha20-Poly1305", SIZES, (prov, size) -> {
            Cipher c = Cipher.getInstance("ChaCha20-Poly1305", prov);
            SecretKeySpec key = new SecretKeySpec(new byte[32], "ChaCha20");
            byte[] nonce = new byte[12];
            byte[] data = new byte[size];
            byte[] out = new byte[size + 16];
            ByteBuffer counter = ByteBuffer.wrap(nonce);
            return unchecked(() -> {
                counter.putLong(4, counter.getLong(4) + 1);
                c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(nonce));
                c.doFinal(data, 0, data.length, out, 0);
            });
        }));
        p.add(new Probe(Family.AES, "AES/CBC/PKCS5Padding", SIZES, (prov, size) -> {
            Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding", prov);
            SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
            IvParameterSpec iv = new IvParameterSpec(new byte[16]);
            byte[] data = new byte[size];
            byte[] out = new byte[size + 16];
            return unchecked(() -> {
                c.init(Cipher.ENCRYPT_MODE, key, iv);
                c.doFinal(data, 0, data.length, out, 0);
            });
        }));
        p.add(new Probe(
                Family.EC, "SHA256withECDSA", one, (prov, size) -> signer("EC", 256, "SHA256withECDSA", prov, size)));
        // verification: the libraries sign RSA-2048 at the same speed and verify at different ones
        p.add(new Probe(Family.RSA, "SHA256withRSA", one, (prov, size) -> rsaVerifier(prov, size)));
        p.add(new Probe(Family.EDDSA, "Ed25519", one, (prov, size) -> signer("Ed25519", -1, "Ed25519", prov, size)));
        p.add(new Probe(Family.KDF, "HKDF-SHA256", one, (prov, size) -> {
            KDF kdf = KDF.getInstance("HKDF-SHA256", prov);
            byte[] ikm = new byte[size];
            byte[] salt = new byte[16];
            byte[] info = new byte[16];
            // a TLS 1.3 key schedule's shape: short inputs, one hash length of output
            return unchecked(() -> kdf.deriveData(
                    HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).thenExpand(info, 32)));
        }));
        p.add(new Probe(Family.XDH, "X25519", one, (prov, size) -> {
            KeyPairGenerator g = KeyPairGenerator.getInstance("X25519", prov);
            var a = g.generateKeyPair();
            var b = g.generateKeyPair();
            KeyAgreement ka = KeyAgreement.getInstance("X25519", prov);
            return unchecked(() -> {
                ka.init(a.getPrivate());
                ka.doPhase(b.getPublic(), true);
                ka.generateSecret();
            });
        }));
        return p;
    }

    private static Runnable signer(String keyAlg, int bits, String sigAlg, Provider prov, int size) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(keyAlg, prov);
        if (bits > 0) {
            g.initialize(bits);
        }
        var kp = g.generateKeyPair();
        Signature s = Signature.getInstance(sigAlg, prov);
        byte[] data = new byte[size];
        return unchecked(() -> {
            s.initSign(kp.getPrivate());
            s.update(data);
            s.sign();
        });
    }

    /** SHA256withRSA verification of one signature with a 2048-bit key, the key and signature made once. */
    private static Runnable rsaVerifier(Provider prov, int size) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", prov);
        g.initialize(2048);
        var kp = g.generateKeyPair();
        Signature s = Signature.getInstance("SHA256withRSA", prov);
        byte[] data = new byte[size];
        s.initSign(kp.getPrivate());
        s.update(data);
        byte[] sig = s.sign();
        return unchecked(() -> {
            s.initVerify(kp.getPublic());
            s.update(data);
            if (!s.verify(sig)) {
                throw new IllegalStateException("SHA256withRSA: a signature did not verify");
            }
        });
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static Runnable unchecked(ThrowingRunnable r) {
        return () -> {
            try {
                r.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /**
     * The families whose native side can run on more than one library: each library is timed at
     * the probe's middle size first, and the faster serves the native side of every point.
     */
    static final java.util.Set<Family> ENGINE_FAMILIES = java.util.EnumSet.of(
            Family.EDDSA, Family.XDH, Family.EC, Family.RSA, Family.GCM, Family.CHACHA20, Family.KDF);

    /** Measures one probe at all its sizes; a probe whose service is missing is skipped. */
    Result measure(Probe probe) {
        Provider nat = AccelJceProvider.pathView(Path.NATIVE);
        Provider jdk = AccelJceProvider.pathView(Path.JDK);
        List<Point> points = new ArrayList<>();
        String setting = "acceljce.engine." + probe.family().property();
        String before = Settings.get(setting);
        List<EngineTime> engines = new ArrayList<>();
        try {
            if (ENGINE_FAMILIES.contains(probe.family()) && Engine.AWSLC.available()) {
                engines = engineTimes(probe, nat, setting);
                Engine chosen = new Result(probe, points, null, engines).engine();
                Settings.set(setting, chosen.property()); // the native side of every point below
            }
            // let the JIT compile both paths before the first window counts
            int mid = probe.sizes()[probe.sizes().length / 2];
            time(probe.workload().prepare(nat, mid), 4 * windowNanos);
            time(probe.workload().prepare(jdk, mid), 4 * windowNanos);
            for (int size : probe.sizes()) {
                Runnable n = probe.workload().prepare(nat, size);
                Runnable j = probe.workload().prepare(jdk, size);
                double[] ns = new double[rounds];
                double[] js = new double[rounds];
                time(n, windowNanos); // warm-up
                time(j, windowNanos);
                for (int r = 0; r < rounds; r++) {
                    if (r % 2 == 0) {
                        ns[r] = time(n, windowNanos);
                        js[r] = time(j, windowNanos);
                    } else {
                        js[r] = time(j, windowNanos);
                        ns[r] = time(n, windowNanos);
                    }
                }
                points.add(new Point(size, median(ns), median(js)));
            }
        } catch (Exception | LinkageError e) {
            return new Result(probe, points, e.getClass().getSimpleName() + ": " + e.getMessage(), engines);
        } finally {
            Settings.set(setting, before);
        }
        return new Result(probe, points, null, engines);
    }

    /** Each library's time at the probe's middle size, measured alternately as the paths are. */
    private List<EngineTime> engineTimes(Probe probe, Provider nat, String setting) throws Exception {
        int mid = probe.sizes()[probe.sizes().length / 2];
        Engine[] all = Engine.values();
        Runnable[] ops = new Runnable[all.length];
        for (int i = 0; i < all.length; i++) {
            Settings.set(setting, all[i].property()); // read when the object is made
            ops[i] = probe.workload().prepare(nat, mid);
            time(ops[i], 4 * windowNanos);
        }
        double[][] ns = new double[all.length][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < all.length; k++) {
                int i = r % 2 == 0 ? k : all.length - 1 - k;
                ns[i][r] = time(ops[i], windowNanos);
            }
        }
        List<EngineTime> out = new ArrayList<>();
        for (int i = 0; i < all.length; i++) {
            out.add(new EngineTime(all[i], median(ns[i])));
        }
        return out;
    }

    /** Nanoseconds per operation over a window of about {@code nanos}. */
    private static double time(Runnable op, long nanos) {
        long start = System.nanoTime();
        long end = start + nanos;
        long n = 0;
        long now;
        do {
            for (int i = 0; i < 16; i++) {
                op.run();
            }
            n += 16;
            now = System.nanoTime();
        } while (now < end);
        return (double) (now - start) / n;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    /** The profile line of a result: {@code <line>.<family>.<algorithm> = <crossover>}. */
    static String profileLine(Result r) {
        return Crossovers.opensslLine() + "." + r.probe().family().property() + "."
                + r.probe().algorithm() + " = " + r.crossover().toProperty();
    }

    /** The profile line of a result's library choice, or null when only one library was measured. */
    static String engineLine(Result r) {
        Engine e = r.engine();
        return e == null ? null : Crossovers.engineKey(r.probe().family()) + " = " + e.property();
    }

    static String describe(EngineTime t) {
        return String.format(
                Locale.ROOT, "  native on %-8s %10.1f ns", t.engine().property(), t.ns());
    }

    static String describe(Point p) {
        return String.format(
                Locale.ROOT,
                "%6d B  native %10.1f ns  jdk %10.1f ns  -> %s",
                p.size(),
                p.nativeNs(),
                p.jdkNs(),
                p.winner().name().toLowerCase(Locale.ROOT));
    }
}
