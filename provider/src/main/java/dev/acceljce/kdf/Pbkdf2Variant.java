package dev.acceljce.kdf;

/**
 * One PBKDF2 service: the JDK's PRF name ("HmacSHA256", "HmacSHA512/224"), which also names the
 * keys ("PBKDF2With" + prf), and the OpenSSL digest name.
 */
record Pbkdf2Variant(String prf, String digest) {
    String jcaName() {
        return "PBKDF2With" + prf;
    }
}
