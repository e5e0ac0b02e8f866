package dev.acceljce.workload.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The server certificates of a run, made by the JDK's {@code keytool} into PKCS#12 stores in the
 * run's temporary directory (self-signed, SAN IP 127.0.0.1): one for the bank, one for BeSim.
 */
public final class Certificates {
    public static final char[] PASSWORD = "workload".toCharArray();
    public static final String ALIAS = "server";

    private Certificates() {}

    /** Makes {@code name.p12} in dir for the setting's key kind unless it exists; returns its path. */
    public static Path make(Path dir, String name, TlsSetting.KeyKind key) throws IOException, InterruptedException {
        Path store = dir.resolve(name + "-" + key.name().toLowerCase() + ".p12");
        if (Files.exists(store)) {
            return store;
        }
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> cmd = new ArrayList<>(List.of(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                ALIAS,
                "-keyalg",
                key.algorithm,
                "-sigalg",
                key.certSignature,
                "-validity",
                "30",
                "-dname",
                "CN=" + name + ".workload.test",
                "-ext",
                "san=ip:127.0.0.1",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD),
                "-keypass",
                new String(PASSWORD)));
        if (key.curve != null) {
            cmd.addAll(List.of("-groupname", key.curve));
        } else {
            cmd.addAll(List.of("-keysize", Integer.toString(key.bits)));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed for " + store + ": " + out);
        }
        return store;
    }

    public static KeyStore load(Path p12) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(p12)) {
            ks.load(in, PASSWORD);
        }
        return ks;
    }

    /** A trust store holding only the certificate of the store at p12. */
    public static KeyStore trusting(Path p12) throws IOException, GeneralSecurityException {
        X509Certificate cert = (X509Certificate) load(p12).getCertificate(ALIAS);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("trusted", cert);
        return trust;
    }
}
