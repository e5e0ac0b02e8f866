package dev.acceljce.fuzz;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Writes the kept inputs of {@link TlsHandshakeStatesFuzzTest} from recorded handshakes: for every
 * scenario (x25519, X25519MLKEM768, P-256; ECDSA, RSA and Ed25519 certificates; TLS 1.3 and 1.2),
 * side and peer, and every flight of the peer, one input that stops there with the genuine flight
 * (mode 3, nothing appended: the fuzzer's mutations then start from a real handshake) and, for the
 * first two flights, one that carries the flight as recorded (mode 0). Run it only when the format or the scenarios change:
 * {@code ./scripts/mvn.sh verify -pl openssl-bundle,provider,fuzz -Dtest=TlsSeedWriter
 * -Dacceljce.fuzz.writeSeeds=true -Dacceljce.fuzz=}
 */
class TlsSeedWriter {
    @Test
    void writeSeeds() throws Exception {
        Assumptions.assumeTrue(Boolean.getBoolean("acceljce.fuzz.writeSeeds"), "writes only when asked");
        Path dir = Path.of("src/test/resources/dev/acceljce/fuzz/TlsHandshakeStatesFuzzTestInputs/unwrapInEachState");
        Files.createDirectories(dir);
        for (int si = 0; si < TlsStates.SCENARIOS.size(); si++) {
            TlsStates.Scenario s = TlsStates.SCENARIOS.get(si);
            for (boolean oursIsClient : new boolean[] {false, true}) {
                for (boolean jdkPeer : new boolean[] {true, false}) {
                    String peer = TlsStates.peerStack(s, jdkPeer);
                    if (!jdkPeer && peer.equals(TlsStates.peerStack(s, true))) {
                        continue; // the hybrid scenario has one peer only
                    }
                    List<byte[]> flights = TlsStates.run(s, oursIsClient, peer, 5, f -> f);
                    for (int step = 0; step < Math.min(flights.size(), 6); step++) {
                        byte config = (byte) (si | (oursIsClient ? 0x08 : 0) | (jdkPeer ? 0x10 : 0));
                        String name = (oursIsClient ? "client" : "server") + "-" + s + "-" + peer + "-flight" + step;
                        Files.write(dir.resolve(name + "-genuine"), new byte[] {config, (byte) step, 3});
                        if (step >= 2) {
                            continue; // later flights are encrypted under keys of their own handshake
                        }
                        byte[] recorded = new byte[3 + flights.get(step).length];
                        recorded[0] = config;
                        recorded[1] = (byte) step;
                        recorded[2] = 0;
                        System.arraycopy(flights.get(step), 0, recorded, 3, flights.get(step).length);
                        Files.write(dir.resolve(name + "-recorded"), recorded);
                    }
                }
            }
        }
        System.out.println("seeds: " + Arrays.toString(dir.toFile().list()));
    }
}
