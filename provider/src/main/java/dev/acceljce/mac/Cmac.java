package dev.acceljce.mac;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * AES-CMAC (NIST SP 800-38B, RFC 4493), OpenSSL's EVP_MAC "CMAC" over AES-128/192/256-CBC, with
 * Bouncy Castle's name {@code AESCMAC}: keys of 16, 24 or 32 bytes, no parameters, 16-byte MAC.
 * The cipher is set only when the key length changes (setting it fetches the cipher by name).
 */
final class Cmac extends KeyedMac {
    private int cipherKeyLength;

    Cmac() {
        super("CMAC");
    }

    @Override
    Setup setup(byte[] key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("AES-CMAC takes no parameters");
        }
        int n = key.length;
        if (n != 16 && n != 24 && n != 32) {
            throw new InvalidKeyException("AES-CMAC needs a 16, 24 or 32-byte key, not " + n + " bytes");
        }
        boolean newCipher = n != cipherKeyLength;
        cipherKeyLength = 0; // until the init below succeeds with it
        return new Setup(
                p -> {
                    if (newCipher) {
                        p.utf8("cipher", "AES-" + n * 8 + "-CBC");
                    }
                    cipherKeyLength = n;
                },
                16);
    }

    @Override
    int defaultMacLength() {
        return 16;
    }
}
