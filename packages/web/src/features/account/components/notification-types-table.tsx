import {
  defaultChannels,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@giro/contract/notification-preferences';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../lib/online';
import { type Channel, channels, channelUpdate } from '../api/notification-preferences';
import { notificationGroups } from './notification-groups';

/**
 * One row per type of notification, one switch per channel (app, push, email), grouped. Each
 * switch is named by its row and its column, and saves on its own as soon as it changes.
 */
export function NotificationTypesTable({
  types,
  onChange,
}: {
  types: NotificationPreferences['types'];
  onChange: (update: NotificationPreferencesUpdate) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const id = useId();
  const columnId = (channel: Channel) => `${id}-${channel}`;
  return (
    <table className="w-full max-w-xl border-collapse text-sm" data-testid="notification-types">
      <caption className="sr-only">{t('notifications.types.caption')}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-left">
          <th scope="col" className="py-2 pr-2 font-medium text-stone-700">
            {t('notifications.types.type')}
          </th>
          {channels.map((channel) => (
            <th
              key={channel}
              id={columnId(channel)}
              scope="col"
              className="w-14 px-1 py-2 text-center font-medium text-stone-700"
            >
              {t(`notifications.types.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      {notificationGroups().map((group) => (
        <tbody key={group.name}>
          <tr>
            <th scope="rowgroup" colSpan={4} className="pt-4 pb-1 text-left font-semibold text-stone-900">
              {t(`notifications.types.groups.${group.name}`)}
            </th>
          </tr>
          {group.types.map((type) => (
            <tr key={type} className="border-t border-stone-100">
              <th id={`${id}-${type}`} scope="row" className="py-2 pr-2 text-left font-normal text-stone-800">
                {t(`notifications.types.labels.${type}`)}
              </th>
              {channels.map((channel) => (
                <td key={channel} className="px-1 py-1 text-center">
                  <input
                    type="checkbox"
                    className="size-6 align-middle accent-teal-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                    aria-labelledby={`${id}-${type} ${columnId(channel)}`}
                    checked={(types[type] ?? defaultChannels(type))[channel]}
                    // Saved at once: offline there is nowhere to save it (issue 13).
                    disabled={!online}
                    onChange={(event) => onChange(channelUpdate(type, channel, event.target.checked))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
