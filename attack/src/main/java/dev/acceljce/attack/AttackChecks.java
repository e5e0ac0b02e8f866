package dev.acceljce.attack;

import com.beust.jcommander.JCommander;
import de.rub.nds.tlsattacker.attacks.config.AttackConfig;
import de.rub.nds.tlsattacker.attacks.config.BleichenbacherCommandConfig;
import de.rub.nds.tlsattacker.attacks.config.Cve20162107CommandConfig;
import de.rub.nds.tlsattacker.attacks.config.EarlyCCSCommandConfig;
import de.rub.nds.tlsattacker.attacks.config.EarlyFinishedCommandConfig;
import de.rub.nds.tlsattacker.attacks.config.HeartbleedCommandConfig;
import de.rub.nds.tlsattacker.attacks.config.InvalidCurveAttackConfig;
import de.rub.nds.tlsattacker.attacks.config.PaddingOracleCommandConfig;
import de.rub.nds.tlsattacker.attacks.config.PoodleCommandConfig;
import de.rub.nds.tlsattacker.attacks.config.TLSPoodleCommandConfig;
import de.rub.nds.tlsattacker.attacks.impl.Attacker;
import de.rub.nds.tlsattacker.attacks.impl.BleichenbacherAttacker;
import de.rub.nds.tlsattacker.attacks.impl.Cve20162107Attacker;
import de.rub.nds.tlsattacker.attacks.impl.EarlyCCSAttacker;
import de.rub.nds.tlsattacker.attacks.impl.EarlyFinishedAttacker;
import de.rub.nds.tlsattacker.attacks.impl.HeartbleedAttacker;
import de.rub.nds.tlsattacker.attacks.impl.InvalidCurveAttacker;
import de.rub.nds.tlsattacker.attacks.impl.PaddingOracleAttacker;
import de.rub.nds.tlsattacker.attacks.impl.PoodleAttacker;
import de.rub.nds.tlsattacker.attacks.impl.TLSPoodleAttacker;
import de.rub.nds.tlsattacker.core.config.Config;
import de.rub.nds.tlsattacker.core.config.delegate.GeneralDelegate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * TLS-Attacker 3.7.0's attacks (module {@code Attacks}), each configured as on its command line
 * ({@code <command> -connect 127.0.0.1:port ...}) and asked {@code checkVulnerability()}: true,
 * false, or null (could not tell: most often no handshake with the suites the attack needs).
 */
public final class AttackChecks {
    private AttackChecks() {}

    /** The TLS 1.2 suites offered to a target whose certificate is of {@code key}'s kind. */
    static String suites(String key, boolean cbcOnly) {
        String auth = key.startsWith("rsa") ? "RSA" : "ECDSA";
        List<String> s = new ArrayList<>();
        if (!cbcOnly) {
            s.add("TLS_ECDHE_" + auth + "_WITH_AES_128_GCM_SHA256");
        }
        s.add("TLS_ECDHE_" + auth + "_WITH_AES_128_CBC_SHA");
        s.add("TLS_ECDHE_" + auth + "_WITH_AES_128_CBC_SHA256");
        if (auth.equals("RSA")) {
            s.add("TLS_RSA_WITH_AES_128_CBC_SHA");
            s.add("TLS_RSA_WITH_AES_128_CBC_SHA256");
        }
        return String.join(",", s);
    }

