package dev.acceljce.workload.run;

import dev.acceljce.workload.config.Pkcs11Token;
import dev.acceljce.workload.tls.Certificates;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;

/**
 * Copies the bank's key and certificate from its PKCS#12 store into the PKCS#11 token, through
 * SunPKCS11's key store. Arguments: {@code SUNPKCS11_CONFIG PIN BANK.p12}.
 */
public final class TokenImport {
    private TokenImport() {}

    public static void main(String[] args) throws Exception {
        char[] pin = args[1].toCharArray();
        KeyStore p12 = Certificates.load(Path.of(args[2]));
        PrivateKey key = (PrivateKey) p12.getKey(Certificates.ALIAS, Certificates.PASSWORD);
        Certificate[] chain = p12.getCertificateChain(Certificates.ALIAS);
        KeyStore token = Pkcs11Token.open(Path.of(args[0]), pin);
        token.setKeyEntry(Certificates.ALIAS, key, pin, chain);
        System.out.println("token holds " + token.size() + " entries: " + java.util.Collections.list(token.aliases()));
    }
}
