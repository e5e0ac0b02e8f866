/*
 * TLS handshakes per second in C: a client and a server in one thread over an in-memory BIO pair,
 * both driven through libssl's public API, a new SSL object on each side for every handshake.
 * The yardstick for a Java TLS stack on the same libssl: what the library itself costs per
 * handshake, with nothing of Java around it.
 *
 * Built against AWS-LC's libssl (-DPAIR_AWSLC, with the bundled build's symbol prefix) or
 * OpenSSL 3.5's (-DPAIR_OPENSSL); see scripts/c-handshake-pair.sh. No cryptography here: keys,
 * certificates, the handshake and the chain verification are all the library's.
 *
 * What one handshake does, as a real pair does it:
 *   - the client offers exactly one key-exchange group and one TLS version, sends SNI "localhost",
 *     verifies the server's chain against a trust store holding only the self-signed root
 *     (SSL_VERIFY_PEER) and checks the host name "localhost" in the leaf;
 *   - the server presents the leaf (signed by the root, which it does not send), verifies nothing
 *     (no client auth) and sends one session ticket after the handshake (a TLS 1.3
 *     NewSessionTicket, or the TLS 1.2 one inside the handshake), which the client reads;
 *   - "full": the client offers no session; "resumed": it offers the session from the previous
 *     handshake's ticket (TLS 1.3: PSK with (EC)DHE, so the key exchange is still done; the chain
 *     is not sent or verified) and keeps the new ticket for the next one. Each resumed handshake
 *     is checked with SSL_session_reused, each full one too (it must not be reused).
 * Certificates: a root and a leaf of the same key type, made at start with libcrypto's API (a new
 * key pair per run; nothing to ship or to expire): ECDSA P-256 (ecdsa-with-SHA256), ECDSA P-384
 * (ecdsa-with-SHA384), RSA-2048 (sha256WithRSAEncryption; the TLS 1.3 handshake signs with
 * rsa_pss_rsae_sha256) or Ed25519. With --chain self the leaf is self-signed and is itself the
 * trust anchor (as JDK benchmarks made with keytool do): the client then checks no certificate
 * signature, only the handshake's.
 *
 * Output: one JSON object per line per case: handshakes per wall-clock second of each measured
 * round (rounds are R wall-clock seconds), their median, min and max; the same per second of this
 * thread's CPU time (steadier on a shared machine: time given to other processes is not in it);
 * and what was negotiated (version, suite, group, the server's signature scheme).
 *
 * Usage: handshake-pair [--warmup S] [--rounds N] [--seconds S] [--chain ca|self] CASE...
 *   CASE = PROTOCOL:GROUP:CERT:MODE, e.g. tls13:X25519MLKEM768:p256:full
 *     PROTOCOL tls13 | tls12 (TLS 1.2 ECDHE with AES-128-GCM-SHA256)
 *     GROUP    X25519 | P-256 | P-384 | X25519MLKEM768 | SecP256r1MLKEM768 | SecP384r1MLKEM1024
 *     CERT     p256 | p384 | rsa2048 | ed25519
 *     MODE     full | resumed | records-aes128gcm | records-chacha20 (either with -BYTES: the
 *              message size, 1 to 16384, e.g. records-aes128gcm-1024; 16384 when not given)
 *   The records modes (TLS 1.3 only) measure the record layer instead: one full handshake, then
 *   16 KiB messages written by the client (SSL_write: one record each) and read whole by the server
 *   (SSL_read), over the same BIO pair, with TLS_AES_128_GCM_SHA256 or TLS_CHACHA20_POLY1305_SHA256;
 *   "per_s" is then messages per second and "bytes_per_s" plaintext bytes per second, as
 *   TlsBulkBenchmark counts them for the Java stacks.
 */
#if defined(PAIR_AWSLC)
#include <openssl/boringssl_prefix_symbols.h>
#elif !defined(PAIR_OPENSSL)
#error "define PAIR_AWSLC or PAIR_OPENSSL"
#endif

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "handshake-pair: ");
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  ERR_print_errors_fp(stderr);
  exit(1);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* CPU time of this (the only) thread: on a shared machine, time the scheduler gave to others is
 * not in it, so handshakes per CPU second are steadier than per wall second */
