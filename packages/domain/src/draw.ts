import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The provably fair draw of the rotation order (domain.md, Rotating fund, phase 4), by
 * commit–reveal: when voting opens the server draws a secret 32-byte nonce and publishes only
 * its SHA-256; at activation it reveals the nonce. Neither the last voter (who cannot know the
 * nonce) nor the server (which committed before the votes existed) can steer the order.
 * Anyone can recompute every step from what is shown, in the browser too (pure JS hashing).
 */

/** The published commitment: SHA-256 of the nonce's bytes, as hex. */
export function commitmentOf(nonceHex: string): string {
  return bytesToHex(sha256(hexToBytes(nonceHex)));
}

export interface DrawVote {
  userId: string;
  amountCents: number;
}

/**
 * seed = SHA-256 of the UTF-8 text `nonce|fundId|cycleNumber|votes`, where votes are the amount
 * votes of the voting round that fixed the amount, sorted by voter id, each `userId:amountCents`,
 * joined by commas. A canonical text keeps the recomputation easy to describe and to check.
 */
export function drawSeed(input: {
  nonceHex: string;
  fundId: string;
  cycleNumber: number;
  votes: readonly DrawVote[];
}): string {
  const votes = [...input.votes]
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.amountCents - b.amountCents))
    .map((vote) => `${vote.userId}:${vote.amountCents}`)
    .join(',');
  return bytesToHex(sha256(utf8ToBytes(`${input.nonceHex}|${input.fundId}|${input.cycleNumber}|${votes}`)));
}

/**
 * A stream of uniform 32-bit integers from the seed: block k is SHA-256(seed bytes ‖ k as 4
 * big-endian bytes), read 4 bytes at a time.
 */
function* uint32Stream(seedHex: string): Generator<number> {
  const seed = hexToBytes(seedHex);
  for (let block = 0; ; block++) {
    const input = new Uint8Array(seed.length + 4);
    input.set(seed);
    new DataView(input.buffer).setUint32(seed.length, block);
    const digest = sha256(input);
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let offset = 0; offset < 32; offset += 4) yield view.getUint32(offset);
  }
}

/** A uniform integer in [0, bound) by rejection sampling, so no index is favoured. */
function uniform(stream: Generator<number>, bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  for (;;) {
    const value = stream.next().value as number;
    if (value < limit) return value % bound;
  }
}

/** Fisher–Yates shuffle of the participant ids sorted by id, driven by the seed. */
export function drawOrder(participantIds: readonly string[], seedHex: string): string[] {
  const order = [...participantIds].sort();
  const stream = uint32Stream(seedHex);
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniform(stream, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export interface DrawProof {
  commitment: string;
  nonceHex: string;
  fundId: string;
  cycleNumber: number;
  votes: readonly DrawVote[];
  participantIds: readonly string[];
  seedHex: string;
  order: readonly string[];
}

/**
 * What any member can check once the nonce is revealed (domain.md, phase 4): that the nonce is
 * the one committed to before the votes, and that the seed and the order follow from it. Each
 * step is reported apart, so a mismatch says which part of the published draw is wrong.
 */
export function verifyDraw(proof: DrawProof): {
  commitmentMatches: boolean;
  seedMatches: boolean;
  orderMatches: boolean;
} {
  const commitmentMatches =
    /^[0-9a-f]{64}$/.test(proof.nonceHex) && commitmentOf(proof.nonceHex) === proof.commitment;
  const seed = drawSeed({
    nonceHex: proof.nonceHex,
    fundId: proof.fundId,
    cycleNumber: proof.cycleNumber,
    votes: proof.votes,
  });
  const order = drawOrder(proof.participantIds, seed);
  return {
    commitmentMatches,
    seedMatches: seed === proof.seedHex,
    orderMatches: order.length === proof.order.length && order.every((id, i) => id === proof.order[i]),
  };
}
