package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** What the loaded libcrypto says about its build and the CPU features it uses (OpenSSL_version). */
public final class OpenSslInfo {
    /** OPENSSL_CPU_INFO (crypto.h, OpenSSL 3.0+). */
    private static final int OPENSSL_CPU_INFO = 9;
    /** Longest answer read back; OpenSSL builds these strings in fixed buffers of at most 512 bytes. */
    private static final int MAX_TEXT = 1024;

    private static final MethodHandle OPENSSL_VERSION =
            LibCrypto.function("OpenSSL_version", FunctionDescriptor.of(ADDRESS, JAVA_INT));

    private OpenSslInfo() {}

    /**
     * {@code OpenSSL_version(OPENSSL_CPU_INFO)}: on x86 "CPUINFO: OPENSSL_ia32cap=0x...:0x..." (two
     * values in 3.0, five from 3.4 on), followed by " env:..." when the {@code OPENSSL_ia32cap}
     * environment variable changed them; "CPUINFO: N/A" where the build has no capability vector.
     * Null when the library returns nothing.
     */
    public static String cpuInfo() {
        try {
            MemorySegment text = (MemorySegment) OPENSSL_VERSION.invokeExact(OPENSSL_CPU_INFO);
            if (text.equals(MemorySegment.NULL)) {
                return null;
            }
            return text.reinterpret(MAX_TEXT).getString(0);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }
}
