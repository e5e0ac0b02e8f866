package dev.acceljce.jdk;

import java.security.GeneralSecurityException;
import java.security.interfaces.RSAPublicKey;
import java.util.Locale;
import javax.crypto.Cipher;

/**
 * One answer for RSA PKCS#1 v1.5 signatures whose DigestInfo omits the NULL parameters of the hash
 * algorithm (Wycheproof's "MissingNull", an "acceptable" encoding): OpenSSL, and so the native
 * path, refuses them; SunRsaSign accepts them. When SunRsaSign has accepted a signature, the JDK
 * path looks at the encoded message (the signature raised to the public exponent by SunJCE's
 * "RSA/ECB/NoPadding", the JDK's own RSA) and answers false when the AlgorithmIdentifier after the
 * hash's OID lacks {@code 05 00}, as the native path does. Only that one byte pair is read: the
 * rest of the encoding SunRsaSign has already checked.
 */
public final class StrictPkcs1 {
    private StrictPkcs1() {}

    /** Whether {@code algorithm} is a PKCS#1 v1.5 signature ({@code SHA256withRSA}, ...). */
    public static boolean applies(String algorithm) {
        String a = algorithm.toUpperCase(Locale.ROOT);
        return a.endsWith("WITHRSA");
    }

    /**
     * False when the signature, already accepted by SunRsaSign, encodes its DigestInfo without the
     * NULL parameters; true otherwise (also when the encoding cannot be read here: SunRsaSign's
     * answer stands).
     */
    public static boolean hasNullParameters(RSAPublicKey key, byte[] signature, int offset, int length) {
        byte[] em;
        try {
            Cipher raw = Cipher.getInstance("RSA/ECB/NoPadding", JdkProviders.forService("Cipher", "RSA"));
            raw.init(Cipher.ENCRYPT_MODE, key);
            em = raw.doFinal(signature, offset, length);
        } catch (GeneralSecurityException | RuntimeException e) {
            return true;
        }
        // EM = [00] 01 FF..FF 00 || DigestInfo; SunJCE may drop the leading zero byte
        int i = em.length > 0 && em[0] == 0 ? 1 : 0;
        if (i >= em.length || em[i] != 1) {
            return true;
        }
        i++;
        while (i < em.length && em[i] == (byte) 0xFF) {
            i++;
        }
        if (i >= em.length || em[i] != 0) {
            return true;
        }
        int t = i + 1; // DigestInfo: 30 len 30 len 06 oidLen oid [05 00] 04 hashLen hash
        if (t + 6 > em.length || em[t] != 0x30 || em[t + 2] != 0x30 || em[t + 4] != 0x06) {
            return true;
        }
        int afterOid = t + 6 + (em[t + 5] & 0xFF);
        return afterOid + 1 < em.length && em[afterOid] == 0x05 && em[afterOid + 1] == 0x00;
    }
}
