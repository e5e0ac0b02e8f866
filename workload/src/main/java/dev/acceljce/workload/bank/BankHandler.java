package dev.acceljce.workload.bank;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.site.Page;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The bank's pages. {@code /bank/<page>} is a dynamic page: it calls BeSim once, then answers
 * HTML padded to the page's size. {@code /bank/img/front/<n>} and {@code /bank/img/back/<n>} are
 * the check images (static, made at start). {@code /admin/*} is the run controller's: statistics,
 * reset, lock recording.
 */
final class BankHandler extends Handler.Abstract {
    private static final byte[] PADDING = padding(64 * 1024);

    private final BeSimClient besim;
    private final Supplier<Map<String, Object>> stats;
    private final Runnable reset;
    private final LockRecorder locks;
    private final byte[][] fronts = new byte[Page.CHECK_IMAGE_STEPS][];
    private final byte[][] backs = new byte[Page.CHECK_IMAGE_STEPS][];
    private final Map<String, Long> sessions = new ConcurrentHashMap<>();
    private final AtomicLong nextSession = new AtomicLong();
    private final ObjectMapper json = new ObjectMapper();

    BankHandler(BeSimClient besim, Supplier<Map<String, Object>> stats, Runnable reset, LockRecorder locks) {
        this.besim = besim;
        this.stats = stats;
        this.reset = reset;
        this.locks = locks;
        for (int i = 0; i < Page.CHECK_IMAGE_STEPS; i++) {
            fronts[i] = image(Page.checkFrontSize(i));
            backs[i] = image(Page.checkBackSize(i));
        }
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = request.getHttpURI().getPath();
        if (path.startsWith("/bank/img/")) {
            String[] parts = path.split("/"); // "", bank, img, front|back, n
            int n = Integer.parseInt(parts[4]) % Page.CHECK_IMAGE_STEPS;
            send(response, callback, "image/png", parts[3].equals("front") ? fronts[n] : backs[n], null);
            return true;
        }
        if (path.startsWith("/bank/")) {
            Page page = Page.byPath(path.substring(6));
            if (page == null) {
                return false;
            }
            String cookie = request.getHeaders().get(HttpHeader.COOKIE);
            String setCookie = null;
            if (page == Page.LOGIN) {
                String id = Long.toString(nextSession.incrementAndGet());
                sessions.put(id, System.nanoTime());
                setCookie = "bank=" + id + "; Secure; HttpOnly";
            } else if (page == Page.LOGOUT && cookie != null) {
                sessions.remove(cookie.replace("bank=", ""));
            }
            int besimBytes = besim.call(page.path);
            send(response, callback, "text/html", render(page, besimBytes), setCookie);
            return true;
        }
        return switch (path) {
            case "/admin/stats" -> sendJson(response, callback, stats.get());
            case "/admin/reset" -> {
                reset.run();
                yield sendJson(response, callback, Map.of("reset", true));
            }
            case "/admin/locks/start" -> {
                locks.start();
                yield sendJson(response, callback, Map.of("recording", true));
            }
            case "/admin/locks/stop" -> sendJson(response, callback, locks.stop());
            default -> false;
        };
    }

    /** The page's HTML: a short dynamic head (what BeSim said) padded to the page's size. */
    private static byte[] render(Page page, int besimBytes) {
        byte[] head = ("<html><head><title>" + page.path + "</title></head><body><h1>" + page.path
                        + "</h1><p>back end: " + besimBytes + " bytes at " + System.nanoTime() + "</p><!-- ")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] tail = " --></body></html>".getBytes(StandardCharsets.US_ASCII);
        byte[] out = Arrays.copyOf(head, page.size);
        System.arraycopy(PADDING, 0, out, head.length, page.size - head.length - tail.length);
        System.arraycopy(tail, 0, out, page.size - tail.length, tail.length);
        return out;
    }

    private boolean sendJson(Response response, Callback callback, Object value) throws Exception {
        send(response, callback, "application/json", json.writeValueAsBytes(value), null);
        return true;
    }

    private static void send(Response response, Callback callback, String type, byte[] body, String setCookie) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, Integer.toString(body.length));
        if (setCookie != null) {
            response.getHeaders().put(HttpHeader.SET_COOKIE, setCookie);
        }
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    private static byte[] padding(int n) {
        byte[] b = new byte[n];
        String words = "account balance payee transfer check statement ";
        for (int i = 0; i < n; i++) {
            b[i] = (byte) words.charAt(i % words.length());
        }
        return b;
    }

    /** Image bytes: random, so the record layer cannot compress or shortcut them. */
    private static byte[] image(int size) {
        byte[] b = new byte[size];
        ThreadLocalRandom.current().nextBytes(b);
        return b;
    }

    Map<String, Object> sessionStats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("open", sessions.size());
        m.put("created", nextSession.get());
        return m;
    }
}
