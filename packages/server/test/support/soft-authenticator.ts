import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the server's tests (the browser suite uses
 * Chromium's virtual authenticator): ES256 keys, "none" attestation, a signature counter it
 * can be told to move backwards, and answers for any origin it is asked to claim.
 */
export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  userHandle: string | undefined;
  /** Whether it checks who holds it (a PIN, a fingerprint): a bare security key says it does not. */
  verifiesUser = true;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
    /** A real authenticator's id is 16–64 bytes; WebAuthn allows up to 1,023. */
    idBytes = 16,
  ) {
    this.credentialId = randomBytes(idBytes);
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The answer to registration options (`navigator.credentials.create`). */
  register(options: { challenge: string; user: { id: string } }, origin = this.origin) {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const jwk = (this.keys.publicKey as KeyObject).export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authDataHead(0x41),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to sign-in options (`navigator.credentials.get`), the counter moved on first. */
  signIn(options: { challenge: string }, origin = this.origin) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const authData = this.authDataHead(0x01);
    const signature = createSign('SHA256')
      .update(Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]))
      .sign(this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** rpIdHash, flags (user present, verified if it does; attested data when registering), counter. */
  private authDataHead(flags: number) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const verified = this.verifiesUser ? 0x04 : 0;
    return Buffer.concat([
      createHash('sha256').update(this.rpId).digest(),
      Buffer.from([flags | verified]),
      counter,
    ]);
  }
}
