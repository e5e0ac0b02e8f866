package dev.acceljce.libssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The upcalls libssl makes during a handshake, and the table that finds the Java connection an
 * {@code SSL*} belongs to (keyed by its address: registered when the connection is made, removed
 * before it is freed).
 *
 * <p>No upcall does Java work that can take long or throw: each asks its {@link Handler}, which
 * either has the answer ready (applies it and says "done") or records what is needed and says
 * "retry". libssl then returns from {@code SSL_do_handshake} with a "wants" error, the engine
 * hands the work out as a delegated task, and the next {@code SSL_do_handshake} calls the upcall
 * again (certificate and verification) or {@code complete} (private-key operation). So key
 * managers, trust managers and JCA signatures run outside any native frame.
 *
 * <p>An exception escaping an upcall ends the JVM: every entry point here catches
 * {@link Throwable} and answers libssl with a failure, which fails the handshake with an alert.
 */
public final class SslCallbacks {
    /** What a connection answers to libssl's callbacks; implementations must not throw. */
    public interface Handler {
        /** The certificate callback: 1 done (a chain was set, or none for a client), 0 fail, -1 retry. */
        int selectCertificate();

        /**
         * Custom verification of the peer's chain: {@link #VERIFY_OK}, {@link #VERIFY_LATER} (the
         * answer is not ready: libssl returns "wants certificate verify" and asks again), or the
         * alert (1 to 255) to refuse the chain with.
         */
        int verifyPeer();

        /**
         * Private-key signing of {@code input} with the scheme {@code sigalg}: the signature, or
         * {@link KeyResult#later()} (it comes through {@link #complete}), or a failure.
         */
        KeyResult sign(int sigalg, byte[] input);

        /**
         * The private-key method's raw RSA decryption of {@code input} (TLS 1.2's RSA key
         * exchange), answered as {@link #sign} answers.
         */
        KeyResult decrypt(byte[] input);

        /**
         * The result of the private-key operation {@link #sign} or {@link #decrypt} left for
         * later: {@link KeyResult#later()} while it runs. The output is copied to libssl, then wiped.
         */
        KeyResult complete();

        /**
         * The server's ALPN choice among the client's {@code offered} protocols: the chosen one (one
         * of {@code offered}), "" to proceed without ALPN, or null to refuse the handshake
         * (no_application_protocol).
         */
        String selectApplicationProtocol(java.util.List<String> offered);

        /** Whether new sessions are handed to {@link #newSession} (a client keeps them to resume). */
        boolean keepsSessions();

        /** A new session for later resumption, now owned by {@code session}. */
        void newSession(SslSession session);

        /** The server context's ticket keys (the ticket key callback runs on servers only). */
        TicketKeys ticketKeys();

        /** A ticket for this connection's session was sealed; {@code iv} tells it apart from every other. */
        void ticketSealed(byte[] iv);

        /**
         * The client's ticket {@code iv} opens (not yet authenticated: only a handshake that ends
         * resumed proves it ours); false refuses it, for a full handshake (its session was invalidated).
         */
        boolean ticketOpening(byte[] iv);

        /**
         * The ticket opened under the key labelled {@code keyLabel} (not yet authenticated, as in
         * {@link #ticketOpening}): for counting resumptions per key.
         */
        default void ticketOpened(String keyLabel) {}
    }

    /** What {@link Handler#verifyPeer} answers besides an alert. */
    public static final int VERIFY_OK = 0, VERIFY_LATER = -1;
    /** libssl's {@code ssl_verify_result_t}. */
    private static final int SSL_VERIFY_OK = 0, SSL_VERIFY_INVALID = 1, SSL_VERIFY_RETRY = 2;
    /** What {@link Handler#sign} and {@link Handler#decrypt} answer ({@code ssl_private_key_result_t}). */
    public static final int KEY_SUCCESS = 0, KEY_RETRY = 1, KEY_FAILURE = 2;
    /** The largest input libssl hands to be signed (a TLS 1.3 CertificateVerify's is under 200 bytes). */
    private static final long MAX_SIGN_INPUT = 1 << 20;
    /** The largest RSA ciphertext taken for decryption: 16384-bit moduli, more than any key in use. */
    private static final long MAX_DECRYPT_INPUT = 2048;

    /** What {@link Handler#complete} answers: a status ({@code KEY_*}) and, on success, the output. */
    public record KeyResult(int status, byte[] output) {
        private static final KeyResult LATER = new KeyResult(KEY_RETRY, null);
        private static final KeyResult FAILED = new KeyResult(KEY_FAILURE, null);

        /** The operation is still running (a delegated task not run yet). */
        public static KeyResult later() {
            return LATER;
        }

        public static KeyResult failed() {
            return FAILED;
        }

        public static KeyResult of(byte[] output) {
            return output == null ? FAILED : new KeyResult(KEY_SUCCESS, output);
        }
    }

