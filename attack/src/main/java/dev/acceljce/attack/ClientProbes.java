package dev.acceljce.attack;

import de.rub.nds.modifiablevariable.util.Modifiable;
import de.rub.nds.tlsattacker.core.certificate.CertificateKeyPair;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.connection.InboundConnection;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.HandshakeMessageType;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.constants.RunningModeType;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.protocol.ProtocolMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHEServerKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.FinishedMessage;
import de.rub.nds.tlsattacker.core.protocol.message.HelloRequestMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.state.State;
import de.rub.nds.tlsattacker.core.workflow.WorkflowExecutorFactory;
import de.rub.nds.tlsattacker.core.workflow.WorkflowTrace;
import de.rub.nds.tlsattacker.core.workflow.action.GenericReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendingAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.core.workflow.action.executor.WorkflowExecutorType;
import de.rub.nds.tlsattacker.core.workflow.factory.WorkflowConfigurationFactory;
import de.rub.nds.tlsattacker.core.workflow.factory.WorkflowTraceType;
import de.rub.nds.tlsattacker.transport.tcp.ServerTcpTransportHandler;
import java.io.InputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Security;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * TLS-Attacker 3.7.0 as a hostile server (TLS-Core's WorkflowTrace in server mode, its messages
 * changed through ModifiableVariables; nothing here builds a TLS message by hand) against an
 * AccelJCE-TLS or SunJSSE client ({@link ClientTarget}): a server that picks TLS 1.1 or 1.0, sends an
 * ECDHE point off the curve, sends HelloRequest after the handshake, picks a cipher suite the
 * client did not offer, sends a wrong Finished, or marks a TLS 1.2 ServerHello with RFC 8446's
 * downgrade sentinel. TLS-Attacker listens on 127.0.0.1 and a free port with the keytool RSA-2048
 * certificate the client trusts; one connection per probe.
 */
