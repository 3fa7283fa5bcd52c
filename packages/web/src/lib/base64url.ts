/**
 * The bytes of a base64url text (RFC 4648 §5: `-` and `_` for `+` and `/`, padding optional), as
 * the server sends its VAPID public key and `pushManager.subscribe` wants it as
 * `applicationServerKey`. Throws on a text that is not base64url.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[\w-]*={0,2}$/.test(text)) throw new Error('not base64url');
  const base64 = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether two byte sequences are the same (a subscription's key against the server's). */
export function sameBytes(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean {
  const left = a instanceof Uint8Array ? a : new Uint8Array(a);
  const right = b instanceof Uint8Array ? b : new Uint8Array(b);
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
}
