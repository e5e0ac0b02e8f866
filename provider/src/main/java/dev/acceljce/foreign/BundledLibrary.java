package dev.acceljce.foreign;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * A native library shipped in the {@code acceljce-openssl-<platform>} jar: OpenSSL's libcrypto
 * ({@code openssl}) and AWS-LC's ({@code awslc}). That jar holds only resources:
 * {@code META-INF/acceljce/native/<platform>/<name>.properties} (versions and the library's
 * sha256) and the library itself. It is found through the provider's class loader, and
 * copied into a private directory from which the dynamic linker can map it:
 * {@code <base>/<sha256>/<soname>}, where base is, in order,
 * <ol>
 *   <li>the system property {@code acceljce.openssl.extractDir} when set (then only that), else</li>
 *   <li>{@code $XDG_CACHE_HOME/acceljce/native} or {@code ~/.cache/acceljce/native}, then</li>
 *   <li>{@code <java.io.tmpdir>/acceljce-<uid>}.</li>
 * </ol>
 * A base that is on a {@code noexec} mount, cannot be created, or is writable by other users is
 * skipped; a file already there is used only if its sha256 matches, otherwise it is replaced
 * (written under a temporary name, then atomically renamed). The content-addressed directory
 * means two versions never overwrite each other, and a verified file is never rewritten.
 */
public final class BundledLibrary {
    public static final String RESOURCE_ROOT = "META-INF/acceljce/native/";
    /** One directory for every bundled library: each is kept under its own sha256. */
    static final String EXTRACT_DIR_PROPERTY = "acceljce.openssl.extractDir";

    private static final Set<PosixFilePermission> PRIVATE_DIR = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> LOADABLE_FILE = PosixFilePermissions.fromString("r-x------");

    private final String name;
    private final String platform;
    private final Properties properties;
    private final URL library;

    private BundledLibrary(String name, String platform, Properties properties, URL library) {
        this.name = name;
        this.platform = platform;
        this.properties = properties;
        this.library = library;
    }

    /**
     * The library {@code name} ("openssl", "awslc") bundled for this platform and visible to
     * {@code loader}, or empty when its jar is absent.
     */
    public static Optional<BundledLibrary> find(ClassLoader loader, String name) throws IOException {
        String platform = platform();
        String dir = RESOURCE_ROOT + platform + "/";
        URL propertiesUrl = resource(loader, dir + propertiesFile(name));
        if (propertiesUrl == null) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (InputStream in = propertiesUrl.openStream()) {
            p.load(in);
        }
        String file = required(p, "library");
        String sha = required(p, "sha256");
        if (!sha.matches("[0-9a-f]{64}") || file.contains("/")) {
            throw new IOException(propertiesUrl + " is malformed (library=" + file + ", sha256=" + sha + ")");
        }
        URL lib = resource(loader, dir + file);
        if (lib == null) {
            throw new IOException(propertiesUrl + " names " + file + " but the jar has no " + dir + file);
        }
        return Optional.of(new BundledLibrary(name, platform, p, lib));
    }

    /** The properties file that describes library {@code name}: "openssl.properties", ... */
    public static String propertiesFile(String name) {
        return name + ".properties";
    }

