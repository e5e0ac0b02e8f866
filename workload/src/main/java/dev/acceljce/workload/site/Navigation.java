package dev.acceljce.workload.site;

import java.util.EnumMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The Markov chain a user walks through the bank. A session starts with login; after every page
 * the next state depends on the current one:
 * <ul>
 *   <li>after a form (chg_profile, req_checks, req_xfer_form) its post follows with probability
 *       post/form of the published mix (0.88/1.22, 0.88/1.22, 1.24/1.71);</li>
 *   <li>otherwise the next page is drawn from the published mix of the pages reachable from
 *       anywhere (every page but login and the posts), plus a "leave" state that ends the
 *       session silently (a user who closes the browser); logout also ends it.</li>
 * </ul>
 * The "leave" weight is 21.53 - 6.16 = 15.37: then a session sees on average one login, one
 * draw of each page per 21.53 of its mix weight, and ends with logout in 6.16/21.53 of the cases,
 * so the long-run request mix is the published one (the driver prints the mix it measured).
 */
public final class Navigation {
    /** Weight of ending the session without logout. */
    static final double LEAVE_WEIGHT = Page.LOGIN.mixPercent - Page.LOGOUT.mixPercent;

    private static final Map<Page, Page> POST_OF = new EnumMap<>(Map.of(
            Page.CHG_PROFILE, Page.POST_PROFILE,
            Page.REQ_CHECKS, Page.POST_CHK_ORDER,
            Page.REQ_XFER_FORM, Page.POST_FUND_XFER));

    private static final Page[] HUB = java.util.Arrays.stream(Page.values())
            .filter(p -> p != Page.LOGIN && !POST_OF.containsValue(p))
            .toArray(Page[]::new);
    private static final double HUB_TOTAL =
            java.util.Arrays.stream(HUB).mapToDouble(p -> p.mixPercent).sum() + LEAVE_WEIGHT;

    private Navigation() {}

    /** The page after current, or null when the session ends (after logout, or a user who leaves). */
    public static Page next(Page current, RandomGenerator random) {
        if (current == Page.LOGOUT) {
            return null;
        }
        Page post = POST_OF.get(current);
        if (post != null && random.nextDouble() < post.mixPercent / current.mixPercent) {
            return post;
        }
        double x = random.nextDouble() * HUB_TOTAL;
        for (Page p : HUB) {
            x -= p.mixPercent;
            if (x < 0) {
                return p;
            }
        }
        return null; // leave
    }
}
