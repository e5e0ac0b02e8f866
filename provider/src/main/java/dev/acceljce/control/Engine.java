package dev.acceljce.control;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.openssl.LibCrypto;

/**
 * The native libraries that can serve a call on the native {@link Path}: OpenSSL (the default
 * for every family) and AWS-LC. The JDK's providers are the other path, not an engine here. A
 * third library is one more constant and one more binding package.
 */
public enum Engine {
    OPENSSL("openssl"),
    AWSLC("awslc");

    private final String property;

    Engine(String property) {
        this.property = property;
    }

    /** The name in settings ({@code acceljce.engine.<family>}), traces and reports. */
    public String property() {
        return property;
    }

    /** Whether the library is loaded. */
    public boolean available() {
        return switch (this) {
            case OPENSSL -> LibCrypto.isAvailable();
            case AWSLC -> AwsLc.isAvailable();
        };
    }

    /** Why the library is not loaded, or null. */
    public String unavailableReason() {
        return switch (this) {
            case OPENSSL -> LibCrypto.unavailableReason();
            case AWSLC -> AwsLc.unavailableReason();
        };
    }

    /** The file the library was loaded from, or null. */
    public String path() {
        return switch (this) {
            case OPENSSL -> LibCrypto.path();
            case AWSLC -> AwsLc.path();
        };
    }

    /** Which rule of the library's loading order chose it ("bundled", "property", ...), or null. */
    public String source() {
        return switch (this) {
            case OPENSSL -> LibCrypto.source();
            case AWSLC -> AwsLc.source();
        };
    }

    /** The version the loaded library reports, or null. */
    public String version() {
        return switch (this) {
            case OPENSSL -> LibCrypto.version();
            case AWSLC -> AwsLc.version();
        };
    }
}
