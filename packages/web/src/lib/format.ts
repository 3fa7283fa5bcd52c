import { formatEuro } from '@giro/domain/money';
import { locale } from './dates';

/** Money is integer cents everywhere; it becomes euros only here, for display. */
export const euro = (amountCents: number) => formatEuro(amountCents, locale());

// Dates have a module of their own: the shell's offline banner needs its clock time on every
// page, the sign-in page's first load included, and money is not needed there.
export { clockTime, dateTime, longDate } from './dates';
