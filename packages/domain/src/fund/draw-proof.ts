import type { DrawProof } from '../draw';
import type { FundState } from './fund-types';

/**
 * The draw as members may see it. Before activation only the commitment is public: showing the
 * nonce earlier would let the last voter choose an amount that steers the order.
 */
export function publicDraw(state: FundState): {
  commitment: string;
  nonce: string | null;
  seed: string | null;
  order: string[];
} {
  return {
    commitment: state.commitment,
    nonce: state.nonceRevealed ? state.nonce : null,
    seed: state.nonceRevealed ? state.seed : null,
    order: state.nonceRevealed ? state.drawnOrder : [],
  };
}

/** Everything needed to recompute the current cycle's draw, or null before it happened. */
export function drawProofOf(state: FundState): DrawProof | null {
  if (!state.nonceRevealed || state.seed === null) return null;
  return {
    commitment: state.commitment,
    nonceHex: state.nonce,
    fundId: state.fundId,
    cycleNumber: state.cycleNumber,
    votes: state.closingVotes,
    participantIds: state.participants,
    seedHex: state.seed,
    order: state.drawnOrder,
  };
}
