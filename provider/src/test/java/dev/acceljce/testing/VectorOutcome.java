package dev.acceljce.testing;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * What one test vector gave on one path, in a form two JVMs can compare as text: whether it was
 * accepted in the vector's sense (the expected bytes, or a signature that verifies), and a detail
 * that must be identical on every path: a short hash of the output bytes, a verification's boolean,
 * or the simple name of the exception that refused it. Several steps of one vector (decryption,
 * then encryption) are joined with {@link #and}.
 */
public record VectorOutcome(boolean accepted, String detail) {
    /** One step of a vector: produces bytes or throws. */
    @FunctionalInterface
    public interface Step {
        byte[] run() throws Exception;
    }

    /** One verification step: true, false, or throws. */
    @FunctionalInterface
    public interface Check {
        boolean run() throws Exception;
    }

    /** The step's bytes (accepted when they equal {@code expected}; null expects nothing in particular). */
    public static VectorOutcome bytes(String step, Step call, byte[] expected) {
        try {
            byte[] out = call.run();
            return new VectorOutcome(expected == null || Arrays.equals(out, expected), step + "=" + hash(out));
        } catch (Exception e) {
            return refused(step, e);
        }
    }

    /** A verification's answer: accepted when true. */
    public static VectorOutcome check(String step, Check call) {
        try {
            boolean ok = call.run();
            return new VectorOutcome(ok, step + "=" + ok);
        } catch (Exception e) {
            return refused(step, e);
        }
    }

    public static VectorOutcome refused(String step, Throwable e) {
        return new VectorOutcome(false, step + "!" + e.getClass().getSimpleName());
    }

    /** Both steps; accepted when both are. */
    public VectorOutcome and(VectorOutcome next) {
        return new VectorOutcome(accepted && next.accepted, detail + " " + next.detail);
    }

    /** Replaces the acceptance (for a step whose success says nothing about the vector). */
    public VectorOutcome accepted(boolean value) {
        return new VectorOutcome(value, detail);
    }

    /** The first 12 hex digits of SHA-256 (from the JDK's SUN provider) and the length. */
    public static String hash(byte[] out) {
        if (out == null) {
            return "null";
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256", "SUN").digest(out);
            return HexFormat.of().formatHex(d, 0, 6) + "/" + out.length;
        } catch (NoSuchAlgorithmException | NoSuchProviderException e) {
            throw new AssertionError(e);
        }
    }
}
