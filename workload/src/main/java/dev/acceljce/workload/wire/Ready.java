package dev.acceljce.workload.wire;

/**
 * The line a server JVM prints on stdout once it listens, which the run controller waits for:
 * {@code LISTENING <port> <pid>}. Failures to start are printed as {@code FAILED <message>}.
 */
public final class Ready {
    public static final String LISTENING = "LISTENING";
    public static final String FAILED = "FAILED";

    private Ready() {}

    public static void listening(int port) {
        System.out.println(
                LISTENING + " " + port + " " + ProcessHandle.current().pid());
        System.out.flush();
    }

    public static void failed(String message) {
        System.out.println(FAILED + " " + message.replace('\n', ' '));
        System.out.flush();
    }
}
