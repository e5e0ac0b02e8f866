package dev.acceljce.awslc;

/**
 * An AWS-LC call failed in a way the JCA contract has no checked exception for (out of memory, an
 * internal error). SPI classes translate expected failures (bad tag, bad key) into the documented
 * JCA exceptions before they reach the caller; this one is for the rest.
 */
public final class AwsLcException extends RuntimeException {
    public AwsLcException(String message) {
        super(message);
    }
}
