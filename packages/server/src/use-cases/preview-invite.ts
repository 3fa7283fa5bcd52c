import type { InvitePreview } from '@giro/contract/organization';
import { normalizeInviteCode, type OrganizationType } from '@giro/domain/organization';
import { findOpenOrganizationByCode, recordInviteEvent } from '../db/organization.repository';
import { findTesterInvite } from '../db/tester-invite.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/**
 * What the public invite page may show for a code (no member data), recording the visit for
 * invite tracking. An organization code wins over a tester invite of the same text.
 */
export async function previewInvite(deps: Deps, rawCode: string): Promise<InvitePreview> {
  const code = normalizeInviteCode(rawCode);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const organization = await findOpenOrganizationByCode(tx, code);
    if (organization) {
      await recordInviteEvent(tx, { code, kind: 'visit', organizationId: organization.id }, now);
      return {
        kind: 'organization',
        organizationName: organization.name,
        type: organization.type as OrganizationType,
      };
    }
    const tester = await findTesterInvite(tx, code);
    if (tester && !tester.usedAt && !tester.revokedAt && tester.expiresAt > now) {
      await recordInviteEvent(tx, { code, kind: 'visit', testerInviteId: tester.id }, now);
      return { kind: 'tester' };
    }
    throw new AppError('INVALID_INVITE_CODE');
  });
}