static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static const char *library_version(void) {
#if defined(PAIR_AWSLC)
  return OpenSSL_version(OPENSSL_VERSION);  /* "AWS-LC 5.12.0" */
#else
  return OpenSSL_version(OPENSSL_VERSION);  /* "OpenSSL 3.5.5 27 Jan 2026" */
#endif
}

/* ---- keys and certificates (libcrypto's API) ---- */

static EVP_PKEY *generate_key(const char *cert) {
  EVP_PKEY_CTX *ctx;
  EVP_PKEY *key = NULL;
  int ok;
  if (strcmp(cert, "p256") == 0 || strcmp(cert, "p384") == 0) {
    ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    ok = ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0
        && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, cert[1] == '2' ? NID_X9_62_prime256v1 : NID_secp384r1) > 0;
  } else if (strcmp(cert, "rsa2048") == 0) {
    ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    ok = ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0 && EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, 2048) > 0;
  } else if (strcmp(cert, "ed25519") == 0) {
    ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
    ok = ctx != NULL && EVP_PKEY_keygen_init(ctx) > 0;
  } else {
    die("unknown certificate kind %s (p256, p384, rsa2048, ed25519)", cert);
    return NULL;
  }
  if (!ok || EVP_PKEY_keygen(ctx, &key) <= 0) die("key generation for %s failed", cert);
  EVP_PKEY_CTX_free(ctx);
  return key;
}

static const EVP_MD *signing_digest(const char *cert) {
  if (strcmp(cert, "ed25519") == 0) return NULL; /* pure EdDSA */
  if (strcmp(cert, "p384") == 0) return EVP_sha384();
  return EVP_sha256();
}

static void add_extension(X509 *x, X509 *issuer, int nid, const char *value) {
  X509V3_CTX v3;
  X509V3_set_ctx(&v3, issuer, x, NULL, NULL, 0);
  X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &v3, nid, value);
  if (ext == NULL || !X509_add_ext(x, ext, -1)) die("could not add extension %s = %s", OBJ_nid2sn(nid), value);
  X509_EXTENSION_free(ext);
}

/* A certificate for key, named cn, signed by issuer_key (issuer NULL: self-signed). */
static X509 *make_certificate(const char *cert, EVP_PKEY *key, const char *cn, int is_ca, long serial,
                              X509 *issuer, EVP_PKEY *issuer_key) {
  X509 *x = X509_new();
  X509_NAME *name = X509_NAME_new();
  if (x == NULL || name == NULL || !X509_set_version(x, 2) || !ASN1_INTEGER_set(X509_get_serialNumber(x), serial)
      || !X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn, -1, -1, 0)
      || !X509_set_subject_name(x, name)
      || !X509_set_issuer_name(x, issuer != NULL ? X509_get_subject_name(issuer) : name)
      || X509_gmtime_adj(X509_getm_notBefore(x), -3600) == NULL
      || X509_gmtime_adj(X509_getm_notAfter(x), 2 * 86400) == NULL || !X509_set_pubkey(x, key)) {
    die("could not fill certificate %s", cn);
  }
  X509_NAME_free(name);
  X509 *ext_issuer = issuer != NULL ? issuer : x;
  if (is_ca) {
    add_extension(x, ext_issuer, NID_basic_constraints, "critical,CA:TRUE");
    add_extension(x, ext_issuer, NID_key_usage, "critical,keyCertSign,cRLSign");
    add_extension(x, ext_issuer, NID_subject_key_identifier, "hash");
  } else if (issuer == NULL) {
    /* a self-signed leaf that is its own trust anchor, as keytool makes one: no basic constraints
     * or key usage (a keyUsage without keyCertSign would keep it from issuing itself) */
    add_extension(x, ext_issuer, NID_subject_key_identifier, "hash");
    add_extension(x, ext_issuer, NID_subject_alt_name, "DNS:localhost");
  } else {
    add_extension(x, ext_issuer, NID_basic_constraints, "critical,CA:FALSE");
    add_extension(x, ext_issuer, NID_key_usage, "critical,digitalSignature");
    add_extension(x, ext_issuer, NID_ext_key_usage, "serverAuth");
    add_extension(x, ext_issuer, NID_subject_alt_name, "DNS:localhost");
    add_extension(x, ext_issuer, NID_authority_key_identifier, "keyid:always");
  }
  if (X509_sign(x, issuer_key != NULL ? issuer_key : key, signing_digest(cert)) <= 0) die("could not sign certificate %s", cn);
  return x;
}

