package dev.acceljce.jsse;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
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
 * options and addresses are the transport's. The {@code Socket} this class inherits from is never
 * connected.
 *
 * <p>Reading and writing each have a lock, so one thread may read while another writes; the
 * handshake has a lock of its own and holds the other two. A record that must be answered while reading (a TLS 1.2 close_notify, a
 * TLS 1.3 KeyUpdate) is written under the write lock, taken after the read lock, the order the
 * handshake takes them in too.
 */
final class AccelSslSocket extends SSLSocket {
    /** A record's largest size on the wire: header, 2^14 of data, 2 KiB of expansion. */
    private static final int MAX_RECORD = SocketBuffers.RECORD;
    /** How long {@link #close()} waits for a writer to finish before closing without close_notify. */
    private static final long CLOSE_WAIT_MILLIS = 1000;

    private final AccelSslContext context;
    private final Socket transport;
    /** Whether closing this socket closes the transport (always for a transport this socket made). */
    private final boolean autoClose;

    private final ReentrantLock handshakeLock = new ReentrantLock();
    private final ReentrantLock readLock = new ReentrantLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final List<HandshakeCompletedListener> listeners = new CopyOnWriteArrayList<>();

    /** The engine; replaced (before any handshake) when {@link #connect} learns the peer's name. */
    private volatile AccelSslEngine engine;
    /** Whether the peer's name was given when this socket was made (connect then keeps it). */
    private final boolean hostGiven;

    // The three buffers are borrowed from SocketBuffers while bytes are in them and given back
    // when empty: an idle socket holds SocketBuffers.NONE in each, and waits for its peer's next
    // record with only waitingFor's five bytes.

    /** Records read from the transport and not yet unwrapped, in fill mode (bytes in [0, position)). Read lock. */
    private ByteBuffer netIn = SocketBuffers.NONE;
    /** Plaintext unwrapped and not yet read, in fill mode. Read lock. */
    private ByteBuffer appIn = SocketBuffers.NONE;
    /** Records wrapped and not yet written. Write lock. */
    private ByteBuffer netOut = SocketBuffers.NONE;
    /** Where a reader with nothing buffered waits for the first bytes of the next record. Read lock. */
    private final byte[] waitingFor = new byte[5];

    private volatile boolean handshakeStarted;
    /** A server's handshake deadline while its handshake runs (read lock held), else null. */
    private HandshakeDeadline deadline;

    private volatile boolean handshakeDone;
    private volatile boolean closed;
    /** The transport ended (EOF) or the peer's close_notify arrived: reads return -1. */
    private boolean inputEnded;

    private BiFunction<SSLSocket, List<String>, String> alpnSelector;
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
        this.context = context;
        this.transport = transport;
        this.autoClose = autoClose;
        this.hostGiven = host != null;
        int port = transport.isConnected() ? transport.getPort() : -1;
        this.engine = newEngine(host != null ? host : impliedHost(transport), port);
        engine.setUseClientMode(clientMode);
        if (consumed != null && consumed.length > 0) {
            ensureRoom(consumed.length);
            netIn.put(consumed);
        }
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

