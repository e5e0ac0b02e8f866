package dev.acceljce.libssl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * What the decompression upcall accepts from a peer: a zlib stream that inflates to exactly the
 * announced length and ends where the message ends; anything else (a wrong length either way,
 * corruption, truncation, trailing bytes, a preset dictionary, raw deflate, a length past the
 * bound) is refused, so libssl fails the handshake.
 */
class CertCompressionInflateTest {
    private static byte[] sample() {
        byte[] b = new byte[3000];
        new Random(8879).nextBytes(b);
        Arrays.fill(b, 1000, 2500, (byte) 'A'); // compressible, like the names certificates repeat
        return b;
    }

    private static byte[] zlib(byte[] in, byte[] dictionary, boolean nowrap) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, nowrap);
        if (dictionary != null) {
            d.setDictionary(dictionary);
        }
        d.setInput(in);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[512];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    @Test
    void roundTrip() {
        byte[] plain = sample();
        byte[] z = CertCompression.deflate(plain);
        assertArrayEquals(plain, CertCompression.inflate(z, plain.length));
        assertArrayEquals(plain, CertCompression.inflate(zlib(plain, null, false), plain.length));
        // the second time from the recent ones: the same bytes
        assertArrayEquals(z, CertCompression.deflate(plain.clone()));
    }

    @Test
    void refusesWhatIsNotExactlyTheAnnouncedMessage() {
        byte[] plain = sample();
        byte[] z = zlib(plain, null, false);
        assertNull(CertCompression.inflate(z, plain.length - 1), "longer than announced");
        assertNull(CertCompression.inflate(z, plain.length + 1), "shorter than announced");
        assertNull(CertCompression.inflate(Arrays.copyOf(z, z.length - 5), plain.length), "truncated");
        byte[] trailing = Arrays.copyOf(z, z.length + 3);
        assertNull(CertCompression.inflate(trailing, plain.length), "bytes after the stream");
        byte[] corrupt = z.clone();
        corrupt[z.length - 1] ^= 1; // the Adler-32
        assertNull(CertCompression.inflate(corrupt, plain.length), "bad checksum");
        assertNull(CertCompression.inflate(zlib(plain, new byte[] {1, 2, 3}, false), plain.length), "dictionary");
        assertNull(CertCompression.inflate(zlib(plain, null, true), plain.length), "raw deflate");
        assertNull(CertCompression.inflate(new byte[0], plain.length), "empty");
        assertNull(CertCompression.inflate(z, 0), "nothing announced");
        assertNull(CertCompression.inflate(z, CertCompression.MAX_UNCOMPRESSED + 1), "past the bound");
    }

    @Test
    void aBombIsCutAtTheAnnouncedLength() {
        byte[] zeros = new byte[8 << 20]; // 8 MiB of zeros: about 8 KiB of zlib
        byte[] z = zlib(zeros, null, false);
        assertNull(CertCompression.inflate(z, 1000), "more than announced: refused after 1,001 bytes");
    }
}
