package dev.acceljce.keys;

import dev.acceljce.control.Settings;
import dev.acceljce.openssl.EvpPkey;
import java.io.NotSerializableException;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.lang.ref.WeakReference;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyRep;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.security.auth.DestroyFailedException;

/**
 * A private key whose material lives in an OpenSSL EVP_PKEY. Nothing is copied to the Java
 * heap unless the caller asks for the encoding or a component, another library needs the key's
 * raw form ({@link #rawForm}). A key another library generated (AWS-LC's EC, Ed25519 and X25519
 * keys) starts with that library's form (the EC_KEY of an EC key, the raw form of the others), and
 * gets its EVP_PKEY only when OpenSSL is asked to use or encode it ({@link #makeNative}).
 *
 * <p>{@link #destroy()} answers as the JDK's key of the same type does, unless
 * {@code acceljce.keys.destroy=true} ({@link Settings#keysDestroy}) asks for destruction: RSA, EC,
 * EdDSA and XDH keys throw {@link DestroyFailedException} and stay usable (the native material is
 * cleansed and freed when the key becomes unreachable, by the EVP_PKEY's Cleaner), ML-KEM and ML-DSA
 * keys are destroyed ({@link #destroysByDefault}). Destruction ({@link #destroyNow}) frees the
 * EVP_PKEY (OpenSSL clear-frees its private components), and the engines that hold references to
 * it (their contexts; see {@link KeyHolder}) free theirs at the same time; afterwards the key is refused with
 * {@link InvalidKeyException} by every AccelJCE engine and its getters throw
 * {@link IllegalStateException}. Equality and hash code are the JDK's PKCS8Key ones: by encoding.
 */
