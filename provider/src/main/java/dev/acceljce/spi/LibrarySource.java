package dev.acceljce.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

/**
 * A libcrypto shipped inside a jar (the bundled OpenSSL). Implementations are found with
 * {@link ServiceLoader}; {@link #extract()} puts the library in a private directory from which it
 * can be loaded, and returns its path.
 */
public interface LibrarySource {
    /** For messages: which library this is (version, platform). */
    String description();

    /** Makes the library loadable and returns its file. */
    Path extract() throws IOException;

    static List<LibrarySource> discover() {
        return ServiceLoader.load(LibrarySource.class, LibrarySource.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();
    }
}
