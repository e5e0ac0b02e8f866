package dev.acceljce.params;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AlgorithmParameters "GCM" (RFC 5084): {@code GCMParameters ::= SEQUENCE { aes-nonce OCTET
 * STRING, aes-ICVlen INTEGER (12 | 13 | 14 | 15 | 16) DEFAULT 12 }}. Behaves as the JDK's
 * sun.security.util.GCMParameters: same checks, same encoding (the default tag length is
 * omitted, an explicit 12 is accepted), same toString; stricter only in refusing BER.
 */
public final class GcmParameters extends AlgorithmParametersSpi {
    private static final int DEFAULT_TAG_BYTES = 12;

    private byte[] iv;
    private int tagBytes;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof GCMParameterSpec gps)) {
            throw new InvalidParameterSpecException("Inappropriate parameter specification");
        }
        int bytes = gps.getTLen() / 8; // as the JDK: a tag length in bits is truncated to bytes
        if (bytes < 12 || bytes > 16) {
            throw new InvalidParameterSpecException("GCM parameter parsing error: unsupported tag len: " + bytes);
        }
        this.tagBytes = bytes;
        this.iv = gps.getIV();
    }

    @Override
    protected void engineInit(byte[] encoded) throws IOException {
        Der.Reader outer = new Der.Reader(encoded);
        Der.Reader seq = outer.sequence();
        outer.end("GCM parameter");
        byte[] nonce = seq.octetString();
        int bytes = DEFAULT_TAG_BYTES;
        if (seq.hasMore()) {
            bytes = seq.integer();
            if (bytes < 12 || bytes > 16) {
                throw new IOException("GCM parameter parsing error: unsupported tag len: " + bytes);
            }
            seq.end("GCM parameter");
        }
        this.iv = nonce;
        this.tagBytes = bytes;
    }

    /** The format is ignored, as by the JDK. */
    @Override
    protected void engineInit(byte[] encoded, String format) throws IOException {
        engineInit(encoded);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec.isAssignableFrom(GCMParameterSpec.class)) {
            return paramSpec.cast(new GCMParameterSpec(tagBytes * 8, iv));
        }
        throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }

    @Override
    protected byte[] engineGetEncoded() {
        byte[] nonce = Der.encode(Der.OCTET_STRING, iv);
        return Der.encode(
                Der.SEQUENCE, tagBytes == DEFAULT_TAG_BYTES ? nonce : Der.concat(nonce, Der.encodeInteger(tagBytes)));
    }

    @Override
    protected byte[] engineGetEncoded(String format) {
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        String nl = System.lineSeparator();
        return nl + "    iv:" + nl + "[" + HexDump.of(iv) + "]" + nl + "tLen(bits):" + nl + tagBytes * 8 + nl;
    }
}
