package dev.acceljce.cli.packaging;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.openssl.LibCrypto;
import java.security.MessageDigest;
import java.security.Security;
import java.util.HexFormat;

/**
 * The child JVM of {@link OneJarTest}: installs AccelJCE from whatever jar is on its class path and
 * prints what it loaded ({@code key=value} lines).
 */
public final class OneJarProbe {
    private OneJarProbe() {}

    public static void main(String[] args) throws Exception {
        Security.insertProviderAt(new AccelJceProvider(), 1);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        System.out.println("provider=" + sha.getProvider().getName());
        System.out.println("sha256=" + HexFormat.of().formatHex(sha.digest("abc".getBytes())));
        System.out.println("source=" + LibCrypto.source());
        System.out.println("version=" + LibCrypto.version());
        System.out.println("mlkem=" + (Security.getProvider("AccelJCE").getService("KEM", "ML-KEM") != null));
    }
}
