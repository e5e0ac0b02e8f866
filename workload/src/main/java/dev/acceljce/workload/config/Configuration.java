package dev.acceljce.workload.config;

import dev.acceljce.AccelJceProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;

/**
 * A provider configuration of the bank's JVM, after EEJS Table 1 (configurations A-F) and
 * DayTrader's set-ups. Every configuration runs the same server code; all but {@link #ACCELJCE_TLS}
 * and {@link #ACCELJCE_TLS_TOKEN} on SunJSSE, changing only the JVM flags and which JCA provider is first in the list;
 * those two give the bank's Jetty connector AccelJCE's own SSLContext. {@link #install} runs first thing in
 * the bank's main.
 */
public enum Configuration {
    JDK_DEFAULT("jdk-default", "JDK 25 providers, HotSpot intrinsics on (EEJS E)"),
    JDK_SOFTWARE(
            "jdk-software",
            "JDK 25 providers, AES/GHASH/SHA intrinsics off (EEJS F, the baseline)",
            "-XX:+UnlockDiagnosticVMOptions",
            "-XX:-UseAESIntrinsics",
            "-XX:-UseAESCTRIntrinsics",
            "-XX:-UseGHASHIntrinsics",
            "-XX:-UseSHA1Intrinsics",
            "-XX:-UseSHA256Intrinsics",
            "-XX:-UseSHA512Intrinsics"),
    ACCELJCE_AUTO("acceljce-auto", "AccelJCE first, policy auto", "-Dacceljce.policy=auto"),
    ACCELJCE_NATIVE("acceljce-native", "AccelJCE first, policy native", "-Dacceljce.policy=native"),
    ACCP("accp", "Amazon Corretto Crypto Provider 2.5.0 first"),
    CONSCRYPT("conscrypt", "Conscrypt 2.9.0 first as a JCA provider (SunJSSE still does TLS; X25519 left to SunEC)"),
    NSS("nss", "SunPKCS11 over NSS softokn first (EEJS A, 'the traditional PKCS11 provider')"),
    PKCS11_TOKEN(
            "pkcs11-token",
            "server key in a SoftHSM2 token via SunPKCS11, AccelJCE (native) serving the rest",
            "-Dacceljce.policy=native"),
    ACCELJCE_TLS(
            "acceljce-tls",
            "AccelJCE's own TLS stack (AccelJCE-TLS, AWS-LC's libssl) serving the bank's HTTPS; AccelJCE first (native)",
            "-Dacceljce.policy=native"),
    ACCELJCE_TLS_TOKEN(
            "acceljce-tls-token",
            "server key in a SoftHSM2 token via SunPKCS11, AccelJCE's own TLS stack serving the bank's HTTPS"
                    + " (libssl asks the JCA for the token's signature); AccelJCE first (native)",
            "-Dacceljce.policy=native");

    /** Where Debian's NSS softokn lives. */
    public static final Path NSS_LIBRARY_DIR = Path.of("/usr/lib/x86_64-linux-gnu");
    /** Debian's SoftHSM2 PKCS#11 module. */
    public static final Path SOFTHSM_MODULE = Path.of("/usr/lib/softhsm/libsofthsm2.so");

    public final String id;
    public final String description;
    private final List<String> jvmOptions;

    Configuration(String id, String description, String... jvmOptions) {
        this.id = id;
        this.description = description;
        this.jvmOptions = List.of(jvmOptions);
    }

    /** The flags the bank's JVM starts with. */
    public List<String> jvmOptions() {
        return jvmOptions;
    }

    /** Whether AccelJCE's counters are meaningful (AccelJCE is in the bank's provider list). */
    public boolean usesAccelJce() {
        return this == ACCELJCE_AUTO
                || this == ACCELJCE_NATIVE
                || this == PKCS11_TOKEN
                || this == ACCELJCE_TLS
                || this == ACCELJCE_TLS_TOKEN;
    }

    /** Whether the bank's HTTPS runs on AccelJCE's own TLS stack rather than SunJSSE. */
    public boolean ownTlsStack() {
        return this == ACCELJCE_TLS || this == ACCELJCE_TLS_TOKEN;
    }

    /** Whether the bank's server key lives in a SoftHSM2 token (SunPKCS11), not in its key store. */
    public boolean tokenKey() {
        return this == PKCS11_TOKEN || this == ACCELJCE_TLS_TOKEN;
    }

    /**
     * Installs this configuration's provider first in the running JVM. workDir is the run's
     * temporary directory (for the NSS configuration file). Returns the provider list, for the log.
     */
    public String install(Path workDir) throws IOException {
        switch (this) {
            case JDK_DEFAULT, JDK_SOFTWARE -> {}
            case ACCELJCE_AUTO, ACCELJCE_NATIVE, PKCS11_TOKEN, ACCELJCE_TLS, ACCELJCE_TLS_TOKEN ->
                Security.insertProviderAt(new AccelJceProvider(), 1);
            case ACCP -> com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider.install();
            case CONSCRYPT -> {
                // SunJSSE's NamedGroup table asks AlgorithmParameters.EC about every group once, binary
                // curves included; Conscrypt's answers those with an InvalidParameterException that
                // JSSE does not expect (its static initializer fails). Build the table with SunEC's
                // parameters first, then put Conscrypt first for everything else.
                try {
                    Class.forName("sun.security.ssl.NamedGroup", true, null);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
                Security.insertProviderAt(conscryptWithoutXdh(), 1);
            }
            case NSS -> Security.insertProviderAt(nss(workDir), 1);
        }
        return String.join(
                ", ",
                Arrays.stream(Security.getProviders()).map(Provider::getName).toList());
    }

    /**
     * Conscrypt 2.9.0 without its XDH services: its KeyPairGenerator.XDH refuses the
     * NamedParameterSpec("X25519") SunJSSE initialises it with ("No AlgorithmParameterSpec classes
     * are supported"), which fails every x25519 handshake. SunEC keeps X25519; Conscrypt serves the
     * rest (ECDSA, ECDH, RSA, AES-GCM, HMAC, digests).
     */
    private static Provider conscryptWithoutXdh() {
        Provider conscrypt = org.conscrypt.Conscrypt.newProvider();
        for (String key : java.util.List.of(
                "KeyPairGenerator.XDH",
                "KeyAgreement.XDH",
                "KeyFactory.XDH",
                "KeyAgreement.XDH SupportedKeyFormats",
                "Alg.Alias.KeyAgreement.X25519",
                "Alg.Alias.KeyPairGenerator.X25519")) {
            conscrypt.remove(key);
        }
        return conscrypt;
    }

    private static Provider nss(Path workDir) throws IOException {
        if (!Files.exists(NSS_LIBRARY_DIR.resolve("libsoftokn3.so"))) {
            throw new IOException(
                    "NSS softokn not found in " + NSS_LIBRARY_DIR + " (apt-get install -y libnss3 libnss3-tools)");
        }
        Path cfg = workDir.resolve("nss-softokn.cfg");
        Files.writeString(cfg, """
                name = NSS
                nssLibraryDirectory = %s
                nssDbMode = noDb
                attributes = compatibility
                """.formatted(NSS_LIBRARY_DIR));
        return Security.getProvider("SunPKCS11").configure(cfg.toString());
    }

    public static Configuration byId(String id) {
        return Arrays.stream(values())
                .filter(c -> c.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown configuration '" + id + "'; known: " + ids()));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(c -> c.id).toList();
    }
}
