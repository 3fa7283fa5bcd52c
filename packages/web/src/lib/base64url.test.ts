import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, sameBytes } from './base64url';

describe('base64UrlToBytes', () => {
  it('reads the URL alphabet, with or without padding', () => {
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
    expect([...base64UrlToBytes('AQ==')]).toEqual([1]);
    expect([...base64UrlToBytes('')]).toEqual([]);
  });

  it('gives the 65 bytes of an uncompressed P-256 key (a VAPID public key) from its 87 characters', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : (index * 37) % 256));
    const text = btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(text).toHaveLength(87);
    expect(sameBytes(base64UrlToBytes(text), bytes)).toBe(true);
  });

  it('refuses standard base64 and anything else', () => {
    expect(() => base64UrlToBytes('a+b/')).toThrow();
    expect(() => base64UrlToBytes('ab cd')).toThrow();
    expect(() => base64UrlToBytes('A')).toThrow();
  });
});

describe('sameBytes', () => {
  it('compares contents, whatever holds them', () => {
    expect(sameBytes(new Uint8Array([1, 2]).buffer, new Uint8Array([1, 2]))).toBe(true);
    expect(sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});
