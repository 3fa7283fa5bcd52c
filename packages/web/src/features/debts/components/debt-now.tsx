import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NowFrame } from '../../../components/ui/now-frame';
import { euro } from '../../../lib/format';
import { lazyNamed } from '../../../lib/lazy-named';
import { useKeepFocus } from '../../../lib/use-keep-focus';
import { uuid } from '../../../lib/uuid';
import { useDebtAction } from '../api/debts';
import type { DebtItem } from '../hooks/debt-item';

const RepayModal = lazyNamed(() => import('./repay-modal'), 'RepayModal');

/** Each debt's words and the member they name: the same on its card and in its line. */
const said: Record<DebtItem['kind'], { key: string; names: 'debtor' | 'creditor' }> = {
  confirm_repayment: { key: 'debts.now.confirm', names: 'debtor' },
  repay_debt: { key: 'debts.now.repay', names: 'creditor' },
  repayment_waiting: { key: 'debts.now.waiting', names: 'creditor' },
  debt_pending: { key: 'debts.now.pending', names: 'creditor' },
};

function useSaid({ kind, debt }: DebtItem): string {
  const { t } = useTranslation();
  const { key, names } = said[kind];
  return t(key, {
    name: names === 'debtor' ? debt.debtorName : debt.creditorName,
    amount: euro(debt.amountCents),
  });
}

/**
 * The Now card's body for a debt between members: repay it by hand, or confirm a repayment (or
 * say it never came). The
 * two are named by the debt itself: either may have left the organization since.
 */
export function DebtNow({ item }: { item: DebtItem }) {
  const { t } = useTranslation();
  const action = useDebtAction();
  // One key per debt and step: a retry of the same tap is the same request. A new one once it
  // landed: a refused repayment is declared again, and the same key would only replay the first.
  const [key, setKey] = useState(uuid);
  const act = (step: 'confirm' | 'refuse' | 'declare') =>
    action.mutate({ id: debt.id, step, key: `${key}:${step}` }, { onSuccess: () => setKey(uuid()) });
  const [paying, setPaying] = useState(false);
  const { debt } = item;
  const amount = euro(debt.amountCents);
  const name = (id: string) => (id === debt.debtorId ? debt.debtorName : debt.creditorName);
  const text = <p className="text-lg font-semibold text-stone-900">{useSaid(item)}</p>;
  switch (item.kind) {
    case 'confirm_repayment':
      return (
        <>
          {text}
          <Button
            className="self-stretch sm:self-start"
            data-testid="now-action"
            busy={action.isPending && action.variables?.step === 'confirm'}
            disabled={action.isPending}
            onClick={() => act('confirm')}
          >
            {t('debts.now.confirmButton', { amount })}
          </Button>
          {/* It never came: the debt opens again and the debtor is told (not a dead end for either).
              Asked first, since a slip would tell the debtor they had not paid. */}
          <ConfirmDialog
            trigger={
              <Button
                variant="secondary"
                className="self-stretch sm:self-start"
                needsNetwork
                busy={action.isPending && action.variables?.step === 'refuse'}
                disabled={action.isPending}
              >
                {t('debts.now.refuseButton')}
              </Button>
            }
            title={t('debts.now.refuseTitle')}
            body={t('debts.now.refuseBody', { name: name(debt.debtorId), amount })}
            confirmLabel={t('debts.now.refuseButton')}
            onConfirm={() => act('refuse')}
          />
        </>
      );
    case 'repay_debt':
      return (
        <>
          {text}
          {/* Through the platform only to a creditor it can pay: else it would refuse the payment. */}
          <p className="text-sm text-stone-700">
            {t(debt.creditorCanReceive !== false ? 'debts.now.repayHint' : 'debts.now.repayHintByHand', {
              name: name(debt.creditorId),
            })}
          </p>
          {/* Asked first: the creditor is told to confirm money she may not have had yet. */}
          <ConfirmDialog
            trigger={
              <Button className="self-stretch sm:self-start" data-testid="now-action" busy={action.isPending}>
                {t('debts.now.repayButton', { amount })}
              </Button>
            }
            title={t('debts.now.declareTitle', { name: name(debt.creditorId), amount })}
            body={t('debts.now.declareBody', { name: name(debt.creditorId) })}
            confirmLabel={t('debts.now.declareConfirm')}
            onConfirm={() => act('declare')}
            tone="primary"
          />
          {debt.creditorCanReceive !== false && (
            <Button
              variant="secondary"
              className="self-stretch sm:self-start"
              onClick={() => setPaying(true)}
            >
              {t('debts.now.payButton', { amount })}
            </Button>
          )}
          {paying && (
            <Suspense fallback={null}>
              <RepayModal debt={debt} creditorName={name(debt.creditorId)} open onOpenChange={setPaying} />
            </Suspense>
          )}
        </>
      );
    case 'repayment_waiting':
      return text;
    case 'debt_pending':
      return text;
  }
}

/**
 * The debt in one line, under the fund's own call on the Now card (the fund's deadline comes
 * first): what is to do, or what waits, with the same words as its card, smaller.
 */
export function DebtAside({ item }: { item: DebtItem }) {
  return (
    <p className="text-sm text-stone-700" data-testid="now-aside">
      {useSaid(item)}
    </p>
  );
}

/**
 * The debt on a Now card of its own, for a member no fund of theirs shows it with: they left the
 * organization (or were expelled from it) and still owe or are owed, or their organization has
 * no fund now. The same frame as the fund's Now card.
 */
export function DebtCard({ item }: { item: DebtItem }) {
  const acts = item.kind === 'confirm_repayment' || item.kind === 'repay_debt';
  // Confirmed, declared: the card changes under the focus, which stays on it (as the fund's).
  const keepFocus = useKeepFocus<HTMLElement>();
  return (
    <NowFrame kind={item.kind} acts={acts} frameRef={keepFocus}>
      <DebtNow item={item} />
    </NowFrame>
  );
}