    /**
     * {@code SSL*} address -> its handler. Weak: the map must not keep an engine alive that its
     * application dropped without closing; the connection's release (close or Cleaner) removes the
     * entry before the {@code SSL} is freed, so an address is never found after reuse.
     */
    private static final ConcurrentHashMap<Long, WeakReference<Handler>> HANDLERS = new ConcurrentHashMap<>();

    static final MemorySegment CERT_CB;
    static final MemorySegment VERIFY_CB;
    static final MemorySegment ALPN_CB;
    static final MemorySegment NEW_SESSION_CB;
    static final MemorySegment TICKET_KEY_CB;
    /** An {@code SSL_PRIVATE_KEY_METHOD}: sign, decrypt (TLS 1.2's RSA key exchange), complete. */
    static final MemorySegment PRIVATE_KEY_METHOD;

    static {
        CERT_CB = stub("certCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        VERIFY_CB = stub("verifyCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        ALPN_CB =
                stub("alpnCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
        NEW_SESSION_CB = stub("newSessionCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        TICKET_KEY_CB = stub(
                "ticketKeyCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        PRIVATE_KEY_METHOD = Arena.global().allocate(ADDRESS, 3);
        PRIVATE_KEY_METHOD.setAtIndex(
                ADDRESS,
                0,
                stub(
                        "signCb",
                        FunctionDescriptor.of(
                                JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_SHORT, ADDRESS, JAVA_LONG)));
        PRIVATE_KEY_METHOD.setAtIndex(
                ADDRESS,
                1,
                stub(
                        "decryptCb",
                        FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG)));
        PRIVATE_KEY_METHOD.setAtIndex(
                ADDRESS, 2, stub("completeCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG)));
    }

    /** A C function pointer, for the life of the process, that calls this class's static method {@code name}. */
    private static MemorySegment stub(String name, FunctionDescriptor fd) {
        try {
            return Linker.nativeLinker()
                    .upcallStub(
                            MethodHandles.lookup().findStatic(SslCallbacks.class, name, fd.toMethodType()),
                            fd,
                            Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private SslCallbacks() {}

    static void register(MemorySegment ssl, Handler handler) {
        HANDLERS.put(ssl.address(), new WeakReference<>(handler));
    }

    static void unregister(MemorySegment ssl) {
        HANDLERS.remove(ssl.address());
    }

    private static Handler handler(MemorySegment ssl) {
        WeakReference<Handler> r = HANDLERS.get(ssl.address());
        return r == null ? null : r.get();
    }

    /** How many connections are registered (for leak tests). */
    public static int registered() {
        return HANDLERS.size();
    }

    private static int certCb(MemorySegment ssl, MemorySegment arg) {
        try {
            Handler h = handler(ssl);
            return h == null ? 0 : h.selectCertificate();
        } catch (Throwable t) {
            return 0;
        }
    }

    private static int verifyCb(MemorySegment ssl, MemorySegment alert) {
        try {
            Handler h = handler(ssl);
            if (h == null) {
                return SSL_VERIFY_INVALID;
            }
            int answer = h.verifyPeer();
            if (answer == VERIFY_OK) {
                return SSL_VERIFY_OK;
            }
            if (answer == VERIFY_LATER) {
                return SSL_VERIFY_RETRY;
            }
            if (answer > 0 && answer <= 255) {
                alert.reinterpret(1).set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) answer);
            }
            return SSL_VERIFY_INVALID; // libssl's own alert (certificate_unknown) when none was given
        } catch (Throwable t) {
            return SSL_VERIFY_INVALID;
        }
    }

    private static int signCb(
            MemorySegment ssl,
            MemorySegment out,
            MemorySegment outLen,
            long maxOut,
            short sigalg,
            MemorySegment in,
            long inLen) {
        try {
            Handler h = handler(ssl);
            if (h == null || inLen < 0 || inLen > MAX_SIGN_INPUT) {
                return KEY_FAILURE;
            }
            byte[] input = in.reinterpret(inLen).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            return hand(h.sign(Short.toUnsignedInt(sigalg), input), out, outLen, maxOut);
        } catch (Throwable t) {
            return KEY_FAILURE;
        }
    }

    /** SSL_TLSEXT_ERR_OK, _ALERT_FATAL, _NOACK. */
    private static final int ALPN_OK = 0, ALPN_FATAL = 2, ALPN_NOACK = 3;

    /**
     * The server's ALPN choice: {@code *out} points into the client's list {@code in} (libssl's
     * own memory, alive through the callback), so nothing of Java's is left behind.
     */
    private static int alpnCb(
            MemorySegment ssl,
            MemorySegment out,
            MemorySegment outLen,
            MemorySegment in,
            int inLen,
            MemorySegment arg) {
        try {
            Handler h = handler(ssl);
            if (h == null || inLen <= 0 || inLen > 65535) {
                return ALPN_NOACK;
            }
            MemorySegment list = in.reinterpret(inLen);
            java.util.List<String> offered = new java.util.ArrayList<>();
            java.util.List<Integer> offsets = new java.util.ArrayList<>();
            for (int i = 0; i < inLen; ) {
                int n = Byte.toUnsignedInt(list.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i));
                if (n == 0 || i + 1 + n > inLen) {
                    return ALPN_FATAL; // libssl checked the list already: defensive
                }
                offered.add(new String(
                        list.asSlice(i + 1, n).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                        java.nio.charset.StandardCharsets.ISO_8859_1));
                offsets.add(i);
                i += 1 + n;
            }
            String chosen = h.selectApplicationProtocol(offered);
            if (chosen == null) {
                return ALPN_FATAL;
            }
            int k = offered.indexOf(chosen);
            if (chosen.isEmpty() || k < 0) {
                return ALPN_NOACK;
            }
            int at = offsets.get(k);
            out.reinterpret(ADDRESS.byteSize()).set(ADDRESS, 0, list.asSlice(at + 1));
            outLen.reinterpret(1)
                    .set(
                            java.lang.foreign.ValueLayout.JAVA_BYTE,
                            0,
                            list.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at));
            return ALPN_OK;
        } catch (Throwable t) {
            return ALPN_FATAL;
        }
    }

    /**
     * A new session. A client handler keeps it: then it is ours (return 1), owned by an
     * {@link SslSession} from here on, whatever the handler does with it. Otherwise libssl keeps
     * its own reference (return 0).
     */
    private static int newSessionCb(MemorySegment ssl, MemorySegment session) {
        Handler h;
        try {
            h = handler(ssl);
            if (h == null || !h.keepsSessions()) {
                return 0;
            }
        } catch (Throwable t) {
            return 0;
        }
        SslSession s;
        try {
            s = new SslSession(session);
        } catch (Throwable t) {
            return 0; // not adopted: libssl still frees it
        }
        try {
            h.newSession(s);
        } catch (Throwable t) {
            // adopted all the same: its Cleaner frees it
        }
        return 1;
    }

    /**
     * libssl's ticket key callback (servers): sealing a new ticket (1 done, -1 error, which fails
     * the handshake) or opening a client's (0 not ours: a full handshake; 1 opened; 2 opened under
     * the previous key, renew it; -1 abort).
     */
    private static int ticketKeyCb(
            MemorySegment ssl,
            MemorySegment name,
            MemorySegment iv,
            MemorySegment cipherCtx,
            MemorySegment hmacCtx,
            int encrypt) {
        boolean seal = encrypt != 0;
        try {
            Handler h = handler(ssl);
            if (h == null) {
                return seal ? -1 : TicketKeys.OPEN_UNKNOWN;
            }
            if (seal) {
                byte[] id = h.ticketKeys().seal(name, iv, cipherCtx, hmacCtx);
                if (id == null) {
                    return -1;
                }
                h.ticketSealed(id);
                return 1;
            }
            byte[] id = iv.reinterpret(TicketKeys.IV_LENGTH).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            if (!h.ticketOpening(id)) {
                return TicketKeys.OPEN_UNKNOWN;
            }
            TicketKeys keys = h.ticketKeys();
            int opened = keys.open(name, iv, cipherCtx, hmacCtx);
            if (opened != TicketKeys.OPEN_UNKNOWN) {
                h.ticketOpened(keys.labelOf(name));
            }
            return opened;
        } catch (Throwable t) {
            return -1;
        }
    }

    private static int decryptCb(
            MemorySegment ssl, MemorySegment out, MemorySegment outLen, long maxOut, MemorySegment in, long inLen) {
        try {
            Handler h = handler(ssl);
            if (h == null || inLen <= 0 || inLen > MAX_DECRYPT_INPUT) {
                return KEY_FAILURE;
            }
            return hand(
                    h.decrypt(in.reinterpret(inLen).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)),
                    out,
                    outLen,
                    maxOut);
        } catch (Throwable t) {
            return KEY_FAILURE;
        }
    }

    private static int completeCb(MemorySegment ssl, MemorySegment out, MemorySegment outLen, long maxOut) {
        try {
            Handler h = handler(ssl);
            return h == null ? KEY_FAILURE : hand(h.complete(), out, outLen, maxOut);
        } catch (Throwable t) {
            return KEY_FAILURE;
        }
    }

    /**
     * Hands libssl a private-key operation's answer: on success the output is copied to
     * {@code out} (at most {@code maxOut} bytes), then wiped here (a decryption's result is the
     * premaster secret).
     */
    private static int hand(KeyResult r, MemorySegment out, MemorySegment outLen, long maxOut) {
        byte[] output = r.output();
        try {
            if (r.status() != KEY_SUCCESS) {
                return r.status() == KEY_RETRY ? KEY_RETRY : KEY_FAILURE;
            }
            if (output == null || output.length > maxOut) {
                return KEY_FAILURE;
            }
            MemorySegment.copy(MemorySegment.ofArray(output), 0, out.reinterpret(maxOut), 0, output.length);
            outLen.reinterpret(JAVA_LONG.byteSize()).set(JAVA_LONG, 0, output.length);
            return KEY_SUCCESS;
        } finally {
            if (output != null) {
                java.util.Arrays.fill(output, (byte) 0);
            }
        }
    }
}
