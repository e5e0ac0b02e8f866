package dev.acceljce.params;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * The little DER these parameter encodings (and the key encodings AccelJCE builds from key specs)
 * need: OCTET STRING, small INTEGER and SEQUENCE,
 * definite minimal lengths only. The reader is strict: a wrong tag, a length running past the
 * data, an indefinite or non-minimal length, a non-minimal integer and trailing bytes are all
 * {@link IOException}s, the exception the JDK's parameter classes throw for bad encodings.
 */
public final class Der {
    public static final int INTEGER = 0x02;
    public static final int BIT_STRING = 0x03;
    public static final int OCTET_STRING = 0x04;
    public static final int SEQUENCE = 0x30;

    private Der() {}

    /** One TLV: tag, minimal length, contents. */
    public static byte[] encode(int tag, byte[] contents) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(contents.length + 6);
        out.write(tag);
        int len = contents.length;
        if (len < 0x80) {
            out.write(len);
        } else {
            int n = (32 - Integer.numberOfLeadingZeros(len) + 7) / 8;
            out.write(0x80 | n);
            for (int i = n - 1; i >= 0; i--) {
                out.write(len >>> (8 * i));
            }
        }
        out.writeBytes(contents);
        return out.toByteArray();
    }

    /** The minimal two's-complement INTEGER encoding of {@code value}. */
    static byte[] encodeInteger(int value) {
        byte[] b = java.math.BigInteger.valueOf(value).toByteArray();
        return encode(INTEGER, b);
    }

    /** The minimal two's-complement INTEGER encoding of {@code value}. */
    public static byte[] encodeInteger(java.math.BigInteger value) {
        return encode(INTEGER, value.toByteArray());
    }

    /** A SEQUENCE of the given encodings. */
    public static byte[] sequence(byte[]... parts) {
        return encode(SEQUENCE, concat(parts));
    }

    /** Concatenation, for SEQUENCE contents. */
    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** Reads TLVs in order from {@code data[pos..end)}. */
    public static final class Reader {
        private final byte[] data;
        private final int end;
        private int pos;

        /** A reader over a whole encoding; {@code data} null throws NullPointerException, as in the JDK. */
        public Reader(byte[] data) {
            this(data, 0, data.length);
        }

        private Reader(byte[] data, int pos, int end) {
            this.data = data;
            this.pos = pos;
            this.end = end;
        }

        public boolean hasMore() {
            return pos < end;
        }

        /** Fails unless every byte was read. */
        public void end(String what) throws IOException {
            if (pos != end) {
                throw new IOException(what + " parsing error: extra data (" + (end - pos) + " bytes)");
            }
        }

        public byte[] octetString() throws IOException {
            int len = header(OCTET_STRING);
            byte[] out = Arrays.copyOfRange(data, pos, pos + len);
            pos += len;
            return out;
        }

        /** The contents of a SEQUENCE, as a reader of its own. */
        public Reader sequence() throws IOException {
            int len = header(SEQUENCE);
            Reader inner = new Reader(data, pos, pos + len);
            pos += len;
            return inner;
        }

        /** An INTEGER that fits an int, minimally encoded. */
        public int integer() throws IOException {
            int len = header(INTEGER);
            if (len == 0) {
                throw new IOException("DER: empty INTEGER");
            }
            if (len > 4) {
                throw new IOException("DER: INTEGER too large (" + len + " bytes)");
            }
            if (len > 1 && (data[pos] == 0 && data[pos + 1] >= 0 || data[pos] == -1 && data[pos + 1] < 0)) {
                throw new IOException("DER: INTEGER not minimally encoded");
            }
            int value = data[pos]; // sign-extended
            for (int i = 1; i < len; i++) {
                value = (value << 8) | (data[pos + i] & 0xff);
            }
            pos += len;
            return value;
        }

        /** The contents of the next TLV, which must have tag {@code tag} (any class or form). */
        public byte[] contents(int tag) throws IOException {
            int len = header(tag);
            byte[] out = Arrays.copyOfRange(data, pos, pos + len);
            pos += len;
            return out;
        }

        /** The next tag, without reading it; -1 at the end. */
        public int peek() {
            return pos < end ? data[pos] & 0xff : -1;
        }

        /** A whole TLV (tag, length, contents) with tag {@code tag}, as encoded. */
        public byte[] element(int tag) throws IOException {
            int start = pos;
            int len = header(tag);
            pos += len;
            return Arrays.copyOfRange(data, start, pos);
        }

        /** Reads a tag (which must be {@code tag}) and a definite, minimal length that fits the data. */
        private int header(int tag) throws IOException {
            if (pos >= end) {
                throw new IOException("DER: truncated, expected tag 0x" + Integer.toHexString(tag));
            }
            int found = data[pos++] & 0xff;
            if (found != tag) {
                throw new IOException("DER: expected tag 0x" + Integer.toHexString(tag) + " but found 0x"
                        + Integer.toHexString(found));
            }
            if (pos >= end) {
                throw new IOException("DER: truncated, no length");
            }
            int first = data[pos++] & 0xff;
            int len;
            if (first < 0x80) {
                len = first;
            } else if (first == 0x80) {
                throw new IOException("DER: indefinite length (BER) is not allowed");
            } else {
                int n = first & 0x7f;
                if (n > 4) {
                    throw new IOException("DER: length of " + n + " bytes is too large");
                }
                if (end - pos < n) {
                    throw new IOException("DER: truncated length");
                }
                if (data[pos] == 0) {
                    throw new IOException("DER: length not minimally encoded");
                }
                len = 0;
                for (int i = 0; i < n; i++) {
                    len = (len << 8) | (data[pos++] & 0xff);
                }
                if (len < 0) {
                    throw new IOException("DER: length too large");
                }
                if (len < 0x80) {
                    throw new IOException("DER: length not minimally encoded");
                }
            }
            if (len > end - pos) {
                throw new IOException("DER: length " + len + " exceeds the " + (end - pos) + " bytes left");
            }
            return len;
        }
    }
}
