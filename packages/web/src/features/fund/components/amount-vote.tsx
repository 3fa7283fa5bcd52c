import { parseEuroToCents } from '@giro/domain/euro-input';
import { AMOUNT_MAX_CENTS, AMOUNT_MIN_CENTS } from '@giro/domain/fund/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { amountInput } from '../../../lib/amount-input';
import { euro } from '../../../lib/format';
import { useFundAction } from '../api/fund-actions';

/** The amount vote (domain.md, phase 1): euros typed, cents sent, €1.00–€10,000.00. */
export function AmountVote({ fundId }: { fundId: string }) {
  const { t } = useTranslation();
  const vote = useFundAction('voteAmount');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = parseEuroToCents(value);
    if (amountCents === null) return setError(t('fund.vote.invalidAmount'));
    if (amountCents < AMOUNT_MIN_CENTS || amountCents > AMOUNT_MAX_CENTS) {
      return setError(
        t('fund.vote.outOfRange', { min: euro(AMOUNT_MIN_CENTS), max: euro(AMOUNT_MAX_CENTS) }),
      );
    }
    setError(undefined);
    vote.run({ fundId, body: { amountCents } });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
      <Field
        className="flex-1"
        label={t('fund.vote.amountLabel')}
        hint={t('fund.vote.amountHint')}
        placeholder={amountInput(5_000)}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
      <Button type="submit" busy={vote.isPending} className="sm:mb-6">
        {t('fund.vote.submit')}
      </Button>
    </form>
  );
}
