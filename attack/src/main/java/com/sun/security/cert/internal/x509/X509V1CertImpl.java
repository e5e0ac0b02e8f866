package com.sun.security.cert.internal.x509;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.math.BigInteger;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Date;
import javax.security.cert.CertificateEncodingException;
import javax.security.cert.CertificateException;
import javax.security.cert.CertificateExpiredException;
import javax.security.cert.CertificateNotYetValidException;

/**
 * The implementation {@code javax.security.cert.X509Certificate.getInstance} looks for by name (the
 * JDK's own was removed; the deprecated API remains): TLS-Attacker 3.7.0 builds every
 * {@code Config} through it, so without this class no TLS-Attacker run starts on JDK 25. It wraps
 * the JDK's {@link X509Certificate}. It must be loaded by the boot class loader (the JDK finds it
 * with {@code Class.forName} from java.base): the build puts it alone in
 * {@code target/x509v1-compat.jar}, which the attacking JVM gets with
 * {@code -Xbootclasspath/a:}. Used in the attacking JVM only, never by the provider.
 */
@SuppressWarnings("removal")
public final class X509V1CertImpl extends javax.security.cert.X509Certificate {
    private final X509Certificate cert;

    public X509V1CertImpl(byte[] encoded) throws CertificateException {
        this(new ByteArrayInputStream(encoded));
    }

    public X509V1CertImpl(InputStream in) throws CertificateException {
        try {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (java.security.cert.CertificateException e) {
            throw new CertificateException(e.getMessage());
        }
    }

    @Override
    public byte[] getEncoded() throws CertificateEncodingException {
        try {
            return cert.getEncoded();
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new CertificateEncodingException(e.getMessage());
        }
    }

    @Override
    public void verify(PublicKey key) throws CertificateException {
        try {
            cert.verify(key);
        } catch (Exception e) {
            throw new CertificateException(e.getMessage());
        }
    }

    @Override
    public void verify(PublicKey key, String sigProvider) throws CertificateException {
        try {
            cert.verify(key, sigProvider);
        } catch (Exception e) {
            throw new CertificateException(e.getMessage());
        }
    }

    @Override
    public String toString() {
        return cert.toString();
    }

    @Override
    public PublicKey getPublicKey() {
        return cert.getPublicKey();
    }

    @Override
    public void checkValidity() throws CertificateExpiredException, CertificateNotYetValidException {
        checkValidity(new Date());
    }

    @Override
    public void checkValidity(Date date) throws CertificateExpiredException, CertificateNotYetValidException {
        try {
            cert.checkValidity(date);
        } catch (java.security.cert.CertificateExpiredException e) {
            throw new CertificateExpiredException(e.getMessage());
        } catch (java.security.cert.CertificateNotYetValidException e) {
            throw new CertificateNotYetValidException(e.getMessage());
        }
    }

    @Override
    public int getVersion() {
        return cert.getVersion() - 1;
    }

    @Override
    public BigInteger getSerialNumber() {
        return cert.getSerialNumber();
    }

    @Override
    @SuppressWarnings("deprecation")
    public java.security.Principal getIssuerDN() {
        return cert.getIssuerDN();
    }

    @Override
    @SuppressWarnings("deprecation")
    public java.security.Principal getSubjectDN() {
        return cert.getSubjectDN();
    }

    @Override
    public Date getNotBefore() {
        return cert.getNotBefore();
    }

    @Override
    public Date getNotAfter() {
        return cert.getNotAfter();
    }

    @Override
    public String getSigAlgName() {
        return cert.getSigAlgName();
    }

    @Override
    public String getSigAlgOID() {
        return cert.getSigAlgOID();
    }

    @Override
    public byte[] getSigAlgParams() {
        return cert.getSigAlgParams();
    }
}
