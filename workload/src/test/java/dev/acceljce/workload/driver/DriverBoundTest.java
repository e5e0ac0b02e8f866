package dev.acceljce.workload.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a load point measured the driver rather than the bank. */
class DriverBoundTest {
    @Test
    void usersStartingLateRejectAPointWhateverItsOutcome() {
        assertTrue(DriverMain.driverBound(true, 0.50, DriverMain.LAG_LIMIT_MS + 1));
        assertTrue(DriverMain.driverBound(false, 0.50, DriverMain.LAG_LIMIT_MS + 1));
    }

    @Test
    void aBusyDriverRejectsAMissButNotAPassWithUsersOnTime() {
        double busy = DriverMain.DRIVER_CORE_LIMIT + 0.01;
        assertTrue(DriverMain.driverBound(false, busy, 35));
        assertFalse(DriverMain.driverBound(true, busy, 35), "the 2026-11-25 run's case: QoS met at 91% of CPU 0");
    }

    @Test
    void aQuietDriverOnTimeIsTheBanksPoint() {
        assertFalse(DriverMain.driverBound(false, 0.60, 100));
        assertFalse(DriverMain.driverBound(true, 0.60, 100));
    }
}
