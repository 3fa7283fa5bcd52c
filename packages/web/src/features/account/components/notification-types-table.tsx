import {
  defaultChannels,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@giro/contract/notification-preferences';
import type { NotificationType } from '@giro/contract/notifications';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_STRINGS } from '../../../lib/i18n';
import { useOnline } from '../../../lib/online';
import { type Channel, channels, channelUpdate } from '../api/notification-preferences';
import { type GroupName, notificationGroups } from './notification-groups';

type Types = NotificationPreferences['types'];
type OnChange = (update: NotificationPreferencesUpdate) => void;

/**
 * One row per type of notification, one switch per channel (app, push, email), in groups a
 * member opens one at a time: the thirty types open together made the account page about 1,600
 * px longer on a phone. A closed group says how many of its switches are on, per channel. Each
 * switch is named by its row and its column, and saves on its own as soon as it changes.
 */
export function NotificationTypesTable({ types, onChange }: { types: Types; onChange: OnChange }) {
  return (
    <div className="flex max-w-xl flex-col gap-2" data-testid="notification-types">
      {notificationGroups().map((group) => (
        <NotificationGroup key={group.name} {...group} all={types} onChange={onChange} />
      ))}
    </div>
  );
}

function NotificationGroup({
  name,
  types,
  all,
  onChange,
}: {
  name: GroupName;
  types: NotificationType[];
  all: Types;
  onChange: OnChange;
}) {
  const { t } = useTranslation(ACCOUNT_PAGE_STRINGS);
  const online = useOnline();
  const id = useId();
  const columnId = (channel: Channel) => `${id}-${channel}`;
  const channelsOf = (type: NotificationType) => all[type] ?? defaultChannels(type);
  const onCount = (channel: Channel) => types.filter((type) => channelsOf(type)[channel]).length;
  return (
    <details className="group rounded-lg ring-1 ring-stone-200" data-testid={`notification-group-${name}`}>
      <summary className="flex min-h-11 cursor-pointer list-none flex-col justify-center rounded-lg px-3 py-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center justify-between gap-2 font-semibold text-stone-900">
          {t(`notifications.types.groups.${name}`)}
          <span aria-hidden="true" className="text-stone-600 transition-transform group-open:rotate-180">
            ▾
          </span>
        </span>
        <span className="text-sm text-stone-700">
          {t('notifications.types.groupSummary', {
            count: types.length,
            inApp: onCount('inApp'),
            push: onCount('push'),
            email: onCount('email'),
          })}
        </span>
      </summary>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">
          {t('notifications.types.caption')} {t(`notifications.types.groups.${name}`)}
        </caption>
        <thead>
          <tr className="border-b border-stone-200 text-left">
            <th scope="col" className="py-2 pr-2 pl-3 font-medium text-stone-700">
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
        <tbody>
          {types.map((type) => (
            <tr key={type} className="border-t border-stone-100">
              <th
                id={`${id}-${type}`}
                scope="row"
                className="py-2 pr-2 pl-3 text-left font-normal text-stone-800"
              >
                {t(`notifications.types.labels.${type}`)}
              </th>
              {channels.map((channel) => (
                <td key={channel} className="p-0 text-center">
                  {/* The whole cell, 44 px high, flips the switch: the box alone is 24 px. */}
                  <label className="grid min-h-11 w-full cursor-pointer place-items-center has-disabled:cursor-default">
                    <input
                      type="checkbox"
                      className="size-6 align-middle accent-teal-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                      aria-labelledby={`${id}-${type} ${columnId(channel)}`}
                      checked={channelsOf(type)[channel]}
                      // Saved at once: offline there is nowhere to save it (issue 13).
                      disabled={!online}
                      onChange={(event) => onChange(channelUpdate(type, channel, event.target.checked))}
                    />
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
