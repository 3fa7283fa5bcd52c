import { commitmentOf, drawOrder, drawSeed } from '@giro/domain/draw';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export interface DrawData {
  fundId: string;
  cycleNumber: number;
  commitment: string;
  nonce: string | null;
  seed: string | null;
  order: string[];
  /** The closing amount votes, when known: then the seed is recomputed too. */
  votes?: Record<string, number> | null;
}

type Check = 'commitment' | 'seed' | 'order';

/** Recomputes the commit–reveal draw in the browser (domain.md, phase 4); each step on its own. */
export function verifyDrawData(draw: DrawData): Partial<Record<Check, boolean>> {
  if (!draw.nonce || !draw.seed) return {};
  const result: Partial<Record<Check, boolean>> = {
    commitment: /^[0-9a-f]{64}$/.test(draw.nonce) && commitmentOf(draw.nonce) === draw.commitment,
  };
  if (draw.votes) {
    const votes = Object.entries(draw.votes).map(([userId, amountCents]) => ({ userId, amountCents }));
    result.seed =
      drawSeed({ nonceHex: draw.nonce, fundId: draw.fundId, cycleNumber: draw.cycleNumber, votes }) ===
      draw.seed;
  }
  const order = drawOrder([...draw.order].sort(), draw.seed);
  result.order = order.every((id, i) => id === draw.order[i]);
  return result;
}

export function DrawProof({ draw, name }: { draw: DrawData; name: (id: string) => string }) {
  const { t } = useTranslation();
  const [checks, setChecks] = useState<Partial<Record<Check, boolean>>>();
  const rows: [string, string | null][] = [
    [t('fund.draw.commitment'), draw.commitment],
    [t('fund.draw.nonce'), draw.nonce],
    [t('fund.draw.seed'), draw.seed],
  ];
  return (
    <details className="rounded-xl bg-stone-50 p-3 text-sm" data-testid="draw-proof">
      <summary className="cursor-pointer font-semibold">{t('fund.draw.title')}</summary>
      <p className="mt-2 text-stone-700">{t('fund.draw.explain')}</p>
      <dl className="mt-2 grid gap-1">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="font-mono text-xs break-all">{value ?? t('fund.draw.notRevealed')}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-stone-600">{t('fund.draw.order')}</dt>
          <dd>{draw.order.map(name).join(' → ') || t('fund.draw.notRevealed')}</dd>
        </div>
      </dl>
      {draw.nonce && (
        <Button variant="secondary" className="mt-2" onClick={() => setChecks(verifyDrawData(draw))}>
          {t('fund.draw.verify')}
        </Button>
      )}
      {checks && (
        <ul className="mt-2" role="status" data-testid="draw-checks">
          {(Object.entries(checks) as [Check, boolean][]).map(([check, ok]) => (
            <li key={check} className={ok ? 'text-teal-800' : 'text-red-800'}>
              {ok ? '✓' : '✗'} {t(`fund.draw.checks.${check}`)}:{' '}
              {ok ? t('fund.draw.ok') : t('fund.draw.mismatch')}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
