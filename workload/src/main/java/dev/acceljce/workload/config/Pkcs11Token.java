package dev.acceljce.workload.config;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;

/** A PKCS#11 token's key store, through SunPKCS11 configured by a file. */
public final class Pkcs11Token {
    private Pkcs11Token() {}

    /**
     * SunPKCS11 over the token {@code sunPkcs11Config} names, added at the end of the provider
     * list (so the JCA finds it for the token's keys), and its key store logged in with {@code pin}.
     */
    public static KeyStore open(Path sunPkcs11Config, char[] pin) throws GeneralSecurityException, java.io.IOException {
        Provider p11 = Security.getProvider("SunPKCS11").configure(sunPkcs11Config.toString());
        Security.addProvider(p11);
        KeyStore token = KeyStore.getInstance("PKCS11", p11);
        token.load(null, pin);
        return token;
    }
}
