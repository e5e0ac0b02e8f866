package dev.acceljce.attack;

import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.connection.OutboundConnection;
import de.rub.nds.tlsattacker.core.constants.AlertDescription;
import de.rub.nds.tlsattacker.core.constants.AlertLevel;
import de.rub.nds.tlsattacker.core.constants.CipherSuite;
import de.rub.nds.tlsattacker.core.constants.ExtensionType;
import de.rub.nds.tlsattacker.core.constants.HandshakeMessageType;
import de.rub.nds.tlsattacker.core.constants.NamedGroup;
import de.rub.nds.tlsattacker.core.constants.ProtocolVersion;
import de.rub.nds.tlsattacker.core.constants.RunningModeType;
import de.rub.nds.tlsattacker.core.constants.SignatureAndHashAlgorithm;
import de.rub.nds.tlsattacker.core.protocol.ProtocolMessage;
import de.rub.nds.tlsattacker.core.protocol.message.AlertMessage;
import de.rub.nds.tlsattacker.core.protocol.message.CertificateMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ChangeCipherSpecMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ClientHelloMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ECDHEServerKeyExchangeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.HandshakeMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloDoneMessage;
import de.rub.nds.tlsattacker.core.protocol.message.ServerHelloMessage;
import de.rub.nds.tlsattacker.core.state.State;
import de.rub.nds.tlsattacker.core.workflow.WorkflowExecutorFactory;
import de.rub.nds.tlsattacker.core.workflow.WorkflowTrace;
import de.rub.nds.tlsattacker.core.workflow.action.ReceiveAction;
import de.rub.nds.tlsattacker.core.workflow.action.ReceivingAction;
import de.rub.nds.tlsattacker.core.workflow.action.SendAction;
import de.rub.nds.tlsattacker.core.workflow.action.TlsAction;
import de.rub.nds.tlsattacker.core.workflow.action.executor.WorkflowExecutorType;
import de.rub.nds.tlsattacker.core.workflow.factory.WorkflowConfigurationFactory;
import de.rub.nds.tlsattacker.core.workflow.factory.WorkflowTraceType;
import java.nio.charset.StandardCharsets;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * Probes written with TLS-Core 3.7.0's WorkflowTrace API (TLS-Attacker's own state machine and
 * message builders; nothing here builds a TLS message by hand): renegotiation and RFC 5746,
 * version downgrade (TLS_FALLBACK_SCSV, RFC 8446's downgrade sentinel), a tampered TLS 1.2
 * session ticket, cipher-suite downgrade to weak suites, and a plain TLS 1.3 handshake (what
 * 3.7.0 can do over 1.3).
 */
public final class WorkflowProbes {
    static {
        // TLS-Core's executor refuses to start without BouncyCastle registered (the Attacks do it
        // in Attacker's initializer); this is the attacking JVM, never the servers'
        if (Security.getProvider("BC") == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    private WorkflowProbes() {}

    public static List<Check> all() {
        List<Check> c = new ArrayList<>();
        c.add(new Check(
                "probe tls13-handshake",
                "A full TLS 1.3 handshake by TLS-Attacker 3.7.0 (x25519): "
                        + "shows what 3.7.0 can reach over 1.3; a finding only if it does not complete",
                WorkflowProbes::tls13Handshake));
        c.add(new Check(
                "probe renegotiation-secure",
                "TLS 1.2 handshake with renegotiation_info, then a "
                        + "client-initiated ClientHello: renegotiation allowed is noted, not a finding",
                t -> renegotiate(t, true)));
        c.add(new Check(
                "probe renegotiation-insecure",
                "TLS 1.2 handshake without renegotiation_info or SCSV, "
                        + "then a ClientHello: renegotiating would be the finding (RFC 5746)",
                t -> renegotiate(t, false)));
        c.add(new Check(
                "probe renegotiation-scsv",
                "ClientHello with TLS_EMPTY_RENEGOTIATION_INFO_SCSV only: "
                        + "a ServerHello without renegotiation_info would be the finding",
                WorkflowProbes::scsv));
        c.add(new Check(
                "probe fallback-scsv",
                "TLS 1.2 as highest version plus TLS_FALLBACK_SCSV (the server's best "
                        + "is 1.3): anything but inappropriate_fallback would be the finding",
                WorkflowProbes::fallbackScsv));
        c.add(new Check(
                "probe downgrade-sentinel",
                "TLS 1.2 as highest version: a ServerHello random without "
                        + "RFC 8446's DOWNGRD\\x01 would be the finding",
                WorkflowProbes::downgradeSentinel));
        c.add(new Check(
                "probe ticket-tampered-body",
                "TLS 1.2 ticket from a full handshake, one byte of its "
                        + "encrypted state flipped, offered again: a resumption would be the finding",
                t -> ticket(t, Tamper.BODY)));
        c.add(new Check(
                "probe ticket-tampered-mac",
                "The same with the ticket's last (MAC) byte flipped",
                t -> ticket(t, Tamper.MAC)));
        for (String[] weak : WEAK) {
            c.add(new Check(
                    "probe weak-suites " + weak[0],
                    "TLS 1.2 ClientHello offering only " + weak[0] + " suites: a ServerHello would be the finding",
                    t -> weakSuites(t, weak)));
        }
        return c;
    }

    private static final String[][] WEAK = {
        {
            "export",
            "TLS_RSA_EXPORT_WITH_RC4_40_MD5",
            "TLS_RSA_EXPORT_WITH_DES40_CBC_SHA",
            "TLS_RSA_EXPORT_WITH_RC2_CBC_40_MD5",
            "TLS_DHE_RSA_EXPORT_WITH_DES40_CBC_SHA"
        },
        {
            "NULL",
            "TLS_RSA_WITH_NULL_SHA",
            "TLS_RSA_WITH_NULL_SHA256",
            "TLS_ECDHE_RSA_WITH_NULL_SHA",
            "TLS_ECDHE_ECDSA_WITH_NULL_SHA"
        },
        {
            "anon",
            "TLS_DH_anon_WITH_AES_128_CBC_SHA",
            "TLS_DH_anon_WITH_AES_128_GCM_SHA256",
            "TLS_ECDH_anon_WITH_AES_128_CBC_SHA"
        },
        {"RC4", "TLS_RSA_WITH_RC4_128_SHA", "TLS_ECDHE_RSA_WITH_RC4_128_SHA", "TLS_ECDHE_ECDSA_WITH_RC4_128_SHA"},
        {
            "DES/3DES",
            "TLS_RSA_WITH_DES_CBC_SHA",
            "TLS_RSA_WITH_3DES_EDE_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_3DES_EDE_CBC_SHA",
            "TLS_ECDHE_ECDSA_WITH_3DES_EDE_CBC_SHA"
        },
    };

    /** A TLS 1.2 client configuration for the target's key kind (ECDHE, AES-GCM and CBC). */
    static Config tls12(Target t) {
        Config c = Config.createConfig();
        c.setDefaultClientConnection(new OutboundConnection(t.port, "127.0.0.1"));
        c.setHighestProtocolVersion(ProtocolVersion.TLS12);
        c.setDefaultHighestClientProtocolVersion(ProtocolVersion.TLS12);
        c.setDefaultSelectedProtocolVersion(ProtocolVersion.TLS12);
        List<CipherSuite> suites = new ArrayList<>();
        for (String s : AttackChecks.suites(t.kind.key(), false).split(",")) {
            suites.add(CipherSuite.valueOf(s));
        }
        c.setDefaultClientSupportedCipherSuites(suites);
        c.setDefaultSelectedCipherSuite(suites.get(0));
        c.setDefaultClientNamedGroups(NamedGroup.SECP256R1, NamedGroup.ECDH_X25519);
        c.setDefaultSelectedNamedGroup(NamedGroup.SECP256R1);
        c.setAddECPointFormatExtension(true);
        c.setAddEllipticCurveExtension(true);
        c.setAddSignatureAndHashAlgorithmsExtension(true);
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(
                SignatureAndHashAlgorithm.RSA_SHA256,
                SignatureAndHashAlgorithm.ECDSA_SHA256,
                SignatureAndHashAlgorithm.RSA_PSS_RSAE_SHA256);
        c.setAddRenegotiationInfoExtension(true);
        c.setAddExtendedMasterSecretExtension(true);
        c.setAddServerNameIndicationExtension(false);
        c.setStopActionsAfterFatal(true);
        c.setStopReceivingAfterFatal(true);
        c.setStopActionsAfterIOException(true);
        c.setQuickReceive(true);
        c.setEarlyStop(true);
        c.setWorkflowExecutorShouldClose(true);
        return c;
    }

    static State execute(Config c, WorkflowTrace trace) {
        State state = new State(c, trace);
        WorkflowExecutorFactory.createWorkflowExecutor(WorkflowExecutorType.DEFAULT, state)
                .executeWorkflow();
        return state;
    }

    static WorkflowTrace hello(Config c) {
        WorkflowTrace trace = new WorkflowTrace();
        trace.addTlsAction(new SendAction(new ClientHelloMessage(c)));
        trace.addTlsAction(new ReceiveAction(new ServerHelloMessage()));
        return trace;
    }

    static List<ProtocolMessage> received(WorkflowTrace trace) {
        List<ProtocolMessage> all = new ArrayList<>();
        for (TlsAction a : trace.getTlsActions()) {
            if (a instanceof ReceivingAction r && r.getReceivedMessages() != null) {
                all.addAll(r.getReceivedMessages());
            }
        }
        return all;
    }

    static int count(WorkflowTrace trace, HandshakeMessageType type) {
        int n = 0;
        for (ProtocolMessage m : received(trace)) {
            if (m instanceof HandshakeMessage h && h.getHandshakeMessageType() == type) {
                n++;
            }
        }
        return n;
    }

    /** What the server answered: its handshake messages and alerts, in order, for the table. */
    static String answered(WorkflowTrace trace) {
        List<String> seen = new ArrayList<>();
        for (ProtocolMessage m : received(trace)) {
            if (m instanceof AlertMessage a && a.getDescription() != null) {
                AlertDescription d =
                        AlertDescription.getAlertDescription(a.getDescription().getValue());
                seen.add("alert "
                        + (d == null ? a.getDescription().getValue() : d.name().toLowerCase()));
            } else if (m instanceof HandshakeMessage h) {
                seen.add(h.getHandshakeMessageType().name());
            } else {
                seen.add(m.toCompactString());
            }
        }
        return seen.isEmpty() ? "nothing (connection closed)" : String.join(", ", seen);
    }

    private static Check.Outcome tls13Handshake(Target t) {
        Config c = Config.createConfig();
        c.setDefaultClientConnection(new OutboundConnection(t.port, "127.0.0.1"));
        c.setHighestProtocolVersion(ProtocolVersion.TLS13);
        c.setDefaultHighestClientProtocolVersion(ProtocolVersion.TLS13);
        c.setDefaultSelectedProtocolVersion(ProtocolVersion.TLS13);
        c.setSupportedVersions(ProtocolVersion.TLS13);
        c.setAddSupportedVersionsExtension(true);
        c.setAddKeyShareExtension(true);
        c.setAddEllipticCurveExtension(true);
        c.setAddECPointFormatExtension(false);
        c.setAddSignatureAndHashAlgorithmsExtension(true);
        c.setAddRenegotiationInfoExtension(false);
        c.setDefaultClientNamedGroups(NamedGroup.ECDH_X25519);
        c.setDefaultClientKeyShareNamedGroups(NamedGroup.ECDH_X25519);
        c.setDefaultSelectedNamedGroup(NamedGroup.ECDH_X25519);
        c.setDefaultClientSupportedCipherSuites(CipherSuite.TLS_AES_128_GCM_SHA256);
        c.setDefaultSelectedCipherSuite(CipherSuite.TLS_AES_128_GCM_SHA256);
        c.setDefaultClientSupportedSignatureAndHashAlgorithms(
                SignatureAndHashAlgorithm.RSA_PSS_RSAE_SHA256, SignatureAndHashAlgorithm.ECDSA_SHA256);
        c.setStopActionsAfterFatal(true);
        c.setWorkflowExecutorShouldClose(true);
        WorkflowTrace trace = new WorkflowConfigurationFactory(c)
                .createWorkflowTrace(WorkflowTraceType.HANDSHAKE, RunningModeType.CLIENT);
        State s = execute(c, trace);
        boolean done = trace.executedAsPlanned();
        return new Check.Outcome(
                done ? Boolean.FALSE : null,
                (done ? "completed, " + s.getTlsContext().getSelectedCipherSuite() : "did not complete: ")
                        + (done ? "" : answered(trace)));
    }

    private static Check.Outcome renegotiate(Target t, boolean secure) {
        Config c = tls12(t);
        c.setAddRenegotiationInfoExtension(secure);
        WorkflowTrace trace = new WorkflowConfigurationFactory(c)
                .createWorkflowTrace(WorkflowTraceType.HANDSHAKE, RunningModeType.CLIENT);
        trace.addTlsAction(new SendAction(new ClientHelloMessage(c)));
        trace.addTlsAction(new ReceiveAction(new ServerHelloMessage()));
        execute(c, trace);
        int hellos = count(trace, HandshakeMessageType.SERVER_HELLO);
        if (hellos == 0) {
            return new Check.Outcome(null, "no first handshake: " + answered(trace));
        }
        boolean renegotiated = hellos >= 2;
        String note = (renegotiated ? "renegotiated" : "refused") + ": " + answered(trace);
        return new Check.Outcome(secure ? Boolean.FALSE : renegotiated, note);
    }

    private static Check.Outcome scsv(Target t) {
        Config c = tls12(t);
        c.setAddRenegotiationInfoExtension(false);
        List<CipherSuite> suites = new ArrayList<>(c.getDefaultClientSupportedCipherSuites());
        suites.add(CipherSuite.TLS_EMPTY_RENEGOTIATION_INFO_SCSV);
        c.setDefaultClientSupportedCipherSuites(suites);
        WorkflowTrace trace = hello(c);
        execute(c, trace);
        HandshakeMessage sh = firstServerHello(trace);
        if (sh == null) {
            return new Check.Outcome(null, "no ServerHello: " + answered(trace));
        }
        boolean echoed = sh.containsExtension(ExtensionType.RENEGOTIATION_INFO);
        return new Check.Outcome(
                !echoed, echoed ? "ServerHello carries renegotiation_info" : "ServerHello lacks renegotiation_info");
    }

    private static HandshakeMessage firstServerHello(WorkflowTrace trace) {
        for (ProtocolMessage m : received(trace)) {
            if (m instanceof HandshakeMessage h && h.getHandshakeMessageType() == HandshakeMessageType.SERVER_HELLO) {
                return h;
            }
        }
        return null;
    }

    private static Check.Outcome fallbackScsv(Target t) {
        Config c = tls12(t);
        List<CipherSuite> suites = new ArrayList<>(c.getDefaultClientSupportedCipherSuites());
        suites.add(CipherSuite.TLS_FALLBACK_SCSV);
        c.setDefaultClientSupportedCipherSuites(suites);
        WorkflowTrace trace = hello(c);
        execute(c, trace);
        boolean hello = firstServerHello(trace) != null;
        return new Check.Outcome(hello, answered(trace));
    }

    private static final byte[] DOWNGRADE_TLS12 = "DOWNGRD\u0001".getBytes(StandardCharsets.ISO_8859_1);

    private static Check.Outcome downgradeSentinel(Target t) {
        Config c = tls12(t);
        WorkflowTrace trace = hello(c);
        State s = execute(c, trace);
        if (firstServerHello(trace) == null) {
            return new Check.Outcome(null, "no ServerHello: " + answered(trace));
        }
        byte[] random = s.getTlsContext().getServerRandom();
        byte[] tail = Arrays.copyOfRange(random, random.length - 8, random.length);
        boolean marked = Arrays.equals(tail, DOWNGRADE_TLS12);
        return new Check.Outcome(
                !marked,
                (marked ? "sentinel present" : "sentinel missing") + ", "
                        + s.getTlsContext().getSelectedProtocolVersion() + " "
                        + s.getTlsContext().getSelectedCipherSuite());
    }

    enum Tamper {
        NONE,
        BODY,
        MAC
    }

    /** A full handshake for a ticket; then the ticket, tampered or not, offered in a new ClientHello. */
    private static Check.Outcome ticket(Target t, Tamper tamper) {
        Config first = tls12(t);
        first.setAddSessionTicketTLSExtension(true);
        WorkflowTrace full = new WorkflowConfigurationFactory(first)
                .createWorkflowTrace(WorkflowTraceType.HANDSHAKE, RunningModeType.CLIENT);
        // close cleanly: a connection cut without close_notify may end its session on either stack
        AlertMessage closeNotify = new AlertMessage();
        closeNotify.setConfig(AlertLevel.WARNING, AlertDescription.CLOSE_NOTIFY);
        full.addTlsAction(new SendAction(closeNotify));
        State s = execute(first, full);
        byte[] ticket = s.getTlsContext().getSessionTicketTLS();
        if (ticket == null || ticket.length < 32) {
            return new Check.Outcome(null, "no ticket issued: " + answered(full));
        }
        // the untampered ticket must resume, or the probe cannot tell a refusal from no support
        String genuine = offer(t, ticket.clone());
        if (!genuine.equals("resumed")) {
            return new Check.Outcome(null, "the genuine ticket did not resume either (" + genuine + ")");
        }
        byte[] bad = ticket.clone();
        int at = tamper == Tamper.MAC ? bad.length - 1 : bad.length / 2;
        bad[at] ^= 0x01;
        String answer = offer(t, bad);
        return new Check.Outcome(answer.equals("resumed"), "genuine ticket resumed; tampered: " + answer);
    }

    private static String offer(Target t, byte[] ticket) {
        Config c = tls12(t);
        c.setAddSessionTicketTLSExtension(true);
        c.setTlsSessionTicket(ticket);
        byte[] id = new byte[32];
        Arrays.fill(id, (byte) 0x5a);
        c.setDefaultClientSessionId(id);
        WorkflowTrace trace = new WorkflowTrace();
        trace.addTlsAction(new SendAction(new ClientHelloMessage(c)));
        // a full handshake's flight; a resumption answers ServerHello, [NewSessionTicket,] ChangeCipherSpec
        trace.addTlsAction(new ReceiveAction(
                new ServerHelloMessage(),
                new CertificateMessage(),
                new ECDHEServerKeyExchangeMessage(),
                new ServerHelloDoneMessage()));
        execute(c, trace);
        HandshakeMessage sh = firstServerHello(trace);
        if (sh == null) {
            return "no ServerHello: " + answered(trace);
        }
        if (count(trace, HandshakeMessageType.CERTIFICATE) > 0) {
            return "full handshake (" + answered(trace) + ")";
        }
        boolean ccs = received(trace).stream().anyMatch(m -> m instanceof ChangeCipherSpecMessage);
        boolean idEchoed = ((ServerHelloMessage) sh).getSessionId() != null
                && Arrays.equals(((ServerHelloMessage) sh).getSessionId().getValue(), id);
        return ccs || idEchoed ? "resumed" : "neither resumed nor a full handshake (" + answered(trace) + ")";
    }

    private static Check.Outcome weakSuites(Target t, String[] weak) {
        Config c = tls12(t);
        List<CipherSuite> suites = new ArrayList<>();
        for (int i = 1; i < weak.length; i++) {
            try {
                suites.add(CipherSuite.valueOf(weak[i]));
            } catch (IllegalArgumentException unknownToTheTool) {
                // skipped
            }
        }
        c.setDefaultClientSupportedCipherSuites(suites);
        c.setDefaultSelectedCipherSuite(suites.get(0));
        WorkflowTrace trace = hello(c);
        execute(c, trace);
        HandshakeMessage sh = firstServerHello(trace);
        return new Check.Outcome(sh != null, answered(trace));
    }
}
