package dev.acceljce.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table with its columns padded to equal width, so the same text reads well in a
 * terminal and renders in a Markdown file. Columns marked numeric are right-aligned.
 */
public final class MarkdownTable {
    private final List<String> headers;
    private final boolean[] numeric;
    private final List<List<String>> rows = new ArrayList<>();

    /** Headers; a header starting with '>' marks a right-aligned (numeric) column, the '>' is dropped. */
    public MarkdownTable(String... headers) {
        this.headers = new ArrayList<>();
        this.numeric = new boolean[headers.length];
        for (int i = 0; i < headers.length; i++) {
            numeric[i] = headers[i].startsWith(">");
            this.headers.add(numeric[i] ? headers[i].substring(1) : headers[i]);
        }
    }

    public MarkdownTable row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + headers.size() + " columns");
        }
        List<String> row = new ArrayList<>();
        for (String c : cells) {
            row.add(c == null ? "" : c.replace("|", "\\|").replace("\n", " "));
        }
        rows.add(row);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public String render() {
        int[] width = new int[headers.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = Math.max(3, headers.get(i).length());
            for (List<String> r : rows) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, width);
        out.append('|');
        for (int i = 0; i < width.length; i++) {
            out.append(' ')
                    .append("-".repeat(width[i] - (numeric[i] ? 1 : 0)))
                    .append(numeric[i] ? ":" : "")
                    .append(" |");
        }
        out.append('\n');
        for (List<String> r : rows) {
            line(out, r, width);
        }
        return out.toString();
    }

    private void line(StringBuilder out, List<String> cells, int[] width) {
        out.append('|');
        for (int i = 0; i < width.length; i++) {
            String c = cells.get(i);
            String pad = " ".repeat(width[i] - c.length());
            out.append(' ').append(numeric[i] ? pad + c : c + pad).append(" |");
        }
        out.append('\n');
    }
}
