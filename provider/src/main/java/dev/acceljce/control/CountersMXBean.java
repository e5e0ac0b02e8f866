package dev.acceljce.control;

import java.util.List;
import java.util.Map;

/**
 * The AccelJCE counters over JMX, registered as {@value #OBJECT_NAME} in the platform MBean server
 * when the first provider is constructed (see {@link Management}). Every further copy of AccelJCE
 * in the JVM (another class loader: another web application) registers its own under
 * {@code dev.acceljce:type=Counters,loader=<its loader>}; {@value #QUERY} finds them all. An MXBean: jconsole and every
 * JMX client read it with no AccelJCE class on their side (rows are {@code CompositeData}, maps
 * are {@code TabularData}); {@code ./acceljce stats <pid>} reads it through a typed proxy.
 *
 * <p>{@link Management#counters()} returns the same view in process.
 */
public interface CountersMXBean {
    /** The object name in the platform MBean server. */
    String OBJECT_NAME = "dev.acceljce:type=Counters";

    /** The pattern that matches the counters of every copy of AccelJCE in a JVM. */
    String QUERY = OBJECT_NAME + ",*";

    /** The key that names a further copy's class loader in its object names. */
    String LOADER_KEY = "loader";

    /** The AccelJCE provider's version. */
    String getProviderVersion();

    /**
     * The class loader of this copy of AccelJCE: its name ("app" for the JDK's application class
     * loader) or, unnamed, its class and identity hash ("ParallelWebappClassLoader@4e25154f").
     */
    String getLoader();

    /** Where this copy's classes were loaded from (a jar or directory), or null when unknown. */
    String getLocation();

    /**
     * One row per service ("MessageDigest.SHA-256"), sorted by name: every service the provider
     * registers (zeros when unused) and any other that counted.
     */
    List<Counters.Row> getServices();

    /** The sum of every row, named "total". */
    Counters.Row getTotals();

    /** OpenSSL objects allocated and not yet freed, per kind ("EVP_MD_CTX"). */
    Map<String, Long> getLiveNativeObjects();

    /** The sum of {@link #getLiveNativeObjects()}. */
    long getLiveNativeObjectCount();

    /** {@code OpenSSL_version()} of the loaded libcrypto, or null when none is loaded. */
    String getOpenSslVersion();

    /** The file libcrypto was loaded from, or null when none is loaded. */
    String getOpenSslPath();

    /** Whether objects created from now on count their operations (writable). */
    boolean isEnabled();

    void setEnabled(boolean enabled);

    /** Sets every count to zero, as {@code icastats -r}. */
    void reset();
}
