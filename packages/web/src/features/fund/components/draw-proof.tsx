import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { Check, DrawData } from './draw-verification';

export type { DrawData } from './draw-verification';

export function DrawProof({ draw, name }: { draw: DrawData; name: (id: string) => string }) {
  const { t } = useTranslation();
  const [checks, setChecks] = useState<Partial<Record<Check, boolean>>>();
  // The hashing (SHA-256 in the browser) loads when a member asks to verify, not with the page.
  const verify = async () => {
    const { verifyDrawData } = await import('./draw-verification');
    setChecks(verifyDrawData(draw));
  };
  const rows: [string, string | null][] = [
    [t('fund.draw.commitment'), draw.commitment],
    [t('fund.draw.nonce'), draw.nonce],
    [t('fund.draw.seed'), draw.seed],
  ];
  return (
    <details className="rounded-xl bg-stone-50 p-3 text-sm" data-testid="draw-proof">
      <summary className="-my-3 cursor-pointer py-3 font-semibold">{t('fund.draw.title')}</summary>
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
        <Button variant="secondary" className="mt-2" onClick={() => void verify()}>
          {t('fund.draw.verify')}
        </Button>
      )}
      {checks && (
        <div role="status" data-testid="draw-checks">
          <ul className="mt-2">
            {(Object.entries(checks) as [Check, boolean][]).map(([check, ok]) => (
              <li key={check} className={ok ? 'text-teal-800' : 'text-red-800'}>
                {ok ? '✓' : '✗'} {t(`fund.draw.checks.${check}`)}:{' '}
                {ok ? t('fund.draw.ok') : t('fund.draw.mismatch')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
