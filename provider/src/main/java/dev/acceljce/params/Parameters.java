package dev.acceljce.params;

import dev.acceljce.control.Path;
import dev.acceljce.control.PathViews;
import dev.acceljce.jdk.JdkProviders;
import java.security.AlgorithmParameters;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;

/**
 * The AlgorithmParameters an engine hands out from {@code getParameters()}: the JDK provider's
 * (so they are the very objects SunJCE's engines return) when one is installed, else AccelJCE's own
 * implementation of the same encoding (this package).
 */
public final class Parameters {
    private Parameters() {}

    /** {@code algorithm}'s parameters initialised with {@code spec}. */
    public static AlgorithmParameters of(String algorithm, AlgorithmParameterSpec spec)
            throws NoSuchAlgorithmException, InvalidParameterSpecException {
        Provider jdk = JdkProviders.find("AlgorithmParameters", algorithm);
        AlgorithmParameters p =
                AlgorithmParameters.getInstance(algorithm, jdk != null ? jdk : PathViews.of(Path.NATIVE));
        p.init(spec);
        return p;
    }
}
