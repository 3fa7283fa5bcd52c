import { parseEuroToCents } from '@giro/domain/euro-input';
import { requestLimits } from '@giro/domain/requests/request-limits';

export interface RequestFormValues {
  title: string;
  description: string;
  target: string;
}
export type RequestFormErrors = Partial<Record<keyof RequestFormValues, string>>;

/** Characters as a person counts them (an emoji is one), as the domain does. */
const length = (text: string) => [...text.trim()].length;

/**
 * The create/edit form's checks, with the domain's bounds; each message is an i18n key with its
 * values. The server checks everything again.
 */
export function validateRequestForm(
  values: RequestFormValues,
  withTarget: boolean,
  money: (cents: number) => string,
) {
  const errors: Record<string, { key: string; values?: Record<string, unknown> }> = {};
  const title = length(values.title);
  if (title < requestLimits.titleMin || title > requestLimits.titleMax) {
    errors.title = {
      key: 'requests.validation.title',
      values: { min: requestLimits.titleMin, max: requestLimits.titleMax },
    };
  }
  if (length(values.description) > requestLimits.descriptionMax) {
    errors.description = {
      key: 'requests.validation.description',
      values: { max: requestLimits.descriptionMax },
    };
  }
  const targetCents = withTarget ? parseEuroToCents(values.target) : null;
  if (withTarget) {
    if (targetCents === null) errors.target = { key: 'requests.validation.amount' };
    else if (targetCents < requestLimits.targetMinCents || targetCents > requestLimits.targetMaxCents) {
      errors.target = {
        key: 'requests.validation.targetRange',
        values: { min: money(requestLimits.targetMinCents), max: money(requestLimits.targetMaxCents) },
      };
    }
  }
  return { errors, targetCents };
}

/**
 * A contribution: what remains, or from €1.00 up to what leaves at least €1.00 to give; a message
 * of at most 280 characters.
 */
export function validateContribution(
  amount: string,
  message: string,
  remainingCents: number,
  money: (cents: number) => string,
) {
  const amountCents = parseEuroToCents(amount);
  const errors: Record<string, { key: string; values?: Record<string, unknown> }> = {};
  if (amountCents === null) errors.amount = { key: 'requests.validation.amount' };
  else if (amountCents !== remainingCents) {
    const min = requestLimits.contributionMinCents;
    if (amountCents < min || amountCents > remainingCents)
      errors.amount = {
        key: 'requests.validation.contributionRange',
        values: { min: money(Math.min(min, remainingCents)), max: money(remainingCents) },
      };
    else if (remainingCents - amountCents < min)
      errors.amount = {
        key: 'requests.validation.contributionLeavesTooLittle',
        values: { min: money(min), max: money(remainingCents) },
      };
  }
  if (length(message) > requestLimits.messageMax) {
    errors.message = { key: 'requests.validation.message', values: { max: requestLimits.messageMax } };
  }
  return { errors, amountCents };
}
