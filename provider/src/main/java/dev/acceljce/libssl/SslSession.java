package dev.acceljce.libssl;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.MemorySegment;

/**
 * One owned {@code SSL_SESSION}: a client keeps one to resume with (a TLS 1.3 ticket or a TLS 1.2
 * session); a server keeps its TLS 1.2 session-id sessions to take them out of libssl's cache when
 * invalidated. Freed once, by its cache's eviction ({@link #close()}) or by the Cleaner.
 */
public final class SslSession extends NativeObject {
    SslSession(MemorySegment session) {
        super(session, SslCalls.SSL_SESSION_FREE, "SSL_SESSION", false);
    }

    /** True for a TLS 1.3 session: offer it once only (RFC 8446 appendix C.4). */
    public boolean singleUse() {
        MemorySegment s = enterShared();
        try {
            return (int) SslCalls.SSL_SESSION_SHOULD_BE_SINGLE_USE.invokeExact(s) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exitShared();
        }
    }

    /** Takes this session out of {@code ctx}'s session-id cache (see {@link SslContextHandle#forget}). */
    boolean removeFrom(MemorySegment ctx) {
        MemorySegment s = enterShared();
        try {
            return (int) SslCalls.SSL_CTX_REMOVE_SESSION.invokeExact(ctx, s) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            exitShared();
        }
    }

    /** The pointer for SSL_set_session, which takes its own reference; the caller keeps this object reachable. */
    MemorySegment pointer() {
        return ptr();
    }
}
