import { z } from 'zod';
import { memberSchema, organizationSchema } from './organization';
import { requestSummarySchema } from './requests';

export const userStatsSchema = z.object({
  totalGivenCents: z.number().int(),
  totalReceivedCents: z.number().int(),
  currentBalanceCents: z.number().int(),
  completedCycles: z.number().int(),
});

/** GET /api/dashboard: the queued requests in queue order, and the active one. */
export const dashboardSchema = z.object({
  userStats: userStatsSchema,
  organization: organizationSchema.nullable(),
  leaderboard: z.array(memberSchema),
  queuedRequests: z.array(requestSummarySchema),
  activeRequest: requestSummarySchema.nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
