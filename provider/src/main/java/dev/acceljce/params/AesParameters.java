package dev.acceljce.params;

import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters "AES": the IV as an OCTET STRING. Behaves as the JDK's AESParameters
 * (BlockCipherParamsCore): a parameter spec may carry a 16-byte IV or the 4- and 8-byte ones of
 * the key-wrap modes, an encoding only a 16-byte IV; a format other than "ASN.1" is an
 * IllegalArgumentException on decoding and ignored on encoding.
 */
public final class AesParameters extends AlgorithmParametersSpi {
    private static final int BLOCK = 16;

    private byte[] iv;

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec ivSpec)) {
            throw new InvalidParameterSpecException("Inappropriate parameter specification");
        }
        byte[] v = ivSpec.getIV();
        if (v.length != BLOCK && v.length != 4 && v.length != 8) {
            throw new InvalidParameterSpecException("IV length not 16[4, 8] bytes long");
        }
        this.iv = v;
    }

    @Override
    protected void engineInit(byte[] encoded) throws IOException {
        Der.Reader r = new Der.Reader(encoded);
        byte[] v = r.octetString();
        r.end("IV");
        if (v.length != BLOCK) {
            throw new IOException("IV not 16[4, 8] bytes long");
        }
        this.iv = v;
    }

    @Override
    protected void engineInit(byte[] encoded, String format) throws IOException {
        if (format != null && !format.equalsIgnoreCase("ASN.1")) {
            throw new IllegalArgumentException("Only support ASN.1 format");
        }
        engineInit(encoded);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec.isAssignableFrom(IvParameterSpec.class)) {
            return paramSpec.cast(new IvParameterSpec(iv));
        }
        throw new InvalidParameterSpecException("Inappropriate parameter specification");
    }

    @Override
    protected byte[] engineGetEncoded() {
        return Der.encode(Der.OCTET_STRING, iv);
    }

    @Override
    protected byte[] engineGetEncoded(String format) {
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        String nl = System.lineSeparator();
        return nl + "    iv:" + nl + "[" + HexDump.of(iv) + "]" + nl;
    }
}
