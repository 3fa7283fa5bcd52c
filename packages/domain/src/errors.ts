/**
 * The one error type of the domain. Each code names one failure of the SPEC §8 catalogue;
 * the contract package gives every code its HTTP status and its text in each language.
 */
export const domainErrorCodes = [
  'INVALID_INVITE_CODE',
  'ALREADY_IN_ORGANIZATION',
  'NOT_IN_ORGANIZATION',
  'LEAVE_REFUSED',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_MATCHES_IDENTITY',
  'INVALID_CREDENTIALS',
  'INVALID_AMOUNT',
  // Rotating fund (SPEC §8)
  'NO_ROTATING_FUND',
  'FUND_ALREADY_RUNNING',
  'WRONG_PHASE',
  'ALREADY_VOTED',
  'ALREADY_CONTRIBUTED',
  'NOT_CURRENT_RECIPIENT',
  'CANNOT_WITHDRAW_NOW',
  'INSUFFICIENT_CONTRIBUTIONS',
  'VOTING_NOT_COMPLETE',
  'CONFIRMATION_NOT_COMPLETE',
  'CONTRIBUTION_WINDOW_CLOSED',
  'NOT_ELIGIBLE',
  'NOT_AUTHORIZED_PARTICIPANT',
  'DISMISSAL_REASON_REQUIRED',
  'DISMISSAL_REASON_TOO_LONG',
  'INVALID_OPTION',
  'CONTRIBUTION_NOT_FOUND',
  'NOT_REFUNDABLE',
  'PAYOUT_ACCOUNT_REQUIRED',
  // Funding requests
  'REQUEST_NOT_FOUND',
  'REQUEST_ALREADY_OPEN',
  'NOT_REQUEST_OWNER',
  'OWN_REQUEST',
  'REQUEST_NOT_ACTIVE',
  'REQUEST_CLOSED',
  'AMOUNT_OVER_REMAINING',
  'INVALID_REQUEST',
] as const;

export type DomainErrorCode = (typeof domainErrorCodes)[number];

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}
