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
        Thread t = new Thread(() -> {
            try {
                while (System.in.read() != -1) {
                    // nothing is sent; wait for the end
                }
            } catch (IOException e) {
                // the same: the parent is gone
            }
            Runtime.getRuntime().halt(3);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    /**
     * The same without touching stdin (the driver reads its commands there): the JVM ends when
     * the process that started it ends.
     */
    public static void exitWhenParentExits() {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
    }
}
