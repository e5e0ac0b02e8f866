package dev.acceljce.params;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters "ChaCha20-Poly1305" (RFC 8103): the 12-byte nonce as an OCTET STRING.
 * Behaves as the JDK's ChaCha20Poly1305Parameters: only the "ASN.1" format (or null), others are
 * IOExceptions both ways. "XChaCha20-Poly1305" has no standard encoding; AccelJCE encodes its
 * 24-byte nonce the same way.
 */
public final class ChaCha20Poly1305Parameters extends AlgorithmParametersSpi {
    private static final String FORMAT = "ASN.1";

    private final String name;
    private final int nonceLength;
    private byte[] nonce;

    /** Parameters of {@code name} ("ChaCha20-Poly1305", "XChaCha20-Poly1305") with nonces of {@code nonceLength} bytes. */
    public ChaCha20Poly1305Parameters(String name, int nonceLength) {
        this.name = name;
        this.nonceLength = nonceLength;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec ivSpec)) {
            throw new InvalidParameterSpecException("Inappropriate parameter specification");
        }
        byte[] n = ivSpec.getIV();
        if (n.length != nonceLength) {
            throw new InvalidParameterSpecException(name + " nonce must be " + nonceLength + " bytes in length");
        }
        this.nonce = n;
    }

    @Override
    protected void engineInit(byte[] encoded) throws IOException {
        Der.Reader r = new Der.Reader(encoded);
        byte[] n = r.octetString();
        r.end(name + " parameter");
        if (n.length != nonceLength) {
            throw new IOException(name + " nonce must be " + nonceLength + " bytes in length");
        }
        this.nonce = n;
    }

    @Override
    protected void engineInit(byte[] encoded, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase(FORMAT)) {
            throw new IOException("Unsupported parameter format: " + format);
        }
        engineInit(encoded);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec.isAssignableFrom(IvParameterSpec.class)) {
            return paramSpec.cast(new IvParameterSpec(nonce));
        }
        throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }

    @Override
    protected byte[] engineGetEncoded() {
        return Der.encode(Der.OCTET_STRING, nonce);
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase(FORMAT)) {
            throw new IOException("Unsupported encoding format: " + format);
        }
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        String nl = System.lineSeparator();
        return nl + "nonce:" + nl + "[" + HexDump.of(nonce) + "]";
    }
}
