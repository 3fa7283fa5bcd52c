import type { Language } from '@giro/contract/errors';
import type { StatementLine } from '@giro/contract/statistics';
import { readStatement } from '../../db/insights/statement.queries';
import type { Deps } from '../../deps';

/**
 * GET /api/statistics/me/statement.csv: the member's statement (RFC 4180, CRLF). Each line's
 * kind is a code, the same in both languages ("codice": a spreadsheet filters by it); its
 * description is in the member's language. Amounts are
 * euros with two decimals written from integer cents without floats; the last balance is the
 * dashboard's current balance.
 */
export async function exportMemberStatement(deps: Deps, userId: string, language: Language): Promise<string> {
  const lines = await readStatement(deps.db, userId);
  const t = TEXTS[language];
  const rows = [
    t.header,
    ...lines.map((line) => [
      line.at.slice(0, 10),
      line.kind,
      describe(line, language),
      euros(line.amountCents),
      euros(line.balanceCents),
    ]),
  ];
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Integer cents as signed euros with two decimals: −1234 → "-12.34". */
export function euros(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents)) throw new Error(`bad amount ${amountCents}`);
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Quotes a field when it holds a comma, quote or line break; a leading formula sign is defused. */
function csvField(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function describe(line: StatementLine, language: Language): string {
  const t = TEXTS[language];
  const what = t.kinds[line.kind] ?? line.kind;
  if (line.source === 'request') return `${what} (${t.request})`;
  if (line.cycleNumber === null) return what;
  const round = line.roundNumber === null ? '' : `, ${t.round} ${line.roundNumber}`;
  return `${what} (${t.cycle} ${line.cycleNumber}${round})`;
}

const TEXTS: Record<
  Language,
  { header: string[]; kinds: Record<string, string>; cycle: string; round: string; request: string }
> = {
  en: {
    header: ['date', 'code', 'description', 'amount_eur', 'balance_eur'],
    cycle: 'fund cycle',
    round: 'round',
    request: 'funding request',
    kinds: {
      contribution: 'Contribution',
      'manual-contribution': 'Manual contribution',
      payout: 'Fund payout, net of the fee',
      refund: 'Refund',
      'request-contribution': 'Contribution',
      'request-contribution-failed': 'Contribution failed, not charged',
      'request-payout': 'Request payout, net of the fee',
      'request-payout-failed': 'Payout failed, reversed',
      'request-refund': 'Refund',
      'member-debt': 'Debt between members: a contribution covered',
      'member-debt-repaid': 'Debt between members repaid',
      'member-debt-forgiven': 'Debt between members written off: the creditor closed their account',
    },
  },
  it: {
    header: ['data', 'codice', 'descrizione', 'importo_eur', 'saldo_eur'],
    cycle: 'ciclo del fondo',
    round: 'turno',
    request: 'richiesta di aiuto',
    kinds: {
      contribution: 'Contributo',
      'manual-contribution': 'Contributo manuale',
      payout: 'Erogazione del fondo, al netto della commissione',
      refund: 'Rimborso',
      'request-contribution': 'Contributo',
      'request-contribution-failed': 'Contributo non riuscito, non addebitato',
      'request-payout': 'Erogazione della richiesta, al netto della commissione',
      'request-payout-failed': 'Erogazione non riuscita, stornata',
      'request-refund': 'Rimborso',
      'member-debt': 'Debito tra membri: un contributo coperto',
      'member-debt-repaid': 'Debito tra membri restituito',
      'member-debt-forgiven': "Debito tra membri annullato: chi l'aveva coperto ha chiuso l'account",
    },
  },
};
