import type { ContributionView, FundView } from '@giro/contract/fund';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useNow } from '../../../lib/clock-store';
import { euro, longDate } from '../../../lib/format';
import { useFundAction } from '../api/fund-actions';
import { mayCancelDeclaration } from '../hooks/cover-rules';
import { useMemberName } from '../hooks/use-fund-people';

/**
 * The round's contributions. A manual one counts once the recipient confirms receiving it,
 * so the recipient sees a 'confirm receipt' button on each declared one, and beside it 'not
 * received' for cash that never came (the member is told to pay, and may pay another way).
 * That one asks first: it cancels the member's declaration and tells them, urgently, to pay.
 * Who declared one may take it back ('cancel') until it is answered, and pay another way.
 */
export function RoundContributions({
  fund,
  contributions,
  isRecipient,
  userId,
}: {
  fund: FundView;
  contributions: ContributionView[];
  isRecipient: boolean;
  userId: string;
}) {
  const { t } = useTranslation();
  const name = useMemberName(fund);
  const confirm = useFundAction('confirmReceipt');
  const refuse = useFundAction('refuseReceipt');
  const cancel = useFundAction('cancelDeclaration');
  const nowMs = useNow(30_000);
  const mayCancel = (c: ContributionView) =>
    c.method === 'manual' &&
    c.status === 'declared' &&
    (c.paidBy ?? c.contributorId) === userId &&
    fund.round !== null &&
    mayCancelDeclaration(fund.round, c, nowMs);
  const busy = confirm.isPending || refuse.isPending;
  // A cover names who paid as well: the recipient answers the one who says they gave the cash.
  const who = (c: ContributionView) =>
    c.paidBy
      ? t('fund.round.paidFor', { payer: name(c.paidBy), member: name(c.contributorId) })
      : name(c.contributorId);
  if (contributions.length === 0)
    return <p className="text-sm text-stone-600">{t('fund.round.noContributions')}</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="round-contributions">
      {contributions.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div>
            <p className="font-medium">{who(c)}</p>
            <p className="text-xs text-stone-600">
              {euro(c.amountCents)} · {t(`fund.contribute.methods.${c.method}`)} · {longDate(c.at)}
            </p>
          </div>
          {isRecipient && c.method === 'manual' && c.status === 'declared' ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                busy={confirm.isPending}
                disabled={busy}
                onClick={() => confirm.run({ fundId: fund.id, id: c.id })}
                aria-label={t('fund.round.confirmReceiptOf', { name: who(c) })}
              >
                {t('fund.round.confirmReceipt')}
              </Button>
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    needsNetwork
                    busy={refuse.isPending}
                    disabled={busy}
                    aria-label={t('fund.round.refuseReceiptOf', { name: who(c) })}
                  >
                    {t('fund.round.refuseReceipt')}
                  </Button>
                }
                title={t('fund.round.refuseTitle')}
                body={t(c.paidBy ? 'fund.round.refuseCoverBody' : 'fund.round.refuseBody', {
                  name: who(c),
                  member: name(c.contributorId),
                  amount: euro(c.amountCents),
                })}
                confirmLabel={t('fund.round.refuseConfirm')}
                onConfirm={() => refuse.run({ fundId: fund.id, id: c.id })}
              />
            </div>
          ) : mayCancel(c) ? (
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  needsNetwork
                  busy={cancel.isPending}
                  aria-label={t('fund.round.cancelDeclarationOf', { name: who(c) })}
                >
                  {t('fund.round.cancelDeclaration')}
                </Button>
              }
              title={t('fund.round.cancelTitle')}
              body={
                c.paidBy
                  ? t('fund.round.cancelCoverBody', {
                      amount: euro(c.amountCents),
                      member: name(c.contributorId),
                    })
                  : t('fund.round.cancelBody', { amount: euro(c.amountCents) })
              }
              confirmLabel={t('fund.round.cancelConfirm')}
              cancelLabel={t('fund.round.cancelKeep')}
              onConfirm={() => cancel.run({ fundId: fund.id, id: c.id })}
            />
          ) : (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs">
              {t(`fund.contributionStatus.${c.status}`, { defaultValue: c.status })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
