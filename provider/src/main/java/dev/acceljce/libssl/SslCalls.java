package dev.acceljce.libssl;

import static dev.acceljce.foreign.NativeObject.rethrow;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.acceljce.awslc.AwsLc;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Every libssl (and TLS-related libcrypto) function AccelJCE's TLS stack calls, one handle each,
 * with a thin static wrapper. Arguments are checked by the callers ({@link SslConnection},
 * {@link SslContextHandle}); this class only crosses into C. Calls that can run a handshake step
 * (and so an upcall into Java) are plain downcalls and take native memory only; the short ones that
 * never call back are critical and may take heap segments.
 */
final class SslCalls {
    private SslCalls() {}

    // --- libcrypto: BIO pairs, buffers, stacks, keys ---
    private static final MethodHandle BIO_GET_NEW_INDEX =
            AwsLc.critical("BIO_get_new_index", FunctionDescriptor.of(JAVA_INT));
    private static final MethodHandle BIO_METH_NEW =
            AwsLc.function("BIO_meth_new", FunctionDescriptor.of(ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle BIO_METH_SET_WRITE =
            AwsLc.critical("BIO_meth_set_write", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle BIO_METH_SET_READ =
            AwsLc.critical("BIO_meth_set_read", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle BIO_METH_SET_CTRL =
            AwsLc.critical("BIO_meth_set_ctrl", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle BIO_NEW = AwsLc.function("BIO_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle BIO_SET_INIT =
            AwsLc.critical("BIO_set_init", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
    private static final MethodHandle BIO_SET_RETRY_READ =
            AwsLc.critical("BIO_set_retry_read", FunctionDescriptor.ofVoid(ADDRESS));
    static final MethodHandle BIO_FREE = AwsLc.function("BIO_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle CRYPTO_BUFFER_NEW =
            AwsLc.critical("CRYPTO_BUFFER_new", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    static final MethodHandle CRYPTO_BUFFER_FREE =
            AwsLc.function("CRYPTO_BUFFER_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle CRYPTO_BUFFER_DATA =
            AwsLc.critical("CRYPTO_BUFFER_data", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle CRYPTO_BUFFER_LEN =
            AwsLc.critical("CRYPTO_BUFFER_len", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle SK_NUM =
            AwsLc.critical("OPENSSL_sk_num", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle SK_VALUE =
            AwsLc.critical("OPENSSL_sk_value", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle SK_NEW_NULL =
            AwsLc.critical("OPENSSL_sk_new_null", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle SK_PUSH =
            AwsLc.critical("OPENSSL_sk_push", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
    private static final MethodHandle SK_FREE = AwsLc.critical("OPENSSL_sk_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle D2I_AUTO_PRIVATE_KEY =
            AwsLc.critical("d2i_AutoPrivateKey", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    static final MethodHandle EVP_PKEY_FREE = AwsLc.function("EVP_PKEY_free", FunctionDescriptor.ofVoid(ADDRESS));

    // --- libcrypto: session ticket protection (set up for libssl, which seals and opens) ---
    private static final MethodHandle RAND_BYTES =
            AwsLc.critical("RAND_bytes", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_AES_256_CBC =
            AwsLc.critical("EVP_aes_256_cbc", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle EVP_SHA256 = AwsLc.critical("EVP_sha256", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle EVP_ENCRYPT_INIT_EX = AwsLc.critical(
            "EVP_EncryptInit_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_DECRYPT_INIT_EX = AwsLc.critical(
            "EVP_DecryptInit_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle HMAC_INIT_EX = AwsLc.critical(
            "HMAC_Init_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));

    // --- libssl: contexts ---
    private static final MethodHandle TLS_WITH_BUFFERS_METHOD =
            LibSsl.function("TLS_with_buffers_method", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle SSL_CTX_NEW =
            LibSsl.function("SSL_CTX_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_CTX_FREE = LibSsl.function("SSL_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SSL_CTX_SET_CERT_CB =
            LibSsl.function("SSL_CTX_set_cert_cb", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CTX_SET_SESSION_CACHE_MODE =
            LibSsl.function("SSL_CTX_set_session_cache_mode", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));

    // --- libssl: connections ---
    private static final MethodHandle SSL_NEW = LibSsl.function("SSL_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    static final MethodHandle SSL_FREE = LibSsl.function("SSL_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SSL_SET_BIO =
            LibSsl.function("SSL_set_bio", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET_RBIO =
            LibSsl.critical("SSL_get_rbio", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SET_CONNECT_STATE =
            LibSsl.function("SSL_set_connect_state", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SSL_SET_ACCEPT_STATE =
            LibSsl.function("SSL_set_accept_state", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SSL_DO_HANDSHAKE =
            LibSsl.function("SSL_do_handshake", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_READ =
            LibSsl.function("SSL_read", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_WRITE =
            LibSsl.function("SSL_write", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_SHUTDOWN =
            LibSsl.function("SSL_shutdown", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_KEY_UPDATE =
            LibSsl.function("SSL_key_update", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_SEND_FATAL_ALERT =
            LibSsl.function("SSL_send_fatal_alert", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE));
    private static final MethodHandle SSL_GET_ERROR =
            LibSsl.critical("SSL_get_error", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_GET_SHUTDOWN =
            LibSsl.critical("SSL_get_shutdown", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_VERSION =
            LibSsl.critical("SSL_version", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_GET_CURRENT_CIPHER =
            LibSsl.critical("SSL_get_current_cipher", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET_PENDING_CIPHER =
            LibSsl.critical("SSL_get_pending_cipher", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CIPHER_STANDARD_NAME =
            LibSsl.critical("SSL_CIPHER_standard_name", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET_GROUP_ID =
            LibSsl.critical("SSL_get_group_id", FunctionDescriptor.of(JAVA_SHORT, ADDRESS));
    private static final MethodHandle SSL_GET_GROUP_NAME =
            LibSsl.critical("SSL_get_group_name", FunctionDescriptor.of(ADDRESS, JAVA_SHORT));
    private static final MethodHandle SSL_SET_MIN_PROTO_VERSION =
            LibSsl.critical("SSL_set_min_proto_version", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT));
    private static final MethodHandle SSL_SET_MAX_PROTO_VERSION =
            LibSsl.critical("SSL_set_max_proto_version", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_SHORT));
    private static final MethodHandle SSL_SET_STRICT_CIPHER_LIST =
            LibSsl.function("SSL_set_strict_cipher_list", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SET_CIPHERSUITES =
            LibSsl.function("SSL_set_ciphersuites", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SET_OPTIONS =
            LibSsl.critical("SSL_set_options", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_SET_MAX_SEND_FRAGMENT =
            LibSsl.critical("SSL_set_max_send_fragment", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle SSL_SET1_GROUPS_LIST =
            LibSsl.function("SSL_set1_groups_list", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SET1_SIGALGS_LIST =
            LibSsl.function("SSL_set1_sigalgs_list", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SET_TLSEXT_HOST_NAME =
            LibSsl.function("SSL_set_tlsext_host_name", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET_SERVERNAME =
            LibSsl.critical("SSL_get_servername", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_SET_CUSTOM_VERIFY =
            LibSsl.function("SSL_set_custom_verify", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_SET_CHAIN_AND_KEY = LibSsl.function(
            "SSL_set_chain_and_key", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET0_PEER_CERTIFICATES =
            LibSsl.critical("SSL_get0_peer_certificates", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_ENABLE_OCSP_STAPLING =
            LibSsl.critical("SSL_enable_ocsp_stapling", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SSL_SET_OCSP_RESPONSE =
            LibSsl.function("SSL_set_ocsp_response", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle SSL_GET_TLSEXT_STATUS_TYPE =
            LibSsl.critical("SSL_get_tlsext_status_type", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_GET0_OCSP_RESPONSE =
            LibSsl.critical("SSL_get0_ocsp_response", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CLIENT_HELLO_GET0_EXT = LibSsl.critical(
            "SSL_client_hello_get0_ext", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CTX_SET0_CLIENT_CAS =
            LibSsl.function("SSL_CTX_set0_client_CAs", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET0_SERVER_REQUESTED_CAS =
            LibSsl.critical("SSL_get0_server_requested_CAs", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET0_PEER_VERIFY_ALGORITHMS =
            LibSsl.critical("SSL_get0_peer_verify_algorithms", FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_MAX_SEAL_OVERHEAD =
            LibSsl.critical("SSL_max_seal_overhead", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle SSL_SESSION_REUSED =
            LibSsl.critical("SSL_session_reused", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_SET_SIGNING_ALGORITHM_PREFS = LibSsl.critical(
            "SSL_set_signing_algorithm_prefs", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle SSL_GET_EXTMS_SUPPORT =
            LibSsl.critical("SSL_get_extms_support", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle SSL_EXPORT_KEYING_MATERIAL = LibSsl.function(
            "SSL_export_keying_material",
            FunctionDescriptor.of(
                    JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT));

    // --- ALPN and sessions ---
    private static final MethodHandle SSL_CTX_SET_ALPN_SELECT_CB =
            LibSsl.function("SSL_CTX_set_alpn_select_cb", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SET_ALPN_PROTOS =
            LibSsl.critical("SSL_set_alpn_protos", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle SSL_GET0_ALPN_SELECTED =
            LibSsl.critical("SSL_get0_alpn_selected", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CTX_SESS_SET_NEW_CB =
            LibSsl.function("SSL_CTX_sess_set_new_cb", FunctionDescriptor.ofVoid(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CTX_SET_TLSEXT_TICKET_KEY_CB =
            LibSsl.function("SSL_CTX_set_tlsext_ticket_key_cb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CTX_SET_TIMEOUT =
            LibSsl.critical("SSL_CTX_set_timeout", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SSL_CTX_SET_SESSION_PSK_DHE_TIMEOUT =
            LibSsl.critical("SSL_CTX_set_session_psk_dhe_timeout", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
    static final MethodHandle SSL_SESSION_FREE =
            LibSsl.function("SSL_SESSION_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle SSL_SET_SESSION =
            LibSsl.function("SSL_set_session", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_GET_SESSION =
            LibSsl.critical("SSL_get_session", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SESSION_GET_ID =
            LibSsl.critical("SSL_SESSION_get_id", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SESSION_GET_TIME =
            LibSsl.critical("SSL_SESSION_get_time", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle SSL_GET1_SESSION =
            LibSsl.critical("SSL_get1_session", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle SSL_CTX_REMOVE_SESSION =
            LibSsl.critical("SSL_CTX_remove_session", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle SSL_SESSION_SHOULD_BE_SINGLE_USE =
            LibSsl.critical("SSL_SESSION_should_be_single_use", FunctionDescriptor.of(JAVA_INT, ADDRESS));

    static void ctxSetAlpnSelectCb(MemorySegment ctx, MemorySegment cb) {
        try {
            SSL_CTX_SET_ALPN_SELECT_CB.invokeExact(ctx, cb, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** SSL_set_alpn_protos: 0 on success (sic). */
    static boolean setAlpnProtos(MemorySegment ssl, MemorySegment protos, long len) {
        try {
            return (int) SSL_SET_ALPN_PROTOS.invokeExact(ssl, protos, len) == 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The protocol ALPN selected, or null; {@code scratch} holds a pointer and an unsigned. */
    static byte[] alpnSelected(MemorySegment ssl, MemorySegment scratch) {
        try {
            SSL_GET0_ALPN_SELECTED.invokeExact(ssl, scratch, scratch.asSlice(8));
            MemorySegment data = scratch.get(ADDRESS, 0);
            int len = scratch.get(JAVA_INT, 8);
            if (data.equals(MemorySegment.NULL) || len <= 0 || len > 255) {
                return null;
            }
            return data.reinterpret(len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A server's OCSP response for its leaf, sent when the client asked (libssl copies it). */
    static boolean setOcspResponse(MemorySegment ssl, MemorySegment der, long len) {
        try {
            return (int) SSL_SET_OCSP_RESPONSE.invokeExact(ssl, der, len) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code TLSEXT_STATUSTYPE_ocsp}: what SSL_get_tlsext_status_type answers when the client asked for a staple. */
    static final int STATUS_TYPE_OCSP = 1;

    static int statusType(MemorySegment ssl) {
        try {
            return (int) SSL_GET_TLSEXT_STATUS_TYPE.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void enableOcspStapling(MemorySegment ssl) {
        try {
            SSL_ENABLE_OCSP_STAPLING.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * The OCSP response the server stapled (DER), or null; {@code scratch} holds a pointer and a
     * size_t. libssl keeps at most what a handshake message carries (2^24 bytes).
     */
    static byte[] ocspResponse(MemorySegment ssl, MemorySegment scratch) {
        try {
            SSL_GET0_OCSP_RESPONSE.invokeExact(ssl, scratch, scratch.asSlice(8));
            MemorySegment data = scratch.get(ADDRESS, 0);
            long len = scratch.get(JAVA_LONG, 8);
            if (data.equals(MemorySegment.NULL) || len <= 0 || len > (1 << 24)) {
                return null;
            }
            return data.reinterpret(len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * The body of extension {@code type} in the ClientHello the server is handling (libssl reads
     * it from the handshake's current message: in the certificate callback, it still is), or null
     * when the client sent none; {@code scratch} holds a pointer and a size_t.
     */
    static byte[] clientHelloExtension(MemorySegment ssl, int type, MemorySegment scratch) {
        try {
            if ((int) SSL_CLIENT_HELLO_GET0_EXT.invokeExact(ssl, type, scratch, scratch.asSlice(8)) != 1) {
                return null;
            }
            MemorySegment data = scratch.get(ADDRESS, 0);
            long len = scratch.get(JAVA_LONG, 8);
            if (len < 0 || len > 0xffff || (len > 0 && data.equals(MemorySegment.NULL))) {
                return null;
            }
            return len == 0 ? new byte[0] : data.reinterpret(len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment stackNew() {
        try {
            return (MemorySegment) SK_NEW_NULL.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Pushes {@code value} onto {@code stack}; false when it could not (the caller still owns the value). */
    static boolean stackPush(MemorySegment stack, MemorySegment value) {
        try {
            return (long) SK_PUSH.invokeExact(stack, value) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Frees a stack, not its values. */
    static void stackFree(MemorySegment stack) {
        try {
            SK_FREE.invokeExact(stack);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Hands libssl the names a server sends in CertificateRequest: it owns the stack and its buffers. */
    static void ctxSet0ClientCas(MemorySegment ctx, MemorySegment stack) {
        try {
            SSL_CTX_SET0_CLIENT_CAS.invokeExact(ctx, stack);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A client's: the CA names of the server's CertificateRequest (a stack of buffers libssl owns), or NULL. */
    static MemorySegment serverRequestedCas(MemorySegment ssl) {
        try {
            return (MemorySegment) SSL_GET0_SERVER_REQUESTED_CAS.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void ctxSetNewSessionCb(MemorySegment ctx, MemorySegment cb) {
        try {
            SSL_CTX_SESS_SET_NEW_CB.invokeExact(ctx, cb);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void ctxSetTicketKeyCb(MemorySegment ctx, MemorySegment cb) {
        try {
            int ignored = (int) SSL_CTX_SET_TLSEXT_TICKET_KEY_CB.invokeExact(ctx, cb);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** libcrypto's DRBG into {@code out}; false when it failed. */
    static boolean randBytes(MemorySegment out) {
        try {
            return (int) RAND_BYTES.invokeExact(out, out.byteSize()) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Sets up libssl's ticket cipher context for AES-256-CBC with {@code key} and {@code iv}. */
    static boolean ticketCipherInit(MemorySegment cipherCtx, MemorySegment key, MemorySegment iv, boolean seal) {
        try {
            MemorySegment cipher = (MemorySegment) EVP_AES_256_CBC.invokeExact();
            return (int) (seal ? EVP_ENCRYPT_INIT_EX : EVP_DECRYPT_INIT_EX)
                            .invokeExact(cipherCtx, cipher, MemorySegment.NULL, key, iv)
                    == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Sets up libssl's ticket HMAC context for HMAC-SHA256 with {@code key}. */
    static boolean ticketHmacInit(MemorySegment hmacCtx, MemorySegment key) {
        try {
            MemorySegment md = (MemorySegment) EVP_SHA256.invokeExact();
            return (int) HMAC_INIT_EX.invokeExact(hmacCtx, key, key.byteSize(), md, MemorySegment.NULL) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void ctxSetTimeout(MemorySegment ctx, int seconds) {
        try {
            int ignored = (int) SSL_CTX_SET_TIMEOUT.invokeExact(ctx, seconds);
            // TLS 1.3 sessions (tickets) have a lifetime of their own in libssl: the same one
            SSL_CTX_SET_SESSION_PSK_DHE_TIMEOUT.invokeExact(ctx, seconds);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setSession(MemorySegment ssl, MemorySegment session) {
        try {
            return (int) SSL_SET_SESSION.invokeExact(ssl, session) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The id of the connection's session (empty when it has none or no id). */
    /** A new reference to the connection's session, or NULL. */
    static MemorySegment get1Session(MemorySegment ssl) {
        try {
            return (MemorySegment) SSL_GET1_SESSION.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Takes {@code session} out of the context's server-side session-id cache; false when it was not there. */
    static boolean ctxRemoveSession(MemorySegment ctx, MemorySegment session) {
        try {
            return (int) SSL_CTX_REMOVE_SESSION.invokeExact(ctx, session) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** When libssl says the connection's session was established (seconds since 1970), or 0 when it has none. */
    static long sessionTime(MemorySegment ssl) {
        try {
            MemorySegment session = (MemorySegment) SSL_GET_SESSION.invokeExact(ssl);
            return session.equals(MemorySegment.NULL) ? 0 : (long) SSL_SESSION_GET_TIME.invokeExact(session);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static byte[] sessionId(MemorySegment ssl, MemorySegment scratch) {
        try {
            MemorySegment session = (MemorySegment) SSL_GET_SESSION.invokeExact(ssl);
            if (session.equals(MemorySegment.NULL)) {
                return new byte[0];
            }
            MemorySegment id = (MemorySegment) SSL_SESSION_GET_ID.invokeExact(session, scratch);
            int len = scratch.get(JAVA_INT, 0);
            if (id.equals(MemorySegment.NULL) || len <= 0 || len > 32) {
                return new byte[0];
            }
            return id.reinterpret(len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean sessionSingleUse(MemorySegment session) {
        try {
            return (int) SSL_SESSION_SHOULD_BE_SINGLE_USE.invokeExact(session) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // every wrapper's rethrow(t) is foreign.NativeObject.rethrow, imported statically

    static int bioGetNewIndex() {
        try {
            return (int) BIO_GET_NEW_INDEX.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A BIO_METHOD for the life of the process ({@code name} is copied into global memory). */
    static MemorySegment bioMethNew(int type, String name) {
        try {
            return (MemorySegment) BIO_METH_NEW.invokeExact(
                    type, java.lang.foreign.Arena.global().allocateFrom(name));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean bioMethSetWrite(MemorySegment method, MemorySegment fn) {
        try {
            return (int) BIO_METH_SET_WRITE.invokeExact(method, fn) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean bioMethSetRead(MemorySegment method, MemorySegment fn) {
        try {
            return (int) BIO_METH_SET_READ.invokeExact(method, fn) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean bioMethSetCtrl(MemorySegment method, MemorySegment fn) {
        try {
            return (int) BIO_METH_SET_CTRL.invokeExact(method, fn) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment bioNew(MemorySegment method) {
        try {
            return (MemorySegment) BIO_NEW.invokeExact(method);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void bioSetInit(MemorySegment bio, int init) {
        try {
            BIO_SET_INIT.invokeExact(bio, init);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** From a read upcall: tells libssl the read would block (SSL_get_error: WANT_READ). */
    static void bioSetRetryRead(MemorySegment bio) {
        try {
            BIO_SET_RETRY_READ.invokeExact(bio);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment cryptoBufferNew(MemorySegment data, long len) {
        try {
            return (MemorySegment) CRYPTO_BUFFER_NEW.invokeExact(data, len, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void cryptoBufferFree(MemorySegment buffer) {
        try {
            CRYPTO_BUFFER_FREE.invokeExact(buffer);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A copy of a CRYPTO_BUFFER's bytes. */
    static byte[] cryptoBufferBytes(MemorySegment buffer) {
        try {
            long len = (long) CRYPTO_BUFFER_LEN.invokeExact(buffer);
            MemorySegment data = (MemorySegment) CRYPTO_BUFFER_DATA.invokeExact(buffer);
            if (len < 0 || len > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("CRYPTO_BUFFER of length " + len);
            }
            return data.reinterpret(len).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long stackSize(MemorySegment stack) {
        try {
            return (long) SK_NUM.invokeExact(stack);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment stackValue(MemorySegment stack, long i) {
        try {
            return (MemorySegment) SK_VALUE.invokeExact(stack, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code d2i_AutoPrivateKey(NULL, &p, len)}: {@code inOut} holds the pointer p, advanced by the call. */
    static MemorySegment d2iAutoPrivateKey(MemorySegment inOut, long len) {
        try {
            return (MemorySegment) D2I_AUTO_PRIVATE_KEY.invokeExact(MemorySegment.NULL, inOut, len);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment tlsWithBuffersMethod() {
        try {
            return (MemorySegment) TLS_WITH_BUFFERS_METHOD.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment ctxNew(MemorySegment method) {
        try {
            return (MemorySegment) SSL_CTX_NEW.invokeExact(method);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void ctxSetCertCb(MemorySegment ctx, MemorySegment cb) {
        try {
            SSL_CTX_SET_CERT_CB.invokeExact(ctx, cb, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void ctxSetSessionCacheMode(MemorySegment ctx, int mode) {
        try {
            int ignored = (int) SSL_CTX_SET_SESSION_CACHE_MODE.invokeExact(ctx, mode);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment sslNew(MemorySegment ctx) {
        try {
            return (MemorySegment) SSL_NEW.invokeExact(ctx);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void sslFree(MemorySegment ssl) {
        try {
            SSL_FREE.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void setBio(MemorySegment ssl, MemorySegment rbio, MemorySegment wbio) {
        try {
            SSL_SET_BIO.invokeExact(ssl, rbio, wbio);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment getRbio(MemorySegment ssl) {
        try {
            return (MemorySegment) SSL_GET_RBIO.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void setConnectState(MemorySegment ssl) {
        try {
            SSL_SET_CONNECT_STATE.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void setAcceptState(MemorySegment ssl) {
        try {
            SSL_SET_ACCEPT_STATE.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int doHandshake(MemorySegment ssl) {
        try {
            return (int) SSL_DO_HANDSHAKE.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int read(MemorySegment ssl, MemorySegment buf, int len) {
        try {
            return (int) SSL_READ.invokeExact(ssl, buf, len);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int write(MemorySegment ssl, MemorySegment buf, int len) {
        try {
            return (int) SSL_WRITE.invokeExact(ssl, buf, len);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int shutdown(MemorySegment ssl) {
        try {
            return (int) SSL_SHUTDOWN.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int keyUpdate(MemorySegment ssl, int requestType) {
        try {
            return (int) SSL_KEY_UPDATE.invokeExact(ssl, requestType);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int sendFatalAlert(MemorySegment ssl, byte alert) {
        try {
            return (int) SSL_SEND_FATAL_ALERT.invokeExact(ssl, alert);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int getError(MemorySegment ssl, int ret) {
        try {
            return (int) SSL_GET_ERROR.invokeExact(ssl, ret);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int getShutdown(MemorySegment ssl) {
        try {
            return (int) SSL_GET_SHUTDOWN.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int version(MemorySegment ssl) {
        try {
            return (int) SSL_VERSION.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The standard (IETF, JSSE) name of the current cipher suite, or of the pending one, or null. */
    static String cipherName(MemorySegment ssl, boolean pending) {
        try {
            MemorySegment c = pending
                    ? (MemorySegment) SSL_GET_PENDING_CIPHER.invokeExact(ssl)
                    : (MemorySegment) SSL_GET_CURRENT_CIPHER.invokeExact(ssl);
            if (c.equals(MemorySegment.NULL)) {
                return null;
            }
            return staticName((MemorySegment) SSL_CIPHER_STANDARD_NAME.invokeExact(c));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The negotiated group's id (0 when none), e.g. 0x11EC for X25519MLKEM768. */
    static int groupId(MemorySegment ssl) {
        try {
            return Short.toUnsignedInt((short) SSL_GET_GROUP_ID.invokeExact(ssl));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String groupName(int id) {
        try {
            return staticName((MemorySegment) SSL_GET_GROUP_NAME.invokeExact((short) id));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setProtocolRange(MemorySegment ssl, int min, int max) {
        try {
            return (int) SSL_SET_MIN_PROTO_VERSION.invokeExact(ssl, (short) min) == 1
                    && (int) SSL_SET_MAX_PROTO_VERSION.invokeExact(ssl, (short) max) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** SSL_OP_CIPHER_SERVER_PREFERENCE: a server chooses by its own order (TLS 1.2 suites and groups). */
    static final int SSL_OP_CIPHER_SERVER_PREFERENCE = 0x00400000;

    static void setOptions(MemorySegment ssl, int options) {
        try {
            int unused = (int) SSL_SET_OPTIONS.invokeExact(ssl, options);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** SSL_set_max_send_fragment: {@code max} in [512, 16384], else libssl refuses (false). */
    static boolean setMaxSendFragment(MemorySegment ssl, long max) {
        try {
            return (int) SSL_SET_MAX_SEND_FRAGMENT.invokeExact(ssl, max) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setStrictCipherList(MemorySegment ssl, MemorySegment list) {
        try {
            return (int) SSL_SET_STRICT_CIPHER_LIST.invokeExact(ssl, list) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setTls13Ciphersuites(MemorySegment ssl, MemorySegment list) {
        try {
            return (int) SSL_SET_CIPHERSUITES.invokeExact(ssl, list) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setGroups(MemorySegment ssl, MemorySegment list) {
        try {
            return (int) SSL_SET1_GROUPS_LIST.invokeExact(ssl, list) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setSigalgs(MemorySegment ssl, MemorySegment list) {
        try {
            return (int) SSL_SET1_SIGALGS_LIST.invokeExact(ssl, list) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setHostName(MemorySegment ssl, MemorySegment name) {
        try {
            return (int) SSL_SET_TLSEXT_HOST_NAME.invokeExact(ssl, name) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The host name the client sent (SNI), or null. */
    static String serverName(MemorySegment ssl) {
        try {
            return cString((MemorySegment) SSL_GET_SERVERNAME.invokeExact(ssl, 0));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void setCustomVerify(MemorySegment ssl, int mode, MemorySegment cb) {
        try {
            SSL_SET_CUSTOM_VERIFY.invokeExact(ssl, mode, cb);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean setChainAndKey(
            MemorySegment ssl, MemorySegment certs, long n, MemorySegment pkey, MemorySegment method) {
        try {
            return (int) SSL_SET_CHAIN_AND_KEY.invokeExact(ssl, certs, n, pkey, method) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment peerCertificates(MemorySegment ssl) {
        try {
            return (MemorySegment) SSL_GET0_PEER_CERTIFICATES.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The peer's signature algorithms (TLS code points); {@code scratch} holds one pointer. */
    static int[] peerVerifyAlgorithms(MemorySegment ssl, MemorySegment scratch) {
        try {
            long n = (long) SSL_GET0_PEER_VERIFY_ALGORITHMS.invokeExact(ssl, scratch);
            if (n <= 0 || n > 1024) {
                return new int[0];
            }
            MemorySegment list = scratch.get(ADDRESS, 0).reinterpret(2 * n);
            int[] out = new int[(int) n];
            for (int i = 0; i < n; i++) {
                out[i] = Short.toUnsignedInt(list.getAtIndex(java.lang.foreign.ValueLayout.JAVA_SHORT, i));
            }
            return out;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long maxSealOverhead(MemorySegment ssl) {
        try {
            return (long) SSL_MAX_SEAL_OVERHEAD.invokeExact(ssl);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static boolean sessionReused(MemorySegment ssl) {
        try {
            return (int) SSL_SESSION_REUSED.invokeExact(ssl) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** SSL_set_signing_algorithm_prefs: the schemes this side signs with (not those it verifies). */
    static boolean setSigningAlgorithmPrefs(MemorySegment ssl, MemorySegment prefs, long n) {
        try {
            return (int) SSL_SET_SIGNING_ALGORITHM_PREFS.invokeExact(ssl, prefs, n) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** SSL_get_extms_support: the extended master secret (RFC 7627) or TLS 1.3 was negotiated. */
    static boolean extendedMasterSecret(MemorySegment ssl) {
        try {
            return (int) SSL_GET_EXTMS_SUPPORT.invokeExact(ssl) == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * SSL_export_keying_material (RFC 5705, RFC 8446 7.5): {@code outLen} bytes into {@code out}
     * from a label and, when {@code useContext}, a context. Lengths are checked by the caller.
     */
    static boolean exportKeyingMaterial(
            MemorySegment ssl,
            MemorySegment out,
            long outLen,
            MemorySegment label,
            long labelLen,
            MemorySegment context,
            long contextLen,
            boolean useContext) {
        try {
            return (int) SSL_EXPORT_KEYING_MATERIAL.invokeExact(
                            ssl, out, outLen, label, labelLen, context, contextLen, useContext ? 1 : 0)
                    == 1;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** libssl's static names (suites, groups) by address: one String each, read from C once. */
    private static final java.util.concurrent.ConcurrentHashMap<Long, String> STATIC_NAMES =
            new java.util.concurrent.ConcurrentHashMap<>();

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
