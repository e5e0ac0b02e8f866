package dev.acceljce.kdf;

import dev.acceljce.control.Settings;
import dev.acceljce.openssl.EvpKdf;
import dev.acceljce.spec.Argon2ParameterSpec;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.ProviderException;
import java.util.Arrays;

/**
 * Argon2 (RFC 9106) on OpenSSL's EVP_KDF "ARGON2ID" / "ARGON2I" / "ARGON2D" (OpenSSL 3.2+): the
 * checks every input passes in Java first, the memory cap, the thread allowance, and the call.
 * Shared by the {@code KDF} and {@code SecretKeyFactory} services.
 */
final class Argon2 {
    /** The setting that caps the memory cost a caller may ask for, in KiB. */
    static final String MAX_MEMORY_SETTING = "acceljce.argon2.maxMemoryKiB";
    /** The setting that caps the OpenSSL threads one derivation may use. */
    static final String MAX_THREADS_SETTING = "acceljce.argon2.maxThreads";

    static final int DEFAULT_MAX_MEMORY_KIB = 1 << 20; // 1 GiB
    static final int MIN_SALT = 8;
    static final int MIN_OUTPUT = 4;
    static final int MAX_LANES = 0xFFFFFF;
    /** Bouncy Castle's Argon2KeySpec type constants. */
    private static final int BC_D = 0;

    private static final int BC_I = 1;
    private static final int BC_ID = 2;

    /** One variant: its JCA name, OpenSSL's name, Bouncy Castle's type constant. */
    enum Variant {
        ARGON2ID("Argon2id", "ARGON2ID", BC_ID),
        ARGON2I("Argon2i", "ARGON2I", BC_I),
        ARGON2D("Argon2d", "ARGON2D", BC_D);

        final String jcaName;
        final String opensslName;
        final int bcType;

        Variant(String jcaName, String opensslName, int bcType) {
            this.jcaName = jcaName;
            this.opensslName = opensslName;
            this.bcType = bcType;
        }
    }

    /** The checked inputs of one derivation; {@link #wipe()} after use. */
    record Inputs(
            byte[] password,
            byte[] salt,
            byte[] secret,
            byte[] ad,
            int iterations,
            int memoryKiB,
            int lanes,
            int threads,
            int length) {
        void wipe() {
            Arrays.fill(password, (byte) 0);
            Arrays.fill(secret, (byte) 0);
        }
    }

    private Argon2() {}

    /**
     * The inputs of {@code spec}: AccelJCE's {@link Argon2ParameterSpec}, or Bouncy Castle's
     * {@code org.bouncycastle.jcajce.spec.Argon2KeySpec} (read through its public getters, so BC
     * code runs unchanged without AccelJCE depending on BC). Checks every bound.
     */
    static Inputs inputs(Variant variant, Object spec) throws InvalidAlgorithmParameterException {
        Inputs in;
        if (spec instanceof Argon2ParameterSpec a) {
            in = new Inputs(
                    a.getPassword(),
                    a.getSalt(),
                    a.getSecret(),
                    a.getAdditional(),
                    a.getIterations(),
                    a.getMemoryKiB(),
                    a.getLanes(),
                    a.getThreads(),
                    a.getOutputLength());
        } else if (spec == null) {
            throw new InvalidAlgorithmParameterException(variant.jcaName + " needs an Argon2ParameterSpec");
        } else {
            in = fromBouncyCastle(variant, spec);
        }
        try {
            check(variant, in);
        } catch (InvalidAlgorithmParameterException e) {
            in.wipe();
            throw e;
        }
        return in;
    }

