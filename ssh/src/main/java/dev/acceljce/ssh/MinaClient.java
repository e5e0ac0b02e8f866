package dev.acceljce.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import org.apache.sshd.client.ClientBuilder;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.client.keyverifier.RequiredServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.scp.client.ScpClient;
import org.apache.sshd.scp.client.ScpClientCreator;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;

/**
 * A MINA SSHD client restricted to one {@link SshSuite}, logging in with one key pair and accepting
 * only the host key it is told to expect.
 */
public final class MinaClient implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** SFTP write size: MINA's client default (32 KiB) caps throughput; OpenSSH's sftp uses 32 KiB x 64 in flight. */
    private static final int COPY_BUFFER = 256 * 1024;

    private final SshClient client;
    private final ClientSession session;

    public MinaClient(SshSuite suite, int port, String user, KeyPair userKey, PublicKey hostKey) throws IOException {
        client = SshClient.setUpDefaultClient();
        suite.applyTo(client);
        // The suite's signature list is for the host key only; the user key signs with any (MINA
        // takes public key authentication's algorithms from the session's list unless told).
        client.setUserAuthFactories(
                List.of(new UserAuthPublicKeyFactory(ClientBuilder.setUpDefaultSignatureFactories(false))));
        client.setServerKeyVerifier(new RequiredServerKeyVerifier(hostKey));
        client.start();
        try {
            session = client.connect(user, "127.0.0.1", port).verify(TIMEOUT).getSession();
            session.addPublicKeyIdentity(userKey);
            session.auth().verify(TIMEOUT);
        } catch (IOException | RuntimeException e) {
            client.stop();
            throw e;
        }
    }

    public ClientSession session() {
        return session;
    }

    /** What this session negotiated. */
    public SshSuite negotiated() {
        return MinaServer.negotiatedSuite(session);
    }

    /** The local port of the connection (the server sees it as the remote port). */
    public int localPort() {
        return ((java.net.InetSocketAddress) session.getLocalAddress()).getPort();
    }

    /** Writes {@code local} to {@code remote} over SFTP. */
    public void sftpUpload(Path local, String remote) throws IOException {
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session);
                OutputStream out = sftp.write(remote, COPY_BUFFER);
                InputStream in = Files.newInputStream(local)) {
            in.transferTo(out);
        }
    }

    /** Reads {@code remote} over SFTP into {@code local}. */
    public void sftpDownload(String remote, Path local) throws IOException {
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(session);
                InputStream in = sftp.read(remote, COPY_BUFFER);
                OutputStream out = Files.newOutputStream(local)) {
            in.transferTo(out);
        }
    }

    /** Writes {@code local} to {@code remote} with SCP (the remote side runs {@code scp -t}). */
    public void scpUpload(Path local, String remote) throws IOException {
        ScpClient scp = ScpClientCreator.instance().createScpClient(session);
        scp.upload(local, remote, List.of());
    }

    @Override
    public void close() throws IOException {
        try {
            session.close(false).await(TIMEOUT);
        } finally {
            client.stop();
        }
    }
}
