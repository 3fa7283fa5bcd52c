import {
  REQUEST_CONTRIBUTION_MIN_CENTS,
  REQUEST_DESCRIPTION_MAX,
  REQUEST_MESSAGE_MAX,
  REQUEST_TARGET_MAX_CENTS,
  REQUEST_TARGET_MIN_CENTS,
  REQUEST_TITLE_MAX,
  REQUEST_TITLE_MIN,
} from './decide-request';

/** The bounds of a funding request, in one object: the form, the route and the decider agree. */
export const requestLimits = {
  titleMin: REQUEST_TITLE_MIN,
  titleMax: REQUEST_TITLE_MAX,
  descriptionMax: REQUEST_DESCRIPTION_MAX,
  targetMinCents: REQUEST_TARGET_MIN_CENTS,
  targetMaxCents: REQUEST_TARGET_MAX_CENTS,
  contributionMinCents: REQUEST_CONTRIBUTION_MIN_CENTS,
  messageMax: REQUEST_MESSAGE_MAX,
} as const;
