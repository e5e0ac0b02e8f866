package dev.acceljce.ssh;

import java.io.IOException;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.scp.server.ScpCommandFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * A MINA SSHD server on 127.0.0.1 (a free port) serving SFTP and SCP under one directory, for one
 * user key. It offers every algorithm MINA supports; the client chooses. It records, per client
 * identification string's remote port, what each session negotiated.
 */
public final class MinaServer implements AutoCloseable {
    private final SshServer server;
    private final Map<Integer, SshSuite> negotiated = new ConcurrentHashMap<>();
    private volatile SshSuite lastNegotiated;

    /**
     * @param root     the directory SFTP and SCP clients see as "/"
     * @param hostKeys OpenSSH private key files (ssh-keygen's format), one per host key type
     * @param userKey  the one public key allowed to log in (any user name)
     */
    public MinaServer(Path root, List<Path> hostKeys, PublicKey userKey) throws IOException {
        this(root, new FileKeyPairProvider(new ArrayList<>(hostKeys)), userKey);
    }

    /** As above, with host key pairs from anywhere (e.g. {@code KeyPairProvider.wrap(pairs)}). */
    public MinaServer(Path root, KeyPairProvider hostKeys, PublicKey userKey) throws IOException {
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(hostKeys);
        server.setPublickeyAuthenticator((user, key, session) -> KeyUtils.compareKeys(key, userKey));
        server.setPasswordAuthenticator(null);
        server.setKeyboardInteractiveAuthenticator(null);
        server.setFileSystemFactory(new VirtualFileSystemFactory(root));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setCommandFactory(new ScpCommandFactory());
        server.addSessionListener(new SessionListener() {
            @Override
            public void sessionEvent(Session session, Event event) {
                if (event == Event.KexCompleted && session.getRemoteAddress() instanceof java.net.InetSocketAddress a) {
                    SshSuite suite = negotiatedSuite(session);
                    negotiated.put(a.getPort(), suite);
                    lastNegotiated = suite;
                }
            }
        });
        server.start();
    }

    public int port() {
        return server.getPort();
    }

    public SshServer server() {
        return server;
    }

    /** What the session from this client port negotiated (its last key exchange), or null. */
    public SshSuite negotiatedWith(int clientPort) {
        return negotiated.get(clientPort);
    }

    /** What the latest key exchange of any session negotiated (for clients run one at a time), or null. */
    public SshSuite lastNegotiated() {
        return lastNegotiated;
    }

    /** Every suite negotiated so far, by client port. */
    public Map<Integer, SshSuite> negotiated() {
        return Map.copyOf(negotiated);
    }

    /** The suite a session negotiated, the client-to-server direction's cipher and MAC. */
    public static SshSuite negotiatedSuite(Session s) {
        String mac = s.getNegotiatedKexParameter(KexProposalOption.C2SMAC);
        return new SshSuite(
                s.getNegotiatedKexParameter(KexProposalOption.C2SENC),
                mac == null ? "" : mac,
                s.getNegotiatedKexParameter(KexProposalOption.ALGORITHMS),
                s.getNegotiatedKexParameter(KexProposalOption.SERVERKEYS));
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}
