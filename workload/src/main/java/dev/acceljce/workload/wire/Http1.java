package dev.acceljce.workload.wire;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The little HTTP/1.1 the driver and BeSim speak over their TLS sockets: GET requests, replies
 * with Content-Length. Small on purpose: the driver's core must not become the bottleneck, and
 * nothing here is what the workload measures (the bank itself is Jetty).
 */
public final class Http1 {
    private Http1() {}

    /** A parsed request head: the path and whether the client asked to close. */
    public record Request(String path, boolean close) {}

    /** A reply: status and body length (the body is read and dropped). */
    public record Reply(int status, int length, String setCookie, boolean close) {}

    public static void writeGet(OutputStream out, String path, String cookie, boolean close) throws IOException {
        StringBuilder b = new StringBuilder(128).append("GET ").append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        if (cookie != null) {
            b.append("Cookie: ").append(cookie).append("\r\n");
        }
        if (close) {
            b.append("Connection: close\r\n");
        }
        out.write(b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Reads a reply head and its body; the body's bytes are counted, not kept. */
    public static Reply readReply(InputStream in) throws IOException {
        String status = readLine(in);
        if (status == null) {
            throw new EOFException("connection closed before a reply");
        }
        int code = Integer.parseInt(status.split(" ", 3)[1]);
        int length = -1;
        String cookie = null;
        boolean close = false;
        for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
            int colon = line.indexOf(':');
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Integer.parseInt(value);
                case "set-cookie" -> cookie = value.split(";", 2)[0];
                case "connection" -> close = value.equalsIgnoreCase("close");
                default -> {}
            }
        }
        if (length < 0) {
            throw new IOException("reply without Content-Length: " + status);
        }
        in.skipNBytes(length);
        return new Reply(code, length, cookie, close);
    }

    /** Reads a request head, or returns null when the client closed the connection first. */
    public static Request readRequest(InputStream in) throws IOException {
        String first = readLine(in);
        if (first == null) {
            return null;
        }
        boolean close = false;
        for (String line = readLine(in); line != null && !line.isEmpty(); line = readLine(in)) {
            if (line.regionMatches(true, 0, "connection:", 0, 11)) {
                close = line.substring(11).trim().equalsIgnoreCase("close");
            }
        }
        String[] parts = first.split(" ");
        return new Request(parts.length > 1 ? parts[1] : "/", close);
    }

    public static void writeReply(OutputStream out, byte[] body, boolean close) throws IOException {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + body.length
                + (close ? "\r\nConnection: close" : "") + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                int n = line.size();
                byte[] bytes = line.toByteArray();
                return new String(bytes, 0, n > 0 && bytes[n - 1] == '\r' ? n - 1 : n, StandardCharsets.ISO_8859_1);
            }
            line.write(c);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }
}