    /** Every attack check, in the table's order. */
    public static List<Check> all() {
        List<Check> c = new ArrayList<>();
        c.add(attack(
                "padding_oracle",
                "CBC padding oracle (TLS 1.2, CLASSIC vectors, SHORT records)",
                (t) -> run(
                        new PaddingOracleCommandConfig(new GeneralDelegate()),
                        PaddingOracleAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-cipher",
                        suites(t.kind.key(), true))));
        c.add(attack(
                "bleichenbacher",
                "Bleichenbacher (RSA key exchange, FAST, CKE-CCS-FIN)",
                (t) -> run(
                        new BleichenbacherCommandConfig(new GeneralDelegate()),
                        BleichenbacherAttacker::new,
                        t,
                        "-version",
                        "TLS12")));
        c.add(attack(
                "invalid_curve -protocol_flows 3",
                "Invalid curve, static ECDH (the tool's default suites; neither stack has them)",
                (t) -> run(
                        new InvalidCurveAttackConfig(new GeneralDelegate()),
                        InvalidCurveAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-protocol_flows",
                        "3")));
        c.add(attack(
                "invalid_curve -ephemeral",
                "Invalid curve point in the ECDHE ClientKeyExchange (P-256, 15 flows)",
                (t) -> run(
                        new InvalidCurveAttackConfig(new GeneralDelegate()),
                        InvalidCurveAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-ephemeral")));
        c.add(attack(
                "invalid_curve -ephemeral -point_format ANSIX962_COMPRESSED_PRIME",
                "The same, point sent compressed",
                (t) -> run(
                        new InvalidCurveAttackConfig(new GeneralDelegate()),
                        InvalidCurveAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-ephemeral",
                        "-point_format",
                        "ANSIX962_COMPRESSED_PRIME")));
        c.add(attack(
                "invalid_curve -ephemeral -renegotiation",
                "The same, in a renegotiation handshake",
                (t) -> run(
                        new InvalidCurveAttackConfig(new GeneralDelegate()),
                        InvalidCurveAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-ephemeral",
                        "-renegotiation")));
        c.add(attack(
                "early_ccs",
                "Early ChangeCipherSpec (CVE-2014-0224)",
                (t) -> run(
                        new EarlyCCSCommandConfig(new GeneralDelegate()),
                        EarlyCCSAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-cipher",
                        suites(t.kind.key(), false))));
        c.add(attack(
                "early_finished",
                "Finished before the key exchange",
                (t) -> run(
                        new EarlyFinishedCommandConfig(new GeneralDelegate()),
                        EarlyFinishedAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-cipher",
                        suites(t.kind.key(), false))));
        c.add(attack(
                "heartbleed",
                "Heartbleed (heartbeat with a long payload length)",
                (t) -> run(
                        new HeartbleedCommandConfig(new GeneralDelegate()),
                        HeartbleedAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-cipher",
                        suites(t.kind.key(), false))));
        c.add(attack(
                "poodle",
                "POODLE (SSL 3.0 offered)",
                (t) -> run(
                        new PoodleCommandConfig(new GeneralDelegate()),
                        PoodleAttacker::new,
                        t,
                        "-cipher",
                        suites(t.kind.key(), true))));
        c.add(attack(
                "tls_poodle",
                "TLS POODLE (padding bytes not checked)",
                (t) -> run(
                        new TLSPoodleCommandConfig(new GeneralDelegate()),
                        TLSPoodleAttacker::new,
                        t,
                        "-version",
                        "TLS12",
                        "-cipher",
                        suites(t.kind.key(), true))));
        c.add(attack(
                "cve20162107",
                "CVE-2016-2107 (AES-NI CBC padding check)",
                (t) -> run(
                        new Cve20162107CommandConfig(new GeneralDelegate()),
                        Cve20162107Attacker::new,
                        t,
                        "-versions",
                        "TLS12",
                        "-cipher",
                        suites(t.kind.key(), true))));
        return c;
    }

    private static Check attack(String command, String what, Function<Target, Boolean> run) {
        return new Check("TLS-Attacker " + command, what, t -> {
            String missing = missing(command, t);
            return missing != null ? new Check.Outcome(null, missing) : Check.Outcome.of(run.apply(t));
        });
    }

    /**
     * Why the target cannot be attacked this way, or null. Each of these attacks offers only CBC
     * suites (or RSA key exchange); against a server without them TLS-Attacker 3.7.0 retries its
     * handshakes with growing timeouts for many minutes before it answers null.
     */
    static String missing(String command, Target t) {
        boolean cbc = t.enabledSuites.stream().anyMatch(s -> s.contains("_CBC_"));
        boolean rsa =
                t.kind.key().startsWith("rsa") && t.enabledSuites.stream().anyMatch(s -> s.startsWith("TLS_RSA_"));
        if (command.startsWith("bleichenbacher") && !rsa) {
            return "not applicable: no RSA key exchange enabled (or no RSA certificate)";
        }
        boolean cbcOnly = command.startsWith("padding_oracle")
                || command.startsWith("invalid_curve -ephemeral")
                || command.contains("poodle")
                || command.startsWith("cve2016");
        return cbcOnly && !cbc ? "not applicable: no CBC suite enabled" : null;
    }

    /** Parses {@code args} (after {@code -connect}) into config as the tool's command line would, then checks. */
    static <C extends AttackConfig> Boolean run(
            C config, BiFunction<C, Config, Attacker<C>> attacker, Target t, String... args) {
        List<String> all = new ArrayList<>(List.of("-connect", "127.0.0.1:" + t.port));
        all.addAll(List.of(args));
        JCommander.newBuilder().addObject(config).build().parse(all.toArray(String[]::new));
        return attacker.apply(config, config.createConfig()).checkVulnerability();
    }
}
