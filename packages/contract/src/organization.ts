import { organizationTypes } from '@giro/domain/organization';
import { z } from 'zod';
import { inviteCodeInputSchema, organizationInputSchema } from './auth';

/** `inviteCode` is a tester invite: required when REGISTRATION=invite-only (domain.md, Private testing). */
export const createOrganizationBodySchema = organizationInputSchema.extend({
  inviteCode: inviteCodeInputSchema.optional(),
});
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;
export const joinOrganizationBodySchema = z.strictObject({ inviteCode: inviteCodeInputSchema });

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(organizationTypes),
  inviteCode: z.string(),
  memberCount: z.number().int(),
  totalContributionsCents: z.number().int(),
  memberSince: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const memberSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  memberSince: z.string(),
  strikes: z.number().int(),
  totalGivenCents: z.number().int(),
  totalReceivedCents: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersSchema = z.object({ members: z.array(memberSchema) });

export const invitePreviewSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('organization'),
    organizationName: z.string(),
    type: z.enum(organizationTypes),
  }),
  z.object({ kind: z.literal('tester') }),
]);
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
