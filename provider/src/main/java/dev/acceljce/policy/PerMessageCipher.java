package dev.acceljce.policy;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Path;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;

/**
 * A Cipher under policy auto: each message (what an {@code init} or a finished message starts and a
 * {@code doFinal} ends) runs on the path that is faster for its size, AAD included.
 *
 * <p>{@code init} initialises one path at once, so a bad key or parameter fails there with that
 * path's exception: the path that received the previous init (at first the small-message path). So
 * a key and IV just used for encryption reach the path that saw them, which refuses them as the
 * JDK's and AccelJCE's GCM do; and a stream of messages on one side of the crossover costs one init
 * per message. The message's AAD and data are held in Java until the message either ends below the
 * crossover or grows to it; then the path its size calls for takes the held bytes and the rest, and
 * is initialised first if the init went to the other path (same key and parameters, including an
 * IV the other path generated). While held, {@code update} returns no output; it comes with the
 * call that decides.
 *
 * <p>In encrypt mode, the messages that follow a finished one without a new {@code init} stay on
 * the path that served it: that path knows the IV was used (GCM refuses to go on; CBC repeats the
 * IV as the JDK would). So do the messages after one that failed. Decrypt mode picks a path for
 * every message. Wrap and unwrap modes run on the path initialised. Only full transformations
 * ({@code AES/GCM/NoPadding}) are served this way: the JCA sets no mode or padding on them.
 */
final class PerMessageCipher extends CipherSpi {
    private static final byte[] NO_OUTPUT = new byte[0];

    /** One path's Cipher, created when first needed. */
    private final class Side {
        final Path path;
        Cipher cipher;
        /** Whether {@link #cipher} was initialised with the arguments of the latest init. */
        boolean ready;

        Side(Path path) {
            this.path = path;
        }

        Cipher cipher() {
            if (cipher == null) {
                cipher = create();
            }
            return cipher;
        }

        Cipher create() {
            return PerMessage.engine(transformation, path, p -> Cipher.getInstance(transformation, p));
        }
    }

    private final String transformation;
    private final Crossovers.Crossover crossover;
    /** Whether the cipher takes AAD (GCM): it is then held with the data, and must precede it. */
    private final boolean aead;

    private final Side below;
    private final Side above;
    private final MessageHead data;
    private final MessageHead aad;

    private int opmode;
    private Key key;
    private AlgorithmParameterSpec spec;
    private AlgorithmParameters params;
    private SecureRandom random;
    /** The side the latest init went to (its IV and parameters are the object's). */
    private Side primary;
    /** The side that received an init last: the next init goes there. */
    private Side lastInitialised;
    /** The path serving the current message; null while it is held. */
    private Cipher chosen;
    /** Encrypt mode: the path that finished a message since init, serving the rest. */
    private Cipher pinned;

    PerMessageCipher(String transformation, Crossovers.Crossover crossover) {
        this.transformation = transformation;
        this.crossover = crossover;
        this.aead = transformation.toUpperCase(java.util.Locale.ROOT).contains("/GCM/");
        this.below = new Side(crossover.below());
        this.above = new Side(crossover.above());
        this.primary = below;
        this.lastInitialised = below;
        this.data = new MessageHead(crossover.threshold());
        this.aad = new MessageHead(Long.MAX_VALUE);
    }

    /** The cipher of {@code side}, initialised like the primary side was by the latest init. */
    private Cipher ready(Side side) {
        if (!side.ready) {
            try {
                initFromPrimary(side.cipher());
            } catch (GeneralSecurityException first) {
                // The primary side accepted these arguments. A GCM path that served an earlier
                // message with this key and IV refuses them, although other IVs came in between
                // (the primary side saw them, as the JDK would have): a fresh object has no such memory.
                side.cipher = side.create();
                try {
                    initFromPrimary(side.cipher);
                } catch (GeneralSecurityException e) {
                    e.addSuppressed(first);
                    throw new ProviderException(
                            "the " + side.path + " path refused what the " + primary.path + " path accepted", e);
                }
            }
            side.ready = true;
            lastInitialised = side;
        }
        return side.cipher;
    }