/* ---- the two contexts ---- */

typedef struct {
  const char *protocol, *group, *cert, *mode;
  int tls13, resumed;
  const char *records_suite; /* a records mode's TLS 1.3 suite, or NULL for a handshake mode */
  int message_bytes;         /* a records mode's message size (one record each) */
} pair_case;

/* The plaintext of one message in the records modes by default: one full record. */
#define RECORD_MESSAGE 16384

typedef struct {
  SSL_CTX *client, *server;
} contexts;

/* The client keeps the newest session it is given (TLS 1.3: each NewSessionTicket). */
static SSL_SESSION *kept_session;

static int keep_session(SSL *ssl, SSL_SESSION *session) {
  (void)ssl;
  SSL_SESSION_free(kept_session);
  kept_session = session;
  return 1; /* the callback owns the reference */
}

static void restrict_to(SSL_CTX *ctx, const pair_case *c) {
  int version = c->tls13 ? TLS1_3_VERSION : TLS1_2_VERSION;
  if (!SSL_CTX_set_min_proto_version(ctx, version) || !SSL_CTX_set_max_proto_version(ctx, version))
    die("could not restrict to %s", c->protocol);
  if (!SSL_CTX_set1_groups_list(ctx, c->group)) die("this libssl does not offer group %s", c->group);
  if (c->tls13) {
    const char *suite = c->records_suite != NULL ? c->records_suite : "TLS_AES_128_GCM_SHA256";
    if (!SSL_CTX_set_ciphersuites(ctx, suite)) die("no %s", suite);
  } else if (!SSL_CTX_set_cipher_list(ctx, "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256")) {
    die("no TLS 1.2 ECDHE AES-128-GCM suites");
  }
}

static contexts make_contexts(const pair_case *c, const char *chain) {
  contexts x;
  EVP_PKEY *leaf_key = generate_key(c->cert);
  EVP_PKEY *root_key = NULL;
  X509 *root = NULL, *leaf;
  if (strcmp(chain, "self") == 0) {
    leaf = make_certificate(c->cert, leaf_key, "localhost", 0, 2, NULL, NULL);
  } else {
    root_key = generate_key(c->cert);
    root = make_certificate(c->cert, root_key, "handshake-pair root", 1, 1, NULL, NULL);
    leaf = make_certificate(c->cert, leaf_key, "localhost", 0, 2, root, root_key);
  }

  x.server = SSL_CTX_new(TLS_method());
  x.client = SSL_CTX_new(TLS_method());
  if (x.server == NULL || x.client == NULL) die("SSL_CTX_new failed");
  restrict_to(x.server, c);
  restrict_to(x.client, c);

  /* server: the leaf and its key; stateless tickets, no server-side cache, one ticket */
  if (!SSL_CTX_use_certificate(x.server, leaf) || !SSL_CTX_use_PrivateKey(x.server, leaf_key)
      || !SSL_CTX_check_private_key(x.server)) {
    die("the server refused its certificate or key");
  }
  SSL_CTX_set_session_cache_mode(x.server, SSL_SESS_CACHE_OFF);
  if (!SSL_CTX_set_num_tickets(x.server, 1)) die("SSL_CTX_set_num_tickets failed");
#if defined(PAIR_OPENSSL)
  /* send the configured chain only; never build one from the (empty) store */
  SSL_CTX_set_mode(x.server, SSL_MODE_NO_AUTO_CHAIN);
#endif

  /* client: the trust anchor, peer verification, the session from the tickets */
  X509_STORE *store = SSL_CTX_get_cert_store(x.client);
  if (!X509_STORE_add_cert(store, root != NULL ? root : leaf)) die("could not add the trust anchor");
  SSL_CTX_set_verify(x.client, SSL_VERIFY_PEER, NULL);
  if (c->resumed) {
    SSL_CTX_set_session_cache_mode(x.client, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE);
    SSL_CTX_sess_set_new_cb(x.client, keep_session);
  } else {
    SSL_CTX_set_session_cache_mode(x.client, SSL_SESS_CACHE_OFF);
  }
#if defined(PAIR_AWSLC)
  /* AWS-LC's client leaves Ed25519 out of signature_algorithms unless asked; OpenSSL's offers it */
  if (strcmp(c->cert, "ed25519") == 0) {
    static const uint16_t prefs[] = {SSL_SIGN_ED25519};
    if (!SSL_CTX_set_verify_algorithm_prefs(x.client, prefs, 1)) die("could not enable ed25519");
  }
#endif
  X509_free(leaf);
  X509_free(root);
  EVP_PKEY_free(leaf_key);
  EVP_PKEY_free(root_key);
  return x;
}

