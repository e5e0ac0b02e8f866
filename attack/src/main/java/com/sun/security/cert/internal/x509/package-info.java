/**
 * A compatibility shim for TLS-Attacker 3.7.0 on JDK 25: the class the deprecated
 * {@code javax.security.cert.X509Certificate.getInstance} loads by name. Built into a jar of its
 * own for the attacking JVM's boot class path; never part of the provider.
 */
package com.sun.security.cert.internal.x509;
