package dev.acceljce.openssl;

/**
 * Prints what {@link LibCrypto} loaded, one "key=value" per line: the main class of the JVMs that
 * {@link LoadingOrderTest} starts (the loading choice is made once per JVM).
 */
public final class LoadProbe {
    private LoadProbe() {}

    public static void main(String[] args) {
        System.out.println("available=" + LibCrypto.isAvailable());
        System.out.println("source=" + LibCrypto.source());
        System.out.println("path=" + LibCrypto.path());
        System.out.println("version=" + LibCrypto.version());
        System.out.println("reason=" + LibCrypto.unavailableReason());
        for (String attempt : LibCrypto.attempts()) {
            System.out.println("attempt=" + attempt);
        }
    }
}
