import { configure } from '@testing-library/react';
import i18n, { ADMIN_STRINGS, APP_STRINGS, i18nReady } from './lib/i18n';

// CI runs every suite at once on two cores: a lazy import or a render can take seconds there.
// Waiting longer changes no outcome, it only stops a slow machine from failing a right answer.
configure({ asyncUtilTimeout: 10_000 });

// The strings load as chunks of their own (lib/i18n.ts): every test starts with them all in, as
// a signed-in page has them (components are rendered here without the page that loads them).
await i18nReady;
// The tests read the interface in Italian, whatever language the test browser reports.
await i18n.changeLanguage('it');
await i18n.loadNamespaces([APP_STRINGS, ADMIN_STRINGS]);
