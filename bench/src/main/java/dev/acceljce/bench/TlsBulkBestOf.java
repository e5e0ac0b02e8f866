package dev.acceljce.bench;

/**
 * The least-disturbed time per op of {@link TlsBulkBenchmark}: 30,000 ops of JIT warm-up (by
 * count, so a thread that gets a small share of a busy CPU is still compiled), then 2,000
 * batches of 20 ops timed one by one; prints the fastest batch and the 10th percentile, per op.
 * A batch (about 0.1-0.3 ms) is shorter than a time slice, so on a host shared with other work
 * the fastest ones ran undisturbed, where a JMH throughput score follows the CPU share.
 * Usage: java -cp benchmarks.jar dev.acceljce.bench.TlsBulkBestOf PROVIDER SUITE DIRECT
 */
public final class TlsBulkBestOf {
    public static void main(String[] a) throws Exception {
        TlsBulkBenchmark b = new TlsBulkBenchmark();
        b.provider = a[0];
        b.suite = a[1];
        b.direct = Boolean.parseBoolean(a[2]);
        b.setUp();
        TlsBulkBenchmark.Bytes c = new TlsBulkBenchmark.Bytes();
        c.reset();
        for (int i = 0; i < 30000; i++) b.transfer(c); // JIT warm-up by count, not time
        int batch = 20;
        long best = Long.MAX_VALUE;
        long[] all = new long[2000];
        for (int r = 0; r < all.length; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < batch; i++) b.transfer(c);
            all[r] = System.nanoTime() - t0;
        }
        java.util.Arrays.sort(all);
        System.out.printf(
                "%s %s direct=%s: best %.2f us/op, 10th percentile %.2f us/op (batches of %d)%n",
                a[0], a[1], a[2], all[0] / 1e3 / batch, all[all.length / 10] / 1e3 / batch, batch);
        b.tearDown();
    }
}
