package dev.acceljce.params;

/**
 * The hex dump the JDK's parameter classes print in {@code toString()} (the format of
 * sun.security.util.HexDumpEncoder.encodeBuffer), so that our toString() is the JDK's.
 * Lines of 16 bytes: a 4-digit offset, the bytes in hex with a gap after the eighth, the
 * printable characters (' '..'z', others as '.'), and a line separator.
 */
final class HexDump {
    private static final char[] DIGITS = "0123456789ABCDEF".toCharArray();

    private HexDump() {}

    static String of(byte[] data) {
        String newline = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        for (int offset = 0; offset < data.length; offset += 16) {
            int n = Math.min(16, data.length - offset);
            hex(sb, (byte) (offset >>> 8));
            hex(sb, (byte) offset);
            sb.append(": ");
            for (int i = 0; i < 16; i++) {
                if (i < n) {
                    hex(sb, data[offset + i]);
                    sb.append(' ');
                } else {
                    sb.append("   ");
                }
                if (i == 7) {
                    sb.append("  ");
                }
            }
            sb.append(' ');
            for (int i = 0; i < n; i++) {
                byte b = data[offset + i];
                sb.append(b < ' ' || b > 'z' ? '.' : (char) b);
            }
            sb.append(newline);
        }
        return sb.toString();
    }

    private static void hex(StringBuilder sb, byte b) {
        sb.append(DIGITS[(b >> 4) & 0xf]).append(DIGITS[b & 0xf]);
    }
}
