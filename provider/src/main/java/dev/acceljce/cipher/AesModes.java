package dev.acceljce.cipher;

import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.security.InvalidKeyException;
import java.util.Arrays;

/** What the whole-message AES modes share: the OpenSSL cipher for a key length, and non-NULL empty buffers. */
final class AesModes {
    /** One byte of heap: its empty slice is a non-NULL address for calls where NULL means something else. */
    private static final byte[] SCRATCH = new byte[1];

    private AesModes() {}

    /**
     * OpenSSL's "AES-&lt;bits&gt;-&lt;mode&gt;" for a key of {@code keyLength} bytes, which must be one of
     * {@code allowed}; for XTS and SIV the key is two AES keys, and the name counts one of them.
     */
    static EvpCipher.Algorithm byKeyLength(String mode, int keyLength, int... allowed) throws InvalidKeyException {
        if (Arrays.stream(allowed).noneMatch(n -> n == keyLength)) {
            throw new InvalidKeyException(
                    "AES/" + mode + " takes keys of " + Arrays.toString(allowed) + " bytes, not " + keyLength);
        }
        boolean doubleKey = mode.equals("XTS") || mode.equals("SIV");
        String name = "AES-" + (doubleKey ? keyLength * 4 : keyLength * 8) + "-" + mode;
        return EvpCipher.fetch(name)
                .orElseThrow(() -> new InvalidKeyException(
                        "the loaded OpenSSL has no " + name + " (key of " + keyLength + " bytes)"));
    }

    /** Whether the loaded OpenSSL has the mode for every key length of {@code bits}. */
    static boolean has(String mode, int... bits) {
        return Arrays.stream(bits)
                .allMatch(b -> EvpCipher.fetch("AES-" + b + "-" + mode).isPresent());
    }

    /**
     * {@code s} itself, or a non-NULL empty segment when it is empty: OpenSSL reads a NULL input
     * or output as "final" or "AAD", so an empty message must still pass real addresses.
     */
    static MemorySegment nonNull(MemorySegment s) {
        return s.byteSize() > 0 ? s : MemorySegment.ofArray(SCRATCH).asSlice(0, 0);
    }
}
