/**
 * AccelJCE-TLS, AccelJCE's own TLS stack on AWS-LC's libssl, in the servers and clients people run:
 * Jetty, Netty (HTTP/2 over ALPN), Tomcat, gRPC-java, the JDK's {@code HttpClient} and
 * {@code HttpsURLConnection}, and as the JVM's default {@code SSLContext}. Each class is run by
 * {@code AccelTlsExamplesTest} against a peer on another TLS stack over loopback.
 */
package dev.acceljce.examples.tls;
