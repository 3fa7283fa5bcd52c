import { z } from 'zod';
import { memberSchema, organizationSchema } from './organization';

export const userStatsSchema = z.object({
  totalGivenCents: z.number().int(),
  totalReceivedCents: z.number().int(),
  currentBalanceCents: z.number().int(),
  completedCycles: z.number().int(),
});

/** GET /api/dashboard. Requests arrive with their own issue: until then the lists are empty. */
export const dashboardSchema = z.object({
  userStats: userStatsSchema,
  organization: organizationSchema.nullable(),
  leaderboard: z.array(memberSchema),
  queuedRequests: z.array(z.unknown()),
  activeRequest: z.unknown().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
