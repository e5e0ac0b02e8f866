package dev.acceljce.jsse;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * A socket's {@link HandshakeCompletedListener}s, told as SunJSSE tells them: on a thread of their
 * own once a handshake completes, so a slow listener holds up no data, and a listener's failure is
 * neither the connection's nor the next listener's.
 */
final class HandshakeListeners {
    private final List<HandshakeCompletedListener> listeners = new CopyOnWriteArrayList<>();

    void add(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        listeners.add(listener);
    }

    void remove(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        if (!listeners.remove(listener)) {
            throw new IllegalArgumentException("listener not registered");
        }
    }

    /** Tells every listener registered now that {@code socket}'s handshake completed with {@code session}. */
    void notify(SSLSocket socket, SSLSession session) {
        if (listeners.isEmpty()) {
            return;
        }
        HandshakeCompletedEvent event = new HandshakeCompletedEvent(socket, session);
        List<HandshakeCompletedListener> snapshot = List.copyOf(listeners);
        Thread.ofPlatform().name("HandshakeCompletedNotify-Thread").daemon().start(() -> {
            for (HandshakeCompletedListener l : snapshot) {
                try {
                    l.handshakeCompleted(event);
                } catch (RuntimeException ignored) {
                    // one listener's failure is not the connection's, nor the next listener's
                }
            }
        });
    }
}
