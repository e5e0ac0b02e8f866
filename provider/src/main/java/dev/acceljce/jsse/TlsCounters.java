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

    /** Counts a finished handshake and returns the tally its records count on. */
    static Counters.Tally handshake(boolean client, boolean resumed, String protocol, String group, String suite) {
        String what = protocol + " " + group + " " + suite;
        tally("TLS", resumed ? "resumed " + what : "handshake " + what).countShared(0);
        Trace.decision(
                "SSLContext",
                "TLS",
                (client ? "client " : "server ") + (resumed ? "resumed " : "full ") + what + " on AWS-LC's libssl");
        return tally("TLS", "data " + suite);
    }
}