public final class ClientProbes {
    static {
        // TLS-Core's executor refuses to start without BouncyCastle registered; the attacking JVM only
        if (Security.getProvider("BC") == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    /** A client probe: TLS-Attacker's trace changed by {@code craft}, then judged from what both sides saw. */
    public record Probe(
            String name, String what, Consumer<WorkflowTrace> craft, Judge judge, Consumer<Config> config) {}

    /** Turns what the client said and what TLS-Attacker received into the outcome. */
    @FunctionalInterface
    public interface Judge {
        Check.Outcome judge(String client, WorkflowTrace trace);
    }

    private ClientProbes() {}

    static final CipherSuite SUITE = CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256;
    private static final byte[] DOWNGRADE_TLS12 = "DOWNGRD\u0001".getBytes(StandardCharsets.ISO_8859_1);

    public static List<Probe> all() {
        List<Probe> p = new ArrayList<>();
        p.add(new Probe(
                "client tls12-handshake",
                "An unchanged TLS 1.2 handshake (ECDHE P-256, RSA, AES-128-GCM): the set-up works; "
                        + "a finding only if it does not complete",
                t -> {},
                ClientProbes::completes,
                c -> {}));
        for (ProtocolVersion v : List.of(ProtocolVersion.TLS11, ProtocolVersion.TLS10)) {
            p.add(new Probe(
                    "client server-picks-" + v.name(),
                    "The server answers with " + v + " (ECDHE-RSA-AES128-SHA): "
                            + "a completed handshake would be the finding (protocol_version expected)",
                    t -> {},
                    ClientProbes::mustFail,
                    c -> {
                        c.setHighestProtocolVersion(v);
                        c.setDefaultSelectedProtocolVersion(v);
                        c.setDefaultServerSupportedCipherSuites(CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA);
                        c.setDefaultSelectedCipherSuite(CipherSuite.TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA);
                    }));
        }
        p.add(new Probe(
                "client ske-off-curve-point",
                "TLS 1.2 ServerKeyExchange whose P-256 point is not on the curve (the generator with y+1; "
                        + "signed by the server): a Finished (a secret computed) or completed handshake would be the finding",
                t -> firstSent(t, ECDHEServerKeyExchangeMessage.class).setPublicKey(Modifiable.explicit(offCurve())),
                ClientProbes::mustFailBeforeFinished,
                c -> {}));
        p.add(new Probe(
                "client hello-request",
                "After a TLS 1.2 handshake (renegotiation_info exchanged) the server sends HelloRequest: "
                        + "the client's answer is noted (a ClientHello: it renegotiates)",
                t -> {
                    t.addTlsAction(new SendAction(new HelloRequestMessage()));
                    t.addTlsAction(new GenericReceiveAction());
                },
                ClientProbes::renegotiation,
                c -> {}));
        p.add(new Probe(
                "client suite-not-offered",
                "The ServerHello selects TLS_ECDHE_RSA_WITH_NULL_SHA, which neither client offers: "
                        + "a Finished (a secret computed) or completed handshake would be the finding",
                t -> firstSent(t, ServerHelloMessage.class)
                        .setSelectedCipherSuite(
                                Modifiable.explicit(CipherSuite.TLS_ECDHE_RSA_WITH_NULL_SHA.getByteValue())),
                ClientProbes::mustFailBeforeFinished,
                c -> {}));
        p.add(new Probe(
                "client finished-wrong",
                "TLS 1.2: the server's Finished with the first byte of its verify_data flipped: "
                        + "a completed handshake would be the finding (decrypt_error expected)",
                t -> lastSent(t, FinishedMessage.class).setVerifyData(Modifiable.xor(new byte[] {1}, 0)),
                ClientProbes::mustFail,
                c -> {}));
        p.add(new Probe(
                "client downgrade-sentinel",
                "The client offers TLS 1.3; the server answers TLS 1.2 with DOWNGRD\\x01 at the end of its "
                        + "random (RFC 8446 4.1.3): a completed handshake would be the finding",
                t -> {
                    byte[] random = new byte[32];
                    Arrays.fill(random, (byte) 0x5a);
                    System.arraycopy(DOWNGRADE_TLS12, 0, random, 24, 8);
                    firstSent(t, ServerHelloMessage.class).setRandom(Modifiable.explicit(random));
                },
                ClientProbes::mustFail,
                c -> {}));
        return p;
    }

    /** Every probe as a {@link Check} row name (the rows carry the outcomes; the body is run by {@link #run}). */
    static Check asCheck(Probe p) {
        return new Check(p.name(), p.what(), t -> {
            throw new UnsupportedOperationException("a client probe runs against a ClientTarget");
        });
    }

    /** TLS-Attacker's server configuration: TLS 1.2, ECDHE P-256 with the store's RSA key. */
    static Config serverConfig(Path store) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12", "SUN");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, Keys.PASSWORD);
        }
        org.bouncycastle.crypto.tls.Certificate chain =
                new org.bouncycastle.crypto.tls.Certificate(new org.bouncycastle.asn1.x509.Certificate[] {
                    org.bouncycastle.asn1.x509.Certificate.getInstance(
                            ks.getCertificate("server").getEncoded())
                });
        CertificateKeyPair pair = new CertificateKeyPair(chain, (PrivateKey) ks.getKey("server", Keys.PASSWORD));
        Config c = Config.createConfig();
        c.setDefaultRunningMode(RunningModeType.SERVER);
        c.setDefaultServerConnection(new InboundConnection(0, "127.0.0.1"));
        c.setAutoSelectCertificate(false);
        c.setDefaultExplicitCertificateKeyPair(pair);
        c.setHighestProtocolVersion(ProtocolVersion.TLS12);
        c.setDefaultSelectedProtocolVersion(ProtocolVersion.TLS12);
        c.setDefaultServerSupportedCipherSuites(SUITE);
        c.setDefaultSelectedCipherSuite(SUITE);
        c.setDefaultServerNamedGroups(NamedGroup.SECP256R1);
        c.setDefaultSelectedNamedGroup(NamedGroup.SECP256R1);
        c.setDefaultServerSupportedSignatureAndHashAlgorithms(SignatureAndHashAlgorithm.RSA_SHA256);
        c.setDefaultSelectedSignatureAndHashAlgorithm(SignatureAndHashAlgorithm.RSA_SHA256);
        c.setAddRenegotiationInfoExtension(true);
        c.setAddExtendedMasterSecretExtension(true);
        c.setAddECPointFormatExtension(true);
        c.setAddEllipticCurveExtension(false);
        c.setAddSignatureAndHashAlgorithmsExtension(false);
        c.setAddSessionTicketTLSExtension(false);
        c.setAddServerNameIndicationExtension(false);
        c.setEnforceSettings(true);
        c.setStopActionsAfterFatal(true);
        c.setStopReceivingAfterFatal(true);
        c.setStopActionsAfterIOException(true);
        c.setQuickReceive(true);
        c.setEarlyStop(true);
        c.setWorkflowExecutorShouldClose(true);
        return c;
    }