/* ---- one handshake ---- */

static int progressed(SSL *ssl, int rc, const char *who) {
  if (rc == 1) return 1;
  int err = SSL_get_error(ssl, rc);
  if (err == SSL_ERROR_WANT_READ || err == SSL_ERROR_WANT_WRITE) return 0;
  die("%s handshake failed (SSL_get_error %d, verify result %ld)", who, err, SSL_get_verify_result(ssl));
  return 0;
}

typedef struct {
  char version[32], suite[64], group[64], sigalg[64];
} negotiated;

static void describe(SSL *client, negotiated *n) {
  snprintf(n->version, sizeof n->version, "%s", SSL_get_version(client));
  snprintf(n->suite, sizeof n->suite, "%s", SSL_CIPHER_standard_name(SSL_get_current_cipher(client)));
#if defined(PAIR_AWSLC)
  const char *group = SSL_get_curve_name(SSL_get_curve_id(client));
  uint16_t sigalg = SSL_get_peer_signature_algorithm(client);
  const char *sigalg_name = sigalg != 0 ? SSL_get_signature_algorithm_name(sigalg, 1) : NULL;
#else
  const char *group = SSL_group_to_name(client, SSL_get_negotiated_group(client));
  const char *sigalg_name = NULL;
  if (!SSL_get0_peer_signature_name(client, &sigalg_name)) sigalg_name = NULL;
#endif
  snprintf(n->group, sizeof n->group, "%s", group != NULL ? group : "?");
  /* a resumed handshake signs nothing (the library may still report the original session's) */
  if (SSL_session_reused(client)) sigalg_name = "none (resumed)";
  snprintf(n->sigalg, sizeof n->sigalg, "%s", sigalg_name != NULL ? sigalg_name : "-");
}

/* One handshake over a fresh BIO pair and fresh SSLs; returns 1 if resumed. */
/* A fresh client and server SSL joined by a BIO pair (each side's buffer: bio_size bytes, 0 for
 * the library's default), the client naming and checking "localhost". */
static void new_pair(const contexts *x, size_t bio_size, SSL **client_out, SSL **server_out) {
  SSL *client = SSL_new(x->client), *server = SSL_new(x->server);
  BIO *client_bio, *server_bio;
  if (client == NULL || server == NULL || !BIO_new_bio_pair(&client_bio, bio_size, &server_bio, bio_size))
    die("SSL_new/BIO pair failed");
  SSL_set_bio(client, client_bio, client_bio);
  SSL_set_bio(server, server_bio, server_bio);
  SSL_set_connect_state(client);
  SSL_set_accept_state(server);
  if (!SSL_set_tlsext_host_name(client, "localhost")
      || !X509_VERIFY_PARAM_set1_host(SSL_get0_param(client), "localhost", 0)) {
    die("could not set the server name");
  }
  *client_out = client;
  *server_out = server;
}

/* Both sides' SSL_do_handshake in turn until both are done. */
static void run_handshake(SSL *client, SSL *server) {
  int client_done = 0, server_done = 0;
  for (int turns = 0; !(client_done && server_done); turns++) {
    if (turns > 50) die("the handshake is stuck");
    if (!client_done) client_done = progressed(client, SSL_do_handshake(client), "client");
    if (!server_done) server_done = progressed(server, SSL_do_handshake(server), "server");
  }
}

