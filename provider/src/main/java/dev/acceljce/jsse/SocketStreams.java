package dev.acceljce.jsse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The application's streams of an {@link AccelSslSocket}: each call goes to the socket's own
 * read, write or close, where the handshake, the locks and the records are.
 */
final class SocketStreams {
    private SocketStreams() {}

    /** The socket's input: plaintext from the peer's records. */
    static final class Input extends InputStream {
        private final AccelSslSocket socket;

        Input(AccelSslSocket socket) {
            this.socket = socket;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = socket.read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return socket.read(b, off, len);
        }

        @Override
        public int available() {
            return socket.available();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** The socket's output: plaintext into records for the peer. */
    static final class Output extends OutputStream {
        private final AccelSslSocket socket;

        Output(AccelSslSocket socket) {
            this.socket = socket;
        }

        @Override
        public void write(int b) throws IOException {
            socket.write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            socket.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
