import type { Language } from '@giro/contract/errors';
import type { FundState } from '@giro/domain/fund/fund-types';
import { activeParticipants } from '@giro/domain/fund/rules';
import { plannedRounds } from '@giro/domain/fund/schedule';
import { createEvents, type EventAttributes } from 'ics';

const texts = {
  it: {
    calendar: 'Giro',
    window: (name: string) => `Contributo al fondo di ${name}`,
    windowMine: 'Finestra dei contributi (il tuo turno)',
    windowText: 'La finestra dei contributi è aperta fino alla data di prelievo.',
    withdrawal: (name: string) => `Prelievo del fondo: ${name}`,
    withdrawalMine: 'Il tuo turno: puoi prelevare il fondo',
    planned: 'Data prevista: si sposta se un turno finisce in ritardo.',
  },
  en: {
    calendar: 'Giro',
    window: (name: string) => `Contribution to ${name}'s pot`,
    windowMine: 'Contribution window (your turn)',
    windowText: 'The contribution window is open until the withdrawal date.',
    withdrawal: (name: string) => `Fund withdrawal: ${name}`,
    withdrawalMine: 'Your turn: you can withdraw the fund',
    planned: 'Planned date: it moves if a round ends late.',
  },
} as const;

/**
 * The member's calendar (RFC 5545, built by `ics`): each planned round's contribution window
 * and withdrawal date, their own turn named as theirs. UIDs are stable per fund, cycle and
 * round, so a calendar that refreshes the feed moves an event rather than adding one. A member
 * who does not take part in the cycle (joined after its vote, or expelled) gets the withdrawal
 * dates alone: no window asks them to contribute.
 */
export function renderFeed(input: {
  state: FundState | null;
  userId: string;
  names: Map<string, string>;
  language: Language;
  publicUrl: string;
}): string {
  const t = texts[input.language];
  const events: EventAttributes[] = [];
  const host = new URL(input.publicUrl).host;
  const takesPart = input.state !== null && activeParticipants(input.state).includes(input.userId);
  for (const round of input.state ? plannedRounds(input.state) : []) {
    const state = input.state!;
    const mine = round.recipientId === input.userId;
    const name = input.names.get(round.recipientId) ?? '—';
    const uid = (part: string) => `${state.fundId}-${state.cycleNumber}-${round.roundNumber}-${part}@${host}`;
    const note = round.current ? '' : `\n${t.planned}`;
    if (takesPart)
      events.push({
        uid: uid('window'),
        title: mine ? t.windowMine : t.window(name),
        description: `${t.windowText}${note}`,
        start: round.windowOpensAt,
        startInputType: 'utc',
        startOutputType: 'utc',
        end: round.withdrawalAt,
        endInputType: 'utc',
        endOutputType: 'utc',
        url: `${input.publicUrl}/`,
        transp: 'TRANSPARENT',
        busyStatus: 'FREE',
      });
    events.push({
      uid: uid('withdrawal'),
      title: mine ? t.withdrawalMine : t.withdrawal(name),
      description: note.trim(),
      start: round.withdrawalAt,
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: 30 },
      url: `${input.publicUrl}/fund`,
      transp: 'TRANSPARENT',
      busyStatus: 'FREE',
    });
  }
  const { error, value } = createEvents(events, { productId: 'giro/calendar', calName: t.calendar });
  if (error || value === null) throw error ?? new Error('calendar not built');
  return value;
}
