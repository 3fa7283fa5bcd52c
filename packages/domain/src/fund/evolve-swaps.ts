import type { FundEvent, FundState } from './fund-types';

export type SwapEvent = Extract<
  FundEvent,
  { type: 'SwapRequested' | 'SwapAccepted' | 'SwapDeclined' | 'SwapWithdrawn' | 'SwapLapsed' }
>;

/** Applies the events of swapping turns: an accepted swap exchanges two places in the order in force. */
export function evolveSwaps(state: FundState, event: SwapEvent): FundState {
  const swaps = state.swaps.filter((swap) => swap.id !== event.swapId);
  switch (event.type) {
    case 'SwapRequested':
      return {
        ...state,
        swaps: [...state.swaps, { id: event.swapId, fromId: event.fromId, toId: event.toId, at: event.at }],
      };
    case 'SwapAccepted': {
      const order = state.order.map((id) =>
        id === event.fromId ? event.toId : id === event.toId ? event.fromId : id,
      );
      const accepted = { id: event.swapId, fromId: event.fromId, toId: event.toId, at: event.at };
      return { ...state, order, swaps, swapHistory: [...state.swapHistory, accepted] };
    }
    case 'SwapDeclined':
    case 'SwapWithdrawn':
    case 'SwapLapsed':
      return { ...state, swaps };
  }
}
