package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;

/**
 * AWS-LC's per-thread error queue (its own, apart from OpenSSL's), drained into exception
 * messages so that a failure says what AWS-LC said and the next call on the thread starts with an
 * empty queue.
 */
public final class AwsLcErrors {
    private static final MethodHandle ERR_GET_ERROR = AwsLc.critical("ERR_get_error", FunctionDescriptor.of(JAVA_LONG));
    private static final MethodHandle ERR_ERROR_STRING_N =
            AwsLc.critical("ERR_error_string_n", FunctionDescriptor.ofVoid(JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle ERR_CLEAR_ERROR = AwsLc.critical("ERR_clear_error", FunctionDescriptor.ofVoid());
    private static final int MAX_REPORTED = 8;

    private AwsLcErrors() {}

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
                    sb.append(new String(buf, 0, len, StandardCharsets.US_ASCII));
                }
            }
            return sb.toString();
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** Clears the queue without reading it (after a call whose failure is expected and handled). */
    public static void clear() {
        try {
            ERR_CLEAR_ERROR.invokeExact();
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** An exception for a failed call, carrying the drained queue. */
    public static AwsLcException failure(String call) {
        String queue = drain();
        return new AwsLcException(call + " failed" + (queue.isEmpty() ? "" : ": " + queue));
    }
}
