package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;

/**
 * Reads an EVP_PKEY's reference count, for tests that must show who still holds a key. OpenSSL
 * has no public getter and the field's offset in {@code struct evp_pkey_st} is private (48 in
 * 3.5: after type, save_type and five pointers of legacy key state). So it is found, not assumed:
 * the one int in the struct's first 96 bytes that rises by one with {@code EVP_PKEY_up_ref}
 * (a {@code share()}) and falls back with {@code EVP_PKEY_free}.
 */
public final class PkeyReferences {
    private static final int SCAN = 96;

    private final long offset;

    private PkeyReferences(long offset) {
        this.offset = offset;
    }

    /**
     * The reader calibrated on {@code ref}'s key; fails when no such field is found. Call it while
     * no other thread uses the key: their contexts move the same count between the snapshots (a
     * CI run failed so, with four threads decapsulating). The offset then serves for any moment.
     */
    public static PkeyReferences locate(EvpPkey.Key ref) {
        int[] before = ints(ref);
        int[] during;
        try (EvpPkey.Key extra = ref.share()) {
            during = ints(ref);
        }
        int[] after = ints(ref);
        long found = -1;
        for (int i = 0; i < before.length; i++) {
            if (before[i] >= 1 && before[i] < 1000 && during[i] == before[i] + 1 && after[i] == before[i]) {
                if (found >= 0) {
                    throw new AssertionError("two candidate reference counts in the EVP_PKEY");
                }
                found = 4L * i;
            }
        }
        if (found < 0) {
            throw new AssertionError("no reference count found in the EVP_PKEY's first " + SCAN + " bytes");
        }
        return new PkeyReferences(found);
    }

    /** The current reference count of the EVP_PKEY {@code ref} points to. */
    public int count(EvpPkey.Key ref) {
        return struct(ref).get(JAVA_INT, offset);
    }

    private static MemorySegment struct(EvpPkey.Key ref) {
        return MemorySegment.ofAddress(ref.pointer().address()).reinterpret(SCAN);
    }

    private static int[] ints(EvpPkey.Key ref) {
        return struct(ref).toArray(JAVA_INT);
    }
}
