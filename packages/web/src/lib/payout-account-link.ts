import { paths } from './paths';

/** The connected payment account panel on the account page, for links from other screens. */
export const payoutAccountAnchor = 'payout-account';
export const payoutAccountHref = `${paths.account}#${payoutAccountAnchor}`;
