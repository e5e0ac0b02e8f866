package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds an {@code OSSL_PARAM[]} array in memory of a caller-given arena. The struct is
 * {@code { const char *key; unsigned int data_type; void *data; size_t data_size; size_t return_size; }}
 * (40 bytes on LP64), terminated by an all-zero entry.
 *
 * <p>For set-up calls (fetch, init with parameters), not for per-operation hot paths: a hot path
 * builds its array once and keeps it.
 */
public final class OsslParams {
    private static final long SIZE = 40;
    private static final long OFF_KEY = 0;
    private static final long OFF_TYPE = 8;
    private static final long OFF_DATA = 16;
    private static final long OFF_DATA_SIZE = 24;
    private static final long OFF_RETURN_SIZE = 32;
    /** OSSL_PARAM_UNMODIFIED: return_size before OpenSSL writes it. */
    private static final long UNMODIFIED = -1L;

    public static final int INTEGER = 1;
    public static final int UNSIGNED_INTEGER = 2;
    public static final int UTF8_STRING = 4;
    public static final int OCTET_STRING = 5;
    public static final int UTF8_PTR = 6;

    private record Entry(String key, int type, MemorySegment data) {}

    private final Arena arena;
    private final List<Entry> entries = new ArrayList<>();

    private OsslParams(Arena arena) {
        this.arena = arena;
    }

    public static OsslParams in(Arena arena) {
        return new OsslParams(arena);
    }

    public OsslParams utf8(String key, String value) {
        MemorySegment s = arena.allocateFrom(value);
        // data_size of a UTF8 string excludes the terminating NUL
        entries.add(new Entry(key, UTF8_STRING, s.asSlice(0, s.byteSize() - 1)));
        return this;
    }

    public OsslParams octets(String key, byte[] value) {
        MemorySegment s = arena.allocate(Math.max(1, value.length));
        MemorySegment.copy(value, 0, s, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, value.length);
        entries.add(new Entry(key, OCTET_STRING, s.asSlice(0, value.length)));
        return this;
    }

    /**
     * An octet string that refers to caller-owned memory instead of copying it: for key material
     * the caller cleanses once the call that reads the array is over.
     */
    public OsslParams octets(String key, MemorySegment data) {
        entries.add(new Entry(key, OCTET_STRING, data));
        return this;
    }

    /**
     * An unsigned big number (a BIGNUM parameter such as an EC key's "priv") from its big-endian
     * bytes: OpenSSL reads {@code OSSL_PARAM_UNSIGNED_INTEGER} data in the platform's byte order,
     * little-endian on every platform served here. The native copy is in the arena: the caller
     * cleanses the returned segment before the arena closes when the number is secret.
     */
    public MemorySegment unsignedBigEndian(String key, byte[] bigEndian) {
        if (java.nio.ByteOrder.nativeOrder() != java.nio.ByteOrder.LITTLE_ENDIAN) {
            throw new UnsupportedOperationException("a big-endian platform");
        }
        MemorySegment s = arena.allocate(Math.max(1, bigEndian.length));
        for (int i = 0; i < bigEndian.length; i++) {
            s.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, bigEndian[bigEndian.length - 1 - i]);
        }
        MemorySegment data = s.asSlice(0, bigEndian.length);
        entries.add(new Entry(key, UNSIGNED_INTEGER, data));
        return data;
    }

    public OsslParams integer(String key, int value) {
        entries.add(new Entry(key, INTEGER, arena.allocateFrom(JAVA_INT, value)));
        return this;
    }

    public OsslParams unsigned(String key, long sizeT) {
        entries.add(new Entry(key, UNSIGNED_INTEGER, arena.allocateFrom(JAVA_LONG, sizeT)));
        return this;
    }

    /**
     * A request for a string OpenSSL answers with a pointer to its own constant (an
     * {@code OSSL_PARAM_UTF8_PTR}, as provider parameters are): OpenSSL writes the pointer into
     * {@code slot}, 8 bytes the caller reads after the call.
     */
    public OsslParams utf8Pointer(String key, MemorySegment slot) {
        entries.add(new Entry(key, UTF8_PTR, slot));
        return this;
    }

    /** The terminated array. */
    public MemorySegment build() {
        MemorySegment array = arena.allocate(SIZE * (entries.size() + 1), 8);
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            long base = i * SIZE;
            array.set(ADDRESS, base + OFF_KEY, arena.allocateFrom(e.key));
            array.set(JAVA_INT, base + OFF_TYPE, e.type);
            array.set(ADDRESS, base + OFF_DATA, e.data);
            array.set(JAVA_LONG, base + OFF_DATA_SIZE, e.data.byteSize());
            array.set(JAVA_LONG, base + OFF_RETURN_SIZE, UNMODIFIED);
        }
        return array; // allocate() zero-fills, so the last entry is the terminator
    }
}
