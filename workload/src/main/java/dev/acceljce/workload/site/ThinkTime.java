package dev.acceljce.workload.site;

import java.util.random.RandomGenerator;

/**
 * The user's think time before every page but login (SPECweb2005: 61.58% of requests, the pages
 * that are neither login nor check images): exponential, truncated at 15 times the mean. Faithful
 * mode uses the published mean of 10 s (max 150 s); compressed mode a shorter mean, so a run
 * saturates a 2-core machine in minutes with fewer simulated users.
 */
public record ThinkTime(double meanSeconds) {
    public static final ThinkTime FAITHFUL = new ThinkTime(10.0);

    public long nextNanos(RandomGenerator random) {
        double s = -meanSeconds * Math.log(1.0 - random.nextDouble());
        return (long) (Math.min(s, 15 * meanSeconds) * 1e9);
    }
}
