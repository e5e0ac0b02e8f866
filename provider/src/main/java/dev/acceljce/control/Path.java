package dev.acceljce.control;

/** Who serves a call: OpenSSL through the binding layer, or the JDK's own provider. */
public enum Path {
    NATIVE,
    JDK
}
