package dev.acceljce.jsse;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * AccelJCE's {@link SSLSocket}: an {@link AccelSslEngine} driven over a plain socket. This class
 * does no TLS: it moves the engine's records to and from the socket, runs the engine's delegated
 * tasks on the thread that handshakes, and keeps the socket contract SunJSSE keeps (the first
 * read, write or {@link #getSession()} handshakes; a fatal error closes the socket; {@code close}
 * sends close_notify).
 *
 * <p>Every instance is layered over a plain {@link Socket}, the transport: the one a caller gave
 * {@code createSocket(Socket, ...)}, or one this socket made (a factory's {@code createSocket(host,
 * port)}, an unconnected {@code createSocket()}, a server socket's {@code accept}). The socket
 * options and addresses are the transport's ({@link TransportSocket}), the TLS settings the
 * engine's ({@link EngineSettingsSocket}). The {@code Socket} this class inherits from is never
 * connected. This class keeps the handshake, the locks and closing; the records read are
 * {@link InboundRecords}', those written {@link OutboundRecords}'.
 *
 * <p>Reading and writing each have a lock, so one thread may read while another writes; the
 * handshake has a lock of its own and holds the other two. A record that must be answered while
 * reading (a TLS 1.2 close_notify, a TLS 1.3 KeyUpdate) is written under the write lock, taken
 * after the read lock, the order the handshake takes them in too. Every lock is taken here: the
 * reading and writing sides take none and are called with theirs held.
 */
final class AccelSslSocket extends EngineSettingsSocket {
    /** A record's largest size on the wire: header, 2^14 of data, 2 KiB of expansion. */
    private static final int MAX_RECORD = SocketBuffers.RECORD;
    /** How long {@link #close()} waits for a writer to finish before closing without close_notify. */
    private static final long CLOSE_WAIT_MILLIS = 1000;

    private final AccelSslContext context;
    /** Whether closing this socket closes the transport (always for a transport this socket made). */
    private final boolean autoClose;

    private final ReentrantLock handshakeLock = new ReentrantLock();
    private final ReentrantLock readLock = new ReentrantLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final HandshakeListeners listeners = new HandshakeListeners();

    /** The engine; replaced (before any handshake) when {@link #connect} learns the peer's name. */
    private volatile AccelSslEngine engine;

    @Override
    AccelSslEngine engine() {
        return engine;
    }
    /** Whether the peer's name was given when this socket was made (connect then keeps it). */
    private final boolean hostGiven;

    /** The reading side: used with the read lock held. */
    private final InboundRecords inbound;
    /** The writing side: used with the write lock held. */
    private final OutboundRecords outbound;

    private volatile boolean handshakeStarted;

    private volatile boolean handshakeDone;
    private volatile boolean closed;
    /** The transport ended (EOF) or the peer's close_notify arrived: reads return -1. */
    private boolean inputEnded;

    private InputStream appInput;
    private OutputStream appOutput;

    /**
     * A socket over {@code transport}, a client when {@code clientMode}; {@code host} is the peer's
     * name (SNI, endpoint identification, the session cache) when known, else null; {@code
     * consumed} are bytes a server already read from the transport (the client's first flight).
     */
    AccelSslSocket(
            AccelSslContext context,
            Socket transport,
            String host,
            boolean autoClose,
            boolean clientMode,
            byte[] consumed) {
        super(transport);
        this.context = context;
        this.autoClose = autoClose;
        this.hostGiven = host != null;
        int port = transport.isConnected() ? transport.getPort() : -1;
        this.engine = newEngine(host != null ? host : impliedHost(transport), port);
        engine.setUseClientMode(clientMode);
        this.inbound = new InboundRecords(transport, consumed);
        this.outbound = new OutboundRecords(transport);
    }

    private AccelSslEngine newEngine(String host, int port) {
        AccelSslEngine e = (AccelSslEngine) context.engineCreateSSLEngine(host, port);
        e.runUnder(this);
        return e;
    }

    /** The name a connected transport was reached by, when it was reached by a name (no reverse lookup). */
    private static String impliedHost(Socket s) {
        if (s.getRemoteSocketAddress() instanceof InetSocketAddress a) {
            String name = a.getHostString();
            return name == null || name.isEmpty() ? null : name;
        }
        return null;
    }

