package dev.acceljce.control;

import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;

/** The trace's lines written while a piece of test code runs (swaps the trace's logger meanwhile). */
final class TraceLines {
    private TraceLines() {}

    static List<String> captured(Runnable r) {
        List<String> lines = new ArrayList<>();
        System.Logger previous = Trace.log;
        Trace.log = new System.Logger() {
            @Override
            public String getName() {
                return "test";
            }

            @Override
            public boolean isLoggable(Level level) {
                return true;
            }

            @Override
            public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
                lines.add(msg);
            }

            @Override
            public void log(Level level, ResourceBundle bundle, String format, Object... params) {
                lines.add(format);
            }
        };
        try {
            r.run();
        } finally {
            Trace.log = previous;
        }
        return lines;
    }
}