    private void initFromPrimary(Cipher c) throws GeneralSecurityException {
        if (spec != null) {
            c.init(opmode, key, spec, random);
        } else if (params != null) {
            c.init(opmode, key, params, random);
        } else {
            // no parameters given: use the ones the primary side generated (an encryption IV)
            AlgorithmParameters generated = primary.cipher.getParameters();
            if (generated != null) {
                c.init(opmode, key, generated, random);
            } else {
                c.init(opmode, key, random);
            }
        }
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        throw new NoSuchAlgorithmException(transformation + " has its mode set");
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        throw new NoSuchPaddingException(transformation + " has its padding set");
    }

    @Override
    protected int engineGetBlockSize() {
        return primary.cipher().getBlockSize();
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        long held = (long) data.length() + inputLen;
        return current().getOutputSize((int) Math.min(Integer.MAX_VALUE, held));
    }

    @Override
    protected byte[] engineGetIV() {
        return primary.cipher().getIV();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return primary.cipher().getParameters();
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] encoded = key instanceof SecretKey ? key.getEncoded() : null;
        if (encoded == null) {
            throw new InvalidKeyException("a secret key with an encoding is required");
        }
        java.util.Arrays.fill(encoded, (byte) 0);
        return encoded.length * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        Side side = lastInitialised;
        side.cipher().init(opmode, key, random);
        initialised(side, opmode, key, null, null, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec spec, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Side side = lastInitialised;
        side.cipher().init(opmode, key, spec, random);
        initialised(side, opmode, key, spec, null, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Side side = lastInitialised;
        side.cipher().init(opmode, key, params, random);
        initialised(side, opmode, key, null, params, random);
    }

    private void initialised(
            Side side,
            int opmode,
            Key key,
            AlgorithmParameterSpec spec,
            AlgorithmParameters params,
            SecureRandom random) {
        primary = side;
        below.ready = side == below;
        above.ready = side == above;
        this.opmode = opmode;
        this.key = key;
        this.spec = spec;
        this.params = params;
        this.random = random;
        pinned = null;
        data.clear();
        aad.clear();
        chosen = opmode == Cipher.WRAP_MODE || opmode == Cipher.UNWRAP_MODE ? side.cipher : null;
    }

    /** The path that serves or would serve the current message if it ended now. */
    private Cipher current() {
        if (chosen != null) {
            return chosen;
        }
        return pinned != null ? pinned : primary.cipher();
    }

    /**
     * The path for the current message, deciding it if {@code more} bytes reach the crossover (or
     * {@code last}: the message ends with them); null while the message stays held.
     */
    private Cipher decide(long more, boolean last) {
        if (chosen == null && pinned != null) {
            chosen = pinned;
        }
        if (chosen == null) {
            long size = (long) aad.length() + data.length() + more;
            if (!last && size < crossover.threshold()) {
                return null;
            }
            Cipher c = ready(crossover.pathFor(size) == crossover.below() ? below : above);
            if (aad.length() > 0) {
                c.updateAAD(aad.bytes(), 0, aad.length());
                aad.clear();
            }
            chosen = c;
        }
        return chosen;
    }

    /**
     * A message ended: the next one is decided afresh, unless it must stay on {@code c}: after
     * encryption (the IV is used) and after a failure (the path's state after its exception is its
     * own: JDK 25's GCM, for one, refuses AAD until the next init after some tag failures).
     */
    private void ended(Cipher c, boolean failed) {
        data.clear();
        aad.clear();
        if (opmode == Cipher.ENCRYPT_MODE || failed) {
            pinned = c;
        }
        if (opmode != Cipher.WRAP_MODE && opmode != Cipher.UNWRAP_MODE) {
            chosen = null;
        }
    }

    /** The held data followed by {@code in[off..off+len)}, for the path that takes them both. */
    private byte[] joined(byte[] in, int off, int len) {
        byte[] all = new byte[data.length() + len];
        System.arraycopy(data.bytes(), 0, all, 0, data.length());
        if (len > 0) {
            System.arraycopy(in, off, all, data.length(), len);
        }
        return all;
    }

    @Override
    protected byte[] engineUpdate(byte[] in, int off, int len) {
        Cipher c = decide(len, false);
        if (c == null) {
            data.add(in, off, len);
            return NO_OUTPUT;
        }
        if (data.length() == 0) {
            return c.update(in, off, len);
        }
        byte[] out = c.update(joined(in, off, len));
        data.clear();
        return out;
    }

    @Override
    protected int engineUpdate(byte[] in, int off, int len, byte[] out, int outOff) throws ShortBufferException {
        Cipher c = decide(len, false);
        if (c == null) {
            data.add(in, off, len);
            return 0;
        }
        if (data.length() == 0) {
            return c.update(in, off, len, out, outOff);
        }
        byte[] all = joined(in, off, len);
        int n = c.update(all, 0, all.length, out, outOff); // on ShortBufferException the data stays held
        data.clear();
        return n;
    }

    @Override
    protected int engineUpdate(ByteBuffer in, ByteBuffer out) throws ShortBufferException {
        Cipher c = decide(in.remaining(), false);
        if (c == null) {
            data.add(in);
            return 0;
        }
        if (data.length() == 0) {
            return c.update(in, out);
        }
        int position = in.position();
        byte[] all = joinedFrom(in);
        try {
            int n = c.update(ByteBuffer.wrap(all), out);
            data.clear();
            return n;
        } catch (ShortBufferException e) {
            in.position(position);
            throw e;
        }
    }

    private byte[] joinedFrom(ByteBuffer in) {
        byte[] all = new byte[data.length() + in.remaining()];
        System.arraycopy(data.bytes(), 0, all, 0, data.length());
        in.get(all, data.length(), in.remaining());
        return all;
    }

    @Override
    protected byte[] engineDoFinal(byte[] in, int off, int len) throws IllegalBlockSizeException, BadPaddingException {
        Cipher c = decide(len, true);
        try {
            byte[] out;
            if (data.length() > 0) {
                out = c.doFinal(joined(in, off, len));
            } else {
                out = in == null ? c.doFinal() : c.doFinal(in, off, len); // Cipher.doFinal() passes null
            }
            ended(c, false);
            return out;
        } catch (IllegalBlockSizeException | BadPaddingException | RuntimeException e) {
            ended(c, true);
            throw e;
        }
    }

    @Override
    protected int engineDoFinal(byte[] in, int off, int len, byte[] out, int outOff)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        Cipher c = decide(len, true);
        try {
            int n;
            if (data.length() > 0) {
                byte[] all = joined(in, off, len);
                n = c.doFinal(all, 0, all.length, out, outOff);
            } else {
                n = in == null ? c.doFinal(out, outOff) : c.doFinal(in, off, len, out, outOff);
            }
            ended(c, false);
            return n;
        } catch (ShortBufferException e) {
            throw e; // the message stays as it was: the caller may retry with a larger buffer
        } catch (IllegalBlockSizeException | BadPaddingException | RuntimeException e) {
            ended(c, true);
            throw e;
        }
    }

