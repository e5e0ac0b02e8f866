// Diagnostic (scripts/library-probes/run.sh): RSA sign/verify, OpenSSL 3.5 EVP_PKEY on a kept context
// against AWS-LC RSA_sign/RSA_verify, in alternating one-second windows in one process.
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
typedef struct awslc_rsa ARSA;
ARSA *aws_lc_0_47_0_RSA_private_key_from_bytes(const uint8_t *in, size_t len);
int aws_lc_0_47_0_RSA_sign(int nid, const uint8_t *d, size_t dl, uint8_t *out, unsigned *outl, ARSA *r);
int aws_lc_0_47_0_RSA_verify(int nid, const uint8_t *d, size_t dl, const uint8_t *sig, size_t sl, ARSA *r);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(int argc,char**argv){
  int bits = argc>1?atoi(argv[1]):2048;
  EVP_PKEY *pk = EVP_RSA_gen(bits);
  unsigned char *der=NULL; int dl = i2d_RSAPrivateKey(EVP_PKEY_get0_RSA(pk), &der);
  ARSA *ar = aws_lc_0_47_0_RSA_private_key_from_bytes(der, dl);
  if(!ar){printf("awslc import failed\n");return 1;}
  unsigned char dg[32]; memset(dg,7,32);
  unsigned char sig[1024]; size_t sl=sizeof sig; unsigned asl;
  EVP_PKEY_CTX *sc=EVP_PKEY_CTX_new(pk,NULL); EVP_PKEY_sign_init(sc); EVP_PKEY_CTX_set_rsa_padding(sc,RSA_PKCS1_PADDING); EVP_PKEY_CTX_set_signature_md(sc,EVP_sha256());
  EVP_PKEY_CTX *vc=EVP_PKEY_CTX_new(pk,NULL); EVP_PKEY_verify_init(vc); EVP_PKEY_CTX_set_rsa_padding(vc,RSA_PKCS1_PADDING); EVP_PKEY_CTX_set_signature_md(vc,EVP_sha256());
  if(EVP_PKEY_sign(sc,sig,&sl,dg,32)!=1){printf("sign fail\n");return 1;}
  if(EVP_PKEY_verify(vc,sig,sl,dg,32)!=1 || aws_lc_0_47_0_RSA_verify(672,dg,32,sig,sl,ar)!=1){printf("verify fail\n");return 1;}
  for(int round=0;round<6;round++){
    double t0=now(); int n=0; while(now()-t0<1.0){ sl=sizeof sig; EVP_PKEY_sign(sc,sig,&sl,dg,32); n++; } double os=n/(now()-t0);
    t0=now(); n=0; while(now()-t0<1.0){ aws_lc_0_47_0_RSA_sign(672,dg,32,sig,&asl,ar); n++; } double as=n/(now()-t0);
    t0=now(); n=0; while(now()-t0<1.0){ EVP_PKEY_verify(vc,sig,sl,dg,32); n++; } double ov=n/(now()-t0);
    t0=now(); n=0; while(now()-t0<1.0){ aws_lc_0_47_0_RSA_verify(672,dg,32,sig,sl,ar); n++; } double av=n/(now()-t0);
    printf("rsa%d sign openssl %.0f awslc %.0f (%.2f)  verify openssl %.0f awslc %.0f (%.2f)\n",bits,os,as,as/os,ov,av,av/ov);
  }
  return 0;
}