    // ------------------------------------------------------------------ connecting

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        if (closed) {
            throw new SocketException("Socket is closed");
        }
        transport.connect(endpoint, timeout);
        if (!hostGiven && endpoint instanceof InetSocketAddress a && !handshakeStarted) {
            // the engine's peer (SNI, endpoint identification, the session cache) is known only now
            AccelSslEngine old = engine;
            AccelSslEngine e = newEngine(a.getHostString(), a.getPort());
            e.setUseClientMode(old.getUseClientMode());
            e.setSSLParameters(old.getSSLParameters());
            e.setEnableSessionCreation(old.getEnableSessionCreation());
            e.setHandshakeApplicationProtocolSelector(old.getHandshakeApplicationProtocolSelector());
            engine = e;
        }
    }

    @Override
    public void connect(SocketAddress endpoint) throws IOException {
        connect(endpoint, 0);
    }

    // ------------------------------------------------------------------ the handshake

    /**
     * The handshake, or once it is done, what SunJSSE does then: a KeyUpdate in TLS 1.3 (this
     * side's keys and, at its request, the peer's); in TLS 1.2 the engine refuses renegotiation.
     */
    @Override
    public void startHandshake() throws IOException {
        if (!runHandshake()) {
            AccelSslEngine e = engine;
            writeLock.lock();
            try {
                checkOpen();
                e.beginHandshake();
                outbound.wrapAndSend(e, ByteBuffer.allocate(0));
            } finally {
                writeLock.unlock();
            }
        }
    }

    /** The handshake, once, before the first byte of data: what a read, a write or getSession starts. */
    private void ensureHandshake() throws IOException {
        if (!handshakeDone) {
            runHandshake();
        }
    }

    /**
     * Handshakes unless that was done (then false). The handshake lock comes first: a reader holds
     * the read lock, blocked in the transport, only once the handshake is done, so a writer that
     * arrives meanwhile finds it done here instead of queueing behind that reader.
     */
    private boolean runHandshake() throws IOException {
        checkOpen();
        if (!transport.isConnected()) {
            throw new SocketException("Socket is not connected");
        }
        handshakeLock.lock();
        try {
            if (handshakeDone) {
                return false;
            }
            readLock.lock();
            try {
                writeLock.lock();
                try {
                    handshake();
                    return true;
                } finally {
                    writeLock.unlock();
                }
            } finally {
                readLock.unlock();
            }
        } finally {
            handshakeLock.unlock();
        }
    }

    /** Runs the whole handshake (both locks held); a failure sends its alert and closes the socket. */
    private void handshake() throws IOException {
        checkOpen();
        AccelSslEngine e = engine;
        handshakeStarted = true;
        inbound.startHandshake(!e.getUseClientMode());
        try {
            e.beginHandshake();
            while (true) {
                HandshakeStatus hs = e.getHandshakeStatus();
                switch (hs) {
                    case NEED_TASK -> runTasks(e);
                    case NEED_WRAP -> {
                        if (outbound.wrapAndSend(e, ByteBuffer.allocate(0)).getStatus() == Status.CLOSED) {
                            throw new SSLHandshakeException("the handshake ended before it finished");
                        }
                    }
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                        if (inbound.unwrapRecord(e) == Status.CLOSED) {
                            throw new SSLHandshakeException("Remote host terminated the handshake");
                        }
                    }
                    default -> { // NOT_HANDSHAKING, FINISHED
                        if (closed) {
                            throw new SocketException("Socket closed");
                        }
                        if (e.isInboundDone() || e.isOutboundDone()) {
                            throw new SSLHandshakeException("the handshake ended before it finished");
                        }
                        handshakeDone = true;
                        listeners.notify(this, e.getSession());
                        return;
                    }
                }
            }
        } catch (IOException | RuntimeException ex) {
            failClosed(e);
            if (ex instanceof EOFException) {
                throw new SSLHandshakeException("Remote host terminated the handshake", ex);
            }
            throw ex;
        } finally {
            inbound.endHandshake();
        }
    }

    static void runTasks(AccelSslEngine e) {
        Runnable task;
        while ((task = e.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /**
     * After a fatal error: the alert the engine has queued goes out if it can, then the socket
     * closes. A reader comes here without the write lock, so the alert is wrapped into a buffer
     * of its own, not the writer's ({@link OutboundRecords}).
     */
    private void failClosed(AccelSslEngine e) {
        try {
            ByteBuffer alert = ByteBuffer.allocate(MAX_RECORD);
            while (!e.isOutboundDone()) {
                alert.clear();
                SSLEngineResult r = e.wrap(ByteBuffer.allocate(0), alert);
                if (r.bytesProduced() == 0) {
                    break;
                }
                transport.getOutputStream().write(alert.array(), 0, alert.position());
            }
        } catch (IOException | RuntimeException ignored) {
            // the socket closes anyway; the caller gets the handshake's own exception
        }
        closed = true;
        closeTransport();
        e.free(); // now: close() returns at once on a closed socket, and the Cleaner waits for a GC
    }

    @Override
    public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
        listeners.remove(listener);
    }

    // ------------------------------------------------------------------ application data

    /** The application's read: the handshake first, then buffered plaintext or the next record. */
    int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        ensureHandshake();
        readLock.lock();
        try {
            AccelSslEngine e = engine;
            while (true) {
                if (inbound.buffered() > 0) {
                    return inbound.take(b, off, len);
                }
                if (inputEnded) {
                    return -1;
                }
                checkOpen();
                Status s;
                try {
                    s = inbound.unwrapRecord(e);
                } catch (EOFException eof) {
                    // the peer closed the connection without close_notify: the end of the data,
                    // as SunJSSE reads it (a truncation it does not report)
                    inputEnded = true;
                    continue;
                } catch (SSLException ex) {
                    failClosed(e);
                    throw ex;
                } catch (IOException ex) {
                    if (closed) {
                        throw new SocketException("Socket closed");
                    }
                    throw ex;
                }
                if (s == Status.CLOSED) {
                    inputEnded = true;
                }
                if (e.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                    answer(e); // the close_notify of TLS 1.2's duplex close, a KeyUpdate's answer
                }
            }
        } finally {
            readLock.unlock();
        }
    }

    /**
     * Writes what the engine must send while the reader holds the read lock. The status is asked
     * again under the write lock: a writer may have sent it meanwhile (the close_notify of a
     * shutdownOutput, which then shuts the transport's output too).
     */
    private void answer(AccelSslEngine e) throws IOException {
        writeLock.lock();
        try {
            if (!closed && e.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                outbound.wrapAndSend(e, ByteBuffer.allocate(0));
            }
        } finally {
            writeLock.unlock();
        }
    }

    /** The application's write: the handshake first, then records of {@code b}. */
    void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        ensureHandshake();
        if (len == 0) {
            return;
        }
        writeLock.lock();
        try {
            checkOpen();
            AccelSslEngine e = engine;
            ByteBuffer src = ByteBuffer.wrap(b, off, len);
            try {
                SSLEngineResult r = outbound.wrapAndSend(e, src);
                if (r.getStatus() == Status.CLOSED) {
                    throw new SocketException("Socket output is already shutdown");
                }
            } catch (SSLException ex) {
                failClosed(e);
                throw ex;
            } catch (IOException ex) {
                if (closed) {
                    throw new SocketException("Socket closed");
                }
                throw ex;
            }
        } finally {
            writeLock.unlock();
        }
    }

    /** Plaintext that can be read without blocking. */
    int available() {
        readLock.lock();
        try {
            return inbound.buffered();
        } finally {
            readLock.unlock();
        }
    }

    @Override
    public InputStream getInputStream() throws IOException {
        checkOpen();
        if (!transport.isConnected()) {
            throw new SocketException("Socket is not connected");
        }
        synchronized (this) {
            if (appInput == null) {
                appInput = new SocketStreams.Input(this);
            }
            return appInput;
        }
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        checkOpen();
        if (!transport.isConnected()) {
            throw new SocketException("Socket is not connected");
        }
        synchronized (this) {
            if (appOutput == null) {
                appOutput = new SocketStreams.Output(this);
            }
            return appOutput;
        }
    }

    // ------------------------------------------------------------------ closing

    /**
     * Sends close_notify (when a handshake began and the writer lets go within a second) and
     * closes the transport when this socket owns it ({@code autoClose}). A reader blocked in the
     * transport is woken by the transport's closing.
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        AccelSslEngine e = engine;
        try {
            if (handshakeStarted && !e.isOutboundDone() && transport.isConnected() && !transport.isClosed()) {
                e.closeOutbound();
                if (writeLock.tryLock(CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                    try {
                        outbound.wrapAndSend(e, ByteBuffer.allocate(0));
                    } catch (IOException | RuntimeException ignored) {
                        // the peer may be gone; the socket closes anyway
                    } finally {
                        writeLock.unlock();
                    }
                }
            } else {
                e.closeOutbound();
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        } finally {
            closeTransport();
            e.free();
        }
    }

    private void closeTransport() {
        if (autoClose) {
            try {
                transport.close();
            } catch (IOException ignored) {
                // nothing left to tell the caller
            }
        }
    }

    /** TLS half-close: close_notify, then the transport's output (as SunJSSE's shutdownOutput). */
    @Override
    public void shutdownOutput() throws IOException {
        checkOpen();
        AccelSslEngine e = engine;
        writeLock.lock();
        try {
            e.closeOutbound();
            if (handshakeStarted) {
                outbound.wrapAndSend(e, ByteBuffer.allocate(0));
            }
        } finally {
            writeLock.unlock();
        }
        if (autoClose) {
            transport.shutdownOutput();
        }
    }

    /** Ends this side's reading; before the peer's close_notify arrived, SunJSSE's alert and exception too. */
    @Override
    public void shutdownInput() throws IOException {
        checkOpen();
        readLock.lock();
        try {
            inputEnded = true;
            try {
                engine.closeInbound();
            } finally {
                if (autoClose) {
                    transport.shutdownInput();
                }
            }
        } finally {
            readLock.unlock();
        }
    }

    @Override
    public boolean isOutputShutdown() {
        return engine.isOutboundDone() || transport.isOutputShutdown();
    }

    @Override
    public boolean isInputShutdown() {
        return engine.isInboundDone() || transport.isInputShutdown();
    }

    @Override
    public boolean isClosed() {
        return closed || autoClose && transport.isClosed();
    }

    private void checkOpen() throws SocketException {
        if (closed) {
            throw new SocketException("Socket is closed");
        }
    }

    // ------------------------------------------------------------------ the session

    @Override
    public SSLSession getSession() {
        try {
            ensureHandshake();
        } catch (IOException ex) {
            // as SunJSSE: an invalid session, the handshake's error having closed the socket
        }
        return engine.getSession();
    }

    @Override
    public String toString() {
        return "AccelJCE-TLS socket over " + transport;
    }
}
