/**
 * The one error type of the domain and the one place its codes are documented. Each code names
 * one failure of the SPEC §8 catalogue (an i18n key); the contract package gives every code its
 * HTTP status and its text in each language, and its test fails if a code here is missing there.
 *
 * A DomainError is a refusal a user can meet and read. A bug (a caller breaking a precondition,
 * such as passing a malformed nonce) throws a plain Error instead, so it surfaces as a 500 and
 * is never dressed up as the user's fault.
 */
const domainErrorDocs = {
  // Organizations and accounts
  INVALID_INVITE_CODE: 'No organization has this invite code ("Invalid invite code", 404 on join).',
  ALREADY_IN_ORGANIZATION: 'The user already belongs to an organization.',
  NOT_IN_ORGANIZATION: 'The user belongs to no organization.',
  MEMBER_DEBT_OWED:
    'Deleting the account while owing another member (a contribution they covered): deleted, nobody could repay them.',
  PAYOUT_OWED_ELSEWHERE:
    "Deleting the account while a family the user left still owes them a funding request's payout (ADR 0057): deleted, nobody could be paid it.",
  EXPELLED_FROM_ORGANIZATION:
    'Joining, by its invite code, an organization whose members expelled the user (SPEC: permanent, irreversible).',
  LEAVE_REFUSED:
    'Leaving refused: a participant of a running round, a missed contribution, or the owner of an active request ("Failed to leave").',
  USERNAME_TAKEN: 'The username is taken (case-insensitively).',
  EMAIL_TAKEN: 'The email is taken (case-insensitively).',
  PASSWORD_TOO_SHORT: 'The password has fewer than 10 characters.',
  PASSWORD_TOO_LONG: 'The password has more than 128 characters.',
  PASSWORD_TOO_COMMON: 'The password is in the bundled list of common passwords.',
  PASSWORD_MATCHES_IDENTITY: 'The password equals the username or the email.',
  INVALID_CREDENTIALS: 'Sign-in with a wrong username or password ("Invalid username or password").',
  INVALID_AMOUNT:
    'An amount outside its bounds or not a safe integer of cents: a vote outside €1–€10,000, a request target outside €1–€50,000, a request contribution under €1 ("Invalid amount").',
  // Rotating fund (SPEC §8, Fund)
  NO_ROTATING_FUND: 'The organization has no fund yet ("No rotating fund found").',
  FUND_ALREADY_RUNNING: 'Opening voting while a cycle is running (only after completion or cancellation).',
  WRONG_PHASE: 'The command does not belong to the current phase of the cycle.',
  ALREADY_VOTED:
    'A second vote in the same amount voting, confirmation, acknowledgment, restart, date or emergency vote ("You have already voted for this period").',
  ALREADY_CONTRIBUTED: 'A second contribution in the same round ("You have already contributed this month").',
  NOT_CURRENT_RECIPIENT:
    'Withdrawing or confirming a manual payment by someone other than the round\'s recipient ("You are not the current recipient").',
  CANNOT_WITHDRAW_NOW:
    'Withdrawing when no round is running, or while its distribution is under way ("You cannot withdraw at this time").',
  INSUFFICIENT_CONTRIBUTIONS:
    'Withdrawing before every expected contribution is in, or a payout whose fee would reach the gross ("Insufficient contributions").',
  VOTING_NOT_COMPLETE: 'Confirming the amount while amount voting is still open ("Voting not complete").',
  CONFIRMATION_NOT_COMPLETE:
    'Voting the withdrawal date while the amount is still being confirmed ("Confirmation not complete").',
  CONTRIBUTION_WINDOW_CLOSED:
    'Contributing outside the 7-day window (or after it, without a granted wait) ("Contribution Window Closed").',
  NOT_ELIGIBLE:
    'Contributing as a non-participant, the recipient, a skipped or an expelled member ("Not eligible for this cycle").',
  NOT_AUTHORIZED_PARTICIPANT:
    'Voting or acknowledging by someone who is not a voter or participant of this cycle ("not an authorized participant").',
  DISMISSAL_REASON_REQUIRED: 'A dismissal without a reason (1–499 characters after trimming).',
  DISMISSAL_REASON_TOO_LONG: 'A dismissal reason of 500 characters or more.',
  INVALID_OPTION:
    'A withdrawal-date option not offered (7d1h without the test clock) or an emergency choice not offered (wait after a wait).',
  CONTRIBUTION_NOT_FOUND: 'No such contribution for this user or in this state.',
  NOT_REFUNDABLE: 'A refund asked for a contribution that is not due back (or already refunded).',
  PAYOUT_ACCOUNT_REQUIRED:
    'Receiving platform money without an active connected account ("Connected account required").',
  // Swapping turns (domain.md, Second wave)
  SWAP_NOT_ALLOWED:
    'A swap asked for by or with someone whose turn cannot move: the current recipient, someone who has received in this cycle, an expelled member, oneself, or outside the rounds of a cycle.',
  SWAP_ALREADY_OPEN: 'A swap between the same two members is already waiting for an answer.',
  SWAP_NOT_FOUND: 'No such open swap (answered, withdrawn or lapsed).',
  NOT_SWAP_PARTY: "Accepting or declining a swap asked of someone else, or withdrawing someone else's.",
  // Covering a member and the debts it makes (domain.md, Second wave)
  DEBT_NOT_FOUND: 'No such debt between the caller and another member.',
  NOT_DEBT_PARTY: 'Declaring a repayment of a debt one does not owe, or confirming one not owed to oneself.',
  DEBT_NOT_DUE: 'Settling a debt whose cover can still be undone: it is due once the round is paid out.',
  DEBT_CLOSED: 'Settling or confirming a debt already settled or cancelled.',
  DEBT_REPAYMENT_DECLARED:
    "Declaring again a manual repayment that waits for the creditor's confirmation, or paying one already declared.",
  DEBT_REPAYMENT_NOT_DECLARED:
    'Saying a repayment was not received when the debtor declared none (or it was refused already).',
  DEBT_SETTLING: 'Repaying or confirming a debt while its repayment through the platform is under way.',
  COVER_NOT_PAID_OUT:
    'Deleting the account while a contribution the user covered is in a round not paid out yet (an expelled member can reach it).',
  DEBT_REPAYMENT_TO_YOU_UNDER_WAY:
    'Deleting the account while a repayment through the platform is on its way to the user: it lands, or fails, first.',
  // Funding requests
  REQUEST_NOT_FOUND: 'No such funding request in the organization.',
  REQUEST_ALREADY_OPEN: 'The owner already has a pending or active request.',
  NOT_REQUEST_OWNER: "Editing, concluding or cancelling someone else's request.",
  OWN_REQUEST: 'The owner contributing to their own request.',
  REQUEST_NOT_ACTIVE:
    'Contributing to or concluding a request that is not active; changing the target once active.',
  REQUEST_CLOSED: 'Editing or cancelling a request that has ended.',
  AMOUNT_OVER_REMAINING: 'A request contribution larger than what remains to the target.',
  AMOUNT_LEAVES_TOO_LITTLE:
    'A request contribution that would leave less than the €1 minimum to the target (give it all, or leave at least €1).',
  INVALID_REQUEST:
    'A request title outside 3–120 characters, a description over 2,000, or a message over 280.',
} as const satisfies Record<string, string>;

export type DomainErrorCode = keyof typeof domainErrorDocs;

/** Every code, in catalogue order (the contract test walks this list). */
export const domainErrorCodes = Object.keys(domainErrorDocs) as readonly DomainErrorCode[];

/** What a code means and where the domain raises it, for docs and reviews. */
export function describeDomainError(code: DomainErrorCode): string {
  return domainErrorDocs[code];
}

export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}