    @Override
    public void bind(SocketAddress local) throws IOException {
        transport.bind(local);
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
                wrapAndSend(e, ByteBuffer.allocate(0));
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
        deadline = e.getUseClientMode() ? null : HandshakeDeadline.start(transport);
        try {
            e.beginHandshake();
            while (true) {
                HandshakeStatus hs = e.getHandshakeStatus();
                switch (hs) {
                    case NEED_TASK -> runTasks(e);
                    case NEED_WRAP -> {
                        if (wrapAndSend(e, ByteBuffer.allocate(0)).getStatus() == Status.CLOSED) {
                            throw new SSLHandshakeException("the handshake ended before it finished");
                        }
                    }
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                        if (unwrapRecord(e) == Status.CLOSED) {
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
                        notifyListeners(e.getSession());
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
            if (deadline != null) {
                deadline.end(transport);
                deadline = null;
            }
        }
    }

    private static void runTasks(AccelSslEngine e) {
        Runnable task;
        while ((task = e.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /**
     * After a fatal error: the alert the engine has queued goes out if it can, then the socket
     * closes. A reader comes here without the write lock, so the alert is wrapped into a buffer
     * of its own, not the writer's {@link #netOut}.
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

    private void notifyListeners(SSLSession session) {
        if (listeners.isEmpty()) {
            return;
        }
        HandshakeCompletedEvent event = new HandshakeCompletedEvent(this, session);
        List<HandshakeCompletedListener> snapshot = List.copyOf(listeners);
        // as SunJSSE: listeners run on a thread of their own, so a slow one holds up no data
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

    @Override
    public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        listeners.add(listener);
    }

    @Override
    public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        if (!listeners.remove(listener)) {
            throw new IllegalArgumentException("listener not registered");
        }
    }

    // ------------------------------------------------------------------ records

    /**
     * Wraps all the engine gives for {@code src} (or its pending handshake or alert records when
     * {@code src} is empty) and writes it to the transport, four records per write at most. The
     * caller holds the write lock.
     */
    private SSLEngineResult wrapAndSend(AccelSslEngine e, ByteBuffer src) throws IOException {
        netOut = SocketBuffers.take(SocketBuffers.WRITE_BATCH);
        try {
            return wrapAndSendBatches(e, src);
        } finally {
            netOut = SocketBuffers.give(netOut);
        }
    }

    private SSLEngineResult wrapAndSendBatches(AccelSslEngine e, ByteBuffer src) throws IOException {
        SSLEngineResult r;
        while (true) {
            r = e.wrap(src, netOut);
            if (r.getStatus() == Status.BUFFER_OVERFLOW) {
                if (netOut.position() == 0) {
                    netOut = ByteBuffer.allocate(netOut.capacity() * 2);
                    continue;
                }
                flush();
                continue;
            }
            boolean more = r.getStatus() == Status.OK
                    && (src.hasRemaining()
                            || r.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && r.bytesProduced() > 0);
            if (!more) {
                break;
            }
            if (netOut.remaining() < MAX_RECORD) {
                flush();
            }
        }
        flush();
        return r;
    }

    /** Writes what {@link #netOut} holds; the transport is not touched when that is nothing. */
    private void flush() throws IOException {
        netOut.flip();
        if (netOut.hasRemaining()) {
            transport.getOutputStream().write(netOut.array(), netOut.position(), netOut.remaining());
        }
        netOut.clear();
    }

    /**
     * Unwraps one record into {@link #appIn}, reading from the transport until a whole one is
     * there. The caller holds the read lock. EOF from the transport before a record is whole
     * throws {@link EOFException}.
     */
    private Status unwrapRecord(AccelSslEngine e) throws IOException {
        if (appIn.capacity() == 0) {
            appIn = SocketBuffers.take(SocketBuffers.PLAINTEXT);
        }
        try {
            return unwrapOneRecord(e);
        } finally {
            if (netIn.position() == 0) {
                netIn = SocketBuffers.give(netIn);
            }
            if (appIn.position() == 0) {
                appIn = SocketBuffers.give(appIn);
            }
        }
    }

    private Status unwrapOneRecord(AccelSslEngine e) throws IOException {
        while (true) {
            netIn.flip();
            SSLEngineResult r;
            try {
                r = e.unwrap(netIn, appIn);
            } finally {
                netIn.compact();
            }
            switch (r.getStatus()) {
                case BUFFER_UNDERFLOW -> fill();
                case BUFFER_OVERFLOW -> {
                    ByteBuffer bigger = ByteBuffer.allocate(
                            appIn.capacity() + e.getSession().getApplicationBufferSize());
                    appIn.flip();
                    bigger.put(appIn);
                    appIn = bigger;
                }
                default -> {
                    if (r.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                        runTasks(e);
                    }
                    return r.getStatus();
                }
            }
        }
    }

    /**
     * As {@link #fillFromTransport()}, each read bounded by the handshake's deadline while a
     * server handshakes under one ({@link HandshakeDeadline}).
     */
    private void fill() throws IOException {
        HandshakeDeadline d = deadline;
        if (d != null) {
            d.beforeRead(transport);
        }
        try {
            fillFromTransport();
        } catch (java.net.SocketTimeoutException t) {
            throw d == null ? t : d.onTimeout(t);
        }
    }

    /**
     * Reads what the transport has (at least one byte) into {@link #netIn}. With nothing buffered
     * and nothing arrived, the wait (an idle connection's) holds no record-sized buffer: the first
     * bytes of the next record go into {@link #waitingFor}, then into a borrowed buffer.
     */
    private void fillFromTransport() throws IOException {
        InputStream in = transport.getInputStream();
        if (netIn.position() == 0 && in.available() == 0) {
            netIn = SocketBuffers.give(netIn);
            int n = in.read(waitingFor, 0, waitingFor.length);
            if (n < 0) {
                throw new EOFException("the peer closed the connection");
            }
            ensureRoom(n);
            netIn.put(waitingFor, 0, n);
            return;
        }
        ensureRoom(1);
        int n = in.read(netIn.array(), netIn.position(), netIn.remaining());
        if (n < 0) {
            throw new EOFException("the peer closed the connection");
        }
        netIn.position(netIn.position() + n);
    }

    /** Room for {@code n} more bytes in {@link #netIn}: a borrowed buffer, or a larger one of its own. */
    private void ensureRoom(int n) {
        if (netIn.remaining() < n) {
            ByteBuffer bigger = netIn.position() + n <= MAX_RECORD
                    ? SocketBuffers.take(MAX_RECORD)
                    : ByteBuffer.allocate(netIn.position() + Math.max(n, MAX_RECORD));
            netIn.flip();
            bigger.put(netIn);
            SocketBuffers.give(netIn);
            netIn = bigger;
        }
    }

    // ------------------------------------------------------------------ application data

    private int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        ensureHandshake();
        readLock.lock();
        try {
            AccelSslEngine e = engine;
            while (true) {
                if (appIn.position() > 0) {
                    appIn.flip();
                    int n = Math.min(len, appIn.remaining());
                    appIn.get(b, off, n);
                    appIn.compact();
                    if (appIn.position() == 0) {
                        appIn = SocketBuffers.give(appIn);
                    }
                    return n;
                }
                if (inputEnded) {
                    return -1;
                }
                checkOpen();
                Status s;
                try {
                    s = unwrapRecord(e);
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
                wrapAndSend(e, ByteBuffer.allocate(0));
            }
        } finally {
            writeLock.unlock();
        }
    }

    private void write(byte[] b, int off, int len) throws IOException {
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
                SSLEngineResult r = wrapAndSend(e, src);
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

    private int available() {
        readLock.lock();
        try {
            return appIn.position();
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
                appInput = new InputStream() {
                    @Override
                    public int read() throws IOException {
                        byte[] one = new byte[1];
                        int n = AccelSslSocket.this.read(one, 0, 1);
                        return n < 0 ? -1 : one[0] & 0xff;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        return AccelSslSocket.this.read(b, off, len);
                    }

                    @Override
                    public int available() {
                        return AccelSslSocket.this.available();
                    }

                    @Override
                    public void close() throws IOException {
                        AccelSslSocket.this.close();
                    }
                };
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
                appOutput = new OutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        AccelSslSocket.this.write(new byte[] {(byte) b}, 0, 1);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        AccelSslSocket.this.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        AccelSslSocket.this.close();
                    }
                };
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
                        wrapAndSend(e, ByteBuffer.allocate(0));
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
                wrapAndSend(e, ByteBuffer.allocate(0));
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

    private void checkOpen() throws SocketException {
        if (closed) {
            throw new SocketException("Socket is closed");
        }
    }

    // ------------------------------------------------------------------ TLS settings: the engine's

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
    public SSLSession getHandshakeSession() {
        return engine.getHandshakeSession();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        engine.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        engine.setEnabledProtocols(protocols);
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return engine.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters params) {
        engine.setSSLParameters(params);
    }

    @Override
    public String getApplicationProtocol() {
        return engine.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLSocket, List<String>, String> selector) {
        alpnSelector = selector;
        engine.setHandshakeApplicationProtocolSelector(
                selector == null ? null : (engine, offered) -> selector.apply(this, offered));
    }

    @Override
    public BiFunction<SSLSocket, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return alpnSelector;
    }

    // ------------------------------------------------------------------ the transport's socket

    @Override
    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public boolean isBound() {
        return transport.isBound();
    }

    @Override
    public boolean isClosed() {
        return closed || autoClose && transport.isClosed();
    }

    @Override
    public InetAddress getInetAddress() {
        return transport.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return transport.getLocalAddress();
    }

    @Override
    public int getPort() {
        return transport.getPort();
    }

    @Override
    public int getLocalPort() {
        return transport.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return transport.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return transport.getLocalSocketAddress();
    }

    /** No channel: TLS runs over the streams (as SunJSSE's sockets). */
    @Override
    public SocketChannel getChannel() {
        return null;
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        transport.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return transport.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        transport.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return transport.getSoLinger();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        transport.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return transport.getSoTimeout();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        transport.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return transport.getSendBufferSize();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        transport.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return transport.getReceiveBufferSize();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        transport.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return transport.getKeepAlive();
    }

    @Override
    public void setTrafficClass(int tc) throws SocketException {
        transport.setTrafficClass(tc);
    }

    @Override
    public int getTrafficClass() throws SocketException {
        return transport.getTrafficClass();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        transport.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return transport.getReuseAddress();
    }

    @Override
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        transport.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
        transport.setOption(name, value);
        return this;
    }

    @Override
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return transport.getOption(name);
    }

    @Override
    public Set<SocketOption<?>> supportedOptions() {
        return transport.supportedOptions();
    }

    /** TLS has no urgent data (as SunJSSE). */
    @Override
    public void sendUrgentData(int data) throws SocketException {
        throw new SocketException("This method is not supported by SSLSockets");
    }

    @Override
    public void setOOBInline(boolean on) throws SocketException {
        throw new SocketException(
                "This method is ineffective, since sending urgent data is not supported by SSLSockets");
    }

    @Override
    public boolean getOOBInline() throws SocketException {
        throw new SocketException(
                "This method is ineffective, since sending urgent data is not supported by SSLSockets");
    }

    @Override
    public String toString() {
        return "AccelJCE-TLS socket over " + transport;
    }
}