    /** "linux-x86_64", "linux-aarch64", ...: the directory of this platform's bundle. */
    public static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).replace(" ", "");
        String arch = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> System.getProperty("os.arch", "");
        };
        return os + "-" + arch;
    }

    /** The bundle jar's module name (Automatic-Module-Name), e.g. dev.acceljce.openssl.linux.x86_64. */
    public static String moduleName(String platform) {
        return "dev.acceljce.openssl." + platform.replace('-', '.');
    }

    private static String required(Properties p, String key) throws IOException {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IOException("the bundle's properties have no " + key);
        }
        return v.trim();
    }

    /**
     * For messages: "OpenSSL 3.5.5 (openssl-src 300.5.5+3.5.5, linux-x86_64)",
     * "AWS-LC 5.12.0 (aws-lc-sys 0.47.0, linux-x86_64)".
     */
    public String description() {
        String label = switch (name) {
            case "openssl" -> "OpenSSL";
            case "awslc" -> "AWS-LC";
            case "awslc-ssl" -> "AWS-LC libssl";
            default -> name;
        };
        return label + " " + property("version") + " (" + properties.getProperty("crate", "?") + " "
                + properties.getProperty("crate.version", "?") + ", " + platform + ")";
    }

    /** A value of the properties file, or "?" when it has none. */
    public String property(String key) {
        String v = properties.getProperty(key.startsWith("crate") ? key : name + "." + key);
        if (v == null) {
            v = properties.getProperty(key);
        }
        return v == null ? "?" : v.trim();
    }

    public String sha256() {
        return properties.getProperty("sha256").trim();
    }

    /**
     * The version text the library reports, e.g. "OpenSSL 3.5.5 27 Jan 2026" (null when the
     * properties lack it).
     */
    public String versionText() {
        return properties.getProperty(name + ".versionText");
    }

    /** The file name inside the extraction directory: the soname, so process maps say what it is. */
    public String fileName() {
        String soname = properties.getProperty("soname");
        String name = soname != null && soname.matches("[A-Za-z0-9._+-]+") ? soname : properties.getProperty("library");
        return name.trim();
    }

    /** The base directories to extract into, in the order they are tried. */
    public static List<Path> baseDirectories() {
        String explicit = System.getProperty(EXTRACT_DIR_PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            return List.of(Path.of(explicit).toAbsolutePath());
        }
        List<Path> out = new ArrayList<>();
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && Path.of(xdg).isAbsolute()) {
            out.add(Path.of(xdg, "acceljce", "native"));
        } else {
            String home = System.getProperty("user.home", "");
            if (!home.isEmpty() && Path.of(home).isAbsolute()) {
                out.add(Path.of(home, ".cache", "acceljce", "native"));
            }
        }
        // Directly in tmpdir: the sticky bit keeps others from renaming it, and it is checked to be
        // ours and private like every base.
        out.add(Path.of(System.getProperty("java.io.tmpdir"), "acceljce-" + ownUid()));
        return out;
    }

    /**
     * Makes the library loadable under {@code base} and returns its file: verifies an existing copy
     * or writes a new one. Throws with a message naming the reason when this base cannot be used.
     */
    public Path extractTo(Path base) throws IOException {
        Path dir = base.resolve(sha256());
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PRIVATE_DIR));
        checkPrivate(base);
        checkPrivate(dir);
        Optional<String> noexec = noexecMount(dir, Files.readAllLines(Path.of("/proc/self/mountinfo")));
        if (noexec.isPresent()) {
            throw new IOException(dir + " is on a noexec mount (" + noexec.get() + ")");
        }
        return copyVerified(library, dir.resolve(fileName()), sha256());
    }

    /**
     * Copies {@code source} to {@code file} unless a file with that sha256 is already there:
     * written under a temporary name, verified, then atomically renamed.
     */
    private static Path copyVerified(URL source, Path file, String sha256) throws IOException {
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            String have;
            try (InputStream in = Files.newInputStream(file)) {
                have = sha256Of(in, OutputStream.nullOutputStream());
            }
            if (have.equals(sha256)) {
                return file;
            }
            // A damaged or foreign file: replace it below (the rename is atomic, the old copy
            // is never loaded).
        }
        Path dir = file.getParent();
        String name = file.getFileName().toString();
        Path temp = dir.resolve(name + "." + ProcessHandle.current().pid() + "." + System.nanoTime() + ".tmp");
        try {
            String written;
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PRIVATE_FILE));
            try (InputStream in = source.openStream();
                    OutputStream out = Files.newOutputStream(
                            temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                written = sha256Of(in, out);
            }
            if (!written.equals(sha256)) {
                throw new IOException(
                        "the bundled file " + source + " has sha256 " + written + ", its properties say " + sha256);
            }
            Files.setPosixFilePermissions(temp, LOADABLE_FILE);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot rename into " + file + " atomically: " + e.getMessage(), e);
            }
            return file;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Extracts the FIPS provider module and its configuration shipped beside the library
     * (fips.properties, fips.so, fipsmodule.cnf, from scripts/build-openssl-fips.sh) into
     * {@code libraryDir}, the private directory the library was verified and loaded from.
     * Returns {module, config}. The module is checked against its sha256 here and against its
     * MAC by itself when it activates; the configuration is compared byte for byte.
     */
    public static Path[] extractFips(Path libraryDir) throws IOException {
        ClassLoader loader = BundledLibrary.class.getClassLoader();
        String dir = RESOURCE_ROOT + platform() + "/";
        URL propertiesUrl = resource(loader, dir + "fips.properties");
        if (propertiesUrl == null) {
            throw new IOException("the bundle has no " + dir + "fips.properties (built without the FIPS module)");
        }
        Properties p = new Properties();
        try (InputStream in = propertiesUrl.openStream()) {
            p.load(in);
        }
        String moduleName = required(p, "fips.module");
        String configName = required(p, "fips.config");
        URL module = resource(loader, dir + moduleName);
        URL config = resource(loader, dir + configName);
        if (module == null || config == null || moduleName.contains("/") || configName.contains("/")) {
            throw new IOException(
                    propertiesUrl + " names " + moduleName + " and " + configName + " but the jar does not hold both");
        }
        String configSha;
        try (InputStream in = config.openStream()) {
            configSha = sha256Of(in, OutputStream.nullOutputStream());
        }
        checkPrivate(libraryDir);
        return new Path[] {
            copyVerified(module, libraryDir.resolve(moduleName), required(p, "fips.sha256")),
            copyVerified(config, libraryDir.resolve(configName), configSha)
        };
    }

    private static URL resource(ClassLoader loader, String name) {
        return loader == null ? ClassLoader.getSystemResource(name) : loader.getResource(name);
    }

    /** Refuses a directory another user could write to: they could swap the library we verified. */
    private static void checkPrivate(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) {
            throw new IOException(dir + " is a symbolic link");
        }
        int owner = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (owner != ownUid()) {
            throw new IOException(dir + " belongs to uid " + owner + ", not to this process (uid " + ownUid() + ")");
        }
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IOException(dir + " is writable by other users (" + PosixFilePermissions.toString(perms) + ")");
        }
    }

    /** The effective uid of this process: the owner of /proc/self. */
    private static int ownUid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot tell this process's uid from /proc/self: " + e.getMessage(), e);
        }
    }

    /**
     * The mount holding {@code dir} if it is mounted noexec (the dynamic linker could not map a
     * library from it), described as "mount point options". {@code mountinfo} is the content of
     * /proc/self/mountinfo: "id parent major:minor root mountpoint options ... - fstype source ...".
     */
    static Optional<String> noexecMount(Path dir, List<String> mountinfo) throws IOException {
        Path real = dir.toRealPath();
        String bestPoint = null;
        String bestOptions = null;
        for (String line : mountinfo) {
            String[] f = line.split(" ");
            if (f.length < 6) {
                continue;
            }
            String point = unescapeOctal(f[4]);
            if (real.startsWith(point) && (bestPoint == null || point.length() >= bestPoint.length())) {
                // later lines win ties: a mount on top of another at the same point hides it
                bestPoint = point;
                bestOptions = f[5];
            }
        }
        if (bestOptions != null && List.of(bestOptions.split(",")).contains("noexec")) {
            return Optional.of(bestPoint + " " + bestOptions);
        }
        return Optional.empty();
    }

    /** mountinfo writes space, tab, newline and backslash in paths as \ooo octal escapes. */
    private static String unescapeOctal(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Copies {@code in} to {@code out} and returns the sha256 of what passed, in hex. Uses the
     * JDK's own SHA-256 explicitly: this runs while libcrypto is being loaded, so asking the
     * provider list could come back to AccelJCE itself.
     */
    private static String sha256Of(InputStream in, OutputStream out) throws IOException {
        MessageDigest md = jdkSha256();
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) {
            md.update(buf, 0, n);
            out.write(buf, 0, n);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /**
     * SHA-256 from the JDK's SUN provider, else from the first installed provider that is not
     * AccelJCE (this layer may not ask {@code dev.acceljce.jdk}, which sits above it).
     */
    private static MessageDigest jdkSha256() throws IOException {
        try {
            Provider sun = Security.getProvider("SUN");
            if (sun != null && sun.getService("MessageDigest", "SHA-256") != null) {
                return MessageDigest.getInstance("SHA-256", sun);
            }
            for (Provider p : Security.getProviders("MessageDigest.SHA-256")) {
                if (!p.getClass().getName().startsWith("dev.acceljce.")) {
                    return MessageDigest.getInstance("SHA-256", p);
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IOException("no JDK SHA-256 to verify the bundled library: " + e.getMessage(), e);
        }
        throw new IOException("no JDK SHA-256 to verify the bundled library: no provider but AccelJCE has one");
    }
}
