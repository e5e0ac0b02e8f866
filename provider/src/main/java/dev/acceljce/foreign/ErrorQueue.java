package dev.acceljce.foreign;

import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * A library's per-thread error queue in OpenSSL's shape ({@code ERR_get_error},
 * {@code ERR_error_string_n}, {@code ERR_clear_error}), which OpenSSL and AWS-LC both have, each
 * its own: drained into one line for an exception message, so the next call on the thread starts
 * with an empty queue. Each binding makes one from its own symbols. A record: HotSpot trusts its
 * fields as constants, so the handles inline as static final ones would.
 *
 * @param getError    {@code unsigned long ERR_get_error(void)}
 * @param errorString {@code void ERR_error_string_n(unsigned long, char*, size_t)}
 * @param clearError  {@code void ERR_clear_error(void)}
 */
public record ErrorQueue(MethodHandle getError, MethodHandle errorString, MethodHandle clearError) {
    private static final int MAX_REPORTED = 8;

    /** Empties the queue and returns its entries as one line ("" when it was empty). */
    public String drain() {
        try {
            StringBuilder sb = new StringBuilder();
            byte[] buf = new byte[256];
            int n = 0;
            long code;
            while ((code = (long) getError.invokeExact()) != 0) {
                if (n++ < MAX_REPORTED) {
                    errorString.invokeExact(code, MemorySegment.ofArray(buf), (long) buf.length);
                    int len = 0;
                    while (len < buf.length && buf[len] != 0) {
                        len++;
                    }
                    if (!sb.isEmpty()) {
                        sb.append("; ");
                    }
                    sb.append(new String(buf, 0, len, StandardCharsets.US_ASCII));
                }
            }
            return sb.toString();
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** Clears the queue without reading it. */
    public void clear() {
        try {
            clearError.invokeExact();
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }
}
