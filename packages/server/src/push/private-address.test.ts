import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address';

describe('addresses a push never goes to unless listed', () => {
  it('loopback, private, link-local (the metadata service), CGNAT, unique-local, mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('public addresses pass', () => {
    for (const address of ['142.250.180.10', '8.8.8.8', '2a00:1450:4002:400::200a', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
