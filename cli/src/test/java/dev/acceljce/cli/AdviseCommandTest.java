package dev.acceljce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.cli.advise.TlsAdvice;
import dev.acceljce.ssh.advise.SshAdvice;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code advise ssh|tls --quick} in process: they measure (tiny sizes, one run) and print
 * well-formed lines naming only the allowed algorithms, each once.
 */
class AdviseCommandTest {
    /** Weak or deprecated names that must never appear in a configuration line. */
    private static final List<String> NEVER = List.of(
            "cbc",
            "sha1",
            "md5",
            "3des",
            "arcfour",
            "rc4",
            "blowfish",
            "cast128",
            "tls_rsa_",
            "_cbc_",
            "null",
            "anon",
            "export",
            "des");

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(
                List.of(args),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        System.out.print(text);
        return text.split("\n");
    }

    @Test
    void sshPrintsCiphersAndMacsLines() {
        String[] lines = run("advise", "ssh", "--quick");
        List<String> ciphers =
                Arrays.stream(lines).filter(l -> l.startsWith("Ciphers ")).toList();
        List<String> macs =
                Arrays.stream(lines).filter(l -> l.startsWith("MACs ")).toList();
        assertTrue(!ciphers.isEmpty() && ciphers.size() == macs.size(), String.join("\n", lines));
        for (String l : ciphers) {
            assertList(l.substring("Ciphers ".length()), Set.copyOf(SshAdvice.CIPHERS));
        }
        for (String l : macs) {
            assertList(l.substring("MACs ".length()), Set.copyOf(SshAdvice.MACS));
        }
        assertTrue(Arrays.stream(lines).anyMatch(l -> l.contains("SshConfigFileReader.configureCiphers(")));
    }

    @Test
    void tlsPrintsSuitesAndGroups() {
        String[] lines = run("advise", "tls", "--quick");
        Set<String> suites = new java.util.HashSet<>(TlsAdvice.TLS13_SUITES);
        suites.addAll(TlsAdvice.TLS12_SUITES);
        for (String property : List.of("jdk.tls.client.cipherSuites=", "jdk.tls.server.cipherSuites=")) {
            String line = Arrays.stream(lines)
                    .filter(l -> l.startsWith(property))
                    .findFirst()
                    .orElseThrow();
            assertList(line.substring(property.length()), suites);
            assertTrue(
                    line.substring(property.length()).startsWith("TLS_AES_") || line.contains("=TLS_CHACHA20"),
                    "TLS 1.3 suites first: " + line);
        }
        String groups = Arrays.stream(lines)
                .filter(l -> l.startsWith("jdk.tls.namedGroups="))
                .findFirst()
                .orElseThrow();
        assertList(groups.substring("jdk.tls.namedGroups=".length()), Set.copyOf(TlsAdvice.GROUPS));
        // measured through AccelJCE: its counters saw the record cipher and the key agreement run natively
        assertTrue(
                Arrays.stream(lines).anyMatch(l -> l.matches("#   Cipher\\.AES/GCM/NoPadding +[1-9][0-9]* / 0")),
                String.join("\n", lines));
        assertTrue(
                Arrays.stream(lines).anyMatch(l -> l.matches("#   KeyAgreement\\.(XDH|X25519|ECDH) +[1-9][0-9]* / 0")),
                String.join("\n", lines));
    }

    /** A comma list, non-empty, no repeats, only allowed names, nothing weak. */
    private static void assertList(String list, Set<String> allowed) {
        assertTrue(Pattern.matches("[A-Za-z0-9_@.-]+(,[A-Za-z0-9_@.-]+)*", list), list);
        List<String> names = List.of(list.split(","));
        assertEquals(names.size(), Set.copyOf(names).size(), "repeated: " + list);
        for (String n : names) {
            assertTrue(allowed.contains(n), n + " is not an allowed name");
            String lower = n.toLowerCase(Locale.ROOT);
            NEVER.forEach(w -> assertFalse(lower.contains(w), n + " looks weak (" + w + ")"));
        }
    }
}
