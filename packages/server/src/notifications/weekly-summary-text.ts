import type { Language } from '@giro/contract/errors';
import { withItalianArticle } from '@giro/contract/italian';
import type { FundState } from '@giro/domain/fund/fund-types';
import { expectedContributors, roundContributions } from '@giro/domain/fund/rules';
import { plannedRounds } from '@giro/domain/fund/schedule';
import { dateFormats, listFormats as lists } from './notification-texts';

const texts = {
  it: {
    noRound: 'Nessun turno in corso nel fondo.',
    round: (n: number, name: string) => `Turno ${n}: il fondo di ${name}.`,
    yourRound: (n: number) => `Turno ${n}: è il tuo turno.`,
    paid: (names: string) => `Hanno pagato: ${names}.`,
    nobodyPaid: 'Nessuno ha ancora pagato.',
    youOwe: (until: string) => `Tu: da pagare entro ${withItalianArticle('il', until)}.`,
    youPaid: 'Tu: hai pagato.',
    next: (name: string, at: string) =>
      `Il prossimo turno è di ${name}, con prelievo previsto ${withItalianArticle('il', at)}.`,
  },
  en: {
    noRound: 'No round is under way in the fund.',
    round: (n: number, name: string) => `Round ${n}: ${name}'s pot.`,
    yourRound: (n: number) => `Round ${n}: it is your turn.`,
    paid: (names: string) => `Paid: ${names}.`,
    nobodyPaid: 'Nobody has paid yet.',
    youOwe: (until: string) => `You: to pay by ${until}.`,
    youPaid: 'You: paid.',
    next: (name: string, at: string) => `The next turn is ${name}'s, with the withdrawal planned for ${at}.`,
  },
} as const;

/**
 * The weekly summary's lines (issue 14): what was paid, what is due from the reader, whose turn
 * is next — the fund as the family sees it, in the reader's language.
 */
export function weeklySummaryText(
  state: FundState | null,
  userId: string,
  names: Map<string, string>,
  language: Language,
): string {
  const t = texts[language];
  const round = state?.round;
  if (!state || !round) return t.noRound;
  const name = (id: string) => names.get(id) ?? '—';
  const lines: string[] = [];
  lines.push(
    round.recipientId === userId ? t.yourRound(round.number) : t.round(round.number, name(round.recipientId)),
  );
  const paid = [...new Set(roundContributions(state).map((c) => c.contributorId))];
  lines.push(paid.length > 0 ? t.paid(lists[language].format(paid.map(name))) : t.nobodyPaid);
  if (expectedContributors(state).includes(userId))
    lines.push(
      paid.includes(userId)
        ? t.youPaid
        : t.youOwe(dateFormats[language].format(new Date(round.withdrawalAt))),
    );
  const next = plannedRounds(state)[1];
  if (next)
    lines.push(t.next(name(next.recipientId), dateFormats[language].format(new Date(next.withdrawalAt))));
  return lines.join('\n');
}
