package dev.acceljce.control;

import java.util.List;
import java.util.Map;

/**
 * The AccelJCE counters over JMX, registered as {@value #OBJECT_NAME} in the platform MBean server
 * when the first provider is constructed (see {@link Management}). An MXBean: jconsole and every
 * JMX client read it with no AccelJCE class on their side (rows are {@code CompositeData}, maps
 * are {@code TabularData}); {@code ./acceljce stats <pid>} reads it through a typed proxy.
 *
 * <p>{@link Management#counters()} returns the same view in process.
 */
public interface CountersMXBean {
    /** The object name in the platform MBean server. */
    String OBJECT_NAME = "dev.acceljce:type=Counters";

    /** The AccelJCE provider's version. */
    String getProviderVersion();

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
