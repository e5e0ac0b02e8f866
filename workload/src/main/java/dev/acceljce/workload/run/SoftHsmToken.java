package dev.acceljce.workload.run;

import dev.acceljce.workload.config.Configuration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The PKCS#11 token of the pkcs11-token configuration: a SoftHSM2 token made in the run's
 * temporary directory (its own softhsm2.conf, token directory and log level; nothing outside is
 * touched), holding the bank's private key and certificate, imported through SunPKCS11 by a
 * small JVM ({@link TokenImport}).
 */
record SoftHsmToken(Path pkcs11Config, Map<String, String> environment) {
    static final String PIN = "20261125";
    private static final Path UTIL = Path.of("/usr/bin/softhsm2-util");

    static SoftHsmToken create(Path work, Path bankStore) throws IOException, InterruptedException {
        if (!Files.isExecutable(UTIL) || !Files.exists(Configuration.SOFTHSM_MODULE)) {
            throw new IOException("SoftHSM2 is missing (" + UTIL + ", " + Configuration.SOFTHSM_MODULE
                    + "): apt-get install -y softhsm2");
        }
        Path dir = Files.createDirectories(work.resolve("softhsm"));
        Path tokens = Files.createDirectories(dir.resolve("tokens"));
        Path conf = dir.resolve("softhsm2.conf");
        Files.writeString(conf, """
                directories.tokendir = %s
                objectstore.backend = file
                log.level = INFO
                slots.removable = false
                """.formatted(tokens));
        Map<String, String> env = Map.of("SOFTHSM2_CONF", conf.toString());
        run(env, UTIL.toString(), "--init-token", "--free", "--label", "workload", "--pin", PIN, "--so-pin", PIN);
        Path p11 = dir.resolve("sunpkcs11-softhsm.cfg");
        Files.writeString(p11, """
                name = SoftHSM
                library = %s
                slotListIndex = 0
                """.formatted(Configuration.SOFTHSM_MODULE));
        run(
                env,
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                TokenImport.class.getName(),
                p11.toString(),
                PIN,
                bankStore.toString());
        return new SoftHsmToken(p11, env);
    }

    private static void run(Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("token set-up failed: " + String.join(" ", cmd) + "\n" + out);
        }
    }
}