    /** Runs one probe: TLS-Attacker listens, the client connects, both accounts are judged. */
    static Check.Outcome run(Probe p, ClientTarget client, Path store) throws Exception {
        Config c = serverConfig(store);
        p.config().accept(c);
        WorkflowTrace trace = new WorkflowConfigurationFactory(c)
                .createWorkflowTrace(WorkflowTraceType.HANDSHAKE, RunningModeType.SERVER);
        p.craft().accept(trace);
        try (ServerSocket listener = new ServerSocket()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            State state = new State(c, trace);
            state.getTlsContext().setTransportHandler(new ServerTcpTransportHandler(10_000, 2_000, listener));
            client.connect(listener.getLocalPort());
            WorkflowExecutorFactory.createWorkflowExecutor(WorkflowExecutorType.DEFAULT, state)
                    .executeWorkflow();
        }
        return p.judge().judge(client.result(), trace);
    }

    private static <M extends ProtocolMessage> M firstSent(WorkflowTrace t, Class<M> type) {
        for (TlsAction a : t.getTlsActions()) {
            if (a instanceof SendingAction s) {
                for (ProtocolMessage m : s.getSendMessages()) {
                    if (type.isInstance(m)) {
                        return type.cast(m);
                    }
                }
            }
        }
        throw new IllegalStateException("no " + type.getSimpleName() + " in the trace");
    }

    private static <M extends ProtocolMessage> M lastSent(WorkflowTrace t, Class<M> type) {
        M last = null;
        for (TlsAction a : t.getTlsActions()) {
            if (a instanceof SendingAction s) {
                for (ProtocolMessage m : s.getSendMessages()) {
                    if (type.isInstance(m)) {
                        last = type.cast(m);
                    }
                }
            }
        }
        if (last == null) {
            throw new IllegalStateException("no " + type.getSimpleName() + " in the trace");
        }
        return last;
    }

    /** P-256's generator with y + 1: an uncompressed point that is not on the curve. */
    static byte[] offCurve() {
        try {
            AlgorithmParameters ap = AlgorithmParameters.getInstance("EC", "SunEC");
            ap.init(new ECGenParameterSpec("secp256r1"));
            ECPoint g = ap.getParameterSpec(ECParameterSpec.class).getGenerator();
            byte[] out = new byte[65];
            out[0] = 4;
            put(g.getAffineX(), out, 1);
            put(g.getAffineY().add(BigInteger.ONE), out, 33);
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void put(BigInteger v, byte[] out, int at) {
        byte[] b = v.toByteArray();
        int n = Math.min(b.length, 32);
        System.arraycopy(b, b.length - n, out, at + 32 - n, n);
    }

    /** What TLS-Attacker received from the client after its ClientHello (alerts by name). */
    static String clientSent(WorkflowTrace trace) {
        String all = WorkflowProbes.answered(trace);
        return all.startsWith("CLIENT_HELLO, ") ? all.substring(14) : all;
    }

    private static boolean completed(String client) {
        return client.startsWith("handshake completed");
    }

    private static Check.Outcome completes(String client, WorkflowTrace trace) {
        return new Check.Outcome(completed(client) ? Boolean.FALSE : null, client + "; sent: " + clientSent(trace));
    }

    private static Check.Outcome mustFail(String client, WorkflowTrace trace) {
        Boolean v = completed(client) ? Boolean.TRUE : client.startsWith("handshake failed") ? Boolean.FALSE : null;
        return new Check.Outcome(v, client + "; sent: " + clientSent(trace));
    }

    /**
     * A client that sends Finished (or completes) has computed a premaster secret from the bad
     * ServerKeyExchange or ServerHello: the finding. A ClientKeyExchange alone is not: SunJSSE
     * sends its own public key before it tries (and refuses) the key agreement.
     */
    private static Check.Outcome mustFailBeforeFinished(String client, WorkflowTrace trace) {
        boolean finished = WorkflowProbes.count(trace, HandshakeMessageType.FINISHED) > 0;
        Check.Outcome o = mustFail(client, trace);
        return finished ? new Check.Outcome(Boolean.TRUE, "Finished sent; " + o.note()) : o;
    }

    /**
     * Renegotiating after HelloRequest with RFC 5746 in place is what TLS 1.2 allows (SunJSSE does);
     * noted, not a finding. The judge says "no ClientHello" when the client did not renegotiate.
     */
    private static Check.Outcome renegotiation(String client, WorkflowTrace trace) {
        if (!completed(client)) {
            return new Check.Outcome(null, "no first handshake: " + client);
        }
        boolean renegotiated = WorkflowProbes.count(trace, HandshakeMessageType.CLIENT_HELLO) >= 2;
        return new Check.Outcome(
                Boolean.FALSE,
                (renegotiated ? "renegotiated (ClientHello)" : "no ClientHello") + "; " + client + "; sent: "
                        + clientSent(trace));
    }
}
