package dev.acceljce.awslc;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * One owned AWS-LC object: the shared ownership idiom ({@link NativeObject}: freed exactly once,
 * by {@code close()} or a Cleaner, with the concurrent-use guard), with AWS-LC's error queue
 * reporting a failed allocation. AWS-LC's {@code *_free} functions cleanse the key material they
 * hold ({@code EVP_AEAD_CTX_free} wipes the key schedule).
 */
abstract class AwsLcResource extends NativeObject {
    protected AwsLcResource(MemorySegment ptr, MethodHandle free, String kind) {
        if (ptr == null || ptr.equals(MemorySegment.NULL)) {
            throw AwsLcErrors.failure(kind + " allocation");
        }
        super(ptr, free, kind, false);
    }
}
