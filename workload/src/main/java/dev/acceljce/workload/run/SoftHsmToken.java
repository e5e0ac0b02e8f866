package dev.acceljce.workload.run;

import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.tls.TlsSetting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The PKCS#11 token of the pkcs11-token configuration: a SoftHSM2 token made in the run's
 * temporary directory (its own softhsm2.conf, token directory and log level; nothing outside is
 * touched), holding the bank's private key and certificate, imported through SunPKCS11 by a
 * small JVM ({@link TokenImport}); then, when OpenSC's pkcs11-spy is installed, the token's own
 * log of a few handshakes ({@link TokenProof}).
 *
 * @param proof what the token's log showed, or null when the spy is missing
 */
record SoftHsmToken(Path pkcs11Config, Map<String, String> environment, TokenProof.Account proof) {
    static final String PIN = "20261125";
    private static final Path UTIL = DebianPackages.SOFTHSM2_UTIL;

    static SoftHsmToken create(Path work, Path bankStore, TlsSetting tls, Configuration config)
            throws IOException, InterruptedException {
        SoftHsmToken token = holding(work, bankStore);
        return new SoftHsmToken(
                token.pkcs11Config,
                token.environment,
                DebianPackages.PKCS11_SPY.present() ? token.prove(bankStore, tls, config) : null);
    }

    /** A token in {@code work/softhsm} holding the key and certificate of {@code store}; no proof run. */
    static SoftHsmToken holding(Path work, Path store) throws IOException, InterruptedException {
        if (!DebianPackages.SOFTHSM2.present()) {
            throw new IOException("SoftHSM2 is missing (" + DebianPackages.SOFTHSM2.files() + "): "
                    + DebianPackages.SOFTHSM2.installLine());
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
        run(env, java(TokenImport.class, List.of(), p11.toString(), PIN, store.toString()));
        return new SoftHsmToken(p11, env, null);
    }

    /**
     * How a JVM reaches this token through OpenSC's pkcs11-spy, which logs every PKCS#11 call the
     * token receives to {@link #log}: SunPKCS11 loads the spy, the spy loads SoftHSM2.
     *
     * @param pkcs11Config the SunPKCS11 configuration naming the spy
     * @param environment  the child JVM's environment (the token's and the spy's settings)
     * @param log          the spy's log, complete once that JVM has exited
     */
    record Spied(Path pkcs11Config, Map<String, String> environment, Path log) {}

    Spied spied() throws IOException {
        Path dir = pkcs11Config.getParent();
        Path spyConfig = dir.resolve("sunpkcs11-spy.cfg");
        Files.writeString(spyConfig, """
                name = SoftHSMSpy
                library = %s
                slotListIndex = 0
                """.formatted(TokenProof.SPY_MODULE));
        Path spyLog = dir.resolve("pkcs11-spy.log");
        Map<String, String> spyEnv = new HashMap<>(environment);
        spyEnv.put("PKCS11SPY", Configuration.SOFTHSM_MODULE.toString());
        spyEnv.put("PKCS11SPY_OUTPUT", spyLog.toString());
        return new Spied(spyConfig, Map.copyOf(spyEnv), spyLog);
    }

    /** {@link TokenProof} in its own JVM, through the spy. */
    private TokenProof.Account prove(Path bankStore, TlsSetting tls, Configuration config)
            throws IOException, InterruptedException {
        Spied spy = spied();
        String out = run(
                spy.environment(),
                java(
                        TokenProof.class,
                        config.jvmOptions(),
                        spy.pkcs11Config().toString(),
                        PIN,
                        bankStore.toString(),
                        tls.id,
                        Integer.toString(TokenProof.HANDSHAKES),
                        config.id));
        return TokenProof.account(out, Files.readString(spy.log()));
    }

    /** {@link ChildJvm#javaCommand} for a short JVM whose output this process reads. */
    static String[] java(Class<?> mainClass, List<String> jvmOptions, String... args) {
        return ChildJvm.javaCommand(jvmOptions, mainClass.getName(), List.of(args))
                .toArray(String[]::new);
    }

    /** Runs {@code cmd} to its end; its output, or IOException with it when it failed. */
    static String run(Map<String, String> env, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("token set-up timed out: " + String.join(" ", cmd) + "\n" + out);
        }
        if (p.exitValue() != 0) {
            throw new IOException("token set-up failed: " + String.join(" ", cmd) + "\n" + out);
        }
        return out;
    }
}
