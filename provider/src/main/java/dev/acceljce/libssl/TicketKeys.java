package dev.acceljce.libssl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The keys that protect one server context's session tickets. libssl seals and opens the tickets
 * itself (its format: key name, IV, AES-CBC, HMAC-SHA256); these keys are handed to it through the
 * ticket key callback instead of being kept inside libssl, because the callback is the one place
 * a server learns which ticket a client resumes with: the IV, which we choose at random for every
 * ticket. The engine maps it to the Java session the ticket continues, so a resumed connection
 * shows that session, as SunJSSE's does (libssl's resumed TLS 1.3 session has a new time and no id).
 *
 * <p>Keys rotate as libssl's own do when it keeps them (every 48 hours); a ticket sealed under
 * the previous key still opens and is renewed, older ones are refused (a full handshake). Key
 * bytes live in native memory only and are overwritten with zeros when replaced or when the
 * context is collected.
 */
public final class TicketKeys {
    /** libssl's ticket key name length ({@code SSL_TICKET_KEY_NAME_LEN}). */
    static final int NAME_LENGTH = 16;
    /** AES-CBC's IV length: what libssl reads at {@code iv}. */
    public static final int IV_LENGTH = 16;

    private static final int AES_KEY = 32, HMAC_KEY = 32;
    private static final long ROTATION_NANOS = TimeUnit.HOURS.toNanos(48);
    private static final Cleaner CLEANER = Cleaner.create();

    /** The callback's answers when opening: libssl's convention. */
    static final int OPEN_UNKNOWN = 0, OPEN_OK = 1, OPEN_RENEW = 2;

    /** One key: name, AES key and HMAC key side by side in native memory it owns. */
    private static final class Key {
        final Arena arena = Arena.ofShared();
        final MemorySegment all = arena.allocate(NAME_LENGTH + AES_KEY + HMAC_KEY);
        final MemorySegment name = all.asSlice(0, NAME_LENGTH);
        final MemorySegment aes = all.asSlice(NAME_LENGTH, AES_KEY);
        final MemorySegment hmac = all.asSlice(NAME_LENGTH + AES_KEY, HMAC_KEY);
        final long madeAt;

        Key(long now) {
            madeAt = now;
            if (!SslCalls.randBytes(all)) {
                destroy();
                throw new IllegalStateException("RAND_bytes failed for a session ticket key");
            }
        }

        boolean named(MemorySegment candidate) {
            return candidate.mismatch(name) == -1;
        }

        void destroy() {
            all.fill((byte) 0);
            arena.close();
        }
    }

    /** The current and previous keys; guarded by itself, also freed by the Cleaner. */
    private static final class Ring implements Runnable {
        Key current, previous;

        @Override
        public synchronized void run() {
            for (Key k : new Key[] {current, previous}) {
                if (k != null) {
                    k.destroy();
                }
            }
            current = previous = null;
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
     * Sets up a new ticket under the current key: writes its name and a fresh IV for libssl and
     * initialises libssl's cipher and HMAC contexts. Returns the IV (the ticket's identity), or
     * null when libcrypto failed.
     */
    byte[] seal(MemorySegment name, MemorySegment iv, MemorySegment cipherCtx, MemorySegment hmacCtx) {
        MemorySegment ivOut = iv.reinterpret(IV_LENGTH);
        synchronized (ring) {
            Key k = ring.current;
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
            if (!SslCalls.randBytes(ivOut)) {
                return null;
            }
            name.reinterpret(NAME_LENGTH).copyFrom(k.name);
            if (!SslCalls.ticketCipherInit(cipherCtx, k.aes, ivOut, true)
                    || !SslCalls.ticketHmacInit(hmacCtx, k.hmac)) {
                return null;
            }
        }
        return ivOut.toArray(ValueLayout.JAVA_BYTE);
    }

    /**
     * Sets up libssl to open a client's ticket named {@code name}: {@link #OPEN_OK} under the
     * current key, {@link #OPEN_RENEW} under the previous one (libssl then issues a new ticket),
     * {@link #OPEN_UNKNOWN} otherwise (a full handshake). libssl checks the HMAC afterwards: only a
     * handshake that ends resumed proves the ticket was ours.
     */
    int open(MemorySegment name, MemorySegment iv, MemorySegment cipherCtx, MemorySegment hmacCtx) {
        MemorySegment n = name.reinterpret(NAME_LENGTH);
        synchronized (ring) {
            Key k = ring.current != null && ring.current.named(n)
                    ? ring.current
                    : ring.previous != null && ring.previous.named(n) ? ring.previous : null;
            if (k == null) {
                return OPEN_UNKNOWN;
            }
            if (!SslCalls.ticketCipherInit(cipherCtx, k.aes, iv.reinterpret(IV_LENGTH), false)
                    || !SslCalls.ticketHmacInit(hmacCtx, k.hmac)) {
                return OPEN_UNKNOWN;
            }
            return k == ring.current ? OPEN_OK : OPEN_RENEW;
        }
    }
}
