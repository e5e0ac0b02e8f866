package dev.acceljce.jsse;

import java.security.Security;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The JDK's deployment settings for TLS, read as SunJSSE reads them: the {@code jdk.tls.client/
 * server.protocols} and {@code jdk.tls.client/server.cipherSuites} system properties, and the
 * {@code jdk.tls.disabledAlgorithms} security property.
 */
final class TlsPolicy {
    /** Every protocol name SunJSSE knows: a name outside these in the protocols properties is an error. */
    private static final Set<String> KNOWN_PROTOCOLS =
            Set.of("SSLv2Hello", "SSLv3", "TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3", "DTLSv1.0", "DTLSv1.2");

    /**
     * The four system properties, read once per JVM: when this class initialises, that is when the
     * first AccelJCE-TLS context computes its defaults. SunJSSE reads them once too, when its
     * context classes initialise; a property set later is not seen by either stack.
     */
    private static final class Customized {
        static final List<String> CLIENT_PROTOCOLS = protocols("jdk.tls.client.protocols");
        static final List<String> SERVER_PROTOCOLS = protocols("jdk.tls.server.protocols");
        static final List<String> CLIENT_SUITES = suites("jdk.tls.client.cipherSuites");
        static final List<String> SERVER_SUITES = suites("jdk.tls.server.cipherSuites");
        /** An unknown protocol name in either protocols property: SunJSSE's TLS and Default contexts then fail to construct. */
        static final String PROTOCOL_ERROR = protocolError();
    }

    private TlsPolicy() {}

    /**
     * Whether a client asks for a stapled OCSP response: {@code jdk.tls.client.enableStatusRequestExtension},
     * on unless "false", read when a context is made (as SunJSSE does).
     */
    static boolean clientStapling() {
        String v = System.getProperty("jdk.tls.client.enableStatusRequestExtension");
        return v == null || !v.trim().equalsIgnoreCase("false");
    }

    /**
     * Whether engines run their key manager, trust manager and JCA key work inside libssl's
     * callbacks rather than as delegated tasks: {@code acceljce.tls.inlineTasks}, off unless
     * "true". For callers that would run every {@code NEED_TASK} at once on the same thread
     * anyway (sockets always do): fewer descents into libssl per handshake, but the managers then
     * run on the thread that called wrap or unwrap, inside a native frame. Read when a context is
     * made and when it is initialised.
     */
    static boolean inlineEngineTasks() {
        return Boolean.parseBoolean(
                System.getProperty("acceljce.tls.inlineTasks", "false").trim());
    }

    /** SunJSSE's default number of TLS 1.3 NewSessionTickets a server sends after a handshake. */
    static final int SERVER_TICKETS_DEFAULT = 1;

    /**
     * How many TLS 1.3 NewSessionTickets a server sends after each handshake:
     * {@code jdk.tls.server.newSessionTicketCount}, 0 to 10, SunJSSE's property and default (1),
     * read when a context is initialised; a value outside 0-10 or not a number gives the default,
     * as in SunJSSE. (libssl's own default is two: each costs the server a ticket encryption and
     * the client a session to parse and keep.) 0 sends none: clients cannot resume.
     */
    static int serverTicketCount() {
        String v = System.getProperty("jdk.tls.server.newSessionTicketCount");
        if (v == null) {
            return SERVER_TICKETS_DEFAULT;
        }
        try {
            int n = Integer.parseInt(v.trim());
            return n < 0 || n > 10 ? SERVER_TICKETS_DEFAULT : n;
        } catch (NumberFormatException e) {
            return SERVER_TICKETS_DEFAULT;
        }
    }

    /**
     * Whether a context offers and accepts TLS 1.3 certificate compression (RFC 8879, zlib):
     * {@code acceljce.tls.certCompression}, on unless "false", read when a context is initialised.
     * SunJSSE has no such feature (and so no JDK property to follow).
     */
    static boolean certificateCompression() {
        String v = System.getProperty("acceljce.tls.certCompression");
        return v == null || !v.trim().equalsIgnoreCase("false");
    }

