package dev.acceljce.libssl;

import static java.lang.foreign.FunctionDescriptor.of;
import static java.lang.foreign.FunctionDescriptor.ofVoid;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.acceljce.awslc.AwsLc;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The table of every libssl function (and TLS-related AWS-LC libcrypto function) the TLS layer
 * calls: one {@code static final} downcall handle per C function, named as in C, made from its
 * symbol and C signature by the library's loader ({@link LibSsl}, {@link AwsLc}, both over
 * {@code foreign.NativeLibrary}). There are no wrappers: the classes of this package call
 * {@code invokeExact} on these handles where they need them, inside their own concurrent-use
 * guard, and turn what escapes with {@code NativeObject.rethrow}. A constant handle called exactly
 * is what the JIT inlines into a direct call; anything else (a handle in a field of an object,
 * {@code invokeWithArguments}) would cost every record.
 *
 * <p>{@code function}: a plain downcall, for a call that may run a handshake step (and so an
 * upcall into Java) or may run long; it takes native memory only. {@code critical}: short, never
 * calls back, and may take heap segments. Arguments are checked by the callers.
 *
 * <p>Below the table, the few readers of what libssl hands back (its names, its buffers).
 */
final class SslCalls {
    private SslCalls() {}

    // ---- libcrypto: BIOs (the record wire's own method) ----
    static final MethodHandle BIO_GET_NEW_INDEX = AwsLc.critical("BIO_get_new_index", of(JAVA_INT));
    static final MethodHandle BIO_METH_NEW = AwsLc.function("BIO_meth_new", of(ADDRESS, JAVA_INT, ADDRESS));
    static final MethodHandle BIO_METH_SET_WRITE = AwsLc.critical("BIO_meth_set_write", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle BIO_METH_SET_READ = AwsLc.critical("BIO_meth_set_read", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle BIO_METH_SET_CTRL = AwsLc.critical("BIO_meth_set_ctrl", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle BIO_NEW = AwsLc.function("BIO_new", of(ADDRESS, ADDRESS));
    static final MethodHandle BIO_SET_INIT = AwsLc.critical("BIO_set_init", ofVoid(ADDRESS, JAVA_INT));
    /** From a read upcall: tells libssl the read would block (SSL_get_error: WANT_READ). */
    static final MethodHandle BIO_SET_RETRY_READ = AwsLc.critical("BIO_set_retry_read", ofVoid(ADDRESS));

    // ---- libcrypto: buffers, stacks, keys ----
    static final MethodHandle CRYPTO_BUFFER_NEW =
            AwsLc.critical("CRYPTO_BUFFER_new", of(ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    static final MethodHandle CRYPTO_BUFFER_ALLOC =
            AwsLc.function("CRYPTO_BUFFER_alloc", of(ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle CRYPTO_BUFFER_FREE = AwsLc.function("CRYPTO_BUFFER_free", ofVoid(ADDRESS));
    static final MethodHandle CRYPTO_BUFFER_DATA = AwsLc.critical("CRYPTO_BUFFER_data", of(ADDRESS, ADDRESS));
    static final MethodHandle CRYPTO_BUFFER_LEN = AwsLc.critical("CRYPTO_BUFFER_len", of(JAVA_LONG, ADDRESS));
    static final MethodHandle CBB_ADD_BYTES =
            AwsLc.critical("CBB_add_bytes", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle SK_NUM = AwsLc.critical("OPENSSL_sk_num", of(JAVA_LONG, ADDRESS));
    static final MethodHandle SK_VALUE = AwsLc.critical("OPENSSL_sk_value", of(ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle SK_NEW_NULL = AwsLc.critical("OPENSSL_sk_new_null", of(ADDRESS));
    /** Pushes a value; 0 when it could not (the caller still owns the value). */
    static final MethodHandle SK_PUSH = AwsLc.critical("OPENSSL_sk_push", of(JAVA_LONG, ADDRESS, ADDRESS));
    /** Frees a stack, not its values. */
    static final MethodHandle SK_FREE = AwsLc.critical("OPENSSL_sk_free", ofVoid(ADDRESS));

    static final MethodHandle D2I_AUTO_PRIVATE_KEY =
            AwsLc.critical("d2i_AutoPrivateKey", of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle EVP_PKEY_FREE = AwsLc.function("EVP_PKEY_free", ofVoid(ADDRESS));

    // ---- libcrypto: session ticket protection (set up for libssl, which seals and opens) ----
    static final MethodHandle RAND_BYTES = AwsLc.critical("RAND_bytes", of(JAVA_INT, ADDRESS, JAVA_LONG));
    static final MethodHandle EVP_AES_256_CBC = AwsLc.critical("EVP_aes_256_cbc", of(ADDRESS));
    static final MethodHandle EVP_SHA256 = AwsLc.critical("EVP_sha256", of(ADDRESS));
    static final MethodHandle EVP_ENCRYPT_INIT_EX =
            AwsLc.critical("EVP_EncryptInit_ex", of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle EVP_DECRYPT_INIT_EX =
            AwsLc.critical("EVP_DecryptInit_ex", of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle HMAC_INIT_EX =
            AwsLc.critical("HMAC_Init_ex", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));

    // ---- libssl: contexts ----
    static final MethodHandle TLS_WITH_BUFFERS_METHOD = LibSsl.function("TLS_with_buffers_method", of(ADDRESS));
    static final MethodHandle SSL_CTX_NEW = LibSsl.function("SSL_CTX_new", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_CTX_FREE = LibSsl.function("SSL_CTX_free", ofVoid(ADDRESS));
    static final MethodHandle SSL_CTX_SET_CERT_CB =
            LibSsl.function("SSL_CTX_set_cert_cb", ofVoid(ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle SSL_CTX_SET_SESSION_CACHE_MODE =
            LibSsl.function("SSL_CTX_set_session_cache_mode", of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_CTX_SET_ALPN_SELECT_CB =
            LibSsl.function("SSL_CTX_set_alpn_select_cb", ofVoid(ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle SSL_CTX_SESS_SET_NEW_CB =
            LibSsl.function("SSL_CTX_sess_set_new_cb", ofVoid(ADDRESS, ADDRESS));
    static final MethodHandle SSL_CTX_SET_TLSEXT_TICKET_KEY_CB =
            LibSsl.function("SSL_CTX_set_tlsext_ticket_key_cb", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SSL_CTX_SET_TIMEOUT =
            LibSsl.critical("SSL_CTX_set_timeout", of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_CTX_SET_SESSION_PSK_DHE_TIMEOUT =
            LibSsl.critical("SSL_CTX_set_session_psk_dhe_timeout", ofVoid(ADDRESS, JAVA_INT));
    static final MethodHandle SSL_CTX_SET_NUM_TICKETS =
            LibSsl.critical("SSL_CTX_set_num_tickets", of(JAVA_INT, ADDRESS, JAVA_LONG));
    /** Hands libssl the names a server sends in CertificateRequest: it owns the stack and its buffers. */
    static final MethodHandle SSL_CTX_SET0_CLIENT_CAS =
            LibSsl.function("SSL_CTX_set0_client_CAs", ofVoid(ADDRESS, ADDRESS));

    static final MethodHandle SSL_CTX_ADD_CERT_COMPRESSION_ALG =
            LibSsl.function("SSL_CTX_add_cert_compression_alg", of(JAVA_INT, ADDRESS, JAVA_SHORT, ADDRESS, ADDRESS));
    /** Takes a session out of the context's server-side session-id cache; 1 when it was there. */
    static final MethodHandle SSL_CTX_REMOVE_SESSION =
            LibSsl.critical("SSL_CTX_remove_session", of(JAVA_INT, ADDRESS, ADDRESS));

    // ---- libssl: a connection's life, handshake and records ----
    static final MethodHandle SSL_NEW = LibSsl.function("SSL_new", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_FREE = LibSsl.function("SSL_free", ofVoid(ADDRESS));
    static final MethodHandle SSL_SET_BIO = LibSsl.function("SSL_set_bio", ofVoid(ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle SSL_GET_RBIO = LibSsl.critical("SSL_get_rbio", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_SET_CONNECT_STATE = LibSsl.function("SSL_set_connect_state", ofVoid(ADDRESS));
    static final MethodHandle SSL_SET_ACCEPT_STATE = LibSsl.function("SSL_set_accept_state", ofVoid(ADDRESS));
    static final MethodHandle SSL_DO_HANDSHAKE = LibSsl.function("SSL_do_handshake", of(JAVA_INT, ADDRESS));
    static final MethodHandle SSL_READ = LibSsl.function("SSL_read", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_WRITE = LibSsl.function("SSL_write", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_SHUTDOWN = LibSsl.function("SSL_shutdown", of(JAVA_INT, ADDRESS));
    static final MethodHandle SSL_KEY_UPDATE = LibSsl.function("SSL_key_update", of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_SEND_FATAL_ALERT =
            LibSsl.function("SSL_send_fatal_alert", of(JAVA_INT, ADDRESS, JAVA_BYTE));
    static final MethodHandle SSL_GET_ERROR = LibSsl.critical("SSL_get_error", of(JAVA_INT, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_GET_SHUTDOWN = LibSsl.critical("SSL_get_shutdown", of(JAVA_INT, ADDRESS));
    static final MethodHandle SSL_MAX_SEAL_OVERHEAD = LibSsl.critical("SSL_max_seal_overhead", of(JAVA_LONG, ADDRESS));

    // ---- libssl: a connection's settings ----
    static final MethodHandle SSL_SET_MIN_PROTO_VERSION =
            LibSsl.critical("SSL_set_min_proto_version", of(JAVA_INT, ADDRESS, JAVA_SHORT));
    static final MethodHandle SSL_SET_MAX_PROTO_VERSION =
            LibSsl.critical("SSL_set_max_proto_version", of(JAVA_INT, ADDRESS, JAVA_SHORT));
    static final MethodHandle SSL_SET_STRICT_CIPHER_LIST =
            LibSsl.function("SSL_set_strict_cipher_list", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SSL_SET_CIPHERSUITES =
            LibSsl.function("SSL_set_ciphersuites", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SSL_SET_OPTIONS = LibSsl.critical("SSL_set_options", of(JAVA_INT, ADDRESS, JAVA_INT));
    /** {@code max} in [512, 16384], else libssl refuses (0). */
    static final MethodHandle SSL_SET_MAX_SEND_FRAGMENT =
            LibSsl.critical("SSL_set_max_send_fragment", of(JAVA_INT, ADDRESS, JAVA_LONG));

    static final MethodHandle SSL_SET1_GROUPS_LIST =
            LibSsl.function("SSL_set1_groups_list", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SSL_SET1_SIGALGS_LIST =
            LibSsl.function("SSL_set1_sigalgs_list", of(JAVA_INT, ADDRESS, ADDRESS));
    /** The schemes this side signs with (not those it verifies). */
    static final MethodHandle SSL_SET_SIGNING_ALGORITHM_PREFS =
            LibSsl.critical("SSL_set_signing_algorithm_prefs", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));

    static final MethodHandle SSL_SET_TLSEXT_HOST_NAME =
            LibSsl.function("SSL_set_tlsext_host_name", of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle SSL_SET_CUSTOM_VERIFY =
            LibSsl.function("SSL_set_custom_verify", ofVoid(ADDRESS, JAVA_INT, ADDRESS));
    static final MethodHandle SSL_SET_CHAIN_AND_KEY =
            LibSsl.function("SSL_set_chain_and_key", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    /** 0 on success (sic). */
    static final MethodHandle SSL_SET_ALPN_PROTOS =
            LibSsl.critical("SSL_set_alpn_protos", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));

    static final MethodHandle SSL_ENABLE_OCSP_STAPLING = LibSsl.critical("SSL_enable_ocsp_stapling", ofVoid(ADDRESS));
    /** A server's OCSP response for its leaf, sent when the client asked (libssl copies it). */
    static final MethodHandle SSL_SET_OCSP_RESPONSE =
            LibSsl.function("SSL_set_ocsp_response", of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));

    static final MethodHandle SSL_SET_SESSION = LibSsl.function("SSL_set_session", of(JAVA_INT, ADDRESS, ADDRESS));

    // ---- libssl: what a handshake negotiated, and the peer's offer ----
    static final MethodHandle SSL_VERSION = LibSsl.critical("SSL_version", of(JAVA_INT, ADDRESS));
    static final MethodHandle SSL_GET_CURRENT_CIPHER = LibSsl.critical("SSL_get_current_cipher", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_GET_PENDING_CIPHER = LibSsl.critical("SSL_get_pending_cipher", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_CIPHER_STANDARD_NAME =
            LibSsl.critical("SSL_CIPHER_standard_name", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_GET_GROUP_ID = LibSsl.critical("SSL_get_group_id", of(JAVA_SHORT, ADDRESS));
    static final MethodHandle SSL_GET_GROUP_NAME = LibSsl.critical("SSL_get_group_name", of(ADDRESS, JAVA_SHORT));
    static final MethodHandle SSL_SESSION_REUSED = LibSsl.critical("SSL_session_reused", of(JAVA_INT, ADDRESS));
    /** RFC 7627's extended master secret or TLS 1.3 was negotiated: 1. */
    static final MethodHandle SSL_GET_EXTMS_SUPPORT = LibSsl.critical("SSL_get_extms_support", of(JAVA_INT, ADDRESS));

    static final MethodHandle SSL_GET_SERVERNAME =
            LibSsl.critical("SSL_get_servername", of(ADDRESS, ADDRESS, JAVA_INT));
    static final MethodHandle SSL_GET0_PEER_CERTIFICATES =
            LibSsl.critical("SSL_get0_peer_certificates", of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_GET0_PEER_VERIFY_ALGORITHMS =
            LibSsl.critical("SSL_get0_peer_verify_algorithms", of(JAVA_LONG, ADDRESS, ADDRESS));
    static final MethodHandle SSL_CLIENT_HELLO_GET0_EXT =
            LibSsl.critical("SSL_client_hello_get0_ext", of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    /** A client's: the CA names of the server's CertificateRequest (a stack of buffers libssl owns), or NULL. */
    static final MethodHandle SSL_GET0_SERVER_REQUESTED_CAS =
            LibSsl.critical("SSL_get0_server_requested_CAs", of(ADDRESS, ADDRESS));

    static final MethodHandle SSL_GET0_ALPN_SELECTED =
            LibSsl.critical("SSL_get0_alpn_selected", ofVoid(ADDRESS, ADDRESS, ADDRESS));
    /** {@link #STATUS_TYPE_OCSP} when the client asked for a staple. */
    static final MethodHandle SSL_GET_TLSEXT_STATUS_TYPE =
            LibSsl.critical("SSL_get_tlsext_status_type", of(JAVA_INT, ADDRESS));

    static final MethodHandle SSL_GET0_OCSP_RESPONSE =
            LibSsl.critical("SSL_get0_ocsp_response", ofVoid(ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle SSL_EXPORT_KEYING_MATERIAL = LibSsl.function(
            "SSL_export_keying_material",
            of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT));

    // ---- libssl: sessions ----
    static final MethodHandle SSL_SESSION_FREE = LibSsl.function("SSL_SESSION_free", ofVoid(ADDRESS));
    static final MethodHandle SSL_GET_SESSION = LibSsl.critical("SSL_get_session", of(ADDRESS, ADDRESS));
    /** A new reference to the connection's session, or NULL. */
    static final MethodHandle SSL_GET1_SESSION = LibSsl.critical("SSL_get1_session", of(ADDRESS, ADDRESS));

    static final MethodHandle SSL_SESSION_GET_ID = LibSsl.critical("SSL_SESSION_get_id", of(ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle SSL_SESSION_GET_TIME = LibSsl.critical("SSL_SESSION_get_time", of(JAVA_LONG, ADDRESS));
    static final MethodHandle SSL_SESSION_SHOULD_BE_SINGLE_USE =
            LibSsl.critical("SSL_SESSION_should_be_single_use", of(JAVA_INT, ADDRESS));

    // ---- constants of the C API ----

    /** SSL_OP_CIPHER_SERVER_PREFERENCE: a server chooses by its own order (TLS 1.2 suites and groups). */
    static final int SSL_OP_CIPHER_SERVER_PREFERENCE = 0x00400000;

    /** {@code TLSEXT_STATUSTYPE_ocsp}. */
    static final int STATUS_TYPE_OCSP = 1;

    // ---- reading what libssl hands back ----

    /** A copy of {@code len} bytes at {@code data} (checked by the caller), or null for a NULL pointer. */
    static byte[] bytes(MemorySegment data, long len) {
        return data.equals(MemorySegment.NULL) ? null : data.reinterpret(len).toArray(JAVA_BYTE);
    }

    /** A copy of a CRYPTO_BUFFER's bytes. */
    static byte[] cryptoBufferBytes(MemorySegment buffer) throws Throwable {
        long len = (long) CRYPTO_BUFFER_LEN.invokeExact(buffer);
        MemorySegment data = (MemorySegment) CRYPTO_BUFFER_DATA.invokeExact(buffer);
        if (len < 0 || len > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("CRYPTO_BUFFER of length " + len);
        }
        return data.reinterpret(len).toArray(JAVA_BYTE);
    }

    /** Copies of the buffers of a stack of CRYPTO_BUFFERs (empty for a NULL stack). */
    static java.util.List<byte[]> cryptoBuffers(MemorySegment stack) throws Throwable {
        java.util.List<byte[]> out = new java.util.ArrayList<>();
        if (!stack.equals(MemorySegment.NULL)) {
            for (long i = 0, n = (long) SK_NUM.invokeExact(stack); i < n; i++) {
                out.add(cryptoBufferBytes((MemorySegment) SK_VALUE.invokeExact(stack, i)));
            }
        }
        return out;
    }

    /** The standard (IETF, JSSE) name of an {@code SSL_CIPHER}, or null for none. */
    static String suiteName(MemorySegment cipher) throws Throwable {
        return cipher.equals(MemorySegment.NULL)
                ? null
                : staticName((MemorySegment) SSL_CIPHER_STANDARD_NAME.invokeExact(cipher));
    }

    /** libssl's static names (suites, groups) by address: one String each, read from C once. */
    private static final ConcurrentHashMap<Long, String> STATIC_NAMES = new ConcurrentHashMap<>();

    /** A name libssl returns from its constant tables (never freed, never changed), or null. */
    static String staticName(MemorySegment s) {
        if (s.equals(MemorySegment.NULL)) {
            return null;
        }
        return STATIC_NAMES.computeIfAbsent(s.address(), a -> cString(s));
    }

    static String cString(MemorySegment s) {
        return s.equals(MemorySegment.NULL) ? null : s.reinterpret(4096).getString(0);
    }
}