    @Override
    protected int engineDoFinal(ByteBuffer in, ByteBuffer out)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        Cipher c = decide(in.remaining(), true);
        int position = in.position();
        try {
            int n = data.length() > 0 ? c.doFinal(ByteBuffer.wrap(joinedFrom(in)), out) : c.doFinal(in, out);
            ended(c, false);
            return n;
        } catch (ShortBufferException e) {
            in.position(position);
            throw e;
        } catch (IllegalBlockSizeException | BadPaddingException | RuntimeException e) {
            ended(c, true);
            throw e;
        }
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int off, int len) {
        if (!aead) {
            primary.cipher().updateAAD(src, off, len); // refuses as the path does (no AAD in this mode)
            return;
        }
        if (chosen == null && pinned == null && data.length() > 0) {
            throw new IllegalStateException("AAD must be supplied before encryption/decryption starts");
        }
        Cipher c = decide(len, false);
        if (c == null) {
            aad.add(src, off, len);
        } else {
            c.updateAAD(src, off, len);
        }
    }

    @Override
    protected void engineUpdateAAD(ByteBuffer src) {
        if (!aead) {
            primary.cipher().updateAAD(src);
            return;
        }
        if (chosen == null && pinned == null && data.length() > 0) {
            throw new IllegalStateException("AAD must be supplied before encryption/decryption starts");
        }
        Cipher c = decide(src.remaining(), false);
        if (c == null) {
            aad.add(src);
        } else {
            c.updateAAD(src);
        }
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        return primary.cipher().wrap(key);
    }

    @Override
    protected Key engineUnwrap(byte[] wrapped, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        return primary.cipher().unwrap(wrapped, algorithm, type);
    }
}
