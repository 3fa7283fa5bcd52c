import type { NotificationPreferencesUpdate, QuietHours } from '@giro/contract/notification-preferences';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';

const DEFAULT_QUIET_HOURS: QuietHours = { from: '22:00', to: '07:00' };

/** Every zone the browser knows, with the ones in play first in the list if it knows none. */
function zonesWith(...zones: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...zones])].sort();
}

/** The times of day a quarter of an hour apart, "00:00" to "23:45". */
const quarters = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

/**
 * A time of day as the page writes it, "23:30" in both languages. Not an `<input type="time">`:
 * its format follows the browser's language, not the page's, and an Italian page showed
 * "11:30 PM" in an English browser. A time saved off the quarters (by the API) stays listed.
 */
function TimeOfDay({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const times = quarters.includes(value) ? quarters : [...quarters, value].sort();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base tabular-nums focus-visible:outline-3 focus-visible:outline-teal-600 disabled:bg-stone-100 disabled:text-stone-500"
      >
        {times.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Quiet hours (off, or from–to) and the time zone they are read in, saved together, with the
 * form's own save button.
 */
export function QuietHoursForm({
  quietHours,
  timeZone,
  deviceZone,
  isSaving,
  onSave,
}: {
  quietHours: QuietHours | null;
  timeZone: string;
  deviceZone: string;
  isSaving: boolean;
  onSave: (update: NotificationPreferencesUpdate) => void;
}) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const id = useId();
  const [isOn, setOn] = useState(quietHours !== null);
  const [hours, setHours] = useState<QuietHours>(quietHours ?? DEFAULT_QUIET_HOURS);
  const [zone, setZone] = useState(timeZone);
  const zones = useMemo(() => zonesWith(timeZone, deviceZone), [timeZone, deviceZone]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ quietHours: isOn ? hours : null, timeZone: zone });
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="flex max-w-md flex-col gap-3"
      data-testid="quiet-hours"
    >
      <h3 id={`${id}-title`} className="font-semibold text-stone-900">
        {t('notifications.quiet.title')}
      </h3>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-on`}
          type="checkbox"
          className="mt-0.5 size-6 accent-teal-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          checked={isOn}
          onChange={(event) => setOn(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-on`} className="text-sm font-medium text-stone-800">
            {t('notifications.quiet.enabled')}
          </label>
          <p id={`${id}-hint`} className="text-xs text-stone-600">
            {t('notifications.quiet.hint')}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TimeOfDay
          label={t('notifications.quiet.from')}
          disabled={!isOn}
          value={hours.from}
          onChange={(from) => setHours({ ...hours, from })}
        />
        <TimeOfDay
          label={t('notifications.quiet.to')}
          disabled={!isOn}
          value={hours.to}
          onChange={(to) => setHours({ ...hours, to })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-zone`} className="text-sm font-medium text-stone-800">
          {t('notifications.quiet.timeZone')}
        </label>
        <select
          id={`${id}-zone`}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          aria-describedby={`${id}-zone-hint`}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-zone-hint`} className="text-xs text-stone-600">
          {t('notifications.quiet.timeZoneHint', { zone: deviceZone.replaceAll('_', ' ') })}
        </p>
      </div>
      <Button type="submit" busy={isSaving} className="self-start">
        {t('notifications.quiet.save')}
      </Button>
    </form>
  );
}
