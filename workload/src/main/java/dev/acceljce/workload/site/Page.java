package dev.acceljce.workload.site;

import java.util.Arrays;

/**
 * The bank's pages, after SPECweb2005 Banking: each with its share of requests in the published
 * mix (percent of all requests) and the size its dynamic output is padded to. The mix is
 * SPECweb2005's; the per-page sizes are approximations within the published range (about 4 KB for
 * login up to 46 KB for logout), not the benchmark's exact files. Every dynamic page calls BeSim
 * once. Check images are static and requested with check_detail_html (front and back: 16.89% of
 * requests, twice the 8.45% of the page).
 */
public enum Page {
    LOGIN("login", 21.53, 4_200),
    ACCOUNT_SUMMARY("account_summary", 15.11, 17_000),
    CHECK_DETAIL_HTML("check_detail_html", 8.45, 11_000),
    BILL_PAY("bill_pay", 13.89, 15_000),
    ADD_PAYEE("add_payee", 1.12, 18_000),
    PAYEE_INFO("payee_info", 0.80, 11_000),
    QUICK_PAY("quick_pay", 6.67, 42_000),
    BILLPAY_STATUS("billpay_status", 2.23, 24_000),
    CHG_PROFILE("chg_profile", 1.22, 29_000),
    POST_PROFILE("post_profile", 0.88, 26_000),
    REQ_CHECKS("req_checks", 1.22, 16_000),
    POST_CHK_ORDER("post_chk_order", 0.88, 21_000),
    REQ_XFER_FORM("req_xfer_form", 1.71, 19_000),
    POST_FUND_XFER("post_fund_xfer", 1.24, 16_000),
    LOGOUT("logout", 6.16, 46_000);

    /** Share of check images in the published mix (front and back of each check_detail_html). */
    public static final double CHECK_IMAGES_SHARE = 16.89;
    /** How many check images (each with a front and a back) the bank serves. */
    public static final int CHECK_IMAGE_STEPS = 20;

    public final String path;
    public final double mixPercent;
    public final int size;

    Page(String path, double mixPercent, int size) {
        this.path = path;
        this.mixPercent = mixPercent;
        this.size = size;
    }

    /** Front image of check step i: about 10.7 KB + 0.5 KB a step. */
    public static int checkFrontSize(int step) {
        return 10_700 + 500 * step;
    }

    /** Back image of check step i: about 5.4 KB + 0.3 KB a step. */
    public static int checkBackSize(int step) {
        return 5_400 + 300 * step;
    }

    /** The page whose URL path (after /bank/) is path, or null. */
    public static Page byPath(String path) {
        return Arrays.stream(values())
                .filter(p -> p.path.equals(path))
                .findFirst()
                .orElse(null);
    }
}
