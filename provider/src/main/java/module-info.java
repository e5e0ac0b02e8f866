/**
 * AccelJCE: a JCA/JCE provider over two bundled native libraries, OpenSSL 3.5's libcrypto and
 * AWS-LC's, with the JDK's providers as the fallback; and AccelJCE-TLS ({@code dev.acceljce.jsse}),
 * an SSLContext on AWS-LC's libssl. Needs {@code --enable-native-access=dev.acceljce.provider}.
 *
 * <p>The bundled libraries are found as resources ({@code META-INF/acceljce/native/<platform>/...})
 * through this module's class loader. The platform jar ({@code acceljce-provider-*-linux-x86_64.jar})
 * carries them itself. With the provider-only jar, add {@code acceljce-openssl-linux-x86_64.jar}
 * to the class path, or to the module path with {@code --add-modules dev.acceljce.openssl.linux.x86_64}
 * (nothing requires it, so the module system would not resolve it otherwise). Without either,
 * OpenSSL is the system's {@code libcrypto.so.3}, and there is no AWS-LC and no AccelJCE-TLS
 * unless files are named in the {@code acceljce.awslc.lib} and {@code acceljce.libssl.lib}
 * properties.
 */
module dev.acceljce.provider {
    // Optional: the counters MBean (dev.acceljce.control.Management) is published only when
    // java.management is present; jlinked images without it run the provider all the same.
    requires static java.management;

    exports dev.acceljce;
    exports dev.acceljce.control;
    // the capability report (Capabilities, ServiceReport) that `acceljce info` prints
    exports dev.acceljce.service;
    // parameter specs of the services the JDK lacks (KMAC customization, Argon2 inputs)
    exports dev.acceljce.spec;

    // AccelJCE's own TLS stack (SSLContext on AWS-LC's libssl), a provider of its own
    exports dev.acceljce.jsse;

    // AccelJCE-TLS first: the JDK finds a provider listed by name in java.security by making each
    // provider found here until one has that name, and AccelJCE's constructor asks the provider
    // list for the JDK's providers, which fails while the JDK is still loading AccelJCE-TLS
    // (AccelJCE-TLS's constructor asks nothing). Listed the other way, AccelJCE-TLS named before
    // AccelJCE in java.security made both fail to load.
    provides java.security.Provider with
            dev.acceljce.jsse.AccelJceTlsProvider,
            dev.acceljce.AccelJceProvider;
}
