package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.Objects;

/**
 * AWS-LC's {@code RSA}, made from raw components (big-endian magnitudes) and used for signatures
 * over a digest: RSASSA-PKCS1-v1_5 ({@code RSA_sign}/{@code RSA_verify}: one call, the DigestInfo
 * built and checked inside) and RSASSA-PSS with MGF1 ({@code RSA_sign_pss_mgf1}/{@code
 * RSA_verify_pss_mgf1}, an explicit salt length). AWS-LC keeps its Montgomery contexts and blinding in the object under its own lock, so
 * several threads may use one key at once. {@code RSA_free} wipes the private components.
 *
 * <p>AWS-LC takes fewer keys than SunRsaSign and OpenSSL (public exponents of at most 33 bits,
 * moduli of at most 16384 bits, consistent CRT components): the constructors return null for a key
 * it refuses, and the caller serves that key on another library.
 */
public final class RsaKey extends AwsLcResource {
    /**
     * The digests AWS-LC's RSA signatures take here, by OpenSSL's name, with AWS-LC's NID (PKCS #1
     * v1.5) and {@code EVP_MD} (PSS, MGF1).
     */
    public enum Digest {
        SHA1("SHA1", 64, "EVP_sha1"),
        SHA224("SHA224", 675, "EVP_sha224"),
        SHA256("SHA256", 672, "EVP_sha256"),
        SHA384("SHA384", 673, "EVP_sha384"),
        SHA512("SHA512", 674, "EVP_sha512");

        private final String openSslName;
        private final int nid;
        private final String function;
        /** AWS-LC's static EVP_MD, looked up on first use. */
        private volatile MemorySegment md;

        Digest(String openSslName, int nid, String function) {
            this.openSslName = openSslName;
            this.nid = nid;
            this.function = function;
        }

        private MemorySegment md() {
            MemorySegment m = md;
            if (m == null) {
                try {
                    m = (MemorySegment) AwsLc.function(function, FunctionDescriptor.of(ADDRESS))
                            .invokeExact();
                } catch (Throwable t) {
                    throw NativeObject.rethrow(t);
                }
                md = m;
            }
            return m;
        }

        /** The digest of OpenSSL's name {@code name}, or null when AWS-LC's RSA is not used for it. */
        public static Digest of(String name) {
            for (Digest d : values()) {
                if (d.openSslName.equals(name)) {
                    return d;
                }
            }
            return null;
        }
    }

