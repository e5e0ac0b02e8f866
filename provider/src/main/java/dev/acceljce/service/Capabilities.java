package dev.acceljce.service;

import dev.acceljce.control.CpuFeatures;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Health;
import dev.acceljce.control.Instructions;
import dev.acceljce.control.OpenSslCpu;
import dev.acceljce.control.Path;
import dev.acceljce.control.SelfTest;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.LibCrypto;
import java.security.Provider;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The capability report — the {@code icainfo} of AccelJCE: the loaded libcrypto and how it was
 * chosen, the CPU's crypto features next to the ones OpenSSL enabled, the self-test results, and
 * for every registered service whether it is served natively (or why not), on which
 * instructions, whether the JDK can take over, and which path serves it now.
 *
 * @param library  the libcrypto in use
 * @param cpu      what the CPU offers
 * @param openssl  what OpenSSL says it uses
 * @param selfTest the self-test run of this process
 * @param services one row per registered service, sorted by type and name
 */
public record Capabilities(
        Library library, CpuFeatures cpu, OpenSslCpu openssl, SelfTest.Report selfTest, List<Service> services) {
    /** The loaded libcrypto (fields null when none is loaded; then {@code unavailableReason} says why). */
    public record Library(
            boolean available,
            String version,
            long versionNumber,
            String path,
            String source,
            List<String> attempts,
            String unavailableReason) {
        static Library loaded() {
            return new Library(
                    LibCrypto.isAvailable(),
                    LibCrypto.version(),
                    LibCrypto.versionNumber(),
                    LibCrypto.path(),
                    LibCrypto.source(),
                    LibCrypto.attempts(),
                    LibCrypto.unavailableReason());
        }
    }

    /**
     * One service.
     *
     * @param unavailableReason  why OpenSSL does not serve it (null when it can)
     * @param instructions       the CPU instructions OpenSSL's code for it runs on here (empty:
     *                           portable code, or nothing native)
     * @param instructionPath    which of OpenSSL's code paths that is
     * @param jdkFallback        whether a JDK provider implements it (the fallback path)
     * @param path               which path a new object would take now (for a 1 KiB payload)
     * @param route              how it is routed: "native", "jdk", or "auto: jdk below 1024 B, native from there"
     * @param engine             the library a new native object runs on ("openssl", "awslc")
     * @param openSslFrom        for an object on AWS-LC, the message size from which a whole message
     *                           goes to OpenSSL ({@code Long.MAX_VALUE}: never)
     * @param selfTest           the self-test status of its family
     * @param selfTestReason     why the family failed or was not tested (null when it passed)
     * @param jdkHandOff         the cases a native object of it hands to the JDK's provider
     *                           internally, counted on the JDK path (null when none)
     */
    public record Service(
            String type,
            String algorithm,
            Family family,
            List<String> aliases,
            boolean nativeAvailable,
            String unavailableReason,
            List<String> instructions,
            String instructionPath,
            boolean jdkFallback,
            Path path,
            String route,
            SelfTest.Status selfTest,
            String selfTestReason,
            String jdkHandOff,
            String engine,
            long openSslFrom) {}

    /** The report for {@code provider}, an AccelJCE instance (its services are its rows). */
    public static Capabilities of(Provider provider) {
        CpuFeatures cpu = CpuFeatures.ofThisMachine();
        OpenSslCpu openssl = OpenSslCpu.ofLoadedLibrary();
        Library library = Library.loaded();
        // Run the self-tests now if no native use has yet, so the report shows them.
        SelfTest.Report selfTest = Health.report();
        Set<String> enabled = enabledFeatures(cpu, openssl);
        List<Service> services = new ArrayList<>();
        for (ServiceReport.Row r : ServiceReport.of(provider)) {
            Instructions.Use use = !r.nativeAvailable()
                    ? new Instructions.Use(List.of(), "not served natively")
                    : !r.engine().equals(Engine.OPENSSL.property())
                            // the table reads OpenSSL's capability vector; AWS-LC dispatches on its own
                            ? new Instructions.Use(List.of(), r.engine() + ": its own CPU dispatch, not decoded here")
                            : Instructions.of(
                                    cpu.arch(),
                                    Instructions.algorithmKey(r.family(), r.type(), r.algorithm()),
                                    enabled,
                                    library.versionNumber());
            SelfTest.FamilyStatus health = selfTest.of(r.family());
            services.add(new Service(
                    r.type(),
                    r.algorithm(),
                    r.family(),
                    r.aliases(),
                    r.nativeAvailable(),
                    r.unavailableReason(),
                    use.instructions(),
                    use.description(),
                    JdkProviders.has(r.type(), r.algorithm()),
                    r.currentPath(),
                    r.route(),
                    health.status(),
                    health.reason(),
                    r.jdkHandOff(),
                    r.engine(),
                    r.openSslFrom()));
        }
        return new Capabilities(library, cpu, openssl, selfTest, List.copyOf(services));
    }

    /**
     * The features OpenSSL will use: on x86_64 its decoded capability vector (which can be
     * narrower than the CPU), elsewhere the CPU's features (OpenSSL's words are not decoded there).
     */
    public static Set<String> enabledFeatures(CpuFeatures cpu, OpenSslCpu openssl) {
        return openssl.enabledOn(cpu);
    }

    /** {@link #enabledFeatures(CpuFeatures, OpenSslCpu)} of this report. */
    public Set<String> enabledFeatures() {
        return enabledFeatures(cpu, openssl);
    }

    /**
     * Whether each library call is preceded by {@code vzeroupper} here, and why (Intel's
     * AVX-to-SSE penalty on FFM downcalls: {@link dev.acceljce.foreign.UpperStateGuard}).
     */
    public String upperStateGuard() {
        return dev.acceljce.foreign.UpperStateGuard.description();
    }
}
