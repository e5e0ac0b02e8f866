package dev.acceljce.workload.driver;

import dev.acceljce.workload.site.Page;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Response times per page type over the measured window, in HdrHistogram (1 us to 10 min, 3
 * digits), each from the page's scheduled start to its last byte (images included), so a late
 * start counts against the page (no coordinated omission). Also the errors and the QoS shares.
 * Synchronized: users still finishing pages may record while the summary is read (a few hundred
 * recordings a second contend on nothing measurable).
 */
final class PageStats {
    /** SPECweb2005's TIME_GOOD and TIME_TOLERABLE. */
    static final long TIME_GOOD_NS = TimeUnit.SECONDS.toNanos(2);

    static final long TIME_TOLERABLE_NS = TimeUnit.SECONDS.toNanos(4);

    private final Map<Page, Histogram> pages = new EnumMap<>(Page.class);
    private final Map<Page, LongAdder> errors = new EnumMap<>(Page.class);
    private final Histogram all = histogram();
    private final LongAdder images = new LongAdder();

    PageStats() {
        for (Page p : Page.values()) {
            pages.put(p, histogram());
            errors.put(p, new LongAdder());
        }
    }

    private static Histogram histogram() {
        return new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
    }

    synchronized void record(Page page, long nanos, int imagesFetched) {
        long v = Math.max(1000, Math.min(nanos, TimeUnit.MINUTES.toNanos(10)));
        pages.get(page).recordValue(v);
        all.recordValue(v);
        images.add(imagesFetched);
    }

    /** A failed page counts as served beyond TIME_TOLERABLE. */
    synchronized void error(Page page) {
        errors.get(page).increment();
        record(page, TimeUnit.MINUTES.toNanos(10), 0);
    }

    synchronized long pages() {
        return all.getTotalCount();
    }

    synchronized long errors() {
        return errors.values().stream().mapToLong(LongAdder::sum).sum();
    }

    synchronized double withinGood() {
        return share(all, TIME_GOOD_NS);
    }

    synchronized double withinTolerable() {
        return share(all, TIME_TOLERABLE_NS);
    }

    /** SPECweb2005's QoS: 95% of pages within TIME_GOOD and 99% within TIME_TOLERABLE. */
    synchronized boolean qosMet() {
        return all.getTotalCount() > 0 && withinGood() >= 0.95 && withinTolerable() >= 0.99;
    }

    private static double share(Histogram h, long limit) {
        long n = h.getTotalCount();
        return n == 0 ? 0 : (double) h.getCountBetweenValues(0, limit) / n;
    }

    synchronized Map<String, Object> summary() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("all", row(all, errors()));
        Map<String, Object> perPage = new LinkedHashMap<>();
        long total = all.getTotalCount() + images.sum();
        for (Page p : Page.values()) {
            Map<String, Object> r = row(pages.get(p), errors.get(p).sum());
            r.put("mixPercent", total == 0 ? 0 : 100.0 * pages.get(p).getTotalCount() / total);
            perPage.put(p.path, r);
        }
        out.put("pages", perPage);
        out.put("checkImages", images.sum());
        out.put("checkImagesMixPercent", total == 0 ? 0 : 100.0 * images.sum() / total);
        return out;
    }

    private static Map<String, Object> row(Histogram h, long errors) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("count", h.getTotalCount());
        r.put("errors", errors);
        r.put("avgMs", h.getTotalCount() == 0 ? 0 : h.getMean() / 1e6);
        r.put("p95Ms", h.getValueAtPercentile(95) / 1e6);
        r.put("p99Ms", h.getValueAtPercentile(99) / 1e6);
        r.put("maxMs", h.getMaxValue() / 1e6);
        r.put("withinGood", share(h, TIME_GOOD_NS));
        r.put("withinTolerable", share(h, TIME_TOLERABLE_NS));
        return r;
    }
}