    private static final MethodHandle FREE = AwsLc.function("RSA_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle NEW_PUBLIC_KEY =
            AwsLc.function("RSA_new_public_key", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle NEW_PRIVATE_KEY = AwsLc.function(
            "RSA_new_private_key",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    /** Critical: a component goes from its Java array straight into the BIGNUM (no native copy to wipe). */
    private static final MethodHandle BN_BIN2BN =
            AwsLc.critical("BN_bin2bn", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));

    private static final MethodHandle BN_CLEAR_FREE =
            AwsLc.function("BN_clear_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SIZE = AwsLc.critical("RSA_size", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SIGN = AwsLc.critical(
            "RSA_sign", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle VERIFY = AwsLc.critical(
            "RSA_verify", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));

    private static final MethodHandle SIGN_PSS = AwsLc.critical(
            "RSA_sign_pss_mgf1",
            FunctionDescriptor.of(
                    JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle VERIFY_PSS = AwsLc.critical(
            "RSA_verify_pss_mgf1",
            FunctionDescriptor.of(
                    JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG));

    private final boolean hasPrivate;
    /** The modulus length in bytes: every signature's length. */
    private final int size;

    private RsaKey(MemorySegment ptr, boolean hasPrivate) {
        super(ptr, FREE, "RSA (AWS-LC)");
        this.hasPrivate = hasPrivate;
        try {
            this.size = (int) SIZE.invokeExact(ptr);
        } catch (Throwable t) {
            close();
            throw NativeObject.rethrow(t);
        }
    }

    /** A public key of modulus {@code n} and exponent {@code e}, or null when AWS-LC refuses it. */
    public static RsaKey publicKey(byte[] n, byte[] e) {
        return make(false, n, e);
    }

    /**
     * A private key of its eight CRT components, in PKCS #1's order (n, e, d, p, q, d mod (p-1),
     * d mod (q-1), q^-1 mod p), or null when AWS-LC refuses it. The caller wipes the arrays; AWS-LC
     * copies the components, and the BIGNUMs made here are cleared before they are freed.
     */
    public static RsaKey privateKey(byte[] n, byte[] e, byte[] d, byte[] p, byte[] q, byte[] dp, byte[] dq, byte[] qi) {
        return make(true, n, e, d, p, q, dp, dq, qi);
    }

    private static RsaKey make(boolean hasPrivate, byte[]... components) {
        MemorySegment[] bns = new MemorySegment[components.length];
        Arrays.fill(bns, MemorySegment.NULL);
        try {
            for (int i = 0; i < components.length; i++) {
                byte[] c = components[i];
                bns[i] = (MemorySegment)
                        BN_BIN2BN.invokeExact(MemorySegment.ofArray(c), (long) c.length, MemorySegment.NULL);
                if (bns[i].equals(MemorySegment.NULL)) {
                    throw AwsLcErrors.failure("BN_bin2bn");
                }
            }
            MemorySegment rsa = hasPrivate
                    ? (MemorySegment)
                            NEW_PRIVATE_KEY.invokeExact(bns[0], bns[1], bns[2], bns[3], bns[4], bns[5], bns[6], bns[7])
                    : (MemorySegment) NEW_PUBLIC_KEY.invokeExact(bns[0], bns[1]);
            if (rsa.equals(MemorySegment.NULL)) {
                AwsLcErrors.clear(); // a key AWS-LC does not take is an expected outcome
                return null;
            }
            return new RsaKey(rsa, hasPrivate);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            for (MemorySegment bn : bns) {
                if (!bn.equals(MemorySegment.NULL)) {
                    try {
                        BN_CLEAR_FREE.invokeExact(bn);
                    } catch (Throwable t) {
                        throw NativeObject.rethrow(t);
                    }
                }
            }
        }
    }

    /** The modulus length in bytes. */
    public int size() {
        return size;
    }

    /**
     * The RSASSA-PKCS1-v1_5 signature of {@code digest[0, length)} made with {@code md}, whose
     * length AWS-LC checks.
     */
    public byte[] signPkcs1(Digest md, byte[] digest, int length) {
        if (!hasPrivate) {
            throw new IllegalStateException("an RSA public key cannot sign");
        }
        Objects.checkFromIndexSize(0, length, digest.length);
        byte[] sig = new byte[size];
        int[] sigLength = new int[1];
        MemorySegment k = enterShared();
        try {
            int ok = (int) SIGN.invokeExact(
                    md.nid,
                    MemorySegment.ofArray(digest),
                    (long) length,
                    MemorySegment.ofArray(sig),
                    MemorySegment.ofArray(sigLength),
                    k);
            if (ok != 1 || sigLength[0] != size) {
                throw AwsLcErrors.failure("RSA_sign");
            }
            return sig;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    /**
     * Whether {@code signature} (the modulus's length: checked by the caller) is the RSASSA-PKCS1-v1_5
     * signature of {@code digest[0, length)} with {@code md} under this key.
     */
    public boolean verifyPkcs1(Digest md, byte[] digest, int length, byte[] signature) {
        Objects.checkFromIndexSize(0, length, digest.length);
        MemorySegment k = enterShared();
        try {
            int ok = (int) VERIFY.invokeExact(
                    md.nid,
                    MemorySegment.ofArray(digest),
                    (long) length,
                    MemorySegment.ofArray(signature),
                    (long) signature.length,
                    k);
            if (ok != 1) {
                AwsLcErrors.clear(); // a wrong signature is an expected outcome
                return false;
            }
            return true;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    /**
     * The RSASSA-PSS signature of {@code digest[0, length)} (a {@code md} hash), with MGF1 over
     * {@code mgf1} and a salt of {@code saltLength} bytes (at least 0; the caller checked that the
     * encoding fits the key) from AWS-LC's DRBG.
     */
    public byte[] signPss(Digest md, Digest mgf1, int saltLength, byte[] digest, int length) {
        if (!hasPrivate) {
            throw new IllegalStateException("an RSA public key cannot sign");
        }
        if (saltLength < 0) {
            throw new IllegalArgumentException("a PSS salt length is at least 0, not " + saltLength);
        }
        Objects.checkFromIndexSize(0, length, digest.length);
        MemorySegment hash = md.md();
        MemorySegment mask = mgf1.md();
        byte[] sig = new byte[size];
        long[] sigLength = new long[1];
        MemorySegment k = enterShared();
        try {
            int ok = (int) SIGN_PSS.invokeExact(
                    k,
                    MemorySegment.ofArray(sigLength),
                    MemorySegment.ofArray(sig),
                    (long) sig.length,
                    MemorySegment.ofArray(digest),
                    (long) length,
                    hash,
                    mask,
                    saltLength);
            if (ok != 1 || sigLength[0] != size) {
                throw AwsLcErrors.failure("RSA_sign_pss_mgf1");
            }
            return sig;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    /**
     * Whether {@code signature} (the modulus's length: checked by the caller) is an RSASSA-PSS
     * signature of {@code digest[0, length)} with these parameters under this key.
     */
    public boolean verifyPss(Digest md, Digest mgf1, int saltLength, byte[] digest, int length, byte[] signature) {
        if (saltLength < 0) {
            throw new IllegalArgumentException("a PSS salt length is at least 0, not " + saltLength);
        }
        Objects.checkFromIndexSize(0, length, digest.length);
        MemorySegment hash = md.md();
        MemorySegment mask = mgf1.md();
        MemorySegment k = enterShared();
        try {
            int ok = (int) VERIFY_PSS.invokeExact(
                    k,
                    MemorySegment.ofArray(digest),
                    (long) length,
                    hash,
                    mask,
                    saltLength,
                    MemorySegment.ofArray(signature),
                    (long) signature.length);
            if (ok != 1) {
                AwsLcErrors.clear(); // a wrong signature is an expected outcome
                return false;
            }
            return true;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }
}