    private static List<String> names(String property) {
        String v = System.getProperty(property);
        if (v == null) {
            return null;
        }
        v = v.replace("\"", "").trim();
        if (v.isEmpty()) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String s : v.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim());
            }
        }
        return out;
    }

    private static List<String> protocols(String property) {
        List<String> names = names(property);
        if (names == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        // the order is ours (newest first), as SunJSSE lists enabled protocols in its own order
        for (String p : TlsNames.PROTOCOLS) {
            if (names.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private static String protocolError() {
        for (String property : List.of("jdk.tls.client.protocols", "jdk.tls.server.protocols")) {
            List<String> names = names(property);
            if (names != null) {
                for (String p : names) {
                    if (!KNOWN_PROTOCOLS.contains(p)) {
                        return property + ": " + p + " is not a standard SSL/TLS protocol name";
                    }
                }
            }
        }
        return null;
    }

    /** The suites a property names, in its order; names we do not know are skipped (as SunJSSE skips unknown ones). */
    private static List<String> suites(String property) {
        List<String> names = names(property);
        if (names == null) {
            return null;
        }
        List<String> supported = TlsNames.supportedSuites();
        List<String> out = new ArrayList<>();
        for (String s : names) {
            if (supported.contains(s) && !out.contains(s)) {
                out.add(s);
            }
        }
        // every name unknown: the defaults stay (SunJSSE likewise)
        return out.isEmpty() ? null : out;
    }

    /** The side's protocols from its system property, or null when the property is not set. */
    static List<String> customizedProtocols(boolean client) {
        return client ? Customized.CLIENT_PROTOCOLS : Customized.SERVER_PROTOCOLS;
    }

    /** The side's cipher suites from its system property, or null when it is not set or names none we know. */
    static List<String> customizedSuites(boolean client) {
        return client ? Customized.CLIENT_SUITES : Customized.SERVER_SUITES;
    }

    /** Why a context honouring the protocols properties cannot be made, or null. */
    static String protocolPropertyError() {
        return Customized.PROTOCOL_ERROR;
    }

    // ------------------------------------------------------------------ jdk.tls.disabledAlgorithms

    /**
     * {@code jdk.tls.disabledAlgorithms} as it stood when a context was initialised. What can be
     * told from a name is honoured here (protocols, cipher suites and their parts, named groups,
     * signature schemes); key-size constraints on certificates are the trust manager's (the JDK's
     * PKIX trust manager applies them to the peer's chain through the engine's handshake session).
     */
    static final class Disabled {
        private final Set<String> names = new HashSet<>();
        private final List<String> prefixes = new ArrayList<>();

        Disabled(String value) {
            if (value == null) {
                return;
            }
            for (String entry : value.split(",")) {
                String e = entry.trim();
                if (e.isEmpty()) {
                    continue;
                }
                if (e.startsWith("include ")) {
                    String included = Security.getProperty(
                            e.substring("include ".length()).trim());
                    if (included != null) {
                        for (String n : included.split(",")) {
                            if (!n.isBlank()) {
                                names.add(n.trim().toLowerCase(Locale.ROOT));
                            }
                        }
                    }
                    continue;
                }
                String[] words = e.split("\\s+");
                String name = words[0];
                if (words.length > 1) {
                    // "X usage HandshakeSignature" disables scheme X for handshake signatures, the only use
                    // our stack makes of a scheme; every other constraint (keySize, jdkCA, denyAfter,
                    // other usages) is about certificates, the trust manager's part
                    if (!(words.length == 3
                            && words[1].equals("usage")
                            && words[2].equalsIgnoreCase("HandshakeSignature"))) {
                        continue;
                    }
                }
                if (name.endsWith("*")) {
                    prefixes.add(name.substring(0, name.length() - 1).toUpperCase(Locale.ROOT));
                } else {
                    names.add(name.toLowerCase(Locale.ROOT));
                }
            }
        }

        static Disabled current() {
            return new Disabled(Security.getProperty("jdk.tls.disabledAlgorithms"));
        }

        /** What {@link #named} answered, per name (protocols, groups, schemes, suites' parts). */
        private final ConcurrentHashMap<String, Boolean> named = new ConcurrentHashMap<>();

        /**
         * {@code answer}'s verdict on {@code name}, remembered in {@code memo}: every engine asks
         * again for the same few names. A caller's made-up names must not grow it without end.
         */
        private static boolean remembered(
                ConcurrentHashMap<String, Boolean> memo, String name, Predicate<String> answer) {
            Boolean known = memo.get(name);
            if (known != null) {
                return known;
            }
            boolean off = answer.test(name);
            if (memo.size() < 1024) {
                memo.put(name, off);
            }
            return off;
        }

        private boolean named(String n) {
            return remembered(named, n, x -> names.contains(x.toLowerCase(Locale.ROOT)));
        }

        boolean protocol(String p) {
            return named(p);
        }

        boolean group(String jdkName) {
            return named(jdkName);
        }

        boolean scheme(String jdkName) {
            return named(jdkName);
        }

        /** What {@link #suite} answered, per suite name. */
        private final ConcurrentHashMap<String, Boolean> suites = new ConcurrentHashMap<>();

        /** A suite is off when its name, a wildcard, or one of its parts (key exchange, cipher, MAC) is. */
        boolean suite(String suite) {
            return remembered(suites, suite, this::suiteOff);
        }

        private boolean suiteOff(String suite) {
            String upper = suite.toUpperCase(Locale.ROOT);
            for (String p : prefixes) {
                if (upper.startsWith(p)) {
                    return true;
                }
            }
            if (named(suite)) {
                return true;
            }
            for (String part : parts(suite)) {
                if (named(part)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The parts a suite's name is matched by, as SunJSSE matches them (found by comparing the two
         * stacks): a TLS 1.2 suite's key exchange ("ECDHE", "RSA"), its cipher ("AES_128_GCM", but
         * "ChaCha20-Poly1305" for ChaCha) and MAC; a TLS 1.3 suite's cipher only by its JCA
         * transformation and its hash. Each transformation also by its pieces ("AES", "GCM").
         */
        static List<String> parts(String suite) {
            List<String> out = new ArrayList<>();
            boolean tls13 = TlsNames.isTls13Suite(suite);
            String rest;
            if (tls13) {
                rest = suite.substring("TLS_".length());
            } else {
                int with = suite.indexOf("_WITH_");
                String kx = suite.substring("TLS_".length(), with);
                for (String k : kx.split("_")) {
                    out.add(k);
                }
                out.add(kx);
                rest = suite.substring(with + "_WITH_".length());
            }
            int lastUnderscore = rest.lastIndexOf('_');
            String cipher = rest.substring(0, lastUnderscore);
            String mac = rest.substring(lastUnderscore + 1);
            if (!tls13 && !cipher.startsWith("CHACHA20")) {
                out.add(cipher);
            }
            String transformation = switch (cipher) {
                case "AES_128_GCM", "AES_256_GCM" -> "AES/GCM/NoPadding";
                case "AES_128_CBC", "AES_256_CBC" -> "AES/CBC/NoPadding";
                default -> "ChaCha20-Poly1305";
            };
            out.add(transformation);
            out.addAll(List.of(transformation.split("/")));
            if (tls13 || cipher.endsWith("GCM") || cipher.startsWith("CHACHA20")) {
                out.add(mac); // AEAD suites: the hash of the PRF only
            } else {
                out.add(mac.equals("SHA") ? "HmacSHA1" : "Hmac" + mac);
                out.add(mac.equals("SHA") ? "SHA1" : mac);
                out.add(mac);
            }
            return out;
        }
    }
}
