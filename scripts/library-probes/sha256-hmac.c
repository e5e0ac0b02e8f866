// Diagnostic (scripts/library-probes/run.sh): SHA-256 and HMAC-SHA256, OpenSSL 3.5 EVP_Digest*/EVP_MAC
// (key kept, re-initialised per message) against AWS-LC one-shot SHA256()/HMAC(), half-second windows.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/core_names.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
uint8_t *aws_lc_0_47_0_SHA256(const uint8_t *d, size_t n, uint8_t *out);
uint8_t *aws_lc_0_47_0_HMAC(const void *md, const void *key, size_t kl, const uint8_t *d, size_t n, uint8_t *out, unsigned *ol);
const void *aws_lc_0_47_0_EVP_sha256(void);
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(){
  static unsigned char buf[16384]; unsigned char out[64]; unsigned ol; unsigned char key[32]={1};
  size_t sizes[]={32,128,1024,16384};
  EVP_MD *md = EVP_MD_fetch(NULL,"SHA256",NULL); EVP_MD_CTX *c=EVP_MD_CTX_new();
  EVP_MAC *mac=EVP_MAC_fetch(NULL,"HMAC",NULL); EVP_MAC_CTX *mc=EVP_MAC_CTX_new(mac);
  OSSL_PARAM p[]={OSSL_PARAM_construct_utf8_string("digest","SHA256",0),OSSL_PARAM_construct_end()};
  EVP_MAC_init(mc,key,32,p);
  const void *amd=aws_lc_0_47_0_EVP_sha256();
  for(int r=0;r<3;r++) for(int i=0;i<4;i++){ size_t n=sizes[i];
    double t0=now(); long k=0; while(now()-t0<0.5){ EVP_DigestInit_ex(c,md,NULL); EVP_DigestUpdate(c,buf,n); EVP_DigestFinal_ex(c,out,&ol); k++; } double o=(now()-t0)/k*1e9;
    t0=now(); k=0; while(now()-t0<0.5){ aws_lc_0_47_0_SHA256(buf,n,out); k++; } double a=(now()-t0)/k*1e9;
    t0=now(); k=0; while(now()-t0<0.5){ size_t l; EVP_MAC_init(mc,NULL,0,NULL); EVP_MAC_update(mc,buf,n); EVP_MAC_final(mc,out,&l,64); k++; } double om=(now()-t0)/k*1e9;
    t0=now(); k=0; while(now()-t0<0.5){ aws_lc_0_47_0_HMAC(amd,key,32,buf,n,out,&ol); k++; } double am=(now()-t0)/k*1e9;
    printf("%5zu B  sha256 ns: openssl %.0f awslc %.0f   hmac ns: openssl(reinit) %.0f awslc(one-shot) %.0f\n",n,o,a,om,am);
  }
}
