package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.acceljce.foreign.BundledLibrary;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * OpenSSL's FIPS provider, loaded for FIPS mode ({@code acceljce.fips=true}) into an
 * OSSL_LIB_CTX of AccelJCE's own.
 *
 * <p>The module and its configuration (the output of {@code openssl fipsinstall}: the module's
 * MAC and options) are, in order:
 * <ol>
 *   <li>{@code acceljce.fips.module=/path/fips.so} with {@code acceljce.fips.config=/path/fipsmodule.cnf}
 *       (default: {@code fipsmodule.cnf} in the module's directory): a system's validated module;</li>
 *   <li>the module bundled beside libcrypto (scripts/build-openssl-fips.sh), extracted next to
 *       the library. That one is built by the project from the same source and is <b>not a
 *       validated module</b>; {@link Status#validationNote()} says so wherever it is shown.</li>
 * </ol>
 * The configuration must name the module's section {@code fips_sect}, as fipsinstall does by
 * default. AccelJCE writes a small configuration that includes it, adds the module's path and
 * activates the fips and base providers (the base provider only encodes and decodes keys), and
 * loads that with OSSL_LIB_CTX_load_config. Activating the module runs its power-on self-tests
 * and checks its MAC: a failure there is a failed load, with OpenSSL's reason kept for
 * {@code ./acceljce info}, and no service is registered.
 */
public final class FipsModule {
    public static final String ENABLED_PROPERTY = "acceljce.fips";
    public static final String MODULE_PROPERTY = "acceljce.fips.module";
    public static final String CONFIG_PROPERTY = "acceljce.fips.config";
    /** The words every refusal in FIPS mode carries, so a caller (and a test) can recognise them. */
    public static final String NOT_APPROVED = "not approved in FIPS mode";

    /**
     * The module's state.
     *
     * @param requested  {@code acceljce.fips=true} was set
     * @param libctx     the context holding the module (NULL unless active)
     * @param source     "property" (acceljce.fips.module) or "bundled"
     * @param name       the provider's name parameter ("OpenSSL FIPS Provider")
     * @param selfTest   the self-test result: at load, and the on-demand rerun
     * @param failure    why FIPS mode is not active, or null
     */
    public record Status(
            boolean requested,
            MemorySegment libctx,
            String modulePath,
            String configPath,
            String source,
            String name,
            String version,
            String buildInfo,
            String selfTest,
            String failure) {
        public boolean active() {
            return requested && failure == null;
        }

        /** What {@code info} and the docs say of the module's validation. */
        public String validationNote() {
            return "bundled".equals(source)
                    ? "NOT a FIPS 140-3 validated module: built by AccelJCE from the OpenSSL source"
                            + " (same code and self-tests); for production use a validated one with " + MODULE_PROPERTY
                    : "validation as its vendor states (loaded from " + MODULE_PROPERTY + ")";
        }

        static Status off() {
            return new Status(false, MemorySegment.NULL, null, null, null, null, null, null, null, null);
        }

        static Status failed(String module, String config, String source, String why) {
            return new Status(
                    true, MemorySegment.NULL, module, config, source, null, null, null, "not run: " + why, why);
        }
    }

    private FipsModule() {}

    /** Whether {@code acceljce.fips=true} is set (system property; read once by {@link LibContext}). */
    public static boolean requested() {
        return Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY));
    }

    static Status loadIfRequested() {
        if (!requested()) {
            return Status.off();
        }
        if (!LibCrypto.isAvailable()) {
            return Status.failed(null, null, null, "no libcrypto: " + LibCrypto.unavailableReason());
        }
        String module = System.getProperty(MODULE_PROPERTY);
        String source = module != null && !module.isBlank() ? "property" : "bundled";
        Path modulePath;
        Path configPath;
        try {
            if (source.equals("property")) {
                modulePath = Path.of(module).toAbsolutePath();
                String config = System.getProperty(CONFIG_PROPERTY);
                configPath = config != null && !config.isBlank()
                        ? Path.of(config).toAbsolutePath()
                        : modulePath.resolveSibling("fipsmodule.cnf");
            } else {
                if (!"bundled".equals(LibCrypto.source())) {
                    return Status.failed(
                            null,
                            null,
                            source,
                            "no FIPS module: the bundled one is used only with the"
                                    + " bundled libcrypto (loaded: " + LibCrypto.path() + "); set " + MODULE_PROPERTY
                                    + " and " + CONFIG_PROPERTY + " to a module built for that library");
                }
                Path[] files =
                        BundledLibrary.extractFips(Path.of(LibCrypto.path()).getParent());
                modulePath = files[0];
                configPath = files[1];
            }
        } catch (IOException | RuntimeException e) {
            return Status.failed(module, null, source, "cannot find the FIPS module: " + e.getMessage());
        }
        for (Path p : new Path[] {modulePath, configPath}) {
            if (!Files.isRegularFile(p)) {
                return Status.failed(modulePath.toString(), configPath.toString(), source, "no file " + p);
            }
        }
        try {
            return Loader.load(modulePath, configPath, source);
        } catch (Throwable t) {
            return Status.failed(modulePath.toString(), configPath.toString(), source, "loading failed: " + t);
        }
    }

    /** The native calls, linked only in FIPS mode. */
    private static final class Loader {
        private static final MethodHandle OSSL_LIB_CTX_NEW =
                LibCrypto.function("OSSL_LIB_CTX_new", FunctionDescriptor.of(ADDRESS));
        private static final MethodHandle OSSL_LIB_CTX_FREE =
                LibCrypto.function("OSSL_LIB_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
        private static final MethodHandle OSSL_LIB_CTX_LOAD_CONFIG =
                LibCrypto.function("OSSL_LIB_CTX_load_config", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        private static final MethodHandle OSSL_PROVIDER_AVAILABLE =
                LibCrypto.function("OSSL_PROVIDER_available", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        private static final MethodHandle OSSL_PROVIDER_LOAD =
                LibCrypto.function("OSSL_PROVIDER_load", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        private static final MethodHandle OSSL_PROVIDER_GET_PARAMS =
                LibCrypto.function("OSSL_PROVIDER_get_params", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        private static final MethodHandle OSSL_PROVIDER_SELF_TEST =
                LibCrypto.function("OSSL_PROVIDER_self_test", FunctionDescriptor.of(JAVA_INT, ADDRESS));

        static Status load(Path module, Path config, String source) throws Throwable {
            String modulePath = module.toString();
            String configPath = config.toString();
            Path wrapper = Files.createTempFile(
                    "acceljce-fips",
                    ".cnf",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            MemorySegment ctx = MemorySegment.NULL;
            try (Arena arena = Arena.ofConfined()) {
                Files.writeString(wrapper, wrapperConfig(modulePath, configPath));
                OpenSslErrors.clear();
                ctx = (MemorySegment) OSSL_LIB_CTX_NEW.invokeExact();
                if (ctx.equals(MemorySegment.NULL)) {
                    return Status.failed(
                            modulePath,
                            configPath,
                            source,
                            OpenSslErrors.failure("OSSL_LIB_CTX_new").getMessage());
                }
                // Activation loads the module, checks its MAC against the configuration and runs
                // the power-on self-tests; any failure fails the whole configuration.
                String step =
                        (int) OSSL_LIB_CTX_LOAD_CONFIG.invokeExact(ctx, arena.allocateFrom(wrapper.toString())) != 1
                                ? "OSSL_LIB_CTX_load_config failed"
                                : (int) OSSL_PROVIDER_AVAILABLE.invokeExact(ctx, arena.allocateFrom("fips")) != 1
                                        ? "the configuration loaded, but the fips provider is not available"
                                        : null;
                if (step != null) {
                    String queue = OpenSslErrors.drain();
                    OSSL_LIB_CTX_FREE.invokeExact(ctx);
                    return Status.failed(
                            modulePath,
                            configPath,
                            source,
                            "the FIPS provider did not activate"
                                    + " (module integrity check or self-tests failed, or a bad configuration): " + step
                                    // a failed activation inside the configuration leaves nothing on the
                                    // error queue (OpenSSL 3.5): the step is all there is to report then
                                    + (queue.isEmpty() ? " (OpenSSL's error queue is empty)" : ": " + queue));
                }
                MemorySegment provider =
                        (MemorySegment) OSSL_PROVIDER_LOAD.invokeExact(ctx, arena.allocateFrom("fips"));
                String[] params = providerParams(arena, provider);
                long start = System.nanoTime();
                int rerun = (int) OSSL_PROVIDER_SELF_TEST.invokeExact(provider);
                long micros = (System.nanoTime() - start) / 1000;
                if (rerun != 1) {
                    String queue = OpenSslErrors.drain();
                    return Status.failed(
                            modulePath, configPath, source, "the module's self-tests failed on demand: " + queue);
                }
                String selfTest = "passed at load (power-on self-tests and module MAC); on-demand rerun passed in "
                        + micros + " us";
                MemorySegment kept = ctx;
                ctx = MemorySegment.NULL; // kept for the life of the process
                return new Status(
                        true, kept, modulePath, configPath, source, params[0], params[1], params[2], selfTest, null);
            } finally {
                Files.deleteIfExists(wrapper);
            }
        }

        /** name, version and buildinfo of the provider (null where it does not say). */
        private static String[] providerParams(Arena arena, MemorySegment provider) throws Throwable {
            String[] keys = {"name", "version", "buildinfo"};
            MemorySegment[] slots = new MemorySegment[keys.length];
            OsslParams p = OsslParams.in(arena);
            for (int i = 0; i < keys.length; i++) {
                slots[i] = arena.allocate(ADDRESS);
                p.utf8Pointer(keys[i], slots[i]);
            }
            String[] out = new String[keys.length];
            if ((int) OSSL_PROVIDER_GET_PARAMS.invokeExact(provider, p.build()) != 1) {
                OpenSslErrors.clear();
                return out;
            }
            for (int i = 0; i < keys.length; i++) {
                MemorySegment s = slots[i].get(ADDRESS, 0);
                out[i] =
                        s.equals(MemorySegment.NULL) ? null : s.reinterpret(256).getString(0);
            }
            return out;
        }

        /**
         * The configuration loaded into AccelJCE's context: the module's own (included as is),
         * its path, the fips and base providers activated, and fips=yes as the context's default
         * properties (every fetch also passes it explicitly).
         */
        private static String wrapperConfig(String module, String config) {
            return """
                    config_diagnostics = 1
                    openssl_conf = openssl_init

                    .include %s

                    [fips_sect]
                    module = %s

                    [openssl_init]
                    providers = provider_sect
                    alg_section = algorithm_sect

                    [provider_sect]
                    fips = fips_sect
                    base = base_sect

                    [base_sect]
                    activate = 1

                    [algorithm_sect]
                    default_properties = fips=yes
                    """.formatted(config, module);
        }
    }
}
