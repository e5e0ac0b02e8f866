package dev.acceljce.signature;

import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.function.Supplier;

/**
 * The running signature operation of one {@link PkeySignature}, on one path: {@link NativeSignature}
 * (OpenSSL or AWS-LC, through the subclass's native hooks) or {@link JdkSignature} (the JDK's Signature of
 * the same algorithm). The SPI picks one at init, when it knows whether the key is served natively,
 * and forwards every call to it; an engine counts its own finished operations on its own path.
 */
interface SignatureEngine {
    void update(byte[] b, int off, int len) throws SignatureException;

    /** As {@link java.security.SignatureSpi#engineUpdate(ByteBuffer)}: failures are unchecked. */
    void update(ByteBuffer input);

    /** Signs the message so far; the next message starts empty, whether this returns or throws. */
    byte[] sign() throws SignatureException;

    /** Verifies the message so far; the next message starts empty, whether this returns or throws. */
    boolean verify(byte[] signature) throws SignatureException;

    /** Drops the message in progress: the next one starts empty. */
    void reset();

    /** Whether the current message has begun: an update (even an empty one) since init/sign/verify. */
    boolean messageStarted();

    /**
     * Gives {@code params} to the JDK's Signature behind this engine, which checks and keeps them;
     * false, doing nothing, when there is none (the native engine: the SPI checks and keeps
     * parameters itself).
     */
    boolean setJdkParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException;

    /** The parameters of the JDK's Signature behind this engine, or those {@code nativeOnes} gives when there is none. */
    AlgorithmParameters parameters(Supplier<AlgorithmParameters> nativeOnes);
}
