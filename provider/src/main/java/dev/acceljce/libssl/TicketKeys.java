package dev.acceljce.libssl;

import static dev.acceljce.foreign.NativeObject.rethrow;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The keys that protect one server context's session tickets. libssl seals and opens the tickets
 * itself (its format: key name, IV, AES-256-CBC, HMAC-SHA256); these keys are handed to it through
 * the ticket key callback instead of being kept inside libssl, because the callback is the one
 * place a server learns which ticket a client resumes with: the IV, which we choose at random for
 * every ticket. The engine maps it to the Java session the ticket continues, so a resumed connection
 * shows that session, as SunJSSE's does (libssl's resumed TLS 1.3 session has a new time and no id).
 *
 * <p>Two ways to hold keys. By default they are random to this context and rotate as libssl's own
 * do (every 48 hours); a ticket sealed under the previous key still opens and is renewed, older
 * ones are refused (a full handshake). Or the operator {@linkplain #install installs} keys shared
 * by several servers: the newest one already active seals, every installed one opens (a ticket
 * under another than the sealing key is renewed), a key taken out opens nothing any more. Key
 * bytes live in native memory only and are overwritten with zeros when replaced or when the
 * context is collected.
 */
public final class TicketKeys {
    /** libssl's ticket key name length ({@code SSL_TICKET_KEY_NAME_LEN}). */
    public static final int NAME_LENGTH = 16;
    /** AES-CBC's IV length: what libssl reads at {@code iv}. */
    public static final int IV_LENGTH = 16;
    /** The AES-256 key and the HMAC-SHA256 key of one ticket key, in bytes. */
    public static final int AES_KEY = 32, HMAC_KEY = 32;

    private static final long ROTATION_NANOS = TimeUnit.HOURS.toNanos(48);
    private static final Cleaner CLEANER = Cleaner.create();
    /** What counts the resumptions under this context's own random keys. */
    public static final String RANDOM_LABEL = "per-context";

    /** The callback's answers when opening: libssl's convention. */
    static final int OPEN_UNKNOWN = 0, OPEN_OK = 1, OPEN_RENEW = 2;

    /**
     * One key an operator installs: its 16-byte name (what a ticket carries to select it), AES and
     * HMAC keys, a label for counters, and the wall-clock time from which it seals. The arrays are
     * copied by {@link #install}; the caller clears its own.
     */
    public record Material(String label, byte[] name, byte[] aes, byte[] hmac, long activeFromMillis) {
        public Material {
            if (label == null || name == null || aes == null || hmac == null) {
                throw new NullPointerException("ticket key label, name or keys");
            }
            if (name.length != NAME_LENGTH || aes.length != AES_KEY || hmac.length != HMAC_KEY) {
                throw new IllegalArgumentException("ticket key sizes: name " + name.length + " (16), AES " + aes.length
                        + " (32), HMAC " + hmac.length + " (32)");
            }
        }
    }

    /** One key: name, AES key and HMAC key side by side in native memory it owns. */
    private static final class Key {
        final Arena arena = Arena.ofShared();
        final MemorySegment all = arena.allocate(NAME_LENGTH + AES_KEY + HMAC_KEY);
        final MemorySegment name = all.asSlice(0, NAME_LENGTH);
        final MemorySegment aes = all.asSlice(NAME_LENGTH, AES_KEY);
        final MemorySegment hmac = all.asSlice(NAME_LENGTH + AES_KEY, HMAC_KEY);
        /** Random keys: when made (nanoTime), for the rotation. */
        final long madeAt;
        /** Installed keys: from when it seals (wall clock); random ones: 0. */
        final long activeFrom;

        final String label;

        Key(long now) {
            madeAt = now;
            activeFrom = 0;
            label = RANDOM_LABEL;
            if (!randomInto(all)) {
                destroy();
                throw new IllegalStateException("RAND_bytes failed for a session ticket key");
            }
        }

        Key(Material m) {
            madeAt = 0;
            activeFrom = m.activeFromMillis();
            label = m.label();
            name.copyFrom(MemorySegment.ofArray(m.name()));
            aes.copyFrom(MemorySegment.ofArray(m.aes()));
            hmac.copyFrom(MemorySegment.ofArray(m.hmac()));
        }

        boolean named(MemorySegment candidate) {
            return candidate.mismatch(name) == -1;
        }

        void destroy() {
            all.fill((byte) 0);
            arena.close();
        }
    }

    /**
     * The keys: random mode's current and previous, or the installed ones (then the other two are
     * null). Guarded by itself, also freed by the Cleaner.
     */
    private static final class Ring implements Runnable {
        Key current, previous;
        List<Key> installed;

        @Override
        public synchronized void run() {
            for (Key k : all()) {
                k.destroy();
            }
            current = previous = null;
            installed = null;
        }

        List<Key> all() {
            List<Key> out = new ArrayList<>();
            if (current != null) {
                out.add(current);
            }
            if (previous != null) {
                out.add(previous);
            }
            if (installed != null) {
                out.addAll(installed);
            }
            return out;
        }

        /** The installed key that seals at {@code nowMillis}: the newest active one, else the earliest. */
        Key sealing(long nowMillis) {
            Key best = null, earliest = null;
            for (Key k : installed) {
                if (k.activeFrom <= nowMillis && (best == null || k.activeFrom > best.activeFrom)) {
                    best = k;
                }
                if (earliest == null || k.activeFrom < earliest.activeFrom) {
                    earliest = k;
                }
            }
            return best != null ? best : earliest;
        }

        Key named(MemorySegment n) {
            if (installed != null) {
                for (Key k : installed) {
                    if (k.named(n)) {
                        return k;
                    }
                }
                return null;
            }
            return current != null && current.named(n)
                    ? current
                    : previous != null && previous.named(n) ? previous : null;
        }
    }

    /**
     * Test hook (package-private, not an API): when set, the clock in nanoseconds that ages the
     * keys, so a test can see a rotation without waiting two days.
     */
    static volatile LongSupplier testClock;

    private final Ring ring = new Ring();

    TicketKeys() {
        ring.current = new Key(now());
        CLEANER.register(this, ring);
    }

    private static long now() {
        LongSupplier c = testClock;
        return c == null ? System.nanoTime() : c.getAsLong();
    }

    /**
     * Replaces every key with {@code keys} (at least one, names distinct): from now on tickets
     * under other keys, this context's random ones included, make a full handshake. The old keys'
     * bytes are overwritten.
     */
    public void install(List<Material> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no ticket keys to install");
        }
        Set<String> names = new HashSet<>();
        for (Material m : keys) {
            if (!names.add(HexFormat.of().formatHex(m.name()))) {
                throw new IllegalArgumentException(
                        "two ticket keys named " + HexFormat.of().formatHex(m.name()));
            }
        }
        List<Key> made = new ArrayList<>(keys.size());
        try {
            for (Material m : keys) {
                made.add(new Key(m));
            }
        } catch (RuntimeException e) {
            made.forEach(Key::destroy);
            throw e;
        }
        synchronized (ring) {
            List<Key> old = ring.all();
            ring.current = ring.previous = null;
            ring.installed = List.copyOf(made);
            old.forEach(Key::destroy);
        }
    }

    /** Whether the keys are installed ones (shared with other servers) rather than this context's own. */
    public boolean installed() {
        synchronized (ring) {
            return ring.installed != null;
        }
    }

    /** The installed keys' labels, the sealing one first (empty for random keys). */
    public List<String> labels() {
        synchronized (ring) {
            if (ring.installed == null) {
                return List.of();
            }
            Key sealing = ring.sealing(System.currentTimeMillis());
            List<String> out = new ArrayList<>();
            out.add(sealing.label);
            for (Key k : ring.installed) {
                if (k != sealing) {
                    out.add(k.label);
                }
            }
            return out;
        }
    }

    /**
     * Sets up a new ticket under the current key: writes its name and a fresh IV for libssl and
     * initialises libssl's cipher and HMAC contexts. Returns the IV (the ticket's identity), or
     * null when libcrypto failed.
     */
    byte[] seal(MemorySegment name, MemorySegment iv, MemorySegment cipherCtx, MemorySegment hmacCtx) {
        MemorySegment ivOut = iv.reinterpret(IV_LENGTH);
        synchronized (ring) {
            Key k;
            if (ring.installed != null) {
                k = ring.sealing(System.currentTimeMillis());
            } else {
                k = ring.current;
                if (k == null) {
                    return null; // collected: cannot happen while a connection of the context runs
                }
                long now = now();
                if (now - k.madeAt >= ROTATION_NANOS) {
                    if (ring.previous != null) {
                        ring.previous.destroy();
                    }
                    ring.previous = k;
                    k = ring.current = new Key(now);
                }
            }
            if (!randomInto(ivOut)) {
                return null;
            }
            name.reinterpret(NAME_LENGTH).copyFrom(k.name);
            if (!initTicketContexts(cipherCtx, hmacCtx, k, ivOut, true)) {
                return null;
            }
        }
        return ivOut.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * Sets up libssl to open a client's ticket named {@code name}: {@link #OPEN_OK} under the
     * sealing key, {@link #OPEN_RENEW} under another one still kept (libssl then issues a new
     * ticket), {@link #OPEN_UNKNOWN} otherwise (a full handshake). libssl checks the HMAC
     * afterwards: only a handshake that ends resumed proves the ticket was ours.
     */
    int open(MemorySegment name, MemorySegment iv, MemorySegment cipherCtx, MemorySegment hmacCtx) {
        MemorySegment n = name.reinterpret(NAME_LENGTH);
        synchronized (ring) {
            Key k = ring.named(n);
            if (k == null) {
                return OPEN_UNKNOWN;
            }
            if (!initTicketContexts(cipherCtx, hmacCtx, k, iv.reinterpret(IV_LENGTH), false)) {
                return OPEN_UNKNOWN;
            }
            Key sealing = ring.installed != null ? ring.sealing(System.currentTimeMillis()) : ring.current;
            return k == sealing ? OPEN_OK : OPEN_RENEW;
        }
    }

    /** The label of the key named {@code name} (for counters), or null when there is none. */
    String labelOf(MemorySegment name) {
        synchronized (ring) {
            Key k = ring.named(name.reinterpret(NAME_LENGTH));
            return k == null ? null : k.label;
        }
    }

    /** libcrypto's DRBG into {@code out}; false when it failed. */
    private static boolean randomInto(MemorySegment out) {
        try {
            return (int) SslCalls.RAND_BYTES.invokeExact(out, out.byteSize()) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Sets up libssl's ticket contexts with key {@code k}: AES-256-CBC under {@code iv} (to seal or
     * to open) and HMAC-SHA256.
     */
    private static boolean initTicketContexts(
            MemorySegment cipherCtx, MemorySegment hmacCtx, Key k, MemorySegment iv, boolean seal) {
        try {
            MemorySegment cipher = (MemorySegment) SslCalls.EVP_AES_256_CBC.invokeExact();
            MemorySegment md = (MemorySegment) SslCalls.EVP_SHA256.invokeExact();
            return (int) (seal ? SslCalls.EVP_ENCRYPT_INIT_EX : SslCalls.EVP_DECRYPT_INIT_EX)
                                    .invokeExact(cipherCtx, cipher, MemorySegment.NULL, k.aes, iv)
                            == 1
                    && (int) SslCalls.HMAC_INIT_EX.invokeExact(
                                    hmacCtx, k.hmac, k.hmac.byteSize(), md, MemorySegment.NULL)
                            == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
