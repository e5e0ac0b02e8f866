package dev.acceljce.attack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The servers' keys: one PKCS#12 store per kind ({@code rsa2048}, {@code ec256}), self-signed for
 * 127.0.0.1 by the JDK's keytool, shared by both stacks' servers so they present the same
 * certificate.
 */
public final class Keys {
    static final char[] PASSWORD = "attack".toCharArray();

    private Keys() {}

    /** Makes (once) and returns the store of {@code kind} in {@code dir}. */
    public static Path store(Path dir, String kind) throws IOException, InterruptedException {
        Path store = dir.resolve(kind + ".p12");
        if (Files.exists(store)) {
            return store;
        }
        List<String> alg = switch (kind) {
            case "rsa2048" -> List.of("-keyalg", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
            case "ec256" -> List.of("-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA");
            default -> throw new IllegalArgumentException(kind);
        };
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "server",
                "-dname",
                "CN=localhost",
                "-ext",
                "san=ip:127.0.0.1,dns:localhost",
                "-validity",
                "30",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD)));
        cmd.addAll(alg);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed for " + store + ": " + out);
        }
        return store;
    }
}
