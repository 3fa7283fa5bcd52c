import { commitmentOf, drawOrder, drawSeed } from '@giro/domain/draw';

export interface DrawData {
  fundId: string;
  cycleNumber: number;
  commitment: string;
  nonce: string | null;
  seed: string | null;
  order: string[];
  /** The closing amount votes, when known: then the seed is recomputed too. */
  votes?: Record<string, number> | null;
}

export type Check = 'commitment' | 'seed' | 'order';

/** Recomputes the commit–reveal draw in the browser (domain.md, phase 4); each step on its own. */
export function verifyDrawData(draw: DrawData): Partial<Record<Check, boolean>> {
  if (!draw.nonce || !draw.seed) return {};
  const result: Partial<Record<Check, boolean>> = {
    commitment: /^[0-9a-f]{64}$/.test(draw.nonce) && commitmentOf(draw.nonce) === draw.commitment,
  };
  if (draw.votes) {
    const votes = Object.entries(draw.votes).map(([userId, amountCents]) => ({ userId, amountCents }));
    result.seed =
      drawSeed({ nonceHex: draw.nonce, fundId: draw.fundId, cycleNumber: draw.cycleNumber, votes }) ===
      draw.seed;
  }
  const order = drawOrder([...draw.order].sort(), draw.seed);
  result.order = order.every((id, i) => id === draw.order[i]);
  return result;
}
