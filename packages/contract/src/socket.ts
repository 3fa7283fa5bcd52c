import { z } from 'zod';

/** What a browser may send on /ws (api.md, WebSocket /ws). Anything else is ignored. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  // The session travels in the upgrade's HttpOnly cookie (ADR 0006): the id here is ignored.
  z.object({ type: z.literal('AUTHENTICATE'), sessionId: z.string().max(200).optional() }),
  z.object({ type: z.literal('HEARTBEAT') }),
  z.object({
    type: z.literal('RESYNC_REQUEST'),
    requestId: z.string().max(100),
    timestamp: z.number().optional(),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** The fund and organization events a socket receives; each has the organization's sequence number. */
export const fundEventTypes = [
  'FUND_VOTE_CAST',
  'FUND_CONFIRMATION_VOTE',
  'FUND_STATE_CHANGED',
  'FUND_DISMISSAL_ACKNOWLEDGED',
  'FUND_MONTHLY_CONTRIBUTION_MADE',
  'FUND_CONTRIBUTION_PAID',
  'FUND_CONTRIBUTION_AUTHORIZED',
  'FUND_CREATED',
  'FUND_RESTART_VOTE',
  'FUND_ACTIVATED',
  'FUND_DISTRIBUTED',
  'FUND_VOTING_TIMEOUT_REACHED',
  'FUND_WITHDRAWAL_DATE_VOTE',
  'NOTIFICATION_CREATED',
  'REQUEST_UPDATED',
] as const;
export type FundEventType = (typeof fundEventTypes)[number];

export interface OrganizationEventMessage {
  type: FundEventType;
  familyId: string;
  seq: number;
  at: string;
  fundId?: string;
  /** REQUEST_UPDATED: the request that changed. */
  requestId?: string;
  userId?: string;
}

export interface ResyncData {
  rotatingFund: unknown;
  familyMembers: unknown[];
  userNotifications: unknown[];
  dashboard: {
    queuedRequests: unknown[];
    userStats: { totalGiven: number; totalReceived: number; completedCycles: number };
  };
}

export type ServerMessage =
  | { type: 'AUTHENTICATED'; familyId: string; seq: number }
  | { type: 'AUTHENTICATION_REQUIRED' }
  | { type: 'HEARTBEAT_RESPONSE'; timestamp: number }
  | {
      type: 'RESYNC_RESPONSE';
      requestId: string;
      data: ResyncData;
      queryTimeMs: number;
      familyId: string;
      timestamp: number;
      seq: number;
    }
  | { type: 'TIME_FAST_FORWARD'; minutes: number }
  | { type: 'TIME_RESET' }
  | OrganizationEventMessage;
