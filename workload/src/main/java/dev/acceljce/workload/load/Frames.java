package dev.acceljce.workload.load;

import java.io.DataInputStream;
import java.io.IOException;

/** The sockets server's messages: a 4-byte big-endian length, then that many bytes (at most 64 KiB). */
final class Frames {
    static final int MAX = 64 * 1024;

    private Frames() {}

    static byte[] frame(byte[] payload) {
        byte[] b = new byte[4 + payload.length];
        int n = payload.length;
        b[0] = (byte) (n >>> 24);
        b[1] = (byte) (n >>> 16);
        b[2] = (byte) (n >>> 8);
        b[3] = (byte) n;
        System.arraycopy(payload, 0, b, 4, n);
        return b;
    }

    /** The next message; {@link java.io.EOFException} at a clean end before its length. */
    static byte[] read(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX) {
            throw new IOException("message length " + n + " out of range");
        }
        byte[] b = in.readNBytes(n);
        if (b.length != n) {
            throw new java.io.EOFException("message cut at " + b.length + " of " + n + " bytes");
        }
        return b;
    }
}
