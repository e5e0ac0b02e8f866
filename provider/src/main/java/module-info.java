/**
 * AccelJCE: a JCA/JCE provider over OpenSSL's libcrypto. Needs
 * {@code --enable-native-access=dev.acceljce.provider}.
 */
module dev.acceljce.provider {
    // Optional: the counters MBean (dev.acceljce.control.Management) is published only when
    // java.management is present; jlinked images without it run the provider all the same.
    requires static java.management;

    exports dev.acceljce;
    exports dev.acceljce.control;
    exports dev.acceljce.spi;

    uses dev.acceljce.spi.LibrarySource;

    provides java.security.Provider with dev.acceljce.AccelJceProvider;
}
