package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * AWS-LC's Ed25519 (RFC 8032, pure) and X25519 (RFC 7748) on raw byte strings: no key objects,
 * one critical downcall per operation on the caller's arrays. Keys cross into this library as the
 * RFC's raw encodings only. A key pair is made from a seed or scalar the caller gives, or drawn
 * from AWS-LC's own DRBG ({@code *_keypair}, for callers whose JCA source may be replaced by a
 * native one: {@code control/CallerRandom}).
 */
public final class Curve25519 {
    public static final int ED25519_SEED = 32;
    public static final int ED25519_PUBLIC = 32;
    /** AWS-LC's Ed25519 private key: the 32-byte seed followed by the 32-byte public key. */
    public static final int ED25519_PRIVATE = 64;

    public static final int ED25519_SIGNATURE = 64;
    public static final int X25519_KEY = 32;

    private static final MethodHandle ED25519_KEYPAIR_FROM_SEED =
            AwsLc.critical("ED25519_keypair_from_seed", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle ED25519_SIGN =
            AwsLc.critical("ED25519_sign", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle ED25519_VERIFY =
            AwsLc.critical("ED25519_verify", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    private static final MethodHandle X25519 =
            AwsLc.critical("X25519", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle X25519_PUBLIC_FROM_PRIVATE =
            AwsLc.critical("X25519_public_from_private", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));

    private static final MethodHandle ED25519_KEYPAIR =
            AwsLc.critical("ED25519_keypair", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    private static final MethodHandle X25519_KEYPAIR =
            AwsLc.critical("X25519_keypair", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));

    private Curve25519() {}

    /**
     * A new Ed25519 key pair from AWS-LC's DRBG: the public key into {@code publicKey} (32 bytes),
     * AWS-LC's 64-byte private key (seed || public) into {@code privateKey}, which the caller owns
     * and wipes.
     */
    public static void ed25519KeyPair(byte[] publicKey, byte[] privateKey) {
        check(publicKey, ED25519_PUBLIC, "Ed25519 public key");
        check(privateKey, ED25519_PRIVATE, "Ed25519 private key");
        try {
            ED25519_KEYPAIR.invokeExact(MemorySegment.ofArray(publicKey), MemorySegment.ofArray(privateKey));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * A new X25519 key pair from AWS-LC's DRBG: the public u-coordinate into {@code publicKey} and
     * the scalar into {@code privateKey} (32 bytes each; the caller owns and wipes the scalar).
     */
    public static void x25519KeyPair(byte[] publicKey, byte[] privateKey) {
        check(publicKey, X25519_KEY, "X25519 public key");
        check(privateKey, X25519_KEY, "X25519 private key");
        try {
            X25519_KEYPAIR.invokeExact(MemorySegment.ofArray(publicKey), MemorySegment.ofArray(privateKey));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * The Ed25519 key pair of a 32-byte seed (RFC 8032's private key): writes the public key into
     * {@code publicKey} (32 bytes) and AWS-LC's 64-byte private key (seed || public) into
     * {@code privateKey}, which the caller wipes when done.
     */
    public static void ed25519KeyPairFromSeed(byte[] seed, byte[] publicKey, byte[] privateKey) {
        check(seed, ED25519_SEED, "Ed25519 seed");
        check(publicKey, ED25519_PUBLIC, "Ed25519 public key");
        check(privateKey, ED25519_PRIVATE, "Ed25519 private key");
        try {
            ED25519_KEYPAIR_FROM_SEED.invokeExact(
                    MemorySegment.ofArray(publicKey), MemorySegment.ofArray(privateKey), MemorySegment.ofArray(seed));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** Signs {@code message} with a 64-byte private key (seed || public); returns the 64-byte signature. */
    public static byte[] ed25519Sign(MemorySegment message, byte[] privateKey) {
        check(privateKey, ED25519_PRIVATE, "Ed25519 private key");
        byte[] sig = new byte[ED25519_SIGNATURE];
        try {
            int ok = (int) ED25519_SIGN.invokeExact(
                    MemorySegment.ofArray(sig), message, message.byteSize(), MemorySegment.ofArray(privateKey));
            if (ok != 1) {
                throw AwsLcErrors.failure("ED25519_sign");
            }
            return sig;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * Whether {@code signature} is {@code message}'s Ed25519 signature under {@code publicKey}
     * (32 bytes). A signature of another length is false, not an error.
     */
    public static boolean ed25519Verify(MemorySegment message, byte[] signature, byte[] publicKey) {
        check(publicKey, ED25519_PUBLIC, "Ed25519 public key");
        if (signature.length != ED25519_SIGNATURE) {
            return false;
        }
        try {
            return (int) ED25519_VERIFY.invokeExact(
                            message,
                            message.byteSize(),
                            MemorySegment.ofArray(signature),
                            MemorySegment.ofArray(publicKey))
                    == 1;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** The X25519 public key of a 32-byte private scalar. */
    public static byte[] x25519PublicFromPrivate(byte[] privateKey) {
        check(privateKey, X25519_KEY, "X25519 private key");
        byte[] pub = new byte[X25519_KEY];
        try {
            X25519_PUBLIC_FROM_PRIVATE.invokeExact(MemorySegment.ofArray(pub), MemorySegment.ofArray(privateKey));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
        return pub;
    }

    /**
     * X25519(privateKey, peerPublic) into {@code shared} (32 bytes). False when the result is all
     * zeros (a small-order peer key, RFC 7748 section 6.1): {@code shared} is then not a secret.
     */
    public static boolean x25519(byte[] shared, byte[] privateKey, byte[] peerPublic) {
        check(shared, X25519_KEY, "X25519 output");
        check(privateKey, X25519_KEY, "X25519 private key");
        check(peerPublic, X25519_KEY, "X25519 public key");
        try {
            return (int) X25519.invokeExact(
                            MemorySegment.ofArray(shared),
                            MemorySegment.ofArray(privateKey),
                            MemorySegment.ofArray(peerPublic))
                    == 1;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    private static void check(byte[] a, int length, String what) {
        if (a.length != length) {
            throw new IllegalArgumentException(what + " must be " + length + " bytes, not " + a.length);
        }
    }
}