abstract sealed class AccelPrivateKey implements PrivateKey, AccelKey
        permits AccelEcPrivateKey, AccelRsaPrivateCrtKey, AccelEdEcPrivateKey, AccelXecPrivateKey, AccelMlPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final KeyKind kind;
    /** The native key; null until {@link #makeNative} made it, for a key made by another library. */
    private transient volatile EvpPkey.Key key;

    /** Set once, by {@link #destroy()}, under the write lock. */
    private transient volatile boolean destroyed;

    /**
     * Guards making what is made on first need (the EVP_PKEY, the raw form, another library's
     * object), always taken inside the read lock. Not the key's monitor: {@link #destroy()} holds
     * that while it waits for the write lock, so a maker holding the read lock and waiting for the
     * monitor would wait forever.
     */
    private final transient Object making = new Object();
    /**
     * Engines holding native references to this key, held weakly; guarded by {@code this}. A
     * list, pruned of collected and repeated engines when it has doubled since the last pruning
     * (so it stays within twice the engines alive): a TLS server
     * registers a new Signature per handshake with one key, so adding must stay cheap (a
     * WeakHashMap cost microseconds per add under that churn: KeyHolderBenchmark).
     */
    private transient ArrayList<WeakReference<KeyHolder>> holders;

    private transient int pruneAt;

    /**
     * Readers of the live EVP_PKEY (getters, {@link #share()}) hold the read lock and run side by
     * side; {@link #destroy()} frees it under the write lock, so no reader sees it freed. Not the
     * key's monitor: a server's one key is read by every handshake thread at once (SunJCE reads
     * all eight RSA components for each TLS_RSA premaster secret it decrypts), and a monitor made
     * them queue (the workload's lock profile of 2026-11-25, docs/workload/2026-11-25-zen4: 228 s blocked per 15 s at 4096 sessions).
     */
    private final transient ReentrantReadWriteLock liveness = new ReentrantReadWriteLock();

    private final transient Lock reading = liveness.readLock();

    /** The private material in another library's raw form ({@link #rawForm}), or null; wiped by destroy. */
    private transient volatile byte[] rawForm;

    /** {@code key}: the native key, or null for a key whose {@link #makeNative} makes it on first need. */
    AccelPrivateKey(KeyKind kind, EvpPkey.Key key) {
        this.kind = kind;
        this.key = key;
    }

    /**
     * OpenSSL's form of a key made without one (from its raw form, by the library that made it),
     * called once, on first need, under the read lock. Kinds that always start with an EVP_PKEY
     * never get here.
     */
    EvpPkey.Key makeNative() {
        throw new IllegalStateException(kind + " key without its native key");
    }

    /**
     * Frees what a kind keeps besides the EVP_PKEY and the raw form (another library's object of
     * the key); called by {@link #destroy()} under the write lock.
     */
    void destroyOtherForms() {}

    @Override
    public final KeyKind kind() {
        return kind;
    }

    @Override
    public final EvpPkey.Key nativeKey() throws InvalidKeyException {
        if (destroyed) {
            throw new InvalidKeyException("the key was destroyed");
        }
        EvpPkey.Key k = key;
        return k != null
                ? k
                : whileLive(() -> {
                    if (key == null) {
                        key = makeNative();
                    }
                    return key;
                });
    }

    @Override
    public final void requireLive() throws InvalidKeyException {
        if (destroyed) {
            throw new InvalidKeyException("the key was destroyed");
        }
    }

    /**
     * Runs {@code make} (which makes something of this key on first need) while the key cannot be
     * destroyed: under the read lock, and the making lock so that one thread makes it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    final <T> T whileLive(Supplier<T> make) throws InvalidKeyException {
        reading.lock();
        try {
            if (destroyed) {
                throw new InvalidKeyException("the key was destroyed");
            }
            synchronized (making) {
                return make.get();
            }
        } finally {
            reading.unlock();
        }
    }

    @Override
    public final EvpPkey.Key share() throws InvalidKeyException {
        reading.lock();
        try {
            return nativeKey().share();
        } finally {
            reading.unlock();
        }
    }

    /** The native key for a getter (which holds the read lock); {@link IllegalStateException} once destroyed. */
    private EvpPkey.Key live() {
        if (destroyed) {
            throw new IllegalStateException("the key was destroyed");
        }
        EvpPkey.Key k = key;
        if (k == null) {
            synchronized (making) {
                if (key == null) {
                    key = makeNative();
                }
                k = key;
            }
        }
        return k;
    }

    /** An octet-string component ("priv" of EdDSA/XDH keys); getters and destroy exclude each other. */
    final byte[] octets(String name) {
        reading.lock();
        try {
            return live().octetParam(name);
        } finally {
            reading.unlock();
        }
    }

    /** A BIGNUM component's big-endian bytes (the caller wipes them); getters and destroy exclude each other. */
    final byte[] bnParam(String name) {
        byte[] b;
        reading.lock();
        try {
            b = live().bnParam(name);
        } finally {
            reading.unlock();
        }
        if (b == null) {
            throw new IllegalStateException("the key has no component " + name);
        }
        return b;
    }

    /**
     * A BIGNUM component ("priv" of EC keys) as big-endian bytes, padded to {@code length}; the
     * caller wipes them. Getters and destroy exclude each other.
     */
    final byte[] bnOctets(String name, int length) {
        byte[] b = bnParam(name);
        if (b.length > length) {
            Arrays.fill(b, (byte) 0);
            throw new IllegalStateException("the key has no component " + name + " of at most " + length + " bytes");
        }
        if (b.length == length) {
            return b;
        }
        byte[] padded = new byte[length];
        System.arraycopy(b, 0, padded, length - b.length, b.length);
        Arrays.fill(b, (byte) 0);
        return padded;
    }

    /**
     * This key's private material in the raw form another library takes (AWS-LC's Ed25519 key:
     * seed || public key), made by {@code make} from this key the first time and kept: keys cross
     * between libraries as bytes made once per key, never as pointers of one library handed to
     * the other. The array is shared: callers only read it. {@link #destroy()} wipes it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    final byte[] rawForm(Supplier<byte[]> make) throws InvalidKeyException {
        byte[] r = rawForm;
        if (r != null) {
            return r;
        }
        return whileLive(() -> {
            if (rawForm == null) {
                rawForm = make.get();
            }
            return rawForm;
        });
    }

    /**
     * Sets the raw form of a key made by another library, which starts with it; in the
     * constructor of such a key, before it is shared. The key owns {@code raw} from here on.
     */
    final void startWithRawForm(byte[] raw) {
        rawForm = raw;
    }

    /** The raw form, for {@link #makeNative} (under the read lock, so not wiped meanwhile); null if none. */
    final byte[] rawFormNow() {
        return rawForm;
    }

    /**
     * An EdDSA or XDH key (whose private part is the octet string "priv": an RFC 8032 seed, an
     * RFC 7748 scalar) in another library's raw form, made once from those bytes by
     * {@code fromRaw} (which must not keep them: they are wiped afterwards) and cached on the key
     * until {@link #destroy()} ({@link #rawForm}). The array is shared: callers only read it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    public final byte[] cachedFromRaw(UnaryOperator<byte[]> fromRaw) throws InvalidKeyException {
        return rawForm(() -> {
            byte[] raw = octets("priv");
            try {
                return fromRaw.apply(raw);
            } finally {
                Arrays.fill(raw, (byte) 0);
            }
        });
    }

    @Override
    public final String getAlgorithm() {
        return kind.algorithm();
    }

    @Override
    public final String getFormat() {
        return "PKCS#8";
    }

    @Override
    public final byte[] getEncoded() {
        reading.lock();
        try {
            return encode(live());
        } finally {
            reading.unlock();
        }
    }

    /** The PKCS#8 encoding of the live native key: OpenSSL's, unless a kind needs the JDK's form. */
    byte[] encode(EvpPkey.Key live) {
        return live.privateDer();
    }

    /** A BIGNUM component as a positive BigInteger. */
    final BigInteger component(String name) {
        byte[] b = bnParam(name);
        try {
            return new BigInteger(1, b);
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    @Override
    public final void heldBy(KeyHolder holder) {
        synchronized (this) {
            if (!destroyed) {
                if (holders == null) {
                    holders = new ArrayList<>();
                    pruneAt = 16;
                }
                if (holders.size() >= pruneAt) {
                    // collected engines go, and repeats of one engine (it registers again each
                    // time it makes a new context, e.g. per RSASSA-PSS setParameter)
                    Set<KeyHolder> seen = Collections.newSetFromMap(new IdentityHashMap<>());
                    holders.removeIf(r -> {
                        KeyHolder h = r.get();
                        return h == null || !seen.add(h);
                    });
                    pruneAt = Math.max(16, 2 * holders.size());
                }
                holders.add(new WeakReference<>(holder));
                return;
            }
        }
        holder.keyDestroyed(this); // destroyed between the engine's share() and here
    }

    /** Registrations held now (collected and repeated ones until the next pruning); for tests. */
    final synchronized int holdersListed() {
        return holders == null ? 0 : holders.size();
    }

    /**
     * Destroys the key when {@code acceljce.keys.destroy=true} or when the JDK destroys its own keys
     * of this type ({@link #destroysByDefault}): as {@link #destroyNow}. Otherwise answers as the
     * JDK's RSA, EC, EdDSA and XDH private keys do: {@link DestroyFailedException}, and the key stays
     * usable ({@link #isDestroyed()} false).
     *
     * @throws DestroyFailedException when the key is not destroyed (the default for this type)
     */
    @Override
    public final void destroy() throws DestroyFailedException {
        if (!destroyed && !destroysByDefault() && !Settings.keysDestroy()) { // a destroyed key stays so, quietly
            throw new DestroyFailedException("not destroyed: AccelJCE keeps " + kind.algorithm()
                    + " private keys usable after destroy(), as the JDK's providers do; "
                    + Settings.KEYS_DESTROY + "=true destroys them");
        }
        destroyNow();
    }

    /**
     * Whether {@link #destroy()} destroys a key of this type without {@code acceljce.keys.destroy}:
     * where the JDK's key of the same type is destroyed by its {@code destroy()}.
     */
    boolean destroysByDefault() {
        return false;
    }

    /**
     * Frees the EVP_PKEY and tells every engine still holding it to free its references (outside
     * the lock: an engine may call back into this key); idempotent. What {@link #destroy()} does
     * when it destroys, and what AccelJCE's own short-lived keys (self-tests, key factories'
     * intermediate keys) use whatever the setting: {@link Keys#release}.
     */
    final void destroyNow() {
        ArrayList<WeakReference<KeyHolder>> told;
        synchronized (this) {
            Lock writing = liveness.writeLock();
            writing.lock(); // waits for the readers in progress; later ones find the key closed
            try {
                destroyed = true;
                EvpPkey.Key k = key;
                if (k != null) {
                    k.close();
                }
                destroyOtherForms();
                byte[] raw = rawForm;
                rawForm = null;
                if (raw != null) {
                    Arrays.fill(raw, (byte) 0);
                }
            } finally {
                writing.unlock();
            }
            told = holders;
            holders = null;
        }
        if (told != null) {
            for (WeakReference<KeyHolder> r : told) {
                KeyHolder h = r.get();
                if (h != null) {
                    h.keyDestroyed(this);
                }
            }
        }
    }

    @Override
    public final boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public final boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Key k) || !"PKCS#8".equals(k.getFormat()) || isDestroyed()) {
            return false;
        }
        byte[] mine = getEncoded();
        byte[] theirs = k.getEncoded();
        try {
            return theirs != null && MessageDigest.isEqual(mine, theirs);
        } finally {
            Arrays.fill(mine, (byte) 0);
            if (theirs != null) {
                Arrays.fill(theirs, (byte) 0);
            }
        }
    }

    @Override
    public final int hashCode() {
        if (isDestroyed()) {
            return kind.hashCode();
        }
        byte[] mine = getEncoded();
        try {
            return Arrays.hashCode(mine);
        } finally {
            Arrays.fill(mine, (byte) 0);
        }
    }

    @Override
    public String toString() {
        return "AccelJCE " + kind.algorithm() + " private key (" + kind + (isDestroyed() ? ", destroyed)" : ")");
    }

    /** Serialized as the JDK's keys are: a KeyRep of the PKCS#8 encoding. */
    @Serial
    final Object writeReplace() throws ObjectStreamException {
        if (isDestroyed()) {
            throw new NotSerializableException("destroyed key");
        }
        return new KeyRep(KeyRep.Type.PRIVATE, getAlgorithm(), getFormat(), getEncoded());
    }
}
