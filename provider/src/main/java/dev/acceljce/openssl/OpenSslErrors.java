package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * OpenSSL's per-thread error queue, drained into exception messages so that a failure says what
 * OpenSSL said and the next call on the thread starts with an empty queue.
 */
public final class OpenSslErrors {
    private static final MethodHandle ERR_GET_ERROR =
            LibCrypto.critical("ERR_get_error", FunctionDescriptor.of(JAVA_LONG));
    private static final MethodHandle ERR_ERROR_STRING_N =
            LibCrypto.critical("ERR_error_string_n", FunctionDescriptor.ofVoid(JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle ERR_CLEAR_ERROR =
            LibCrypto.critical("ERR_clear_error", FunctionDescriptor.ofVoid());
    private static final int MAX_REPORTED = 8;

    private OpenSslErrors() {}

    /** Empties the queue and returns its entries as one line ("" when it was empty). */
    public static String drain() {
        try {
            StringBuilder sb = new StringBuilder();
            byte[] buf = new byte[256];
            int n = 0;
            long code;
            while ((code = (long) ERR_GET_ERROR.invokeExact()) != 0) {
                if (n++ < MAX_REPORTED) {
                    ERR_ERROR_STRING_N.invokeExact(code, MemorySegment.ofArray(buf), (long) buf.length);
                    int len = 0;
                    while (len < buf.length && buf[len] != 0) {
                        len++;
                    }
                    if (!sb.isEmpty()) {
                        sb.append("; ");
                    }
                    sb.append(new String(buf, 0, len, java.nio.charset.StandardCharsets.US_ASCII));
                }
            }
            return sb.toString();
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** Clears the queue without reading it (before a call whose failure is expected and handled). */
    public static void clear() {
        try {
            ERR_CLEAR_ERROR.invokeExact();
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** An exception for a failed call, carrying the drained queue. */
    public static OpenSslException failure(String call) {
        String queue = drain();
        return new OpenSslException(call + " failed" + (queue.isEmpty() ? "" : ": " + queue));
    }
}
