package dev.acceljce.jsse;

import dev.acceljce.libssl.SslContextHandle;
import dev.acceljce.libssl.TicketKeys;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.crypto.KDF;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.net.ssl.SSLContext;

/**
 * The session ticket keys of an AccelJCE-TLS server, under the operator's control: servers that
 * share them resume each other's tickets (a fleet behind a load balancer), and a server that
 * reads them again after a restart resumes the tickets it gave before.
 *
 * <p>Every key decrypts; the newest key whose {@linkplain Key#activeFrom() activation time} has
 * come encrypts (a ticket under any other installed key is accepted and replaced by one under
 * that key). A key taken out of the set opens nothing any more: its tickets make a full
 * handshake. Rotation is a schedule of activation times: give every server the next key ahead of
 * its time, so all of them decrypt it before any encrypts with it, and take a key out once the
 * session timeout has passed since its successor became active.
 *
 * <p>A key is any {@link SecretKey} of at least 32 bytes (for instance {@code keytool -genseckey
 * -keyalg AES -keysize 256 -storetype PKCS12}). The ticket format stays libssl's: a 16-byte key
 * name, AES-256-CBC and HMAC-SHA256; the name and both keys are derived from the secret with
 * HKDF-SHA256, so the same secret gives the same ticket key on every server.
 *
 * <p>In a {@link KeyStore}, each secret-key entry is a key, labelled by its alias, active from its
 * creation date (plus an optional delay). Deployments that cannot change code name a key store
 * file in the system property {@value #FILE_PROPERTY} (with {@value #PASSWORD_PROPERTY},
 * {@value #TYPE_PROPERTY}, {@value #DELAY_PROPERTY} and {@value #RELOAD_PROPERTY}): every
 * AccelJCE-TLS context initialised afterwards installs its keys and reads the file again when it
 * changes.
 *
 * <p>Resumptions are counted per key, in the provider's counters ({@code TLS.ticket resumed
 * <label>}, {@code acceljce stats}).
 */
public final class TlsTicketKeys {
    /** A key store file (PKCS12 by default) whose secret-key entries are the ticket keys. */
    public static final String FILE_PROPERTY = "acceljce.tls.ticketKeys.file";
    /** The password of {@value #FILE_PROPERTY} and of its entries. */
    public static final String PASSWORD_PROPERTY = "acceljce.tls.ticketKeys.password";
    /** The key store type of {@value #FILE_PROPERTY}: PKCS12 when not set. */
    public static final String TYPE_PROPERTY = "acceljce.tls.ticketKeys.type";
    /** Seconds after its creation date before an entry of the file encrypts (it decrypts at once): 0 when not set. */
    public static final String DELAY_PROPERTY = "acceljce.tls.ticketKeys.activationDelaySeconds";
    /** How often, in seconds, the file is checked for changes: 60 when not set, 0 never. */
    public static final String RELOAD_PROPERTY = "acceljce.tls.ticketKeys.reloadSeconds";

    /** The fewest secret bytes a key must have. */
    public static final int MIN_SECRET_BYTES = 32;