    private static void check(Variant v, Inputs in) throws InvalidAlgorithmParameterException {
        String n = v.jcaName;
        if (in.salt.length < MIN_SALT) {
            throw new InvalidAlgorithmParameterException(
                    n + ": the salt must be at least " + MIN_SALT + " bytes, not " + in.salt.length);
        }
        if (in.iterations < 1) {
            throw new InvalidAlgorithmParameterException(n + ": iterations must be at least 1");
        }
        if (in.lanes < 1 || in.lanes > MAX_LANES) {
            throw new InvalidAlgorithmParameterException(n + ": lanes must be 1 to " + MAX_LANES + ", not " + in.lanes);
        }
        if (in.memoryKiB < 8L * in.lanes) {
            throw new InvalidAlgorithmParameterException(
                    n + ": memory must be at least 8 KiB per lane (" + 8L * in.lanes + " KiB), not " + in.memoryKiB);
        }
        int cap = maxMemoryKiB();
        if (Integer.compareUnsigned(in.memoryKiB, cap) > 0) {
            throw new InvalidAlgorithmParameterException(n + ": memory of " + in.memoryKiB + " KiB is above the cap of "
                    + cap + " KiB (setting " + MAX_MEMORY_SETTING + ")");
        }
        if (in.length < MIN_OUTPUT) {
            throw new InvalidAlgorithmParameterException(n + ": the output must be at least " + MIN_OUTPUT + " bytes");
        }
        if (in.threads < 1) {
            throw new InvalidAlgorithmParameterException(n + ": threads must be at least 1");
        }
    }

    /** The memory cap now: {@value #MAX_MEMORY_SETTING}, default 1 GiB. */
    static int maxMemoryKiB() {
        return positiveSetting(MAX_MEMORY_SETTING, DEFAULT_MAX_MEMORY_KIB);
    }

    private static int positiveSetting(String key, int dflt) {
        String v = Settings.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(key + ": '" + v + "' is not a positive integer");
    }

    /** Derives the tag; the caller wipes the inputs. */
    static byte[] derive(Variant variant, Inputs in) {
        EvpKdf.Algorithm kdf = EvpKdf.fetch(variant.opensslName)
                .orElseThrow(() -> new ProviderException("no " + variant.opensslName + " in libcrypto"));
        int threads = Math.min(
                Math.min(in.threads, in.lanes),
                positiveSetting(MAX_THREADS_SETTING, Runtime.getRuntime().availableProcessors()));
        if (threads > 1) {
            threads = Math.min(threads, EvpKdf.threadsAvailable(threads));
        }
        return EvpKdf.argon2(
                kdf, in.password, in.salt, in.secret, in.ad, in.iterations, in.lanes, in.memoryKiB, threads, in.length);
    }

    private static Inputs fromBouncyCastle(Variant variant, Object spec) throws InvalidAlgorithmParameterException {
        Class<?> c = spec.getClass();
        if (!c.getName().equals("org.bouncycastle.jcajce.spec.Argon2KeySpec")) {
            throw new InvalidAlgorithmParameterException(variant.jcaName + " takes an Argon2ParameterSpec (or Bouncy"
                    + " Castle's Argon2KeySpec), not " + c.getName());
        }
        try {
            int type = (int) get(c, spec, "getType");
            if (type != variant.bcType) {
                throw new InvalidAlgorithmParameterException(
                        variant.jcaName + ": the Argon2KeySpec is of another" + " Argon2 type (" + type + ")");
            }
            if ((int) get(c, spec, "getVersion") != 0x13) {
                throw new InvalidAlgorithmParameterException(variant.jcaName + ": only Argon2 version 0x13 is served");
            }
            char[] password = (char[]) get(c, spec, "getPassword");
            byte[] pw = utf8(password);
            byte[] secret = (byte[]) get(c, spec, "getSecret");
            byte[] ad = (byte[]) get(c, spec, "getAdditional");
            return new Inputs(
                    pw,
                    (byte[]) get(c, spec, "getSalt"),
                    secret == null ? new byte[0] : secret,
                    ad == null ? new byte[0] : ad,
                    (int) get(c, spec, "getIterations"),
                    (int) get(c, spec, "getMemory"),
                    (int) get(c, spec, "getParallelism"),
                    1,
                    (int) get(c, spec, "getKeyLength") / 8);
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new InvalidAlgorithmParameterException("cannot read " + c.getName() + ": " + e, e);
        }
    }

    private static Object get(Class<?> c, Object o, String getter) throws ReflectiveOperationException {
        Method m = c.getMethod(getter);
        return m.invoke(o);
    }

    private static byte[] utf8(char[] password) {
        if (password == null) {
            return new byte[0];
        }
        ByteBuffer b = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] out = new byte[b.remaining()];
        b.get(out);
        if (b.hasArray()) {
            Arrays.fill(b.array(), (byte) 0);
        }
        Arrays.fill(password, '\0');
        return out;
    }
}
