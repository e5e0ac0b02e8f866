/**
 * AccelJCE: a JCA/JCE provider over OpenSSL's libcrypto. Needs
 * {@code --enable-native-access=dev.acceljce.provider}.
 */
module dev.acceljce.provider {
    exports dev.acceljce;
    exports dev.acceljce.control;
    exports dev.acceljce.spi;

    uses dev.acceljce.spi.LibrarySource;

    provides java.security.Provider with dev.acceljce.AccelJceProvider;
}