static int handshake(const contexts *x, const pair_case *c, negotiated *out) {
  SSL *client, *server;
  new_pair(x, 0, &client, &server);
  if (c->resumed && kept_session != NULL && !SSL_set_session(client, kept_session)) die("SSL_set_session failed");
  run_handshake(client, server);
  /* the server's post-handshake NewSessionTicket (TLS 1.3): the client reads it as a real one does */
  if (c->tls13) {
#if defined(PAIR_AWSLC)
    /* AWS-LC holds a TLS 1.3 server's tickets until it writes: a zero-byte write flushes them */
    if (SSL_write(server, "", 0) < 0) die("the server's zero-byte write failed");
#endif
    unsigned char buf[256];
    int n = SSL_read(client, buf, sizeof buf);
    if (n > 0 || SSL_get_error(client, n) != SSL_ERROR_WANT_READ) die("unexpected data after the handshake");
  }
  if (SSL_get_verify_result(client) != X509_V_OK) die("the chain did not verify");
  int reused = SSL_session_reused(client);
  if (out != NULL) describe(client, out);
  /* The connection ends cleanly (no close_notify is exchanged: the handshake is what is measured).
   * OpenSSL invalidates the session of an SSL freed without a shutdown, as a broken connection's. */
  SSL_set_shutdown(client, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
  SSL_set_shutdown(server, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
  SSL_free(client);
  SSL_free(server);
  return reused;
}

/* ---- measurement ---- */

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void summarize(const double *values, int n, double *median, double *low, double *high) {
  double *sorted = calloc((size_t)n, sizeof *sorted);
  memcpy(sorted, values, (size_t)n * sizeof *values);
  qsort(sorted, (size_t)n, sizeof *sorted, compare_doubles);
  *median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  *low = sorted[0];
  *high = sorted[n - 1];
  free(sorted);
}

/* ---- the records modes ---- */

/* One message from the client to the server: SSL_write of size bytes, SSL_read until all arrived. */
static void send_message(SSL *client, SSL *server, const unsigned char *message, unsigned char *received, int size) {
  int n = SSL_write(client, message, size);
  if (n != size) die("SSL_write wrote %d of %d bytes (SSL_get_error %d)", n, size, SSL_get_error(client, n));
  for (int got = 0; got < size;) {
    int r = SSL_read(server, received + got, size - got);
    if (r <= 0) die("SSL_read failed (SSL_get_error %d)", SSL_get_error(server, r));
    got += r;
  }
}

static void run_records(const char *spec, const pair_case *c, const contexts *x, double warmup, int rounds,
                        double seconds, const char *chain) {
  const int size = c->message_bytes;
  SSL *client, *server;
  /* each side's BIO holds one whole record (16 KiB and its 22 bytes of framing and tag) */
  new_pair(x, 20 * 1024, &client, &server);
  run_handshake(client, server);
  negotiated n;
  describe(client, &n);
  if (strcmp(n.suite, c->records_suite) != 0) die("%s: negotiated %s", spec, n.suite);
  unsigned char *message = malloc(size), *received = malloc(size);
  if (message == NULL || received == NULL) die("out of memory");
  for (int i = 0; i < size; i++) message[i] = (unsigned char)(i * 31 + 7);
  /* the server's tickets (TLS 1.3) wait in the client's BIO: the client reads them with nothing else */
  send_message(client, server, message, received, size);
  if (memcmp(message, received, size) != 0) die("%s: the message arrived changed", spec);

  long total = 0;
  double end = now() + warmup;
  while (now() < end) {
    send_message(client, server, message, received, size);
    total++;
  }
  double *rates = calloc((size_t)rounds, sizeof *rates), *cpu_rates = calloc((size_t)rounds, sizeof *cpu_rates);
  for (int r = 0; r < rounds; r++) {
    long count = 0;
    double start = now(), cpu_start = cpu_now(), t;
    do {
      for (int k = 0; k < 16; k++) send_message(client, server, message, received, size);
      count += 16;
      t = now();
    } while (t - start < seconds);
    rates[r] = (double)count / (t - start);
    cpu_rates[r] = (double)count / (cpu_now() - cpu_start);
    total += count;
  }
  if (memcmp(message, received, size) != 0) die("%s: the last message arrived changed", spec);
  double median, low, high, cpu_median, cpu_low, cpu_high;
  summarize(rates, rounds, &median, &low, &high);
  summarize(cpu_rates, rounds, &cpu_median, &cpu_low, &cpu_high);
  printf("{\"library\":\"%s\",\"case\":\"%s\",\"protocol\":\"%s\",\"group\":\"%s\",\"cert\":\"%s\","
         "\"mode\":\"%s\",\"chain\":\"%s\",\"negotiated\":{\"version\":\"%s\",\"suite\":\"%s\",\"group\":\"%s\","
         "\"signature\":\"%s\"},\"message_bytes\":%d,\"warmup_s\":%g,\"rounds\":%d,\"round_s\":%g,\"messages\":%ld,"
         "\"per_s\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f},"
         "\"per_cpu_s\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f},"
         "\"bytes_per_s\":{\"median\":%.0f,\"min\":%.0f,\"max\":%.0f},\"rounds_per_s\":[",
         library_version(), spec, c->protocol, c->group, c->cert, c->mode, chain, n.version, n.suite, n.group, n.sigalg,
         size, warmup, rounds, seconds, total, median, low, high, cpu_median, cpu_low, cpu_high,
         median * size, low * size, high * size);
  for (int r = 0; r < rounds; r++) printf("%s%.1f", r ? "," : "", rates[r]);
  printf("],\"rounds_per_cpu_s\":[");
  for (int r = 0; r < rounds; r++) printf("%s%.1f", r ? "," : "", cpu_rates[r]);
  printf("]}\n");
  fflush(stdout);
  free(rates);
  free(cpu_rates);
  free(message);
  free(received);
  SSL_set_shutdown(client, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
  SSL_set_shutdown(server, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
  SSL_free(client);
  SSL_free(server);
}

static void run_case(const char *spec, double warmup, int rounds, double seconds, const char *chain) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", spec);
  pair_case c;
  c.protocol = strtok(buf, ":");
  c.group = strtok(NULL, ":");
  c.cert = strtok(NULL, ":");
  c.mode = strtok(NULL, ":");
  if (c.mode == NULL || strtok(NULL, ":") != NULL) die("a case is PROTOCOL:GROUP:CERT:MODE, not %s", spec);
  if (strcmp(c.protocol, "tls13") == 0) c.tls13 = 1;
  else if (strcmp(c.protocol, "tls12") == 0) c.tls13 = 0;
  else die("protocol %s: tls13 or tls12", c.protocol);
  c.resumed = 0;
  c.records_suite = NULL;
  c.message_bytes = RECORD_MESSAGE;
  char *size_suffix = strrchr(c.mode, '-');
  if (strncmp(c.mode, "records-", 8) == 0 && size_suffix != NULL && size_suffix > c.mode + 8
      && size_suffix[1] >= '0' && size_suffix[1] <= '9') {
    c.message_bytes = atoi(size_suffix + 1);
    if (c.message_bytes < 1 || c.message_bytes > RECORD_MESSAGE) die("%s: a message is 1 to %d bytes", spec, RECORD_MESSAGE);
    *size_suffix = '\0'; /* the mode's name without its size */
  }
  if (strcmp(c.mode, "full") == 0) c.resumed = 0;
  else if (strcmp(c.mode, "resumed") == 0) c.resumed = 1;
  else if (strcmp(c.mode, "records-aes128gcm") == 0) c.records_suite = "TLS_AES_128_GCM_SHA256";
  else if (strcmp(c.mode, "records-chacha20") == 0) c.records_suite = "TLS_CHACHA20_POLY1305_SHA256";
  else die("mode %s: full, resumed, records-aes128gcm or records-chacha20", c.mode);
  if (c.records_suite != NULL && !c.tls13) die("%s: the records modes are TLS 1.3", spec);

  contexts x = make_contexts(&c, chain);
  if (c.records_suite != NULL) {
    run_records(spec, &c, &x, warmup, rounds, seconds, chain);
    SSL_CTX_free(x.client);
    SSL_CTX_free(x.server);
    return;
  }
  negotiated n;
  SSL_SESSION_free(kept_session);
  kept_session = NULL;
  /* the first handshake is full in both modes; in "resumed" it gives the first ticket */
  if (handshake(&x, &c, &n)) die("%s: the first handshake was resumed", spec);
  if (c.resumed && kept_session == NULL) die("%s: the server's ticket gave the client no session", spec);
  if (strcmp(n.group, c.group) != 0 && !(strcmp(c.group, "P-256") == 0 && strcmp(n.group, "secp256r1") == 0)
      && !(strcmp(c.group, "P-384") == 0 && strcmp(n.group, "secp384r1") == 0)
      && !(strcmp(c.group, "X25519") == 0 && strcmp(n.group, "x25519") == 0)) {
    die("%s: negotiated group %s", spec, n.group);
  }

  long total = 0;
  double end = now() + warmup;
  while (now() < end) {
    if (handshake(&x, &c, NULL) != c.resumed) die("%s: session_reused is %d", spec, !c.resumed);
    total++;
  }
  double *rates = calloc((size_t)rounds, sizeof *rates), *cpu_rates = calloc((size_t)rounds, sizeof *cpu_rates);
  for (int r = 0; r < rounds; r++) {
    long count = 0;
    double start = now(), cpu_start = cpu_now(), t;
    do {
      if (handshake(&x, &c, NULL) != c.resumed) die("%s: session_reused is %d", spec, !c.resumed);
      count++;
      t = now();
    } while (t - start < seconds);
    rates[r] = (double)count / (t - start);
    cpu_rates[r] = (double)count / (cpu_now() - cpu_start);
    total += count;
  }
  /* the last handshake is checked for what it negotiated, as the first was */
  if (handshake(&x, &c, &n) != c.resumed) die("%s: the last handshake's session_reused is %d", spec, !c.resumed);

  double median, low, high, cpu_median, cpu_low, cpu_high;
  summarize(rates, rounds, &median, &low, &high);
  summarize(cpu_rates, rounds, &cpu_median, &cpu_low, &cpu_high);
  printf("{\"library\":\"%s\",\"case\":\"%s\",\"protocol\":\"%s\",\"group\":\"%s\",\"cert\":\"%s\","
         "\"mode\":\"%s\",\"chain\":\"%s\",\"negotiated\":{\"version\":\"%s\",\"suite\":\"%s\",\"group\":\"%s\","
         "\"signature\":\"%s\"},\"warmup_s\":%g,\"rounds\":%d,\"round_s\":%g,\"handshakes\":%ld,"
         "\"per_s\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f},"
         "\"per_cpu_s\":{\"median\":%.1f,\"min\":%.1f,\"max\":%.1f},\"rounds_per_s\":[",
         library_version(), spec, c.protocol, c.group, c.cert, c.mode, chain, n.version, n.suite, n.group, n.sigalg,
         warmup, rounds, seconds, total, median, low, high, cpu_median, cpu_low, cpu_high);
  for (int r = 0; r < rounds; r++) printf("%s%.1f", r ? "," : "", rates[r]);
  printf("],\"rounds_per_cpu_s\":[");
  for (int r = 0; r < rounds; r++) printf("%s%.1f", r ? "," : "", cpu_rates[r]);
  printf("]}\n");
  fflush(stdout);
  free(rates);
  free(cpu_rates);
  SSL_SESSION_free(kept_session);
  kept_session = NULL;
  SSL_CTX_free(x.client);
  SSL_CTX_free(x.server);
}

int main(int argc, char **argv) {
  double warmup = 3, seconds = 3;
  int rounds = 3;
  const char *chain = "ca";
  int i = 1;
  for (; i < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
    if (i + 1 >= argc) die("%s needs a value", argv[i]);
    if (strcmp(argv[i], "--warmup") == 0) warmup = atof(argv[i + 1]);
    else if (strcmp(argv[i], "--rounds") == 0) rounds = atoi(argv[i + 1]);
    else if (strcmp(argv[i], "--seconds") == 0) seconds = atof(argv[i + 1]);
    else if (strcmp(argv[i], "--chain") == 0) chain = argv[i + 1];
    else die("unknown option %s", argv[i]);
  }
  if (rounds < 1 || seconds <= 0 || warmup < 0) die("--rounds >= 1, --seconds > 0, --warmup >= 0");
  if (strcmp(chain, "ca") != 0 && strcmp(chain, "self") != 0) die("--chain ca or self");
  if (i == argc) die("usage: handshake-pair [--warmup S] [--rounds N] [--seconds S] [--chain ca|self] PROTOCOL:GROUP:CERT:MODE...");
  for (; i < argc; i++) run_case(argv[i], warmup, rounds, seconds, chain);
  return 0;
}
