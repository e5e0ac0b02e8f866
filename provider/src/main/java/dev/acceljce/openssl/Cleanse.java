package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.function.Consumer;

/**
 * {@code OPENSSL_cleanse} for the native copies of secrets AccelJCE makes itself (KDF inputs and
 * outputs, long HMAC keys): called on each copy before its memory is released.
 */
public final class Cleanse {
    private static final MethodHandle OPENSSL_CLEANSE =
            LibCrypto.function("OPENSSL_cleanse", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));

    /**
     * Test hook (package-private, not an API): when set, sees every segment right after it was
     * cleansed and while it is still allocated, so a test can read the very memory that held the
     * secret. One volatile read per cleanse when unset.
     */
    static volatile Consumer<MemorySegment> observer;

    private Cleanse() {}

    /** Overwrites {@code secret} with zeros in a way the compiler cannot drop. */
    public static void of(MemorySegment secret) {
        try {
            OPENSSL_CLEANSE.invokeExact(secret, secret.byteSize());
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
        Consumer<MemorySegment> o = observer;
        if (o != null) {
            o.accept(secret);
        }
    }
}
