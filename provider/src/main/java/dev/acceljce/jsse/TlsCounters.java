package dev.acceljce.jsse;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Path;
import dev.acceljce.control.Trace;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What AccelJCE's TLS stack did, in the provider's counters ({@code acceljce stats}, the MBean):
 * rows {@code TLS.handshake} and {@code TLS.resumed} per protocol, group and suite (one operation
 * per handshake), and {@code TLS.data} per suite (one operation per record, with its plaintext
 * bytes), all on AWS-LC's lane; and one call-trace line per finished handshake.
 */
final class TlsCounters {
    private static final ConcurrentHashMap<String, Counters.Tally> TALLIES = new ConcurrentHashMap<>();

    private TlsCounters() {}

    private static Counters.Tally tally(String type, String algorithm) {
        return TALLIES.computeIfAbsent(
                type + "." + algorithm,
                k -> Counters.register(TlsCounters.class, type, algorithm, Path.NATIVE)
                        .on(Engine.AWSLC));
    }

    /** One kind of finished handshake and the two tallies it counts on (found once per kind). */
    private record Kind(boolean resumed, String protocol, String group, String suite) {}

    private record Tallies(Counters.Tally handshake, Counters.Tally data, String what) {}

    private static final ConcurrentHashMap<Kind, Tallies> KINDS = new ConcurrentHashMap<>();

    /**
     * Counts a server's handshake resumed with a ticket under the key labelled {@code keyLabel}
     * (an installed key's label, or {@code per-context} for the context's own random keys): row
     * {@code TLS.ticket resumed <label>}.
     */
    static void ticketResumed(String keyLabel) {
        TICKET_RESUMED
                .computeIfAbsent(keyLabel, l -> tally("TLS", "ticket resumed " + l))
                .countShared(0);
    }

    /** Key label -> its "ticket resumed" tally, so a resumption builds no row name. */
    private static final ConcurrentHashMap<String, Counters.Tally> TICKET_RESUMED = new ConcurrentHashMap<>();

    /** Counts a finished handshake and returns the tally its records count on. */
    static Counters.Tally handshake(boolean client, boolean resumed, String protocol, String group, String suite) {
        Tallies t = KINDS.computeIfAbsent(new Kind(resumed, protocol, group, suite), k -> {
            String what = protocol + " " + group + " " + suite;
            return new Tallies(
                    tally("TLS", (resumed ? "resumed " : "handshake ") + what), tally("TLS", "data " + suite), what);
        });
        t.handshake().countShared(0);
        if (Trace.calls()) {
            Trace.decision(
                    "SSLContext",
                    "TLS",
                    (client ? "client " : "server ") + (resumed ? "resumed " : "full ") + t.what()
                            + " on AWS-LC's libssl");
        }
        return t.data();
    }
}
