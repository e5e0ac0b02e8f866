package dev.acceljce.workload.run;

import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Ready;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The JVMs of one configuration and TLS setting: the bank (CPU 1, the configuration under test),
 * BeSim and the driver (CPU 0), started together, kept warm across the load points of the search,
 * and stopped together.
 */
record Servers(
        Configuration configuration,
        TlsSetting tls,
        Path work,
        Path bankStore,
        ChildJvm besim,
        ChildJvm bank,
        int bankPort,
        ChildJvm driver,
        TokenProof.Account tokenProof)
        implements AutoCloseable {
    static final int SERVER_CPU = 1;
    static final int DRIVER_CPU = 0;

    static Servers start(Configuration config, TlsSetting tls, RunSpec spec, Path work) throws Exception {
        Path bankStore = Certificates.make(work, "bank", tls.key);
        Path besimStore = Certificates.make(work, "besim", tls.key);
        ChildJvm besim = ChildJvm.start(
                "besim-" + config.id,
                DRIVER_CPU,
                List.of("-Xmx512m", "-XX:+UseSerialGC"),
                "dev.acceljce.workload.besim.BeSimMain",
                List.of("--tls", tls.id, "--store", besimStore.toString(), "--provider", spec.coreProvider()),
                Map.of(),
                work);
        ChildJvm bank = null;
        ChildJvm driver = null;
        try {
            int besimPort = port(besim);
            List<String> args = new ArrayList<>(List.of(
                    "--config",
                    config.id,
                    "--tls",
                    tls.id,
                    "--store",
                    bankStore.toString(),
                    "--besim-port",
                    Integer.toString(besimPort),
                    "--besim-store",
                    besimStore.toString(),
                    "--besim-mode",
                    spec.besimMode(),
                    "--work",
                    work.toString(),
                    "--port",
                    Integer.toString(spec.bankPort())));
            Map<String, String> env = Map.of();
            TokenProof.Account tokenProof = null;
            if (config.tokenKey()) {
                SoftHsmToken token = SoftHsmToken.create(work, bankStore, tls, config);
                tokenProof = token.proof();
                args.addAll(
                        List.of("--token-config", token.pkcs11Config().toString(), "--token-pin", SoftHsmToken.PIN));
                env = token.environment();
            }
            List<String> jvm = new ArrayList<>(List.of("-Xmx1g", "-XX:+UseSerialGC"));
            jvm.addAll(config.jvmOptions());
            jvm.addAll(spec.bankJvmOptions());
            bank = ChildJvm.start(
                    "bank-" + config.id, SERVER_CPU, jvm, "dev.acceljce.workload.bank.BankMain", args, env, work);
            int bankPort = port(bank);
            driver = ChildJvm.start(
                    "driver-" + config.id,
                    DRIVER_CPU,
                    List.of("-Xmx2g", "-XX:+UseSerialGC"),
                    "dev.acceljce.workload.driver.DriverMain",
                    List.of(
                            "--tls",
                            tls.id,
                            "--port",
                            Integer.toString(bankPort),
                            "--trust-store",
                            bankStore.toString(),
                            "--think-mean",
                            Double.toString(spec.thinkMeanSeconds()),
                            "--server-pid",
                            Long.toString(bank.pid()),
                            "--besim-pid",
                            Long.toString(besim.pid()),
                            "--provider",
                            spec.coreProvider()),
                    Map.of(),
                    work);
            driver.await(120, "READY");
            return new Servers(config, tls, work, bankStore, besim, bank, bankPort, driver, tokenProof);
        } catch (Exception e) {
            if (driver != null) {
                driver.close();
            }
            if (bank != null) {
                bank.close();
            }
            besim.close();
            throw e;
        }
    }

    private static int port(ChildJvm child) throws IOException, InterruptedException {
        String line = child.await(120, Ready.LISTENING, Ready.FAILED);
        if (line.startsWith(Ready.FAILED)) {
            throw new IOException(child.name() + " could not start: "
                    + line.substring(Ready.FAILED.length()).trim());
        }
        return Integer.parseInt(line.split(" ")[1]);
    }

    @Override
    public void close() {
        driver.close();
        bank.close();
        besim.close();
    }
}
