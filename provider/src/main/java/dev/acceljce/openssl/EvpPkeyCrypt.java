package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;

/**
 * Every native call of RSA encryption: one EVP_PKEY_CTX initialised once for one of the four RSA
 * primitives with its padding parameters, and run any number of times. The JCA object keeps it
 * while key, mode and parameters stay the same, so an operation allocates nothing native. The
 * context holds its own reference to the key (OpenSSL up-refs it).
 *
 * <p>Input and output pass through native buffers owned by this object, which are cleansed after
 * every operation (they hold plaintext or padded plaintext).
 */
public final class EvpPkeyCrypt extends NativeResource {
    /** The RSA primitive and the EVP call that runs it. */
    public enum Operation {
        /** EVP_PKEY_encrypt: public-key encryption. */
        ENCRYPT,
        /** EVP_PKEY_decrypt: private-key decryption. */
        DECRYPT,
        /** EVP_PKEY_sign without a digest: private-key "encryption" (block type 1 or raw). */
        SIGN,
        /** EVP_PKEY_verify_recover without a digest: public-key "decryption". */
        VERIFY_RECOVER
    }

    private static final MethodHandle EVP_PKEY_CTX_FREE = NativeResource.freeFunction("EVP_PKEY_CTX_free");
    private static final MethodHandle EVP_PKEY_ENCRYPT_INIT =
            LibCrypto.function("EVP_PKEY_encrypt_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_DECRYPT_INIT =
            LibCrypto.function("EVP_PKEY_decrypt_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_SIGN_INIT =
            LibCrypto.function("EVP_PKEY_sign_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_VERIFY_RECOVER_INIT =
            LibCrypto.function("EVP_PKEY_verify_recover_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final FunctionDescriptor RUN =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG);
    private static final MethodHandle EVP_PKEY_ENCRYPT = LibCrypto.function("EVP_PKEY_encrypt", RUN);
    private static final MethodHandle EVP_PKEY_DECRYPT = LibCrypto.function("EVP_PKEY_decrypt", RUN);
    private static final MethodHandle EVP_PKEY_SIGN = LibCrypto.function("EVP_PKEY_sign", RUN);
    private static final MethodHandle EVP_PKEY_VERIFY_RECOVER = LibCrypto.function("EVP_PKEY_verify_recover", RUN);
    private static final MethodHandle OPENSSL_CLEANSE =
            LibCrypto.function("OPENSSL_cleanse", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));

    private final Operation operation;
    private final MethodHandle run;
    private final MemorySegment in;
    private final MemorySegment out;
    private final MemorySegment outLen;

    /**
     * A context running {@code operation} with {@code key}, whose modulus is
     * {@code modulusBytes} long, configured by {@code params} (applied in order: RSA needs the
     * padding mode set before the OAEP digests and label).
     *
     * @throws OpenSslException when OpenSSL refuses the key or a parameter
     */
    public EvpPkeyCrypt(EvpPkey.Key key, Operation operation, int modulusBytes, MemorySegment... params) {
        super(EvpPkey.newContext(key), EVP_PKEY_CTX_FREE, "EVP_PKEY_CTX");
        this.operation = operation;
        this.run = switch (operation) {
            case ENCRYPT -> EVP_PKEY_ENCRYPT;
            case DECRYPT -> EVP_PKEY_DECRYPT;
            case SIGN -> EVP_PKEY_SIGN;
            case VERIFY_RECOVER -> EVP_PKEY_VERIFY_RECOVER;
        };
        Arena arena = Arena.ofAuto();
        this.in = arena.allocate(modulusBytes);
        this.out = arena.allocate(modulusBytes);
        this.outLen = arena.allocate(JAVA_LONG);
        try {
            int ok = switch (operation) {
                case ENCRYPT -> (int) EVP_PKEY_ENCRYPT_INIT.invokeExact(ptr());
                case DECRYPT -> (int) EVP_PKEY_DECRYPT_INIT.invokeExact(ptr());
                case SIGN -> (int) EVP_PKEY_SIGN_INIT.invokeExact(ptr());
                case VERIFY_RECOVER -> (int) EVP_PKEY_VERIFY_RECOVER_INIT.invokeExact(ptr());
            };
            EvpPkey.setAfterInit(
                    this,
                    ptr(),
                    ok,
                    "EVP_PKEY_" + operation.name().toLowerCase(java.util.Locale.ROOT) + "_init",
                    params);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    public Operation operation() {
        return operation;
    }

    /**
     * Runs the primitive on {@code input[0..len)} ({@code len} at most the modulus length, checked
     * by the caller) and writes the result to {@code output} (at least the modulus length long).
     *
     * @return the output length, or -1 when OpenSSL refused (the error queue is cleared, and
     *         nothing about why is kept: for decryption, every padding failure looks the same)
     */
    public int run(byte[] input, int len, byte[] output) {
        MemorySegment ctx = enter();
        try {
            MemorySegment.copy(input, 0, in, JAVA_BYTE, 0, len);
            outLen.set(JAVA_LONG, 0, out.byteSize());
            try {
                int ok = (int) run.invokeExact(ctx, out, outLen, in, (long) len);
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return -1;
                }
                int n = (int) outLen.get(JAVA_LONG, 0);
                MemorySegment.copy(out, JAVA_BYTE, 0, output, 0, n);
                return n;
            } finally {
                OPENSSL_CLEANSE.invokeExact(in, in.byteSize());
                OPENSSL_CLEANSE.invokeExact(out, out.byteSize());
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exit();
        }
    }
}
