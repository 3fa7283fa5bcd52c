import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { dateTime } from '../../../lib/format';
import { useMoveTestClock, useTestTime } from '../api/test-clock';

const jumps = [
  ['hour', 60],
  ['day', 24 * 60],
  ['week', 7 * 24 * 60],
] as const;

/** Only where the server runs a test clock (GET /api/test/time answers): move time to play a cycle. */
export function TestClockControl() {
  const { t } = useTranslation();
  const time = useTestTime(true);
  const move = useMoveTestClock();
  if (!time.data) return null;
  const now = dateTime(time.data.now);
  return (
    <Card title={t('fund.clock.title')} data-testid="test-clock">
      <p className="text-sm text-stone-700">{t('fund.clock.now', { now })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {jumps.map(([label, minutes]) => (
          <Button
            key={label}
            variant="secondary"
            disabled={move.isPending}
            onClick={() => move.mutate(minutes)}
          >
            {t(`fund.clock.${label}`)}
          </Button>
        ))}
        <Button variant="ghost" disabled={move.isPending} onClick={() => move.mutate('reset')}>
          {t('fund.clock.reset')}
        </Button>
      </div>
    </Card>
  );
}
