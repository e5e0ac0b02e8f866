package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * AWS-LC's {@code EC_KEY} on a NIST prime curve, made from raw components (a big-endian private
 * scalar, or an X9.62 point) and used for ECDSA over a digest ({@code ECDSA_sign}/{@code
 * ECDSA_verify}, DER signatures) and ECDH ({@code ECDH_compute_key}: the shared x-coordinate). AWS-LC
 * only reads a key in these calls, so several threads may use one at once; {@link #close()}
 * waits for none of them (it refuses while one runs). {@code EC_KEY_free} wipes the private
 * scalar.
 */
public final class EcKey extends AwsLcResource {
    /** The curves bound here, by AWS-LC's NID. */
    public enum Group {
        P256(415, 32),
        P384(715, 48),
        P521(716, 66);

        private final int nid;
        private final int fieldBytes;

        Group(int nid, int fieldBytes) {
            this.nid = nid;
            this.fieldBytes = fieldBytes;
        }

        /** The length of a field element: the ECDH shared secret, a coordinate. */
        public int fieldBytes() {
            return fieldBytes;
        }
    }

    private static final MethodHandle NEW_BY_CURVE_NAME =
            AwsLc.function("EC_KEY_new_by_curve_name", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    private static final MethodHandle FREE = AwsLc.function("EC_KEY_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle GET0_GROUP =
            AwsLc.critical("EC_KEY_get0_group", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle GET0_PUBLIC_KEY =
            AwsLc.critical("EC_KEY_get0_public_key", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SET_PRIVATE_KEY =
            AwsLc.critical("EC_KEY_set_private_key", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SET_PUBLIC_KEY =
            AwsLc.critical("EC_KEY_set_public_key", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    /** Critical: the scalar goes from its Java array straight into the BIGNUM (no native copy to wipe). */
    private static final MethodHandle BN_BIN2BN =
            AwsLc.critical("BN_bin2bn", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));

    private static final MethodHandle BN_CLEAR_FREE =
            AwsLc.function("BN_clear_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle POINT_NEW =
            AwsLc.function("EC_POINT_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle POINT_FREE = AwsLc.function("EC_POINT_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle POINT_OCT2POINT = AwsLc.critical(
            "EC_POINT_oct2point", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle GENERATE_KEY =
            AwsLc.function("EC_KEY_generate_key", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle GET0_PRIVATE_KEY =
            AwsLc.critical("EC_KEY_get0_private_key", FunctionDescriptor.of(ADDRESS, ADDRESS));
    /** Critical: the scalar goes from the BIGNUM straight into its Java array. */
    private static final MethodHandle BN_BN2BIN_PADDED =
            AwsLc.critical("BN_bn2bin_padded", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS));

    private static final MethodHandle POINT_POINT2OCT = AwsLc.critical(
            "EC_POINT_point2oct",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS));
    /** {@code POINT_CONVERSION_UNCOMPRESSED}: 04 || x || y. */
    private static final int UNCOMPRESSED = 4;

    private static final MethodHandle ECDSA_SIZE =
            AwsLc.critical("ECDSA_size", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle ECDSA_SIGN = AwsLc.critical(
            "ECDSA_sign", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle ECDSA_VERIFY = AwsLc.critical(
            "ECDSA_verify", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle ECDH_COMPUTE_KEY = AwsLc.critical(
            "ECDH_compute_key", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS));

    private final Group group;
    private final boolean hasPrivate;

    private EcKey(MemorySegment ptr, Group group, boolean hasPrivate) {
        super(ptr, FREE, "EC_KEY (AWS-LC)");
        this.group = group;
        this.hasPrivate = hasPrivate;
    }

    public Group group() {
        return group;
    }

    /**
     * A private key of {@code scalar} (big-endian, at most the field's length; the caller checked
     * it is in [1, n-1] and wipes its array). Without the public point: ECDSA signing and ECDH need
     * only the scalar.
     */
    public static EcKey privateKey(Group group, byte[] scalar) {
        if (scalar.length == 0 || scalar.length > group.fieldBytes) {
            throw new IllegalArgumentException("an EC private scalar of " + group + " is at most " + group.fieldBytes
                    + " bytes, not " + scalar.length);
        }
        EcKey key = new EcKey(newKey(group), group, true);
        try {
            MemorySegment bn = (MemorySegment)
                    BN_BIN2BN.invokeExact(MemorySegment.ofArray(scalar), (long) scalar.length, MemorySegment.NULL);
            if (bn.equals(MemorySegment.NULL)) {
                throw AwsLcErrors.failure("BN_bin2bn");
            }
            try {
                if ((int) SET_PRIVATE_KEY.invokeExact(key.ptr(), bn) != 1) {
                    throw AwsLcErrors.failure("EC_KEY_set_private_key"); // zero, or not below the order
                }
            } finally {
                BN_CLEAR_FREE.invokeExact(bn);
            }
            return key;
        } catch (Throwable t) {
            key.close();
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * A public key of the X9.62 encoding {@code point} (uncompressed or compressed), or null when
     * it is not a point of the curve other than the point at infinity (AWS-LC checks both).
     */
    public static EcKey publicKey(Group group, byte[] point) {
        EcKey key = new EcKey(newKey(group), group, false);
        boolean made = false;
        try {
            MemorySegment k = key.ptr();
            MemorySegment g = (MemorySegment) GET0_GROUP.invokeExact(k);
            MemorySegment p = (MemorySegment) POINT_NEW.invokeExact(g);
            if (p.equals(MemorySegment.NULL)) {
                throw AwsLcErrors.failure("EC_POINT_new");
            }
            try {
                made = (int) POINT_OCT2POINT.invokeExact(
                                        g, p, MemorySegment.ofArray(point), (long) point.length, MemorySegment.NULL)
                                == 1
                        && (int) SET_PUBLIC_KEY.invokeExact(k, p) == 1; // refuses infinity
            } finally {
                POINT_FREE.invokeExact(p);
            }
            if (!made) {
                AwsLcErrors.clear(); // an invalid point is an expected outcome
                return null;
            }
            return key;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            if (!made) {
                key.close();
            }
        }
    }

    /**
     * A new key pair on {@code group}: a private scalar from AWS-LC's DRBG, uniform in [1, n-1],
     * and its public point. Read them with {@link #privateScalar} and {@link #publicPoint}.
     */
    public static EcKey generate(Group group) {
        EcKey key = new EcKey(newKey(group), group, true);
        try {
            if ((int) GENERATE_KEY.invokeExact(key.ptr()) != 1) {
                throw AwsLcErrors.failure("EC_KEY_generate_key");
            }
            return key;
        } catch (Throwable t) {
            key.close();
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * A public key of this key's point, in an EC_KEY of its own (the point is copied as AWS-LC
     * holds it, in projective form: nothing is computed). A key pair's public half outlives or
     * dies apart from its private half, and must not keep the private scalar alive.
     */
    public EcKey publicHalf() {
        EcKey pub = new EcKey(newKey(group), group, false);
        MemorySegment k = enterShared();
        try {
            MemorySegment p = (MemorySegment) GET0_PUBLIC_KEY.invokeExact(k);
            if (p.equals(MemorySegment.NULL) || (int) SET_PUBLIC_KEY.invokeExact(pub.ptr(), p) != 1) {
                throw AwsLcErrors.failure("EC_KEY_set_public_key");
            }
            return pub;
        } catch (Throwable t) {
            pub.close();
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    /**
     * The private scalar, big-endian and padded to the field's length (which is the order's on
     * these curves), in a new array the caller owns and wipes.
     */
    public byte[] privateScalar() {
        if (!hasPrivate) {
            throw new IllegalStateException("an EC public key has no private scalar");
        }
        byte[] out = new byte[group.fieldBytes];
        MemorySegment k = enterShared();
        try {
            MemorySegment bn = (MemorySegment) GET0_PRIVATE_KEY.invokeExact(k);
            if (bn.equals(MemorySegment.NULL)
                    || (int) BN_BN2BIN_PADDED.invokeExact(MemorySegment.ofArray(out), (long) out.length, bn) != 1) {
                throw AwsLcErrors.failure("BN_bn2bin_padded");
            }
            return out;
        } catch (Throwable t) {
            java.util.Arrays.fill(out, (byte) 0);
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    /** The public point, uncompressed (04 || x || y, each the field's length). */
    public byte[] publicPoint() {
        byte[] out = new byte[1 + 2 * group.fieldBytes];
        MemorySegment k = enterShared();
        try {
            MemorySegment g = (MemorySegment) GET0_GROUP.invokeExact(k);
            MemorySegment p = (MemorySegment) GET0_PUBLIC_KEY.invokeExact(k);
            if (p.equals(MemorySegment.NULL)
                    || (long) POINT_POINT2OCT.invokeExact(
                                    g,
                                    p,
                                    UNCOMPRESSED,
                                    MemorySegment.ofArray(out),
                                    (long) out.length,
                                    MemorySegment.NULL)
                            != out.length) {
                throw AwsLcErrors.failure("EC_POINT_point2oct");
            }
            return out;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    private static MemorySegment newKey(Group group) {
        try {
            return (MemorySegment) NEW_BY_CURVE_NAME.invokeExact(group.nid);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * The DER ECDSA signature of {@code digest[0, length)} (a hash, or NONEwithECDSA's raw input:
     * AWS-LC truncates it to the order's length as X9.62 says), with a nonce from AWS-LC's DRBG.
     */
    public byte[] sign(byte[] digest, int length) {
        if (!hasPrivate) {
            throw new IllegalStateException("an EC public key cannot sign");
        }
        java.util.Objects.checkFromIndexSize(0, length, digest.length);
        MemorySegment k = enterShared();
        try {
            byte[] sig = new byte[(int) (long) ECDSA_SIZE.invokeExact(k)];
            int[] sigLength = new int[1];
            int ok = (int) ECDSA_SIGN.invokeExact(
                    0,
                    MemorySegment.ofArray(digest),
                    (long) length,
                    MemorySegment.ofArray(sig),
                    MemorySegment.ofArray(sigLength),
                    k);
            if (ok != 1) {
                throw AwsLcErrors.failure("ECDSA_sign");
            }
            return sigLength[0] == sig.length ? sig : java.util.Arrays.copyOf(sig, sigLength[0]);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }

    /**
     * Whether {@code der} is a valid ECDSA signature of {@code digest[0, length)} under this key.
     * AWS-LC takes only strict DER; anything else is false.
     */
    public boolean verify(byte[] digest, int length, byte[] der) {
        java.util.Objects.checkFromIndexSize(0, length, digest.length);
        MemorySegment k = enterShared();
        try {
            int ok = (int) ECDSA_VERIFY.invokeExact(
                    0, MemorySegment.ofArray(digest), (long) length, MemorySegment.ofArray(der), (long) der.length, k);
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
     * ECDH: the x-coordinate of this private key times {@code peer}'s point, into {@code out}
     * (exactly the field's length). {@code peer} is a public key of the same curve, so its point
     * was checked to be on the curve when it was made.
     */
    public void agree(EcKey peer, byte[] out) {
        if (!hasPrivate) {
            throw new IllegalStateException("an EC public key cannot agree");
        }
        if (peer.group != group) {
            throw new IllegalArgumentException("the peer key is on " + peer.group + ", not " + group);
        }
        if (out.length != group.fieldBytes) {
            throw new IllegalArgumentException("the ECDH secret of " + group + " is " + group.fieldBytes + " bytes");
        }
        MemorySegment k = enterShared();
        try {
            MemorySegment p = peer.enterShared();
            try {
                MemorySegment point = (MemorySegment) GET0_PUBLIC_KEY.invokeExact(p);
                int n = (int) ECDH_COMPUTE_KEY.invokeExact(
                        MemorySegment.ofArray(out), (long) out.length, point, k, MemorySegment.NULL);
                if (n != out.length) {
                    throw AwsLcErrors.failure("ECDH_compute_key");
                }
            } finally {
                peer.exitShared();
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exitShared();
        }
    }
}
