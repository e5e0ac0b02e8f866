package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.net.ssl.SSLException;

/**
 * Fuzzed bytes reaching AccelJCE-TLS's {@code unwrap} in each handshake state, as client and as
 * server: a real handshake with a SunJSSE or AccelJCE-TLS peer ({@link TlsStates}) runs up to a
 * chosen flight of the peer, which is then replaced, bit-flipped, truncated or extended by the
 * input before the engine reads it; a step past the handshake fuzzes an established connection.
 *
 * <p>Input: byte 0 chooses the scenario (bits 0-2: group, protocol and certificate kind of {@link
 * TlsStates#SCENARIOS}), the side (bit 3: AccelJCE-TLS as client) and the peer (bit 4: SunJSSE);
 * byte 1 the step; byte 2 the mutation (0 replace, 1 xor at positions, 2 truncate then append, 3
 * append); the rest is the mutation's data. The kept inputs in {@code
 * TlsHandshakeStatesFuzzTestInputs/} are recorded flights of every scenario ({@link
 * TlsSeedWriter}). Encrypted flights only decrypt in the handshake that made them: a mutation of
 * an encrypted record tests the record layer and the refusal, not the parser behind the AEAD.
 */
class TlsHandshakeStatesFuzzTest {
    @FuzzTest
    void unwrapInEachState(byte[] input) throws Exception {
        if (input.length < 3) {
            return;
        }
        TlsStates.Scenario s = TlsStates.SCENARIOS.get((input[0] & 0x07) % TlsStates.SCENARIOS.size());
        boolean oursIsClient = (input[0] & 0x08) != 0;
        String peer = TlsStates.peerStack(s, (input[0] & 0x10) != 0);
        int step = (input[1] & 0xff) % 6;
        int mode = (input[2] & 0xff) % 4;
        byte[] data = Arrays.copyOfRange(input, 3, input.length);
        TlsStates.run(s, oursIsClient, peer, step, genuine -> mutate(genuine, mode, data));
    }

    static byte[] mutate(byte[] genuine, int mode, byte[] data) {
        switch (mode) {
            case 0 -> {
                return data;
            }
            case 1 -> {
                byte[] out = genuine.clone();
                ByteBuffer b = ByteBuffer.wrap(data);
                while (b.remaining() >= 3 && out.length > 0) {
                    int at = (b.getShort() & 0xffff) % out.length;
                    out[at] ^= b.get();
                }
                return out;
            }
            case 2 -> {
                int keep = data.length < 2 || genuine.length == 0
                        ? 0
                        : (((data[0] & 0xff) << 8) | (data[1] & 0xff)) % genuine.length;
                byte[] out = Arrays.copyOf(genuine, keep + Math.max(0, data.length - 2));
                if (data.length > 2) {
                    System.arraycopy(data, 2, out, keep, data.length - 2);
                }
                return out;
            }
            default -> {
                byte[] out = Arrays.copyOf(genuine, genuine.length + data.length);
                System.arraycopy(data, 0, out, genuine.length, data.length);
                return out;
            }
        }
    }

    /** Ends the exceptions {@link TlsStates#run} accepts: an SSLException from the peer's side is no finding. */
    static boolean expected(Throwable t) {
        return t instanceof SSLException;
    }
}
