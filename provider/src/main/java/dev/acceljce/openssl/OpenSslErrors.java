package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.ErrorQueue;
import java.lang.foreign.FunctionDescriptor;

/**
 * OpenSSL's per-thread error queue, drained into exception messages so that a failure says what
 * OpenSSL said and the next call on the thread starts with an empty queue.
 */
public final class OpenSslErrors {
    private static final ErrorQueue QUEUE = new ErrorQueue(
            LibCrypto.critical("ERR_get_error", FunctionDescriptor.of(JAVA_LONG)),
            LibCrypto.critical("ERR_error_string_n", FunctionDescriptor.ofVoid(JAVA_LONG, ADDRESS, JAVA_LONG)),
            LibCrypto.critical("ERR_clear_error", FunctionDescriptor.ofVoid()));

    private OpenSslErrors() {}

    /** Empties the queue and returns its entries as one line ("" when it was empty). */
    public static String drain() {
        return QUEUE.drain();
    }

    /** Clears the queue without reading it (after a call whose failure is expected and handled). */
    public static void clear() {
        QUEUE.clear();
    }

    /** An exception for a failed call, carrying the drained queue. */
    public static OpenSslException failure(String call) {
        String queue = drain();
        return new OpenSslException(call + " failed" + (queue.isEmpty() ? "" : ": " + queue));
    }
}
