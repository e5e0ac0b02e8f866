package dev.acceljce.jdk;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.AlgorithmParametersSpi;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;

/** The JDK path of an AlgorithmParameters service. */
public final class JdkAlgorithmParameters extends AlgorithmParametersSpi {
    private final AlgorithmParameters params;

    public JdkAlgorithmParameters(String algorithm) throws NoSuchAlgorithmException {
        this.params =
                AlgorithmParameters.getInstance(algorithm, JdkProviders.forService("AlgorithmParameters", algorithm));
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        params.init(paramSpec);
    }

    @Override
    protected void engineInit(byte[] encoded) throws IOException {
        params.init(encoded);
    }

    @Override
    protected void engineInit(byte[] encoded, String format) throws IOException {
        params.init(encoded, format);
    }

    @Override
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        return params.getParameterSpec(paramSpec);
    }

    @Override
    protected byte[] engineGetEncoded() throws IOException {
        return params.getEncoded();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        return params.getEncoded(format);
    }

    @Override
    protected String engineToString() {
        return params.toString();
    }
}
