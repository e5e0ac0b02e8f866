package dev.acceljce.openssl;

/**
 * A native call failed in a way the JCA contract has no checked exception for (out of memory in
 * OpenSSL, an internal error). SPI classes translate expected failures (bad tag, bad padding, bad
 * key) into the documented JCA exceptions before they reach the caller; this one is for the rest.
 */
public final class OpenSslException extends RuntimeException {
    public OpenSslException(String message) {
        super(message);
    }
}
