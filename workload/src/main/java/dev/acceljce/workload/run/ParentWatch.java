package dev.acceljce.workload.run;

import java.io.IOException;

/**
 * The child JVMs of a run (bank, BeSim, driver) exit when their parent goes away: the run
 * controller keeps their stdin open, so end of input means it ended, even when it was killed
 * without running its shutdown hooks.
 */
public final class ParentWatch {
    private ParentWatch() {}

    public static void exitWhenParentGoes() {
        exitWhenParentExits();
        Thread t = new Thread(
                () -> {
                    try {
                        while (System.in.read() != -1) {
                            // nothing is sent; wait for the end
                        }
                    } catch (IOException e) {
                        // the same: the parent is gone
                    }
                    System.exit(3); // exit, not halt: shutdown hooks (a JFR dump on exit, Jetty's stop) still run
                },
                "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The same without touching stdin (the driver reads its commands there): the JVM ends when
     * the process that started it ends.
     */
    public static void exitWhenParentExits() {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> System.exit(3)));
    }
}