    private static final byte[] INFO = "AccelJCE TLS session ticket key v1".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9._:@-]{1,64}");

    private TlsTicketKeys() {}

    /**
     * One ticket key: a label (what counters and {@link #labels} show; letters, digits and
     * {@code . _ : @ -}, up to 64), the secret it is derived from, and when it starts encrypting.
     */
    public record Key(String label, SecretKey secret, Instant activeFrom) {
        public Key {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(activeFrom, "activeFrom");
            if (!LABEL.matcher(label).matches()) {
                throw new IllegalArgumentException("a ticket key label is 1 to 64 of A-Z a-z 0-9 . _ : @ -: " + label);
            }
        }

        /** A key that encrypts at once (when it is the newest). */
        public Key(String label, SecretKey secret) {
            this(label, secret, Instant.EPOCH);
        }
    }

    /**
     * Installs {@code keys} as the server ticket keys of {@code context} (an initialised
     * AccelJCE-TLS context), replacing any before, this context's own random keys included.
     *
     * @throws IllegalArgumentException when the context is not AccelJCE-TLS's, a secret is
     *     shorter than {@value #MIN_SECRET_BYTES} bytes or cannot be read, or two keys are the same
     * @throws IllegalStateException when the context is not initialised
     */
    public static void install(SSLContext context, List<Key> keys) {
        install(serverSessions(context), keys);
    }

    /** The labels of {@code context}'s installed keys, the encrypting one first; empty with its own random keys. */
    public static List<String> labels(SSLContext context) {
        return handle(serverSessions(context)).ticketKeys().labels();
    }

    /**
     * The keys of a key store: each secret-key entry (read with {@code password}) is one, labelled
     * by its alias and active from its creation date plus {@code activationDelay}; the newest
     * first. Other entries (certificates, private keys) are passed over.
     */
    public static List<Key> fromKeyStore(KeyStore store, char[] password, Duration activationDelay)
            throws GeneralSecurityException {
        Objects.requireNonNull(activationDelay, "activationDelay");
        List<Key> keys = new ArrayList<>();
        for (String alias : Collections.list(store.aliases())) {
            if (!store.entryInstanceOf(alias, KeyStore.SecretKeyEntry.class)) {
                continue;
            }
            java.security.Key k = store.getKey(alias, password);
            if (!(k instanceof SecretKey secret)) {
                continue;
            }
            java.util.Date created = store.getCreationDate(alias);
            Instant from = (created == null ? Instant.EPOCH : created.toInstant()).plus(activationDelay);
            keys.add(new Key(alias, secret, from));
        }
        keys.sort(Comparator.comparing(Key::activeFrom).reversed());
        return keys;
    }

    /** {@link #install(SSLContext, List)} with the keys of {@link #fromKeyStore}. */
    public static void install(SSLContext context, KeyStore store, char[] password, Duration activationDelay)
            throws GeneralSecurityException {
        install(context, fromKeyStore(store, password, activationDelay));
    }

    /**
     * Installs the keys of the key store {@code file} in {@code context} now, and again whenever
     * the file changes (checked every {@code every}, on a daemon thread) until the returned handle
     * is closed or the context is collected. A file that cannot be read later keeps the keys
     * installed before.
     */
    public static AutoCloseable watch(
            SSLContext context, Path file, String type, char[] password, Duration every, Duration activationDelay)
            throws IOException, GeneralSecurityException {
        return watch(serverSessions(context), file, type, password, every, activationDelay);
    }

    // ------------------------------------------------------------------ inside the provider

    /** The deployment properties, applied to a context's server side at init; nothing when the file property is unset. */
    static void applyDeploymentProperties(AccelSessionContext serverSessions)
            throws IOException, GeneralSecurityException {
        String file = System.getProperty(FILE_PROPERTY);
        if (file == null || file.isBlank()) {
            return;
        }
        String password = System.getProperty(PASSWORD_PROPERTY, "");
        String type = System.getProperty(TYPE_PROPERTY, "PKCS12");
        long delay = Long.parseLong(System.getProperty(DELAY_PROPERTY, "0").trim());
        long reload = Long.parseLong(System.getProperty(RELOAD_PROPERTY, "60").trim());
        if (delay < 0 || reload < 0) {
            throw new IllegalArgumentException(DELAY_PROPERTY + " and " + RELOAD_PROPERTY + " cannot be negative");
        }
        watch(
                serverSessions,
                Path.of(file),
                type,
                password.toCharArray(),
                Duration.ofSeconds(reload),
                Duration.ofSeconds(delay));
    }

    private static AccelSessionContext serverSessions(SSLContext context) {
        Objects.requireNonNull(context, "context");
        if (!(context.getServerSessionContext() instanceof AccelSessionContext s)) {
            throw new IllegalArgumentException(
                    "not an AccelJCE-TLS SSLContext: " + context.getProvider().getName());
        }
        return s;
    }

    private static SslContextHandle handle(AccelSessionContext s) {
        SslContextHandle h = s.handle();
        if (h == null) {
            throw new IllegalStateException("SSLContext is not initialized");
        }
        return h;
    }

    static void install(AccelSessionContext sessions, List<Key> keys) {
        SslContextHandle h = handle(sessions);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no ticket keys");
        }
        List<TicketKeys.Material> material = new ArrayList<>(keys.size());
        try {
            for (Key k : keys) {
                material.add(derive(k));
            }
            h.ticketKeys().install(material);
        } finally {
            for (TicketKeys.Material m : material) {
                Arrays.fill(m.name(), (byte) 0);
                Arrays.fill(m.aes(), (byte) 0);
                Arrays.fill(m.hmac(), (byte) 0);
            }
        }
    }

    /** The ticket key (name, AES key, HMAC key) of {@code k}'s secret: HKDF-SHA256 with a fixed info. */
    private static TicketKeys.Material derive(Key k) {
        byte[] raw = k.secret().getEncoded();
        if (raw == null) {
            throw new IllegalArgumentException("ticket key " + k.label() + ": its secret cannot be read (no encoding)");
        }
        byte[] okm = null;
        try {
            if (raw.length < MIN_SECRET_BYTES) {
                throw new IllegalArgumentException("ticket key " + k.label() + ": " + raw.length + " secret bytes, "
                        + MIN_SECRET_BYTES + " at least");
            }
            int n = TicketKeys.NAME_LENGTH, a = TicketKeys.AES_KEY, m = TicketKeys.HMAC_KEY;
            okm = KDF.getInstance("HKDF-SHA256")
                    .deriveData(HKDFParameterSpec.ofExtract().addIKM(raw).thenExpand(INFO, n + a + m));
            return new TicketKeys.Material(
                    k.label(),
                    Arrays.copyOfRange(okm, 0, n),
                    Arrays.copyOfRange(okm, n, n + a),
                    Arrays.copyOfRange(okm, n + a, n + a + m),
                    k.activeFrom().toEpochMilli());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HKDF-SHA256 for a ticket key: " + e.getMessage(), e);
        } finally {
            Arrays.fill(raw, (byte) 0);
            if (okm != null) {
                Arrays.fill(okm, (byte) 0);
            }
        }
    }

    private static ScheduledExecutorService watcher;

    private static synchronized ScheduledExecutorService watcher() {
        if (watcher == null) {
            ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "acceljce-ticket-keys");
                t.setDaemon(true);
                return t;
            });
            e.setRemoveOnCancelPolicy(true);
            watcher = e;
        }
        return watcher;
    }

    private static AutoCloseable watch(
            AccelSessionContext sessions,
            Path file,
            String type,
            char[] password,
            Duration every,
            Duration activationDelay)
            throws IOException, GeneralSecurityException {
        char[] pw = password.clone();
        FileTime[] seen = {load(sessions, file, type, pw, activationDelay)};
        if (every.isZero() || every.isNegative()) {
            Arrays.fill(pw, '\0');
            return () -> {};
        }
        WeakReference<AccelSessionContext> ref = new WeakReference<>(sessions);
        ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
        Runnable check = () -> {
            AccelSessionContext s = ref.get();
            if (s == null) {
                Arrays.fill(pw, '\0');
                self[0].cancel(false);
                return;
            }
            try {
                FileTime now = Files.getLastModifiedTime(file);
                if (!now.equals(seen[0])) {
                    seen[0] = load(s, file, type, pw, activationDelay);
                }
            } catch (Exception | AssertionError e) {
                System.getLogger(TlsTicketKeys.class.getName())
                        .log(
                                System.Logger.Level.WARNING,
                                "session ticket keys not reloaded from " + file + ", the keys before stay: " + e);
            }
        };
        long ms = every.toMillis();
        self[0] = watcher().scheduleWithFixedDelay(check, ms, ms, TimeUnit.MILLISECONDS);
        return () -> {
            self[0].cancel(false);
            Arrays.fill(pw, '\0');
        };
    }

    /** Reads {@code file} and installs its keys; returns the modification time it read. */
    private static FileTime load(
            AccelSessionContext sessions, Path file, String type, char[] password, Duration activationDelay)
            throws IOException, GeneralSecurityException {
        FileTime modified = Files.getLastModifiedTime(file);
        KeyStore ks = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password);
        }
        List<Key> keys = fromKeyStore(ks, password, activationDelay);
        if (keys.isEmpty()) {
            throw new GeneralSecurityException("no secret-key entries in " + file);
        }
        install(sessions, keys);
        return modified;
    }
}
