/** The part of http_ece (no types published) the push receiver uses: RFC 8188/8291 decryption. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
