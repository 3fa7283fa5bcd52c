import { locale } from './dates';

/**
 * An amount as a member types it in their language ("500,00" in Italian, "500.00" in English):
 * for an input's placeholder or its first value. No grouping, no symbol; the parser
 * (domain/euro-input.ts) takes either separator.
 */
export const amountInput = (amountCents: number) =>
  new Intl.NumberFormat(locale(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(amountCents / 100);
