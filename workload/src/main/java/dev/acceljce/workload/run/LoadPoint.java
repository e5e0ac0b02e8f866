package dev.acceljce.workload.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;

/** One load point: N users for the warm-up and the measured window, asked of the driver JVM. */
final class LoadPoint {
    private LoadPoint() {}

    static JsonNode run(Servers servers, int users, double warmupSeconds, double measureSeconds) throws Exception {
        servers.driver().send(String.format(Locale.ROOT, "%d %.1f %.1f", users, warmupSeconds, measureSeconds));
        String line = servers.driver().await((long) (warmupSeconds + measureSeconds) + 120, "RESULT ");
        return new ObjectMapper().readTree(line.substring("RESULT ".length()));
    }

    /** The driver's raw full-handshake rate with c concurrent connections. */
    static JsonNode handshakes(Servers servers, int c, double seconds) throws Exception {
        servers.driver().send(String.format(Locale.ROOT, "HANDSHAKES %d %.1f", c, seconds));
        String line = servers.driver().await((long) seconds + 120, "RESULT ");
        return new ObjectMapper().readTree(line.substring("RESULT ".length()));
    }
}
